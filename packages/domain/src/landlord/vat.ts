import { z } from 'zod';
import { AGENT_MESSAGES } from '../agents/agent-messages';
import type { Cents } from '../money/money';
import { KRA_PIN_PATTERN } from './agreement';
import { shareOf, type BasisPoints } from './split';

/**
 * Kenya's standard VAT rate by the day it took effect (VAT Act 2013, in
 * force 2 September 2013). A change of rate is a new row here, never an edit
 * of an old one: money received before it keeps the rate of its own day.
 */
export const VAT_RATES: readonly { from: string; rateBp: BasisPoints }[] = [{ from: '2013-09-02', rateBp: 1600 }];

/** The standard rate on a day (yyyy-mm-dd); 0 before the first row. */
export function vatRateOn(day: string): BasisPoints {
  let rate = 0;
  for (const r of VAT_RATES) if (r.from <= day) rate = r.rateBp;
  return rate;
}

/**
 * The VAT on an agency's fee (commission or fixed fee) earned on `day`: the
 * standard rate when the agency is VAT-registered from that day or before,
 * nothing otherwise (an unregistered agency's fee is outside VAT). Rounded
 * half away from zero, so a fee taken back takes back the same VAT.
 */
export function vatOnFee(fee: Cents, day: string, registeredFrom: string | null): Cents {
  if (registeredFrom === null || registeredFrom > day) return 0;
  return shareOf(fee, vatRateOn(day));
}

export const AgencyVat = z.object({ VatPin: z.string().nullable(), VatFrom: z.string().nullable() });
export type AgencyVat = z.infer<typeof AgencyVat>;

export const AgencyVatQuery = z.object({ managingAgentId: z.coerce.number().int().positive() });

const blankToNull = (v: string) => (v === '' ? null : v);

/** Both given (registered from that day) or both blank (not registered). */
export const SaveAgencyVatRequest = z
  .object({
    managingAgentId: z.coerce.number().int().positive(),
    VatPin: z
      .string({ error: AGENT_MESSAGES.vatPinInvalid })
      .trim()
      .toUpperCase()
      .regex(new RegExp(`^$|${KRA_PIN_PATTERN.source}`), AGENT_MESSAGES.vatPinInvalid)
      .transform(blankToNull),
    VatFrom: z
      .string({ error: AGENT_MESSAGES.vatFromInvalid })
      .trim()
      .regex(/^$|^\d{4}-\d{2}-\d{2}$/, AGENT_MESSAGES.vatFromInvalid)
      .refine((v) => v === '' || !Number.isNaN(Date.parse(`${v}T00:00:00Z`)), AGENT_MESSAGES.vatFromInvalid)
      .transform(blankToNull),
  })
  .refine((r) => (r.VatPin === null) === (r.VatFrom === null), { path: ['VatFrom'], message: AGENT_MESSAGES.vatFromWithPin });
export type SaveAgencyVatRequest = z.input<typeof SaveAgencyVatRequest>;

export const VatReportQuery = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, AGENT_MESSAGES.vatMonthInvalid),
});

/** One landlord-journal entry that moved output VAT: the fee net of VAT and the VAT on it (negative when taken back). */
export const VatReportLine = z.object({
  Date: z.string(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Reference: z.string(),
  Commission: z.number(),
  Vat: z.number(),
});

/** The agency's output VAT of a month, by the month each entry is booked in, as the owner statement counts it. */
export const VatReport = z.object({
  Month: z.string(),
  VatPin: z.string().nullable(),
  Commission: z.number(),
  Vat: z.number(),
  Lines: z.array(VatReportLine),
});
export type VatReport = z.infer<typeof VatReport>;
