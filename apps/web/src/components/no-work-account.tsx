import { Alert } from '@mantine/core';

import { useT } from '../lib/i18n';

/** Shown where a screen needs an account to act on and the current space has none. */
export function NoWorkAccount() {
  const { t } = useT();
  return (
    <Alert color="yellow" variant="light" role="alert">
      {t('dashboard.noWorkAccount')}
    </Alert>
  );
}
