/**
 * What any text the API takes must be, whatever the field: no control
 * characters (a NUL byte cannot even be stored) and no more than a page of
 * text. Fields set tighter limits of their own; these hold for every string,
 * so a field someone forgets to bound still cannot reach the database.
 */
export const TEXT_LIMITS = {
  /** The longest string any field takes. Indexed fields are bounded far below this. */
  maxLength: 2_000,
  /** Longest email address (RFC 5321 path limit). */
  emailMax: 254,
} as const;

// C0 controls except tab, line feed and carriage return; DEL; C1 controls.
// eslint-disable-next-line no-control-regex -- the point of the pattern
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/;

export const TEXT_MESSAGES = {
  controlCharacters: 'Text may not contain control characters',
  tooLong: `Text is too long (at most ${TEXT_LIMITS.maxLength} characters)`,
  lineBreaks: 'Text may not contain line breaks',
} as const;

/** Why a text is refused, or null when it is acceptable anywhere. */
export function textProblem(value: string): string | null {
  if (CONTROL_CHARACTERS.test(value)) return TEXT_MESSAGES.controlCharacters;
  if (value.length > TEXT_LIMITS.maxLength) return TEXT_MESSAGES.tooLong;
  return null;
}

/** One-line fields (names, emails, phone numbers) take no line breaks or tabs either. */
export function isSingleLine(value: string): boolean {
  return !/[\t\n\r\u2028\u2029]/.test(value);
}
