export { endPreviousSessionRequest } from './auth-api';
export { installAuthHandlers } from './auth-handlers';
export { isIncompleteSession, login, logout, reauthenticate, refreshSession, restoreSession, startSession } from './session-actions';
export { endsSession, forgetSessionEnded, isSessionEnded, markSessionEnded, useSessionEnded } from './session-ended';
