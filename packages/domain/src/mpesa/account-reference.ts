/**
 * How the account number a tenant types on the paybill is read. Matched in
 * order, case- and space-insensitively (docs/decisions/007-mpesa-paybill.md):
 *   1. the tenancy id (`5012`);
 *   2. `{property code}-{house number}`, where the property code is the
 *      property's PropId as the app shows it (`101-A4`);
 *   3. the house number alone, when exactly one house of the agency has it (`A4`).
 * The server runs the same rule in SQL; this is the one spelling of the key.
 */
export function normalizeAccountReference(typed: string): string {
  return typed.replace(/\s+/g, '').toUpperCase();
}

/** The account number to give a tenant of house `houseNumber` in property `propId`. */
export function accountNumberFor(propId: number, houseNumber: string): string {
  return normalizeAccountReference(`${propId}-${houseNumber}`);
}
