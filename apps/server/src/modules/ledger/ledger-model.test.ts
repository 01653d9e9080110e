import { accountingDate, accountingMonth, amountToCents, nextMonth } from '@makazi/domain';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../clock';
import { createTestApp } from '../../test/app';
import { chargesApi } from '../../test/charges';
import { signInAgain } from '../../test/accounts';
import { agencyWithOwner, bookOk, estate, pay, statementOf, type Agency } from '../../test/estate';
import {
  Book,
  CloseByHand,
  LaterDays,
  MpesaAssign,
  MpesaPay,
  MpesaReverse,
  NextMonth,
  PayAmendment,
  PayMri,
  PayOnward,
  PayOut,
  Receive,
  Remit,
  Reverse,
  ReverseFeeTransfer,
  ReverseOnward,
  Run,
  SetAgreement,
  Terminate,
  TransferFees,
  ledgerCommands,
  type LedgerReal,
} from '../../test/ledger-commands';
import { setAgreement } from '../../test/landlord';
import { setPaybill } from '../../test/mpesa';
import { LedgerModel, type ModelCharges } from '../../test/ledger-model';

/**
 * Model-based: random sequences of bookings, receipts (and their retries,
 * and receipts pointed at one charge), months and days passing, monthly runs
 * with a recurring charge, penalty runs and waivers, terminations with
 * settlement, reversals, and M-Pesa payments (imported, reversed, posted
 * again from the queue) run
 * against the API and against a small pure model (test/ledger-model.ts); after
 * each command the balances, MonthLapse, deposits, lists and statements must be
 * the model's, and so must the landlord side: the landlord's balance, the
 * commission, the tax payable and the pass-through payable (money passed on,
 * less what was paid onward to its third party, with payments onward sent
 * twice and reversed), with the trust identity holding. `npm run test:mutants` checks this test catches known bugs.
 */
const clock = manualClock(new Date('2026-06-10T09:00:00Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({}, { clock });
});
afterAll(() => app.close());

const RUNS = Number(process.env.LEDGER_MODEL_RUNS ?? 12);
let round = 0;

/**
 * An agency with three houses, a service charge of 500 a month and a 10%
 * penalty on rent unpaid after the 12th. Every other round the service
 * charge is passed through (owed onward, not the landlord's).
 */
async function freshSetup(passThrough = round % 2 === 1): Promise<{ real: LedgerReal; charges: ModelCharges }> {
  const agency = await agencyWithOwner(app);
  const { propId, houseIds, tenant, landlordNo } = await estate(app, agency, { houses: 3, rent: '7,000', deposit: '3,500.50' });
  // The agency manages the property at 10% and withholds MRI; the commands may change that.
  expect((await setAgreement(app, agency, propId, { CommissionPercent: '10.00', WithholdTax: true })).statusCode).toBe(200);
  const api = chargesApi(app);
  const service = await api.addCharge(agency, { PropId: propId, Name: 'Service charge', Amount: '500', PassThrough: passThrough });
  await api.penaltyRule(agency, { PropId: propId, AfterDay: 12, Percent: 10 });
  // M-Pesa payments come in on the paybill's statement import and through its queue.
  await setPaybill(app, agency);
  const month = accountingMonth(clock.now());
  // A charge created after the 1st is billed from the next month (decision 047).
  const serviceFrom = accountingDate(clock.now()).endsWith('-01') ? month : nextMonth(month);
  const charges: ModelCharges = {
    service: { sub: `charge:${service.json().ChargeId}`, name: 'Service charge', amount: amountToCents(500), fromMonth: serviceFrom, passThrough },
    penalty: { afterDay: 12, percent: 10, fromMonth: month },
  };
  round += 1;
  const real = { app, clock, agency, houseIds, propId, landlordNo, rent: amountToCents(7000), deposit: amountToCents(3500.5), tenant: await tenant(), round };
  return { real, charges };
}

/**
 * Pinned beside the random walk: two penalty cases the commands reach too
 * seldom to be relied on (`npm run test:mutants` showed each bug passing 20
 * random runs). The clock is put back for the walk.
 */
