import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** Admin → Moving in: the go-live month and the opening balances, admins only, its own chunk. */
export const openingBalanceRoutes: RouteObject[] = [
  {
    path: paths.pm.openingBalances.path,
    lazy: async () => ({
      Component: guarded('adminOnlyAllowed', (await import('./opening-balances-page')).OpeningBalancesPage),
    }),
  },
];
