import { API } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentScope } from '../../plugins/agent-scope';
import { signedInUser } from '../../test/accounts';
import { contractUser } from '../../test/agents';
import { createTestApp } from '../../test/app';
import { getCsv, withQuery } from '../../test/csv';
import { agencyWithOwner, bookOk, estate, pay, terminate, type Agency } from '../../test/estate';

let app: FastifyInstance;
let agency: Agency;
let rival: Agency;
let withBalance: number;
let paidUp: number;
let ended: number;
const url = (agentId: number, query: Record<string, string | number | undefined> = {}) => withQuery(`/api${API.tenancies.csv}`, { managingAgentId: agentId, ...query });
const jsonList = async (query: Record<string, string | number>) =>
  (
    await app.inject({
      method: 'GET',
      url: withQuery(`/api${API.tenancies.activeByAgent}`, { managingAgentId: agency.agentId, pageSize: 500, ...query }),
      headers: agency.auth,
    })
  ).json() as { TenancyId: number }[];

beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  rival = await agencyWithOwner(app);
  // A property name a spreadsheet would run as a formula, with a comma and quotes to quote.
  const formula = await estate(app, agency, { houses: 2, rent: '12,500', deposit: '0', name: '=HYPERLINK("http://x.example", "Click"), Block A' });
  withBalance = await bookOk(app, agency, formula.houseIds[0]!, await formula.tenant('Wanjiru'));
  paidUp = await bookOk(app, agency, formula.houseIds[1]!, await formula.tenant('Ochieng'));
  expect((await pay(app, agency, paidUp, '12,600.50', 'csv-overpay-1')).statusCode).toBe(200);
  const plain = await estate(app, agency, { houses: 1, rent: '8,000', deposit: '8,000', name: 'Kilimani Court' });
  ended = await bookOk(app, agency, plain.houseIds[0]!, await plain.tenant('Akinyi'));
  expect((await terminate(app, agency, ended)).statusCode).toBe(200);
  const theirs = await estate(app, rival, { houses: 1, name: 'Rival Towers' });
  await bookOk(app, rival, theirs.houseIds[0]!, await theirs.tenant('Kamau'));
});
afterAll(() => app.close());

describe(`GET /api${API.tenancies.csv}`, () => {
  it('sends the active tenancies as a CSV attachment named by agency and day', async () => {
    const csv = await getCsv(app, agency, url(agency.agentId));
    expect(csv.status).toBe(200);
    expect(csv.contentType).toBe('text/csv; charset=utf-8');
    expect(csv.fileName).toMatch(new RegExp(`^tenancies-agent${agency.agentId}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    expect(csv.body.startsWith('\uFEFFTenancy ID,Tenant name,')).toBe(true);
    expect(csv.body.endsWith('\r\n')).toBe(true);
    expect(csv.rows.map((r) => Number(r['Tenancy ID']))).toEqual([paidUp, withBalance]);
    const wanjiru = csv.rows.find((r) => Number(r['Tenancy ID']) === withBalance)!;
    expect(wanjiru).toMatchObject({
      'Tenant name': 'Wanjiru Mutua',
      Property: `'=HYPERLINK("http://x.example", "Click"), Block A`,
      'Rent (Ksh)': '12500.00',
      'Balance due (Ksh)': '12500.00',
      'In credit (Ksh)': '0.00',
      'Rent arrears (Ksh)': '12500.00',
      'Months in arrears': '1',
      'End date': '',
    });
    expect(wanjiru['Start date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // An overpayment is "in credit" as on the screens, and still a number a spreadsheet can sum.
    expect(csv.rows.find((r) => Number(r['Tenancy ID']) === paidUp)).toMatchObject({ 'Balance due (Ksh)': '0.00', 'In credit (Ksh)': '100.50' });
    // The quoted field is written as RFC 4180 asks: quotes doubled inside quotes.
    expect(csv.body).toContain(`"'=HYPERLINK(""http://x.example"", ""Click""), Block A"`);
  });

  it('applies the list screen’s filters, matching the JSON list row for row', async () => {
    const cases: Record<string, string>[] = [
      { listType: 'balances' },
      { listType: 'ended-with-balances' },
      { filterBy: 'Tenant_name', filterValue: 'wanj' },
      { filterBy: 'Property_name', filterValue: 'kilimani' },
      { filterBy: 'Property_name', filterValue: 'hyperlink' },
      { tenancyId: String(paidUp) },
    ];
    for (const query of cases) {
      const csv = await getCsv(app, agency, url(agency.agentId, query));
      expect(csv.status, JSON.stringify(query)).toBe(200);
      expect(csv.rows.map((r) => Number(r['Tenancy ID'])), JSON.stringify(query)).toEqual((await jsonList(query)).map((t) => t.TenancyId));
    }
    const endedCsv = await getCsv(app, agency, url(agency.agentId, { listType: 'ended-with-balances' }));
    expect(endedCsv.fileName).toMatch(/^tenancies-ended-with-balances-agent\d+-/);
    expect(endedCsv.rows.map((r) => Number(r['Tenancy ID']))).toEqual([ended]);
    expect(endedCsv.rows[0]!['End date']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('answers a header alone when nothing matches', async () => {
    const csv = await getCsv(app, agency, url(agency.agentId, { filterBy: 'Email', filterValue: 'nobody-at-all' }));
    expect(csv.status).toBe(200);
    expect(csv.rows).toEqual([]);
    expect(csv.header[0]).toBe('Tenancy ID');
  });

  it('refuses the signed-out, another agency, a switched-off employee and bad filters', async () => {
    expect((await getCsv(app, null, url(agency.agentId))).status).toBe(401);
    const foreign = await getCsv(app, rival, url(agency.agentId));
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain('Wanjiru');
    // The rival's own export names none of this agency's tenancies, even asked by id.
    const mixed = await getCsv(app, rival, url(rival.agentId, { tenancyId: withBalance }));
    expect(mixed.rows).toEqual([]);
    const off = await signedInUser(app);
    await contractUser(app, agency.agentId, off.userNo, { loginStatus: 0 });
    expect((await getCsv(app, off, url(agency.agentId))).status).toBe(403);
    for (const bad of [{ filterBy: 'Password' }, { listType: 'everything' }, { filterValue: 'x'.repeat(101) }, { tenancyId: 'abc' }]) {
      const res = await getCsv(app, agency, url(agency.agentId, bad));
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(res.contentType).toMatch(/^application\/json/);
    }
  });

  it('lets a hired employee export, as the list allows', async () => {
    const worker = await signedInUser(app);
    await contractUser(app, agency.agentId, worker.userNo);
    const csv = await getCsv(app, worker, url(agency.agentId));
    expect(csv.status).toBe(200);
    expect(csv.rows).toHaveLength(2);
  });

  it('streams every tenancy without a cap, batch after batch by id, each once and in the list order', async () => {
    const scope: AgentScope = { agentId: agency.agentId, self: 0, role: 5100, propIds: null };
    const all = (await getCsv(app, agency, url(agency.agentId))).rows.map((r) => r['Tenancy ID']);
    expect(all.length).toBeGreaterThan(1);
    for (const batch of [1, 2, all.length, 100]) {
      const streamed: string[] = [];
      for await (const rows of app.services.tenancies.exportActive(scope, { managingAgentId: agency.agentId, listType: 'all' }, batch)) {
        expect(rows.length).toBeLessThanOrEqual(batch);
        streamed.push(...rows.map((r) => String(r.TenancyId)));
      }
      expect(streamed, `batches of ${batch}`).toEqual(all);
    }
  });
});
