/**
 * A cookie the page can read, set and cleared with the httpOnly refresh
 * cookie: without it there is no session to restore, so an anonymous visit
 * skips the refresh call (and its 401). It holds no secret.
 */
export const SESSION_MARKER_COOKIE = 'makazi_signed_in';
