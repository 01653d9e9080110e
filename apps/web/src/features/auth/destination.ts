import type { Location } from 'react-router';

import { paths } from '../../config/paths';

/** Where to go after logging in or signing up: the page that sent the visitor here, else home. */
export function destination(state: unknown): { pathname: string; search?: string; state?: unknown } {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/')) return { pathname: from };
  if (from && typeof from === 'object' && typeof (from as Location).pathname === 'string') {
    const { pathname, search, state: fromState } = from as Location;
    return { pathname, search, state: fromState };
  }
  return { pathname: paths.home.getHref() };
}
