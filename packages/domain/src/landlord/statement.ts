import { AgencyRegistration } from '../agents/agent-account';
import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { LANDLORD_MESSAGES } from './agreement';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const MONTH_MESSAGE = 'Enter the month as YYYY-MM';

/** A landlord's statement or tax report for one month ('2026-06'); this month when none is named. */
export const OwnerStatementQuery = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number({ error: LANDLORD_MESSAGES.landlordRequired }).int().positive(LANDLORD_MESSAGES.landlordRequired),
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
    .optional(),
});
export type OwnerStatementQuery = z.input<typeof OwnerStatementQuery>;

export const MonthQuery = z.object({
  managingAgentId: agentId,
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
    .optional(),
});

export const OwnerStatementHouse = z.object({
  PropId: z.number(),
  Property_name: z.string(),
  HouseId: z.number(),
  House_number: z.string(),
  TenancyId: z.number().nullable(),
  Tenant_name: z.string().nullable(),
  RentCharged: z.number(),
  RentCollected: z.number(),
  Arrears: z.number(),
  Vacant: z.boolean(),
});
export type OwnerStatementHouse = z.infer<typeof OwnerStatementHouse>;

export const OwnerStatementExpense = z.object({
  ExpenseId: z.number(),
  Date: z.string(),
  Property_name: z.string(),
  House_number: z.string().nullable(),
  Category: z.string(),
  Payee: z.string(),
  Amount: z.number(),
});

export const OwnerStatementPayout = z.object({
  PayoutId: z.number(),
  Date: z.string(),
  Method: z.string(),
  Reference: z.string(),
  Amount: z.number(),
});

/** Money passed on paid to the third party it is owed to (a reversal shows as a negative amount). */
export const OwnerStatementPaidOnward = z.object({
  PaymentId: z.number(),
  Date: z.string(),
  Property_name: z.string(),
  Charge: z.string(),
  Charge_name: z.string().nullable(),
  Payee: z.string(),
  Method: z.string(),
  Reference: z.string(),
  Amount: z.number(),
});

/** A late entry: dated as it happened, naming the closed month it concerns. */
export const OwnerStatementLateItem = z.object({
  Date: z.string(),
  Concerns: z.string(),
  Kind: z.enum(['collection', 'reversal', 'expense', 'payout', 'tax_payment', 'fee', 'pass_through_payment', 'fee_transfer']),
  Details: z.string(),
  Amount: z.number(),
});

/**
 * What the agency did with a landlord's money in a month. Every figure is a
 * sum over journal lines; Closing = Opening + Collected − PassedOn −
 * Commission − Vat − TaxWithheld − Expenses − Payouts
 * (docs/landlord-money.md#owner-statement). Collected is rent and every
 * other charge paid; PassedOn the part of it owed onward (pass-through
 * charges), never the landlord's.
 */
