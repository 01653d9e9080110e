import {
  amountToCents,
  API,
  balanceColumns,
  centsToAmount,
  formatBalance,
  formatPlainAmount,
  formatRunningBalance,
  rentArrearsOf,
} from '@makazi/domain';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app';
import { getCsv, withQuery } from '../../test/csv';
import { agencyWithOwner, bookOk, estate, pay, statementOf, tenancyList, tenancyOf, type Agency } from '../../test/estate';
import { pdfWords } from '../../test/pdf-text';

/**
 * One tenancy's figures, read from every place a person sees them: its page
 * (the tenancy), the statement, the PDF, both CSVs, the list and the dashboard.
 * Each must say the same amount under the same name (docs/money.md#the-figures-by-name).
 */
let app: FastifyInstance;
let agency: Agency;
let owing: number;
let ahead: number;

async function paid(tenancyId: number, amount: string, key: string, ledger?: string) {
  const res = await pay(app, agency, tenancyId, amount, `${key}-${Date.now()}`, ledger);
  if (res.statusCode !== 200) throw new Error(`receipt refused: ${res.statusCode} ${res.body}`);
}

beforeAll(async () => {
  app = await createTestApp();
  agency = await agencyWithOwner(app);
  // The case: 15,000.50 owed in all, of which 12,500 is deposit and 2,500.50 rent arrears.
  const a = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '12,500' });
  owing = await bookOk(app, agency, a.houseIds[0]!, await a.tenant('Wanjiru'));
  await paid(owing, '7,499.50', 'agree-1');
  // Paid 3,000 beyond everything charged: in credit.
  const b = await estate(app, agency, { houses: 1, rent: '10,000', deposit: '5,000' });
  ahead = await bookOk(app, agency, b.houseIds[0]!, await b.tenant('Otieno'));
  await paid(ahead, '5,000', 'agree-2', 'Deposit');
  await paid(ahead, '13,000', 'agree-3');
});
afterAll(() => app.close());

async function everyPlace(tenancyId: number) {
  const page = await tenancyOf(app, agency, tenancyId);
  const statement = (await statementOf(app, agency, tenancyId)).json() as { Balance: number }[];
  const pdf = await app.inject({
    method: 'GET',
    url: withQuery(`/api${API.statements.pdf}`, { tenancyId, managingAgentId: agency.agentId }),
    headers: agency.auth,
  });
  const statementCsv = await getCsv(app, agency, withQuery(`/api${API.statements.csv}`, { tenancyId, managingAgentId: agency.agentId }));
  const listCsv = await getCsv(app, agency, withQuery(`/api${API.tenancies.csv}`, { managingAgentId: agency.agentId }));
  const list = (await tenancyList(app, agency, 'all')).find((t) => t.TenancyId === tenancyId);
  const dashboard = (
    await app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${agency.agentId}`, headers: agency.auth })
  ).json() as { mostInArrears: { TenancyId: number; RentArrears: number }[] };
  return {
    page,
    statement,
    pdf: pdfWords(pdf.rawPayload),
    statementCsv: statementCsv.rows,
    listCsv: listCsv.rows.find((r) => Number(r['Tenancy ID']) === tenancyId)!,
    list,
    arrearsOnDashboard: dashboard.mostInArrears.find((t) => t.TenancyId === tenancyId)?.RentArrears ?? 0,
  };
}

describe('the same tenancy shows the same figures everywhere', () => {
  it.each([
    ['owing rent and deposit', () => owing, 1_500_050, 250_050],
    ['in credit', () => ahead, -300_000, 0],
  ])('%s', async (_, id, balance, arrears) => {
    const seen = await everyPlace(id());
    expect(amountToCents(seen.page.RentBalance)).toBe(balance);
    const depositDue = amountToCents(seen.page.DepositDue);
    expect(rentArrearsOf(balance, depositDue)).toBe(arrears);

    // The list and the statement's last running balance.
    expect(seen.list).toMatchObject({ RentBalance: centsToAmount(balance), DepositHeld: seen.page.DepositHeld });
    expect(amountToCents(seen.statement.at(-1)!.Balance)).toBe(balance);

    // The PDF: the balance due and the last running balance in the screens' words.
    expect(seen.pdf).toContain(`Balance due: ${formatBalance(balance)}`);
    expect(seen.pdf).toContain(formatRunningBalance(balance));
    expect(seen.pdf).toContain(`${formatBalance(amountToCents(seen.page.DepositHeld))} held, ${formatBalance(depositDue)} still owed`);
    expect(seen.pdf).not.toMatch(/\(\d[\d,]*\.\d\d\)|-\d[\d,]*\.\d\d|paid in advance|overpaid/);

    // Both CSVs: owed and in credit, each zero or above.
    const { due, inCredit } = balanceColumns(balance);
    expect(seen.statementCsv.at(-1)).toMatchObject({ 'Balance due (Ksh)': formatPlainAmount(due), 'In credit (Ksh)': formatPlainAmount(inCredit) });
    expect(seen.listCsv).toMatchObject({
      'Balance due (Ksh)': formatPlainAmount(due),
      'In credit (Ksh)': formatPlainAmount(inCredit),
      'Rent arrears (Ksh)': formatPlainAmount(arrears),
      'Deposit still owed (Ksh)': formatPlainAmount(depositDue),
      'Deposit held (Ksh)': formatPlainAmount(amountToCents(seen.page.DepositHeld)),
      'Months in arrears': String(seen.page.MonthLapse),
    });

    // The dashboard's Most in arrears: the same rent arrears, not the balance due.
    expect(amountToCents(seen.arrearsOnDashboard)).toBe(arrears);
  });
});
