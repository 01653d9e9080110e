/** At most 100,000,000.00 Ksh in one entry (DESIGN.md §4). */
export const MAX_ENTRY_CENTS = 10_000_000_000;
