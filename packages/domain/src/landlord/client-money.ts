import { z } from 'zod';
import { MoneyAmount } from '../properties/property';
import { calendarDay } from '../validation/dates';
import { TrustReconciliation } from './agreement';
import { CLIENT_MONEY_MESSAGES } from './client-money-messages';
import { MONEY_OUT_MESSAGES } from './payouts-messages';

export { CLIENT_MONEY_MESSAGES } from './client-money-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const accountId = z.coerce.number({ error: CLIENT_MONEY_MESSAGES.accountNotFound }).int().positive(CLIENT_MONEY_MESSAGES.accountNotFound);

export const CLIENT_ACCOUNT_KINDS = ['bank', 'paybill'] as const;
/**
 * What explains a difference between the statement and the books, and which
 * way: money the books have and the statement does not yet show (an uncleared
 * deposit, a bank charge the books never took) adds to the statement; a
 * payment the books made that the statement does not yet show takes from it.
 */
export const RECONCILING_ITEM_KINDS = ['uncleared_deposit', 'unpresented_payment', 'bank_charge'] as const;
export type ReconcilingItemKind = (typeof RECONCILING_ITEM_KINDS)[number];
export const RECONCILING_ITEM_SIGN: Record<ReconcilingItemKind, 1 | -1> = {
  uncleared_deposit: 1,
  unpresented_payment: -1,
  bank_charge: 1,
};

const accountFields = {
  Name: z.string({ error: CLIENT_MONEY_MESSAGES.nameRequired }).trim().min(1, CLIENT_MONEY_MESSAGES.nameRequired).max(100),
  Kind: z.enum(CLIENT_ACCOUNT_KINDS, { error: CLIENT_MONEY_MESSAGES.kindRequired }),
  Number: z.string({ error: CLIENT_MONEY_MESSAGES.numberRequired }).trim().min(1, CLIENT_MONEY_MESSAGES.numberRequired).max(40),
};

export const ClientAccountRequest = z.object({ managingAgentId: agentId, ...accountFields });
export type ClientAccountRequest = z.input<typeof ClientAccountRequest>;

export const ClientAccountUpdateRequest = z.object({
  managingAgentId: agentId,
  AccountId: accountId,
  ...accountFields,
  Active: z.boolean(),
});
export type ClientAccountUpdateRequest = z.input<typeof ClientAccountUpdateRequest>;

export const ClientAccount = z.object({
  AccountId: z.number(),
  Name: z.string(),
  Kind: z.enum(CLIENT_ACCOUNT_KINDS),
  Number: z.string(),
  Active: z.boolean(),
});
export type ClientAccount = z.infer<typeof ClientAccount>;

export const ClientMoneyBooksQuery = z.object({ managingAgentId: agentId, Day: calendarDay(CLIENT_MONEY_MESSAGES.dayRequired) });

/** What the books say the client accounts must hold at the end of a day: the trust screen's figures as they stood then. */
export const ClientMoneyBooks = z.object({ Day: z.string(), Books: TrustReconciliation });
export type ClientMoneyBooks = z.infer<typeof ClientMoneyBooks>;

export const ReconcilingItemRequest = z.object({
  Kind: z.enum(RECONCILING_ITEM_KINDS, { error: CLIENT_MONEY_MESSAGES.itemKindRequired }),
  AccountId: accountId.nullable().default(null),
  Amount: MoneyAmount(MONEY_OUT_MESSAGES.amountRequired).refine((c) => c > 0, MONEY_OUT_MESSAGES.amountPositive),
  Note: z.string({ error: CLIENT_MONEY_MESSAGES.itemNoteRequired }).trim().min(1, CLIENT_MONEY_MESSAGES.itemNoteRequired).max(200),
});

export const ClientMoneyReconciliationRequest = z.object({
  managingAgentId: agentId,
  Day: calendarDay(CLIENT_MONEY_MESSAGES.dayRequired),
  Balances: z
    .array(z.object({ AccountId: accountId, Balance: MoneyAmount(CLIENT_MONEY_MESSAGES.balanceMissing) }))
    .min(1, CLIENT_MONEY_MESSAGES.balanceMissing)
    .max(50),
  Items: z.array(ReconcilingItemRequest).max(200).default([]),
  idempotencyKey: z.string().trim().min(8, MONEY_OUT_MESSAGES.formKey).max(100),
});
export type ClientMoneyReconciliationRequest = z.input<typeof ClientMoneyReconciliationRequest>;

