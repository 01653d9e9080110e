import { z } from 'zod';
import { MoneyAmount } from '../properties/property';
import { OPENING_MESSAGES } from './messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const month = z
  .string({ error: OPENING_MESSAGES.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-01)?$/, OPENING_MESSAGES.monthInvalid)
  .transform((m) => `${m.slice(0, 7)}-01`);
/** Cents, 0 or more; blank or missing is 0. */
const amount = z.preprocess((v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? '0' : v), MoneyAmount(OPENING_MESSAGES.amountRequired));
const id = z.coerce.number().int().positive();
const reason = z.string({ error: OPENING_MESSAGES.reasonRequired }).trim().min(1, OPENING_MESSAGES.reasonRequired).max(200);
/** The import sends many at once; one request is one transaction. */
const MAX_ROWS = 5000;

export const GoLiveRequest = z.object({
  managingAgentId: agentId,
  /** YYYY-MM; null clears it. */
  GoLiveMonth: month.nullable(),
});
export type GoLiveRequest = z.input<typeof GoLiveRequest>;

export const OpeningBalancesQuery = z.object({ managingAgentId: agentId });

/** What one tenancy owed and held at go-live. */
export const TenancyOpening = z.object({
  TenancyId: id,
  RentArrears: amount,
  /** Arrears per recurring charge of the property (a service charge, garbage…). */
  ChargeArrears: z.array(z.object({ ChargeId: id, Amount: amount })).max(20).default([]),
  WaterArrears: amount,
  /** Anything else owed (penalties and the like): the landlord's, on the penalty sub-account. */
  OtherArrears: amount,
  DepositHeld: amount,
  CreditHeld: amount,
});
export type TenancyOpening = z.output<typeof TenancyOpening>;

export const OpeningTenanciesRequest = z.object({
  managingAgentId: agentId,
  Tenancies: z.array(TenancyOpening).min(1, OPENING_MESSAGES.nothingToEnter).max(MAX_ROWS),
});
export type OpeningTenanciesRequest = z.input<typeof OpeningTenanciesRequest>;

export const LandlordOpening = z.object({ LandlordNo: id, Amount: amount });
export const OpeningLandlordsRequest = z.object({
  managingAgentId: agentId,
  Landlords: z.array(LandlordOpening).min(1, OPENING_MESSAGES.nothingToEnter).max(MAX_ROWS),
});
export type OpeningLandlordsRequest = z.input<typeof OpeningLandlordsRequest>;

const reading = z.preprocess(
  (v) => (typeof v === 'string' ? v.replace(/[\s,]/g, '') : v),
  z.coerce.number().int().min(0).max(999_999_999),
);
export const OpeningMetersRequest = z.object({
  managingAgentId: agentId,
  Meters: z.array(z.object({ HouseId: id, Reading: reading })).min(1).max(MAX_ROWS),
});
export type OpeningMetersRequest = z.input<typeof OpeningMetersRequest>;

export const ReverseOpeningTenancyRequest = z.object({ managingAgentId: agentId, TenancyId: id, reason });
export const ReverseOpeningLandlordRequest = z.object({ managingAgentId: agentId, LandlordNo: id, reason });

export const OpeningEntry = z.object({
  TransactionId: z.number(),
  Details: z.string(),
  Amount: z.number(),
});
export const OpeningBalances = z.object({
  GoLiveMonth: z.string().nullable(),
  Tenancies: z.array(
    z.object({
      TenancyId: z.number(),
      Tenant_name: z.string(),
      Property_name: z.string(),
      House_number: z.string(),
      Entries: z.array(OpeningEntry),
    }),
  ),
  Landlords: z.array(z.object({ LandlordNo: z.number(), Landlord_name: z.string(), Amount: z.number(), TransactionId: z.number() })),
});
export type OpeningBalances = z.infer<typeof OpeningBalances>;
