import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { SessionState } from '../../../lib/session';
import { json, mockApi } from '../../../testing/mock-api';
import { renderWithProviders } from '../../../testing/render';
import { SignUpPage } from './sign-up-page';

export const CHECK = 'POST /api/client/checkEmailNotTaken';
export const GET_OTP = 'POST /api/client/getOtp';
export const VERIFY = 'POST /api/client/verifyOtp';
export const SIGNUP = 'POST /api/userauth/signup';
export const LOGIN = 'POST /api/userauth/login';

/** userEvent itself, or one set up for fake timers. */
type UserEvent = {
  type: (element: Element, text: string) => Promise<unknown>;
  click: (element: Element) => Promise<unknown>;
};

export const otpSent = () => json(200, { message: 'OTP sent', validMinutes: 3, resendAfterSeconds: 92 });

/** A server where everything goes right unless a handler is replaced. */
export function happyApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [CHECK]: () => json(200, { message: 'Email available' }),
    [GET_OTP]: otpSent,
    [VERIFY]: () => json(200, { verified: true, verificationToken: 'proof-1' }),
    [SIGNUP]: () => json(201, { message: 'Account created', userNo: 7, clientNo: 12 }),
    ...overrides,
  });
}

export function renderSignUp(session?: Partial<SessionState>) {
  return renderWithProviders(null, {
    routes: [
      { path: '/signup', element: <SignUpPage /> },
      { path: '/signin', element: <p>sign-in page</p> },
      { path: '/', element: <p>home page</p> },
    ],
    initialEntries: ['/signup'],
    session,
  });
}

export async function fillBioData(user: UserEvent = userEvent, email = 'jane@example.com') {
  await user.type(screen.getByLabelText('First Name'), 'Jane');
  await user.type(screen.getByLabelText('Last Name'), 'Wanjiru');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Phone No'), '0712345678');
}

export const next = (user: UserEvent = userEvent) => user.click(screen.getByRole('button', { name: 'Next' }));

/** BioData filled and accepted: the wizard shows Email Verification. */
export async function reachVerification(user: UserEvent = userEvent) {
  await fillBioData(user);
  await next(user);
  await screen.findByRole('button', { name: 'Get OTP' });
}

/** Code asked for, typed and verified. */
export async function verifyEmail(user: UserEvent = userEvent) {
  await user.click(screen.getByRole('button', { name: 'Get OTP' }));
  await user.type(await screen.findByLabelText('OTP'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify' }));
  await screen.findByRole('img', { name: 'Email verified' });
}
