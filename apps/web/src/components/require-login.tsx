import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';

import { paths } from '../config/paths';
import { useSession } from '../lib/session';

/**
 * Layout route for pages that need a logged-in user. A visitor who arrives
 * logged out goes to /signin and comes back after; a user who logs out here
 * goes home, like every logout (a /signin redirect would race the logout's own).
 */
export function RequireLogin() {
  const { session } = useSession();
  const location = useLocation();
  const [arrivedLoggedIn] = useState(session.isLoggedIn);
  if (session.isLoggedIn) return <Outlet />;
  if (arrivedLoggedIn) return <Navigate to={paths.home.getHref()} replace />;
  return <Navigate to={paths.signIn.getHref()} replace state={{ from: location }} />;
}
