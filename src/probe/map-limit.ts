/**
 * Bounded concurrency: run an async function over items with at most `limit` running at once.
 *
 * @module
 */

/**
 * Run `fn` over `items`, at most `limit` at a time, and collect the results in input order.
 *
 * @param items The items.
 * @param limit Maximum calls running at once (at least 1).
 * @param fn The work for one item (gets the item and its index).
 * @returns The results in input order (rejects with the first error; the other calls still finish).
 * @example await mapLimit([1, 2, 3], 2, async (n) => n * 2) // [2, 4, 6]
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  let firstError: { error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        firstError ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  if (firstError) throw firstError.error;
  return results;
}
