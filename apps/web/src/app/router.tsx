import { createBrowserRouter, type RouteObject } from 'react-router';

import { PageLoader } from '../components/page-loader';
import { RequireLogin } from '../components/require-login';
import { paths } from '../config/paths';
import { RouteErrorPage } from '../features/errors/route-error-page';
import { adminRoutes } from '../features/admin/routes';
import { clientRoutes } from '../features/clients/routes';
import { moneyTransactionRoutes } from '../features/money-transactions/routes';
import { clientMoneyRoutes } from '../features/client-money/routes';
import { landlordMoneyRoutes } from '../features/landlord-money/routes';
import { maintenanceRoutes } from '../features/maintenance/routes';
import { bankRoutes } from '../features/bank/routes';
import { ledgerExportRoutes } from '../features/ledger-export/routes';
import { mpesaRoutes } from '../features/mpesa/routes';
import { auditRoutes } from '../features/audit/routes';
import { dataProtectionRoutes } from '../features/data-protection/routes';
import { outboxRoutes } from '../features/outbox/routes';
import { propertyRoutes } from '../features/properties/routes';
import { reminderRoutes } from '../features/reminders/routes';
import { openingBalanceRoutes } from '../features/opening-balances/routes';
import { bookImportRoutes } from '../features/book-import/routes';
import { waterRoutes } from '../features/water/routes';
import { kycRoutes } from '../features/kyc/routes';
import { tenancyRoutes } from '../features/tenancies/routes';
import { restoreSession } from '../lib/auth';
import { sessionStore } from '../lib/session';
import { RootLayout } from './layout/root-layout';
import type { ShellHandle } from './layout/shell-handle';

const notFound: RouteObject = {
  path: paths.notFound.path,
  lazy: async () => ({ Component: (await import('../features/errors/not-found-page')).NotFoundPage }),
};

const dashboard = async () => ({
  Component: (await import('../features/dashboard/dashboard-page')).DashboardPage,
});

export const routes: RouteObject[] = [
  {
    path: paths.home.path,
    Component: RootLayout,
    // The error page stays in the main chunk: it must render even when a lazy chunk fails to load.
    errorElement: <RouteErrorPage />,
    // The access token lives only in memory: on start the refresh cookie restores the session,
    // once, behind the page loader.
    loader: async () => {
      await restoreSession(sessionStore);
      return null;
    },
    shouldRevalidate: () => false,
    hydrateFallbackElement: <PageLoader />,
    children: [
      {
        // Errors below render inside the layout, keeping the navigation bar.
        errorElement: <RouteErrorPage />,
        children: [
          {
            index: true,
            lazy: async () => ({ Component: (await import('../features/welcome/welcome-page')).WelcomePage }),
          },
          {
            path: paths.findHouse.path,
            lazy: async () => ({
              Component: (await import('../features/find-house/find-house-page')).FindHousePage,
            }),
          },
          {
            path: paths.signIn.path,
            lazy: async () => ({
              Component: (await import('../features/auth/sign-in/sign-in-page')).SignInPage,
            }),
          },
          {
            path: paths.signUp.path,
            lazy: async () => ({
              Component: (await import('../features/auth/sign-up/sign-up-page')).SignUpPage,
            }),
          },
          {
            path: paths.landlordInvite.path,
            lazy: async () => ({ Component: (await import('../features/landlord-view/invite-page')).LandlordInvitePage }),
          },
          {
            Component: RequireLogin,
            children: [
              {
                path: paths.landlordView.path,
                lazy: async () => ({ Component: (await import('../features/landlord-view/landlord-view-page')).LandlordViewPage }),
              },
              {
                path: paths.settings.path,
                lazy: async () => ({
                  Component: (await import('../features/profile/profile-page')).ProfilePage,
                }),
              },
              {
                path: paths.settingsWork.path,
                lazy: async () => ({
                  Component: (await import('../features/profile/work-settings-page')).WorkSettingsPage,
                }),
              },
              {
                // Static, so it wins over /propertymanagement/:space.
                path: paths.createAgencyAccount.path,
                lazy: async () => ({
                  Component: (await import('../features/agents/create-agency-account-page'))
                    .CreateAgencyAccountPage,
                }),
              },
            ],
          },
          {
            path: paths.unauthorized.path,
            lazy: async () => ({
              Component: (await import('../features/errors/unauthorized-page')).UnauthorizedPage,
            }),
          },
          {
            path: paths.pm.root.path,
            lazy: async () => {
              const [layout, sidebar] = await Promise.all([
                import('./layout/property-management-layout'),
                import('./layout/sidebar'),
              ]);
              const handle: ShellHandle = { Sidebar: sidebar.Sidebar };
              return { Component: layout.PropertyManagementLayout, handle };
            },
            children: [
              { index: true, lazy: dashboard },
              { path: paths.pm.dashboard.path, lazy: dashboard },
              ...tenancyRoutes,
              ...moneyTransactionRoutes,
              ...mpesaRoutes,
              ...bankRoutes,
              ...ledgerExportRoutes,
              ...landlordMoneyRoutes,
              ...clientMoneyRoutes,
              ...maintenanceRoutes,
              ...outboxRoutes,
              ...auditRoutes,
              ...dataProtectionRoutes,
              ...adminRoutes,
              ...clientRoutes,
              ...propertyRoutes,
              ...waterRoutes,
              ...kycRoutes,
              ...reminderRoutes,
              ...openingBalanceRoutes,
              ...bookImportRoutes,
              {
                path: paths.pm.agencySelection.path,
                lazy: async () => ({
                  Component: (await import('../features/agents/agency-selection-page')).AgencySelectionPage,
                }),
              },
              notFound,
            ],
          },
          notFound,
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
