import {
  CLIENT_MONEY_MESSAGES,
  RECONCILING_ITEM_SIGN,
  accountingDate,
  amountToCents,
  centsToAmount,
  monthsFrom,
  toCsv,
  type ClientAccount,
  type ClientAccountRequest,
  type ClientAccountUpdateRequest,
  type ClientMoneyBooks,
  type CsvColumn,
  type ClientMoneyReconciliation,
  type ClientMoneyReconciliationRequest,
  type ReconcilingItemKind,
  type TrustReconciliation,
  type YearEndPack,
} from '@makazi/domain';
import type { z } from 'zod';
import type { Clock } from '../../clock';
import type { Db } from '../../db/database';
import { isUniqueViolation } from '../../db/errors';
import { Conflict, Invalid, NotFound } from '../../errors';
import type { Caller } from '../../plugins/authenticate';
import { agencyName } from '../landlord-money/journal';
import { balancesOf } from '../landlord-money/repository';
import { trustReconciliation } from '../landlord-money/service';
import { yearEndPdf } from './pdf';
import * as repo from './repository';

type AccountInput = z.output<typeof ClientAccountRequest>;
type AccountUpdate = z.output<typeof ClientAccountUpdateRequest>;
type ReconInput = z.output<typeof ClientMoneyReconciliationRequest>;

const DAY_MS = 86_400_000;
/** The first moment of a day in Nairobi: the books "at the end of a day" are what was posted before the next one starts. */
const startOf = (day: string) => new Date(`${day}T00:00:00+03:00`);
const endOf = (day: string) => new Date(startOf(day).getTime() + DAY_MS);

type Row = Record<string, unknown>;
const cents = (v: unknown) => Number(v);

function toReconciliation(r: Row): ClientMoneyReconciliation {
  const balances = (typeof r.balances === 'string' ? JSON.parse(r.balances) : r.balances) as { account_id: number; name: string; cents: number }[];
  const items = (typeof r.items === 'string' ? JSON.parse(r.items) : r.items) as {
    kind: ReconcilingItemKind;
    account_id: number | null;
    name: string | null;
    cents: number;
    note: string;
  }[];
  return {
    ReconId: Number(r.recon_id),
    Day: String(r.as_of),
    Books: centsToAmount(cents(r.books_cents)),
    OwedToLandlords: centsToAmount(cents(r.owed_to_landlords_cents)),
    DepositsHeld: centsToAmount(cents(r.deposits_held_cents)),
    TenantCredits: centsToAmount(cents(r.tenant_credits_cents)),
    PassThroughPayable: centsToAmount(cents(r.pass_through_cents)),
    TaxPayable: centsToAmount(cents(r.tax_payable_cents)),
    CommissionNotTaken: centsToAmount(cents(r.commission_cents)),
    VatPayable: centsToAmount(cents(r.vat_output_cents)),
    TrustDifference: centsToAmount(cents(r.trust_difference_cents)),
    Statement: centsToAmount(cents(r.statement_cents)),
    Balances: balances.map((b) => ({ AccountId: Number(b.account_id), Account_name: b.name, Balance: centsToAmount(Number(b.cents)) })),
    Items: items.map((i) => ({
      Kind: i.kind,
      AccountId: i.account_id == null ? null : Number(i.account_id),
      Account_name: i.name,
      Amount: centsToAmount(Number(i.cents)),
      Note: i.note,
    })),
    ItemsTotal: centsToAmount(cents(r.items_cents)),
    Unexplained: centsToAmount(cents(r.unexplained_cents)),
    RecordedAt: new Date(r.created_at as string | Date).toISOString(),
    RecordedBy: String(r.recorded_by),
    Replaced: Boolean(r.replaced),
  };
}

const MOVEMENT_KINDS: Record<string, keyof YearEndPack['Totals']> = {
  received: 'Received',
  brought_forward: 'BroughtForward',
  refund: 'RefundsToTenants',
  payout: 'PaidToLandlords',
  expense: 'Expenses',
  tax_payment: 'TaxPaid',
  pass_through_payment: 'PaidOnward',
  fee_transfer: 'FeesTransferred',
};

type Movement = YearEndPack['Totals'];
const noMovement = (): Movement => ({
  Received: 0,
  BroughtForward: 0,
  RefundsToTenants: 0,
  PaidToLandlords: 0,
  Expenses: 0,
  TaxPaid: 0,
  PaidOnward: 0,
  FeesTransferred: 0,
  PaidOut: 0,
});

