import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { EMAIL_PATTERN, phoneNumber } from '../validation/fields';
import { HIRING_MESSAGES } from './hiring-messages';
export { HIRING_MESSAGES } from './hiring-messages';

const Id = z.coerce.number().int().positive();
const Flag = z.union([z.literal(0), z.literal(1)]);
/** '0' or '1' as text or number (the original client sends the login status as text). */
const FlagText = z.preprocess((v) => (v === '0' || v === '1' ? Number(v) : v), Flag);

export const HIRE_SEARCH_OPTIONS = ['Email', 'PhoneNo'] as const;
export type HireSearchOption = (typeof HIRE_SEARCH_OPTIONS)[number];

/** Hire search: one value, checked as its option says, on change. */
export const HireSearchForm = z.discriminatedUnion('searchOption', [
  z.object({
    searchOption: z.literal('Email'),
    searchValue: z
      .string({ error: HIRING_MESSAGES.enterValue })
      .trim()
      .min(1, HIRING_MESSAGES.enterValue)
      .regex(EMAIL_PATTERN, HIRING_MESSAGES.invalidEmail),
  }),
  z.object({
    searchOption: z.literal('PhoneNo'),
    searchValue: phoneNumber(HIRING_MESSAGES.invalidPhone),
  }),
]);
export type HireSearchForm = z.infer<typeof HireSearchForm>;

/** getuser: exactly one of Email or PhoneNo, searched for the account AgentNo hires into. */
export const GetUserQuery = z
  .object({
    AgentNo: Id,
    Email: z.string().trim().regex(EMAIL_PATTERN, HIRING_MESSAGES.invalidEmail).optional(),
    PhoneNo: phoneNumber(HIRING_MESSAGES.invalidPhone).optional(),
  })
  .refine((q) => (q.Email === undefined) !== (q.PhoneNo === undefined), {
    message: HIRING_MESSAGES.enterValue,
  });

/** A user as the hire search shows them (their general information, without ids of others). */
export const FoundUser = z.object({
  UserNo: z.number(),
  Full_name: z.string(),
  Email: z.string(),
  PhoneNo: z.string(),
  Username: z.string(),
  AvailableForWork: Flag,
});
export type FoundUser = z.infer<typeof FoundUser>;

/**
 * An offer names the user found by a look-up (UserNo), or an email: a person
 * without an account is invited to sign up, and the answer is the same either
 * way, so offers tell nobody who uses Makazi.
 */
export const SendHireOfferRequest = z
  .object({
    AgentNo: Id,
    UserNo: Id.optional(),
    Email: z.string().trim().toLowerCase().regex(EMAIL_PATTERN, HIRING_MESSAGES.invalidEmail).optional(),
  })
  .refine((o) => (o.UserNo === undefined) !== (o.Email === undefined), {
    message: HIRING_MESSAGES.enterValue,
  });
export const HiringResult = z.object({ message: z.string(), iserror: z.boolean() });
export type HiringResult = z.infer<typeof HiringResult>;

export const RevokeOfferRequest = z.object({ AgencyUserHireOfferNo: Id, AgentNo: Id, UserNo: Id });
export const AcceptOfferRequest = z.object({ AgencyUserHireOfferNo: Id, UserNo: Id, AgentId: Id });
export const RejectOfferRequest = z.object({
  AgencyUserHireOfferNo: Id,
  UserNo: Id,
  DeclineReason: z
    .string()
    .trim()
    .max(LIMITS.declineReasonMax, HIRING_MESSAGES.declineReasonLong)
    .optional()
    .nullable(),
});
export const DeclineForm = z.object({
  DeclineReason: z.string().trim().max(LIMITS.declineReasonMax, HIRING_MESSAGES.declineReasonLong),
});

export const CONTRACT_ENDED_BY = ['user', 'admin'] as const;
export const TerminateContractRequest = z.object({
  offerId: Id,
  /** Recorded from who the caller is; a value that disagrees is refused. */
  contractEndedBy: z.enum(CONTRACT_ENDED_BY).optional(),
  userNo: Id,
});

export const ToggleLoginStatusRequest = z.object({
  UserNo: Id,
  NewManagingAgentLoginStatus: FlagText,
  AgencyUserHireOfferId: Id,
});
export const ChangeAvailabilityRequest = z.object({ available: FlagText });

export const PendingOffersSentQuery = z.object({ AgentNo: Id });
export const OffersReceivedQuery = z.object({ userNo: Id });
export const AgentUsersQuery = z.object({ managingId: Id, userNo: Id.optional() });

/**
 * The admin's choice of a hired user's role and the properties they are
 * limited to (decision 061): no properties → the whole account.
 */
export const SetUserAccessRequest = z.object({
  managingAgentId: Id,
  AgencyUserHireOfferId: Id,
  Role: z.coerce.number().pipe(z.union([z.literal(5101), z.literal(5102), z.literal(5201)])),
  PropIds: z.array(Id).max(500).default([]),
});
export type SetUserAccessRequest = z.input<typeof SetUserAccessRequest>;

/** A hire offer (docs/access.md#hired-users). */
export const HireOffer = z.object({
  AgencyUserHireOfferId: z.number(),
  AgentNo: z.number(),
  UserNo: z.number(),
  Self: Flag,
  AgencyName: z.string(),
  AgentOwnerName: z.string(),
  Full_name: z.string(),
  Email: z.string(),
  DateOfferPlaced: z.string(),
});
export type HireOffer = z.infer<typeof HireOffer>;

/** A user hired by the account, with their login status. */
export const AgencyUser = z.object({
  UserNo: z.number(),
  Full_name: z.string(),
  Email: z.string(),
  Username: z.string(),
  ManagingAgentUserRole: z.number(),
  ManagingAgentAllocatedUsername: z.string().nullable(),
  ManagingAgentUserLoginStatus: Flag,
  AgencyUserHireOfferId: z.number(),
  AvailableForWork: Flag,
  /** The properties the user is limited to; empty → the whole account (decision 061). */
  PropIds: z.array(z.number()).default([]),
});
export type AgencyUser = z.infer<typeof AgencyUser>;
