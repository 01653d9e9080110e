export { SessionProvider, useSession, useSessionStore } from './session-context';
export { createSessionStore, sessionStore, type SessionStore } from './session-store';
export { emptySession, emptyUserSpace } from './session-types';
export type { Session, SessionState, UserSpace } from './session-types';
export { useWorkContext, type WorkContext } from './use-work-context';
