import { amountToCents, toCsv, type CsvColumn, type OwnerStatement } from '@makazi/domain';

interface CsvRow {
  section: string;
  date: string;
  property: string;
  house: string;
  party: string;
  charged: number | null;
  amount: number | null;
  arrears: number | null;
}

const COLUMNS: CsvColumn<CsvRow>[] = [
  { header: 'Section', kind: 'text', value: (r) => r.section },
  { header: 'Date', kind: 'text', value: (r) => r.date },
  { header: 'Property', kind: 'text', value: (r) => r.property },
  { header: 'House', kind: 'text', value: (r) => r.house },
  { header: 'Tenant, payee or item', kind: 'text', value: (r) => r.party },
  { header: 'Rent charged (Ksh)', kind: 'money', value: (r) => r.charged },
  { header: 'Amount (Ksh)', kind: 'money', value: (r) => r.amount },
  { header: 'Arrears (Ksh)', kind: 'money', value: (r) => r.arrears },
];

const blank = { date: '', property: '', house: '', charged: null, arrears: null };
const c = (amount: number) => amountToCents(amount);

/** The owner statement as a spreadsheet: the summary, then houses, expenses, payouts and pass-through money paid onward, with the PDF's figures. */
export function ownerStatementCsv(s: OwnerStatement): string {
  const rows: CsvRow[] = [
    { ...blank, section: 'Summary', party: 'Opening balance', amount: c(s.OpeningBalance) },
    ...(s.BroughtForward ? [{ ...blank, section: 'Summary', party: 'Balance brought forward', amount: c(s.BroughtForward) }] : []),
    { ...blank, section: 'Summary', party: 'Rent collected', amount: c(s.RentCollected) },
    { ...blank, section: 'Summary', party: 'Other charges collected', amount: c(s.ChargesCollected) },
    { ...blank, section: 'Summary', party: 'Passed on to third parties', amount: -c(s.PassedOn) },
    { ...blank, section: 'Summary', party: 'Commission', amount: -c(s.Commission) },
    // Only where the agency charged VAT (decision 054): an agency not VAT-registered shows no VAT line at all.
    ...(s.Vat !== 0 ? [{ ...blank, section: 'Summary', party: 'VAT on commission and fees', amount: -c(s.Vat) }] : []),
    { ...blank, section: 'Summary', party: 'Rental income tax withheld', amount: -c(s.TaxWithheld) },
    { ...blank, section: 'Summary', party: 'Property expenses', amount: -c(s.ExpensesTotal) },
    { ...blank, section: 'Summary', party: 'Payouts', amount: -c(s.PayoutsTotal) },
    { ...blank, section: 'Summary', party: 'Closing balance', amount: c(s.ClosingBalance) },
    ...s.Houses.map((h) => ({
      section: h.Vacant && !h.Tenant_name ? 'Vacant house' : 'House',
      date: '',
      property: h.Property_name,
      house: h.House_number,
      party: h.Tenant_name ?? 'Vacant',
      charged: c(h.RentCharged),
      amount: c(h.RentCollected),
      arrears: c(h.Arrears),
    })),
    ...s.Expenses.map((e) => ({ ...blank, section: `Expense: ${e.Category}`, date: e.Date, property: e.Property_name, house: e.House_number ?? '', party: e.Payee, amount: c(e.Amount) })),
    ...s.Payouts.map((p) => ({ ...blank, section: 'Payout', date: p.Date, party: `${p.Method} ${p.Reference}`.trim(), amount: c(p.Amount) })),
    // Counted in the summary already: which closed month each late entry concerns.
    ...s.LateItems.map((x) => ({ ...blank, section: `Late entry for ${x.Concerns}`, date: x.Date, party: x.Details, amount: c(x.Amount) })),
    // Beside the landlord's account, not in it: pass-through money paid to its third parties, and what stays owed onward.
    ...s.PaidOnward.map((x) => ({
      ...blank,
      section: `Paid onward: ${x.Charge_name ?? 'Water'}`,
      date: x.Date,
      property: x.Property_name,
      party: `${x.Payee} (${`${x.Method} ${x.Reference}`.trim()})`,
      amount: c(x.Amount),
    })),
    ...(s.PaidOnward.length > 0 || s.OwedOnward !== 0 ? [{ ...blank, section: 'Pass-through', party: 'Still owed onward at month end', amount: c(s.OwedOnward) }] : []),
    ...(s.FeesTransferred !== 0 ? [{ ...blank, section: 'Agency fees', party: 'Commission and fees taken by the agency', amount: c(s.FeesTransferred) }] : []),
  ];
  return toCsv(COLUMNS, rows);
}
