import {
  MPESA_MESSAGES,
  StatementFormatError,
  centsToAmount,
  formatTransTime,
  parseStatementRows,
  type StatementSummary,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Statistics } from '../../db/statistics';
import { Invalid } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import type { IncomingPayment } from './matching';
import { RECEIPT_TABLES } from '../ledger/receipt-writer';
import * as paybills from './paybill-repository';
import * as payments from './payments-repository';
import { recordPayments } from './recording';

const MAX_ROWS = 50_000;
const PREVIEW_ROWS = 200;

function read(rows: string[][]) {
  try {
    const parsed = parseStatementRows(rows);
    if (parsed.payments.length > MAX_ROWS) throw new Invalid(MPESA_MESSAGES.statementTooLarge);
    return parsed;
  } catch (error) {
    if (error instanceof StatementFormatError) throw new Invalid(error.message);
    throw error;
  }
}

const sum = (list: IncomingPayment[]) => list.reduce((total, p) => total + p.amountCents, 0);

/**
 * The paybill statement the M-Pesa organisation portal exports: completed
 * money-in rows only, each TransID once against callbacks and earlier imports,
 * matched as callbacks are. A preview changes nothing; the import posts every
 * row in one transaction of a few statements.
 */
/** What an import writes: analysed after a large one so the next export is planned on today's counts. */
const IMPORT_TABLES = ['mpesa_payments', ...RECEIPT_TABLES];

export function statementService({
  db,
  clock,
  notices,
  statistics,
}: {
  db: Db;
  clock: Clock;
  notices: ReceiptNotifier;
  statistics: Pick<Statistics, 'afterBulkWrite'>;
}) {
  async function requirePaybill(agentId: number) {
    const paybill = await paybills.paybillOf(db, agentId);
    if (!paybill) throw new Invalid(MPESA_MESSAGES.notSet);
    return paybill;
  }

  return {
    async preview(agentId: number, rows: string[][]): Promise<StatementSummary> {
      await requirePaybill(agentId);
      const parsed = read(rows);
      const outcome = await payments.previewPayments(db, agentId, parsed.payments);
      const of = (p: IncomingPayment) => outcome.get(p.transId)!;
      const recorded = parsed.payments.filter((p) => of(p).recorded);
      const fresh = parsed.payments.filter((p) => !of(p).recorded);
      const matched = fresh.filter((p) => of(p).tenancyId !== null);
      const unmatched = fresh.filter((p) => of(p).tenancyId === null);
      return {
        Matched: matched.length,
        Unmatched: unmatched.length,
        AlreadyRecorded: recorded.length,
        MatchedAmount: centsToAmount(sum(matched)),
        UnmatchedAmount: centsToAmount(sum(unmatched)),
        Skipped: parsed.skipped,
        Problems: parsed.problems.slice(0, PREVIEW_ROWS),
        Rows: parsed.payments.slice(0, PREVIEW_ROWS).map((p) => ({
          TransID: p.transId,
          TransTime: formatTransTime(p.transTime),
          Amount: centsToAmount(p.amountCents),
          AccountNumber: p.accountReference,
          Name: p.payerName,
          Outcome: of(p).recorded ? 'already recorded' : of(p).tenancyId === null ? 'unmatched' : 'matched',
          TenancyId: of(p).tenancyId,
        })),
      };
    },

    async import(agentId: number, caller: Caller, rows: string[][]) {
      const paybill = await requirePaybill(agentId);
      const parsed = read(rows);
      const result = await db.transaction(async (tx) => {
        const recorded = await recordPayments(tx, parsed.payments, {
          agentId,
          ledgerId: paybill.ledgerId,
          source: 'import',
          receivedAt: clock.now(),
          postedBy: caller.userNo,
        });
        await notices.enqueue(tx, recorded.txnIds);
        return recorded;
      });
      if (result.posted > 0) notices.kick();
      await statistics.afterBulkWrite(IMPORT_TABLES, result.stored);
      return {
        Posted: result.posted,
        // A payment already in a receipt posted on STK Push Query's word is matched, not waiting in the queue.
        Unmatched: result.stored - result.posted - result.covered,
        AlreadyRecorded: parsed.payments.length - result.stored,
        Skipped: parsed.skipped,
        Problems: parsed.problems.length,
      };
    },
  };
}

