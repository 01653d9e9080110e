import { z } from 'zod';
import { mpesaPhone } from '../tenant-side/stk';
import { MPESA_MESSAGES } from './mpesa-messages';

const agentId = z.coerce.number().int().positive();

/** Pull Transactions for the agency's paybill, as the office sees it. */
export const PullState = z.object({
  /** Whether the paybill is registered with Safaricom for Pull Transactions. */
  registered: z.boolean(),
  /** When a pull last read Safaricom's list. */
  lastPulledAt: z.string().nullable(),
  /** Safaricom's list has been read up to this time: the next pull starts a little before it. */
  pulledUntil: z.string().nullable(),
  /** Why the last pull failed, as Safaricom said it, when it did. */
  lastError: z.string().nullable(),
});
export type PullState = z.infer<typeof PullState>;

/** Registering the paybill names the agency's phone that Safaricom tells about the registration. */
export const PullRegisterRequest = z.object({
  managingAgentId: agentId,
  nominatedNumber: z
    .string({ error: MPESA_MESSAGES.nominatedNumber })
    .transform((v, ctx) => mpesaPhone(v) ?? (ctx.addIssue({ code: 'custom', message: MPESA_MESSAGES.nominatedNumber }), z.NEVER)),
});
export type PullRegisterRequest = z.input<typeof PullRegisterRequest>;

export const PullNowRequest = z.object({ managingAgentId: agentId });
export type PullNowRequest = z.input<typeof PullNowRequest>;

/** What one pull found: every code Safaricom listed, the receipts posted for those the callbacks missed, the rest queued. */
export const PullResult = z.object({
  listed: z.number(),
  posted: z.number(),
  unmatched: z.number(),
  alreadyRecorded: z.number(),
  state: PullState,
});
export type PullResult = z.infer<typeof PullResult>;

/** An M-Pesa code as the SMS shows it: ten capitals and digits (typed in any case, with spaces). */
export const MpesaCode = z
  .string({ error: MPESA_MESSAGES.code })
  .transform((v) => v.replace(/\s/g, '').toUpperCase())
  .pipe(z.string().regex(/^[A-Z0-9]{10}$/, MPESA_MESSAGES.code));

export const StatusCheckRequest = z.object({ managingAgentId: agentId, code: MpesaCode });
export type StatusCheckRequest = z.input<typeof StatusCheckRequest>;

export const StatusCheckQuery = z.object({ managingAgentId: agentId });
export const OneStatusCheckQuery = z.object({ managingAgentId: agentId, checkId: z.coerce.number().int().positive() });

/**
 * Safaricom's answer about a code: `pending` until its result callback comes,
 * `unanswered` when none came within a few minutes (ask again), `found` with
 * the amount and account, `notFound` with Safaricom's reason.
 */
export const StatusCheckView = z.object({
  checkId: z.number(),
  code: z.string(),
  status: z.enum(['pending', 'found', 'notFound', 'unanswered']),
  amount: z.number().nullable(),
  /** The account number the payer typed, when Safaricom or our own record of the code names it. */
  account: z.string().nullable(),
  completedAt: z.string().nullable(),
  /** Safaricom's own words when it does not have the code. */
  reason: z.string().nullable(),
  /** The receipt the books hold for this code, if any. */
  receiptNo: z.string().nullable(),
  /** Whether the code waits in the unmatched queue. */
  unmatched: z.boolean(),
  requestedAt: z.string(),
});
export type StatusCheckView = z.infer<typeof StatusCheckView>;
