/** At most 100,000,000.00 Ksh in one entry (docs/money.md#amounts). */
export const MAX_ENTRY_CENTS = 10_000_000_000;
