import { z } from 'zod';
import { LIMITS } from '../constants/limits';
import { isSingleLine, TEXT_LIMITS, TEXT_MESSAGES } from './text';
import { EMAIL_MESSAGES } from './fields-messages';
export { EMAIL_MESSAGES } from './fields-messages';

/** Letters/digits/._%+- then @ then a domain with a 2-4 letter ending. */
export const EMAIL_PATTERN = /^[a-zA-Z0-9._%+-]+@[a-zA-Z0-9.-]+\.[a-zA-Z]{2,4}$/;
export const PHONE_PATTERN = new RegExp(`^\\d{${LIMITS.phoneDigits}}$`);

/** Emails are compared and stored lower-case and trimmed. */
export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function emailField(messages: { required: string; invalid: string } = EMAIL_MESSAGES) {
  return z
    .string({ error: messages.required })
    .trim()
    .min(1, messages.required)
    .max(TEXT_LIMITS.emailMax, messages.invalid)
    .regex(EMAIL_PATTERN, messages.invalid);
}

/**
 * People write Kenyan numbers as "0722 555 111", "0722-555-111" or "+254 722 555 111";
 * all of them are the one stored form 0722555111, so a search or a duplicate check finds it.
 */
export function normalisePhone(raw: string): string {
  const compact = raw.trim().replace(/[\s-]/g, '');
  return /^\+?254\d{9}$/.test(compact) ? `0${compact.slice(-9)}` : compact;
}

/** The one phone rule: normalised, then exactly LIMITS.phoneDigits digits. */
export function phoneNumber(invalid = 'Please enter valid phone number') {
  return z.string({ error: invalid }).overwrite(normalisePhone).regex(PHONE_PATTERN, invalid);
}

export function phoneField(required = 'Phone No is required', invalid = 'Please enter valid phone number') {
  return z
    .string({ error: required })
    .trim()
    .min(1, required)
    .overwrite(normalisePhone)
    .regex(PHONE_PATTERN, invalid);
}

export function nameField(message = 'Name is required') {
  return z
    .string({ error: message })
    .trim()
    .min(1, message)
    .max(60, 'Name is too long')
    .refine(isSingleLine, TEXT_MESSAGES.lineBreaks);
}
