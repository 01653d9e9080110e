import { OTP_MESSAGES } from '@makazi/domain';
import { act, screen } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { json, offline } from '../../../testing/mock-api';
import { forgetEmailAvailability } from '../api/check-email-not-taken';
import { GET_OTP, happyApi, otpSent, reachVerification, renderSignUp, VERIFY } from './sign-up-test-kit';

vi.setConfig({ testTimeout: 20_000 });

let user: UserEvent;

beforeEach(() => {
  // The clock advances with real time too, so testing-library's waits keep working.
  vi.useFakeTimers({ shouldAdvanceTime: true });
  user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
});

afterEach(() => {
  vi.useRealTimers();
  forgetEmailAvailability();
  vi.unstubAllGlobals();
});

const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('Email Verification step', () => {
  it('says Generating OTP..., then counts down before a resend, ticking every second', async () => {
    let answer: (r: Response) => void = () => {};
    happyApi({ [GET_OTP]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderSignUp();
    await reachVerification(user);

    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText(OTP_MESSAGES.generating)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Get OTP/ })).toBeDisabled();

    answer(otpSent());
    expect(await screen.findByText(OTP_MESSAGES.sent)).toBeInTheDocument();
    expect(screen.queryByText(OTP_MESSAGES.generating)).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Resend OTP in 1:32' });
    expect(button).toBeDisabled();

    await tick(1000);
    expect(screen.getByRole('button', { name: 'Resend OTP in 1:31' })).toBeDisabled();
    await tick(31_000);
    expect(screen.getByRole('button', { name: 'Resend OTP in 1:00' })).toBeDisabled();
    await tick(60_000);
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeEnabled();
  });

  it('shows Verify once 6 characters are typed; incorrect OTP clears when the code is edited', async () => {
    const api = happyApi({ [VERIFY]: () => json(400, { message: OTP_MESSAGES.incorrect }) });
    renderSignUp();
    await reachVerification(user);
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const input = await screen.findByLabelText('OTP');

    await user.type(input, '12345');
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    await user.type(input, '6');
    expect(input).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(OTP_MESSAGES.incorrect)).toBeInTheDocument();
    expect(api.bodiesOf(VERIFY)).toEqual([{ Email: 'jane@example.com', otp: '123456' }]);
    expect(screen.getByRole('img', { name: 'Email not verified' })).toBeInTheDocument();

    await user.type(input, '{Backspace}');
    expect(screen.queryByText(OTP_MESSAGES.incorrect)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify' })).not.toBeInTheDocument();
    // At most 6 characters.
    await user.type(input, '789');
    expect(input).toHaveValue('123457');
  });

  it('clears the typed code once it has expired', async () => {
    happyApi();
    renderSignUp();
    await reachVerification(user);
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    const input = await screen.findByLabelText('OTP');
    await user.type(input, '123');
    await tick(3 * 60_000);
    expect(screen.getByLabelText('OTP')).toHaveValue('');
  });

  it('explains a failed request for a code', async () => {
    happyApi({ [GET_OTP]: offline });
    renderSignUp();
    await reachVerification(user);
    await user.click(screen.getByRole('button', { name: 'Get OTP' }));
    expect(await screen.findByText(OTP_MESSAGES.fetchFailed)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get OTP' })).toBeEnabled();
  });
});
