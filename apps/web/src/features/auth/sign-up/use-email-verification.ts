import { LIMITS, normaliseEmail, OTP_MESSAGES } from '@makazi/domain';
import { useEffect, useRef, useState } from 'react';

import { ApiError } from '../../../lib/api-client';
import { useFadingError } from '../../../lib/use-fading-error';
import { requestOtp, verifyOtp } from '../api/otp';
import { useCountdown } from './use-countdown';

type Params = {
  email: string;
  fullName: string;
  onVerified: (email: string, verificationToken: string) => void;
};

export type EmailVerification = ReturnType<typeof useEmailVerification>;

/** Messages the server words itself (a resend asked too soon, an expired code); otherwise the product's own. */
function otpErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return error.message;
  return OTP_MESSAGES.fetchFailed;
}

/**
 * Email verification (docs/accounts.md#email-verification): ask for a code (then wait before asking again),
 * type it, verify it with the server. The code typed is dropped when it expires.
 */
export function useEmailVerification({ email, fullName, onVerified }: Params) {
  const { secondsLeft, start } = useCountdown();
  const [generating, setGenerating] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [requestError, setRequestError] = useState({ message: '', at: 0 });
  // A failed request for a code is a fetching error, shown for 10 s.
  const requestErrorShown = useFadingError(requestError.at);
  const [code, setCodeValue] = useState('');
  const [codeError, setCodeError] = useState('');
  const [verifying, setVerifying] = useState(false);
  const expiry = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(expiry.current), []);

  const requestCode = async () => {
    setGenerating(true);
    setRequestError({ message: '', at: 0 });
    setCodeError('');
    try {
      const answer = await requestOtp({ Email: email.trim(), FullName: fullName });
      setSentTo(normaliseEmail(email));
      setCodeValue('');
      start(answer.resendAfterSeconds);
      clearTimeout(expiry.current);
      expiry.current = setTimeout(() => {
        setCodeValue('');
        setCodeError('');
      }, answer.validMinutes * 60_000);
    } catch (error) {
      setRequestError({ message: otpErrorMessage(error), at: Date.now() });
    } finally {
      setGenerating(false);
    }
  };

  const setCode = (value: string) => {
    setCodeValue(value.replace(/\s+/g, '').slice(0, LIMITS.otpLength));
    setCodeError('');
  };

  const verify = async () => {
    setVerifying(true);
    setCodeError('');
    try {
      const answer = await verifyOtp({ Email: email.trim(), otp: code });
      clearTimeout(expiry.current);
      setCodeValue('');
      onVerified(email.trim(), answer.verificationToken);
    } catch (error) {
      setCodeError(otpErrorMessage(error));
    } finally {
      setVerifying(false);
    }
  };

  const codeSent = sentTo !== null && sentTo === normaliseEmail(email);
  return {
    requestCode,
    generating,
    /** A code was asked for at least once: the button now offers to resend. */
    requested: sentTo !== null,
    codeSent,
    secondsLeft,
    requestError: requestErrorShown ? requestError.message : '',
    code,
    setCode,
    codeError,
    verify,
    verifying,
    canVerify: codeSent && code.length === LIMITS.otpLength,
  };
}
