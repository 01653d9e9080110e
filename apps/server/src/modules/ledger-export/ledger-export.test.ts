import { accountingMonth, parseCsv } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../db/database';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, bookOk, estate, pay, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
const month = accountingMonth(new Date()).slice(0, 7);

beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  const place = await estate(app, agency, { houses: 3, rent: '12,000', deposit: '24,000' });
  const tenancies: number[] = [];
  for (const houseId of place.houseIds) tenancies.push(await bookOk(app, agency, houseId, await place.tenant()));
  const first = await pay(app, agency, tenancies[0]!, '30,000.50', 'gl-export-key-1');
  expect(first.statusCode, first.body).toBe(200);
  expect((await pay(app, agency, tenancies[1]!, '24,000', 'gl-export-key-2', 'Deposit')).statusCode).toBe(200);
});
afterAll(() => app.close());

const exportOf = (who: Agency, layout: string, agentId = who.agentId) =>
  app.inject({
    method: 'GET',
    url: `/api/ledger-export/journal.csv?managingAgentId=${agentId}&month=${month}&layout=${layout}`,
    headers: who.auth,
  });

/** The CSV as records keyed by header. */
function records(body: string) {
  const [header, ...rows] = parseCsv(body.replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c !== ''));
  return { header: header!, rows: rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? '']))) };
}
const cents = (text: string) => (text === '' ? 0 : Math.round(Number(text) * 100));

async function journalTotal() {
  const [row] = rowsOf<{ debit: string; credit: string; txns: number }>(
    await app.database.db.execute(sql`
      SELECT sum(l.debit_cents)::bigint AS debit, sum(l.credit_cents)::bigint AS credit, count(DISTINCT j.txn_id)::int AS txns
      FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id WHERE j.agent_id = ${agency.agentId}`),
  );
  return { debit: Number(row!.debit), credit: Number(row!.credit), txns: row!.txns };
}

describe("the accountant's general-ledger export", () => {
  it("writes the month's journal with debits equal to credits per reference and in total, equal to the journal's", async () => {
    const res = await exportOf(agency, 'general');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const { header, rows } = records(res.body);
    expect(header).toEqual(['Date', 'Account', 'Account name', 'Debit', 'Credit', 'Reference', 'Description']);
    const byRef = new Map<string, number>();
    for (const r of rows) byRef.set(r.Reference!, (byRef.get(r.Reference!) ?? 0) + cents(r.Debit!) - cents(r.Credit!));
    expect([...byRef.values()].every((v) => v === 0)).toBe(true);
    const journal = await journalTotal();
    expect(byRef.size).toBe(journal.txns);
    expect(rows.reduce((t, r) => t + cents(r.Debit!), 0)).toBe(journal.debit);
    expect(rows.reduce((t, r) => t + cents(r.Credit!), 0)).toBe(journal.credit);
    expect(rows.find((r) => r.Reference!.startsWith('RCT-') && r.Account === '1200')).toMatchObject({ 'Account name': 'Tenants - rent receivable' });
  });

  it("writes QuickBooks Online's Journal Entry import and Xero's Manual Journal import, each entry balanced", async () => {
    const journal = await journalTotal();
    const qbo = records((await exportOf(agency, 'quickbooks')).body);
    expect(qbo.header).toEqual(['JournalNo', 'JournalDate', 'AccountName', 'Debits', 'Credits', 'Description', 'Name']);
    expect(qbo.rows[0]!.JournalDate).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    const perEntry = new Map<string, number>();
    for (const r of qbo.rows) perEntry.set(r.JournalNo!, (perEntry.get(r.JournalNo!) ?? 0) + cents(r.Debits!) - cents(r.Credits!));
    expect([...perEntry.values()].every((v) => v === 0)).toBe(true);
    expect(qbo.rows.reduce((t, r) => t + cents(r.Debits!), 0)).toBe(journal.debit);

    const xero = records((await exportOf(agency, 'xero')).body);
    expect(xero.header).toEqual(['Narration', 'Date', 'Description', 'AccountCode', 'TaxRate', 'Amount', 'TrackingName1', 'TrackingOption1']);
    const perJournal = new Map<string, number>();
    for (const r of xero.rows) perJournal.set(`${r.Narration}|${r.Date}`, (perJournal.get(`${r.Narration}|${r.Date}`) ?? 0) + cents(r.Amount!));
    expect([...perJournal.values()].every((v) => v === 0)).toBe(true);
    expect(perJournal.size).toBe(journal.txns);
    expect(xero.rows.filter((r) => cents(r.Amount!) > 0).reduce((t, r) => t + cents(r.Amount!), 0)).toBe(journal.debit);
    expect(new Set(xero.rows.map((r) => r.TaxRate))).toEqual(new Set(['No VAT']));
  });

  it("uses the agency's own codes and names once it edits them; an unknown account is refused", async () => {
    const chart = await app.inject({ method: 'GET', url: `/api/ledger-export/chart?managingAgentId=${agency.agentId}`, headers: agency.auth });
    const keys = chart.json().map((c: { Key: string }) => c.Key);
    expect(keys).toEqual(expect.arrayContaining(['tenant:rent', 'rent_income', 'deposits_held']));
    expect(keys.filter((k: string) => k.startsWith('ledger:'))).toHaveLength(2);
    const save = (entries: object[]) =>
      app.inject({ method: 'POST', url: '/api/ledger-export/chart', headers: agency.auth, payload: { managingAgentId: agency.agentId, entries } });
    const saved = await save([{ Key: 'tenant:rent', Code: 'AR-RENT', Name: 'Debtors:Rent', TaxRate: 'Exempt' }]);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().find((c: { Key: string }) => c.Key === 'tenant:rent')).toEqual({ Key: 'tenant:rent', Code: 'AR-RENT', Name: 'Debtors:Rent', TaxRate: 'Exempt' });
    const xero = records((await exportOf(agency, 'xero')).body);
    expect(xero.rows.filter((r) => r.AccountCode === 'AR-RENT').length).toBeGreaterThan(0);
    expect(xero.rows.some((r) => r.AccountCode === '1200')).toBe(false);
    const qbo = records((await exportOf(agency, 'quickbooks')).body);
    expect(qbo.rows.some((r) => r.AccountName === 'Debtors:Rent')).toBe(true);

    const unknown = await save([{ Key: 'ledger:999999', Code: '1', Name: 'x', TaxRate: 'y' }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('There is no such account in the journal');
    expect((await save([{ Key: 'rent_income', Code: '', Name: 'x', TaxRate: 'y' }])).statusCode).toBe(400);
  });

  it('is for admins of the agency; a month is YYYY-MM', async () => {
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await exportOf({ ...worker, agentId: agency.agentId }, 'xero')).statusCode).toBe(403);
    const other = await agencyWithOwner(app);
    expect((await exportOf(other, 'xero', agency.agentId)).statusCode).toBe(404);
    const theirs = records((await exportOf(other, 'general')).body);
    expect(theirs.rows).toEqual([]);
    const bad = await app.inject({
      method: 'GET',
      url: `/api/ledger-export/journal.csv?managingAgentId=${agency.agentId}&month=2026-13`,
      headers: agency.auth,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Choose the month (YYYY-MM)');
  });
});
