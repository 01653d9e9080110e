import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** Whoever may read the trust screen: the agency's admins. */
const page = async () => ({
  Component: guarded('adminOnlyAllowed', (await import('./client-money-page')).ClientMoneyPage),
});

export const clientMoneyRoutes: RouteObject[] = [{ path: paths.pm.clientMoney.path, lazy: page }];
