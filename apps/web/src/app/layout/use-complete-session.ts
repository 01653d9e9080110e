import { useEffect } from 'react';

import { isIncompleteSession } from '../../lib/auth';
import { useSession } from '../../lib/session';
import { useLogout } from './use-logout';

/** A user logged in but missing client number or user number is logged out. */
export function useCompleteSession(): void {
  const { session } = useSession();
  const logout = useLogout();
  const incomplete = isIncompleteSession(session);
  useEffect(() => {
    if (incomplete) logout();
  }, [incomplete, logout]);
}
