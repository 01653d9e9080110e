import { Center, Loader } from '@mantine/core';

import { useT } from '../lib/i18n';

export function PageLoader() {
  const { t } = useT();
  return (
    <Center mih="40vh" role="status" aria-label={t('errorPages.loading')}>
      <Loader />
    </Center>
  );
}
