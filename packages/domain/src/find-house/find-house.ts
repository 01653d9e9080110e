import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { parseMoney } from '../money/money';
import { EMAIL_MESSAGES, emailField, phoneField } from '../validation/fields';
import { FIND_HOUSE_MESSAGES } from './find-house-messages';
export { FIND_HOUSE_MESSAGES } from './find-house-messages';

export const FIND_HOUSE_PAGE_SIZE = 12;

const place = z.string().trim().max(60, 'Too long').optional();
/** A rent bound as typed ('15,000'), in cents; empty means no bound. */
const rentBound = z
  .string()
  .trim()
  .max(20)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    const cents = parseMoney(v);
    if (cents === null || cents > LIMITS.maxAmountCents) {
      ctx.addIssue({ code: 'custom', message: 'Enter an amount' });
      return z.NEVER;
    }
    return cents;
  });

export const VacantHousesQuery = z
  .object({
    county: place,
    town: place,
    estate: place,
    minRent: rentBound,
    maxRent: rentBound,
    page: z.coerce.number().int().min(1).max(10_000).default(1),
  })
  .refine((q) => q.minRent === undefined || q.maxRent === undefined || q.minRent <= q.maxRent, {
    message: FIND_HOUSE_MESSAGES.rentRange,
    path: ['maxRent'],
  });
export type VacantHousesQuery = z.input<typeof VacantHousesQuery>;

export const VacantHouse = z.object({
  HouseId: z.number(),
  Property_name: z.string(),
  House_number: z.string(),
  Description: z.string(),
  Rent: z.number(),
  Deposit: z.number(),
  County: z.string(),
  Town: z.string(),
  Area_Estate: z.string(),
  AgencyName: z.string(),
  EnquiryPhone: z.string(),
  EnquiryEmail: z.string(),
});
export type VacantHouse = z.infer<typeof VacantHouse>;

export const VacantHousesPage = z.object({
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  houses: z.array(VacantHouse),
});
export type VacantHousesPage = z.infer<typeof VacantHousesPage>;

/** An agency's choice to publish its vacant houses, and the contact enquiries go to. */
export const VacancyListing = z.object({
  Published: z.boolean(),
  EnquiryPhone: z.string(),
  EnquiryEmail: z.string(),
});
export type VacancyListing = z.infer<typeof VacancyListing>;

export const VacancyListingQuery = z.object({ managingAgentId: z.coerce.number().int().positive() });

export const SaveVacancyListingRequest = z.object({
  managingAgentId: z.coerce.number().int().positive(),
  Published: z.boolean({ error: 'Say whether to publish' }),
  EnquiryPhone: phoneField(),
  EnquiryEmail: emailField(EMAIL_MESSAGES),
});
export type SaveVacancyListingRequest = z.infer<typeof SaveVacancyListingRequest>;
