import {
  emptySession,
  emptyUserSpace,
  type Session,
  type SessionState,
  type UserSpace,
} from './session-types';

export type SessionStore = {
  getState: () => SessionState;
  subscribe: (listener: () => void) => () => void;
  setSession: (patch: Partial<Session>) => void;
  setUserSpace: (patch: Partial<UserSpace>) => void;
  clear: () => void;
};

/** A tiny external store, readable outside React (the api client needs the token). */
export function createSessionStore(initial?: Partial<SessionState>): SessionStore {
  let state: SessionState = {
    session: { ...emptySession(), ...initial?.session },
    userSpace: { ...emptyUserSpace(), ...initial?.userSpace },
  };
  const listeners = new Set<() => void>();
  const set = (next: SessionState) => {
    state = next;
    listeners.forEach((listener) => listener());
  };

  return {
    getState: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    setSession: (patch) => set({ ...state, session: { ...state.session, ...patch } }),
    setUserSpace: (patch) => set({ ...state, userSpace: { ...state.userSpace, ...patch } }),
    clear: () => set({ session: emptySession(), userSpace: emptyUserSpace() }),
  };
}

export const sessionStore = createSessionStore();
