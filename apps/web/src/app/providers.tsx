import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';

import { SessionProvider, type SessionStore } from '../lib/session';
import { NotificationsOnDemand } from './notifications-on-demand';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, useLocalTheme } from './theme';

type AppProvidersProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  sessionStore?: SessionStore;
};

export function AppProviders({ children, queryClient, sessionStore }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const theme = useLocalTheme();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <NotificationsOnDemand />
      <QueryClientProvider client={client}>
        <SessionProvider store={sessionStore}>{children}</SessionProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
