import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain, signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { roleUrl, testDatabaseKind } from '../../test/database';
import { withAdmin } from '../../test/postgres-admin';
import { chargesApi } from '../../test/charges';
import { agencyWithOwner, bookOk, estate, invoicingDetails, runInvoices, statementOf, tenancyOf, type Agency } from '../../test/estate';
import { fakeSmsServer } from '../../test/fake-sms';
import { setPaybill } from '../../test/mpesa';

/** Invoices to tenants (docs/decisions/027-invoices-to-tenants.md), through the receipt outbox and a fake Africa's Talking. */
const clock = manualClock(new Date('2027-01-10T09:00:00Z'));
let app: FastifyInstance;
let at: Awaited<ReturnType<typeof fakeSmsServer>>;
beforeAll(async () => {
  at = await fakeSmsServer(['ok']);
  app = await createTestApp(
    { sms: { baseUrl: at.baseUrl, username: 'makazi', apiKey: 'at-key', senderId: undefined } },
    { clock },
  );
});
afterAll(async () => {
  await app.close();
  await at.close();
});

const setting = (agency: Agency, on: boolean) =>
  app.inject({
    method: 'POST',
    url: '/api/tenancy/sendinvoices',
    headers: agency.auth,
    payload: { managingAgentId: agency.agentId, sendInvoices: on },
  });

type Invoice = { tenancy_id: number; invoice_month: string; channel: string; recipient: string; subject: string; body: string; sent_at: string | null; attempts: number };
const invoices = async (agency: Agency) =>
  rowsOf<Invoice>(
    await app.database.db.execute(sql`
      SELECT tenancy_id::int, invoice_month::text, channel, recipient, subject, body, sent_at, attempts::int
      FROM receipt_notices WHERE agent_id = ${agency.agentId} AND invoice_month IS NOT NULL ORDER BY invoice_month, tenancy_id`),
  );

/**
 * Three tenants of one property booked on 10 January 2027, rent Ksh 10,000 and
 * a service charge of Ksh 1,500: one reads English, one Kiswahili, one has no
 * phone (so an email). The agency's paybill is 600984.
 */
