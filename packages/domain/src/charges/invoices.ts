import type { Language } from '../i18n/languages';
import { translatorFor } from '../i18n/translator';
import { formatBalance } from '../money/figures';
import { formatKsh, type Cents } from '../money/money';

/** What one tenant's invoice says: the run's charges by kind, over the months the run charged. */
export interface InvoiceFigures {
  agency: string;
  /** The months the run charged this tenancy ('YYYY-MM-01'), oldest first. */
  months: readonly string[];
  /** Each kind's total over those months; `kind` null is rent, else the recurring charge's name. */
  lines: readonly { kind: string | null; cents: Cents }[];
  /** The tenancy's balance once the run has posted: the statement's last Balance. */
  totalCents: Cents;
  paybill: string | null;
  /** The account number the tenant pays to (the tenancy's number, as M-Pesa matches it). */
  account: string;
}

/**
 * An invoice's subject and text in the tenant's language
 * (docs/decisions/027-invoices-to-tenants.md). What was owed before the run is
 * its own line, so the lines add up to the total due.
 */
export function invoiceMessage(language: Language, f: InvoiceFigures): { subject: string; text: string } {
  const t = translatorFor(language);
  const balance = (cents: Cents) => formatBalance(cents, (amount) => t('figures.inCreditAmount', { amount }));
  const labels = f.months.map((m) =>
    t('common.monthYear', { month: t(`common.months.m${Number(m.slice(5, 7))}` as 'common.months.m1'), year: m.slice(0, 4) }),
  );
  const months =
    labels.length <= 1 ? (labels[0] ?? '') : `${labels.slice(0, -1).join(', ')} ${t('invoices.and')} ${labels.at(-1)}`;
  const charged = f.lines.reduce((sum, l) => sum + l.cents, 0);
  const earlier = f.totalCents - charged;
  const lines = [
    ...(earlier === 0 ? [] : [t('invoices.line', { kind: t('invoices.earlier'), amount: balance(earlier) })]),
    ...f.lines.map((l) => t('invoices.line', { kind: l.kind ?? t('invoices.rent'), amount: formatKsh(l.cents) })),
  ].join('; ');
  const values = { agency: f.agency, months, lines, total: balance(f.totalCents) };
  const pay = f.paybill ? t('invoices.pay', { paybill: f.paybill, account: f.account }) : '';
  return { subject: t('invoices.subject', values), text: t('invoices.text', values) + pay };
}
