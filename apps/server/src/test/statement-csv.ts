import { csvField, formatTransTime, STATEMENT_COLUMNS } from '@makazi/domain';

export interface StatementLine {
  receiptNo: string;
  at: Date;
  paidIn?: string;
  withdrawn?: string;
  status?: string;
  account: string;
  party?: string;
}

const completion = (at: Date) =>
  formatTransTime(at).replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/, '$1-$2-$3 $4:$5:$6');

/**
 * A paybill statement as the M-Pesa organisation portal exports it: a few lines
 * about the account, then the header and one row per transaction. `columns`
 * reorders the header to show the import reads it rather than assuming it.
 */
export function statementCsv(lines: StatementLine[], columns: readonly string[] = STATEMENT_COLUMNS) {
  const head = [
    ['Account Holder:', 'BARAKA AGENCIES LTD'],
    ['Short Code:', '600984'],
    ['Account:', 'Utility Account'],
    ['Time Period:', 'From 01-01-2025 00:00:00 To 31-01-2025 23:59:59'],
    [],
  ];
  const row = (l: StatementLine): Record<string, string> => ({
    'Receipt No.': l.receiptNo,
    'Completion Time': completion(l.at),
    'Initiation Time': completion(l.at),
    Details: `Pay Bill from ${l.party ?? '2547****126 - JOHN DOE'} Acc. ${l.account}`,
    'Transaction Status': l.status ?? 'Completed',
    'Paid In': l.paidIn ?? '',
    Withdrawn: l.withdrawn ?? '',
    Balance: '1,234,567.00',
    'Balance Confirmed': 'true',
    'Reason Type': 'Pay Bill Online',
    'Other Party Info': l.party ?? '2547****126 - JOHN DOE',
    'Linked Transaction ID': '',
    'A/C No.': l.account,
  });
  return [
    ...head.map((h) => h.map(csvField).join(',')),
    columns.map(csvField).join(','),
    ...lines.map((l) => columns.map((c) => csvField(row(l)[c] ?? '')).join(',')),
  ].join('\r\n');
}
