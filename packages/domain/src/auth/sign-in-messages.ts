// Apart from the schemas, so the web app's first load reads them without zod.
export const SIGN_IN_MESSAGES = {
  emailMissing: 'Email not Provided',
  passwordMissing: 'Enter your Password',
  wrongCredentials: 'Wrong email or password',
  alreadyLoggedIn:
    'You are logged in on another device or browser. Terminate the previous session to continue.',
  network: 'Something went wrong, Check your network and try again later.',
  fallback: 'An error occurred',
  terminatePrevious: 'Terminate Previous Sessions',
  sessionExpired: 'Your session is expired.Log in again to continue',
  authenticationFailed: 'Authentication Failed',
  userAuthFailed: 'User authentication failed. Log in again to continue',
  authError: '** Error occured during authentication. Log in again to continue',
  codeSent:
    'Too many wrong passwords were tried on this account, so logging in now also needs a code. If the password is right, we have emailed a code to the account’s address.',
  codeWrong: 'Wrong code or password, or the code has expired.',
  codeFormat: 'Enter the 6-digit code from the email',
} as const;
