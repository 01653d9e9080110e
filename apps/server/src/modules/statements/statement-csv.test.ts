import { API } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { getCsv, withQuery } from '../../test/csv';
import { agencyWithOwner, bookOk, estate, pay, statementOf, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
let rival: Agency;
let tenancyId: number;
let rivalTenancy: number;
const url = (agentId: number, id: number | string) =>
  withQuery(`/api${API.statements.csv}`, { tenancyId: id, managingAgentId: agentId });

beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  rival = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '5,000' });
  tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant('Chebet'));
  await pay(app, agency, tenancyId, '20,000.50', 'csv-statement-1');
  const theirs = await estate(app, rival, { houses: 1 });
  rivalTenancy = await bookOk(app, rival, theirs.houseIds[0]!, await theirs.tenant('Kamau'));
});
afterAll(() => app.close());

describe(`GET /api${API.statements.csv}`, () => {
  it('sends the statement the screen shows, line for line, with signed balances', async () => {
    const csv = await getCsv(app, agency, url(agency.agentId, tenancyId));
    expect(csv.status).toBe(200);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.fileName).toMatch(new RegExp(`^statement-${tenancyId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(csv.header).toEqual([
      'Date',
      'Transaction ID',
      'Receipt number',
      'Account',
      'Details',
      'Debit (Ksh)',
      'Credit (Ksh)',
      'Balance due (Ksh)',
      'In credit (Ksh)',
    ]);
    const lines = (await statementOf(app, agency, tenancyId)).json() as {
      TransactionId: number;
      Balance: number;
    }[];
    expect(csv.rows.map((r) => Number(r['Transaction ID']))).toEqual(lines.map((l) => l.TransactionId));
    // An overpayment is "in credit", as on the screens: no minus sign, still numbers a sheet sums.
    expect(csv.rows.map((r) => [r['Balance due (Ksh)'], r['In credit (Ksh)']])).toEqual([
      ['5000.00', '0.00'],
      ['15000.00', '0.00'],
      ['0.00', '5000.50'],
    ]);
    expect(csv.rows[2]).toMatchObject({
      Account: 'Rent',
      Details: 'Cash at office',
      'Debit (Ksh)': '0.00',
      'Credit (Ksh)': '20000.50',
      'Receipt number': expect.stringMatching(/^RCT-/),
    });
    expect(csv.rows[0]!['Receipt number']).toBe('');
  });

  it('lets a hired employee export, as the statement screen allows', async () => {
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    expect((await getCsv(app, worker, url(agency.agentId, tenancyId))).rows).toHaveLength(3);
  });

  it('refuses the signed-out, another agency’s tenancy, a switched-off employee and bad input', async () => {
    expect((await getCsv(app, null, url(agency.agentId, tenancyId))).status).toBe(401);
    expect((await getCsv(app, rival, url(agency.agentId, tenancyId))).status).toBe(404);
    const mixed = await getCsv(app, rival, url(rival.agentId, tenancyId));
    expect(mixed.status).toBe(404);
    expect(mixed.body).not.toContain('Chebet');
    expect((await getCsv(app, agency, url(agency.agentId, rivalTenancy))).status).toBe(404);
    const off = await signedInUser(app);
    await contractUser(app, agency.agentId, off.userNo, { loginStatus: 0 });
    expect((await getCsv(app, off, url(agency.agentId, tenancyId))).status).toBe(403);
    expect((await getCsv(app, agency, url(agency.agentId, 'first'))).status).toBe(400);
    expect((await getCsv(app, agency, url(agency.agentId, -1))).status).toBe(400);
  });

  it('keeps the PDF behind the same check, through the same service', async () => {
    const pdf = await app.inject({
      method: 'GET',
      url: withQuery(`/api${API.statements.pdf}`, { tenancyId, managingAgentId: agency.agentId }),
      headers: agency.auth,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const foreign = await app.inject({
      method: 'GET',
      url: withQuery(`/api${API.statements.pdf}`, { tenancyId, managingAgentId: rival.agentId }),
      headers: rival.auth,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
