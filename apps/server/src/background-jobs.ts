import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from './jobs';
import { penaltiesJob } from './modules/charges/scheduler';
import type { ChargesService } from './modules/charges/service';
import type { DataProtectionService } from './modules/data-protection/service';
import type { EtimsService } from './modules/etims';
import { invoicingJob } from './modules/invoicing/scheduler';
import type { InvoicingService } from './modules/invoicing/service';
import type { MpesaPullService } from './modules/mpesa-pull';
import type { ReceiptNotifier } from './modules/receipt-notices/notifier';
import type { ReminderService } from './modules/reminders/service';
import type { RentReviewService } from './modules/rent-reviews/service';
import type { StkService } from './modules/stk/service';
import type { MpesaPayoutService } from './modules/mpesa-payouts/service';
import type { RateLimiter } from './security/rate-limiter';

const HOUR = 3600;

/**
 * Every recurring task of the app, each one row of `job_schedules` run by the
 * jobs engine (decision 051) in one process per period, whichever process
 * looks first. A task that throws is retried with back-off and its error kept.
 */
export function backgroundJobs(d: {
  log: FastifyBaseLogger;
  notices: ReceiptNotifier;
  stk: StkService | null;
  mpesaPayouts: MpesaPayoutService | null;
  rateLimit: RateLimiter;
  dataProtection: DataProtectionService;
  invoicing: InvoicingService;
  charges: ChargesService;
  reminders: ReminderService;
  rentReviews: RentReviewService;
  etims: EtimsService;
  mpesaPull: MpesaPullService;
}): JobDefinition[] {
  const jobs: JobDefinition[] = [
    // Retries what failed; a receipt's own send starts as soon as it commits.
    { name: 'receipt-notices-retry', every: { seconds: 60 }, run: async () => d.notices.kick() },
    // Old rate-limit windows are forgotten; the delete is idempotent.
    { name: 'rate-limit-prune', every: { seconds: HOUR }, run: () => d.rateLimit.prune() },
    // Anonymising people past their agency's legal hold is idempotent too.
    {
      name: 'data-protection-retention',
      every: { seconds: HOUR },
      run: async () => {
        const erased = await d.dataProtection.retentionPass();
        if (erased) d.log.info({ erased }, 'retention pass anonymised people past the legal hold');
      },
    },
    // eTIMS invoices to KRA (decision 060): each claimed under a lease and sent under its own number, so once;
    // a pass stops at the first KRA does not answer, and each waits its own back-off.
    {
      name: 'etims-send',
      every: { seconds: 30 },
      leaseSeconds: 10 * 60,
      run: async () => {
        const { sent, troubled } = await d.etims.sendDue();
        if (sent || troubled) d.log.info({ sent, troubled }, 'eTIMS invoices sent');
      },
    },
    invoicingJob({ invoicing: d.invoicing, log: d.log }),
    // What the C2B confirmations missed, read from Safaricom's list from the last time seen (decision 059).
    { name: 'mpesa-pull', every: { seconds: 15 * 60, offsetSeconds: 7 * 60 }, leaseSeconds: 20 * 60, run: async () => void (await d.mpesaPull.pullAll()) },
    penaltiesJob({ invoicing: d.invoicing, charges: d.charges, reminders: d.reminders, rentReviews: d.rentReviews, log: d.log }),
  ];
  // Asks Daraja about STK requests whose callback is late; each request is claimed once.
  const stk = d.stk;
  if (stk) jobs.push({ name: 'stk-recovery', every: { seconds: 20 }, leaseSeconds: 5 * 60, run: () => stk.recoverOverdue() });
  // Sends payouts a stopped run left queued and asks Transaction Status about overdue results; never sends one twice.
  const payouts = d.mpesaPayouts;
  if (payouts) jobs.push({ name: 'mpesa-payouts-recovery', every: { seconds: 60 }, leaseSeconds: 10 * 60, run: () => payouts.recover() });
  return jobs;
}
