import { Box } from '@mantine/core';
import { Outlet, useParams } from 'react-router';

import { isSpace } from '../../config/paths';
import { NotFoundPage } from '../../features/errors/not-found-page';

/** Content area of /propertymanagement/:space; the sidebar lives in the shell (root layout). */
export function PropertyManagementLayout() {
  const { space } = useParams();
  if (!isSpace(space)) return <NotFoundPage />;
  return (
    <Box px={{ base: 'md', sm: 'xl' }} py={{ base: 'md', sm: 'xl' }}>
      <Outlet />
    </Box>
  );
}