describe('penalties, pinned', () => {
  const onDay = (day: number) => clock.set(new Date(`${accountingMonth(clock.now()).slice(0, 8)}${day}T09:00:00Z`));
  const penaltiesOf = async (agency: Agency, tenancyId: number) =>
    ((await statementOf(app, agency, tenancyId)).json() as { TransactionDetails: string; Debit: number }[])
      .filter((l) => l.TransactionDetails.startsWith('Late-payment penalty'))
      .map((l) => l.Debit);

  it('rent paid in full while the deposit is still owed: after day D no penalty (never on the deposit)', async () => {
    const start = clock.now();
    const { real } = await freshSetup();
    const tenancyId = await bookOk(app, real.agency, real.houseIds[0]!, real.tenant);
    expect((await pay(app, real.agency, tenancyId, '7,000', `rent-only-${round}`)).statusCode).toBe(200);
    try {
      onDay(13);
      const agency = await signInAgain(app, real.agency);
      expect((await chargesApi(app).runPenalties(agency)).json()).toMatchObject({ charged: 0 });
      expect(await penaltiesOf(agency, tenancyId)).toEqual([]);
    } finally {
      clock.set(start);
    }
  });

  it('rent unpaid: one penalty on the 13th, none more on the 14th', async () => {
    const start = clock.now();
    const { real } = await freshSetup();
    const tenancyId = await bookOk(app, real.agency, real.houseIds[0]!, real.tenant);
    try {
      onDay(13);
      let agency = await signInAgain(app, real.agency);
      expect((await chargesApi(app).runPenalties(agency)).json()).toMatchObject({ charged: 1, amount: 700 });
      onDay(14);
      agency = await signInAgain(app, agency);
      expect((await chargesApi(app).runPenalties(agency)).json()).toMatchObject({ charged: 0 });
      expect(await penaltiesOf(agency, tenancyId)).toEqual([700]);
    } finally {
      clock.set(start);
    }
  });
});

/**
 * Pinned beside the random walk as well: paying pass-through money onward
 * needs a pass-through charge charged and paid first, which the walk reaches
 * too seldom to be relied on (`npm run test:mutants` showed the bugs passing
 * 20 random runs). The same commands and checks, in an order that gets there.
 */
describe('pass-through money paid onward, pinned', () => {
  it('after every command the payable, the landlord and the trust identity are the model’s', async () => {
    const { real, charges } = await freshSetup(true);
    const model = new LedgerModel(accountingMonth(clock.now()), charges, { commissionBp: 1000, taxBp: 750 });
    model.day = Number(accountingDate(clock.now()).slice(8));
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        new Book(0),
        new Run(),
        new Receive(0, 1_500_000, 'Rent', 1),
        // The service charge is billed from the month after it was set up: the run then pays it from the credit.
        new NextMonth(),
        new Run(),
        new PayOnward(40, true),
        new PayOnward(101, false),
        new ReverseOnward(0),
        new ReverseOnward(0),
        new PayOnward(100, false),
        new PayOnward(101, false),
      ],
    );
    expect(model.landlord.passedOn, 'the service charge was paid and passed on').toBe(charges.service.amount);
    expect(model.landlord.paidOnward, 'all of it paid onward in the end').toBe(charges.service.amount);
  });
});

/**
 * Pinned as well (decision 034): rent paid ahead that the next run uses on
 * the pass-through service charge too, the tenancy then settled with its
 * deposit, and the payment reversed after settlement. The oracle, which knows
 * no kinds, checks what the landlord side counts as collected and what the
 * trust screen holds as credit.
 */
describe('credit across kinds and a correction after settlement, pinned', () => {
  it('after every command the API, the model and the oracle agree', async () => {
    const { real, charges } = await freshSetup(true);
    const model = new LedgerModel(accountingMonth(clock.now()), charges, { commissionBp: 1000, taxBp: 750 });
    model.day = Number(accountingDate(clock.now()).slice(8));
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        new Book(0),
        new Run(),
        new Receive(0, 350_050, 'Deposit', 1),
        // This month's rent, and next month's rent and service charge ahead (nothing left to refund as credit).
        new Receive(0, 1_450_000, 'Rent', 2),
        new NextMonth(),
        new Run(),
        new Terminate(0, true, 100),
        new Reverse(0, 1, true),
      ],
    );
    const t = model.tenancies[0]!;
    expect(t.lines.some((l) => l.kind === 'credit_applied'), 'the credit paid the service charge').toBe(true);
    expect(t.lines.at(-1)!.kind === 'reversal' || t.lines.some((l) => l.kind === 'reversal'), 'the payment was taken back after settlement').toBe(true);
  });
});

/**
 * Pinned as well (decisions 040, 041): tax rounded on the landlord's month
 * (three receipts of 1,001 withhold 75.08, 75.07, 75.08), and agreements set
 * today re-splitting today's money — withholding and commission taken back,
 * saved again moving nothing, brought back at other terms — then an M-Pesa
 * payment of an earlier day reversed and posted again under a later
 * agreement (its day's terms), and the next month's money.
 */
