// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/**
 * Find House: vacant, ready houses of agencies that choose to publish them,
 * for anyone to browse without signing in. Only what a house hunter needs
 * travels: never a tenant, a landlord or an agency's own records.
 */
export const FIND_HOUSE_MESSAGES = {
  none: 'No vacant houses match. Try a wider search.',
  failed: 'Cannot get houses. Try again later',
  saved: 'Find House listing saved',
  rentRange: 'The lowest rent must not be above the highest',
} as const;
