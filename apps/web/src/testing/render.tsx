import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';

import { useLocalTheme } from '../app/theme';
import { createSessionStore, SessionProvider, type SessionState, type SessionStore } from '../lib/session';

type Options = {
  path?: string;
  initialEntries?: string[];
  routes?: RouteObject[];
  session?: Partial<SessionState>;
};

function TestMantine({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={useLocalTheme()} env="test">
      {children}
    </MantineProvider>
  );
}

/** Renders `ui` (or `routes`) inside the app's providers and a memory router. */
export function renderWithProviders(
  ui: ReactElement | null,
  { path = '/', initialEntries = [path], routes, session }: Options = {},
): RenderResult & { store: SessionStore; router: ReturnType<typeof createMemoryRouter> } {
  const store = createSessionStore(session);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(routes ?? [{ path, element: ui }], { initialEntries });
  const result = render(
    <TestMantine>
      <QueryClientProvider client={queryClient}>
        <SessionProvider store={store}>
          <RouterProvider router={router} />
        </SessionProvider>
      </QueryClientProvider>
    </TestMantine>,
  );
  return { ...result, store, router };
}
