import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

const page = async () => ({
  Component: guarded('adminOnlyAllowed', (await import('./landlord-money-page')).LandlordMoneyPage),
});

export const landlordMoneyRoutes: RouteObject[] = [
  { path: paths.pm.landlordMoney.path, lazy: page },
  { path: paths.pm.landlordMoneyTab.path, lazy: page },
];
