import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** The arrears reminders screen, admins only, its own chunk. */
export const reminderRoutes: RouteObject[] = [
  {
    path: paths.pm.reminders.path,
    lazy: async () => ({
      Component: guarded('adminOnlyAllowed', (await import('./reminders-page')).RemindersPage),
    }),
  },
];
