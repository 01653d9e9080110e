import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { MoneyAmount } from '../properties/property';
import { phoneField } from '../validation/fields';
import { BOOKING_MESSAGES, TENANCY_MESSAGES, SETTLEMENT_MESSAGES, TENANCY_FILTERS } from './tenancy-messages';
export {
  BOOKING_MESSAGES,
  TENANCY_MESSAGES,
  SETTLEMENT_MESSAGES,
  TENANCY_FILTERS,
  TENANCY_FILTER_LABELS,
  TENANCY_LIST_TYPES,
} from './tenancy-messages';
export type { TenancyFilter } from './tenancy-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const between = (min: number, max: number, short: string, long: string, required: string) =>
  z.string({ error: required }).trim().min(1, required).min(min, short).max(max, long);

/** Tenancy booking (docs/validation.md#field-rules). */
export const BookTenancyFields = z.object({
  ClientNo: z.coerce
    .number({ error: 'ClientNo is required' })
    .int('ClientNo is required')
    .positive('ClientNo is required'),
  Id_number: between(
    LIMITS.idNumberMin,
    LIMITS.idNumberMax,
    BOOKING_MESSAGES.idShort,
    BOOKING_MESSAGES.idLong,
    BOOKING_MESSAGES.idRequired,
  ),
  Tenant_Employer: between(
    LIMITS.employerMin,
    LIMITS.employerMax,
    BOOKING_MESSAGES.infoShort,
    BOOKING_MESSAGES.infoLong,
    BOOKING_MESSAGES.employerRequired,
  ),
  Tenant_Business: between(
    LIMITS.employerMin,
    LIMITS.employerMax,
    BOOKING_MESSAGES.infoShort,
    BOOKING_MESSAGES.infoLong,
    BOOKING_MESSAGES.businessRequired,
  ),
  Next_of_kin_name: z
    .string({ error: 'Next of kin name is required' })
    .trim()
    .min(1, 'Next of kin name is required')
    .min(LIMITS.nextOfKinNameMin, 'Name is too short')
    .max(60, 'Name is too long'),
  Next_of_kin_phone: phoneField(),
});

export const BookTenancyRequest = BookTenancyFields.extend({
  HouseId: z.coerce.number().int().positive(),
  Rent: MoneyAmount('Rent is required').optional(),
  Deposit: MoneyAmount('Deposit is required').optional(),
  UpdatedBy: z.unknown().optional(),
});
export type BookTenancyRequest = z.input<typeof BookTenancyRequest>;

export const BookTenancyResponse = z.object({ message: z.string(), TenancyId: z.number() });

/** What the admin chooses when a tenancy ends: the held deposit to arrears, and a refund of what remains. */
const settlementFields = {
  applyDeposit: z.boolean().optional(),
  refundAmount: MoneyAmount('Refund amount is required').optional(),
  refundDetails: z.string().trim().max(200, 'Refund details are too long').optional(),
};
const refundNeedsDetails = (s: { refundAmount?: number | undefined; refundDetails?: string | undefined }) =>
  !s.refundAmount || Boolean(s.refundDetails);

export const TerminateTenancyRequest = z
  .object({
    tenancyId: z.coerce
      .number({ error: TENANCY_MESSAGES.nothingToTerminate })
      .int()
      .positive(TENANCY_MESSAGES.nothingToTerminate),
    terminatedBy: z.unknown().optional(),
    currentDate: z.string().optional(),
    managingAgentId: agentId,
    houseId: z.coerce.number().int().positive().optional(),
    ...settlementFields,
  })
  .refine(refundNeedsDetails, {
    message: SETTLEMENT_MESSAGES.refundDetailsRequired,
    path: ['refundDetails'],
  });

/** Settling a tenancy that has already ended. */
export const SettleTenancyRequest = z
  .object({
    tenancyId: z.coerce
      .number({ error: TENANCY_MESSAGES.nothingToTerminate })
      .int()
      .positive(TENANCY_MESSAGES.nothingToTerminate),
    managingAgentId: agentId,
    ...settlementFields,
  })
  .refine(refundNeedsDetails, {
    message: SETTLEMENT_MESSAGES.refundDetailsRequired,
    path: ['refundDetails'],
  });

export const SettlementResponse = z.object({
  message: z.string(),
  Applied: z.number(),
  Refunded: z.number(),
  RentBalance: z.number(),
  DepositHeld: z.number(),
});

export const ActiveTenanciesQuery = z.object({
  managingAgentId: agentId,
  currentDate: z.string().optional(),
  listType: z.enum(['all', 'balances', 'ended-with-balances']).default('all'),
  filterBy: z.enum(TENANCY_FILTERS).optional(),
  filterValue: z.string().trim().max(100).optional(),
  tenancyId: z.coerce.number().int().positive().optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(50),
});
export type ActiveTenanciesQuery = z.input<typeof ActiveTenanciesQuery>;
/**
 * How a page of the list says how many match: `x-total-count` when the server
 * counted them all, or `x-total-count-more-than` when it stopped counting (it
 * counts a bounded stretch past the page, never the whole list).
 */
export const LIST_TOTAL_HEADERS = { exact: 'x-total-count', moreThan: 'x-total-count-more-than' } as const;
/** The list's filters without its paging: every tenancy they match, as CSV. */
export const TenanciesExportQuery = ActiveTenanciesQuery.omit({ page: true, pageSize: true });

export const TenanciesByLandlordQuery = z.object({
  landlordNumber: z.coerce.number().int().positive(),
  managingAgentId: agentId,
  currentDate: z.string().optional(),
});

/** A tenancy (docs/money.md#balances); amounts in Ksh with two decimals. */
export const Tenancy = z.object({
  TenancyId: z.number(),
  HouseId: z.number(),
  managingAgentId: z.number(),
  ManagingAgentName: z.string(),
  ClientNo: z.number(),
  Tenant_name: z.string(),
  Email: z.string(),
  PhoneNo: z.string(),
  Tenant_ID_number: z.string().nullable(),
  Id_number: z.string(),
  Tenant_Employer: z.string(),
  Tenant_Business: z.string(),
  Next_of_kin_name: z.string(),
  Next_of_kin_phone: z.string(),
  Property_name: z.string(),
  House_number: z.string(),
  Town: z.string(),
  Area_Estate: z.string(),
  StartDate: z.string(),
  EndDate: z.string().nullable(),
  Rent: z.number(),
  Deposit: z.number(),
  RentBalance: z.number(),
  MonthLapse: z.number(),
  /** The deposit still owed (deposit sub-account). */
  DepositDue: z.number(),
  /** Owed on charges other than rent and the deposit (service charge, water, penalties): rent arrears leave it out. */
  ChargesDue: z.number(),
  /** Deposit money held for the tenant. */
  DepositHeld: z.number(),
  UpdatedBy: z.string(),
  /**
   * On the tenancy screen only: the property is let for business (its management
   * agreement says commercial) and the tenant has no KRA PIN recorded (decision 055).
   */
  BusinessTenantWithoutPin: z.boolean().optional(),
});
export type Tenancy = z.infer<typeof Tenancy>;

/**
 * The dashboard's counts. Each stops a stretch in, as the list's total does:
 * where `moreThan` says so, there are more than the number given.
 */
export const TenancyCounts = z.object({
  all: z.number(),
  withBalances: z.number(),
  endedWithBalances: z.number(),
  moreThan: z.object({ all: z.boolean(), withBalances: z.boolean(), endedWithBalances: z.boolean() }),
});
export const TenancyCountsQuery = z.object({ managingAgentId: agentId });
