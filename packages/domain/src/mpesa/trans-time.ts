/** East Africa Time is UTC+3 all year (no daylight saving). */
const EAT_OFFSET_MS = 3 * 60 * 60 * 1000;

function eastAfricaInstant(y: number, mo: number, d: number, h: number, mi: number, s: number): Date | null {
  const utc = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(utc);
  // Refuse 31 February and the like instead of rolling over into March.
  if (
    check.getUTCFullYear() !== y ||
    check.getUTCMonth() !== mo - 1 ||
    check.getUTCDate() !== d ||
    h > 23 ||
    mi > 59 ||
    s > 59
  )
    return null;
  return new Date(utc - EAT_OFFSET_MS);
}

/** Daraja's TransTime, `YYYYMMDDHHmmss` in East Africa Time, as an instant; null when it is not one. */
export function parseTransTime(text: unknown): Date | null {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})$/.exec(String(text ?? '').trim());
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map(Number) as [number, number, number, number, number, number];
  return eastAfricaInstant(y, mo, d, h, mi, s);
}

/** '20250105093000' (Nairobi time, as M-Pesa spells it) → '05/01/2025 09:30', the app's one day format; other text as it came. */
export function transTimeText(t: string): string {
  return t.replace(/^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})\d{2}$/, '$3/$2/$1 $4:$5');
}

/** An instant as Daraja spells TransTime. */
export function formatTransTime(instant: Date): string {
  return new Date(instant.getTime() + EAT_OFFSET_MS).toISOString().replace(/\D/g, '').slice(0, 14);
}

/**
 * A statement's Completion Time in East Africa Time: `2024-01-15 14:23:11`
 * (the portal's CSV), `15-01-2024 14:23:11` or `15/01/2024 14:23[:11]` (the
 * same file after a spreadsheet saved it).
 */
export function parseCompletionTime(text: string): Date | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (iso) return eastAfricaInstant(+iso[1]!, +iso[2]!, +iso[3]!, +iso[4]!, +iso[5]!, +(iso[6] ?? 0));
  const dmy = /^(\d{1,2})[-/](\d{1,2})[-/](\d{4}) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(t);
  if (dmy) return eastAfricaInstant(+dmy[3]!, +dmy[2]!, +dmy[1]!, +dmy[4]!, +dmy[5]!, +(dmy[6] ?? 0));
  return null;
}

/** A calendar day `YYYY-MM-DD` in Nairobi: the instant it starts. */
export function startOfEastAfricaDay(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - EAT_OFFSET_MS);
}
