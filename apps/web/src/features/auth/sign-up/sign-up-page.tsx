import { Navigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { SignUpWizard } from './sign-up-wizard';

export function SignUpPage() {
  const { session } = useSession();
  // A logged-in user has no business here.
  if (session.isLoggedIn) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title="Create your account" subtitle="Sign up in a few steps to start using Makazi." width={680}>
      <SignUpWizard />
    </AuthCard>
  );
}
