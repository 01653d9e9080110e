import type { DbOrTx } from '../../db/database';
import { lockReceiptCounter } from '../ledger/posting';
import { writeReceipts } from '../ledger/receipt-writer';
import { coverWithQueryReceipts } from '../stk/query-receipts';
import type { IncomingPayment } from './matching';
import * as payments from './payments-repository';

export interface Recording {
  agentId: number;
  ledgerId: number;
  source: 'callback' | 'import' | 'stk' | 'pull';
  receivedAt: Date;
  postedBy: number;
}

/**
 * Stores payments once per TransID and posts a receipt into the M-Pesa ledger
 * for each one that matches a tenancy, dated when it was paid. Receipt numbers
 * follow on in the order the payments were made.
 */
export async function recordPayments(db: DbOrTx, incoming: IncomingPayment[], r: Recording) {
  // The counter first, as every receipt writer takes it: one order of locks, no deadlock.
  await lockReceiptCounter(db, r.agentId);
  const stored = await payments.storePayments(db, incoming, r);
  // A payment whose money a receipt posted on STK Push Query's word already holds posts nothing more (decision 021).
  // The STK callback names its own request, so it settles that request itself.
  const covered = r.source === 'stk' ? new Set<string>() : await coverWithQueryReceipts(db, r.agentId, stored);
  const written = await writeReceipts(db, {
    agentId: r.agentId,
    postedBy: r.postedBy,
    receipts: stored.flatMap((p) =>
      p.tenancyId === null || covered.has(p.transId)
        ? []
        : [
            {
              tenancyId: p.tenancyId,
              ledgerId: r.ledgerId,
              paysDeposit: false,
              amount: p.amountCents,
              details: `M-Pesa ${p.transId}`,
              source: { mpesa: p.transId },
              // Money cannot come after we hear of it: a clock ahead of ours is not trusted.
              receivedAt: p.transTime < r.receivedAt ? p.transTime : r.receivedAt,
            },
          ],
    ),
  });
  return { stored: stored.length, posted: written.length, covered: covered.size, txnIds: written.map((w) => w.txnId) };
}
