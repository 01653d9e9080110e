// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

export const SIGN_UP_MESSAGES = {
  emailTaken: 'Email already taken. Please try another one.',
  emailNotAvailable: 'Email is not available',
  emailCheckFailed: 'Error cheking Email availability, Try agan later',
  verifyEmail: 'Verify your email',
  verifyToContinue: 'Verify Email to continue',
  completeForm: 'Complete filling the form.',
} as const;
