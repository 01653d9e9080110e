/**
 * A list read in batches by keyset until a batch comes back short: each batch
 * one short statement after the last row's key, so an export streams as it is
 * read and holds no transaction open.
 */
export async function* keysetBatches<Row, Key>(
  read: (after: Key | undefined) => Promise<Row[]>,
  keyOf: (last: Row) => Key,
  batch: number,
): AsyncGenerator<Row[]> {
  let after: Key | undefined;
  for (;;) {
    const rows = await read(after);
    if (rows.length > 0) yield rows;
    if (rows.length < batch) return;
    after = keyOf(rows.at(-1)!);
  }
}
