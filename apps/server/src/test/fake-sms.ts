import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedSms {
  path: string;
  apiKey: string | undefined;
  form: Record<string, string>;
}

/**
 * A stand-in for Africa's Talking's SMS API on 127.0.0.1: records what it is
 * sent and answers as the provider does. `answers` are used in turn (the last
 * one repeats): 'ok', 'rejected' (a recipient status the provider refuses) or
 * an HTTP status to fail with.
 */
export async function fakeSmsServer(answers: ('ok' | 'rejected' | number)[] = ['ok']) {
  const received: ReceivedSms[] = [];
  let turn = 0;
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const form = Object.fromEntries(new URLSearchParams(await read(request)));
    received.push({ path: request.url ?? '', apiKey: request.headers.apikey as string | undefined, form });
    const answer = answers[Math.min(turn++, answers.length - 1)]!;
    if (typeof answer === 'number') {
      response.writeHead(answer, { 'Content-Type': 'text/plain' }).end('The request failed');
      return;
    }
    const recipient =
      answer === 'ok'
        ? {
            statusCode: 101,
            number: form.to,
            status: 'Success',
            cost: 'KES 0.8000',
            messageId: `ATXid_${turn}`,
          }
        : { statusCode: 403, number: form.to, status: 'InvalidPhoneNumber', cost: '0', messageId: 'None' };
    response
      .writeHead(201, { 'Content-Type': 'application/json' })
      .end(
        JSON.stringify({
          SMSMessageData: { Message: `Sent to 1/1 Total Cost: KES 0.8000`, Recipients: [recipient] },
        }),
      );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    received,
    /** From now on, these answers in turn (the last repeats): a provider going down or coming back. */
    answer: (next: ('ok' | 'rejected' | number)[]) => {
      answers = next;
      turn = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
