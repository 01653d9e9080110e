import { Anchor, Text } from '@mantine/core';
import { Link, useLocation, useNavigate, type Location } from 'react-router';

import { SessionEndedNotice } from '../../../components/session-ended-notice';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { AuthCard } from '../components/auth-card';
import { SignInForm } from './sign-in-form';

/** Where to go after logging in: the page that sent the visitor here, else home. */
function destination(state: unknown): { pathname: string; search?: string; state?: unknown } {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/')) return { pathname: from };
  if (from && typeof from === 'object' && typeof (from as Location).pathname === 'string') {
    const { pathname, search, state: fromState } = from as Location;
    return { pathname, search, state: fromState };
  }
  return { pathname: paths.home.getHref() };
}

export function SignInPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { t } = useT();

  const goOn = () => {
    const { pathname, search, state } = destination(location.state);
    void navigate({ pathname, search }, { replace: true, state });
  };

  return (
    <AuthCard title={t('signIn.title')} subtitle={t('signIn.subtitle')}>
      <SessionEndedNotice mb="md" />
      <SignInForm onSignedIn={goOn} />
      <Text size="sm" ta="center" mt="lg">
        {t('signIn.noAccount')}{' '}
        <Anchor component={Link} to={paths.signUp.getHref()} fw={600}>
          {t('signIn.signUp')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
