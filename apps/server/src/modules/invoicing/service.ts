import {
  INVOICE_MESSAGES,
  accountingMonth,
  centsToAmount,
  formatKsh,
  monthLabel,
  monthsLabel,
  type InvoicingDetails,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import type { Statistics } from '../../db/statistics';
import { Conflict } from '../../errors';
import { recordRunCollections } from '../landlord-money/collections';
import { chargeFixedFees } from '../landlord-money/fees';
import { dueByMonth, postMonthlyRentCharges } from '../ledger/monthly-run';
import * as repo from './repository';

/** What a run writes: analysed when a run's rows pass a tenth of what the tables held. */
const RUN_TABLES = ['invoice_runs', 'journal_transactions', 'journal_lines', 'tenancy_balances', 'tenancy_rent_charges'];

export function invoicingService({
  db,
  clock,
  kind,
  statistics,
}: {
  db: Db;
  clock: Clock;
  kind: 'pglite' | 'postgres';
  statistics: Pick<Statistics, 'afterBulkWriteInBackground'>;
}) {
  const service = {
    /** What the month's invoicing stands at, by the server's clock in Nairobi: what is due, the latest run. */
    async details(agentId: number): Promise<InvoicingDetails> {
      const month = accountingMonth(clock.now());
      const [latest, due, automatic] = [await repo.latestRun(db, agentId), await dueByMonth(db, agentId, month), await repo.automaticInvoicing(db, agentId)];
      const run = latest?.month === month;
      const dueAmount = due.reduce((sum, d) => sum + d.amount, 0);
      const dueCount = due[0]?.allTenancies ?? 0;
      let status: string;
      if (due.length) status = INVOICE_MESSAGES.due(dueCount, monthsLabel(due.map((d) => d.month)), formatKsh(dueAmount));
      else if (run) status = INVOICE_MESSAGES.invoiced(monthLabel(month));
      else status = INVOICE_MESSAGES.chargedByBookings(monthLabel(month));
      return {
        CurrentMonth: month,
        // Every month up to this one is charged: nothing due at all (a month is due until charged).
        CurrentMonthInvoiceCharged: due.length === 0,
        CurrentMonthRun: run,
        LatestInvoiceRunDate: latest ? latest.runAt.toISOString() : null,
        UpdatedByName: latest ? (latest.automatic ? `${latest.runBy} (automatic)` : latest.runBy) : null,
        Due: due.map((d) => ({ Month: d.month, Label: monthLabel(d.month), Tenancies: d.tenancies, Amount: centsToAmount(d.amount) })),
        DueTenancies: dueCount,
        DueAmount: centsToAmount(dueAmount),
        Status: status,
        AutomaticInvoicing: automatic,
      };
    },

    /**
     * Charges every month due up to this one — missed months included — to
     * every active tenancy of the agent, in one transaction and one statement.
     * The run row is unique per agent and month, so of two runs at once one
     * charges and the other is refused.
     */
    async run(agentId: number, runBy: number, automatic = false) {
      const now = clock.now();
      const month = accountingMonth(now);
      const result = await db.transaction(async (tx) => {
        if (kind === 'postgres') await repo.lockAgentRuns(tx, agentId);
        const runId = await repo.insertRun(tx, { agentId, month, runAt: now, runBy, automatic });
        if (runId === null) throw new Conflict(INVOICE_MESSAGES.alreadyCharged);
        const { charged, amount, months } = await postMonthlyRentCharges(tx, { agentId, runId, month, postedAt: now, postedBy: runBy });
        await repo.recordCharged(tx, runId, charged);
        await recordRunCollections(tx, { agentId, runId, postedAt: now, postedBy: runBy });
        await chargeFixedFees(tx, { agentId, month, postedAt: now, postedBy: runBy });
        const message = charged
          ? INVOICE_MESSAGES.done(charged, monthsLabel(months), formatKsh(amount))
          : INVOICE_MESSAGES.nothingDue(monthLabel(month));
        return { message, month, charged, months, amount: centsToAmount(amount) };
      });
      // The run's answer does not wait for it: the charges are committed, and the next list is what needs the counts.
      statistics.afterBulkWriteInBackground(RUN_TABLES, result.charged);
      return result;
    },

    /**
     * The automatic runs: every agency that switched it on and has no run for
     * the current month gets one, signed by its owner. A run another process
     * made first is a 409 here and is skipped: the unique index decides.
     */
    async runAutomatic(log?: { info: (o: object, m: string) => void; error: (o: object, m: string) => void }) {
      const month = accountingMonth(clock.now());
      const done: number[] = [];
      for (const { agentId, ownerUserNo } of await repo.automaticRunsDue(db, month)) {
        try {
          const result = await service.run(agentId, ownerUserNo, true);
          done.push(agentId);
          log?.info({ agentId, month, charged: result.charged }, 'automatic invoice run');
        } catch (error) {
          if (!(error instanceof Conflict)) log?.error({ err: error, agentId }, 'automatic invoice run failed');
        }
      }
      return done;
    },

    async setAutomatic(agentId: number, by: number, automatic: boolean) {
      await repo.setAutomaticInvoicing(db, { agentId, automatic, at: clock.now(), by });
      return { message: automatic ? INVOICE_MESSAGES.automaticOn : INVOICE_MESSAGES.automaticOff, automatic };
    },

    async history(agentId: number) {
      return (await repo.runHistory(db, agentId)).map((r) => ({
        Month: r.month,
        RunDate: new Date(r.run_at).toISOString(),
        RunBy: r.full_name,
        Charged: Number(r.charged_count),
        Amount: centsToAmount(Number(r.amount)),
        Automatic: Boolean(r.automatic),
      }));
    },
  };
  return service;
}

export type InvoicingService = ReturnType<typeof invoicingService>;
