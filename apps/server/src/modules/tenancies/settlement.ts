import { DEPOSIT_LEDGER_NAME, PAYMENT_MESSAGES, SETTLEMENT_MESSAGES, centsToAmount, depositSettlement, formatKsh } from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import { Invalid } from '../../errors';
import { postDepositApplied, postDepositRefund } from '../ledger/corrections';
import { tenancyMoney } from '../ledger/posting';
import { ledgerNamed } from '../money/repository';

export interface SettlementChoice {
  applyDeposit?: boolean | undefined;
  refundAmount?: number | undefined;
  refundDetails?: string | undefined;
}

/**
 * Settles an ended tenancy inside the caller's transaction (the tenancy row
 * locked): the held deposit to rent arrears, then a refund of at most what is
 * still held, out of the Deposit ledger. Each choice is its own balanced entry.
 */
export async function settleTenancy(
  tx: DbOrTx,
  t: { agentId: number; tenancyId: number; postedAt: Date; postedBy: number },
  choice: SettlementChoice,
) {
  const messages: string[] = [];
  let applied = 0;
  let refunded = 0;
  if (choice.applyDeposit) {
    const { apply } = depositSettlement(await tenancyMoney(tx, t.tenancyId));
    if (apply > 0) {
      await postDepositApplied(tx, { ...t, amount: apply });
      applied = apply;
      messages.push(SETTLEMENT_MESSAGES.applied(formatKsh(apply)));
    }
  }
  if (choice.refundAmount) {
    const held = (await tenancyMoney(tx, t.tenancyId)).depositHeld;
    if (choice.refundAmount > held) throw new Invalid(SETTLEMENT_MESSAGES.refundTooLarge);
    const ledger = await ledgerNamed(tx, t.agentId, DEPOSIT_LEDGER_NAME);
    if (!ledger) throw new Invalid(PAYMENT_MESSAGES.ledgerRequired);
    await postDepositRefund(tx, { ...t, amount: choice.refundAmount, ledgerId: ledger.ledgerId, details: `Deposit refund: ${choice.refundDetails ?? ''}`.trim() });
    refunded = choice.refundAmount;
    messages.push(SETTLEMENT_MESSAGES.refunded(formatKsh(refunded)));
  }
  const after = await tenancyMoney(tx, t.tenancyId);
  return {
    messages,
    Applied: centsToAmount(applied),
    Refunded: centsToAmount(refunded),
    RentBalance: centsToAmount(after.balance),
    DepositHeld: centsToAmount(after.depositHeld),
  };
}
