import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';
import { NOTICE_HANDED_OVER_UNANSWERED, receiptNotifier } from './notifier';
import { RETRY_CAP_SECONDS } from './outcome';
import type { SmsSender } from './sms';

/** An SMS provider the test answers by hand: each send waits until the test says how it went. */
function heldSms() {
  const sends: { to: string; answer: (error?: Error) => void }[] = [];
  const sender: SmsSender = {
    send: (to) =>
      new Promise<void>((resolve, reject) =>
        sends.push({ to, answer: (error) => (error ? reject(error) : resolve()) }),
      ),
  };
  return { sender, sends };
}

describe('the receipt outbox', () => {
  let app: FastifyInstance;
  let agency: Agency;
  let tenancyId: number;
  let key = 0;
  const clock = manualClock(new Date('2026-11-21T09:00:00Z'));
  const settings = { baseUrl: 'http://127.0.0.1:9', username: 'makazi', apiKey: 'k', senderId: undefined };

  beforeAll(async () => {
    app = await createTestApp({ sms: settings }, { clock });
    agency = await agencyWithOwner(app);
    const place = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '0' });
    tenancyId = await bookOk(app, agency, place.houseIds[0]!, await place.tenant('Zawadi'));
  });
  afterAll(() => app.close());

  const smsNotice = async () =>
    rowsOf<{
      notice_id: number;
      attempts: number;
      sent_at: string | null;
      failed_at: string | null;
      last_error: string | null;
      wait: number;
    }>(
      await app.database.db.execute(sql`
        SELECT notice_id::int, attempts::int, sent_at, failed_at, last_error,
               extract(epoch FROM next_attempt_at - ${clock.now().toISOString()}::timestamptz)::int AS wait
        FROM receipt_notices WHERE agent_id = ${agency.agentId} AND channel = 'sms' ORDER BY notice_id DESC LIMIT 1`),
    )[0]!;
  const notifier = (sms: SmsSender) =>
    receiptNotifier({ db: app.database.db, clock, mailer: app.mailer, sms, log: app.log, automatic: false });
  const payOnce = async () => {
    // The test's clock runs hours ahead between tests: a fresh sign-in, as the clerk would.
    agency = await signInAgain(app, agency);
    expect((await pay(app, agency, tenancyId, '100', `outbox-${++key}`)).statusCode).toBe(200);
  };

  it('retries a notice through a long outage, the wait capped at 30 minutes, until it goes out', async () => {
    await payOnce();
    const down: SmsSender = {
      send: async () => Promise.reject(new Error("Africa's Talking answered 503: The request failed")),
    };
    const waits: number[] = [];
    for (let i = 0; i < 20; i++) {
      await notifier(down).drain();
      const notice = await smsNotice();
      expect(notice.sent_at).toBeNull();
      expect(notice.failed_at).toBeNull();
      waits.push(notice.wait);
      clock.advance(notice.wait * 1000);
    }
    expect((await smsNotice()).attempts).toBe(20);
    expect(waits.slice(0, 4)).toEqual([30, 60, 120, 240]);
    expect(Math.max(...waits)).toBe(RETRY_CAP_SECONDS);
    expect(waits.at(-1)).toBe(RETRY_CAP_SECONDS);
    await notifier({ send: async () => undefined }).drain();
    expect((await smsNotice()).sent_at).not.toBeNull();
  });

  it('stops trying a notice the provider refuses for good, saying why', async () => {
    await payOnce();
    await notifier({
      send: async () =>
        Promise.reject(new Error("Africa's Talking did not take the message: InvalidPhoneNumber")),
    }).drain();
    const notice = await smsNotice();
    expect(notice.failed_at).not.toBeNull();
    expect(notice.last_error).toMatch(/refused it for good.*InvalidPhoneNumber/);
    clock.advance(24 * 3600_000);
    const sent: string[] = [];
    await notifier({ send: async (to) => void sent.push(to) }).drain();
    expect(sent).toEqual([]);
  });

  it('with a slow provider and two processes, the tenant gets one text: a claim outlives the send', async () => {
    await payOnce();
    const first = heldSms();
    const second = heldSms();
    const a = notifier(first.sender).drain();
    while (first.sends.length === 0) await new Promise((r) => setTimeout(r, 10));
    // The old lease was 30 s: a minute on, the other process took the same notice and sent it again.
    clock.advance(60_000);
    await notifier(second.sender).drain();
    expect(second.sends).toEqual([]);
    first.sends[0]!.answer();
    await a;
    expect((await smsNotice()).sent_at).not.toBeNull();
  });

  it("a sender whose claim was taken over cannot record its outcome over the other's", async () => {
    await payOnce();
    const first = heldSms();
    const a = notifier(first.sender).drain();
    while (first.sends.length === 0) await new Promise((r) => setTimeout(r, 10));
    clock.advance(10 * 60_000);
    const second = heldSms();
    const b = notifier(second.sender).drain();
    while (second.sends.length === 0) await new Promise((r) => setTimeout(r, 10));
    first.sends[0]!.answer(new Error('socket hang up'));
    await a;
    expect((await smsNotice()).last_error).toBeNull();
    second.sends[0]!.answer();
    await b;
    expect(await smsNotice()).toMatchObject({ sent_at: expect.anything(), last_error: null });
  });

  it('stopping waits for a hanging send only so long, records it, and the next start does not send it again', async () => {
    await payOnce();
    const hung = heldSms();
    const n = notifier(hung.sender);
    const draining = n.drain();
    while (hung.sends.length === 0) await new Promise((r) => setTimeout(r, 10));
    const started = Date.now();
    await n.stop(300);
    expect(Date.now() - started).toBeLessThan(2_000);
    // The provider may have taken it: failed for good, saying so, rather than sent twice.
    expect(await smsNotice()).toMatchObject({ sent_at: null, failed_at: expect.anything(), last_error: NOTICE_HANDED_OVER_UNANSWERED });
    hung.sends[0]!.answer();
    await draining;
    expect((await smsNotice()).sent_at).toBeNull();

    // The next start, after the lease, finds nothing of it to send.
    clock.set(new Date(clock.now().getTime() + 60 * 60 * 1000));
    const next = heldSms();
    const after = notifier(next.sender);
    await after.drain();
    expect(next.sends.filter((s) => s.to === hung.sends[0]!.to)).toHaveLength(0);
  });

  it('stopping while a slow send is answered within the wait marks it sent', async () => {
    await payOnce();
    const slow = heldSms();
    const n = notifier(slow.sender);
    const draining = n.drain();
    while (slow.sends.length === 0) await new Promise((r) => setTimeout(r, 10));
    setTimeout(() => slow.sends[0]!.answer(), 100);
    await n.stop(5_000);
    await draining;
    expect(await smsNotice()).toMatchObject({ sent_at: expect.anything(), failed_at: null, last_error: null });
  });
});
