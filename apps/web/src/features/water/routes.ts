import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** The water readings screen of a property, its own chunk. */
export const waterRoutes: RouteObject[] = [
  {
    path: paths.pm.waterReadings.path,
    lazy: async () => ({
      Component: guarded('allAllowed', (await import('./water-readings-page')).WaterReadingsPage),
    }),
  },
];
