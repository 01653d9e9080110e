// Loaded on demand (see auth-api.ts and session/agent-accounts.ts).
export { AgentAccountsOfUser, AuthResponse } from '@makazi/domain';
