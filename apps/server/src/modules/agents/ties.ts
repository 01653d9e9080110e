import { ROLE_LISTS, type AgentType, type SessionUser } from '@makazi/domain';
import type { AgentTiesRow } from './repository';

type Self = 0 | 1;
const asSelf = (v: number | null): Self | null => (v === 0 || v === 1 ? v : null);

/** The session's agent fields and roles object (docs/access.md#roles), from the user's ties. */
export function sessionAgentFields(
  ties: AgentTiesRow,
  user: { userNo: number; isProgrammer: boolean },
): Omit<SessionUser, 'sessionId' | 'userNo' | 'clientNo' | 'userName' | 'email' | 'isProgrammer' | 'language'> {
  const adminAccountSelf = asSelf(ties.adminAccountSelf);
  const managingAgentSelf = asSelf(ties.managingAgentSelf);
  return {
    adminAgentId: ties.adminAgentId,
    adminAccountSelf,
    adminLandlordAccNo: adminAccountSelf === 1 ? ties.adminOwnerClientNo : null,
    managingAgentId: ties.managingAgentId,
    managingAgentSelf,
    managingAgentLandlordNo: managingAgentSelf === 1 ? ties.managingOwnerClientNo : null,
    managingAgentUserRole: (ties.managingAgentUserRole as AgentType | null) ?? null,
    managingAgentUserLoginStatus: ties.managingAgentUserLoginStatus,
    roles: {
      allAllowed: [...ROLE_LISTS.allAllowed],
      adminOnlyAllowed: [...ROLE_LISTS.adminOnlyAllowed],
      programmerOnlyAllowed: user.isProgrammer ? [user.userNo] : [],
      segmentedPermisions: { allowedMakeCashPayments: [...ROLE_LISTS.allowedMakeCashPayments] },
    },
  };
}
