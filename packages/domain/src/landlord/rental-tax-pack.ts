import { z } from 'zod';
import { mriDueDate } from './statement';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();

/**
 * When tax an appointed agent withheld is due at KRA (decision 055). Sources
 * disagree: most give five working days after the deduction, one the 20th of
 * the next month (KENYA.md, "Appointed agents"); the agency chooses.
 */
export const REMITTANCE_RULES = ['five_working_days', 'twentieth'] as const;
export type RemittanceRule = (typeof REMITTANCE_RULES)[number];
export const DEFAULT_REMITTANCE_RULE: RemittanceRule = 'five_working_days';

export const RentalTaxSettings = z.object({ RemittanceRule: z.enum(REMITTANCE_RULES) });
export type RentalTaxSettings = z.infer<typeof RentalTaxSettings>;
export const RentalTaxSettingsRequest = RentalTaxSettings.extend({ managingAgentId: agentId });
export type RentalTaxSettingsRequest = z.input<typeof RentalTaxSettingsRequest>;

/** A property's references at KRA: its land-registry number and its eRITS reference; empty clears one. */
export const PropertyTaxRefRequest = z.object({
  managingAgentId: agentId,
  PropId: z.coerce.number().int().positive(),
  Lr_number: z.string().trim().max(60, 'Too long').default(''),
  Erits_ref: z.string().trim().max(60, 'Too long').default(''),
});
export type PropertyTaxRefRequest = z.input<typeof PropertyTaxRefRequest>;

/**
 * KRA's penalty on withheld tax remitted late, dated (Tax Procedures Act s42C
 * from 1 July 2023): a flat share once late, and a share more for each month
 * or part of one it stays unpaid. Basis points.
 */
export const WITHHOLDING_PENALTIES: readonly { from: string; flatBp: number; monthlyBp: number }[] = [
  { from: '2023-07-01', flatBp: 1000, monthlyBp: 100 },
];

/** `day` plus `n` working days (Monday to Friday; public holidays are not known here and count as working days). */
export function addWorkingDays(day: string, n: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  let left = n;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    const weekday = d.getUTCDay();
    if (weekday !== 0 && weekday !== 6) left -= 1;
  }
  return d.toISOString().slice(0, 10);
}

/** The day withheld tax is due at KRA: by the agency's rule, from the day it was withheld in `month`. */
export function withholdingDueDate(month: string, withheldOn: string | null, rule: RemittanceRule): string {
  if (rule === 'twentieth' || withheldOn === null) return mriDueDate(month);
  return addWorkingDays(withheldOn, 5);
}

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/**
 * What lateness costs on `tax` cents due by `dueBy` and paid on `paidOn` (or
 * not yet paid on `today`): the flat share, and a monthly share for each 30
 * days or part of them past the due day. Nothing when on time.
 */
export function latePenalty(tax: number, dueBy: string, paidOn: string | null, today: string) {
  const daysLate = Math.max(0, dayNumber(paidOn ?? today) - dayNumber(dueBy));
  if (daysLate === 0 || tax <= 0) return { daysLate: 0, penalty: 0 };
  const rate = [...WITHHOLDING_PENALTIES].reverse().find((p) => p.from <= dueBy) ?? WITHHOLDING_PENALTIES[0]!;
  const months = Math.ceil(daysLate / 30);
  const bp = rate.flatBp + rate.monthlyBp * months;
  return { daysLate, penalty: Math.floor((tax * bp + 5000) / 10000) };
}

/**
 * One line of the monthly rental-tax pack: a landlord's tenant at a property
 * and the rent received from them in the month, or a NIL line for a landlord
 * with no rent (Tenant null, figures 0).
 */
export const RentalTaxPackLine = z.object({
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Landlord_pin: z.string().nullable(),
  /** KRA's appointment of the agency recorded on the landlord's agreement; null when withholding without one (agreements from before decision 055). */
  Appointment_ref: z.string().nullable(),
  PropId: z.number().nullable(),
  Property_name: z.string().nullable(),
  Lr_number: z.string().nullable(),
  Erits_ref: z.string().nullable(),
  TenancyId: z.number().nullable(),
  Tenant_name: z.string().nullable(),
  Tenant_pin: z.string().nullable(),
  /** A business tenant (the property's agreement is for commercial use): outside MRI, shown for its PIN. */
  Commercial: z.boolean(),
  Nil: z.boolean(),
  GrossRent: z.number(),
  RatePercent: z.string(),
  Tax: z.number(),
  Withheld: z.number(),
  /** The first day tax was withheld on this line in the month. */
  WithheldOn: z.string().nullable(),
  DueBy: z.string().nullable(),
  PaidOn: z.string().nullable(),
  Prn: z.string().nullable(),
  Reference: z.string().nullable(),
  DaysLate: z.number(),
  /** KRA's penalty the lateness costs so far (10% and 1% a month), in shillings. */
  Penalty: z.number(),
});
export type RentalTaxPackLine = z.infer<typeof RentalTaxPackLine>;

export const RentalTaxPack = z.object({
  Month: z.string(),
  RemittanceRule: z.enum(REMITTANCE_RULES),
  Lines: z.array(RentalTaxPackLine),
  LateCount: z.number(),
  PenaltyTotal: z.number(),
});
export type RentalTaxPack = z.infer<typeof RentalTaxPack>;
