import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

export const maintenanceRoutes: RouteObject[] = [
  {
    path: paths.pm.maintenance.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./maintenance-page')).MaintenancePage) }),
  },
];
