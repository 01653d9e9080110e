// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const OTP_MESSAGES = {
  generating: 'Generating OTP...',
  sent: 'OTP sent. Check your email and enter the OTP here:',
  incorrect: 'incorrect OTP',
  fetchFailed: 'Error fetching OTP. Check your internet connection or try again later.',
  expired: 'This code has expired. Ask for a new one.',
  tooManyTries: 'Too many wrong codes. Ask for a new one.',
  resendTooSoon: 'Wait before asking for another code.',
} as const;
