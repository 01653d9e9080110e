import {
  MONEY_OUT_MESSAGES,
  PASS_THROUGH_MESSAGES,
  accountingDate,
  centsToAmount,
  type PassThroughOwed,
  type PassThroughPayment,
  type PassThroughPaymentRequest,
  type ReversePassThroughPaymentRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { lockLandlord, postLandlordTxn, reverseLandlordTxn } from '../landlord-money/journal';
import * as repo from './repository';

type PaymentInput = z.output<typeof PassThroughPaymentRequest>;
type ReverseInput = z.output<typeof ReversePassThroughPaymentRequest>;
type Row = Record<string, string | number | null>;

/** The charge as a refusal names it: the recurring charge's own name, or water. */
const chargeLabel = (r: Row) => (r.charge_name == null ? 'Water' : String(r.charge_name));

/**
 * Paying pass-through money onward (docs/decisions/031-pass-through-payments.md):
 * per property and charge, never above what tenants paid on it less what was
 * paid onward before; one landlord-journal entry that clears the payable in
 * the trust identity and leaves the landlord's own balance as it was.
 */
export function passThroughService({ db, clock }: { db: Db; clock: Clock }) {
  const recordOnce = (agentId: number, caller: Caller, input: PaymentInput) =>
    db.transaction(async (tx) => {
      const property = await repo.propertyOf(tx, agentId, input.PropId);
      if (!property) throw new NotFound();
      await lockLandlord(tx, property.landlordNo);
      const earlier = await repo.paymentByKey(tx, agentId, input.idempotencyKey);
      if (earlier) {
        if (
          earlier.propId !== input.PropId ||
          earlier.charge !== input.Charge ||
          earlier.amount !== input.Amount
        ) {
          throw new Conflict(PASS_THROUGH_MESSAGES.otherKey);
        }
        return { message: PASS_THROUGH_MESSAGES.recorded, PaymentId: earlier.paymentId };
      }
      const state = (
        await repo.owedOnward(tx, agentId, { propId: property.propId, charge: input.Charge })
      )[0];
      if (!state) throw new Invalid(PASS_THROUGH_MESSAGES.nothingOwed);
      const owed = Number(state.owed);
      if (input.Amount > owed)
        throw new Invalid(
          PASS_THROUGH_MESSAGES.overOwed(input.Amount, Math.max(owed, 0), chargeLabel(state), property.name),
        );
      const txnId = await postLandlordTxn(tx, {
        agentId,
        kind: 'pass_through_payment',
        landlordNo: property.landlordNo,
        propId: property.propId,
        tenancyId: null,
        journalTxnId: null,
        postedAt: clock.now(),
        moneyDate: input.PaidOn,
        details: `${chargeLabel(state)} paid onward to ${input.Payee}${input.Reference ? ` ${input.Reference}` : ''}`,
        postedBy: caller.userNo,
        lines: [
          { account: 'pass_through', credit: -input.Amount, sub: input.Charge },
          { account: 'cash', credit: input.Amount },
        ],
      });
      const paymentId = await repo.insertPayment(tx, {
        agentId,
        propId: property.propId,
        landlordNo: property.landlordNo,
        charge: input.Charge,
        payee: input.Payee,
        paidOn: input.PaidOn,
        amount: input.Amount,
        method: input.Method,
        reference: input.Reference,
        note: input.Note,
        key: input.idempotencyKey,
        txnId,
        at: clock.now(),
        by: caller.userNo,
      });
      return { message: PASS_THROUGH_MESSAGES.recorded, PaymentId: paymentId };
    });

  return {
    /**
     * In one transaction: the property's landlord locked (two payments onward
     * at once, or one sent twice, are taken one after the other), the form's
     * key looked up (a second submission answers the first payment), what is
     * owed onward checked, then posted.
     */
    async record(agentId: number, caller: Caller, input: PaymentInput) {
      if (input.PaidOn > accountingDate(clock.now())) throw new Invalid(MONEY_OUT_MESSAGES.dateInFuture);
      try {
        return await recordOnce(agentId, caller, input);
      } catch (error) {
        // The landlord lock serialises one property's payments only: the same form key sent at once for two
        // properties of different landlords meets at the key's unique index, and the second is the other form.
        if (isUniqueViolation(error)) throw new Conflict(PASS_THROUGH_MESSAGES.otherKey);
        throw error;
      }
    },

    /** The contra entry of a payment onward, with its reason: the money is owed onward again; the payment stays listed as reversed. */
    async reverse(agentId: number, caller: Caller, input: ReverseInput) {
      return db.transaction(async (tx) => {
        const p = await repo.paymentForUpdate(tx, agentId, input.PaymentId);
        if (!p) throw new NotFound(PASS_THROUGH_MESSAGES.notFound);
        if (p.reversed) throw new Conflict(PASS_THROUGH_MESSAGES.alreadyReversed);
        const reversal = await reverseLandlordTxn(tx, {
          agentId,
          txnId: p.txnId,
          details: `Reversal of payment onward ${p.paymentId}: ${input.reason}`,
          postedAt: clock.now(),
          moneyDate: accountingDate(clock.now()),
          postedBy: caller.userNo,
        });
        if (reversal === null) throw new Conflict(PASS_THROUGH_MESSAGES.alreadyReversed);
        await repo.markReversed(tx, p.paymentId, reversal, input.reason);
        return { message: PASS_THROUGH_MESSAGES.reversed };
      });
    },

    /** Per property and pass-through charge: collected, paid onward, owed onward. */
    async owed(agentId: number, landlordNo?: number): Promise<PassThroughOwed[]> {
      return (await repo.owedOnward(db, agentId, { landlordNo })).map((r) => ({
        PropId: Number(r.prop_id),
        Property_name: String(r.property_name),
        LandlordNo: Number(r.landlord_no),
        Landlord_name: String(r.full_name),
        Charge: String(r.sub_account),
        Charge_name: r.charge_name == null ? null : String(r.charge_name),
        Collected: centsToAmount(Number(r.collected)),
        PaidOnward: centsToAmount(Number(r.paid)),
        Owed: centsToAmount(Number(r.owed)),
      }));
    },

    async list(agentId: number, landlordNo?: number): Promise<PassThroughPayment[]> {
      return (await repo.paymentsOf(db, agentId, landlordNo)).map((r) => ({
        PaymentId: Number(r.payment_id),
        PropId: Number(r.prop_id),
        Property_name: String(r.property_name),
        LandlordNo: Number(r.landlord_no),
        Charge: String(r.sub_account),
        Charge_name: r.charge_name == null ? null : String(r.charge_name),
        Payee: String(r.payee),
        PaidOn: String(r.paid_on),
        Amount: centsToAmount(Number(r.amount_cents)),
        Method: String(r.method),
        Reference: String(r.reference),
        Note: String(r.note),
        Status: r.reversal_txn_id == null ? ('paid' as const) : ('reversed' as const),
        ReversalReason: r.reversal_reason == null ? null : String(r.reversal_reason),
      }));
    },
  };
}

export type PassThroughService = ReturnType<typeof passThroughService>;
