import type { SessionState } from '../lib/session';

/** A signed-in agency owner (5100) whose agency is agent 40: /propertymanagement/agency works on it. */
export const AGENCY_ID = 40;
export const agencyOwnerSession = {
  session: {
    isLoggedIn: true,
    userNo: 7,
    clientNo: 12,
    accessToken: 't',
    adminAgentId: AGENCY_ID,
    adminAccountSelf: 0,
  },
} as unknown as Partial<SessionState>;

/** A landlord (5200) on their own account 41 in myspace. */
export const LANDLORD_ACCOUNT_ID = 41;
export const landlordSession = {
  session: {
    isLoggedIn: true,
    userNo: 8,
    clientNo: 13,
    accessToken: 't',
    adminAgentId: LANDLORD_ACCOUNT_ID,
    adminAccountSelf: 1,
  },
} as unknown as Partial<SessionState>;
