import { z } from 'zod';
import { Language } from '../i18n/languages';

/**
 * One literal of two values, not a union: `union(0, 1).nullable()` is documented
 * as `nullable` beside an anyOf of 0 and 1, which an OpenAPI 3.0 validator reads
 * as "0 or 1", while a user nobody hired answers null.
 */
const SelfOrNull = z.literal([0, 1]).nullable();

/** The session's roles object: the lists of docs/access.md#role-lists. */
export const SessionRoles = z.object({
  allAllowed: z.array(z.number()),
  adminOnlyAllowed: z.array(z.number()),
  /** The user numbers of programmers: the caller's own, when the caller is one. */
  programmerOnlyAllowed: z.array(z.number()),
  segmentedPermisions: z.object({ allowedMakeCashPayments: z.array(z.number()) }),
});
export type SessionRoles = z.infer<typeof SessionRoles>;

/**
 * The signed-in user as the API describes it after login, refresh and
 * authenticateuser: the session, less what the browser derives.
 * Agent fields are null until the user owns or works for an agent account.
 */
export const SessionUser = z.object({
  sessionId: z.string(),
  userNo: z.number(),
  clientNo: z.number(),
  userName: z.string(),
  email: z.string(),
  isProgrammer: z.boolean(),
  /** The screens' language the user chose in their profile; null until they choose. */
  language: Language.nullable(),
  /** The account the user owns. */
  adminAgentId: z.number().nullable(),
  adminAccountSelf: SelfOrNull,
  adminLandlordAccNo: z.number().nullable(),
  /** The account that hired the user (an accepted contract). */
  managingAgentId: z.number().nullable(),
  managingAgentSelf: SelfOrNull,
  managingAgentLandlordNo: z.number().nullable(),
  managingAgentUserRole: z.number().nullable(),
  managingAgentUserLoginStatus: z.number().nullable(),
  roles: SessionRoles,
});
export type SessionUser = z.infer<typeof SessionUser>;

export const AuthResponse = SessionUser.extend({ accessToken: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;
