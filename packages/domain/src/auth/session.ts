import { z } from 'zod';

/**
 * The signed-in user as the API describes it after login, refresh and
 * authenticateuser: SPEC.md §3 Session, less what the browser derives.
 * Agent fields are null until the user has or works for an agent account.
 */
export const SessionUser = z.object({
  sessionId: z.string(),
  userNo: z.number(),
  clientNo: z.number(),
  userName: z.string(),
  email: z.string(),
  isProgrammer: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const AuthResponse = SessionUser.extend({ accessToken: z.string() });
export type AuthResponse = z.infer<typeof AuthResponse>;
