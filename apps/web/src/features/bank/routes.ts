import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

export const bankRoutes: RouteObject[] = [
  {
    path: paths.pm.bank.path,
    lazy: async () => ({ Component: guarded('adminOnlyAllowed', (await import('./bank-page')).BankPage) }),
  },
];
