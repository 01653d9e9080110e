import {
  DEPOSIT_ADJUSTMENT_DETAILS,
  DEPOSIT_LEDGER_NAME,
  PAYMENT_MESSAGES,
  RENT_LEDGER_NAME,
  SETTLEMENT_MESSAGES,
  centsToAmount,
  depositSettlement,
  depositTrueUp,
  formatKsh,
  refundSplit,
} from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { Invalid } from '../../errors';
import { applyCredit } from '../charges/credit';
import { recordCollections } from '../landlord-money/collections';
import { postDepositApplied, postDepositRefund } from '../ledger/corrections';
import { tenancyMoney } from '../ledger/posting';
import { postCreditRefund, postDepositAdjustment } from '../ledger/settlement-posting';
import { ledgerNamed } from '../money/repository';

export interface SettlementChoice {
  applyDeposit?: boolean | undefined;
  refundAmount?: number | undefined;
  refundDetails?: string | undefined;
}

type Settling = { agentId: number; tenancyId: number; postedAt: Date; postedBy: number };

async function ledgerId(tx: DbOrTx, agentId: number, name: string) {
  const ledger = await ledgerNamed(tx, agentId, name);
  if (!ledger) throw new Invalid(PAYMENT_MESSAGES.ledgerRequired);
  return ledger.ledgerId;
}

/**
 * Settles an ended tenancy inside the caller's transaction (the tenancy row
 * locked). First the deposit owed is set to what is held, since no deposit is
 * owed once a tenancy has ended; then the held deposit to rent arrears; then a
 * refund of the held deposit out of the Deposit ledger and, beyond it, of the
 * tenant's credit out of the Rent ledger. Each step is its own balanced entry.
 */
export async function settleTenancy(tx: DbOrTx, t: Settling, choice: SettlementChoice) {
  const messages: string[] = [];
  let applied = 0;
  let refunded = 0;
  const trueUp = depositTrueUp(await tenancyMoney(tx, t.tenancyId));
  await postDepositAdjustment(tx, { ...t, ...trueUp, details: DEPOSIT_ADJUSTMENT_DETAILS });
  if (choice.applyDeposit) {
    const { apply } = depositSettlement(await tenancyMoney(tx, t.tenancyId));
    if (apply > 0) {
      await postDepositApplied(tx, { ...t, amount: apply });
      applied = apply;
      messages.push(SETTLEMENT_MESSAGES.applied(formatKsh(apply)));
    }
  }
  // The deposit applied and a deposit credit moved to rent pay every kind still open, oldest first.
  await applyCredit(tx, { agentId: t.agentId, tenancyIds: [t.tenancyId] }, t);
  if (choice.refundAmount) {
    const split = refundSplit(await tenancyMoney(tx, t.tenancyId), choice.refundAmount);
    if (!split) throw new Invalid(SETTLEMENT_MESSAGES.refundTooLarge);
    const details = choice.refundDetails ?? '';
    if (split.fromDeposit > 0) {
      const deposit = await ledgerId(tx, t.agentId, DEPOSIT_LEDGER_NAME);
      await postDepositRefund(tx, { ...t, amount: split.fromDeposit, ledgerId: deposit, details: `Deposit refund: ${details}`.trim() });
      messages.push(SETTLEMENT_MESSAGES.refunded(formatKsh(split.fromDeposit)));
    }
    if (split.fromCredit > 0) {
      const rent = await ledgerId(tx, t.agentId, RENT_LEDGER_NAME);
      await postCreditRefund(tx, { ...t, amount: split.fromCredit, ledgerId: rent, details: `Credit refund: ${details}`.trim() });
      messages.push(SETTLEMENT_MESSAGES.creditRefunded(formatKsh(split.fromCredit)));
    }
    refunded = choice.refundAmount;
  }
  // Whatever of the above paid rent (the deposit applied, a deposit credit moved to rent) is the landlord's now.
  await recordCollections(tx, [t.tenancyId], { journalTxnId: null, postedAt: t.postedAt, postedBy: t.postedBy, details: 'Rent paid at the end of the tenancy' });
  const after = await tenancyMoney(tx, t.tenancyId);
  return {
    messages,
    Applied: centsToAmount(applied),
    Refunded: centsToAmount(refunded),
    RentBalance: centsToAmount(after.balance),
    DepositHeld: centsToAmount(after.depositHeld),
  };
}
