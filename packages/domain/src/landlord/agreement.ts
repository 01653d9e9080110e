import { z } from 'zod';
import { calendarDay } from '../validation/dates';
import { phoneField } from '../validation/fields';
import { parseMoney } from '../money/money';
import { MoneyAmount } from '../properties/property';
import { COMMISSION_KINDS } from './split';
import { LANDLORD_MESSAGES } from './agreement-messages';

export { LANDLORD_MESSAGES } from './agreement-messages';


const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const day = calendarDay(LANDLORD_MESSAGES.dateRequired);

/** '10.00' → 1000 basis points; 0 to 100 percent with at most two decimals. */
export const Percent = z
  .union([z.string(), z.number()], { error: LANDLORD_MESSAGES.percentInvalid })
  .transform((v, ctx) => {
    const bp = parseMoney(v);
    if (bp === null || bp > 10000) {
      ctx.addIssue({ code: 'custom', message: LANDLORD_MESSAGES.percentInvalid });
      return z.NEVER;
    }
    return bp;
  });

/** A management agreement for one property, from a day on (docs/landlord-money.md#agreements). */
export const AgreementRequest = z
  .object({
    managingAgentId: agentId,
    PropId: z.coerce
      .number({ error: LANDLORD_MESSAGES.propertyRequired })
      .int()
      .positive(LANDLORD_MESSAGES.propertyRequired),
    EffectiveFrom: day,
    CommissionPercent: Percent,
    FixedFee: MoneyAmount('Enter the fixed monthly fee, or 0').optional(),
    CommissionKinds: z.array(z.enum(COMMISSION_KINDS)).default(['rent']),
    WithholdTax: z.boolean().default(false),
    PropertyUse: z.enum(['residential', 'commercial']).default('residential'),
    PayoutMethod: z.enum(['bank', 'mpesa'], { error: LANDLORD_MESSAGES.payoutMethodRequired }),
    PayoutBank: z.string().trim().max(100).default(''),
    PayoutAccount: z.string().trim().max(40).default(''),
    PayoutPhone: z.union([phoneField(LANDLORD_MESSAGES.phoneRequired), z.literal('')]).default(''),
    RemittanceDay: z.coerce
      .number({ error: LANDLORD_MESSAGES.dayInvalid })
      .int(LANDLORD_MESSAGES.dayInvalid)
      .min(1, LANDLORD_MESSAGES.dayInvalid)
      .max(28, LANDLORD_MESSAGES.dayInvalid),
    ApprovalThreshold: MoneyAmount('Enter the approval amount')
      .refine((c) => c > 0, LANDLORD_MESSAGES.approvalAmountPositive)
      .optional(),
    /** The clerk's explicit choice that this property's landlord pays no commission and no fee (decision 048). */
    NoCommission: z.boolean().default(false),
    /** KRA's written appointment of the agency as withholding agent (Tax Procedures Act s42C): withholding needs it. */
    KraAppointedOn: z.union([calendarDay(LANDLORD_MESSAGES.appointmentIncomplete), z.literal('')]).default(''),
    KraAppointmentRef: z.string().trim().max(100).default(''),
  })
  .superRefine((a, ctx) => {
    if (!a.KraAppointedOn !== !a.KraAppointmentRef) {
      ctx.addIssue({ code: 'custom', path: ['KraAppointmentRef'], message: LANDLORD_MESSAGES.appointmentIncomplete });
    } else if (a.WithholdTax && !a.KraAppointedOn) {
      ctx.addIssue({ code: 'custom', path: ['KraAppointedOn'], message: LANDLORD_MESSAGES.appointmentRequired });
    }
    const free = a.CommissionPercent === 0 && !a.FixedFee;
    if (a.NoCommission && !free) {
      ctx.addIssue({ code: 'custom', path: ['CommissionPercent'], message: LANDLORD_MESSAGES.noCommissionTakesNone });
    }
    if (!a.NoCommission && free) {
      ctx.addIssue({ code: 'custom', path: ['CommissionPercent'], message: LANDLORD_MESSAGES.zeroNotChosen });
    }
    if (a.PayoutMethod === 'bank' && (!a.PayoutBank || !a.PayoutAccount)) {
      ctx.addIssue({ code: 'custom', path: ['PayoutAccount'], message: LANDLORD_MESSAGES.bankRequired });
    }
    if (a.PayoutMethod === 'mpesa' && !a.PayoutPhone) {
      ctx.addIssue({ code: 'custom', path: ['PayoutPhone'], message: LANDLORD_MESSAGES.phoneRequired });
    }
  });
