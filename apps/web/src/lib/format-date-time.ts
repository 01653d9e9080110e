import dayjs from 'dayjs';

/** A server timestamp shown in the browser's local time; text that is not a date is shown as it came. */
export function formatDateTime(value: string): string {
  const date = dayjs(value);
  return date.isValid() ? date.format('DD/MM/YYYY HH:mm') : value;
}
