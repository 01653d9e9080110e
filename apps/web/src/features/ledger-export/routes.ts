import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

export const ledgerExportRoutes: RouteObject[] = [
  {
    path: paths.pm.ledgerExport.path,
    lazy: async () => ({ Component: guarded('adminOnlyAllowed', (await import('./ledger-export-page')).LedgerExportPage) }),
  },
];
