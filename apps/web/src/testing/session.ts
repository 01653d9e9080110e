import type { AuthResponse } from '@makazi/domain';

import { emptySession, type Session } from '../lib/session';
import { authResponse } from './auth-response';

/** A logged-in session as login stores it, with the given agent ties. */
export function loggedInSession(overrides: Partial<AuthResponse> = {}): Session {
  const { accessToken, ...auth } = authResponse(overrides);
  return { ...emptySession(), ...auth, accessToken, isLoggedIn: true };
}

/** Agent ties of the role cases (adminAgentId 11 own account, managingAgentId 22 work account). */
export const TIES = {
  none: {},
  agencyAdmin: { adminAgentId: 11, adminAccountSelf: 0 },
  landlord: { adminAgentId: 11, adminAccountSelf: 1 },
  landlordHired: {
    adminAgentId: 11,
    adminAccountSelf: 1,
    managingAgentId: 22,
    managingAgentSelf: 0,
    managingAgentUserRole: 5101,
    managingAgentUserLoginStatus: 1,
  },
  agencyEmployee: { managingAgentId: 22, managingAgentSelf: 0, managingAgentUserRole: 5101, managingAgentUserLoginStatus: 1 },
  landlordEmployee: { managingAgentId: 22, managingAgentSelf: 1, managingAgentUserRole: 5201, managingAgentUserLoginStatus: 1 },
} satisfies Record<string, Partial<AuthResponse>>;
