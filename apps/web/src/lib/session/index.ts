export { SessionProvider, useSession, useSessionStore } from './session-context';
export { createSessionStore, sessionStore, type SessionStore } from './session-store';
export { emptySession, emptyUserSpace } from './session-types';
export type { Session, SessionState, UserSpace } from './session-types';
export { useWorkContext, workContextOf, type WorkContext } from './use-work-context';
export { sessionRoleList, type AllowedList } from './role-lists';
export { agentAccountsQuery, getAgentAccounts, useAgentAccounts } from './agent-accounts';
export { useSwitchSpace } from './use-switch-space';
export { ACCOUNTS_LOADING, WORK_ACCOUNT_LOCKED_NOTE } from './messages';
