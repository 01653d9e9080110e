import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

export const outboxRoutes: RouteObject[] = [
  {
    path: paths.pm.outbox.path,
    lazy: async () => ({ Component: guarded('adminOnlyAllowed', (await import('./outbox-page')).OutboxPage) }),
  },
];
