import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../clock';
import { createTestApp } from '../test/app';
import { buildDemoAgency } from './demo-agency';

const clock = manualClock();
let app: FastifyInstance;
let demo: Awaited<ReturnType<typeof buildDemoAgency>>;
let auth: { authorization: string };

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  demo = await buildDemoAgency(app, clock, { houses: [3, 3, 3, 2], tenancies: 10 }, new Date('2026-11-27T09:00:00Z'));
  // The owner signs in as a visitor would: the demo left nobody signed in.
  const owner = demo.logins[0]!;
  const res = await app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: owner.email, Password: owner.password } });
  expect(res.statusCode, res.body).toBe(200);
  auth = { authorization: `Bearer ${res.json().accessToken}` };
}, 300_000);
afterAll(() => app.close());

const get = async <T>(url: string) => {
  const res = await app.inject({ method: 'GET', url: `/api${url}`, headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};

describe('the demo agency (small)', () => {
  it('balances: the trust reconciliation shows no difference, and its parts are the figures the other screens show', async () => {
    const trust = await get<Record<string, number>>(`/landlord-money/trust?managingAgentId=${demo.agentId}`);
    expect(trust.Difference).toBe(0);
    expect(trust.Received).toBeGreaterThan(0);
    expect(trust.PaidOut).toBeGreaterThan(0);
    expect(trust.TaxPayable).toBeGreaterThan(0);
    const balances = await get<{ Balance: number; Expenses: number; Payouts: number; TaxPaid: number }[]>(`/landlord-money/balances?managingAgentId=${demo.agentId}`);
    expect(balances).toHaveLength(2);
    expect(trust.OwedToLandlords).toBeCloseTo(balances.reduce((sum, b) => sum + b.Balance, 0), 2);
    expect(balances.some((b) => b.Expenses > 0 && b.Payouts > 0 && b.TaxPaid > 0)).toBe(true);

    const list = await get<{ TenancyId: number; RentBalance: number; DepositHeld: number }[]>(
      `/tenancy/getactivetenanciesbymanagingid?managingAgentId=${demo.agentId}&listType=all&pageSize=500`,
    );
    expect(list).toHaveLength(10);
    expect(trust.DepositsHeld).toBeCloseTo(list.reduce((sum, t) => sum + t.DepositHeld, 0), 2);
    // Arrears of several ages: some tenants owe, the rest are clear.
    expect(list.filter((t) => t.RentBalance > 0).length).toBeGreaterThanOrEqual(2);
    // Each tenant's statement ends at the balance the list shows, and between them they hold every kind of line.
    const accounts = new Set<string>();
    const details: string[] = [];
    for (const t of list) {
      const lines = await get<{ Debit: number; Credit: number; TrsAccount: string; TransactionDetails: string }[]>(
        `/financialstatements/gettenantstatement?tenancyId=${t.TenancyId}&managingAgentId=${demo.agentId}`,
      );
      const owed = lines.filter((l) => l.TrsAccount !== 'Deposit').reduce((sum, l) => sum + Math.round(l.Debit * 100) - Math.round(l.Credit * 100), 0);
      expect(owed / 100, `tenancy ${t.TenancyId}`).toBeCloseTo(t.RentBalance, 2);
      for (const l of lines) accounts.add(l.TrsAccount);
      details.push(...lines.map((l) => l.TransactionDetails));
    }
    expect([...accounts].sort()).toEqual(['Deposit', 'Mpesa', 'Penalty', 'Rent', 'Service charge', 'Water']);
    expect(details.some((d) => d.startsWith('Reversal of '))).toBe(true);
  });

  it('holds the six months a visitor looks for: M-Pesa and cash receipts, a reversal, water, a service charge, a rent review, a repair, a hired clerk and a linked landlord', async () => {
    const receipts = await get<{ TrsAccount?: string; LedgerName?: string }[]>(
      `/pmMoneyTransactions/receipts?agentId=${demo.agentId}&from=2026-01-01&to=2026-12-31`,
    );
    expect(receipts.length).toBeGreaterThan(30);
    const maintenance = await get<unknown[]>(`/maintenance?managingAgentId=${demo.agentId}`);
    expect(maintenance).toHaveLength(1);
    const users = await get<unknown[]>(`/agent/getagentusersbyagentadminuser?managingId=${demo.agentId}`);
    expect(users.length).toBeGreaterThanOrEqual(1);
    const links = await get<unknown[]>(`/landlord-money/landlord-links?managingAgentId=${demo.agentId}`);
    expect(links).toHaveLength(1);
    const page = await app.inject({ method: 'GET', url: `/api/t/${demo.tenantToken}` });
    expect(page.statusCode).toBe(200);
    // Everyone signed out: a visitor's first sign-in is not asked to end another session.
    for (const login of demo.logins.slice(1)) {
      const res = await app.inject({ method: 'POST', url: '/api/userauth/login', payload: { Email: login.email, Password: login.password } });
      expect(res.statusCode, `${login.role}: ${res.body}`).toBe(200);
    }
  });
});
