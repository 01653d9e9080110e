import { accountingMonth, amountToCents, nextMonth, receiptNumber } from '@makazi/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { testDatabaseKind } from '../../test/database';
import { agencyWithOwner, bookOk, estate, pay, reverse, runInvoices, statementOf, tenancyList } from '../../test/estate';
import { LedgerModel } from '../../test/ledger-model';

/**
 * The model test's commands at the same moment, on PostgreSQL (real parallel
 * transactions; PGlite queues them): receipts and their retries, several runs
 * and duplicate reversals sent together must end where the model ends, with
 * receipt numbers still 1…n without gaps. The commands chosen commute, so any
 * order the database picks gives the model's end state.
 */
const clock = manualClock(new Date('2026-03-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const ksh = (cents: number) => (cents / 100).toFixed(2);
const RENT = 700_000;
const DEPOSIT = 350_050;

const batch = fc.record({
  receipts: fc.array(fc.record({ tenancy: fc.nat(2), cents: fc.integer({ min: 1, max: 2_000_000 }), deposit: fc.boolean(), key: fc.nat(8) }), { minLength: 2, maxLength: 12 }),
  runs: fc.integer({ min: 1, max: 5 }),
  months: fc.nat(2),
  reversals: fc.array(fc.nat(2), { maxLength: 5 }),
});

describe.runIf(testDatabaseKind === 'postgres')('the ledger against its model, at once', () => {
  it('receipts, retries, runs and reversals sent together end where the model ends', async () => {
    await fc.assert(
      fc.asyncProperty(batch, async ({ receipts, runs, months, reversals }) => {
        let agency = await agencyWithOwner(app);
        const { houseIds, tenant } = await estate(app, agency, { houses: 3, rent: ksh(RENT), deposit: ksh(DEPOSIT) });
        const clients = [await tenant(), await tenant(), await tenant()];
        const model = new LedgerModel(accountingMonth(clock.now()));
        for (const [i, houseId] of houseIds.entries()) model.book(await bookOk(app, agency, houseId, clients[i]!), i, RENT, DEPOSIT);
        // Three receipts first, one per tenancy: what the batch may reverse.
        const earlier: { txnId: number; tenancy: number; name: string }[] = [];
        for (const [i, t] of model.tenancies.entries()) {
          const key = `earlier-${agency.agentId}-${i}`;
          model.receive(key, t, 100_000, 'Rent');
          const res = (await pay(app, agency, t.id, ksh(100_000), key)).json();
          earlier.push({ txnId: res.TransactionId, tenancy: i, name: res.receiptNo });
        }
        for (let m = 0; m < months; m++) {
          model.month = nextMonth(model.month);
          const [y, mo] = model.month.split('-').map(Number);
          clock.set(new Date(Date.UTC(y!, mo! - 1, 10, 9)));
        }
        agency = await signInAgain(app, agency);

        // A key's first use decides its details; later uses of it are retries of the same form.
        const byKey = new Map<number, (typeof receipts)[number]>();
        const sent = receipts.map((r) => byKey.get(r.key) ?? (byKey.set(r.key, r), r));
        const key = (k: number) => `burst-${agency.agentId}-${k}`;
        const results = await Promise.all([
          ...sent.map((r) => pay(app, agency, model.tenancies[r.tenancy]!.id, ksh(r.cents), key(r.key), r.deposit ? 'Deposit' : 'Rent')),
          ...Array.from({ length: runs }, () => runInvoices(app, agency)),
          ...reversals.map((i) => reverse(app, agency, earlier[i]!.txnId, 'Entered twice')),
        ]);

        for (const r of byKey.values()) model.receive(key(r.key), model.tenancies[r.tenancy]!, r.cents, r.deposit ? 'Deposit' : 'Rent');
        model.run();
        for (const i of new Set(reversals)) {
          const t = model.tenancies[earlier[i]!.tenancy]!;
          model.reverse(t, t.lines.find((l) => l.kind === 'receipt')!, earlier[i]!.name, 'Entered twice');
        }

        const codes = results.map((r) => r.statusCode);
        expect(codes.slice(0, sent.length).every((c) => c === 200)).toBe(true);
        const runCodes = codes.slice(sent.length, sent.length + runs).sort();
        expect(runCodes).toEqual([200, ...Array(runs - 1).fill(409)]);
        const reversalCodes = codes.slice(sent.length + runs);
        expect(reversalCodes.filter((c) => c === 200)).toHaveLength(new Set(reversals).size);
        expect(reversalCodes.filter((c) => c !== 200).every((c) => c === 409)).toBe(true);

        const numbers = new Set(results.slice(0, sent.length).map((r) => r.json().receiptNo));
        expect([...numbers].sort()).toEqual(Array.from({ length: byKey.size }, (_, i) => receiptNumber(i + 4)));

        const listed = new Map((await tenancyList(app, agency, 'all')).map((t) => [t.TenancyId, t]));
        for (const t of model.tenancies) {
          expect(listed.get(t.id)).toMatchObject(model.expected(t));
          const lines: { TransactionDetails: string; Debit: number; Credit: number; Balance: number }[] = (await statementOf(app, agency, t.id)).json();
          const got = lines.map((l) => `${l.TransactionDetails}|${amountToCents(l.Debit)}|${amountToCents(l.Credit)}`).sort();
          expect(got).toEqual(t.lines.map((l) => `${l.details}|${l.debit}|${l.credit}`).sort());
          expect(amountToCents(lines.at(-1)!.Balance)).toBe(model.money(t).balance);
        }
      }),
      { numRuns: Number(process.env.LEDGER_MODEL_RUNS ?? 6) },
    );
  }, 300_000);
});
