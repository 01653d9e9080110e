/** `%text%` for ILIKE, with the pattern's own characters (\ % _) taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
