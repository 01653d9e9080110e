const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/**
 * The browser's local wall-clock time as 'YYYY-MM-DD HH:mm:ss', the "local
 * date-time" the client sends with log-in and log-out (for the record only).
 */
export function formatLocalDateTime(date: Date = new Date()): string {
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  );
}
