import {
  BROUGHT_FORWARD,
  DEPOSIT_LEDGER_NAME,
  OPENING_MESSAGES,
  RENT_LEDGER_NAME,
  centsToAmount,
  formatKsh,
  monthStart,
  type OpeningBalances,
  type TenancyOpening,
} from '@makazi/domain';
import type { Clock } from '../../clock';
import type { Db, DbOrTx, Tx } from '../../db/database';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { applyCredit } from '../charges/credit';
import { goLiveMonth, lockGoLive, setGoLiveMonth } from '../invoicing/repository';
import { postReversal } from '../ledger/corrections';
import { recordCollections, reverseCollections } from '../landlord-money/collections';
import { lockCollections, postLandlordTxns, reverseLandlordTxn } from '../landlord-money/journal';
import { ledgerNamed } from '../money/repository';
import * as repo from './repository';

/** '2027-01-01' → '2026-12-01'. */
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const d = new Date(Date.UTC(y!, m! - 2, 1));
  return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}-01`;
}

async function ledgerIdOf(db: DbOrTx, agentId: number, name: string) {
  const ledger = await ledgerNamed(db, agentId, name);
  if (!ledger) throw new Error(`The agency has no ${name} ledger`);
  return ledger.ledgerId;
}

/** A month is open for a landlord while the newest month they closed with the agency is before it (decision 036). */
const closedAt = (closedThrough: string | null, month: string) => closedThrough !== null && closedThrough >= month;

/**
 * The go-live month and the opening balances (docs/decisions/042-go-live-and-opening-balances.md).
 * Every write is one transaction and a fixed number of statements whatever
 * the number of tenancies or landlords, so the spreadsheet import can hand a
 * whole agency to `enterTenancies` / `enterLandlords` at once.
 */
export function openingBalanceService({ db, clock }: { db: Db; clock: Clock }) {
  /** The go-live month, taken for this transaction; refused (once what was asked for is known to be the agency's) when none is set. */
  const required = (goLive: string | null) => {
    if (!goLive) throw new Conflict(OPENING_MESSAGES.noGoLive);
    return goLive;
  };

  /** In the caller's transaction when given one (the book import writes its records and their balances as one), else in a transaction of its own. */
  const inTx = <T>(within: Tx | undefined, work: (tx: Tx) => Promise<T>) => (within ? work(within) : db.transaction(work));

  return {
    async goLive(agentId: number) {
      return goLiveMonth(db, agentId);
    },

    /** Sets or clears the go-live month; refused while opening balances dated at the present one stand. */
    async setGoLive(agentId: number, caller: Caller, month: string | null) {
      return db.transaction(async (tx) => {
        const current = await lockGoLive(tx, agentId, clock.now(), caller.userNo);
        if (current !== month && (await repo.anyStandingOpening(tx, agentId))) throw new Conflict(OPENING_MESSAGES.goLiveLocked);
        await setGoLiveMonth(tx, { agentId, month, at: clock.now(), by: caller.userNo });
        return { message: month ? OPENING_MESSAGES.goLiveSaved : OPENING_MESSAGES.goLiveCleared, GoLiveMonth: month };
      });
    },

    /**
     * Opening balances of many tenancies in one transaction: each kind owed is
     * one `opening_arrears` entry (a charge of that kind, owned as such charges
     * are), the deposit held one `opening_deposit`, a credit one
     * `opening_credit`; then credit pays what is open and the landlord side is
     * levelled, as after a run.
     */
    async enterTenancies(
      agentId: number,
      caller: Caller,
      rows: readonly TenancyOpening[],
      within?: Tx,
      /**
       * The book import refreshes the statistics of the tables the entries fill, in its transaction: after their
       * transactions (the lines' checks join them) and after their lines (credit and collections read them).
       */
      refresh?: { afterTransactions: () => Promise<unknown>; afterLines: () => Promise<unknown> },
    ) {
      return inTx(within, async (tx) => {
        const takenGoLive = await lockGoLive(tx, agentId, clock.now(), caller.userNo);
        const ids = rows.map((r) => r.TenancyId);
        if (new Set(ids).size !== ids.length) throw new Invalid(OPENING_MESSAGES.tenancyTwice);
        for (const r of rows) {
          const arrears = r.RentArrears + r.WaterArrears + r.OtherArrears + r.ChargeArrears.reduce((s, c) => s + c.Amount, 0);
          if (arrears + r.DepositHeld + r.CreditHeld <= 0) throw new Invalid(OPENING_MESSAGES.nothingToEnter);
          if (r.RentArrears > 0 && r.CreditHeld > 0) throw new Invalid(OPENING_MESSAGES.rentAndCredit);
        }
        // Their balance rows in one order: a receipt of one of them at this moment waits for this entry.
        await lockCollections(tx, [...ids].sort((a, b) => a - b));
        const found = new Map((await repo.tenanciesForOpening(tx, agentId, ids)).map((t) => [t.tenancyId, t]));
        const charges = new Map(
          (await repo.chargesOfProperties(tx, agentId, [...new Set([...found.values()].map((t) => t.propId))])).map((c) => [c.chargeId, c]),
        );
        for (const r of rows) {
          const t = found.get(r.TenancyId);
          if (!t) throw new NotFound(OPENING_MESSAGES.tenancyNotFound);
          if (t.ended) throw new Conflict(OPENING_MESSAGES.tenancyEnded);
          if (r.ChargeArrears.some((c) => charges.get(c.ChargeId)?.propId !== t.propId)) throw new Invalid(OPENING_MESSAGES.chargeNotOfProperty);
        }
        const goLive = required(takenGoLive);
        for (const t of found.values()) {
          if (t.standing > 0) throw new Conflict(OPENING_MESSAGES.tenancyAlreadyEntered);
          if (closedAt(t.closedThrough, goLive)) throw new Conflict(OPENING_MESSAGES.monthClosed);
        }
        const depositLedger = await ledgerIdOf(tx, agentId, DEPOSIT_LEDGER_NAME);
        const rentLedger = await ledgerIdOf(tx, agentId, RENT_LEDGER_NAME);
        const postedAt = monthStart(goLive);
        const chargeMonth = previousMonth(goLive);
        const entries: repo.OpeningEntry[] = [];
        for (const r of rows) {
          const t = found.get(r.TenancyId)!;
          const base = { agentId, tenancyId: t.tenancyId, postedAt, postedBy: caller.userNo };
          // No charge_id even for a recurring charge's arrears: the column names a recurring_charge entry only; the sub-account names the charge.
          const arrears = (sub: string, amount: number, details: string, income: 'rent_income' | 'charge_income' | 'pass_through') => {
            if (amount <= 0) return;
            entries.push({
              ...base,
              kind: 'opening_arrears',
              details,
              chargeMonth,
              chargeId: null,
              lines: [
                { account: 'tenant', sub, ledgerId: null, ofTenancy: true, debit: amount, credit: 0 },
                { account: income, sub: null, ledgerId: null, ofTenancy: false, debit: 0, credit: amount },
              ],
            });
          };
          arrears('rent', r.RentArrears, BROUGHT_FORWARD.rent, 'rent_income');
          for (const c of r.ChargeArrears) {
            const charge = charges.get(c.ChargeId)!;
            arrears(`charge:${charge.chargeId}`, c.Amount, BROUGHT_FORWARD.charge(charge.name), charge.passThrough ? 'pass_through' : 'charge_income');
          }
          arrears('water', r.WaterArrears, BROUGHT_FORWARD.water, t.waterPassThrough ? 'pass_through' : 'charge_income');
          arrears('penalty', r.OtherArrears, BROUGHT_FORWARD.other, 'charge_income');
          if (r.DepositHeld > 0) {
            // The money is in the client account's Deposit ledger and held for the tenant; a deposit the booking charged is paid by it first, as a deposit receipt pays it.
            const pays = Math.min(r.DepositHeld, Math.max(t.depositDue, 0));
            entries.push({
              ...base,
              kind: 'opening_deposit',
              details: BROUGHT_FORWARD.deposit(formatKsh(r.DepositHeld)),
              chargeMonth: null,
              chargeId: null,
              lines: [
                { account: 'ledger', sub: null, ledgerId: depositLedger, ofTenancy: false, debit: r.DepositHeld, credit: 0 },
                { account: 'deposits_held', sub: null, ledgerId: null, ofTenancy: true, debit: 0, credit: r.DepositHeld },
                ...(pays > 0
                  ? [
                      { account: 'deposits_billed' as const, sub: null, ledgerId: null, ofTenancy: false, debit: pays, credit: 0 },
                      { account: 'tenant' as const, sub: 'deposit', ledgerId: null, ofTenancy: true, debit: 0, credit: pays },
                    ]
                  : []),
              ],
            });
          }
          if (r.CreditHeld > 0) {
            entries.push({
              ...base,
              kind: 'opening_credit',
              details: BROUGHT_FORWARD.credit,
              chargeMonth: null,
              chargeId: null,
              lines: [
                { account: 'ledger', sub: null, ledgerId: rentLedger, ofTenancy: false, debit: r.CreditHeld, credit: 0 },
                { account: 'tenant', sub: 'rent', ledgerId: null, ofTenancy: true, debit: 0, credit: r.CreditHeld },
              ],
            });
          }
        }
        await repo.postOpeningEntries(tx, entries, refresh?.afterTransactions);
        await refresh?.afterLines();
        // Credit held pays what is open (charges since go-live, arrears of other kinds), and what credit or arrears now
        // count as collected reaches each kind's owner: commission and tax are taken as the money is collected.
        const now = clock.now();
        await applyCredit(tx, { agentId, tenancyIds: ids }, { postedAt: now, postedBy: caller.userNo });
        await recordCollections(tx, ids, { journalTxnId: null, postedAt: now, postedBy: caller.userNo, details: BROUGHT_FORWARD.credit });
        return { message: OPENING_MESSAGES.entered, Entries: entries.length, Tenancies: ids.length };
      });
    },

    /** Takes back every opening entry of one tenancy with the reason, while its landlord's go-live month is open. */
    async reverseTenancy(agentId: number, caller: Caller, tenancyId: number, reason: string) {
      return db.transaction(async (tx) => {
        const takenGoLive = await lockGoLive(tx, agentId, clock.now(), caller.userNo);
        await lockCollections(tx, [tenancyId]);
        const [t] = await repo.tenanciesForOpening(tx, agentId, [tenancyId]);
        if (!t) throw new NotFound(OPENING_MESSAGES.tenancyNotFound);
        const goLive = required(takenGoLive);
        if (closedAt(t.closedThrough, goLive)) throw new Conflict(OPENING_MESSAGES.monthClosed);
        const standing = await repo.standingOpenings(tx, agentId, tenancyId);
        if (standing.length === 0) throw new Conflict(OPENING_MESSAGES.nothingToReverse);
        const postedAt = clock.now();
        const details = `Reversal of opening balance: ${reason}`;
        for (const txnId of standing) {
          const reversal = await postReversal(tx, { agentId, txnId, details, postedAt, postedBy: caller.userNo });
          if (reversal === null) throw new Conflict(OPENING_MESSAGES.nothingToReverse);
          await reverseCollections(tx, { agentId, tenancyId, originalJournalTxnId: txnId, journalTxnId: reversal, details, postedAt, postedBy: caller.userNo });
        }
        // Arrears taken back after a payment leave money over: it is credit and pays what is open.
        await applyCredit(tx, { agentId, tenancyIds: [tenancyId] }, { postedAt, postedBy: caller.userNo });
        await recordCollections(tx, [tenancyId], { journalTxnId: null, postedAt, postedBy: caller.userNo, details });
        return { message: OPENING_MESSAGES.reversed, Reversed: standing.length };
      });
    },

    /** What the agency owed each landlord at go-live: one landlord-journal entry each, money in the client account. */
    async enterLandlords(agentId: number, caller: Caller, rows: readonly { LandlordNo: number; Amount: number }[], within?: Tx) {
      return inTx(within, async (tx) => {
        const takenGoLive = await lockGoLive(tx, agentId, clock.now(), caller.userNo);
        const nos = rows.map((r) => r.LandlordNo);
        if (new Set(nos).size !== nos.length) throw new Invalid(OPENING_MESSAGES.landlordTwice);
        if (rows.some((r) => r.Amount <= 0)) throw new Invalid(OPENING_MESSAGES.nothingToEnter);
        await repo.lockLandlords(tx, [...nos].sort((a, b) => a - b));
        const found = new Map((await repo.landlordsForOpening(tx, agentId, nos)).map((l) => [l.landlordNo, l]));
        for (const r of rows) {
          const l = found.get(r.LandlordNo);
          if (!l) throw new NotFound(OPENING_MESSAGES.landlordNotFound);
        }
        const goLive = required(takenGoLive);
        for (const l of found.values()) {
          if (l.standingTxnId !== null) throw new Conflict(OPENING_MESSAGES.landlordAlreadyEntered);
          if (closedAt(l.closedThrough, goLive)) throw new Conflict(OPENING_MESSAGES.monthClosed);
        }
        const postedAt = monthStart(goLive);
        await postLandlordTxns(
          tx,
          rows.map((r) => ({
            agentId,
            kind: 'opening_balance' as const,
            landlordNo: r.LandlordNo,
            propId: null,
            tenancyId: null,
            journalTxnId: null,
            postedAt,
            moneyDate: goLive,
            details: BROUGHT_FORWARD.landlord,
            postedBy: caller.userNo,
            // The money is in the client account (cash in), and it is the landlord's.
            lines: [
              { account: 'cash' as const, credit: -r.Amount },
              { account: 'landlord' as const, credit: r.Amount },
            ],
          })),
        );
        return { message: OPENING_MESSAGES.entered, Entries: rows.length };
      });
    },

    async reverseLandlord(agentId: number, caller: Caller, landlordNo: number, reason: string) {
      return db.transaction(async (tx) => {
        const takenGoLive = await lockGoLive(tx, agentId, clock.now(), caller.userNo);
        await repo.lockLandlords(tx, [landlordNo]);
        const [l] = await repo.landlordsForOpening(tx, agentId, [landlordNo]);
        if (!l) throw new NotFound(OPENING_MESSAGES.landlordNotFound);
        const goLive = required(takenGoLive);
        if (l.standingTxnId === null) throw new Conflict(OPENING_MESSAGES.nothingToReverse);
        if (closedAt(l.closedThrough, goLive)) throw new Conflict(OPENING_MESSAGES.monthClosed);
        const postedAt = clock.now();
        // Dated at go-live as its original, so the owner statement nets them in the same month.
        await reverseLandlordTxn(tx, { agentId, txnId: l.standingTxnId, details: `Reversal of opening balance: ${reason}`, postedAt, moneyDate: goLive, postedBy: caller.userNo });
        return { message: OPENING_MESSAGES.reversed, Reversed: 1 };
      });
    },

    /** Each meter's last reading before go-live, so the go-live month bills the difference. */
    async enterMeters(agentId: number, caller: Caller, meters: readonly { HouseId: number; Reading: number }[], within?: Tx) {
      return inTx(within, async (tx) => {
        const takenGoLive = await lockGoLive(tx, agentId, clock.now(), caller.userNo);
        const ids = meters.map((m) => m.HouseId);
        if (new Set(ids).size !== ids.length) throw new Invalid(OPENING_MESSAGES.houseTwice);
        const houses = new Map((await repo.housesForMeters(tx, agentId, ids, takenGoLive ?? '9999-12-01')).map((h) => [h.houseId, h]));
        for (const m of meters) if (!houses.has(m.HouseId)) throw new NotFound(OPENING_MESSAGES.houseNotFound);
        const goLive = required(takenGoLive);
        if ([...houses.values()].some((h) => h.readSince)) throw new Conflict(OPENING_MESSAGES.meterReadSince);
        await repo.saveOpeningReadings(tx, {
          agentId,
          month: previousMonth(goLive),
          at: clock.now(),
          by: caller.userNo,
          meters: meters.map((m) => ({ houseId: m.HouseId, propId: houses.get(m.HouseId)!.propId, reading: m.Reading })),
        });
        return { message: OPENING_MESSAGES.metersSaved, Entries: meters.length };
      });
    },

    async list(agentId: number): Promise<OpeningBalances> {
      const goLive = await goLiveMonth(db, agentId);
      const { tenancies, landlords } = await repo.openingList(db, agentId);
      const byTenancy = new Map<number, OpeningBalances['Tenancies'][number]>();
      for (const r of tenancies) {
        const id = Number(r.tenancy_id);
        const t =
          byTenancy.get(id) ??
          byTenancy
            .set(id, { TenancyId: id, Tenant_name: String(r.full_name), Property_name: String(r.property_name), House_number: String(r.house_number), Entries: [] })
            .get(id)!;
        t.Entries.push({ TransactionId: Number(r.txn_id), Details: String(r.details), Amount: centsToAmount(Number(r.amount)) });
      }
      return {
        GoLiveMonth: goLive,
        Tenancies: [...byTenancy.values()],
        Landlords: landlords.map((l) => ({
          LandlordNo: Number(l.landlord_no),
          Landlord_name: String(l.full_name),
          Amount: centsToAmount(Number(l.amount)),
          TransactionId: Number(l.txn_id),
        })),
      };
    },
  };
}

export type OpeningBalanceService = ReturnType<typeof openingBalanceService>;
