import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Daraja's OAuth, STK Push and STK Push Query on 127.0.0.1 for the walks. The
 * server under test is pointed at it (DARAJA_BASE_URL); a spec reads the
 * pushes it took from GET /__pushes, then sends the callback Daraja would.
 * It also stands in for Africa's Talking's SMS (AT_SMS_BASE_URL), so receipt
 * texts go out, and one refused for good shows on the notices screen; a spec
 * reads the texts it took (number and words) from GET /__sms.
 */
export async function startFakeDaraja(): Promise<{ url: string; server: Server }> {
  const pushes: Record<string, unknown>[] = [];
  const texts: { to: string; message: string }[] = [];
  let seq = 0;
  const server = createServer((request, response) => {
    let text = '';
    request.on('data', (c) => (text += c));
    request.on('end', () => {
      const json = (status: number, body: unknown) => response.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
      const url = request.url ?? '';
      if (url.startsWith('/oauth/v1/generate')) return json(200, { access_token: 'e2e-token', expires_in: '3599' });
      if (url === '/__pushes') return json(200, pushes);
      if (url === '/__sms') return json(200, texts);
      if (url === '/mpesa/stkpush/v1/processrequest') {
        const CheckoutRequestID = `ws_CO_e2e_${Date.now()}_${++seq}`;
        pushes.push({ ...(JSON.parse(text || '{}') as object), CheckoutRequestID });
        return json(200, { MerchantRequestID: `e2e-${seq}`, CheckoutRequestID, ResponseCode: '0', ResponseDescription: 'Success. Request accepted for processing', CustomerMessage: 'Success' });
      }
      // Africa's Talking's bulk SMS, beside Daraja on the same fake: numbers ending 000 are refused for good.
      if (url === '/version1/messaging') {
        const form = new URLSearchParams(text);
        const to = form.get('to') ?? '';
        const refused = to.endsWith('000');
        if (!refused) texts.push({ to, message: form.get('message') ?? '' });
        return json(201, {
          SMSMessageData: {
            Message: refused ? 'Sent to 0/1' : 'Sent to 1/1',
            Recipients: [refused ? { number: to, status: 'InvalidPhoneNumber', statusCode: 403 } : { number: to, status: 'Success', statusCode: 101 }],
          },
        });
      }
      if (url === '/mpesa/stkpush/v1/query') return json(500, { errorCode: '500.001.1001', errorMessage: 'The transaction is being processed' });
      return json(404, { errorMessage: 'Not found' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}
