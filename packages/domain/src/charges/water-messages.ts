// SPEC's words apart from the schemas that use them: the catalogues import these
// without taking zod and the schemas onto the web app's first page.

/** The water line the ledger writes, one unit or many; the catalogues translate it where it is shown. */
export const WATER_LINE = {
  one: 'Water: {{units}} unit × Ksh {{price}} ({{from}} → {{to}})',
  other: 'Water: {{units}} units × Ksh {{price}} ({{from}} → {{to}})',
} as const;

export const WATER_MESSAGES = {
  monthInvalid: 'Choose a month (YYYY-MM)',
  readingInvalid: 'A reading is a whole number of units, 0 or more',
  belowPrevious: (house: string, previous: number) =>
    `House ${house}: the reading is below the previous one (${previous.toLocaleString('en-KE')}). Mark it as a meter replacement with the new meter's start reading.`,
  startRequired: (house: string) => `House ${house}: a replaced meter needs its start reading.`,
  firstReading: (house: string) =>
    `House ${house}: this meter has no earlier reading. Give its start reading.`,
  startAboveReading: (house: string) => `House ${house}: the new meter's start reading is above its reading.`,
  confirmHigh: (house: string, units: number, average: number) =>
    `House ${house}: ${units.toLocaleString('en-KE')} units is over three times its average (${average.toLocaleString('en-KE')}). Confirm it to save.`,
  noTariff: 'Set the water tariff of this property first',
  tariffSaved: 'Water tariff saved',
  saved: (count: number) => `${count} ${count === 1 ? 'reading' : 'readings'} saved`,
  alreadyConfirmed: "This month's readings are already confirmed and charged.",
  confirmed: (count: number, amount: string) =>
    `Water charged to ${count} ${count === 1 ? 'tenancy' : 'tenancies'}: ${amount}`,
  houseNotFound: 'House not found on this property',
  nothingToConfirm: 'No reading to confirm for this month.',
  csvHeader: 'The file needs a House column and a Reading column (and may have Start reading).',
  csvUnknownHouse: (row: number, house: string) => `Row ${row}: no house ${house} on this property.`,
  csvBadReading: (row: number) => `Row ${row}: a reading is a whole number of units, 0 or more.`,
  csvEmpty: 'The file has no readings.',
  priceAboveZero: 'Enter a price above zero',
  readingsRequired: 'Type at least one reading',
} as const;
