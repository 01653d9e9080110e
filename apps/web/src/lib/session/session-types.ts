import type { AgentType, Language } from '@makazi/domain';

import type { Space } from '../../config/paths';

/** The session as the browser keeps it. Numbers are null and strings empty while logged out. */
export type Session = {
  clientNo: number | null;
  userNo: number | null;
  userName: string;
  isLoggedIn: boolean;
  accessToken: string;
  sessionId: string;
  email: string;
  /** Flagged from the command line; feeds the programmer-only role list. */
  isProgrammer: boolean;
  /** The screens' language chosen in the profile, which follows the user to any device; null until chosen. */
  language: Language | null;
  managingAgentUserRole: number | null;
  managingAgentUserLoginStatus: number | null;
  adminAgentId: number | null;
  adminLandlordAccNo: number | null;
  adminAccountSelf: number | null;
  managingAgentId: number | null;
  managingAgentSelf: number | null;
  managingAgentLandlordNo: number | null;
  roles: {
    adminOnlyAllowed: number[];
    allAllowed: number[];
    programmerOnlyAllowed: number[];
    segmentedPermisions: { allowedMakeCashPayments: number[] };
  };
};

/** The user space record: agent type, space, role and managing agent in it. */
export type UserSpace = {
  agentType: AgentType | null;
  space: Space | null;
  currentRole: AgentType | null;
  currentManagingAgentId: number | null;
  userNo: number | null;
};

export type SessionState = { session: Session; userSpace: UserSpace };

export function emptySession(): Session {
  return {
    clientNo: null,
    userNo: null,
    userName: '',
    isLoggedIn: false,
    accessToken: '',
    sessionId: '',
    email: '',
    isProgrammer: false,
    language: null,
    managingAgentUserRole: null,
    managingAgentUserLoginStatus: null,
    adminAgentId: null,
    adminLandlordAccNo: null,
    adminAccountSelf: null,
    managingAgentId: null,
    managingAgentSelf: null,
    managingAgentLandlordNo: null,
    roles: {
      adminOnlyAllowed: [],
      allAllowed: [],
      programmerOnlyAllowed: [],
      segmentedPermisions: { allowedMakeCashPayments: [] },
    },
  };
}

export function emptyUserSpace(): UserSpace {
  return { agentType: null, space: null, currentRole: null, currentManagingAgentId: null, userNo: null };
}
