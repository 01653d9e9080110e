import { describe, expect, it } from 'vitest';
import { SaveReadingsRequest, needsConfirmation, parseReadingsCsv, waterAmount, waterDetails } from './water';

const tariff = { unitCents: 15000, standingCents: 0, minimumCents: 0 };
const houses = [
  { HouseId: 1, House_number: 'A1' },
  { HouseId: 2, House_number: 'A2' },
];

describe('water', () => {
  it('charges units × price plus the standing charge, never below the minimum', () => {
    expect(waterAmount(12, tariff)).toBe(180000);
    expect(waterAmount(12, { ...tariff, standingCents: 5000 })).toBe(185000);
    expect(waterAmount(1, { ...tariff, minimumCents: 20000 })).toBe(20000);
    expect(waterAmount(0, tariff)).toBe(0);
  });

  it('writes the statement line with the readings it came from', () => {
    expect(waterDetails(12, tariff, 1234, 1246)).toBe('Water: 12 units × Ksh 150.00 (1,234 → 1,246)');
    expect(waterDetails(1, tariff, 0, 1)).toBe('Water: 1 unit × Ksh 150.00 (0 → 1)');
  });

  it('asks for confirmation only above three times a known average', () => {
    expect(needsConfirmation(31, 10)).toBe(true);
    expect(needsConfirmation(30, 10)).toBe(false);
    expect(needsConfirmation(500, null)).toBe(false);
    expect(needsConfirmation(5, 0)).toBe(false);
  });

  it('reads a readings file by house number, with an optional start reading, quotes and thousands separators', () => {
    const file = '\uFEFFHouse,Reading,Start reading\r\nA1,"1,246",\r\na2,30,12\r\n\r\n';
    expect(parseReadingsCsv(file, houses)).toEqual({
      readings: [
        { HouseId: 1, Reading: 1246, StartReading: null },
        { HouseId: 2, Reading: 30, StartReading: 12 },
      ],
    });
  });

  it('names the first problem of a file and loads nothing', () => {
    expect(parseReadingsCsv('Number,Value\nA1,3', houses)).toEqual({
      error: 'The file needs a House column and a Reading column (and may have Start reading).',
    });
    expect(parseReadingsCsv('House,Reading\nA1,3\nB9,4', houses)).toEqual({
      error: 'Row 3: no house B9 on this property.',
    });
    expect(parseReadingsCsv('House,Reading\nA1,-3', houses)).toEqual({
      error: 'Row 2: a reading is a whole number of units, 0 or more.',
    });
    expect(parseReadingsCsv('House,Reading\nA1,2.5', houses)).toEqual({
      error: 'Row 2: a reading is a whole number of units, 0 or more.',
    });
    expect(parseReadingsCsv('House,Reading\n', houses)).toEqual({ error: 'The file has no readings.' });
  });

  it('accepts typed readings with separators and refuses blanks and negatives', () => {
    const base = { managingAgentId: 1, PropId: 1, Month: '2026-11' };
    expect(
      SaveReadingsRequest.parse({ ...base, Readings: [{ HouseId: 1, Reading: '1,246' }] }).Readings[0]!
        .Reading,
    ).toBe(1246);
    expect(SaveReadingsRequest.safeParse({ ...base, Readings: [{ HouseId: 1, Reading: '' }] }).success).toBe(
      false,
    );
    expect(SaveReadingsRequest.safeParse({ ...base, Readings: [{ HouseId: 1, Reading: -1 }] }).success).toBe(
      false,
    );
  });
});
