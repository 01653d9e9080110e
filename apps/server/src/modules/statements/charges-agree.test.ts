import { API, amountToCents, balanceColumns, centsToAmount, formatAmount, formatBalance, formatPlainAmount, rentArrearsOf } from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { getCsv, withQuery } from '../../test/csv';
import { agencyWithOwner, bookOk, estate, pay, runInvoices, statementOf, tenancyList, tenancyOf, type Agency } from '../../test/estate';
import { pdfWords } from '../../test/pdf-text';

/**
 * Issue 23's "done when": each charge beyond rent — a service charge, metered
 * water, a late-payment penalty — shows with the same figure on the
 * statement, its PDF and CSV, and the balance they make is the same on the
 * tenancy, the list, the list's CSV, the money by kind and the dashboard.
 */
const clock = manualClock(new Date('2027-03-02T06:00:00Z'));
let app: FastifyInstance;
let agency: Agency;
let tenancyId: number;
const api = () => chargesApi(app);

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant } = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '5,000' });
  expect((await api().addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '1,500', FromMonth: '2027-03' })).statusCode).toBe(200);
  expect((await api().penaltyRule(agency, { PropId: propId, AfterDay: 5, Percent: 10 })).statusCode).toBe(200);
  expect((await api().waterTariff(agency, { PropId: propId, UnitPrice: '150' })).statusCode).toBe(200);
  tenancyId = await bookOk(app, agency, houseIds[0]!, await tenant('Mumbua'));
  expect((await runInvoices(app, agency)).statusCode).toBe(200);
  const readings = { PropId: propId, Month: '2027-03', Readings: [{ HouseId: houseIds[0], Reading: '1,246', StartReading: 1234 }] };
  expect((await api().saveReadings(agency, readings)).statusCode).toBe(200);
  expect((await api().confirmWater(agency, { PropId: propId, Month: '2027-03' })).statusCode).toBe(200);
  expect((await pay(app, agency, tenancyId, '4,000', 'agree-charges-1')).statusCode).toBe(200);
  clock.set(new Date('2027-03-06T06:00:00Z'));
  agency = await signInAgain(app, agency);
  expect((await api().runPenalties(agency)).json()).toMatchObject({ charged: 1 });
});
afterAll(() => app.close());

describe('charges beyond rent show the same figures everywhere', () => {
  it('each charge on the statement, its PDF and CSV; the balance on the tenancy, list, CSV, kinds and dashboard', async () => {
    const statement = (await statementOf(app, agency, tenancyId)).json() as { TransactionDetails: string; Debit: number; Balance: number }[];
    const pdf = pdfWords(
      (
        await app.inject({
          method: 'GET',
          url: withQuery(`/api${API.statements.pdf}`, { tenancyId, managingAgentId: agency.agentId }),
          headers: agency.auth,
        })
      ).rawPayload,
    );
    const statementCsv = (await getCsv(app, agency, withQuery(`/api${API.statements.csv}`, { tenancyId, managingAgentId: agency.agentId }))).rows;

    // The 4,000 paid the oldest charge first, March's rent: the penalty is 10% of the 6,000 left of it.
    const charges: [string, number][] = [
      ['Rent for March 2027', 1_000_000],
      ['Deposit', 500_000],
      ['Service charge for March 2027', 150_000],
      ['Water: 12 units × Ksh 150.00 (1,234 → 1,246)', 180_000],
      ['Late-payment penalty for March 2027', 60_000],
    ];
    for (const [details, cents] of charges) {
      const line = statement.find((l) => l.TransactionDetails.startsWith(details));
      expect(line, details).toBeDefined();
      expect(amountToCents(line!.Debit), details).toBe(cents);
      // The PDF's fonts have no arrow: the water line's readings are drawn with "->".
      expect(pdf).toContain(details.replace('→', '->'));
      expect(pdf).toContain(formatAmount(cents));
      const row = statementCsv.find((r) => r.Details!.startsWith(details));
      expect(row?.['Debit (Ksh)'], details).toBe(formatPlainAmount(cents));
    }

    const page = await tenancyOf(app, agency, tenancyId);
    const balance = amountToCents(page.RentBalance);
    const charged = charges.reduce((sum, [, cents]) => sum + cents, 0);
    expect(balance).toBe(charged - 400_000);
    expect(amountToCents(statement.at(-1)!.Balance)).toBe(balance);
    expect(pdf).toContain(`Balance due: ${formatBalance(balance)}`);
    const { due, inCredit } = balanceColumns(balance);
    expect(statementCsv.at(-1)).toMatchObject({ 'Balance due (Ksh)': formatPlainAmount(due), 'In credit (Ksh)': formatPlainAmount(inCredit) });

    const kinds = (await api().tenancy(agency, tenancyId)).json() as { RentBalance: number; Kinds: { Name: string; Balance: number }[] };
    expect(kinds.RentBalance).toBe(centsToAmount(balance));
    expect(kinds.Kinds.reduce((sum, k) => sum + amountToCents(k.Balance), 0)).toBe(balance);
    expect(Object.fromEntries(kinds.Kinds.map((k) => [k.Name, amountToCents(k.Balance)]))).toMatchObject({
      Rent: 600_000,
      Deposit: 500_000,
      'Service charge': 150_000,
      Water: 180_000,
      Penalty: 60_000,
    });

    const list = (await tenancyList(app, agency, 'all')).find((t) => t.TenancyId === tenancyId);
    expect(list).toMatchObject({ RentBalance: centsToAmount(balance) });
    const listCsv = (await getCsv(app, agency, withQuery(`/api${API.tenancies.csv}`, { managingAgentId: agency.agentId }))).rows.find(
      (r) => Number(r['Tenancy ID']) === tenancyId,
    );
    const arrears = rentArrearsOf(balance, amountToCents(page.DepositDue), amountToCents(page.ChargesDue));
    expect(listCsv).toMatchObject({ 'Balance due (Ksh)': formatPlainAmount(due), 'Rent arrears (Ksh)': formatPlainAmount(arrears) });
    const dashboard = (
      await app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${agency.agentId}`, headers: agency.auth })
    ).json() as { mostInArrears: { TenancyId: number; RentArrears: number }[] };
    expect(amountToCents(dashboard.mostInArrears.find((t) => t.TenancyId === tenancyId)?.RentArrears ?? 0)).toBe(arrears);
    expect(arrears).toBeGreaterThan(0);
  });
});