interface CsvLine {
  section: string;
  date: string;
  name: string;
  item: string;
  amount: number | null;
}
const CSV_COLUMNS: CsvColumn<CsvLine>[] = [
  { header: 'Section', kind: 'text', value: (l) => l.section },
  { header: 'Date', kind: 'text', value: (l) => l.date },
  { header: 'Name', kind: 'text', value: (l) => l.name },
  { header: 'Item', kind: 'text', value: (l) => l.item },
  { header: 'Amount (Ksh)', kind: 'money', value: (l) => (l.amount === null ? null : amountToCents(l.amount)) },
];
const TRUST_LINES: (keyof TrustReconciliation)[] = [
  'Received',
  'PaidOut',
  'FeesTransferred',
  'Held',
  'OwedToLandlords',
  'DepositsHeld',
  'TenantCredits',
  'PassThroughPayable',
  'TaxPayable',
  'CommissionNotTaken',
  'VatPayable',
  'Difference',
];

/**
 * The agency's client accounts and their reconciliation with the books
 * (Estate Agents Act Cap 533; docs/decisions/043-client-money.md). What the
 * books say is the trust screen's own computation as of the end of a day.
 */
export function clientMoneyService({ db, clock }: { db: Db; clock: Clock }) {
  const today = () => accountingDate(clock.now());

  const recordOnce = (agentId: number, caller: Caller, input: ReconInput) =>
    db.transaction(async (tx) => {
      await repo.lockAgent(tx, agentId);
      const statement = input.Balances.reduce((sum, b) => sum + b.Balance, 0);
      const items = input.Items.reduce((sum, i) => sum + RECONCILING_ITEM_SIGN[i.Kind] * i.Amount, 0);
      const earlier = await repo.reconByKey(tx, agentId, input.idempotencyKey);
      if (earlier) {
        if (earlier.day !== input.Day || earlier.statement !== statement || earlier.items !== items) throw new Conflict(CLIENT_MONEY_MESSAGES.otherKey);
        return { message: CLIENT_MONEY_MESSAGES.recorded, ReconId: earlier.reconId };
      }
      const accounts = await repo.accountsOf(tx, agentId);
      const inUse = new Set(accounts.filter((a) => a.active).map((a) => a.accountId));
      if (inUse.size === 0) throw new Invalid(CLIENT_MONEY_MESSAGES.noAccounts);
      const named = [...input.Balances.map((b) => b.AccountId), ...input.Items.flatMap((i) => (i.AccountId === null ? [] : [i.AccountId]))];
      // Another agency's account is not found, as any of its records; one of this agency's switched off is refused by name.
      if (named.some((id) => !accounts.some((a) => a.accountId === id))) throw new NotFound(CLIENT_MONEY_MESSAGES.accountNotFound);
      if (named.some((id) => !inUse.has(id))) throw new Invalid(CLIENT_MONEY_MESSAGES.accountNotInUse);
      const balanced = input.Balances.map((b) => b.AccountId);
      if (new Set(balanced).size !== balanced.length) throw new Invalid(CLIENT_MONEY_MESSAGES.balanceTwice);
      if (balanced.length !== inUse.size) throw new Invalid(CLIENT_MONEY_MESSAGES.balanceMissing);

      const books = await trustReconciliation(tx, agentId, endOf(input.Day));
      const held = amountToCents(books.Held);
      const reconId = await repo.insertRecon(
        tx,
        {
          agentId,
          day: input.Day,
          books: held,
          owed: amountToCents(books.OwedToLandlords),
          deposits: amountToCents(books.DepositsHeld),
          credits: amountToCents(books.TenantCredits),
          passThrough: amountToCents(books.PassThroughPayable),
          tax: amountToCents(books.TaxPayable),
          commission: amountToCents(books.CommissionNotTaken),
          vat: amountToCents(books.VatPayable),
          trustDifference: amountToCents(books.Difference),
          statement,
          items,
          unexplained: held - statement - items,
          replaces: await repo.currentReconOf(tx, agentId, input.Day),
          key: input.idempotencyKey,
          at: clock.now(),
          by: caller.userNo,
        },
        input.Balances.map((b) => ({ accountId: b.AccountId, cents: b.Balance })),
        input.Items.map((i) => ({ kind: i.Kind, accountId: i.AccountId, cents: i.Amount, note: i.Note })),
      );
      return { message: CLIENT_MONEY_MESSAGES.recorded, ReconId: reconId };
    });

  const service = {
    async accounts(agentId: number): Promise<ClientAccount[]> {
      return (await repo.accountsOf(db, agentId)).map((a) => ({ AccountId: a.accountId, Name: a.name, Kind: a.kind, Number: a.number, Active: a.active }));
    },

    async addAccount(agentId: number, caller: Caller, input: AccountInput) {
      const accountId = await repo.insertAccount(db, { agentId, name: input.Name, kind: input.Kind, number: input.Number, at: clock.now(), by: caller.userNo });
      return { message: CLIENT_MONEY_MESSAGES.accountSaved, AccountId: accountId };
    },

    /** Its details, or switched off; never the last one in use (the agency keeps at least one client account). */
    async updateAccount(agentId: number, caller: Caller, input: AccountUpdate) {
      return db.transaction(async (tx) => {
        await repo.lockAgent(tx, agentId);
        const found = await repo.updateAccount(tx, {
          agentId,
          accountId: input.AccountId,
          name: input.Name,
          kind: input.Kind,
          number: input.Number,
          active: input.Active,
          at: clock.now(),
          by: caller.userNo,
        });
        if (!found) throw new NotFound(CLIENT_MONEY_MESSAGES.accountNotFound);
        if (!(await repo.accountsOf(tx, agentId)).some((a) => a.active)) throw new Invalid(CLIENT_MONEY_MESSAGES.lastAccount);
        return { message: CLIENT_MONEY_MESSAGES.accountSaved, AccountId: input.AccountId };
      });
    },

    /** What the books say the client accounts must hold at the end of a day: the trust screen as it stood then. */
    async books(agentId: number, day: string): Promise<ClientMoneyBooks> {
      if (day > today()) throw new Invalid(CLIENT_MONEY_MESSAGES.dayInFuture);
      return { Day: day, Books: await trustReconciliation(db, agentId, endOf(day)) };
    },

    /**
     * In one transaction: the agency locked, the form's key looked up (a
     * second submission answers the first), the balances checked against the
     * accounts in use, the books read as of the end of the day, the record
     * written; the day's reconciliation in force, if any, is replaced and kept.
     */
    async record(agentId: number, caller: Caller, input: ReconInput) {
      if (input.Day > today()) throw new Invalid(CLIENT_MONEY_MESSAGES.dayInFuture);
      try {
        return await recordOnce(agentId, caller, input);
      } catch (error) {
        if (isUniqueViolation(error)) throw new Conflict(CLIENT_MONEY_MESSAGES.otherKey);
        throw error;
      }
    },

    async list(agentId: number, from?: string, to?: string): Promise<ClientMoneyReconciliation[]> {
      return (await repo.reconsOf(db, agentId, from ?? null, to ?? null)).map(toReconciliation);
    },

    /**
     * The accountant's pack for a practice year: the trust screen at the end
     * of the day before and at the last day, the movements between them, who
     * the money at year end belongs to, the year's reconciliations in force,
     * and the exceptions. Opening.Held + Received + BroughtForward − PaidOut = Closing.Held.
     */
    async yearEnd(agentId: number, from: string, to: string): Promise<YearEndPack> {
      if (to < from) throw new Invalid(CLIENT_MONEY_MESSAGES.periodBackwards);
      if (to > today()) throw new Invalid(CLIENT_MONEY_MESSAGES.dayInFuture);
      if ((startOf(to).getTime() - startOf(from).getTime()) / DAY_MS > 365) throw new Invalid(CLIENT_MONEY_MESSAGES.periodTooLong);
      const start = startOf(from);
      const end = endOf(to);
      const [opening, closing, moves, landlordRows, tenantRows, reconRows, agency] = await Promise.all([
        trustReconciliation(db, agentId, start),
        trustReconciliation(db, agentId, end),
        repo.movementsBetween(db, agentId, start, end),
        balancesOf(db, agentId, null, end),
        repo.tenantsHolding(db, agentId, end),
        repo.reconsOf(db, agentId, from, to, true),
        agencyName(db, agentId),
      ]);

      const byMonth = new Map<string, Movement>();
      const totals = noMovement();
      for (const m of moves) {
        const figure = MOVEMENT_KINDS[m.kind];
        if (!figure) continue;
        const row = byMonth.get(m.month) ?? noMovement();
        byMonth.set(m.month, row);
        for (const target of [row, totals]) {
          target[figure] += m.cents;
          if (figure !== 'Received' && figure !== 'BroughtForward') target.PaidOut += m.cents;
        }
      }
      const toAmounts = (m: Movement): Movement =>
        Object.fromEntries(Object.entries(m).map(([k, v]) => [k, centsToAmount(v)])) as Movement;

      const Landlords = landlordRows
        .map((r) => ({ LandlordNo: Number(r.landlord_no), Landlord_name: String(r.full_name), Balance: centsToAmount(Number(r.balance)) }))
        .filter((l) => l.Balance !== 0);
      const Tenants = tenantRows.map((r) => ({
        TenancyId: Number(r.tenancy_id),
        Tenant_name: String(r.full_name),
        Property_name: String(r.property_name),
        House_number: String(r.house_number),
        DepositHeld: centsToAmount(Number(r.deposits_held)),
        Credit: centsToAmount(Number(r.credit)),
      }));
      const Reconciliations = reconRows.map(toReconciliation).reverse();

      const Exceptions: YearEndPack['Exceptions'] = [];
      if (closing.Difference !== 0) Exceptions.push({ Kind: 'trust_difference', Day: to, Month: null, Name: null, Amount: closing.Difference });
      for (const l of Landlords.filter((x) => x.Balance < 0)) {
        Exceptions.push({ Kind: 'landlord_below_zero', Day: to, Month: null, Name: l.Landlord_name, Amount: l.Balance });
      }
      for (const r of Reconciliations.filter((x) => x.Unexplained !== 0)) {
        Exceptions.push({ Kind: 'unexplained_difference', Day: r.Day, Month: null, Name: null, Amount: r.Unexplained });
      }
      const reconciledMonths = new Set(Reconciliations.map((r) => r.Day.slice(0, 7)));
      for (const month of monthsFrom(`${from.slice(0, 7)}-01`, `${to.slice(0, 7)}-01`)) {
        if (!reconciledMonths.has(month.slice(0, 7))) {
          Exceptions.push({ Kind: 'month_not_reconciled', Day: null, Month: month.slice(0, 7), Name: null, Amount: null });
        }
      }

      return {
        Agency: agency,
        From: from,
        To: to,
        Opening: opening,
        Closing: closing,
        Movements: [...byMonth.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([Month, m]) => ({ Month, ...toAmounts(m) })),
        Totals: toAmounts(totals),
        Landlords,
        Tenants,
        Reconciliations,
        Exceptions,
      };
    },

    async yearEndCsv(agentId: number, from: string, to: string) {
      const p = await service.yearEnd(agentId, from, to);
      const lines: CsvLine[] = [];
      for (const [section, day, t] of [
        ['Opening', p.From, p.Opening],
        ['Closing', p.To, p.Closing],
      ] as const) {
        for (const item of TRUST_LINES) lines.push({ section, date: day, name: '', item, amount: t[item] });
      }
      for (const m of p.Movements) {
        for (const [item, amount] of Object.entries(m)) if (item !== 'Month') lines.push({ section: 'Movement', date: m.Month, name: '', item, amount: amount as number });
      }
      for (const [item, amount] of Object.entries(p.Totals)) lines.push({ section: 'Movement', date: 'Total', name: '', item, amount });
      for (const l of p.Landlords) lines.push({ section: 'Landlord', date: p.To, name: `${l.Landlord_name} (${l.LandlordNo})`, item: 'Balance', amount: l.Balance });
      for (const t of p.Tenants) {
        const name = `${t.Tenant_name} (${t.Property_name} ${t.House_number})`;
        if (t.DepositHeld !== 0) lines.push({ section: 'Tenant', date: p.To, name, item: 'DepositHeld', amount: t.DepositHeld });
        if (t.Credit !== 0) lines.push({ section: 'Tenant', date: p.To, name, item: 'Credit', amount: t.Credit });
      }
      for (const r of p.Reconciliations) {
        lines.push({ section: 'ClientMoneyReconciliation', date: r.Day, name: '', item: 'Books', amount: r.Books });
        for (const b of r.Balances) lines.push({ section: 'ClientMoneyReconciliation', date: r.Day, name: b.Account_name, item: 'Statement balance', amount: b.Balance });
        for (const i of r.Items) {
          lines.push({ section: 'ClientMoneyReconciliation', date: r.Day, name: i.Account_name ?? '', item: `${i.Kind}: ${i.Note}`, amount: RECONCILING_ITEM_SIGN[i.Kind] * i.Amount });
        }
        lines.push({ section: 'ClientMoneyReconciliation', date: r.Day, name: '', item: 'Unexplained', amount: r.Unexplained });
      }
      for (const e of p.Exceptions) lines.push({ section: 'Exception', date: e.Day ?? e.Month ?? '', name: e.Name ?? '', item: e.Kind, amount: e.Amount });
      return toCsv(CSV_COLUMNS, lines);
    },

    async yearEndPdf(agentId: number, from: string, to: string) {
      return yearEndPdf(await service.yearEnd(agentId, from, to), clock.now());
    },
  };
  return service;
}

export type ClientMoneyService = ReturnType<typeof clientMoneyService>;
