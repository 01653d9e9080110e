import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/**
 * KYC and the AML log: any working role reaches the page, and the server lets
 * through only administrators and the named reporting officer (decision 044).
 */
export const kycRoutes: RouteObject[] = [
  {
    path: paths.pm.aml.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./kyc-page')).KycPage) }),
  },
];
