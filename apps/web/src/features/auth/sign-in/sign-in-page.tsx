import { Anchor, Text } from '@mantine/core';
import { Link, useLocation, useNavigate } from 'react-router';

import { SessionEndedNotice } from '../../../components/session-ended-notice';
import { paths } from '../../../config/paths';
import { useT } from '../../../lib/i18n';
import { AuthCard } from '../components/auth-card';
import { destination } from '../destination';
import { SignInForm } from './sign-in-form';

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
        <Anchor component={Link} to={paths.signUp.getHref()} state={location.state as unknown} fw={600}>
          {t('signIn.signUp')}
        </Anchor>
      </Text>
    </AuthCard>
  );
}
