import { z } from 'zod';
import { emailField } from '../validation/fields';
import { Expense, Payout } from './payouts';
import { LANDLORD_LINK_MESSAGES } from './links-messages';
export { LANDLORD_LINK_MESSAGES } from './links-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const linkId = z.coerce
  .number({ error: LANDLORD_LINK_MESSAGES.linkNotFound })
  .int()
  .positive(LANDLORD_LINK_MESSAGES.linkNotFound);
const month = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Choose a month (YYYY-MM)')
  .optional();

export const LandlordInviteRequest = z.object({
  managingAgentId: agentId,
  LandlordNo: z.coerce.number({ error: LANDLORD_LINK_MESSAGES.landlordRequired }).int().positive(LANDLORD_LINK_MESSAGES.landlordRequired),
  Email: emailField({
    required: LANDLORD_LINK_MESSAGES.emailRequired,
    invalid: LANDLORD_LINK_MESSAGES.emailRequired,
  }),
});
export type LandlordInviteRequest = z.input<typeof LandlordInviteRequest>;

export const LandlordLinkRevokeRequest = z.object({ managingAgentId: agentId, LinkId: linkId });

/** A link as the agency sees it: invited (waiting for the landlord) or linked. */
export const AgencyLandlordLink = z.object({
  LinkId: z.number(),
  LandlordNo: z.number(),
  Landlord_name: z.string(),
  Email: z.string(),
  Status: z.enum(['invited', 'linked']),
  InvitedAt: z.string(),
  AcceptedAt: z.string().nullable(),
});
export type AgencyLandlordLink = z.infer<typeof AgencyLandlordLink>;

export const AcceptLandlordInviteRequest = z.object({
  token: z
    .string({ error: LANDLORD_LINK_MESSAGES.linkNotFound })
    .regex(/^[A-Za-z0-9_-]{43}$/, LANDLORD_LINK_MESSAGES.linkNotFound),
});

/** A link as the landlord sees it: one per agency that manages property for them. */
export const MyLandlordLink = z.object({
  LinkId: z.number(),
  Agency: z.string(),
  Landlord_name: z.string(),
  AwaitingApproval: z.number(),
});
export type MyLandlordLink = z.infer<typeof MyLandlordLink>;

export const LinkQuery = z.object({ LinkId: linkId });
export const LinkMonthQuery = LinkQuery.extend({ month });
export const LinkPayoutQuery = LinkQuery.extend({ PayoutId: z.coerce.number().int().positive() });
export const LinkCertificateQuery = LinkQuery.extend({
  month,
  Amendment: z.coerce.number().int().positive().optional(),
});
export const Invitation = z.object({ Agency: z.string(), Landlord_name: z.string() });
export type Invitation = z.infer<typeof Invitation>;
export const LinkExpenseQuery = LinkQuery.extend({ ExpenseId: z.coerce.number().int().positive() });
export const ExpenseDecisionRequest = LinkQuery.extend({
  ExpenseId: z.coerce.number().int().positive(),
  Approve: z.boolean({ error: LANDLORD_LINK_MESSAGES.approveOrDecline }),
});

export const LandlordViewExpenses = z.array(Expense);
export const LandlordViewPayouts = z.array(Payout);