async function agencyWithTenants() {
  clock.set(new Date('2027-01-10T09:00:00Z'));
  const agency = await agencyWithOwner(app);
  await setPaybill(app, agency);
  const { propId, houseIds, tenant } = await estate(app, agency, { houses: 3, rent: '10,000', deposit: '0', name: 'Invoice Court' });
  expect((await chargesApi(app).addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,500', FromMonth: '2027-01' })).statusCode).toBe(200);
  const ids: number[] = [];
  for (const [i, houseId] of houseIds.entries()) ids.push(await bookOk(app, agency, houseId, await tenant(`Inv${i}x`)));
  await app.database.db.execute(
    sql`UPDATE clients SET preferred_language = 'sw' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${ids[1]!})`,
  );
  await app.database.db.execute(
    sql`UPDATE clients SET phone_no = '' WHERE client_no = (SELECT client_no FROM tenancies WHERE tenancy_id = ${ids[2]!})`,
  );
  return { agency, ids };
}

const lastBalance = async (agency: Agency, tenancyId: number) =>
  ((await statementOf(app, agency, tenancyId)).json() as { Balance: number }[]).at(-1)!.Balance;

describe('invoices to tenants', () => {
  it('off (the default): a run sends nothing; an admin switches it on, a clerk may not', async () => {
    let { agency } = await agencyWithTenants();
    expect((await invoicingDetails(app, agency)).json().SendInvoices).toBe(false);
    clock.set(new Date('2027-02-02T06:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).json().charged).toBe(3);
    expect(await invoices(agency)).toEqual([]);

    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await setting({ ...worker, agentId: agency.agentId }, true)).statusCode).toBe(403);
    expect((await setting(await agencyWithOwner(app), true)).statusCode).toBe(200);
    expect((await invoicingDetails(app, agency)).json().SendInvoices).toBe(false);
    const on = await setting(agency, true);
    expect(on.json()).toEqual({ message: 'Tenants get an invoice when the run charges a month.', sendInvoices: true });
    expect((await invoicingDetails(app, agency)).json()).toMatchObject({ SendInvoices: true, AutomaticInvoicing: false });
    expect((await setting(agency, false)).json().sendInvoices).toBe(false);
    expect((await invoicingDetails(app, agency)).json().SendInvoices).toBe(false);
  });

  it('on: one invoice per tenancy for the run, catch-up months in one, in the tenant’s language, figures the statement’s', async () => {
    const setup = await agencyWithTenants();
    const ids = setup.ids;
    let agency = setup.agency;
    expect((await setting(agency, true)).statusCode).toBe(200);
    // Nobody ran February: March's run charges February and March (and January's service charge, which
    // booking left to the run), and one invoice tells all.
    clock.set(new Date('2027-03-03T06:00:00Z'));
    agency = await signInAgain(app, agency);
    expect((await runInvoices(app, agency)).json()).toMatchObject({ charged: 3, months: ['2027-01-01', '2027-02-01', '2027-03-01'] });
    const queued = await invoices(agency);
    expect(queued.map((i) => [i.tenancy_id, i.invoice_month, i.channel])).toEqual([
      [ids[0], '2027-03-01', 'sms'],
      [ids[1], '2027-03-01', 'sms'],
      [ids[2], '2027-03-01', 'email'],
    ]);
    const [en, sw, mail] = queued as [Invoice, Invoice, Invoice];
    expect(en.recipient).toBe('0711222333');
    const agencyName = rowsOf<{ agent_name: string }>(
      await app.database.db.execute(sql`SELECT agent_name FROM agents WHERE agent_id = ${agency.agentId}`),
    )[0]!.agent_name;
    const balance = (await tenancyOf(app, agency, ids[0]!)).RentBalance as number;
    // January's rent was charged at booking and not paid: it is the balance before the run.
    expect(balance).toBe(34_500);
    expect(await lastBalance(agency, ids[0]!)).toBe(balance);
    expect(en.body).toBe(
      `${agencyName}: invoice for January 2027, February 2027 and March 2027. Earlier balance Ksh 10,000.00; ` +
        `Rent Ksh 20,000.00; Service charge Ksh 4,500.00. Total due Ksh 34,500.00. Pay to paybill 600984, account ${ids[0]}.`,
    );
    expect(sw.body).toBe(
      `${agencyName}: ankara ya Januari 2027, Februari 2027 na Machi 2027. Salio la awali Ksh 10,000.00; ` +
        `Kodi Ksh 20,000.00; Service charge Ksh 4,500.00. Jumla: Ksh 34,500.00. Lipa kupitia Paybill 600984, akaunti ${ids[1]}.`,
    );
    expect(mail.recipient).toMatch(/^inv2x\.\d+@example\.com$/);
    expect(mail.subject).toBe(`${agencyName}: invoice for January 2027, February 2027 and March 2027`);

    // The run of a month is once: a second one is refused and queues nothing more.
    expect((await runInvoices(app, agency)).statusCode).toBe(409);
    expect(await invoices(agency)).toHaveLength(3);

    await app.notices.drain();
    const texts = at.received.filter((r) => r.form.message?.includes(agencyName));
    expect(texts.map((r) => [r.form.to, r.form.message])).toEqual([
      ['+254711222333', en.body],
      ['+254711222333', sw.body],
    ]);
    const mails = rowsOf<{ subject: string; body: string }>(
      await app.database.db.execute(sql`SELECT subject, body FROM mail_outbox WHERE recipient = ${mail.recipient}`),
    );
    expect(mails).toEqual([{ subject: mail.subject, body: mail.body }]);
    expect((await invoices(agency)).every((i) => i.sent_at !== null && i.attempts === 1)).toBe(true);
    await app.notices.drain();
    expect(at.received.filter((r) => r.form.message?.includes(agencyName))).toHaveLength(2);
  });

  it('two runs at once charge once and queue one invoice per tenancy', async () => {
    let { agency } = await agencyWithTenants();
    expect((await setting(agency, true)).statusCode).toBe(200);
    clock.set(new Date('2027-02-01T06:00:00Z'));
    agency = await signInAgain(app, agency);
    const answers = await Promise.all([runInvoices(app, agency), runInvoices(app, agency)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const queued = await invoices(agency);
    expect(queued.map((i) => i.invoice_month)).toEqual(['2027-02-01', '2027-02-01', '2027-02-01']);
    expect(new Set(queued.map((i) => i.tenancy_id)).size).toBe(3);
  });

  it('each month its own invoice: February’s run and March’s run tell each tenant twice, each the run’s figures', async () => {
    const setup = await agencyWithTenants();
    const ids = setup.ids;
    let agency = setup.agency;
    expect((await setting(agency, true)).statusCode).toBe(200);
    for (const day of ['2027-02-01T06:00:00Z', '2027-03-01T06:00:00Z']) {
      clock.set(new Date(day));
      agency = await signInAgain(app, agency);
      expect((await runInvoices(app, agency)).statusCode).toBe(200);
    }
    const mine = (await invoices(agency)).filter((i) => i.tenancy_id === ids[0]);
    expect(mine.map((i) => i.invoice_month)).toEqual(['2027-02-01', '2027-03-01']);
    expect(mine[0]!.body).toContain('invoice for January 2027 and February 2027. Earlier balance Ksh 10,000.00; Rent Ksh 10,000.00; Service charge Ksh 3,000.00. Total due Ksh 23,000.00.');
    expect(mine[1]!.body).toContain('invoice for March 2027. Earlier balance Ksh 23,000.00; Rent Ksh 10,000.00; Service charge Ksh 1,500.00. Total due Ksh 34,500.00.');
    expect(await lastBalance(agency, ids[0]!)).toBe(34_500);
    await app.notices.drain();
  });

  it('an invoice that cannot be queued never costs the run its charges', async () => {
    const setup = await agencyWithTenants();
    let agency = setup.agency;
    expect((await setting(agency, true)).statusCode).toBe(200);
    // A fault in queueing the invoices alone: the outbox refuses any invoice row. On PostgreSQL the app's
    // role may not make triggers; the server's admin does, in the test's own database.
    const ddl = async (text: string) => {
      if (testDatabaseKind === 'pglite') return void (await app.database.db.execute(sql.raw(text)));
      const [{ name }] = rowsOf<{ name: string }>(await app.database.db.execute(sql`SELECT current_database() AS name`)) as [{ name: string }];
      const admin = process.env.TEST_DATABASE_URL!;
      await withAdmin(roleUrl(admin, name, new URL(admin).username), (c) => c.query(text));
    };
    await ddl(`CREATE FUNCTION refuse_invoices() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.invoice_month IS NOT NULL THEN RAISE EXCEPTION 'outbox broken'; END IF; RETURN NEW; END $$`);
    await ddl('CREATE TRIGGER refuse_invoices BEFORE INSERT ON receipt_notices FOR EACH ROW EXECUTE FUNCTION refuse_invoices()');
    try {
      clock.set(new Date('2027-02-01T06:00:00Z'));
      agency = await signInAgain(app, agency);
      const run = await runInvoices(app, agency);
      expect([run.statusCode, run.json().charged]).toEqual([200, 3]);
      expect((await tenancyOf(app, agency, setup.ids[0]!)).RentBalance).toBe(23_000);
      expect(await invoices(agency)).toEqual([]);
    } finally {
      await ddl('DROP TRIGGER refuse_invoices ON receipt_notices');
      await ddl('DROP FUNCTION refuse_invoices()');
    }
  });

  it("with Africa's Talking down nothing is lost: the invoice waits, then goes out once when it is back", async () => {
    const setup = await agencyWithTenants();
    const ids = setup.ids;
    let agency = setup.agency;
    expect((await setting(agency, true)).statusCode).toBe(200);
    clock.set(new Date('2027-02-01T06:00:00Z'));
    agency = await signInAgain(app, agency);
    await app.notices.drain();
    at.answer([503]);
    const before = at.received.length;
    expect((await runInvoices(app, agency)).statusCode).toBe(200);
    await app.notices.drain();
    expect(at.received.length - before).toBe(2);
    let sms = (await invoices(agency)).filter((i) => i.channel === 'sms');
    expect(sms.map((i) => [i.sent_at, i.attempts])).toEqual([
      [null, 1],
      [null, 1],
    ]);
    // The run's charges stand whatever the provider says.
    expect((await tenancyOf(app, agency, ids[0]!)).RentBalance).toBe(23_000);

    at.answer(['ok']);
    clock.advance(31_000);
    await app.notices.drain();
    await app.notices.drain();
    sms = (await invoices(agency)).filter((i) => i.channel === 'sms');
    expect(sms.every((i) => i.sent_at !== null && i.attempts === 2)).toBe(true);
    const delivered = at.received.slice(before + 2);
    expect(delivered.map((r) => r.form.message)).toEqual(sms.map((i) => i.body));
  });
});