export const OwnerStatement = z.object({
  Agency: z.string(),
  /** Printed under the agency's name; absent from papers kept before migration 0059. */
  AgencyRegistration: AgencyRegistration.nullable().optional(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  KraPin: z.string().nullable(),
  Month: z.string(),
  From: z.string(),
  To: z.string(),
  OpeningBalance: z.number(),
  /** What the agency owed the landlord at go-live, entered as an opening balance in this month (decision 042). */
  BroughtForward: z.number().default(0),
  Houses: z.array(OwnerStatementHouse),
  RentCharged: z.number(),
  Collected: z.number(),
  RentCollected: z.number(),
  ChargesCollected: z.number(),
  PassedOn: z.number(),
  Commission: z.number(),
  /** VAT on the commission and fees (decision 054): absent from papers kept before migration 0066, 0 when the agency is not VAT-registered. */
  Vat: z.number().default(0),
  /** The agency's VAT PIN when it was VAT-registered in the month, printed with the VAT line. */
  VatPin: z.string().nullable().default(null),
  TaxWithheld: z.number(),
  Expenses: z.array(OwnerStatementExpense),
  ExpensesTotal: z.number(),
  Payouts: z.array(OwnerStatementPayout),
  PayoutsTotal: z.number(),
  ClosingBalance: z.number(),
  /**
   * Beside the landlord's account, never in it: the money passed on paid to
   * its third parties in the month, and what stays owed onward at the month's
   * end for the landlord's properties.
   */
  PaidOnward: z.array(OwnerStatementPaidOnward),
  PaidOnwardTotal: z.number(),
  OwedOnward: z.number(),
  /**
   * Also beside Closing: of the commission and fees earned on this landlord's
   * money, what the agency moved out of the client account in the month
   * (docs/decisions/035-fee-transfers.md). Taking it does not change what was earned.
   */
  FeesTransferred: z.number(),
  VacantHouses: z.number(),
  /**
   * Closed: the month's papers are kept as they were issued (IssuedAt) and
   * nothing more is booked into it (docs/decisions/036-closed-months.md).
   */
  Closed: z.boolean(),
  IssuedAt: z.string().nullable(),
  /** What was booked into this month but concerns an earlier, closed one (its effect on the landlord's account). */
  LateItems: z.array(OwnerStatementLateItem),
});
export type OwnerStatement = z.infer<typeof OwnerStatement>;

export const MriAmendment = z.object({
  No: z.number(),
  GrossRent: z.number(),
  Withheld: z.number(),
  PaidToKra: z.number(),
  PaidOn: z.string(),
  Reference: z.string(),
});

/** A landlord's Monthly Rental Income tax for one month: gross residential rent received and the tax at the dated rate. */
export const MriLine = z.object({
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  KraPin: z.string().nullable(),
  Month: z.string(),
  GrossRent: z.number(),
  RatePercent: z.string(),
  Tax: z.number(),
  Withheld: z.number(),
  PaidToKra: z.number(),
  DueBy: z.string(),
  /** The month's own payment to KRA (its date and reference): the certificate is proof of it. */
  PaidOn: z.string().nullable(),
  Reference: z.string().nullable(),
  /**
   * Tax withheld after the month closed on rent it concerns (a late
   * payment, a reversal), not yet in a paid amendment: payable on its own
   * (`POST /mri/amendment/payment`); below zero it was overpaid, never a
   * negative return.
   */
  AmendmentDue: z.number(),
  AmendmentGross: z.number(),
  Amendments: z.array(MriAmendment),
});
export type MriLine = z.infer<typeof MriLine>;

/** A paid amendment of a closed month's MRI: the late rent and tax it covered and its payment. */
export type MriAmendment = z.infer<typeof MriAmendment>;

export const KraPaymentRequest = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number({ error: LANDLORD_MESSAGES.landlordRequired }).int().positive(LANDLORD_MESSAGES.landlordRequired),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE),
  PaidOn: calendarDay(LANDLORD_MESSAGES.paidOnRequired),
  Reference: z
    .string({ error: LANDLORD_MESSAGES.kraReferenceRequired })
    .trim()
    .min(1, LANDLORD_MESSAGES.kraReferenceRequired)
    .max(100),
  /** The payment registration number iTax or eRITS gave the payment (decision 055). */
  Prn: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9]{1,20}$/, LANDLORD_MESSAGES.prnInvalid)
    .optional()
    .or(z.literal('').transform(() => undefined)),
});
export type KraPaymentRequest = z.input<typeof KraPaymentRequest>;

/** A certificate: the month's own (no Amendment) or a paid amendment's. */
export const MriCertificateQuery = OwnerStatementQuery.extend({
  Amendment: z.coerce.number().int().positive().optional(),
});

/** The agency closes a landlord's month by hand (and with it every month before). */
export const MonthCloseRequest = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number({ error: LANDLORD_MESSAGES.landlordRequired }).int().positive(LANDLORD_MESSAGES.landlordRequired),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE),
});

export const LandlordMonthsQuery = OwnerStatementQuery.omit({ month: true });

export const LandlordMonths = z.object({
  /** The newest closed month ('2026-03'); every month up to it is closed. */
  ClosedThrough: z.string().nullable(),
  Closures: z.array(z.object({ Month: z.string(), Reason: z.enum(['mri_paid', 'remitted', 'by_hand']), ClosedAt: z.string() })),
});
export type LandlordMonths = z.infer<typeof LandlordMonths>;

/** MRI is due by the 20th of the month after the rent was received. */
export function mriDueDate(month: string): string {
  const [y, m] = month.split('-').map(Number);
  const next = m === 12 ? { y: y! + 1, m: 1 } : { y: y!, m: m! + 1 };
  return `${next.y}-${String(next.m).padStart(2, '0')}-20`;
}

/** '2026-06' → its first and last days. */
export function monthBounds(month: string): { from: string; to: string } {
  const [y, m] = month.split('-').map(Number);
  const last = new Date(Date.UTC(y!, m!, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, '0')}` };
}

export const IncomeQuery = z.object({
  managingAgentId: agentId,
  from: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
    .optional(),
  to: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, MONTH_MESSAGE)
    .optional(),
});

/** The agency's income: commission earned per month, landlord and property. */
export const IncomeLine = z.object({
  Month: z.string(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  PropId: z.number(),
  Property_name: z.string(),
  Commission: z.number(),
});
export type IncomeLine = z.infer<typeof IncomeLine>;

export { CLOSED_MONTH_MESSAGES } from './closed-months-messages';
