import { createContext, useContext, useSyncExternalStore, type ReactNode } from 'react';

import { sessionStore, type SessionStore } from './session-store';
import type { SessionState } from './session-types';

const SessionContext = createContext<SessionStore>(sessionStore);

export function SessionProvider({ store, children }: { store?: SessionStore; children: ReactNode }) {
  return <SessionContext value={store ?? sessionStore}>{children}</SessionContext>;
}

export function useSessionStore(): SessionStore {
  return useContext(SessionContext);
}

export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
