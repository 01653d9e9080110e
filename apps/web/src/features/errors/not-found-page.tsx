import { Button } from '@mantine/core';
import { Link } from 'react-router';

import { StatusPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';

export function NotFoundPage() {
  const { t } = useT();
  return (
    <StatusPage
      code="404"
      title={t('errorPages.notFoundTitle')}
      description={t('errorPages.notFoundText')}
      actions={
        <Button component={Link} to={paths.home.getHref()} size="md" mt="sm">
          {t('errorPages.home')}
        </Button>
      }
    />
  );
}
