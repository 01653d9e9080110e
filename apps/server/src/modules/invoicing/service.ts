import { INVOICE_MESSAGES, accountingMonth, centsToAmount, monthLabel, type InvoicingDetails } from '@makazi/domain';
import { sql } from 'drizzle-orm';
import type { Clock } from '../../clock';
import { rowsOf, type Db } from '../../db/database';
import { Conflict } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { postMonthlyRentCharges } from '../ledger/posting';

export function invoicingService({ db, clock, kind }: { db: Db; clock: Clock; kind: 'pglite' | 'postgres' }) {
  return {
    /** Whether this month is invoiced, by the server's clock in Nairobi, and the latest run. */
    async details(agentId: number): Promise<InvoicingDetails> {
      const month = accountingMonth(clock.now());
      const result = await db.execute(sql`
        SELECT r.month::text AS month, r.run_at, c.full_name
        FROM invoice_runs r JOIN users u ON u.user_no = r.run_by JOIN clients c ON c.client_no = u.client_no
        WHERE r.agent_id = ${agentId} ORDER BY r.month DESC LIMIT 1`);
      const latest = rowsOf<{ month: string; run_at: Date | string; full_name: string }>(result)[0];
      return {
        CurrentMonth: month,
        CurrentMonthInvoiceCharged: latest?.month === month,
        LatestInvoiceRunDate: latest ? new Date(latest.run_at).toISOString() : null,
        UpdatedByName: latest?.full_name ?? null,
      };
    },

    /**
     * Charges this month's rent to every active tenancy of the agent not yet
     * charged for it, in one transaction. The run row is unique per agent and
     * month, so of two runs at once one charges and the other is refused.
     */
    async run(agentId: number, caller: Caller) {
      const now = clock.now();
      const month = accountingMonth(now);
      return db.transaction(async (tx) => {
        // Spares a concurrent run's wasted work on PostgreSQL; the unique index is what guarantees once.
        if (kind === 'postgres') await tx.execute(sql`SELECT pg_advisory_xact_lock(7204611, ${agentId}::int)`);
        const inserted = await tx.execute(sql`
          INSERT INTO invoice_runs (agent_id, month, run_at, run_by) VALUES (${agentId}, ${month}, ${now.toISOString()}, ${caller.userNo})
          ON CONFLICT (agent_id, month) DO NOTHING RETURNING run_id`);
        const runId = rowsOf<{ run_id: string | number }>(inserted)[0]?.run_id;
        if (runId === undefined) throw new Conflict(INVOICE_MESSAGES.alreadyCharged);
        const { charged, amount } = await postMonthlyRentCharges(tx, {
          agentId,
          runId: Number(runId),
          month,
          details: `Rent for ${monthLabel(month)}`,
          postedAt: now,
          postedBy: caller.userNo,
        });
        await tx.execute(sql`UPDATE invoice_runs SET charged_count = ${charged} WHERE run_id = ${runId}`);
        return { message: INVOICE_MESSAGES.done(charged, monthLabel(month)), month, charged, amount: centsToAmount(amount) };
      });
    },

    async history(agentId: number) {
      const result = await db.execute(sql`
        SELECT r.month::text AS month, r.run_at, c.full_name, r.charged_count,
               coalesce((SELECT sum(l.debit_cents) FROM journal_transactions j JOIN journal_lines l ON l.txn_id = j.txn_id AND l.account = 'tenant'
                         WHERE j.invoice_run_id = r.run_id), 0)::bigint AS amount
        FROM invoice_runs r JOIN users u ON u.user_no = r.run_by JOIN clients c ON c.client_no = u.client_no
        WHERE r.agent_id = ${agentId} ORDER BY r.month DESC`);
      return rowsOf<{ month: string; run_at: Date | string; full_name: string; charged_count: string | number; amount: string | number }>(result).map((r) => ({
        Month: r.month,
        RunDate: new Date(r.run_at).toISOString(),
        RunBy: r.full_name,
        Charged: Number(r.charged_count),
        Amount: centsToAmount(Number(r.amount)),
      }));
    },
  };
}

export type InvoicingService = ReturnType<typeof invoicingService>;
