import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** Tenancy screens under /propertymanagement/:space, each its own chunk. */
export const tenancyRoutes: RouteObject[] = [
  {
    path: paths.pm.tenancies.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./list/tenancies-page')).TenanciesPage) }),
  },
  {
    path: paths.pm.tenancyDetails.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./details/tenancy-details-page')).TenancyDetailsPage) }),
  },
  {
    path: paths.pm.bookTenancy.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./book/choose-property-page')).ChoosePropertyPage) }),
  },
  {
    path: paths.pm.bookTenancyHouse.path,
    lazy: async () => ({ Component: guarded('allAllowed', (await import('./book/book-house-page')).BookHousePage) }),
  },
  {
    path: paths.pm.terminateTenancy.path,
    lazy: async () => ({
      Component: guarded('adminOnlyAllowed', (await import('./terminate/terminate-tenancy-page')).TerminateTenancyPage),
    }),
  },
];
