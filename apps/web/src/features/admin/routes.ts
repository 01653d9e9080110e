import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

const page = async () => ({ Component: guarded('adminOnlyAllowed', (await import('./admin-page')).AdminPage) });

/** admin and admin/{tab}. */
export const adminRoutes: RouteObject[] = [
  { path: paths.pm.admin.path, lazy: page },
  { path: paths.pm.adminTab.path, lazy: page },
];
