import { z } from 'zod';

/** A calendar day as the API writes it: 'YYYY-MM-DD'. */
export const CALENDAR_DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Whether 'YYYY-MM-DD' names a day that exists: 2025-02-30, 2025-04-31 and
 * 2025-13-01 have the shape but no day, and reached the database (a 500) or
 * rolled into the next month (a run dated 2 March for "30 February").
 * Year 0 does not exist in PostgreSQL's calendar either.
 */
export function isCalendarDay(text: string): boolean {
  if (!CALENDAR_DAY_PATTERN.test(text) || text.startsWith('0000')) return false;
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/**
 * Every date field of the API: the shape (which the OpenAPI document shows as
 * its pattern) and a day that exists, refused with the field's own message.
 */
export const calendarDay = (message: string) =>
  z
    .string({ error: message })
    .regex(CALENDAR_DAY_PATTERN, message)
    // Only a well-shaped text is checked again, so a malformed one carries its message once.
    .refine((text) => !CALENDAR_DAY_PATTERN.test(text) || isCalendarDay(text), message);