describe('the landlord month and agreements from today, pinned', () => {
  it('after every command the API, the model and the oracle agree', async () => {
    const { real, charges } = await freshSetup(false);
    const model = new LedgerModel(accountingMonth(clock.now()), charges, { commissionBp: 1000, taxBp: 750 });
    model.day = Number(accountingDate(clock.now()).slice(8));
    await fc.asyncModelRun(() => ({ model, real }), [new Book(0), new Receive(0, 100_100, 'Rent', 1), new Receive(0, 100_100, 'Rent', 2), new Receive(0, 100_100, 'Rent', 3)]);
    expect(model.landlord.tax, 'the 7.5% due on 3,003, not 225.24').toBe(22_523);
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        new MpesaPay(0, 100),
        new SetAgreement(0, false, ['rent']),
        new SetAgreement(0, false, ['rent']),
        new SetAgreement(1250, true, ['rent', 'penalty']),
        new LaterDays(2),
        new Receive(0, 100_100, 'Rent', 4),
        new MpesaReverse(0),
        new SetAgreement(333, false, ['rent']),
        new MpesaAssign(0, 0),
        new Receive(0, 100_101, 'Rent', 5),
        new SetAgreement(1000, true, ['rent']),
        new NextMonth(),
        new Run(),
        new Receive(0, 700_000, 'Rent', 6),
        new Reverse(0, 0, true),
        new SetAgreement(0, false, ['rent']),
      ],
    );
    expect(model.entries.filter((e) => e.at.startsWith(model.month) && e.sub === 'rent').reduce((s, e) => s + e.tax, 0), 'this month withholds nothing').toBe(0);
  });
});

/**
 * Pinned as well (decisions 034, 035, 036): the month closes by its MRI paid,
 * then late money (its rent an amendment, the rest paid ahead), a late
 * payout; rent paid ahead used by rent and the service charge at the next
 * run; the amendment paid, then the late money bounced (overpaid);
 * fees transferred and the transfer reversed; the next month remitted and
 * closed; the tenancy settled in it late and its payment reversed after
 * settlement. After every command the month oracle (test/month-oracle.ts)
 * checks every month's owner statement, MRI line and amendment and the trust
 * screen.
 */
describe('closed months, amendments and fee transfers, pinned', () => {
  it('after every command the API, the model and the month oracle agree', async () => {
    const { real, charges } = await freshSetup(false);
    const model = new LedgerModel(accountingMonth(clock.now()), charges, { commissionBp: 1000, taxBp: 750 });
    model.day = Number(accountingDate(clock.now()).slice(8));
    await fc.asyncModelRun(
      () => ({ model, real }),
      [
        new Book(0),
        new Run(),
        new Receive(0, 350_050, 'Deposit', 1),
        // Part of this month's rent.
        new Receive(0, 600_000, 'Rent', 2),
        new TransferFees(40, false),
        new PayMri(1),
        new PayMri(2),
        // Late: dated in the closed month, booked into the next; the rent it pays is an amendment of the month's MRI, the rest is paid ahead.
        new Receive(0, 1_700_000, 'Rent', 3),
        new PayOut('payout', 30, 1),
        new CloseByHand(),
        new NextMonth(),
        new CloseByHand(),
        new Run(),
        new PayAmendment(1, 1),
        // The late payment bounces after its amendment was paid: the amendment is overpaid.
        new Reverse(0, 2, true),
        new PayAmendment(1, 2),
        new ReverseFeeTransfer(0),
        new TransferFees(100, false),
        new Remit(1),
        new Terminate(0, true, 100),
        new Reverse(0, 1, true),
        new PayAmendment(0, 3),
      ],
    );
    expect(model.closedThrough, 'the second month was remitted and closed').toBe(model.month);
    const first = model.startMonth.slice(0, 7);
    expect(model.monthEvents.filter((e) => e.kind === 'amendment' && e.month === first), 'the first month’s amendment paid once').toHaveLength(1);
    expect(model.months().mri(first).AmendmentDue, 'then overpaid by the bounced late money').toBeLessThan(0);
    expect(model.tenancies[0]!.lines.some((l) => l.kind === 'credit_applied'), 'the credit paid the service charge').toBe(true);
  });
});

describe('the ledger against its model', () => {
  // Each run signs up an agency and replays up to 25 commands with a check after each: minutes on a busy machine.
  it('after every command the API shows what the model says', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(ledgerCommands, { maxCommands: 25, size: 'max' }), async (cmds) => {
        const { real, charges } = await freshSetup();
        const model = new LedgerModel(accountingMonth(clock.now()), charges, { commissionBp: 1000, taxBp: 750 });
        model.day = Number(accountingDate(clock.now()).slice(8));
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      // LEDGER_MODEL_SEED and LEDGER_MODEL_PATH replay a failure CI printed.
      {
        numRuns: RUNS,
        ...(process.env.LEDGER_MODEL_SEED ? { seed: Number(process.env.LEDGER_MODEL_SEED), ...(process.env.LEDGER_MODEL_PATH ? { path: process.env.LEDGER_MODEL_PATH } : {}) } : {}),
      },
    );
  }, 300_000);
});
