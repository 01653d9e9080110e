import { MESSAGE_TIMEOUTS_MS } from '@makazi/domain';
import { useEffect, useState } from 'react';

/** Fetching errors clear after 10 s (docs/validation.md#timings). */
export const FETCH_ERROR_SHOWN_MS = MESSAGE_TIMEOUTS_MS.fetchingError;

/** True while a fetch error is fresh; false again once it has been shown for `ms`. */
export function useFadingError(errorAt: number, ms = FETCH_ERROR_SHOWN_MS): boolean {
  const [expiredAt, setExpiredAt] = useState(0);
  useEffect(() => {
    if (!errorAt) return;
    const timer = setTimeout(() => setExpiredAt(errorAt), ms);
    return () => clearTimeout(timer);
  }, [errorAt, ms]);
  return errorAt > 0 && expiredAt !== errorAt;
}
