import { GENERIC_FAILURE_MESSAGE, SIGN_UP_MESSAGES } from '@makazi/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { authResponse } from '../../../testing/auth-response';
import { json, offline } from '../../../testing/mock-api';
import { forgetEmailAvailability } from '../api/check-email-not-taken';
import {
  CHECK,
  fillBioData,
  happyApi,
  LOGIN,
  next,
  reachVerification,
  renderSignUp,
  SIGNUP,
  VERIFY,
  verifyEmail,
} from './sign-up-test-kit';

// Whole-wizard walks take a few seconds under jsdom.
vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  forgetEmailAvailability();
  vi.unstubAllGlobals();
});

async function reachPassword() {
  await reachVerification();
  await verifyEmail();
  await next();
  await screen.findByLabelText('Password');
}

async function setPassword(password = 'secret1', confirm = password) {
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm Password'), confirm);
}

describe('Sign-up wizard: BioData', () => {
  it('shows the four steps and checks the BioData fields on Next', async () => {
    const api = happyApi();
    renderSignUp();
    for (const label of ['BioData', 'Email Verification', 'Set Password', 'Success']) {
      // Shown from phone width up, and kept for screen readers below it.
      expect(screen.getAllByText(label)).toHaveLength(2);
    }
    await next();
    expect(await screen.findAllByText('Name is required')).toHaveLength(2);
    expect(screen.getByText('Enter your Email')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();

    // After a Next, fields are checked again as they change.
    await userEvent.type(screen.getByLabelText('Phone No'), '0712');
    expect(await screen.findByText('Please enter valid phone number')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Email'), 'jane@');
    expect(await screen.findByText('Invalid Email')).toBeInTheDocument();
  });

  it('checks the email on blur: taken, then unreachable', async () => {
    let reply: () => Response | Promise<Response> = () => json(409, { message: SIGN_UP_MESSAGES.emailTaken });
    const api = happyApi({ [CHECK]: () => reply() });
    renderSignUp();
    await userEvent.type(screen.getByLabelText('Email'), 'taken@example.com');
    await userEvent.tab();
    expect(await screen.findByText(SIGN_UP_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(api.bodiesOf(CHECK)).toEqual([{ email: 'taken@example.com' }]);

    reply = offline;
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'other@example.com');
    await userEvent.tab();
    expect(await screen.findByText(SIGN_UP_MESSAGES.emailCheckFailed)).toBeInTheDocument();

    // Checked too often: the server's answer, which says how long to wait, not a generic failure.
    reply = () =>
      json(429, { message: 'Too many attempts. Try again in 40 minutes.', code: 'TOO_MANY_REQUESTS' });
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'third@example.com');
    await userEvent.tab();
    expect(await screen.findByText('Too many attempts. Try again in 40 minutes.')).toBeInTheDocument();
  });

  it('does not move on while the email is taken', async () => {
    happyApi({ [CHECK]: () => json(409, { message: SIGN_UP_MESSAGES.emailTaken }) });
    renderSignUp();
    await fillBioData();
    await next();
    expect(await screen.findByText(SIGN_UP_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Get OTP' })).not.toBeInTheDocument();
  });

  it('redirects a logged-in user home', () => {
    const { router } = renderSignUp({ session: { isLoggedIn: true, userNo: 1, clientNo: 2 } as never });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.getByText('home page')).toBeInTheDocument();
  });
});

describe('Sign-up wizard: Email Verification', () => {
  it('needs the email verified to continue', async () => {
    happyApi();
    renderSignUp();
    await reachVerification();
    expect(screen.getByRole('img', { name: 'Email not verified' })).toBeInTheDocument();
    expect(screen.getByText('jane@example.com')).toBeInTheDocument();
    await next();
    expect(await screen.findByText(SIGN_UP_MESSAGES.verifyToContinue)).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
  });

  it('verifies the code with the server and marks the email', async () => {
    const api = happyApi();
    renderSignUp();
    await reachVerification();
    await verifyEmail();
    expect(api.bodiesOf(VERIFY)).toEqual([{ Email: 'jane@example.com', otp: '123456' }]);
    expect(api.bodiesOf('POST /api/client/getOtp')).toEqual([
      { Email: 'jane@example.com', FullName: 'Jane Wanjiru' },
    ]);
    expect(screen.queryByText(SIGN_UP_MESSAGES.verifyToContinue)).not.toBeInTheDocument();
  });

  it('clears the verification when the email changes, and restores it for the verified email', async () => {
    happyApi();
    renderSignUp();
    await reachVerification();
    await verifyEmail();
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    const email = await screen.findByLabelText('Email');
    await userEvent.clear(email);
    await userEvent.type(email, 'new@example.com');
    await next();
    expect(await screen.findByRole('img', { name: 'Email not verified' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Resend OTP|Get OTP/ })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    await userEvent.clear(await screen.findByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'jane@example.com');
    await next();
    expect(await screen.findByRole('img', { name: 'Email verified' })).toBeInTheDocument();
    await next();
    expect(await screen.findByLabelText('Password')).toBeInTheDocument();
  });
});

describe('Sign-up wizard: Set Password and Confirm Details', () => {
  it('checks the passwords', async () => {
    happyApi();
    renderSignUp();
    await reachPassword();
    await next();
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
    expect(screen.getByText('Confirm password')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'abc');
    expect(await screen.findByText('password too short')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Password'), 'def');
    await userEvent.type(screen.getByLabelText('Confirm Password'), 'abcdeX');
    await next();
    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('confirms the details, creates the account, and Finish logs in and goes home', async () => {
    const api = happyApi({ [LOGIN]: () => json(200, authResponse()) });
    const { router, store } = renderSignUp();
    await reachPassword();
    await setPassword();
    await next();

    const dialog = await screen.findByRole('dialog', { name: 'Confirm Details' });
    for (const text of ['Jane', 'Wanjiru', 'jane@example.com', '0712345678']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(within(dialog).getByRole('button', { name: 'Close' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));

    expect(await screen.findByRole('heading', { name: 'Account Created Successfully' })).toBeInTheDocument();
    expect(api.bodiesOf(SIGNUP)).toEqual([
      {
        First_name: 'Jane',
        Last_name: 'Wanjiru',
        Email: 'jane@example.com',
        PhoneNo: '0712345678',
        password: 'secret1',
        confirmPassword: 'secret1',
        verificationToken: 'proof-1',
      },
    ]);

    await userEvent.click(screen.getByRole('button', { name: 'Finish' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.bodiesOf(LOGIN)).toMatchObject([{ Email: 'jane@example.com', Password: 'secret1' }]);
    expect(store.getState().session.isLoggedIn).toBe(true);
  });

  it('shows Submiting... and then the server message under the details', async () => {
    let finish: (r: Response) => void = () => {};
    happyApi({ [SIGNUP]: () => new Promise<Response>((resolve) => (finish = resolve)) });
    renderSignUp();
    await reachPassword();
    await setPassword();
    await next();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByRole('button', { name: 'Submiting...' })).toBeDisabled();
    finish(json(409, { message: SIGN_UP_MESSAGES.emailTaken }));
    expect(await within(dialog).findByText(SIGN_UP_MESSAGES.emailTaken)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Complete' })).toBeEnabled();
  });

  it('words a server failure generically', async () => {
    happyApi({ [SIGNUP]: () => json(500, { message: 'boom' }) });
    renderSignUp();
    await reachPassword();
    await setPassword();
    await next();
    const dialog = await screen.findByRole('dialog', { name: 'Confirm Details' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Complete' }));
    expect(await within(dialog).findByText(GENERIC_FAILURE_MESSAGE)).toBeInTheDocument();
  });

  it('sends the new user to /signin when the Finish login fails', async () => {
    happyApi({ [LOGIN]: offline });
    const { router } = renderSignUp();
    await reachPassword();
    await setPassword();
    await next();
    await userEvent.click(await screen.findByRole('button', { name: 'Complete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
  });
});
