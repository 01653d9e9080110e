import {
  ANSWER_MESSAGES,
  formatKsh,
  translatorFor,
  CLOSED_MONTH_MESSAGES,
  MONEY_OUT_MESSAGES,
  accountingDate,
  centsToAmount,
  type Cents,
  type Payout,
  type PayoutRequest,
  type RemittanceRunRequest,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db, DbOrTx } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { agencyName, landlordBalance, landlordLanguage, landlordOfAgent, lockLandlord, postLandlordTxn } from '../landlord-money/journal';
import { keepPaper, paperOf } from '../landlord-money/months';
import { closeLandlordMonth } from '../owner-statements/service';
import { payoutAdvicePdf } from './advice-pdf';
import { findRegistration, findVat } from '../agents/repository';
import * as repo from './repository';
import type { Mailer } from '../../plugins/mailer';
import { emailOf } from '../owner-statements/repository';
import { view as mpesaView, type MpesaPayoutService } from '../mpesa-payouts/service';
import { inFlightCents } from '../mpesa-payouts/repository';

type PayoutInput = z.output<typeof PayoutRequest>;
type RunInput = z.output<typeof RemittanceRunRequest>;

export function payoutService({
  db,
  clock,
  log,
  mpesa,
  mailer,
}: {
  db: Db;
  clock: Clock;
  log?: { error(o: object, m: string): void };
  /** Set: a payout M-Pesa confirmed sends its advice to the landlord through the outbox. */
  mailer?: Mailer;
  /** Set: landlords paid by phone or bank are paid through Daraja once the agency's initiator is set (decision 058). */
  mpesa?: MpesaPayoutService;
}) {
  /**
   * One payout in its own transaction: the landlord locked, the key looked up
   * (a second submission answers the first payout), the balance checked, then
   * the landlord's account debited and the money marked paid out.
   */
  async function pay(
    agentId: number,
    caller: Caller,
    p: { landlordNo: number; amount: number; payoutDate: string; method: string; reference: string; key: string; remits?: string },
  ) {
    if (p.payoutDate > accountingDate(clock.now())) throw new Invalid(MONEY_OUT_MESSAGES.dateInFuture);
    return db.transaction(async (tx) => {
      const landlord = await landlordOfAgent(tx, agentId, p.landlordNo);
      if (!landlord) throw new NotFound();
      await lockLandlord(tx, p.landlordNo);
      const earlier = await repo.payoutByKey(tx, agentId, p.key, p.landlordNo);
      if (earlier) {
        if (earlier.amount !== p.amount) throw new Conflict(ANSWER_MESSAGES.payoutAmountDiffers);
        return { payoutId: earlier.payoutId, repeated: true };
      }
      // What is on its way by M-Pesa is not the landlord's to be paid again.
      const balance = (await landlordBalance(tx, agentId, p.landlordNo)) - (await inFlightCents(tx, agentId, p.landlordNo));
      if (balance < 0) throw new Invalid(MONEY_OUT_MESSAGES.nothingOwed(-balance as Cents, landlord.name));
      if (p.amount > balance) throw new Invalid(MONEY_OUT_MESSAGES.overBalance(p.amount, balance, landlord.name));
      const txnId = await postLandlordTxn(tx, {
        agentId,
        kind: 'payout',
        landlordNo: p.landlordNo,
        propId: null,
        tenancyId: null,
        journalTxnId: null,
        postedAt: clock.now(),
        moneyDate: p.payoutDate,
        details: `Payout by ${p.method}${p.reference ? ` ${p.reference}` : ''}`,
        postedBy: caller.userNo,
        lines: [
          { account: 'landlord', credit: -p.amount },
          { account: 'cash', credit: p.amount },
        ],
      });
      const payoutId = await repo.insertPayout(tx, { ...p, agentId, txnId, at: clock.now(), by: caller.userNo });
      // The owner statement it remits is paid out: that month closes with it (decision 036).
      if (p.remits) await closeLandlordMonth(tx, { agentId, landlordNo: p.landlordNo, month: p.remits, reason: 'remitted', at: clock.now(), by: caller.userNo });
      return { payoutId, repeated: false };
    });
  }

  /** One landlord of a run through Daraja: written under the run's key, then sent by whoever claims it. */
  async function sendByMpesa(
    agentId: number,
    caller: Caller,
    a: { line: RunInput['Payouts'][number]; details: Record<string, string | number | null>; method: string; remits: string; payoutDate: string; key: string; origin: string; name: string },
  ) {
    const base = { LandlordNo: a.line.LandlordNo, Landlord_name: a.name };
    let queued;
    try {
      queued = await mpesa!.queue(agentId, caller.userNo, {
        landlordNo: a.line.LandlordNo,
        amount: a.line.Amount,
        payoutDate: a.payoutDate,
        remits: a.remits,
        key: a.key,
        method: a.method,
        phone: String(a.details.payout_phone ?? ''),
        bank: String(a.details.payout_bank ?? ''),
        account: String(a.details.payout_account ?? ''),
        origin: a.origin,
      });
    } catch (error) {
      if (error instanceof Invalid || error instanceof Conflict || error instanceof NotFound)
        return { ...base, Status: 'refused' as const, PayoutId: null, message: error.message };
      throw error;
    }
    if ('payoutId' in queued) return { ...base, Status: 'already paid' as const, PayoutId: queued.payoutId, message: MONEY_OUT_MESSAGES.payoutRecorded };
    const sent = queued.repeated ? null : await mpesa!.send(queued.requestId);
    if (queued.repeated) return { ...base, Status: 'already paid' as const, PayoutId: null, message: MONEY_OUT_MESSAGES.alreadySent };
    if (sent?.status === 'failed') return { ...base, Status: 'refused' as const, PayoutId: null, message: mpesaView(sent).message };
    if (sent?.status === 'paid') return { ...base, Status: 'paid' as const, PayoutId: sent.payoutId, message: MONEY_OUT_MESSAGES.payoutRecorded };
    return { ...base, Status: 'pending' as const, PayoutId: null, message: MONEY_OUT_MESSAGES.sentToMpesa };
  }

  return {
    async record(agentId: number, caller: Caller, input: PayoutInput) {
      if (input.Month && input.Month > input.PayoutDate.slice(0, 7)) throw new Invalid(CLOSED_MONTH_MESSAGES.monthAfterPayout);
      const { payoutId } = await pay(agentId, caller, {
        landlordNo: input.LandlordNo,
        amount: input.Amount,
        payoutDate: input.PayoutDate,
        method: input.Method,
        reference: input.Reference,
        key: input.idempotencyKey,
        ...(input.Month ? { remits: input.Month } : {}),
      });
      return { message: MONEY_OUT_MESSAGES.payoutRecorded, PayoutId: payoutId };
    },

    async list(agentId: number, landlordNo?: number): Promise<Payout[]> {
      return (await repo.payoutsOf(db, agentId, { landlordNo })).map(toPayout);
    },

    /** Every landlord owed money, with the amount, for the admin to tick. */
    async due(agentId: number) {
      return (await repo.remittanceDue(db, agentId)).map((r) => ({
        LandlordNo: Number(r.landlord_no),
        Landlord_name: String(r.full_name),
        Amount: centsToAmount(Number(r.balance)),
        RemittanceDay: r.remittance_day == null ? null : Number(r.remittance_day),
        PayoutMethod: r.payout_method == null ? '' : String(r.payout_method),
        PayoutDetails:
          r.payout_method === 'bank' ? `${r.payout_bank} ${r.payout_account}` : r.payout_method === 'mpesa' ? String(r.payout_phone) : '',
      }));
    },

    /**
     * The chosen payouts of a remittance run, each in its own transaction
     * under the run's key: submitted twice, each landlord is paid once. One
     * refused (its balance fell) does not stop the others. A landlord not
     * the agency's refuses the whole run, before anything is paid. A fault
     * (the database gone) stops the run: the answer still says which payouts
     * were recorded, and the rest are "not recorded", never "nothing was saved".
     */
    async run(agentId: number, caller: Caller, input: RunInput, origin = '') {
      const remits = input.Month ?? monthBefore(input.PayoutDate);
      if (remits > input.PayoutDate.slice(0, 7)) throw new Invalid(CLOSED_MONTH_MESSAGES.monthAfterPayout);
      const total = input.Payouts.reduce((sum, line) => sum + line.Amount, 0);
      if ((input.ConfirmCount !== undefined && input.ConfirmCount !== input.Payouts.length) || (input.ConfirmTotal !== undefined && input.ConfirmTotal !== total))
        throw new Invalid(MONEY_OUT_MESSAGES.confirmMismatch);
      const byMpesa = mpesa !== undefined && (await mpesa.enabled(agentId));
      const names = new Map<number, string>();
      for (const line of input.Payouts) {
        const landlord = await landlordOfAgent(db, agentId, line.LandlordNo);
        if (!landlord) throw new NotFound();
        names.set(line.LandlordNo, landlord.name);
      }
      const due = new Map((await repo.remittanceDue(db, agentId)).map((r) => [Number(r.landlord_no), r]));
      const results = [];
      let stopped = false;
      for (const line of input.Payouts) {
        if (stopped) {
          results.push({ LandlordNo: line.LandlordNo, Landlord_name: names.get(line.LandlordNo)!, Status: 'not recorded' as const, PayoutId: null, message: MONEY_OUT_MESSAGES.runStopped });
          continue;
        }
        const details = due.get(line.LandlordNo);
        const method = String(details?.payout_method ?? 'bank');
        if (byMpesa && details?.payout_method) {
          results.push(await sendByMpesa(agentId, caller, { line, details, method, remits, payoutDate: input.PayoutDate, key: input.idempotencyKey, origin, name: names.get(line.LandlordNo)! }));
          continue;
        }
        try {
          const { payoutId, repeated } = await pay(agentId, caller, {
            landlordNo: line.LandlordNo,
            amount: line.Amount,
            payoutDate: input.PayoutDate,
            method,
            reference: line.Reference || `Remittance ${input.PayoutDate}`,
            key: input.idempotencyKey,
            remits,
          });
          results.push({
            LandlordNo: line.LandlordNo,
            Landlord_name: names.get(line.LandlordNo)!,
            Status: repeated ? ('already paid' as const) : ('paid' as const),
            PayoutId: payoutId,
            message: MONEY_OUT_MESSAGES.payoutRecorded,
          });
        } catch (error) {
          if (!(error instanceof Invalid || error instanceof Conflict || error instanceof NotFound)) {
            // Nothing paid yet: the fault is the answer (a 503 says nothing was saved, and that is true).
            if (results.length === 0) throw error;
            log?.error({ err: error }, 'remittance run stopped part-way');
            stopped = true;
            results.push({
              LandlordNo: line.LandlordNo,
              Landlord_name: names.get(line.LandlordNo)!,
              Status: 'not recorded' as const,
              PayoutId: null,
              message: MONEY_OUT_MESSAGES.runStopped,
            });
            continue;
          }
          results.push({ LandlordNo: line.LandlordNo, Landlord_name: names.get(line.LandlordNo)!, Status: 'refused' as const, PayoutId: null, message: error.message });
        }
      }
      return results;
    },

    /** The advice, in the landlord's language, to the landlord's email through the outbox; nothing when they have none. */
    async emailAdvice(agentId: number, payoutId: number) {
      if (!mailer) return false;
      const row = (await repo.payoutsOf(db, agentId, { payoutId }))[0];
      if (!row) return false;
      const payout = toPayout(row);
      const to = await emailOf(db, payout.LandlordNo);
      if (!to || !to.includes('@')) return false;
      const language = await landlordLanguage(db, payout.LandlordNo);
      const t = translatorFor(language);
      const agency = await agencyName(db, agentId);
      const amount = formatKsh(Number(row.amount_cents) as Cents);
      await mailer.send({
        to,
        subject: t('landlordMoney.adviceEmail.subject', { agency, amount }),
        text: t('landlordMoney.adviceEmail.body', { name: payout.Landlord_name, agency, amount, reference: payout.Reference, date: payout.PayoutDate }),
        attachments: [{ filename: `remittance-advice-${payoutId}.pdf`, content: await this.advicePdf(agentId, payoutId), contentType: 'application/pdf' }],
      });
      return true;
    },

    /** The landlord's own view names its landlord: another landlord's payout is not found. */
    async advicePdf(agentId: number, payoutId: number, landlordNo?: number) {
      const row = (await repo.payoutsOf(db, agentId, { payoutId, landlordNo }))[0];
      if (!row) throw new NotFound();
      const live = toPayout(row);
      // Kept as first issued (decision 050): whatever changes later (the landlord's name), the advice prints the same,
      // dated by the payout's entry, not the download.
      const key = { agentId, landlordNo: live.LandlordNo, month: `${live.PayoutDate.slice(0, 7)}-01`, paper: 'remittance_advice' as const, no: live.PayoutId };
      const kept = (await paperOf(db, key)) ?? (await keepPaper(db, { ...key, body: live, at: new Date(row.created_at!) }));
      return payoutAdvicePdf(
        kept.body as Payout,
        await agencyName(db, agentId),
        kept.issuedAt,
        await landlordLanguage(db, live.LandlordNo),
        await findRegistration(db, agentId),
        await vatPinOn(db, agentId, live.PayoutDate),
      );
    },
  };
}

/** The agency's VAT PIN when it was VAT-registered on the payout's day: the advice then says the commission carried VAT. */
async function vatPinOn(db: DbOrTx, agentId: number, day: string): Promise<string | null> {
  const vat = await findVat(db, agentId);
  return vat.VatFrom !== null && vat.VatFrom <= day ? vat.VatPin : null;
}

/** '2026-04-05' → '2026-03': the statement a run at the start of a month pays out. */
function monthBefore(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return m === 1 ? `${y! - 1}-12` : `${y}-${String(m! - 1).padStart(2, '0')}`;
}

function toPayout(r: Record<string, string | number>): Payout {
  return {
    PayoutId: Number(r.payout_id),
    LandlordNo: Number(r.landlord_no),
    Landlord_name: String(r.full_name),
    Amount: centsToAmount(Number(r.amount_cents)),
    PayoutDate: String(r.payout_date),
    Method: String(r.method),
    Reference: String(r.reference),
  };
}

export type PayoutService = ReturnType<typeof payoutService>;
