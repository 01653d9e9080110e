import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/app';
import { agencyWithOwner, bookOk, estate } from '../test/estate';
import { fakeDarajaStk } from '../test/fake-daraja-stk';
import { inviteLandlord } from '../test/landlord';
import { setPaybill } from '../test/mpesa';
import { sendLink, setDaraja } from '../test/tenant-side';

const DELIVERY_TOKEN = 'delivery-token-secret-0123456789';
const lines: string[] = [];
let app: FastifyInstance;
let daraja: Awaited<ReturnType<typeof fakeDarajaStk>>;
beforeAll(async () => {
  daraja = await fakeDarajaStk();
  app = await createTestApp(
    {
      // The default level, as the server runs; mail is printed because no SMTP_URL is set.
      logLevel: 'info',
      smtpUrl: undefined,
      publicUrl: 'https://makazi.example.co.ke',
      daraja: { baseUrl: daraja.baseUrl, secretsKey: randomBytes(32) },
      sms: { baseUrl: 'http://127.0.0.1:9', username: 'makazi', apiKey: 'at-key', senderId: 'MAKAZI', deliveryToken: DELIVERY_TOKEN },
    },
    { logStream: { write: (line: string) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await app.close();
  await daraja.close();
});

const segment = (path: string, before: string) => path.split(before)[1]!.split('/')[0]!;

describe('the log', () => {
  it('holds no tenant-link, invitation, callback or delivery token, from the routes or from mail printed without SMTP', async () => {
    const agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    const tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant());
    const paybill = await setPaybill(app, agency, { shortcode: '174379' });
    const { callbackPath } = await setDaraja(app, agency);
    const token = await sendLink(app, agency, tenancyId);
    const { token: inviteToken } = await inviteLandlord(app, agency, place.landlordNo, 'owner.logs@example.com');
    const secrets = [
      token,
      inviteToken,
      segment(paybill.confirmationPath, '/c2b/'),
      segment(paybill.validationPath, '/c2b/'),
      segment(callbackPath, '/stk/'),
      DELIVERY_TOKEN,
    ];
    for (const secret of secrets) expect(secret.length).toBeGreaterThan(15);

    const calls = [
      app.inject({ method: 'GET', url: `/t/${token}` }),
      app.inject({ method: 'GET', url: `/t/${token}x` }),
      app.inject({ method: 'GET', url: `/api/t/${token}` }),
      app.inject({ method: 'GET', url: `/api/t/${token}/statement.pdf` }),
      app.inject({ method: 'GET', url: `/api/t/${token}/pay/999` }),
      app.inject({ method: 'GET', url: `/api/t/${token}/no-such-thing?x=1` }),
      app.inject({ method: 'POST', url: paybill.validationPath, headers: { 'content-type': 'application/json' }, payload: '{}' }),
      app.inject({ method: 'POST', url: paybill.confirmationPath, headers: { 'content-type': 'application/json' }, payload: 'not json' }),
      app.inject({ method: 'POST', url: callbackPath, headers: { 'content-type': 'application/json' }, payload: '{}' }),
      app.inject({
        method: 'POST',
        url: `/api/sms/delivery/${DELIVERY_TOKEN}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'id=ATXid_1&status=Success&phoneNumber=%2B254711222333',
      }),
    ];
    const answers = await Promise.all(calls);
    expect(answers[0]!.statusCode).toBe(200);
    expect(answers[2]!.statusCode).toBe(200);

    const log = lines.join('\n');
    expect(log).toMatch(/mail kept in the outbox/);
    expect(log).toMatch(/"url":"\/t\/\[redacted\]"/);
    expect(log).toMatch(/"url":"\/api\/sms\/delivery\/\[redacted\]"/);
    for (const secret of secrets) expect(log).not.toContain(secret);
  });
});
