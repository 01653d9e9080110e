import type { RouteObject } from 'react-router';

import { guarded } from '../../components/guarded';
import { paths } from '../../config/paths';

const addClient = async () => ({
  Component: guarded('allAllowed', (await import('./add-client/add-client-page')).AddClientPage),
});

/** Client screens under /propertymanagement/:space, each its own chunk. */
export const clientRoutes: RouteObject[] = [
  { path: paths.pm.client.path, lazy: addClient },
  { path: paths.pm.addClient.path, lazy: addClient },
  {
    path: paths.pm.addClientSuccess.path,
    lazy: async () => ({
      Component: guarded(
        'allAllowed',
        (await import('./add-client/client-registered-page')).ClientRegisteredPage,
      ),
    }),
  },
  {
    path: paths.pm.editClient.path,
    lazy: async () => ({
      Component: guarded('allAllowed', (await import('./edit-client/edit-client-page')).EditClientPage),
    }),
  },
  {
    path: paths.pm.clientUserManagement.path,
    lazy: async () => ({
      Component: guarded(
        'adminOnlyAllowed',
        (await import('./user-management/client-user-management-page')).ClientUserManagementPage,
      ),
    }),
  },
];
