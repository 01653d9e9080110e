import './app/mantine-styles';
import './lib/zod-config';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';

import { setUpAuth } from './app/auth-setup';
import { AppProviders } from './app/providers';
import { createQueryClient } from './app/query-client';
import { router } from './app/router';
import { i18nReady } from './lib/i18n';
import { sessionStore } from './lib/session';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

const queryClient = createQueryClient();
setUpAuth(router, sessionStore, queryClient);

// A Kiswahili reader's catalogue arrives before the first paint, so no screen shows its keys.
void i18nReady.finally(() =>
  createRoot(container).render(
    <StrictMode>
      <AppProviders queryClient={queryClient} sessionStore={sessionStore}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  ),
);
