import {
  CSV_EXPORT_ROW_LIMIT,
  CSV_MESSAGES,
  LEDGER_EXPORT_MESSAGES,
  accountingDate,
  monthStart,
  nextMonth,
  receiptNumber,
  toCsv,
  type ChartEntry,
  type CsvColumn,
} from '@makazi/domain';
import type { Db } from '../../db/database';
import { Invalid } from '../../errors';
import * as repo from './repository';

/** Kenya's VAT does not reach residential rent collected for a client: lines go to Xero untaxed unless the agency says otherwise. */
const DEFAULT_TAX_RATE = 'No VAT';

/** The journal's accounts besides the money ledgers, with a code and name an accountant's chart commonly has. */
const DEFAULT_CHART: { Key: string; Code: string; Name: string }[] = [
  { Key: 'tenant:rent', Code: '1200', Name: 'Tenants - rent receivable' },
  { Key: 'tenant:deposit', Code: '1210', Name: 'Tenants - deposits receivable' },
  { Key: 'tenant:penalty', Code: '1220', Name: 'Tenants - penalties receivable' },
  { Key: 'tenant:water', Code: '1230', Name: 'Tenants - water receivable' },
  { Key: 'tenant:charge', Code: '1240', Name: 'Tenants - other charges receivable' },
  { Key: 'deposits_held', Code: '2100', Name: 'Tenant deposits held' },
  { Key: 'deposits_billed', Code: '2110', Name: 'Tenant deposits billed' },
  { Key: 'pass_through', Code: '2200', Name: 'Money held to pay onward' },
  { Key: 'rent_income', Code: '4000', Name: 'Rent billed for landlords' },
  { Key: 'charge_income', Code: '4100', Name: 'Other charges billed for landlords' },
];

interface Row {
  journalNo: string;
  day: string;
  code: string;
  name: string;
  taxRate: string;
  /** Debit positive, credit negative, in cents. */
  amount: number;
  description: string;
  narration: string;
}

const dmy = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
const mdy = (day: string) => `${day.slice(5, 7)}/${day.slice(8, 10)}/${day.slice(0, 4)}`;
const debitOf = (r: Row) => (r.amount > 0 ? r.amount : null);
const creditOf = (r: Row) => (r.amount < 0 ? -r.amount : null);

/**
 * The columns each accounting package's journal import reads (decision 053):
 * the general ledger as an accountant reads it; QuickBooks Online's Journal
 * Entry import (rows sharing a JournalNo are one entry, dates MM/DD/YYYY,
 * accounts by name); Xero's Manual Journal import (rows sharing a Narration
 * and Date are one journal, dates DD/MM/YYYY, accounts by code, a signed Amount).
 */
const LAYOUTS: Record<'general' | 'quickbooks' | 'xero', CsvColumn<Row>[]> = {
  general: [
    { header: 'Date', kind: 'date', value: (r) => r.day },
    { header: 'Account', kind: 'text', value: (r) => r.code },
    { header: 'Account name', kind: 'text', value: (r) => r.name },
    { header: 'Debit', kind: 'money', value: debitOf },
    { header: 'Credit', kind: 'money', value: creditOf },
    { header: 'Reference', kind: 'text', value: (r) => r.journalNo },
    { header: 'Description', kind: 'text', value: (r) => r.description },
  ],
  quickbooks: [
    { header: 'JournalNo', kind: 'text', value: (r) => r.journalNo },
    { header: 'JournalDate', kind: 'text', value: (r) => mdy(r.day) },
    { header: 'AccountName', kind: 'text', value: (r) => r.name },
    { header: 'Debits', kind: 'money', value: debitOf },
    { header: 'Credits', kind: 'money', value: creditOf },
    { header: 'Description', kind: 'text', value: (r) => r.description },
    { header: 'Name', kind: 'text', value: () => '' },
  ],
  xero: [
    { header: 'Narration', kind: 'text', value: (r) => r.narration },
    { header: 'Date', kind: 'text', value: (r) => dmy(r.day) },
    { header: 'Description', kind: 'text', value: (r) => r.description },
    { header: 'AccountCode', kind: 'text', value: (r) => r.code },
    { header: 'TaxRate', kind: 'text', value: (r) => r.taxRate },
    { header: 'Amount', kind: 'money', value: (r) => r.amount },
    { header: 'TrackingName1', kind: 'text', value: () => '' },
    { header: 'TrackingOption1', kind: 'text', value: () => '' },
  ],
};

/** The month's journal for the accountant, in the agency's chart of accounts. */
export function ledgerExportService({ db }: { db: Db }) {
  async function chart(agentId: number): Promise<ChartEntry[]> {
    const ledgers = await repo.ledgersOf(db, agentId);
    const defaults = [
      ...ledgers.map((l, i) => ({ Key: `ledger:${l.ledgerId}`, Code: String(1000 + i + 1), Name: `Client account - ${l.name}` })),
      ...DEFAULT_CHART,
    ];
    const saved = new Map((await repo.savedChart(db, agentId)).map((s) => [s.account_key, s]));
    return defaults.map((d) => {
      const s = saved.get(d.Key);
      return s ? { Key: d.Key, Code: s.code, Name: s.name, TaxRate: s.tax_rate } : { ...d, TaxRate: DEFAULT_TAX_RATE };
    });
  }

  return {
    chart,

    async saveChart(agentId: number, entries: ChartEntry[]) {
      const known = new Set((await chart(agentId)).map((c) => c.Key));
      if (entries.some((e) => !known.has(e.Key))) throw new Invalid(LEDGER_EXPORT_MESSAGES.unknownAccount);
      await db.transaction((tx) =>
        repo.saveChart(
          tx,
          agentId,
          entries.map((e) => ({ key: e.Key, code: e.Code, name: e.Name, taxRate: e.TaxRate })),
        ),
      );
      return chart(agentId);
    },

    /** `month` is 'YYYY-MM'; every transaction's rows balance, as the journal's do. */
    async journalCsv(agentId: number, month: string, layout: keyof typeof LAYOUTS) {
      const first = `${month}-01`;
      const lines = await repo.linesOf(db, agentId, monthStart(first), monthStart(nextMonth(first)));
      if (lines.length > CSV_EXPORT_ROW_LIMIT) throw new Invalid(CSV_MESSAGES.tooManyRows);
      const accounts = new Map((await chart(agentId)).map((c) => [c.Key, c]));
      const rows: Row[] = [];
      for (const l of lines) {
        const amount = l.debit - l.credit;
        if (amount === 0) continue;
        const account = accounts.get(l.key)!;
        const journalNo = l.receiptNo === null ? `J${l.txnId}` : receiptNumber(l.receiptNo);
        rows.push({
          journalNo,
          day: accountingDate(l.postedAt),
          code: account.Code,
          name: account.Name,
          taxRate: account.TaxRate,
          amount,
          description: l.details,
          // Xero groups rows into one journal by narration and date: the reference keeps two transactions of a day apart.
          narration: `${journalNo} ${l.details}`,
        });
      }
      return toCsv(LAYOUTS[layout], rows);
    },
  };
}

export type LedgerExportService = ReturnType<typeof ledgerExportService>;
