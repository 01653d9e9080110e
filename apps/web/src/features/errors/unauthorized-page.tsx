import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';

import { StatusPage } from '../../components/status-page';
import { paths } from '../../config/paths';

export function UnauthorizedPage() {
  const navigate = useNavigate();
  return (
    <StatusPage
      code="403"
      title="Unauthorized"
      description="You do not have permission to view this page."
      actions={
        <Group mt="sm">
          <Button variant="default" size="md" onClick={() => navigate(-1)}>
            Back
          </Button>
          <Button size="md" onClick={() => navigate(paths.home.getHref())}>
            Home
          </Button>
        </Group>
      }
    />
  );
}
