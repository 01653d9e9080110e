import { Button } from '@mantine/core';
import { Link } from 'react-router';

import { StatusPage } from '../../components/status-page';
import { paths } from '../../config/paths';

export function NotFoundPage() {
  return (
    <StatusPage
      code="404"
      title="Page not found"
      description="The page you are looking for does not exist or has been moved."
      actions={
        <Button component={Link} to={paths.home.getHref()} size="md" mt="sm">
          Home
        </Button>
      }
    />
  );
}
