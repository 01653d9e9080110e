import { isRoleAllowed } from '@makazi/domain';
import type { ReactNode } from 'react';
import { Navigate } from 'react-router';

import { paths } from '../config/paths';
import { sessionRoleList, useSession, useWorkContext, type AllowedList } from '../lib/session';

type RequireRoleProps = { allowed: AllowedList; children: ReactNode };

/**
 * Renders `children` only when the role in the current space is in the
 * session's `allowed` list. A role not in the route's list sends a
 * logged-in user to /unauthorized, anyone else to /.
 */
export function RequireRole({ allowed, children }: RequireRoleProps) {
  const { session } = useSession();
  const { role } = useWorkContext();
  if (!session.isLoggedIn) return <Navigate to={paths.home.getHref()} replace />;
  if (!isRoleAllowed(role, sessionRoleList(session, allowed))) {
    return <Navigate to={paths.unauthorized.getHref()} replace />;
  }
  return <>{children}</>;
}
