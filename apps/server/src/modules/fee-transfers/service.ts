import {
  FEE_TRANSFER_MESSAGES,
  MONEY_OUT_MESSAGES,
  accountingDate,
  centsToAmount,
  shareFeeTransfer,
  type FeeTransfer,
  type FeeTransferRequest,
  type ReverseFeeTransferRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { postLandlordTxns, reverseLandlordTxn } from '../landlord-money/journal';
import * as repo from './repository';

type TransferInput = z.output<typeof FeeTransferRequest>;
type ReverseInput = z.output<typeof ReverseFeeTransferRequest>;

/**
 * The agency's earned commission and fees moved from the client account to
 * its office account (docs/decisions/035-fee-transfers.md): never above what
 * was earned and not yet taken, one landlord-journal entry per landlord whose
 * commission it takes (commission debit, cash credit), all in one transaction.
 * The VAT charged on the fees is taken with them (decision 054).
 */
export function feeTransferService({ db, clock }: { db: Db; clock: Clock }) {
  const recordOnce = (agentId: number, caller: Caller, input: TransferInput) =>
    db.transaction(async (tx) => {
      await repo.lockAgent(tx, agentId);
      const earlier = await repo.transferByKey(tx, agentId, input.idempotencyKey);
      if (earlier) {
        if (earlier.amount !== input.Amount || earlier.transferredOn !== input.TransferredOn || earlier.reference !== input.Reference) {
          throw new Conflict(FEE_TRANSFER_MESSAGES.otherKey);
        }
        return { message: FEE_TRANSFER_MESSAGES.recorded, TransferId: earlier.transferId };
      }
      const landlords = await repo.commissionNotTaken(tx, agentId);
      // A landlord's commission below zero (a receipt reversed after its commission was taken) is owed back by the agency: it lowers what may go.
      const available = Math.max(0, landlords.reduce((sum, l) => sum + l.notTaken, 0));
      if (input.Amount > available) throw new Invalid(FEE_TRANSFER_MESSAGES.overEarned(input.Amount, available));
      const shares = shareFeeTransfer(input.Amount, landlords);
      // The VAT charged on the fees goes with them, in its proportion to what is not taken: the agency pays KRA from its office account (decision 054).
      const vatOf = new Map(landlords.map((l) => [l.landlordNo, l]));
      const vatPart = (s: { landlordNo: number; amount: number }) => {
        const l = vatOf.get(s.landlordNo)!;
        return l.vat === 0 || l.notTaken <= 0 ? 0 : Math.min(l.vat, Math.round((s.amount * l.vat) / l.notTaken));
      };
      const transferId = await repo.insertTransfer(tx, {
        agentId,
        transferredOn: input.TransferredOn,
        amount: input.Amount,
        reference: input.Reference,
        note: input.Note,
        key: input.idempotencyKey,
        at: clock.now(),
        by: caller.userNo,
      });
      const txnIds = await postLandlordTxns(
        tx,
        shares.map((s) => ({
          agentId,
          kind: 'fee_transfer' as const,
          landlordNo: s.landlordNo,
          propId: null,
          tenancyId: null,
          journalTxnId: null,
          postedAt: clock.now(),
          moneyDate: input.TransferredOn,
          details: `Fees transfer ${transferId} to the agency's office account ${input.Reference}`,
          postedBy: caller.userNo,
          lines: [
            { account: 'commission' as const, credit: -(s.amount - vatPart(s)) },
            { account: 'vat_output' as const, credit: -vatPart(s) },
            { account: 'cash' as const, credit: s.amount },
          ],
        })),
      );
      await repo.insertParts(tx, transferId, shares.map((s, i) => ({ ...s, txnId: txnIds[i]! })));
      return { message: FEE_TRANSFER_MESSAGES.recorded, TransferId: transferId };
    });

  return {
    /**
     * In one transaction: the agency locked (two transfers at once, or one
     * sent twice, are taken one after the other), the form's key looked up (a
     * second submission answers the first transfer), what was earned and not
     * taken checked, then posted.
     */
    async record(agentId: number, caller: Caller, input: TransferInput) {
      if (input.TransferredOn > accountingDate(clock.now())) throw new Invalid(MONEY_OUT_MESSAGES.dateInFuture);
      try {
        return await recordOnce(agentId, caller, input);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(FEE_TRANSFER_MESSAGES.otherKey);
        throw error;
      }
    },

    /** The contra entries of a transfer, with its reason: the fees are in the client account again, not taken; the transfer stays listed as reversed. */
    async reverse(agentId: number, caller: Caller, input: ReverseInput) {
      return db.transaction(async (tx) => {
        const t = await repo.transferForUpdate(tx, agentId, input.TransferId);
        if (!t) throw new NotFound(FEE_TRANSFER_MESSAGES.notFound);
        if (t.reversed) throw new Conflict(FEE_TRANSFER_MESSAGES.alreadyReversed);
        const reversals: { landlordNo: number; txnId: number }[] = [];
        for (const part of t.parts) {
          const txnId = await reverseLandlordTxn(tx, {
            agentId,
            txnId: part.txnId,
            details: `Reversal of fees transfer ${t.transferId}: ${input.reason}`,
            postedAt: clock.now(),
            moneyDate: accountingDate(clock.now()),
            postedBy: caller.userNo,
          });
          if (txnId === null) throw new Conflict(FEE_TRANSFER_MESSAGES.alreadyReversed);
          reversals.push({ landlordNo: part.landlordNo, txnId });
        }
        await repo.markReversed(tx, { transferId: t.transferId, at: clock.now(), reason: input.reason, reversals });
        return { message: FEE_TRANSFER_MESSAGES.reversed };
      });
    },

    async list(agentId: number): Promise<FeeTransfer[]> {
      return (await repo.transfersOf(db, agentId)).map((r) => ({
        TransferId: Number(r.transfer_id),
        TransferredOn: String(r.transferred_on),
        Amount: centsToAmount(Number(r.amount_cents)),
        Reference: String(r.reference),
        Note: String(r.note),
        Status: r.reversed_at == null ? ('transferred' as const) : ('reversed' as const),
        ReversalReason: r.reversal_reason == null ? null : String(r.reversal_reason),
        Landlords: (r.parts as { landlord_no: number; full_name: string; amount_cents: number }[]).map((p) => ({
          LandlordNo: Number(p.landlord_no),
          Landlord_name: String(p.full_name),
          Amount: centsToAmount(Number(p.amount_cents)),
        })),
      }));
    },
  };
}

export type FeeTransferService = ReturnType<typeof feeTransferService>;
