// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/** Why a receipt notice is not tried again: shown on the notices screen as the provider's or our reason. */
export const UNDELIVERABLE_REASONS = {
  badNumber: 'The phone number cannot receive SMS',
  badEmail: 'The email address is not a valid address',
  refused: 'The provider refused it for good',
} as const;

export const NOTICE_MESSAGES = {
  resent: 'The notice will be sent again in a moment.',
  alreadySent: 'That notice has already been sent.',
  sending: 'That notice is being sent right now.',
} as const;
