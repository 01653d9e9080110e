import { formatTransTime } from '@makazi/domain';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface PushSeen {
  body: Record<string, unknown>;
  authorization: string | undefined;
  checkoutRequestId: string;
}

/**
 * A stand-in for Daraja's OAuth, STK Push and STK Push Query on 127.0.0.1,
 * answering as Safaricom's sandbox does. It remembers each push so a test can
 * send the callback Daraja would (or not send it, and let the query find it).
 */
export async function fakeDarajaStk() {
  const pushes: PushSeen[] = [];
  const queryResults = new Map<string, { ResultCode: string; ResultDesc: string } | 'processing'>();
  let oauthCalls = 0;
  let seq = 0;
  let token = 'fake-token-1';
  const read = (request: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let body = '';
      request.on('data', (c) => (body += c));
      request.on('end', () => resolve(body));
    });
  const server = createServer(async (request, response) => {
    const json = (status: number, body: unknown) =>
      response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    const url = request.url ?? '';
    if (url.startsWith('/oauth/v1/generate?grant_type=client_credentials')) {
      if (request.headers.authorization !== `Basic ${Buffer.from('key:secret').toString('base64')}`)
        return json(400, { errorCode: '400.008.01', errorMessage: 'Invalid Authentication passed' });
      oauthCalls += 1;
      token = `fake-token-${oauthCalls}`;
      return json(200, { access_token: token, expires_in: '3599' });
    }
    const body = JSON.parse((await read(request)) || '{}') as Record<string, unknown>;
    if (request.headers.authorization !== `Bearer ${token}`)
      return json(401, { errorCode: '404.001.03', errorMessage: 'Invalid Access Token' });
    if (url === '/mpesa/stkpush/v1/processrequest') {
      const checkoutRequestId = `ws_CO_${Date.now()}${++seq}`;
      pushes.push({ body, authorization: request.headers.authorization, checkoutRequestId });
      return json(200, {
        MerchantRequestID: `29115-34620561-${seq}`,
        CheckoutRequestID: checkoutRequestId,
        ResponseCode: '0',
        ResponseDescription: 'Success. Request accepted for processing',
        CustomerMessage: 'Success. Request accepted for processing',
      });
    }
    if (url === '/mpesa/stkpush/v1/query') {
      const result = queryResults.get(String(body.CheckoutRequestID)) ?? 'processing';
      if (result === 'processing')
        return json(500, { requestId: 'x', errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
      return json(200, {
        ResponseCode: '0',
        ResponseDescription: 'The service request has been accepted successsfully',
        MerchantRequestID: 'm',
        CheckoutRequestID: body.CheckoutRequestID,
        ...result,
      });
    }
    return json(404, { errorMessage: 'Not found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    pushes,
    oauthCalls: () => oauthCalls,
    /** What STK Push Query will answer for a request from now on. */
    settleQuery(checkoutRequestId: string, code: number, desc: string) {
      queryResults.set(checkoutRequestId, { ResultCode: String(code), ResultDesc: desc });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The callback body Daraja posts when the tenant paid. */
export function paidCallback(checkoutRequestId: string, receipt: string, amount: number, at = new Date()) {
  return {
    Body: {
      stkCallback: {
        MerchantRequestID: '29115-34620561-1',
        CheckoutRequestID: checkoutRequestId,
        ResultCode: 0,
        ResultDesc: 'The service request is processed successfully.',
        CallbackMetadata: {
          Item: [
            { Name: 'Amount', Value: amount },
            { Name: 'MpesaReceiptNumber', Value: receipt },
            { Name: 'Balance' },
            { Name: 'TransactionDate', Value: Number(formatTransTime(at)) },
            { Name: 'PhoneNumber', Value: 254708374149 },
          ],
        },
      },
    },
  };
}

/** The callback body of a request that did not end in a payment (1032 cancelled, 2001 wrong PIN, …). */
export function failedCallback(checkoutRequestId: string, code: number, desc: string) {
  return { Body: { stkCallback: { MerchantRequestID: '29115-34620561-1', CheckoutRequestID: checkoutRequestId, ResultCode: code, ResultDesc: desc } } };
}
