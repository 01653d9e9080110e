export { endPreviousSessionRequest } from './auth-api';
export { installAuthHandlers } from './auth-handlers';
export { isIncompleteSession, login, logout, refreshSession, restoreSession, startSession } from './session-actions';
