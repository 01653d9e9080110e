import type { AuthResponse } from '@makazi/domain';

export const authResponse = (overrides: Partial<AuthResponse> = {}): AuthResponse => ({
  accessToken: 'token-1',
  sessionId: 'session-1',
  userNo: 7,
  clientNo: 12,
  userName: 'Jane Wanjiru',
  email: 'jane@example.com',
  isProgrammer: false,
  language: null,
  adminAgentId: null,
  adminAccountSelf: null,
  adminLandlordAccNo: null,
  managingAgentId: null,
  managingAgentSelf: null,
  managingAgentLandlordNo: null,
  managingAgentUserRole: null,
  managingAgentUserLoginStatus: null,
  roles: {
    allAllowed: [5100, 5101, 5200, 5201],
    adminOnlyAllowed: [5100, 5200],
    programmerOnlyAllowed: [],
    segmentedPermisions: { allowedMakeCashPayments: [5100, 5101, 5200, 5201] },
  },
  ...overrides,
});
