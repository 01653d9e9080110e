import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';

import { StatusPage } from '../../components/status-page';
import { paths } from '../../config/paths';
import { useT } from '../../lib/i18n';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  const { t } = useT();
  return (
    <StatusPage
      code="403"
      title={t('errorPages.unauthorizedTitle')}
      description={t('errorPages.unauthorizedText')}
      actions={
        <Group mt="sm">
          <Button variant="default" size="md" onClick={() => navigate(-1)}>
            {t('errorPages.back')}
          </Button>
          <Button size="md" onClick={() => navigate(paths.home.getHref())}>
            {t('errorPages.home')}
          </Button>
        </Group>
      }
    />
  );
}
