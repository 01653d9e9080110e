import { useCallback, useEffect, useState } from 'react';

import { ApiError } from './api-client';
import { useT } from './i18n';

export type RetryWait = {
  /** Whole seconds until the server takes another attempt; 0 when not waiting. */
  secondsLeft: number;
  /** What to tell the user while waiting, counting down; empty when not waiting. */
  message: string;
  /** Starts the wait a refusal asks for (429 with Retry-After); other errors are ignored. */
  waitFor: (error: unknown) => void;
};

/**
 * The wait a rate-limited form sits out: the button stays disabled and the
 * message counts down, so pressing again early cannot lengthen the lock.
 */
export function useRetryWait(): RetryWait {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  const { t } = useT();

  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => {
      const at = Date.now();
      setNow(at);
      if (at >= until) setUntil(0);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const waitFor = useCallback((error: unknown) => {
    if (!(error instanceof ApiError) || error.status !== 429 || !error.retryAfterSeconds) return;
    const at = Date.now();
    setNow(at);
    setUntil(at + error.retryAfterSeconds * 1000);
  }, []);

  const secondsLeft = until ? Math.max(0, Math.ceil((until - now) / 1000)) : 0;
  const message =
    secondsLeft <= 0
      ? ''
      : secondsLeft < 60
        ? t('common.tooManySeconds', { count: secondsLeft })
        : t('common.tooManyMinutes', { count: Math.ceil(secondsLeft / 60) });
  return { secondsLeft, message, waitFor };
}
