import { accountingMonth, amountToCents } from '@makazi/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { agencyWithOwner, estate } from '../../test/estate';
import { ledgerCommands, type LedgerReal } from '../../test/ledger-commands';
import { LedgerModel } from '../../test/ledger-model';

/**
 * Model-based: random sequences of bookings, receipts (and their retries),
 * months passing, monthly runs, terminations with settlement and reversals run
 * against the API and against a small pure model (test/ledger-model.ts); after
 * each command the balances, MonthLapse, deposits, lists and statements must be
 * the model's. `npm run test:mutants` checks this test catches known bugs.
 */
const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 12);
let round = 0;

async function freshSetup(): Promise<LedgerReal> {
  const agency = await agencyWithOwner(app);
  const { houseIds, tenant } = await estate(app, agency, { houses: 3, rent: '7,000', deposit: '3,500.50' });
  round += 1;
  return { app, clock, agency, houseIds, rent: amountToCents(7000), deposit: amountToCents(3500.5), tenant: await tenant(), round };
}

describe('the ledger against its model', () => {
  // Each run signs up an agency and replays up to 25 commands with a check after each: minutes on a busy machine.
  it('after every command the API shows what the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(ledgerCommands, { maxCommands: 25, size: 'max' }), async (cmds) => {
        const real = await freshSetup();
        await fc.asyncModelRun(() => ({ model: new LedgerModel(accountingMonth(clock.now())), real }), cmds);
      }),
      { numRuns: RUNS },
    );
  }, 300_000);
});
