/** A day as dd/mm/yyyy on Nairobi's calendar: the same in English and Kiswahili. */
export function formatDay(iso: string | Date): string {
  return new Date(iso).toLocaleDateString('en-GB', {
    timeZone: 'Africa/Nairobi',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}
