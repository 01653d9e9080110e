import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

const page = async () => ({
  Component: guarded('allowedMakeCashPayments', (await import('./mpesa-page')).MpesaPage),
});

export const mpesaRoutes: RouteObject[] = [
  { path: paths.pm.mpesa.path, lazy: page },
  { path: paths.pm.mpesaTab.path, lazy: page },
];
