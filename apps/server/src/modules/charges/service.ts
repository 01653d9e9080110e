import {
  CHARGE_MESSAGES,
  accountingDate,
  accountingMonth,
  centsToAmount,
  formatKsh,
  kindName,
  recurringChargeFromMonth,
  type PropertyCharges,
  type TenancyCharges,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import { postReversal, transactionOf } from '../ledger/corrections';
import { tenancyMoney } from '../ledger/posting';
import { requireManaged, tenancyFor } from '../tenancies/view';
import { openChargesOf } from './allocation';
import { applyCreditAndCollect } from './credit';
import { postPenalties } from './penalties';
import * as repo from './repository';
import * as settings from './settings-repository';

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

export function chargesService({ db, clock }: { db: Db; clock: Clock }) {
  const requireProperty = async (agentId: number, propId: number) => {
    if (!(await settings.propertyOf(db, agentId, propId))) throw new NotFound(CHARGE_MESSAGES.propertyNotFound);
  };

  const service = {
    /** A property's recurring charges (with each house's own amount) and its penalty rule. */
    async property(agentId: number, propId: number): Promise<PropertyCharges> {
      await requireProperty(agentId, propId);
      const [charges, rule] = [await settings.chargesOfProperty(db, propId), await settings.penaltyRuleOf(db, propId)];
      return {
        PropId: propId,
        Charges: charges.map((c) => ({
          ChargeId: c.chargeId,
          Name: c.name,
          Amount: centsToAmount(c.amount),
          PassThrough: c.passThrough,
          FromMonth: c.fromMonth,
          Active: c.active,
          Houses: c.houses.map((h) => ({ HouseId: h.houseId, House_number: h.houseNumber, Amount: centsToAmount(h.amount) })),
        })),
        Penalty: rule
          ? {
              AfterDay: rule.afterDay,
              Percent: rule.percentBp === null ? null : rule.percentBp / 100,
              Amount: rule.fixedCents === null ? null : centsToAmount(rule.fixedCents),
              FromMonth: rule.fromMonth,
              Active: rule.active,
            }
          : null,
      };
    },

    /** A new monthly charge, posted by the run from the next month on (this month when created on its 1st: decision 047). */
    async create(agentId: number, by: number, input: { PropId: number; Name: string; Amount: number; PassThrough: boolean; FromMonth?: string | undefined }) {
      const now = clock.now();
      if (input.FromMonth !== undefined && `${input.FromMonth}-01` < accountingMonth(now)) throw new Invalid(CHARGE_MESSAGES.fromMonthPast);
      await requireProperty(agentId, input.PropId);
      const chargeId = await settings.insertCharge(db, {
        agentId,
        propId: input.PropId,
        name: input.Name,
        amount: input.Amount,
        passThrough: input.PassThrough,
        fromMonth: input.FromMonth === undefined ? recurringChargeFromMonth(now) : `${input.FromMonth}-01`,
        at: now,
        by,
      });
      if (chargeId === null) throw new Conflict(CHARGE_MESSAGES.nameTaken);
      return { message: CHARGE_MESSAGES.created, ChargeId: chargeId };
    },

    async update(agentId: number, input: { ChargeId: number; Amount?: number | undefined; PassThrough?: boolean | undefined; Active?: boolean | undefined }) {
      return db.transaction(async (tx) => {
        const charge = await settings.chargeOf(tx, agentId, input.ChargeId);
        if (!charge) throw new NotFound(CHARGE_MESSAGES.notFound);
        await settings.updateCharge(tx, charge.chargeId, { amount: input.Amount, passThrough: input.PassThrough, active: input.Active });
        const message = input.Active === false ? CHARGE_MESSAGES.stopped : CHARGE_MESSAGES.updated;
        return { message, ChargeId: charge.chargeId };
      });
    },

    /** One house's own amount for a charge (0: the house is not charged), or back to the property's. */
    async setHouseAmount(agentId: number, input: { ChargeId: number; HouseId: number; Amount?: number | undefined }) {
      return db.transaction(async (tx) => {
        const charge = await settings.chargeOf(tx, agentId, input.ChargeId);
        if (!charge) throw new NotFound(CHARGE_MESSAGES.notFound);
        if (!(await settings.houseOnProperty(tx, charge.propId, input.HouseId))) throw new NotFound(CHARGE_MESSAGES.houseNotFound);
        await settings.setHouseAmount(tx, { chargeId: charge.chargeId, houseId: input.HouseId, agentId, amount: input.Amount ?? null });
        return { message: input.Amount === undefined ? CHARGE_MESSAGES.houseAmountCleared : CHARGE_MESSAGES.houseAmountSet, ChargeId: charge.chargeId };
      });
    },

    async setPenaltyRule(
      agentId: number,
      by: number,
      input: { PropId: number; Active: boolean; AfterDay: number; Percent?: number | undefined; Amount?: number | undefined },
    ) {
      await requireProperty(agentId, input.PropId);
      const now = clock.now();
      await settings.savePenaltyRule(db, {
        propId: input.PropId,
        agentId,
        afterDay: input.AfterDay,
        percentBp: input.Percent == null ? null : Math.round(input.Percent * 100),
        fixedCents: input.Amount ?? null,
        active: input.Active,
        month: accountingMonth(now),
        at: now,
        by,
      });
      return { message: input.Active ? CHARGE_MESSAGES.penaltySaved : CHARGE_MESSAGES.penaltyOff };
    },

    /**
     * The day's penalties for one agency: every month whose day D has passed
     * and whose rent is still unpaid, caught up after downtime. One run per
     * agency and Nairobi day (a unique index); two at once, one charges.
     */
    async runPenalties(agentId: number, runBy: number, automatic = false) {
      const now = clock.now();
      const day = accountingDate(now);
      return db.transaction(async (tx) => {
        const runId = await settings.insertPenaltyRun(tx, { agentId, day, at: now, by: runBy, automatic });
        if (runId === null) throw new Conflict(CHARGE_MESSAGES.penaltiesAlreadyRun);
        const { charged, amount } = await postPenalties(tx, { agentId, runId, today: day, postedAt: now, postedBy: runBy });
        await applyCreditAndCollect(tx, { agentId }, { postedAt: now, postedBy: runBy });
        await settings.recordPenaltyRun(tx, runId, charged, amount);
        const message = charged ? CHARGE_MESSAGES.penaltiesDone(charged, formatKsh(amount)) : CHARGE_MESSAGES.penaltiesNone;
        return { message, day, charged, amount: centsToAmount(amount) };
      });
    },

    /** The scheduler's look: every agency with a rule on and no run today gets one, signed by its owner. */
    async runPenaltiesAutomatic(log?: Log) {
      const done: number[] = [];
      for (const { agentId, ownerUserNo } of await settings.penaltyRunsDue(db, accountingDate(clock.now()))) {
        try {
          const result = await service.runPenalties(agentId, ownerUserNo, true);
          done.push(agentId);
          log?.info({ agentId, charged: result.charged }, 'automatic penalty run');
        } catch (error) {
          if (!(error instanceof Conflict)) log?.error({ err: error, agentId }, 'automatic penalty run failed');
        }
      }
      return done;
    },

    async penaltyRuns(agentId: number) {
      return (await settings.penaltyRunHistory(db, agentId)).map((r) => ({
        Day: r.day,
        RunDate: new Date(r.run_at).toISOString(),
        RunBy: r.full_name,
        Charged: Number(r.charged_count),
        Amount: centsToAmount(Number(r.amount_cents)),
        Automatic: Boolean(r.automatic),
      }));
    },

    /** Waiving a penalty: its contra entry with the reason; the penalty stays on the statement. */
    async waive(scope: AgentScope, by: number, input: { TransactionId: number; reason: string }) {
      return db.transaction(async (tx) => {
        const original = await transactionOf(tx, scope.agentId, input.TransactionId);
        if (!original) throw new NotFound(CHARGE_MESSAGES.transactionNotFound);
        requireManaged(await tenancyFor(tx, scope, original.tenancyId, true));
        if (original.kind !== 'penalty') throw new Invalid(CHARGE_MESSAGES.notAPenalty);
        if (original.reversedBy !== null) throw new Conflict(CHARGE_MESSAGES.alreadyWaived);
        const txnId = await postReversal(tx, {
          agentId: scope.agentId,
          txnId: original.txnId,
          details: `Penalty waived: ${input.reason}`,
          postedAt: clock.now(),
          postedBy: by,
        });
        if (txnId === null) throw new Conflict(CHARGE_MESSAGES.alreadyWaived);
        // A penalty already paid leaves its money held: it pays what else is open, and the penalty's share is taken back.
        await applyCreditAndCollect(tx, { agentId: scope.agentId, tenancyIds: [original.tenancyId] }, { postedAt: clock.now(), postedBy: by });
        return {
          message: CHARGE_MESSAGES.waived,
          TransactionId: txnId,
          Waives: original.txnId,
          RentBalance: centsToAmount((await tenancyMoney(tx, original.tenancyId)).balance),
        };
      });
    },

    /** A tenancy's balance by kind beside RentBalance, its open charges and how each receipt was applied. */
    async tenancy(scope: AgentScope, tenancyId: number): Promise<TenancyCharges> {
      const access = await tenancyFor(db, scope, tenancyId);
      const [money, kinds, open, applied, optOut] = [
        await tenancyMoney(db, access.tenancyId),
        await repo.kindBalances(db, access.tenancyId),
        await openChargesOf(db, access.tenancyId),
        await repo.allocationsOfTenancy(db, access.tenancyId),
        await repo.remindersOptOut(db, access.tenancyId),
      ];
      const details = new Map((await repo.chargeDetails(db, open.map((o) => o.txnId))).map((d) => [d.txnId, d.details]));
      return {
        RentBalance: centsToAmount(money.balance),
        Kinds: kinds.map((k) => ({ Kind: k.sub, Name: kindName(k.sub, k.name), Balance: centsToAmount(k.balance) })),
        Open: open.map((o) => ({
          TransactionId: o.txnId,
          Details: details.get(o.txnId) ?? '',
          Month: o.month,
          Amount: centsToAmount(o.amount),
          Open: centsToAmount(o.open),
        })),
        Applied: applied.map((a) => ({
          ReceiptTransactionId: a.receiptTxnId,
          ChargeTransactionId: a.chargeTxnId,
          Details: a.details,
          Amount: centsToAmount(a.amount),
        })),
        RemindersOptOut: optOut,
      };
    },
  };
  return service;
}

export type ChargesService = ReturnType<typeof chargesService>;
