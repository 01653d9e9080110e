import {
  INVOICE_MESSAGES,
  accountingMonth,
  centsToAmount,
  formatKsh,
  invoiceMessage,
  monthLabel,
  monthsLabel,
  type InvoicingDetails,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/database';
import type { Statistics } from '../../db/statistics';
import { Conflict } from '../../errors';
import { tryAgencyLock } from '../../jobs';
import { recordRunCollections } from '../landlord-money/collections';
import { chargeFixedFees } from '../landlord-money/fees';
import { dueByMonth, postMonthlyRentCharges } from '../ledger/monthly-run';
import type { ReceiptNotifier } from '../receipt-notices/notifier';
import * as invoices from './invoice-repository';
import * as repo from './repository';

/** What a run writes: analysed when a run's rows pass a tenth of what the tables held. */
/** Another process is running this agency's month: the automatic run skips it rather than wait. */
class AgencyBusy extends Error {}

const RUN_TABLES = ['invoice_runs', 'journal_transactions', 'journal_lines', 'tenancy_balances', 'tenancy_rent_charges', 'tenancy_rent_lines'];

type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/** An email address the mailer would take; anything else is no address. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function invoicingService({
  db,
  clock,
  kind,
  statistics,
  notices,
  log,
}: {
  db: Db;
  clock: Clock;
  kind: 'pglite' | 'postgres';
  statistics: Pick<Statistics, 'afterBulkWriteInBackground'>;
  /** Where the tenants' invoices wait: queued in the run's transaction, sent once it commits. */
  notices: Pick<ReceiptNotifier, 'kick' | 'channels'>;
  log?: Log;
}) {
  /**
   * Each tenancy the run charged gets one invoice for the run's month
   * (docs/decisions/027-invoices-to-tenants.md): by SMS when SMS is set up and
   * the tenant has a phone, else by email. In a savepoint of the run's
   * transaction: an invoice that cannot be queued costs the tenants their
   * message, never the run its charges.
   */
  async function queueInvoices(tx: Tx, runId: number, agentId: number, month: string, at: Date) {
    try {
      return await tx.transaction(async (sp) => {
        if (!(await invoices.sendsInvoices(sp, agentId))) return 0;
        const rows = (await invoices.runInvoices(sp, runId)).flatMap((i) => {
          const sms = notices.channels.sms && i.phone.trim() !== '';
          if (!sms && !EMAIL.test(i.email)) return [];
          const { subject, text } = invoiceMessage(i.language, {
            agency: i.agencyName,
            months: i.months,
            lines: i.lines,
            totalCents: i.balanceCents,
            paybill: i.paybill,
            account: String(i.tenancyId),
          });
          return [{ tenancyId: i.tenancyId, channel: sms ? ('sms' as const) : ('email' as const), recipient: sms ? i.phone : i.email, subject, body: text }];
        });
        return invoices.enqueueInvoices(sp, agentId, month, at, rows);
      });
    } catch (error) {
      log?.error({ err: error, agentId, runId }, 'invoices to tenants not queued; the run is kept');
      return 0;
    }
  }

  const service = {
    /** What the month's invoicing stands at, by the server's clock in Nairobi: what is due, the latest run. */
    async details(agentId: number): Promise<InvoicingDetails> {
      const month = accountingMonth(clock.now());
      const [latest, due, automatic, sendInvoices, goLive] = [
        await repo.latestRun(db, agentId),
        await dueByMonth(db, agentId, month),
        await repo.automaticInvoicing(db, agentId),
        await invoices.sendsInvoices(db, agentId),
        await repo.goLiveMonth(db, agentId),
      ];
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
        SendInvoices: sendInvoices,
        GoLiveMonth: goLive,
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
        if (kind === 'postgres') {
          // A person's run waits its turn; the background run skips an agency another process is running.
          if (!automatic) await repo.lockAgentRuns(tx, agentId);
          else if (!(await tryAgencyLock(tx, repo.AGENT_RUNS_LOCK, agentId))) throw new AgencyBusy();
        }
        const runId = await repo.insertRun(tx, { agentId, month, runAt: now, runBy, automatic });
        if (runId === null) throw new Conflict(INVOICE_MESSAGES.alreadyCharged);
        const { charged, amount, months } = await postMonthlyRentCharges(tx, { agentId, runId, month, postedAt: now, postedBy: runBy });
        await repo.recordCharged(tx, runId, charged);
        await recordRunCollections(tx, { agentId, runId, postedAt: now, postedBy: runBy });
        await chargeFixedFees(tx, { agentId, month, postedAt: now, postedBy: runBy });
        const invoiced = charged ? await queueInvoices(tx, runId, agentId, month, now) : 0;
        const message = charged
          ? INVOICE_MESSAGES.done(charged, monthsLabel(months), formatKsh(amount))
          : INVOICE_MESSAGES.nothingDue(monthLabel(month));
        return { message, month, charged, months, amount: centsToAmount(amount), invoiced };
      });
      if (result.invoiced) notices.kick();
      // The run's answer does not wait for it: the charges are committed, and the next list is what needs the counts.
      statistics.afterBulkWriteInBackground(RUN_TABLES, result.charged);
      const { invoiced: _queued, ...answer } = result;
      return answer;
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
          if (!(error instanceof Conflict) && !(error instanceof AgencyBusy)) log?.error({ err: error, agentId }, 'automatic invoice run failed');
        }
      }
      return done;
    },

    async setAutomatic(agentId: number, by: number, automatic: boolean) {
      await repo.setAutomaticInvoicing(db, { agentId, automatic, at: clock.now(), by });
      return { message: automatic ? INVOICE_MESSAGES.automaticOn : INVOICE_MESSAGES.automaticOff, automatic };
    },

    async setSendInvoices(agentId: number, by: number, on: boolean) {
      await invoices.setSendsInvoices(db, { agentId, on, at: clock.now(), by });
      return { message: on ? INVOICE_MESSAGES.invoicesOn : INVOICE_MESSAGES.invoicesOff, sendInvoices: on };
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
