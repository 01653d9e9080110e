import {
  CHARGE_MESSAGES,
  DEPOSIT_LEDGER_NAME,
  PAYMENT_MESSAGES,
  REVERSAL_MESSAGES,
  centsToAmount,
  depositTrueUp,
  DEPOSIT_ADJUSTMENT_DETAILS,
  DEPOSIT_SHORTFALL_DETAILS,
  receiptNumber,
  type Receipt,
  type ReceiptsFilter,
  type RentReceiptRequest,
  type ReverseTransactionRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { keysetBatches } from '../../db/keyset-batches';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Caller } from '../../plugins/authenticate';
import { openChargesOf } from '../charges/allocation';
import { applyCredit } from '../charges/credit';
import { REVERSIBLE_KINDS, isSettled, postReversal, transactionOf } from '../ledger/corrections';
import { depositAppliedStanding, postDepositAdjustment, postDepositShortfall } from '../ledger/settlement-posting';
import { lockReceiptCounter, receiptByKey, tenancyMoney } from '../ledger/posting';
import { bankDepositOf, mpesaTransIdOf, receiptKey, writeReceipts } from '../ledger/receipt-writer';
import { returnToQueue as returnBankDepositToQueue } from '../bank/repository';
import { returnToQueue } from '../mpesa/queue-repository';
import { paymentCoveredBy } from '../stk/query-receipts';
import { reverseCollections } from '../landlord-money/collections';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import { requireManaged, tenancyFor } from '../tenancies/view';
import * as repo from './repository';

/** Receipts read per statement while an export streams: small enough to start at once, large enough to be few. */
const EXPORT_BATCH = 2_000;

type ReceiptInput = z.output<typeof RentReceiptRequest>;
type ReverseInput = z.output<typeof ReverseTransactionRequest>;

