/**
 * The rows `read` returns for each chunk of `keys` (one statement a chunk keeps its bound parameters few), in
 * chunk order.
 */
export async function readInChunks<K, R>(
  keys: readonly K[],
  read: (chunk: K[]) => PromiseLike<R[]>,
  size = 500,
): Promise<R[]> {
  const rows: R[] = [];
  for (let i = 0; i < keys.length; i += size) rows.push(...(await read(keys.slice(i, i + size))));
  return rows;
}