export type AgreementRequest = z.input<typeof AgreementRequest>;

export const Agreement = z.object({
  AgreementId: z.number(),
  PropId: z.number(),
  EffectiveFrom: z.string(),
  CommissionPercent: z.string(),
  FixedFee: z.number(),
  CommissionKinds: z.array(z.string()),
  WithholdTax: z.boolean(),
  PropertyUse: z.string(),
  PayoutMethod: z.string(),
  PayoutBank: z.string(),
  PayoutAccount: z.string(),
  PayoutPhone: z.string(),
  RemittanceDay: z.number(),
  ApprovalThreshold: z.number().nullable(),
  NoCommission: z.boolean(),
  KraAppointedOn: z.string().nullable(),
  KraAppointmentRef: z.string().nullable(),
});
export type Agreement = z.infer<typeof Agreement>;

export const AgreementsQuery = z.object({
  managingAgentId: agentId,
  PropId: z.coerce
    .number({ error: LANDLORD_MESSAGES.propertyRequired })
    .int()
    .positive(LANDLORD_MESSAGES.propertyRequired),
});

/** KRA PIN: a letter, nine digits, a letter (A123456789B). */
export const KRA_PIN_PATTERN = /^[A-Z]\d{9}[A-Z]$/;

export const TaxPinRequest = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce
    .number({ error: LANDLORD_MESSAGES.landlordNotFound })
    .int()
    .positive(LANDLORD_MESSAGES.landlordNotFound),
  KraPin: z
    .string({ error: LANDLORD_MESSAGES.pinInvalid })
    .trim()
    .transform((p) => p.toUpperCase())
    .pipe(z.string().regex(KRA_PIN_PATTERN, LANDLORD_MESSAGES.pinInvalid)),
});
export type TaxPinRequest = z.input<typeof TaxPinRequest>;

export const AgentOnlyQuery = z.object({ managingAgentId: agentId });

export const LandlordBalance = z.object({
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  KraPin: z.string().nullable(),
  Collected: z.number(),
  Commission: z.number(),
  /** VAT the landlord paid on the commission and fees, owed to KRA by the agency (decision 054); 0 when it is not VAT-registered. */
  Vat: z.number().default(0),
  TaxWithheld: z.number(),
  /** Collected on pass-through charges: owed onward, never the landlord's. */
  PassedOn: z.number(),
  /** Of that, paid to the third parties it is owed to. */
  PaidOnward: z.number(),
  Expenses: z.number(),
  Payouts: z.number(),
  TaxPaid: z.number(),
  Balance: z.number(),
});
export type LandlordBalance = z.infer<typeof LandlordBalance>;

/**
 * The landlord-money setup checklist an agency sees on its dashboard until it
 * is done (issue 32, point 7): each property without a management agreement
 * (its commission, or an explicit 0%, and its payout details), and each
 * landlord without a KRA PIN. A landlord's own account has nothing to set up.
 */
export const LandlordSetup = z.object({
  Complete: z.boolean(),
  MissingAgreements: z.array(z.object({ PropId: z.number(), Property_name: z.string(), LandlordNo: z.number(), Landlord_name: z.string() })),
  MissingPins: z.array(z.object({ LandlordNo: z.number(), Landlord_name: z.string() })),
});
export type LandlordSetup = z.infer<typeof LandlordSetup>;

/** Trust reconciliation (DESIGN.md §4b): received − paid out must equal what the agency holds for others and itself. */
export const TrustReconciliation = z.object({
  Received: z.number(),
  /** Money in the client account at go-live: deposits and credits held for tenants, balances owed to landlords (decision 042). */
  BroughtForward: z.number(),
  PaidOut: z.number(),
  /** Of PaidOut: the agency's commission and fees moved to its office account (docs/decisions/035-fee-transfers.md). */
  FeesTransferred: z.number(),
  Held: z.number(),
  OwedToLandlords: z.number(),
  DepositsHeld: z.number(),
  TenantCredits: z.number(),
  /** Paid on pass-through charges (a water company's, a garbage contractor's): owed onward, not the landlord's. */
  PassThroughPayable: z.number(),
  TaxPayable: z.number(),
  CommissionNotTaken: z.number(),
  /** VAT charged on the agency's fees and not yet moved out with them: the agency's to pay KRA, never the landlord's (decision 054). */
  VatPayable: z.number().default(0),
  Difference: z.number(),
});
export type TrustReconciliation = z.infer<typeof TrustReconciliation>;
