import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { rowsOf } from '../../db/database';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { figuresFromJournal } from '../../test/dashboard-figures';
import { agencyWithOwner, book, estate, pay, reverse, runInvoices, statementOf, type Agency } from '../../test/estate';
import { checkLedger } from './invariants';

/**
 * Random sequences of bookings, receipts (some repeated), reversals, terminations and
 * monthly runs across two agencies must keep every invariant of the ledger.
 */
const clock = manualClock(new Date('2026-06-15T09:00:00Z'));
let app: FastifyInstance;
const agencies: { who: Agency; houseIds: number[]; tenant: () => Promise<number>; tenancies: number[] }[] = [];

beforeAll(async () => {
  app = await createTestApp({}, { clock });
  for (let i = 0; i < 2; i++) {
    const who = await agencyWithOwner(app);
    const { houseIds, tenant } = await estate(app, who, { houses: 4, rent: '7,000', deposit: '3,500.50' });
    agencies.push({ who, houseIds, tenant, tenancies: [] });
  }
});
afterAll(() => app.close());

type Action =
  | { kind: 'book'; agency: number; house: number }
  | { kind: 'pay'; agency: number; tenancy: number; cents: number; key: number }
  | { kind: 'terminate'; agency: number; tenancy: number }
  | { kind: 'run'; agency: number }
  | { kind: 'reverse'; agency: number; tenancy: number; line: number }
  | { kind: 'nextMonth' };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), agency: fc.nat(1), house: fc.nat(3) }),
  fc.record({ kind: fc.constant('pay' as const), agency: fc.nat(1), tenancy: fc.nat(7), cents: fc.integer({ min: 1, max: 2_000_000 }), key: fc.nat(5) }),
  fc.record({ kind: fc.constant('terminate' as const), agency: fc.nat(1), tenancy: fc.nat(7) }),
  fc.record({ kind: fc.constant('run' as const), agency: fc.nat(1) }),
  fc.record({ kind: fc.constant('reverse' as const), agency: fc.nat(1), tenancy: fc.nat(7), line: fc.nat(9) }),
  fc.constant({ kind: 'nextMonth' as const }),
);

let round = 0;
async function apply(a: Action) {
  if (a.kind === 'nextMonth') {
    clock.advance(31 * 86_400_000);
    // In place: the estate helpers hold on to the same object.
    for (const g of agencies) Object.assign(g.who, await signInAgain(app, g.who));
    return;
  }
  const g = agencies[a.agency]!;
  if (a.kind === 'book') {
    const res = await book(app, g.who, g.houseIds[a.house]!, await g.tenant());
    if (res.statusCode === 201) g.tenancies.push(res.json().TenancyId);
    else expect(res.statusCode).toBe(409);
  } else if (a.kind === 'pay' && g.tenancies.length) {
    const tenancyId = g.tenancies[a.tenancy % g.tenancies.length]!;
    const amount = (a.cents / 100).toFixed(2);
    // Keys repeat within a round only for the same tenancy and amount: a retry, which must post once.
    const res = await pay(app, g.who, tenancyId, amount, `r${round}-t${tenancyId}-k${a.key}-${a.cents}`);
    expect(res.statusCode).toBe(200);
  } else if (a.kind === 'terminate' && g.tenancies.length) {
    const tenancyId = g.tenancies[a.tenancy % g.tenancies.length]!;
    const res = await app.inject({ method: 'POST', url: '/api/tenancy/terminatetenancy', headers: g.who.auth, payload: { tenancyId, managingAgentId: g.who.agentId } });
    expect([200, 409]).toContain(res.statusCode);
  } else if (a.kind === 'reverse' && g.tenancies.length) {
    // A line of the tenancy's statement (a charge, a receipt, a reversal, a settlement): reversed, or refused with a reason.
    const tenancyId = g.tenancies[a.tenancy % g.tenancies.length]!;
    const lines: { TransactionId: number }[] = (await statementOf(app, g.who, tenancyId)).json();
    if (lines.length) {
      const res = await reverse(app, g.who, lines[a.line % lines.length]!.TransactionId);
      expect(res.statusCode).toBeLessThan(500);
    }
  } else if (a.kind === 'run') {
    expect([200, 409]).toContain((await runInvoices(app, g.who)).statusCode);
  }
}

async function checkInvariants() {
  const db = app.database.db;
  const unbalanced = rowsOf(await db.execute(sql`
    SELECT txn_id FROM journal_lines GROUP BY txn_id HAVING sum(debit_cents) <> sum(credit_cents)`));
  expect(unbalanced).toEqual([]);
  const doubleCharged = rowsOf(await db.execute(sql`
    SELECT tenancy_id, charge_month FROM journal_transactions WHERE kind = 'rent_charge'
    GROUP BY tenancy_id, charge_month HAVING count(*) > 1`));
  expect(doubleCharged).toEqual([]);
  const driftedBalances = rowsOf(await db.execute(sql`
    SELECT b.tenancy_id FROM tenancy_balances b
    JOIN (SELECT tenancy_id, sum(debit_cents - credit_cents) AS s FROM journal_lines WHERE account = 'tenant' GROUP BY tenancy_id) j
      ON j.tenancy_id = b.tenancy_id
    WHERE b.balance_cents <> j.s`));
  expect(driftedBalances).toEqual([]);

  // The copies kept beside the journal (balances, standing rent charges) follow it.
  expect((await checkLedger(db)).problems).toEqual([]);

  for (const [i, g] of agencies.entries()) {
    const other = agencies[1 - i]!;
    // The dashboard's arrears by age (read from the kept rent charges) against a fold over the journal.
    const dashboard = await app.inject({ method: 'GET', url: `/api/dashboard/money?managingAgentId=${g.who.agentId}`, headers: g.who.auth });
    const folded = await figuresFromJournal(db, g.who.agentId, clock.now());
    expect(dashboard.json().arrearsByAge).toEqual(folded.arrearsByAge);
    // And this month's rent collection (read from the kept rent lines and the balances).
    expect(dashboard.json().collection).toEqual(folded.collection);
    const listed = await app.inject({ method: 'GET', url: `/api/tenancy/getactivetenanciesbymanagingid?managingAgentId=${g.who.agentId}&pageSize=500`, headers: g.who.auth });
    const rows: { TenancyId: number; managingAgentId: number; RentBalance: number }[] = listed.json();
    expect(rows.every((t) => t.managingAgentId === g.who.agentId)).toBe(true);
    expect(rows.some((t) => other.tenancies.includes(t.TenancyId))).toBe(false);
    for (const t of rows) {
      const statement = (await statementOf(app, g.who, t.TenancyId)).json();
      expect(statement.at(-1)?.Balance ?? 0).toBe(t.RentBalance);
      expect((await statementOf(app, other.who, t.TenancyId)).statusCode).toBe(404);
    }
  }
}

describe('ledger invariants under random use', () => {
  it('every transaction balances, statements end at RentBalance, no month is charged twice, agencies stay apart', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(action, { minLength: 5, maxLength: 25 }), async (actions) => {
        round += 1;
        for (const a of actions) await apply(a);
        await checkInvariants();
      }),
      { numRuns: 12 },
    );
    // Twelve runs of up to 25 actions each: seconds alone, minutes on a loaded machine.
  }, 300_000);
});
