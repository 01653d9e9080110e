import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** Property screens under /propertymanagement/:space, each its own chunk. */
export const propertyRoutes: RouteObject[] = [
  {
    path: paths.pm.properties.path,
    lazy: async () => ({
      Component: guarded('allAllowed', (await import('./property-list/properties-page')).PropertiesPage),
    }),
  },
  {
    path: paths.pm.property.path,
    lazy: async () => ({
      Component: guarded('allAllowed', (await import('./houses/property-houses-page')).PropertyHousesPage),
    }),
  },
];
