/** Every API call, spelled as SPEC.md §7 spells it, under /api (DESIGN.md §3). */
export const API = {
  health: '/health',
  auth: {
    login: '/userauth/login',
    endPreviousSession: '/userauth/endPreviousSession',
    refreshAccessToken: '/userauth/refreshAccessToken',
    authenticateUser: '/userauth/authenticateuser',
    logout: '/userauth/logout',
    signup: '/userauth/signup',
  },
  client: {
    checkEmailNotTaken: '/client/checkEmailNotTaken',
    getOtp: '/client/getOtp',
    verifyOtp: '/client/verifyOtp',
  },
  users: {
    generalInformation: '/usermanagement/getusersgeneralinformation',
  },
} as const;
