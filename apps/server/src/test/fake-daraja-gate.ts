import type { IncomingMessage, ServerResponse } from 'node:http';

/** A request's whole body as text. */
export const readBody = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let body = '';
    request.on('data', (c) => (body += c));
    request.on('end', () => resolve(body));
  });

/**
 * Daraja's front door, as the fakes of its APIs share it: OAuth hands out a
 * new token for the app's key and secret ('key:secret'), and every other call
 * must carry the last one. Answers the request and returns null when it is
 * OAuth or refused; else the body, for the fake's own API.
 */
export function darajaGate() {
  let token = 'fake-token-1';
  let oauthCalls = 0;
  return {
    get oauthCalls() {
      return oauthCalls;
    },
    async admit(request: IncomingMessage, response: ServerResponse): Promise<Record<string, unknown> | null> {
      const json = (status: number, body: unknown) =>
        response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      if ((request.url ?? '').startsWith('/oauth/v1/generate?grant_type=client_credentials')) {
        if (request.headers.authorization !== `Basic ${Buffer.from('key:secret').toString('base64')}`)
          json(400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
        else {
          oauthCalls += 1;
          token = `fake-token-${oauthCalls}`;
          json(200, { access_token: token, expires_in: '3599' });
        }
        return null;
      }
      const body = JSON.parse((await readBody(request)) || '{}') as Record<string, unknown>;
      if (request.headers.authorization !== `Bearer ${token}`) {
        json(401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
        return null;
      }
      return body;
    },
  };
}
