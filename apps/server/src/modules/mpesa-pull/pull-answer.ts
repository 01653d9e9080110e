import { parseTransTime } from '@makazi/domain';
import type { IncomingPayment } from '../mpesa/matching';

/**
 * Reads one page of Pull Transactions' answer. Safaricom's samples put the list
 * under `Response`, as a list or a list of lists, and integrators report other
 * field names (KENYA.md: "sources disagree"): any of them is read, and an
 * answer with none is an empty page. Only money paid in is kept: the list
 * also carries what the shortcode paid out.
 */
export function pullPage(body: Record<string, unknown>): { rows: number; payments: IncomingPayment[]; skipped: number } {
  const list = [body.Response, body.response, body.ResponseData, body.Transactions, body.transactions].find(Array.isArray) as
    | unknown[]
    | undefined;
  const rows = (list ?? []).flat().filter((r): r is Record<string, unknown> => typeof r === 'object' && r !== null);
  const payments: IncomingPayment[] = [];
  for (const r of rows) {
    const payment = paymentOf(r);
    if (payment) payments.push(payment);
  }
  return { rows: rows.length, payments, skipped: rows.length - payments.length };
}

const field = (r: Record<string, unknown>, ...names: string[]) => {
  for (const n of names) if (r[n] !== undefined && r[n] !== null) return String(r[n]).trim();
  return '';
};

/** Pay Bill and Buy Goods payments in; a payout, reversal or charge is not a tenant's payment. */
const MONEY_IN = /c2b|pay[\s-]?bill|buy[\s-]?goods|customer.*pay/i;

function paymentOf(r: Record<string, unknown>): IncomingPayment | null {
  const transId = field(r, 'transactionId', 'TransID', 'transID').toUpperCase();
  if (!/^[A-Z0-9]{6,20}$/.test(transId)) return null;
  const type = field(r, 'transactiontype', 'transactionType', 'TransactionType');
  if (type && !MONEY_IN.test(type)) return null;
  const amount = Number(field(r, 'amount', 'Amount', 'TransAmount').replace(/,/g, ''));
  if (!Number.isFinite(amount) || amount <= 0) return null;
  const transTime = timeOf(field(r, 'trxDate', 'TransTime', 'transTime'));
  if (!transTime) return null;
  return {
    transId,
    transTime,
    amountCents: Math.round(amount * 100),
    accountReference: field(r, 'billreference', 'billReference', 'BillRefNumber'),
    // Masked or hashed by Safaricom: kept as it came, never matched on.
    msisdn: field(r, 'msisdn', 'MSISDN'),
    payerName: field(r, 'sender', 'organizationname').slice(0, 200),
  };
}

/** '2020-08-05T10:13:00Z' (an instant), '2020-08-05 10:13:00' (Nairobi time) or '20200805101300'. */
function timeOf(text: string): Date | null {
  if (/^\d{14}$/.test(text)) return parseTransTime(text);
  const local = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})$/.exec(text);
  if (local) return parseTransTime(local.slice(1).join(''));
  const instant = new Date(text);
  return /^\d{4}-\d{2}-\d{2}T/.test(text) && !Number.isNaN(instant.getTime()) ? instant : null;
}
