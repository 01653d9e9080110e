import { randomUUID } from 'node:crypto';
import {
  REMINDER_MESSAGES,
  accountingDate,
  centsToAmount,
  formatAmount,
  reminderText,
  smsParts,
  translatorFor,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { Invalid, NotFound } from '../../errors';
import type { BulkSms } from './bulk-sms';
import * as repo from './repository';

type Log = {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
  error: (o: object, m: string) => void;
};
const LEASE_SECONDS = 5 * 60;
/** How long a stopping server waits for a reminder in Africa's Talking's hands (its own bound is 15 s). */
export const REMINDER_STOP_BOUND_MS = 8_000;
/** Kept on a reminder the provider had when the server stopped, before it answered. */
export const HANDED_OVER_UNANSWERED =
  "The server stopped while Africa's Talking had this reminder, before it answered; not sent again, as it may have gone";
/** Waits between tries of a reminder the provider could not take: a minute, doubling, at most half an hour. */
const retryDelay = (attempts: number) => Math.min(60 * 2 ** Math.max(0, attempts - 1), 30 * 60);

/** The text one tenant gets: the agency's wording, else the catalogue's in the tenant's language. */
function textFor(settings: repo.Settings, due: repo.Due) {
  const values = {
    name: due.name,
    balance: formatAmount(due.balanceCents),
    paybill: due.paybill ?? '-',
    account: String(due.tenancyId),
    agency: due.agencyName,
  };
  return settings.template
    ? reminderText(settings.template, values)
    : translatorFor(due.language)('documents.arrearsReminder.text', values);
}

/**
 * Arrears reminders by SMS: settings per agency, a preview, queueing once per
 * tenancy and Nairobi day, sending from the outbox through Africa's Talking,
 * and delivery reports (docs/decisions/020-metered-water.md, "Reminders").
 */
export function reminderService({
  db,
  clock,
  sms,
  log,
}: {
  db: Db;
  clock: Clock;
  sms: BulkSms | null;
  log?: Log;
}) {
  let draining: Promise<number> | null = null;
  let stopped = false;
  // The reminder in the provider's hands: a stop that cannot wait for its answer records it instead.
  let inFlight: { reminderId: number; token: string } | null = null;
  let givenUp: number | null = null;

  const service = {
    async settings(agentId: number) {
      const s = await repo.settingsOf(db, agentId);
      return {
        Active: s?.active ?? false,
        Days: s?.days ?? [],
        Template: s?.template ?? null,
        MinBalance: centsToAmount(s?.minBalanceCents ?? 0),
        SmsPrice: centsToAmount(s?.smsPriceCents ?? 80),
        SmsReady: sms !== null,
      };
    },

    async save(
      agentId: number,
      by: number,
      input: {
        Active: boolean;
        Days: number[];
        Template: string | null;
        MinBalance: number;
        SmsPrice: number;
      },
    ) {
      await repo.saveSettings(db, agentId, {
        active: input.Active,
        days: input.Days,
        template: input.Template,
        minBalanceCents: input.MinBalance,
        smsPriceCents: input.SmsPrice,
        at: clock.now(),
        by,
      });
      return { message: input.Active ? REMINDER_MESSAGES.saved : REMINDER_MESSAGES.switchedOff };
    },

    /** Who would get a reminder today and what it would cost, whether or not reminders are on. */
    async preview(agentId: number) {
      const settings = await repo.settingsOf(db, agentId);
      if (!settings) throw new Invalid(REMINDER_MESSAGES.notSetUp);
      const today = accountingDate(clock.now());
      const due = await repo.dueTenancies(db, agentId, today, settings.minBalanceCents);
      const texts = due.map((d) => textFor(settings, d));
      const messages = texts.reduce((n, t) => n + smsParts(t), 0);
      return {
        Today: today,
        ReminderDay: settings.days.includes(Number(today.slice(8, 10))),
        Count: due.length,
        Messages: messages,
        EstimatedCost: centsToAmount(messages * settings.smsPriceCents),
        Sample: texts[0] ?? null,
      };
    },

    /** Queues today's reminders for one agency; a tenancy reminded today already is skipped, whichever process did it. */
    async queueToday(agentId: number) {
      if (!sms) throw new Invalid(REMINDER_MESSAGES.smsOff);
      const settings = await repo.settingsOf(db, agentId);
      if (!settings) throw new Invalid(REMINDER_MESSAGES.notSetUp);
      if (!settings.active) throw new Invalid(REMINDER_MESSAGES.off);
      const now = clock.now();
      const today = accountingDate(now);
      if (!settings.days.includes(Number(today.slice(8, 10)))) throw new Invalid(REMINDER_MESSAGES.notToday);
      const queued = await db.transaction(async (tx) => {
        const due = await repo.dueTenancies(tx, agentId, today, settings.minBalanceCents);
        return repo.enqueue(
          tx,
          agentId,
          today,
          now,
          due.map((d) => ({
            tenancyId: d.tenancyId,
            phone: d.phone,
            message: textFor(settings, d),
            balanceCents: d.balanceCents,
          })),
        );
      });
      return { message: queued ? REMINDER_MESSAGES.queued(queued) : REMINDER_MESSAGES.noneDue, queued };
    },

    /** The scheduler's look: every agency whose reminder day it is gets today's reminders queued, then the outbox drains. */
    async runAutomatic() {
      if (!sms) return 0;
      const day = Number(accountingDate(clock.now()).slice(8, 10));
      let queued = 0;
      for (const agentId of await repo.agenciesDue(db, day)) {
        try {
          queued += (await service.queueToday(agentId)).queued;
        } catch (error) {
          log?.error({ err: error, agentId }, 'arrears reminders not queued');
        }
      }
      await service.drain();
      return queued;
    },

    /** Sends what is queued and due; one drain at a time in a process, claims keep two processes apart. */
    async drain(): Promise<number> {
      if (!sms || stopped) return 0;
      if (draining) return draining;
      draining = (async () => {
        let sent = 0;
        while (!stopped) {
          const token = randomUUID();
          const due = await repo.claimDue(db, clock.now(), token, LEASE_SECONDS, 50);
          if (due.length === 0) return sent;
          for (const r of due) {
            // Claimed and not handed over: free again at once, for the next start.
            if (stopped) {
              await repo.releaseClaim(db, token, clock.now());
              return sent;
            }
            inFlight = { reminderId: r.reminderId, token };
            const outcome = await sms.send(r.phone, r.message);
            inFlight = null;
            // The stop recorded it while the provider was slow, and the database may be closed.
            if (givenUp === r.reminderId) return sent;
            if (outcome.taken) {
              await repo.markSent(db, r.reminderId, token, {
                providerId: outcome.id,
                cost: outcome.cost,
                at: clock.now(),
              });
              sent++;
            } else {
              log?.warn(
                { reminderId: r.reminderId, reason: outcome.reason, retry: outcome.retry },
                'arrears reminder not sent',
              );
              const retryAt = outcome.retry
                ? new Date(clock.now().getTime() + retryDelay(r.attempts) * 1000)
                : null;
              await repo.markFailed(db, r.reminderId, token, { reason: outcome.reason, retryAt });
            }
          }
        }
        return sent;
      })().finally(() => {
        draining = null;
      });
      return draining;
    },

    /**
     * Stops before the database closes: no new reminder is handed over, the
     * one Africa's Talking has is waited for (`boundMs` at most) and marked as
     * its answer says. One still unanswered then is recorded as failed, not to
     * be sent again: it may have gone, and a restart must send nothing twice.
     */
    async stop(boundMs = REMINDER_STOP_BOUND_MS) {
      stopped = true;
      if (!draining) return;
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), boundMs)));
      const result = await Promise.race([draining.catch(() => undefined), waited]);
      clearTimeout(timer);
      const pending = inFlight;
      if (result === 'late' && pending) {
        givenUp = pending.reminderId;
        await repo.markFailed(db, pending.reminderId, pending.token, { reason: HANDED_OVER_UNANSWERED, retryAt: null });
        // The rest of its batch was never handed over: free for the next start.
        await repo.releaseClaim(db, pending.token, clock.now());
        log?.warn({ reminderId: pending.reminderId }, 'stopped while an arrears reminder was at the provider; recorded, not sent again');
      }
    },

    async deliveryReport(body: Record<string, string>) {
      return repo.applyReport(db, body, clock.now());
    },

    async log(agentId: number) {
      return (await repo.log(db, agentId)).map((r) => ({
        ReminderId: Number(r.reminder_id),
        Day: String(r.day),
        TenancyId: Number(r.tenancy_id),
        Tenant_name: String(r.full_name),
        Phone: String(r.phone),
        Balance: centsToAmount(Number(r.balance_cents)),
        Status: String(r.status) as 'queued' | 'sent' | 'delivered' | 'failed',
        FailureReason: r.failure_reason == null ? null : String(r.failure_reason),
        Cost: r.cost == null ? null : String(r.cost),
      }));
    },

    async optOut(agentId: number, tenancyId: number, optOut: boolean) {
      if (!(await repo.setOptOut(db, agentId, tenancyId, optOut)))
        throw new NotFound(REMINDER_MESSAGES.tenancyNotFound);
      return { message: optOut ? REMINDER_MESSAGES.optedOut : REMINDER_MESSAGES.optedIn };
    },
  };
  return service;
}

export type ReminderService = ReturnType<typeof reminderService>;
