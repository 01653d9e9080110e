import { API, accountingDate } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { getCsv, withQuery } from '../../test/csv';
import { agencyWithOwner, bookOk, estate, pay, reverse, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
let rival: Agency;
let tenancyId: number;
let first: { receiptNo: string; TransactionId: number };
let second: { receiptNo: string; TransactionId: number };
const url = (agentId: number, query: Record<string, string | undefined> = {}) => withQuery(`/api${API.money.receiptsCsv}`, { agentId, ...query });
const DAY = 86_400_000;

beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  rival = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '10,000' });
  tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant('Njeri'));
  first = (await pay(app, agency, tenancyId, '7,500.25', 'csv-receipt-1')).json();
  const formula = await app.inject({
    method: 'POST',
    url: `/api${API.money.receipt}`,
    headers: agency.auth,
    payload: { tenancyID: tenancyId, paymentdetails: '-2+3 "cash", at the gate', RecievedAmount: '1,000', managingAgentId: agency.agentId, ledgerName: 'Deposit', idempotencyKey: 'csv-receipt-2' },
  });
  second = formula.json();
  expect((await reverse(app, agency, first.TransactionId)).statusCode).toBe(200);
  const theirs = await estate(app, rival, { houses: 1 });
  const theirTenancy = await bookOk(app, rival, theirs.houseIds[0]!, await theirs.tenant('Kamau'));
  await pay(app, rival, theirTenancy, '500', 'csv-rival-1');
});
afterAll(() => app.close());

describe(`GET /api${API.money.receiptsCsv}`, () => {
  it('sends every receipt of the agency, newest first, as a CSV attachment', async () => {
    const csv = await getCsv(app, agency, url(agency.agentId));
    expect(csv.status).toBe(200);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.fileName).toMatch(new RegExp(`^receipts-agent${agency.agentId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(csv.header).toEqual([
      'Receipt number', 'Date', 'Tenancy ID', 'Tenant name', 'Property', 'House number', 'Ledger', 'Details', 'Amount (Ksh)', 'Received by', 'Transaction ID', 'Reversed by transaction',
    ]);
    expect(csv.rows.map((r) => r['Receipt number'])).toEqual([second.receiptNo, first.receiptNo]);
    expect(csv.rows[0]).toMatchObject({ Ledger: 'Deposit', Details: `'-2+3 "cash", at the gate`, 'Amount (Ksh)': '1000.00', 'Tenant name': 'Njeri Mutua', 'Reversed by transaction': '' });
    expect(csv.rows[1]).toMatchObject({ Ledger: 'Rent', 'Amount (Ksh)': '7500.25', 'Reversed by transaction': expect.stringMatching(/^\d+$/) });
    expect(csv.rows[0]!.Date).toBe(accountingDate(new Date()));
  });

  it('keeps to the days asked for, Nairobi days, both included', async () => {
    const today = accountingDate(new Date());
    const tomorrow = accountingDate(new Date(Date.now() + DAY));
    const yesterday = accountingDate(new Date(Date.now() - DAY));
    const range = await getCsv(app, agency, url(agency.agentId, { from: today, to: today }));
    expect(range.rows).toHaveLength(2);
    expect(range.fileName).toBe(`receipts-agent${agency.agentId}-${today}-to-${today}.csv`);
    expect((await getCsv(app, agency, url(agency.agentId, { from: tomorrow }))).rows).toEqual([]);
    expect((await getCsv(app, agency, url(agency.agentId, { to: yesterday }))).rows).toEqual([]);
    // The paged JSON list reads the same filter.
    const list = await app.inject({ method: 'GET', url: withQuery(`/api${API.money.receipts}`, { agentId: agency.agentId, to: yesterday }), headers: agency.auth });
    expect(list.json()).toEqual([]);
  });

  it('refuses the signed-out, another agency, an employee who is not an admin, and bad dates', async () => {
    expect((await getCsv(app, null, url(agency.agentId))).status).toBe(401);
    const foreign = await getCsv(app, rival, url(agency.agentId));
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain('Njeri');
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await getCsv(app, worker, url(agency.agentId))).status).toBe(403);
    for (const bad of [{ from: '2026-13-01' }, { to: '22/11/2026' }, { from: '2026-11-02', to: '2026-11-01' }]) {
      const res = await getCsv(app, agency, url(agency.agentId, bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
    }
    expect(JSON.parse((await getCsv(app, agency, url(agency.agentId, { from: '2026-11-02', to: '2026-11-01' }))).body).message).toBe('From must not be after To');
  });

  it('streams every receipt without a cap, batch after batch by keyset, in the list order and each once', async () => {
    for (let i = 0; i < 5; i++) expect((await pay(app, agency, tenancyId, '100', `csv-stream-${i}`)).statusCode).toBe(200);
    const list = await app.inject({ method: 'GET', url: withQuery(`/api${API.money.receipts}`, { agentId: agency.agentId, pageSize: 100 }), headers: agency.auth });
    const listed = list.json().map((r: { receiptNo: string }) => r.receiptNo);
    expect(listed).toHaveLength(7);
    for (const batch of [1, 2, 3, 7, 50]) {
      const streamed: string[] = [];
      for await (const rows of app.services.money.exportReceipts({ agentId: agency.agentId }, batch)) {
        expect(rows.length).toBeLessThanOrEqual(batch);
        streamed.push(...rows.map((r) => r.receiptNo));
      }
      expect(streamed, `batches of ${batch}`).toEqual(listed);
    }
    expect((await getCsv(app, agency, url(agency.agentId))).rows.map((r) => r['Receipt number'])).toEqual(listed);
  });
});
