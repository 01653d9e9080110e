import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

/** Admin → Import the book: admins only, its own chunk (exceljs stays on the server; this screen only sends the file). */
export const bookImportRoutes: RouteObject[] = [
  {
    path: paths.pm.bookImport.path,
    lazy: async () => ({
      Component: guarded('adminOnlyAllowed', (await import('./book-import-page')).BookImportPage),
    }),
  },
];
