import { Navigate } from 'react-router';

import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { AuthCard } from '../components/auth-card';
import { SignUpWizard } from './sign-up-wizard';
import { useT } from '../../../lib/i18n';

export function SignUpPage() {
  const { session } = useSession();
  const { t } = useT();
  // A logged-in user has no business here.
  if (session.isLoggedIn) return <Navigate to={paths.home.getHref()} replace />;

  return (
    <AuthCard title={t('signUp.title')} subtitle={t('signUp.subtitle')} width={680}>
      <SignUpWizard />
    </AuthCard>
  );
}
