import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { fakeSmsServer } from '../../test/fake-sms';
import { africasTalkingSms, internationalPhone } from './sms';

describe("Africa's Talking SMS adapter", () => {
  it('posts the form with the key in the header, and takes a success answer', async () => {
    const fake = await fakeSmsServer(['ok']);
    try {
      await africasTalkingSms({
        baseUrl: fake.baseUrl,
        username: 'makazi',
        apiKey: 'key-123',
        senderId: 'MAKAZI',
      }).send('0712 345 678', 'Hello');
      expect(fake.received).toEqual([
        {
          path: '/version1/messaging',
          apiKey: 'key-123',
          form: { username: 'makazi', to: '+254712345678', message: 'Hello', from: 'MAKAZI' },
        },
      ]);
    } finally {
      await fake.close();
    }
  });

  it('throws when the provider refuses the recipient or fails', async () => {
    const fake = await fakeSmsServer(['rejected', 401]);
    const sms = africasTalkingSms({
      baseUrl: fake.baseUrl,
      username: 'makazi',
      apiKey: 'bad',
      senderId: undefined,
    });
    try {
      await expect(sms.send('0712345678', 'x')).rejects.toThrow(/InvalidPhoneNumber/);
      await expect(sms.send('0712345678', 'x')).rejects.toThrow(/401/);
    } finally {
      await fake.close();
    }
  });

  it('writes Kenyan numbers internationally', () => {
    expect(['0712345678', '0112345678', '254712345678', '+254712345678'].map(internationalPhone)).toEqual([
      '+254712345678',
      '+254112345678',
      '+254712345678',
      '+254712345678',
    ]);
  });
});

describe('receipts to the tenant', () => {
  let app: FastifyInstance;
  let fake: Awaited<ReturnType<typeof fakeSmsServer>>;
  let agency: Agency;
  let tenancyId: number;
  const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
  beforeAll(async () => {
    fake = await fakeSmsServer([503, 'ok']);
    app = await createTestApp(
      {
        deliverNotices: true,
        sms: { baseUrl: fake.baseUrl, username: 'makazi', apiKey: 'key-123', senderId: undefined },
      },
      { clock },
    );
    agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant('Zawadi'));
  });
  afterAll(async () => {
    await app.close();
    await fake.close();
  });

  const notices = async () =>
    rowsOf<{
      channel: string;
      recipient: string;
      sent_at: string | null;
      attempts: number;
      last_error: string | null;
    }>(
      await app.database.db.execute(
        sql`SELECT channel, recipient, sent_at, attempts::int, last_error FROM receipt_notices WHERE agent_id = ${agency.agentId} ORDER BY channel`,
      ),
    );

  it('a cash receipt is mailed and texted after it commits; a failed text is retried later, never the payment', async () => {
    const receipt = (await pay(app, agency, tenancyId, '2,500', 'notice-key-0001')).json();
    await app.notices.idle();
    await app.notices.drain();
    const mails = rowsOf<{ body: string; recipient: string }>(
      await app.database.db.execute(
        sql`SELECT recipient, body FROM mail_outbox WHERE body LIKE ${`%${receipt.receiptNo}%`}`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.body).toContain(
      `receipt ${receipt.receiptNo} for Ksh 2,500.00 received. Balance now Ksh 7,500.00.`,
    );
    let [email, sms] = await notices();
    expect(email).toMatchObject({ channel: 'email', sent_at: expect.anything() });
    expect(sms).toMatchObject({
      channel: 'sms',
      recipient: '0711222333',
      sent_at: null,
      attempts: 1,
      last_error: expect.stringMatching(/503/),
    });

    await app.notices.drain();
    expect((await notices())[1]!.attempts).toBe(1); // not due yet
    clock.advance(60_000);
    await app.notices.drain();
    [email, sms] = await notices();
    expect(sms).toMatchObject({ sent_at: expect.anything(), attempts: 2 });
    expect(fake.received.at(-1)!.form).toMatchObject({
      to: '+254711222333',
      message: expect.stringContaining(receipt.receiptNo),
    });
    const receipts = rowsOf<{ n: number }>(
      await app.database.db.execute(
        sql`SELECT count(*)::int AS n FROM journal_transactions WHERE tenancy_id = ${tenancyId} AND kind = 'receipt'`,
      ),
    );
    expect(receipts[0]!.n).toBe(1);
  });

  it('writes to the tenant in their preferred language', async () => {
    await app.database.db.execute(
      sql`UPDATE clients SET preferred_language = 'sw' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${tenancyId})`,
    );
    const receipt = (await pay(app, agency, tenancyId, '1,000', 'notice-key-0002')).json();
    await app.notices.idle();
    await app.notices.drain();
    const mails = rowsOf<{ body: string; subject: string }>(
      await app.database.db.execute(
        sql`SELECT subject, body FROM mail_outbox WHERE body LIKE ${`%${receipt.receiptNo}%`}`,
      ),
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Risiti ${receipt.receiptNo}`);
    expect(mails[0]!.body).toContain(
      `Tumepokea malipo yako ya Ksh 1,000.00, risiti ${receipt.receiptNo}. Bado unadaiwa Ksh 6,500.00. Asante.`,
    );
  });
});
