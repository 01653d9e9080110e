/** A message table's plain texts; entries built by functions become catalogue entries with placeholders instead. */
export type StringsOf<T> = { [K in keyof T as T[K] extends string ? K : never]: string };

export function stringsOf<T extends object>(table: T): StringsOf<T> {
  return Object.fromEntries(
    Object.entries(table).filter(([, value]) => typeof value === 'string'),
  ) as StringsOf<T>;
}
