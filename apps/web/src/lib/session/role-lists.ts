import type { Session } from './session-types';

/** The role lists a guard or a sidebar item can name (docs/access.md#role-lists). */
export type AllowedList = 'allAllowed' | 'adminOnlyAllowed' | 'allowedMakeCashPayments';

/** The roles in one of the session's lists; the session holds them as the server sent them. */
export function sessionRoleList(session: Session, list: AllowedList): readonly number[] {
  if (list === 'allowedMakeCashPayments') return session.roles.segmentedPermisions.allowedMakeCashPayments;
  return session.roles[list];
}
