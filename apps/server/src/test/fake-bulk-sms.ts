import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedBulk {
  path: string;
  apiKey: string | undefined;
  body: { username: string; phoneNumbers: string[]; message: string; senderId?: string; enqueue?: boolean };
}

/**
 * A stand-in for Africa's Talking's bulk SMS API (JSON) on 127.0.0.1. Each
 * request takes the next answer (the last repeats): 'ok' (101 Sent, with a
 * messageId), 'blacklisted' (406) or an HTTP status, as a provider that is down.
 */
export async function fakeBulkSmsServer(answers: ('ok' | 'blacklisted' | number)[] = ['ok']) {
  const received: ReceivedBulk[] = [];
  let turn = 0;
  let sent = 0;
  // A slow provider: each answer waits this long after the request has come.
  let delayMs = 0;
  let arrived: () => void = () => undefined;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const body = JSON.parse(await read(request)) as ReceivedBulk['body'];
    received.push({ path: request.url ?? '', apiKey: request.headers.apikey as string | undefined, body });
    arrived();
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    if (response.destroyed) return;
    const answer = answers[Math.min(turn++, answers.length - 1)]!;
    if (typeof answer === 'number') {
      response.writeHead(answer, { 'Content-Type': 'text/plain' }).end('Service unavailable');
      return;
    }
    const number = body.phoneNumbers[0];
    const recipient =
      answer === 'ok'
        ? { statusCode: 101, number, status: 'Success', cost: 'KES 0.8000', messageId: `ATXid_${++sent}` }
        : { statusCode: 406, number, status: 'UserInBlacklist', cost: '0', messageId: 'None' };
    response
      .writeHead(201, { 'Content-Type': 'application/json' })
      .end(JSON.stringify({ SMSMessageData: { Message: 'Sent to 1/1', Recipients: [recipient] } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    answer: (next: ('ok' | 'blacklisted' | number)[]) => {
      answers = next;
      turn = 0;
    },
    slow: (ms: number) => {
      delayMs = ms;
    },
    /** Resolves when the next request has come (before it is answered). */
    nextRequest: () => new Promise<void>((resolve) => (arrived = resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
