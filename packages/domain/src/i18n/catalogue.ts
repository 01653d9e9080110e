import type { en } from './en';

type Shape<T> = { [K in keyof T]: T[K] extends string ? string : Shape<T[K]> };

/** Every language's catalogue has the English one's keys: the type checker refuses one that leaves a key out. */
export type Catalogue = Shape<typeof en>;

/** A catalogue's entries as dotted keys (`signIn.title`) with their texts. */
export function flattenCatalogue(catalogue: object, prefix = ''): Map<string, string> {
  const entries = new Map<string, string>();
  for (const [key, value] of Object.entries(catalogue)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') entries.set(path, value);
    else if (value && typeof value === 'object')
      for (const [k, v] of flattenCatalogue(value, path)) entries.set(k, v);
  }
  return entries;
}