export function moneyService({ db, clock, notices }: { db: Db; clock: Clock; notices: Pick<ReceiptNotifier, 'enqueue' | 'kick'> }) {
  return {
    /**
     * Cash received against a tenancy (active, or ended with a balance), into
     * one of the agent's ledgers. The form's key makes it exactly-once: a
     * double click or a retried request answers the first receipt. The
     * agency's receipt counter is locked first, so of two receipts at once the
     * second numbers after the first, and a repeated key takes no number.
     */
    async receive(scope: AgentScope, caller: Caller, input: ReceiptInput) {
      const answer = await db.transaction(async (tx) => {
        const access = await tenancyFor(tx, scope, input.tenancyID);
        requireManaged(access);
        const ledger = await repo.ledgerNamed(tx, scope.agentId, input.ledgerName);
        if (!ledger) throw new Invalid(PAYMENT_MESSAGES.ledgerRequired);
        const paysDeposit = ledger.ledgerName === DEPOSIT_LEDGER_NAME;

        await lockReceiptCounter(tx, scope.agentId);
        const source = { client: input.idempotencyKey };
        let receipt = await receiptByKey(tx, scope.agentId, receiptKey(source));
        // Money into the Deposit ledger pays the deposit: it is never pointed at a charge.
        const pointedAt = ledger.ledgerName === DEPOSIT_LEDGER_NAME ? null : (input.ChargeTransactionId ?? null);
        if (!receipt && pointedAt !== null && !(await openChargesOf(tx, access.tenancyId)).some((c) => c.txnId === pointedAt)) {
          throw new Invalid(CHARGE_MESSAGES.pointedNotOpen);
        }
        if (receipt) {
          // The same key with other details is a mistake, not a retry.
          if (receipt.tenancyId !== access.tenancyId || receipt.amount !== input.RecievedAmount) throw new Conflict(PAYMENT_MESSAGES.keyReused);
        } else {
          // Owed on an ended tenancy's deposit only when a deposit paid back bounced (decision 034).
          if (paysDeposit && access.endedAt && (await tenancyMoney(tx, access.tenancyId)).depositDue <= 0) throw new Invalid(PAYMENT_MESSAGES.depositAfterEnd);
          const [written] = await writeReceipts(tx, {
            agentId: scope.agentId,
            postedBy: caller.userNo,
            receipts: [
              {
                tenancyId: access.tenancyId,
                ledgerId: ledger.ledgerId,
                paysDeposit,
                amount: input.RecievedAmount,
                details: input.paymentdetails,
                source,
                receivedAt: clock.now(),
                pointedAt,
              },
            ],
          });
          if (!written) throw new Conflict(PAYMENT_MESSAGES.keyReused);
          // The tenant's receipt goes out after commit, from the outbox.
          await notices.enqueue(tx, [written.txnId]);
          receipt = written;
        }
        return {
          message: PAYMENT_MESSAGES.success,
          receiptNo: receiptNumber(receipt.receiptNo),
          TransactionId: receipt.txnId,
          RentBalance: centsToAmount((await tenancyMoney(tx, access.tenancyId)).balance),
        };
      });
      notices.kick();
      return answer;
    },

    /**
     * A correction: the contra entry of a receipt or a charge, naming it and
     * the reason. The original stays; each is reversed at most once.
     */
    async reverse(scope: AgentScope, caller: Caller, input: ReverseInput) {
      return db.transaction(async (tx) => {
        const original = await transactionOf(tx, scope.agentId, input.TransactionId);
        if (!original) throw new NotFound(REVERSAL_MESSAGES.notFound);
        // Locks the tenancy: a settlement of its deposit and this reversal do not interleave.
        const access = await tenancyFor(tx, scope, original.tenancyId, true);
        requireManaged(access);
        if (!(REVERSIBLE_KINDS as readonly string[]).includes(original.kind)) throw new Invalid(REVERSAL_MESSAGES.notReversible);
        if (original.reversedBy !== null) throw new Conflict(REVERSAL_MESSAGES.alreadyReversed);
        // A settled tenancy's charges stay as they were settled. Money that never came (a bounced cheque, an M-Pesa
        // payment Safaricom reversed) is taken back even so: the tenant owes it again (decision 034).
        if (access.endedAt && original.kind !== 'receipt' && (await isSettled(tx, original.tenancyId))) throw new Conflict(REVERSAL_MESSAGES.settled);
        // The deposit was trued up to what was held when the tenancy ended; undoing its charge now would credit rent with money never paid.
        if (access.endedAt && original.kind === 'deposit_charge') throw new Conflict(REVERSAL_MESSAGES.depositChargeEnded);
        const name = original.receiptNo !== null ? receiptNumber(original.receiptNo) : `transaction ${original.txnId}`;
        const details = `Reversal of ${name}: ${input.reason}`;
        const postedAt = clock.now();
        const txnId = await postReversal(tx, { agentId: scope.agentId, txnId: original.txnId, details, postedAt, postedBy: caller.userNo });
        if (txnId === null) throw new Conflict(REVERSAL_MESSAGES.alreadyReversed);
        // An ended tenancy owes no deposit: what is owed on it stays what is held.
        if (access.endedAt) {
          // A deposit applied to arrears that never arrived: the arrears it paid are owed again (the landlord's share
          // goes back with them). What was paid back of it stays owed on the deposit, held below nothing until paid.
          const { depositHeld } = await tenancyMoney(tx, original.tenancyId);
          const reopen = Math.min(Math.max(-depositHeld, 0), await depositAppliedStanding(tx, original.tenancyId));
          if (reopen > 0) {
            await postDepositShortfall(tx, { agentId: scope.agentId, tenancyId: original.tenancyId, postedAt, postedBy: caller.userNo, amount: reopen, details: DEPOSIT_SHORTFALL_DETAILS });
          }
          const trueUp = depositTrueUp(await tenancyMoney(tx, original.tenancyId));
          await postDepositAdjustment(tx, { agentId: scope.agentId, tenancyId: original.tenancyId, postedAt: clock.now(), postedBy: caller.userNo, ...trueUp, details: DEPOSIT_ADJUSTMENT_DETAILS });
        }
        await applyCredit(tx, { agentId: scope.agentId, tenancyIds: [original.tenancyId] }, { postedAt, postedBy: caller.userNo });
        await reverseCollections(tx, {
          agentId: scope.agentId,
          tenancyId: original.tenancyId,
          originalJournalTxnId: original.txnId,
          journalTxnId: txnId,
          details,
          postedAt,
          postedBy: caller.userNo,
        });
        // A receipt posted on STK Push Query's word gives back the payment it holds, if its code came.
        const transId = mpesaTransIdOf(original.key) ?? (await paymentCoveredBy(tx, scope.agentId, original.txnId));
        if (transId !== null) await returnToQueue(tx, scope.agentId, transId);
        // A bank deposit's receipt gives its deposit back to the same queue (decision 053).
        const deposit = bankDepositOf(original.key);
        if (deposit !== null) await returnBankDepositToQueue(tx, scope.agentId, deposit);
        return {
          message: REVERSAL_MESSAGES.done,
          TransactionId: txnId,
          Reverses: original.txnId,
          TenancyId: original.tenancyId,
          RentBalance: centsToAmount((await tenancyMoney(tx, original.tenancyId)).balance),
        };
      });
    },

    async ledgersOf(agentId: number) {
      return (await repo.ledgersOf(db, agentId)).map((l) => ({
        LedgerId: l.ledgerId,
        LedgerName: l.ledgerName,
        TotalReceived: centsToAmount(l.received),
        BroughtForward: centsToAmount(l.broughtForward),
        Receipts: l.receipts,
        PaidOut: centsToAmount(l.paidOut),
        Balance: centsToAmount(l.balance),
      }));
    },

    async receiptsOf(filter: ReceiptsFilter, page: number, pageSize: number) {
      return (await repo.receiptsOf(db, { ...filter, limit: pageSize, offset: (page - 1) * pageSize })).map(toReceipt);
    },

    /**
     * Every receipt the list's filter matches, for a spreadsheet, in the list's order and without a cap: read in
     * batches by keyset (each batch one short statement, no transaction held open), so the file streams as it is read.
     */
    async *exportReceipts(filter: ReceiptsFilter, batch = EXPORT_BATCH): AsyncGenerator<Receipt[]> {
      const batches = keysetBatches(
        (after: repo.ReceiptKey | undefined) => repo.receiptsOf(db, { ...filter, limit: batch, offset: 0, after }),
        (last) => ({ postedAt: String(last.posted_key), txnId: Number(last.txn_id) }),
        batch,
      );
      for await (const rows of batches) yield rows.map(toReceipt);
    },
  };
}

function toReceipt(r: Record<string, string | number | Date | null>): Receipt {
  return {
    TransactionId: Number(r.txn_id),
    receiptNo: receiptNumber(Number(r.receipt_no)),
    TransactionDate: new Date(r.posted_at!).toISOString(),
    LedgerName: String(r.ledger_name),
    TenancyId: Number(r.tenancy_id),
    Tenant_name: String(r.full_name),
    House_number: String(r.house_number),
    Property_name: String(r.property_name),
    Details: String(r.details),
    Amount: centsToAmount(Number(r.debit_cents)),
    ReceivedBy: String(r.received_by),
    ReversedBy: r.reversed_by == null ? null : Number(r.reversed_by),
  };
}

export type MoneyService = ReturnType<typeof moneyService>;
