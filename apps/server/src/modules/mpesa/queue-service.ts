import {
  MPESA_MESSAGES,
  PAYMENT_MESSAGES,
  centsToAmount,
  formatTransTime,
  receiptNumber,
  startOfEastAfricaDay,
} from '@makazi/domain';
import type { DbOrTx } from '../../db/database';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Caller } from '../../plugins/authenticate';
import { lockReceiptCounter, tenancyMoney } from '../ledger/posting';
import { writeReceipts } from '../ledger/receipt-writer';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import { requireManaged, tenancyFor } from '../tenancies/view';
import * as bankQueue from '../bank/repository';
import * as paybills from './paybill-repository';
import * as queue from './queue-repository';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Payments that matched no tenancy, and how M-Pesa money compares with what was posted. */
export function queueService({ db, notices }: { db: Db; clock: Clock; notices: ReceiptNotifier }) {
  /** A bank deposit posted to a tenancy: into its bank account's ledger, under the key its import would have used. */
  async function assignDeposit(tx: DbOrTx, agentId: number, caller: Caller, depositId: number, tenancyId: number) {
    await lockReceiptCounter(tx, agentId);
    const claimed = await bankQueue.claimForTenancy(tx, agentId, depositId, tenancyId, caller.userNo);
    if (!claimed) {
      if (await bankQueue.depositExists(tx, agentId, depositId)) throw new Conflict(MPESA_MESSAGES.alreadyHandled);
      throw new NotFound(MPESA_MESSAGES.notFound);
    }
    const deposit = { bankAccountId: claimed.bankAccountId, reference: claimed.reference };
    // A deposit back from a reversal is posted again under its next key, as an M-Pesa payment is.
    const posting = (await bankQueue.postingsOf(tx, agentId, deposit)) + 1;
    const [written] = await writeReceipts(tx, {
      agentId,
      postedBy: caller.userNo,
      receipts: [
        {
          tenancyId,
          ledgerId: claimed.ledgerId,
          paysDeposit: false,
          amount: claimed.amountCents,
          details: `Bank ${claimed.name} ${claimed.reference}`,
          source: { bank: deposit, posting },
          receivedAt: startOfEastAfricaDay(claimed.day),
        },
      ],
    });
    if (!written) throw new Conflict(MPESA_MESSAGES.alreadyHandled);
    await notices.enqueue(tx, [written.txnId]);
    return {
      message: PAYMENT_MESSAGES.success,
      receiptNo: receiptNumber(written.receiptNo),
      TransactionId: written.txnId,
      RentBalance: centsToAmount((await tenancyMoney(tx, tenancyId)).balance),
    };
  }

  return {
    async unmatched(agentId: number) {
      // Bank deposits no tenancy matched wait here too (decision 053): one queue, whatever the money came by.
      const rows = [...(await queue.unmatchedOf(db, agentId)), ...(await bankQueue.unmatchedOf(db, agentId))].sort(
        (a, b) => new Date(a.trans_time!).getTime() - new Date(b.trans_time!).getTime(),
      );
      return rows.map((r) => ({
        PaymentId: Number(r.payment_id),
        TransID: String(r.trans_id),
        TransTime: formatTransTime(new Date(r.trans_time!)),
        Amount: centsToAmount(Number(r.amount_cents)),
        AccountNumber: String(r.account_reference),
        Phone: String(r.msisdn),
        Name: String(r.payer_name),
        Source: r.source as 'callback' | 'import' | 'pull' | 'bank',
      }));
    },

    /**
     * Posts an unmatched payment to a tenancy. Exactly once: the payment leaves
     * the queue in the statement that claims it, and its receipt carries the
     * TransID as its key, so of two clerks at once one posts and one gets 409.
     */
    async assign(scope: AgentScope, caller: Caller, input: { paymentId: number; tenancyId: number; source: 'mpesa' | 'bank' }) {
      const result = await db.transaction(async (tx) => {
        const access = await tenancyFor(tx, scope, input.tenancyId);
        requireManaged(access);
        if (input.source === 'bank') return assignDeposit(tx, scope.agentId, caller, input.paymentId, access.tenancyId);
        const paybill = await paybills.paybillOf(tx, scope.agentId);
        if (!paybill) throw new Invalid(MPESA_MESSAGES.notSet);
        await lockReceiptCounter(tx, scope.agentId);
        const claimed = await queue.claimForTenancy(
          tx,
          scope.agentId,
          input.paymentId,
          access.tenancyId,
          caller.userNo,
        );
        if (!claimed) {
          if (await queue.paymentExists(tx, scope.agentId, input.paymentId))
            throw new Conflict(MPESA_MESSAGES.alreadyHandled);
          throw new NotFound(MPESA_MESSAGES.notFound);
        }
        // A payment back from a reversal is posted again under its next key.
        const posting = (await queue.postingsOf(tx, scope.agentId, claimed.transId)) + 1;
        const [written] = await writeReceipts(tx, {
          agentId: scope.agentId,
          postedBy: caller.userNo,
          receipts: [
            {
              tenancyId: access.tenancyId,
              ledgerId: paybill.ledgerId,
              paysDeposit: false,
              amount: claimed.amountCents,
              details: `M-Pesa ${claimed.transId}`,
              source: { mpesa: claimed.transId, posting },
              receivedAt: claimed.transTime,
            },
          ],
        });
        if (!written) throw new Conflict(MPESA_MESSAGES.alreadyHandled);
        await notices.enqueue(tx, [written.txnId]);
        return {
          message: PAYMENT_MESSAGES.success,
          receiptNo: receiptNumber(written.receiptNo),
          TransactionId: written.txnId,
          RentBalance: centsToAmount((await tenancyMoney(tx, access.tenancyId)).balance),
        };
      });
      notices.kick();
      return result;
    },

    async notRent(agentId: number, caller: Caller, input: { paymentId: number; note: string; source: 'mpesa' | 'bank' }) {
      return db.transaction(async (tx) => {
        if (input.source === 'bank') {
          if (await bankQueue.setAsideNotRent(tx, agentId, input.paymentId, input.note, caller.userNo))
            return { message: MPESA_MESSAGES.setAside };
          if (await bankQueue.depositExists(tx, agentId, input.paymentId)) throw new Conflict(MPESA_MESSAGES.alreadyHandled);
          throw new NotFound(MPESA_MESSAGES.notFound);
        }
        if (await queue.setAsideNotRent(tx, agentId, input.paymentId, input.note, caller.userNo))
          return { message: MPESA_MESSAGES.setAside };
        if (await queue.paymentExists(tx, agentId, input.paymentId))
          throw new Conflict(MPESA_MESSAGES.alreadyHandled);
        throw new NotFound(MPESA_MESSAGES.notFound);
      });
    },

    /** Nairobi days `from` to `to`, both included. */
    async reconciliation(agentId: number, from: string, to: string) {
      const start = startOfEastAfricaDay(from);
      const end = new Date(startOfEastAfricaDay(to).getTime() + DAY_MS);
      if (end <= start) throw new Invalid(MPESA_MESSAGES.rangeRequired);
      const { payments, rejected } = await queue.reconciliationOf(db, agentId, start, end);
      const rows = payments.map((p) => ({
        ...p,
        amount: Number(p.amount_cents),
        posted: Number(p.posted_cents),
      }));
      const received = rows.reduce((t, r) => t + r.amount, 0);
      const posted = rows.reduce((t, r) => t + r.posted, 0);
      const count = (status: string) => rows.filter((r) => r.status === status).length;
      return {
        Received: centsToAmount(received),
        Posted: centsToAmount(posted),
        Difference: centsToAmount(received - posted),
        Matched: count('matched'),
        Unmatched: count('unmatched'),
        NotRent: count('not_rent'),
        Rejected: rejected,
        Differences: rows
          .filter((r) => r.posted !== r.amount)
          .slice(0, 500)
          .map((r) => ({
            TransID: r.trans_id,
            TransTime: formatTransTime(new Date(r.trans_time)),
            Amount: centsToAmount(r.amount),
            Posted: centsToAmount(r.posted),
            Status: r.status === 'matched' ? 'reversed' : r.status === 'not_rent' ? 'not rent' : 'unmatched',
            Note: r.note,
          })),
      };
    },
  };
}

