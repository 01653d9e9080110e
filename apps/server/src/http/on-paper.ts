/**
 * The standard PDF fonts write only Windows-1252: a water line's arrow
 * ("1,234 → 1,246") came out as "!" (and "!’" in some viewers). Drawn as
 * "->", the readings stay readable on every paper that prints ledger words.
 */
export const onPaper = (text: string) => text.replace(/→/g, '->');
