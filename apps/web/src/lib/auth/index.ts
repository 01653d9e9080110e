export { endPreviousSessionRequest } from './auth-api';
export { installAuthHandlers } from './auth-handlers';
export { isIncompleteSession, login, logout, reauthenticate, restoreSession } from './session-actions';
export { forgetSessionEnded, isSessionEnded, markSessionEnded, useSessionEnded } from './session-ended';
