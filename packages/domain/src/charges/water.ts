import { z } from 'zod';
import type { Cents } from '../money/money';
import { formatAmount } from '../money/money';
import { MoneyAmount } from '../properties/property';
import { WATER_LINE, WATER_MESSAGES } from './water-messages';
export { WATER_MESSAGES } from './water-messages';

const agentId = z.coerce.number({ error: 'A managing agent must be chosen' }).int().positive();
const month = z
  .string({ error: WATER_MESSAGES.monthInvalid })
  .regex(/^\d{4}-(0[1-9]|1[0-2])(-01)?$/, WATER_MESSAGES.monthInvalid)
  .transform((m) => `${m.slice(0, 7)}-01`);
// A meter's figure as printed or typed: '1,246' and '1 246' are 1246; blank is no number.
const units = z.preprocess(
  (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.replace(/[\s,]/g, '')) : v),
  z.coerce
    .number({ error: WATER_MESSAGES.readingInvalid })
    .int(WATER_MESSAGES.readingInvalid)
    .min(0, WATER_MESSAGES.readingInvalid)
    .max(999_999_999, WATER_MESSAGES.readingInvalid),
);

export const WaterTariffRequest = z.object({
  managingAgentId: agentId,
  PropId: z.coerce.number().int().positive(),
  UnitPrice: MoneyAmount('Price per unit is required').refine((c) => c > 0, WATER_MESSAGES.priceAboveZero),
  StandingCharge: MoneyAmount('Standing charge must be an amount').default(0),
  MinimumCharge: MoneyAmount('Minimum charge must be an amount').default(0),
  PassThrough: z.boolean().default(false),
});

export const WaterReadingsQuery = z.object({
  managingAgentId: agentId,
  propId: z.coerce.number().int().positive(),
  month,
});
export const SaveReadingsRequest = z.object({
  managingAgentId: agentId,
  PropId: z.coerce.number().int().positive(),
  Month: month,
  Readings: z
    .array(
      z.object({
        HouseId: z.coerce.number().int().positive(),
        Reading: units,
        /** A new meter: its start reading; consumption is from there. */
        Replaced: z.boolean().default(false),
        StartReading: units.nullable().optional(),
        /** Saves a consumption over three times the house's average. */
        Confirmed: z.boolean().default(false),
      }),
    )
    .min(1, WATER_MESSAGES.readingsRequired)
    .max(2000),
});
export const ConfirmReadingsRequest = z.object({
  managingAgentId: agentId,
  PropId: z.coerce.number().int().positive(),
  Month: month,
});

export const WaterHouse = z.object({
  HouseId: z.number(),
  House_number: z.string(),
  TenancyId: z.number().nullable(),
  Tenant_name: z.string().nullable(),
  Previous: z.number().nullable(),
  /** The house's average consumption of earlier months: over three times it asks for confirmation. */
  Average: z.number().nullable(),
  Reading: z.number().nullable(),
  StartReading: z.number().nullable(),
  Replaced: z.boolean(),
  Units: z.number().nullable(),
  Amount: z.number().nullable(),
  Charged: z.boolean(),
});
export const WaterReadings = z.object({
  Month: z.string(),
  Tariff: z
    .object({
      UnitPrice: z.number(),
      StandingCharge: z.number(),
      MinimumCharge: z.number(),
      PassThrough: z.boolean(),
    })
    .nullable(),
  Confirmed: z.boolean(),
  Houses: z.array(WaterHouse),
  /** Houses let this month without a reading: listed, never charged zero. */
  Missing: z.array(z.string()),
});
export type WaterReadings = z.infer<typeof WaterReadings>;
export const SaveReadingsResponse = z.object({ message: z.string(), saved: z.number() });
export const ConfirmReadingsResponse = z.object({
  message: z.string(),
  charged: z.number(),
  amount: z.number(),
  Missing: z.array(z.string()),
});

export interface Tariff {
  unitCents: Cents;
  standingCents: Cents;
  minimumCents: Cents;
}

/** A month's water for one house: units × price plus any standing charge, never below the minimum. */
export function waterAmount(consumed: number, t: Tariff): Cents {
  return Math.max(consumed * t.unitCents + t.standingCents, t.minimumCents);
}

/** The statement line: 'Water: 12 units × Ksh 150.00 (1,234 → 1,246)'. */
export function waterDetails(consumed: number, t: Tariff, from: number, to: number): string {
  const n = (v: number) => v.toLocaleString('en-KE');
  const values: Record<string, string> = { units: n(consumed), price: formatAmount(t.unitCents), from: n(from), to: n(to) };
  return (consumed === 1 ? WATER_LINE.one : WATER_LINE.other).replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name]!);
}

/** Over three times the house's average consumption (of earlier months) asks the clerk to confirm. */
export function needsConfirmation(consumed: number, average: number | null): boolean {
  return average !== null && average > 0 && consumed > 3 * average;
}

export interface CsvReading {
  HouseId: number;
  Reading: number;
  StartReading: number | null;
}

/** Splits one CSV line on commas outside double quotes (RFC 4180 quoting, as the exports write it). */
function cells(line: string): string[] {
  const out: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',' || ch === ';') {
      out.push(cell);
      cell = '';
    } else cell += ch;
  }
  out.push(cell);
  return out.map((c) => c.trim());
}

const wholeUnits = (text: string): number | null => {
  const plain = text.replace(/[\s,]/g, '');
  return /^\d{1,9}$/.test(plain) ? Number(plain) : null;
};

/**
 * A readings file: a header naming House and Reading (Start reading
 * optional), then one row per house, by house number. Answers the rows or
 * the first problem in words the clerk can act on; nothing is saved here.
 */
export function parseReadingsCsv(
  text: string,
  houses: { HouseId: number; House_number: string }[],
): { readings: CsvReading[] } | { error: string } {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((l) => l.trim() !== '');
  const header = (lines[0] ? cells(lines[0]) : []).map((h) => h.toLowerCase().replace(/[^a-z]/g, ''));
  const house = header.findIndex((h) => h === 'house' || h === 'housenumber' || h === 'houseno');
  const reading = header.findIndex((h) => h === 'reading' || h === 'newreading');
  const start = header.findIndex((h) => h === 'startreading' || h === 'start');
  if (house < 0 || reading < 0) return { error: WATER_MESSAGES.csvHeader };
  const byNumber = new Map(houses.map((h) => [h.House_number.trim().toLowerCase(), h.HouseId]));
  const readings: CsvReading[] = [];
  for (let i = 1; i < lines.length; i++) {
    const row = cells(lines[i]!);
    const number = row[house] ?? '';
    const houseId = byNumber.get(number.toLowerCase());
    if (houseId === undefined) return { error: WATER_MESSAGES.csvUnknownHouse(i + 1, number) };
    const value = wholeUnits(row[reading] ?? '');
    if (value === null) return { error: WATER_MESSAGES.csvBadReading(i + 1) };
    const startText = start < 0 ? '' : (row[start] ?? '');
    const startValue = startText === '' ? null : wholeUnits(startText);
    if (startText !== '' && startValue === null) return { error: WATER_MESSAGES.csvBadReading(i + 1) };
    readings.push({ HouseId: houseId, Reading: value, StartReading: startValue });
  }
  return readings.length ? { readings } : { error: WATER_MESSAGES.csvEmpty };
}
