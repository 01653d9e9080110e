import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

export const dataProtectionRoutes: RouteObject[] = [
  {
    path: paths.pm.dataProtection.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./data-protection-page')).DataProtectionPage) }),
  },
];
