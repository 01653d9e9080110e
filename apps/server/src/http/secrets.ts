/**
 * The path segments that are secrets by themselves: whoever holds one opens a
 * tenant's page (and Pay now), accepts a landlord's invitation, or posts
 * Daraja and Africa's Talking callbacks. A log reader must never see them.
 */
const SECRET_SEGMENTS = [
  /(\/t\/)[^/?#\s]+/g,
  /(\/landlord-invite\/)[^/?#\s]+/g,
  /(\/mpesa\/c2b\/)[^/?#\s]+/g,
  /(\/mpesa\/stk\/)[^/?#\s]+(?=\/callback)/g,
  /(\/sms\/delivery\/)[^/?#\s]+/g,
];

export const REDACTED = '[redacted]';

/** The text with every secret path segment (in a URL or a link in a message) replaced by [redacted]. */
export function withoutSecrets(text: string): string {
  let out = text;
  for (const pattern of SECRET_SEGMENTS) out = out.replace(pattern, `$1${REDACTED}`);
  return out;
}
