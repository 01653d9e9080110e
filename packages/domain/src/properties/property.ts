import { z } from 'zod';
import { HOUSE_READINESS } from '../constants/limits';
import { LIMITS } from '../constants/limits';
import { MONEY_MESSAGES, parseMoney } from '../money/money';
import { PROPERTY_MESSAGES } from './property-messages';
export { PROPERTY_MESSAGES } from './property-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const required = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(100, 'Too long');

/** A property (docs/validation.md#field-rules). */
export const RegisterPropertyRequest = z.object({
  Property_name: required('Property name is required'),
  Rental_units: z.coerce
    .number({ error: 'Rental units are required' })
    .int('Rental units must be a whole number')
    .min(1, 'Rental units are required')
    .max(10_000, 'Too many rental units'),
  County: required('County is required'),
  Town: required('Town is required'),
  Area_Estate: required('Area/Estate is required'),
  LandlordNo: z.coerce
    .number({ error: PROPERTY_MESSAGES.noLandlordSelected })
    .int()
    .positive(PROPERTY_MESSAGES.noLandlordSelected)
    .optional(),
  managingAgentId: agentId,
  /** How KRA knows the property (its land-registry number, its eRITS reference): optional, for the rental-tax pack. */
  Lr_number: z.string().trim().max(60, 'Too long').optional(),
  Erits_ref: z.string().trim().max(60, 'Too long').optional(),
});
export type RegisterPropertyRequest = z.infer<typeof RegisterPropertyRequest>;

/** A property, with its house counts. */
export const Property = z.object({
  PropId: z.number(),
  Property_name: z.string(),
  Rental_units: z.number(),
  County: z.string(),
  Town: z.string(),
  Area_Estate: z.string(),
  LandlordNo: z.number(),
  LandlordName: z.string(),
  managingAgentId: z.number(),
  TotalNumberOfHouses: z.number(),
  OccupiedHouses: z.number(),
  AvailableHouses: z.number(),
  Lr_number: z.string().nullable().optional(),
  Erits_ref: z.string().nullable().optional(),
});
export type Property = z.infer<typeof Property>;

export const PropertiesByAgentQuery = z.object({ agentId });

/** An amount as the forms send it ('15,000.00'), to cents; refuses anything else. */
export const MoneyAmount = (message: string) =>
  z.union([z.string(), z.number()], { error: message }).transform((v, ctx) => {
    if (String(v).trim() === '') {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    const cents = parseMoney(v);
    if (cents === null) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount with at most 2 decimals' });
      return z.NEVER;
    }
    if (cents > LIMITS.maxAmountCents) {
      ctx.addIssue({ code: 'custom', message: MONEY_MESSAGES.tooLarge });
      return z.NEVER;
    }
    return cents;
  });

export const HOUSE_OCCUPIED = { YES: 'Yes', NO: 'No' } as const;

const HouseFields = z.object({
  House_number: required('House number is required'),
  Description: required('Description is required'),
  Rent: MoneyAmount('Rent is required'),
  Deposit: MoneyAmount('Deposit is required').optional(),
  readiness: z
    .literal([HOUSE_READINESS.YES, HOUSE_READINESS.NO], { error: 'Say whether the house is ready' })
    .optional(),
});

export const AddHouseRequest = HouseFields.extend({ PropId: z.coerce.number().int().positive() }).refine(
  (h) => h.Deposit !== undefined,
  { message: 'Deposit is required', path: ['Deposit'] },
);
export type AddHouseRequest = z.input<typeof AddHouseRequest>;

export const EditHouseRequest = HouseFields.extend({ HouseId: z.coerce.number().int().positive() });
export type EditHouseRequest = z.input<typeof EditHouseRequest>;

/** A house; amounts in Ksh with two decimals. */
export const House = z.object({
  HouseId: z.number(),
  PropId: z.number(),
  House_number: z.string(),
  Description: z.string(),
  Occupied: z.string(),
  Rent: z.number(),
  Deposit: z.number(),
  readiness: z.number(),
  Property_name: z.string(),
});
export type House = z.infer<typeof House>;

export const HousesByPropertyQuery = z.object({ PropId: z.coerce.number().int().positive() });

/** All houses the user may act on, a page at a time, or the one house `HouseId` names. */
export const AllHousesQuery = z.object({
  HouseId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
});
export type AllHousesQuery = z.infer<typeof AllHousesQuery>;