export const ClientMoneyReconciliationsQuery = z.object({
  managingAgentId: agentId,
  from: calendarDay(CLIENT_MONEY_MESSAGES.dayRequired).optional(),
  to: calendarDay(CLIENT_MONEY_MESSAGES.dayRequired).optional(),
});

export const ClientMoneyReconciliation = z.object({
  ReconId: z.number(),
  Day: z.string(),
  /** What the books said the client accounts must hold (the trust screen's Held at the end of the day), and its parts. */
  Books: z.number(),
  OwedToLandlords: z.number(),
  DepositsHeld: z.number(),
  TenantCredits: z.number(),
  PassThroughPayable: z.number(),
  TaxPayable: z.number(),
  CommissionNotTaken: z.number(),
  /** VAT on fees not yet moved out (decision 054); 0 in reconciliations kept before migration 0066. */
  VatPayable: z.number().default(0),
  /** The trust identity's own difference that day (0 when the books agree with themselves). */
  TrustDifference: z.number(),
  /** The statement balances added up. */
  Statement: z.number(),
  Balances: z.array(z.object({ AccountId: z.number(), Account_name: z.string(), Balance: z.number() })),
  Items: z.array(
    z.object({ Kind: z.enum(RECONCILING_ITEM_KINDS), AccountId: z.number().nullable(), Account_name: z.string().nullable(), Amount: z.number(), Note: z.string() }),
  ),
  /** The reconciling items with their signs, added up. */
  ItemsTotal: z.number(),
  /** Books − (Statement + ItemsTotal): what nothing entered explains. */
  Unexplained: z.number(),
  RecordedAt: z.string(),
  RecordedBy: z.string(),
  /** A later reconciliation of the same day replaced this one (both are kept). */
  Replaced: z.boolean(),
});
export type ClientMoneyReconciliation = z.infer<typeof ClientMoneyReconciliation>;

export const YearEndQuery = z.object({
  managingAgentId: agentId,
  from: calendarDay(CLIENT_MONEY_MESSAGES.dayRequired),
  to: calendarDay(CLIENT_MONEY_MESSAGES.dayRequired),
});

const MovementFigures = {
  Received: z.number(),
  /** Money the client account held at go-live, entered as opening balances (decision 042): in, but not received. */
  BroughtForward: z.number(),
  RefundsToTenants: z.number(),
  PaidToLandlords: z.number(),
  Expenses: z.number(),
  TaxPaid: z.number(),
  PaidOnward: z.number(),
  FeesTransferred: z.number(),
  PaidOut: z.number(),
};

export const YEAR_END_EXCEPTIONS = ['trust_difference', 'landlord_below_zero', 'unexplained_difference', 'month_not_reconciled'] as const;

export const YearEndPack = z.object({
  Agency: z.string(),
  From: z.string(),
  To: z.string(),
  /** The trust screen as the books stood at the end of the day before the year, and at its last day. */
  Opening: TrustReconciliation,
  Closing: TrustReconciliation,
  /** Money into and out of the client accounts per month ('YYYY-MM'); Opening.Held + Received − PaidOut = Closing.Held. */
  Movements: z.array(z.object({ Month: z.string(), ...MovementFigures })),
  Totals: z.object(MovementFigures),
  Landlords: z.array(z.object({ LandlordNo: z.number(), Landlord_name: z.string(), Balance: z.number() })),
  Tenants: z.array(
    z.object({
      TenancyId: z.number(),
      Tenant_name: z.string(),
      Property_name: z.string(),
      House_number: z.string(),
      DepositHeld: z.number(),
      Credit: z.number(),
    }),
  ),
  Reconciliations: z.array(ClientMoneyReconciliation),
  Exceptions: z.array(
    z.object({
      Kind: z.enum(YEAR_END_EXCEPTIONS),
      Day: z.string().nullable(),
      Month: z.string().nullable(),
      Name: z.string().nullable(),
      Amount: z.number().nullable(),
    }),
  ),
});
export type YearEndPack = z.infer<typeof YearEndPack>;
