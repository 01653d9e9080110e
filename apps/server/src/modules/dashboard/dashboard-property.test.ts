import { formatAmount } from '@makazi/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { signInAgain } from '../../test/accounts';
import { createTestApp } from '../../test/app';
import { figuresFromJournal } from '../../test/dashboard-figures';
import {
  agencyWithOwner,
  bookOk,
  estate,
  pay,
  reverse,
  runInvoices,
  statementOf,
  terminate,
  type Agency,
} from '../../test/estate';

const clock = manualClock(new Date('2026-03-14T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

type Command =
  | { kind: 'book'; house: number }
  | { kind: 'pay'; tenancy: number; cents: number; deposit: boolean }
  | { kind: 'later'; days: number }
  | { kind: 'reverse'; tenancy: number; pick: number }
  | { kind: 'end'; tenancy: number; applyDeposit: boolean };

const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('book' as const), house: fc.nat(2) }),
  fc.record({
    kind: fc.constant('pay' as const),
    tenancy: fc.nat(2),
    cents: fc.integer({ min: 1, max: 3_000_000 }),
    deposit: fc.boolean(),
  }),
  fc.record({ kind: fc.constant('later' as const), days: fc.integer({ min: 1, max: 75 }) }),
  fc.record({ kind: fc.constant('reverse' as const), tenancy: fc.nat(2), pick: fc.nat(20) }),
  fc.record({ kind: fc.constant('end' as const), tenancy: fc.nat(2), applyDeposit: fc.boolean() }),
);

let seq = 0;

describe('the money figures against the journal, for random histories', () => {
  it('equal a fold over the journal lines after any bookings, runs, payments, reversals and endings', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 3, maxLength: 10 }), async (commands) => {
        let agency: Agency = await agencyWithOwner(app);
        const place = await estate(app, agency, { houses: 3, rent: '9,999.99', deposit: '15,000' });
        const tenants = [await place.tenant(), await place.tenant(), await place.tenant()];
        const booked: (number | undefined)[] = [];
        // Two tenancies from the start, so most histories have money to age.
        for (const c of [
          { kind: 'book', house: 0 } as const,
          { kind: 'book', house: 1 } as const,
          ...commands,
        ]) {
          const tenancyId = 'tenancy' in c ? booked[c.tenancy] : undefined;
          if (c.kind === 'book' && booked[c.house] === undefined) {
            booked[c.house] = await bookOk(app, agency, place.houseIds[c.house]!, tenants[c.house]!);
          } else if (c.kind === 'pay' && tenancyId) {
            await pay(
              app,
              agency,
              tenancyId,
              formatAmount(c.cents),
              `prop-${++seq}`,
              c.deposit ? 'Deposit' : 'Rent',
            );
          } else if (c.kind === 'later') {
            clock.advance(c.days * 86_400_000);
            agency = await signInAgain(app, agency);
            await runInvoices(app, agency);
          } else if (c.kind === 'reverse' && tenancyId) {
            const lines = (await statementOf(app, agency, tenancyId)).json() as {
              TransactionId: number;
              Reversible: boolean;
            }[];
            const reversible = lines.filter((l) => l.Reversible);
            // Some are refused (a deposit receipt already applied): the figures must hold either way.
            if (reversible.length)
              await reverse(app, agency, reversible[c.pick % reversible.length]!.TransactionId);
          } else if (c.kind === 'end' && tenancyId) {
            await terminate(app, agency, tenancyId, { applyDeposit: c.applyDeposit });
          }
        }
        const res = await app.inject({
          method: 'GET',
          url: `/api/dashboard/money?managingAgentId=${agency.agentId}`,
          headers: agency.auth,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual(await figuresFromJournal(app.database.db, agency.agentId, clock.now()));
      }),
      { numRuns: 5 },
    );
  }, 60_000);
});
