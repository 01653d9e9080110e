import { PAYMENT_MESSAGES, centsToAmount, receiptNumber, type RentReceiptRequest } from '@makazi/domain';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import { rowsOf, type Db } from '../../db/database';
import { journalTransactions, ledgers } from '../../db/schema';
import { Conflict, Invalid } from '../../errors';
import type { AgentScope } from '../../plugins/agent-scope';
import type { Caller } from '../../plugins/authenticate';
import { postReceipt, tenantBalance } from '../ledger/posting';
import { requireManaged, tenancyFor } from '../tenancies/view';

type ReceiptInput = z.output<typeof RentReceiptRequest>;

export function moneyService({ db, clock }: { db: Db; clock: Clock }) {
  return {
    /**
     * Cash received against a tenancy, into one of the agent's ledgers. The
     * form's key makes it exactly-once: a double click or a retried request
     * answers the first receipt and posts nothing new.
     */
    async receive(scope: AgentScope, caller: Caller, input: ReceiptInput) {
      return db.transaction(async (tx) => {
        const access = await tenancyFor(tx, scope, input.tenancyID);
        requireManaged(access);
        const [ledger] = await tx
          .select({ ledgerId: ledgers.ledgerId })
          .from(ledgers)
          .where(and(eq(ledgers.agentId, scope.agentId), eq(ledgers.ledgerName, input.ledgerName)));
        if (!ledger) throw new Invalid(PAYMENT_MESSAGES.ledgerRequired);

        const details = input.paymentdetails;
        const txnId = await postReceipt(tx, {
          agentId: scope.agentId,
          tenancyId: access.tenancyId,
          ledgerId: ledger.ledgerId,
          amount: input.RecievedAmount,
          details,
          key: input.idempotencyKey,
          postedAt: clock.now(),
          postedBy: caller.userNo,
        });
        const receipt = txnId ?? (await earlierReceipt(tx, scope.agentId, input.idempotencyKey, access.tenancyId, input.RecievedAmount));
        return {
          message: PAYMENT_MESSAGES.success,
          receiptNo: receiptNumber(receipt),
          TransactionId: receipt,
          RentBalance: centsToAmount(await tenantBalance(tx, access.tenancyId)),
        };
      });
    },

    /** The agent's ledgers with what each has received. */
    async ledgersOf(agentId: number) {
      const result = await db.execute(sql`
        SELECT g.ledger_id, g.ledger_name, coalesce(sum(l.debit_cents), 0)::bigint AS received, count(l.line_id)::int AS receipts
        FROM ledgers g LEFT JOIN journal_lines l ON l.ledger_id = g.ledger_id AND l.account = 'ledger'
        WHERE g.agent_id = ${agentId}
        GROUP BY g.ledger_id, g.ledger_name ORDER BY g.ledger_name`);
      return rowsOf<{ ledger_id: string | number; ledger_name: string; received: string | number; receipts: number }>(result).map((r) => ({
        LedgerId: Number(r.ledger_id),
        LedgerName: r.ledger_name,
        TotalReceived: centsToAmount(Number(r.received)),
        Receipts: Number(r.receipts),
      }));
    },

    /** Receipts newest first, with their ledger, tenancy and who took them. */
    async receiptsOf(agentId: number, page: number, pageSize: number) {
      const result = await db.execute(sql`
        SELECT j.txn_id, j.posted_at, j.details, g.ledger_name, l.debit_cents, t.tenancy_id, c.full_name, h.house_number, p.property_name, rc.full_name AS received_by
        FROM journal_transactions j
        JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger'
        JOIN ledgers g ON g.ledger_id = l.ledger_id
        JOIN tenancies t ON t.tenancy_id = j.tenancy_id
        JOIN clients c ON c.client_no = t.client_no
        JOIN houses h ON h.house_id = t.house_id
        JOIN properties p ON p.prop_id = h.prop_id
        JOIN users u ON u.user_no = j.posted_by
        JOIN clients rc ON rc.client_no = u.client_no
        WHERE j.agent_id = ${agentId} AND j.kind = 'receipt'
        ORDER BY j.posted_at DESC, j.txn_id DESC
        LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`);
      return rowsOf<Record<string, string | number | Date>>(result).map((r) => ({
        TransactionId: Number(r.txn_id),
        receiptNo: receiptNumber(Number(r.txn_id)),
        TransactionDate: new Date(r.posted_at!).toISOString(),
        LedgerName: String(r.ledger_name),
        TenancyId: Number(r.tenancy_id),
        Tenant_name: String(r.full_name),
        House_number: String(r.house_number),
        Property_name: String(r.property_name),
        Details: String(r.details),
        Amount: centsToAmount(Number(r.debit_cents)),
        ReceivedBy: String(r.received_by),
      }));
    },
  };
}

/** The receipt a key already made; the same key with other details is a mistake, not a retry. */
async function earlierReceipt(tx: Parameters<Parameters<Db['transaction']>[0]>[0], agentId: number, key: string, tenancyId: number, amount: number) {
  const result = await tx.execute(sql`
    SELECT j.txn_id, j.tenancy_id, l.debit_cents
    FROM ${journalTransactions} j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'ledger'
    WHERE j.agent_id = ${agentId} AND j.idempotency_key = ${key}`);
  const row = rowsOf<{ txn_id: string | number; tenancy_id: string | number; debit_cents: string | number }>(result)[0];
  if (!row || Number(row.tenancy_id) !== tenancyId || Number(row.debit_cents) !== amount) {
    throw new Conflict(PAYMENT_MESSAGES.keyReused);
  }
  return Number(row.txn_id);
}

export type MoneyService = ReturnType<typeof moneyService>;
