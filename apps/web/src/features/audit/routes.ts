import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

export const auditRoutes: RouteObject[] = [
  {
    path: paths.pm.audit.path,
    lazy: async () => ({ Component: guarded('adminOnlyAllowed', (await import('./audit-page')).AuditPage) }),
  },
];
