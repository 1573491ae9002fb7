/**
 * Binary search over anything sorted, in one place: the scanners and the schema diff look up
 * positions in sorted offsets, statements and names.
 *
 * @module
 */

/**
 * The first index in `[0, length)` at which `before(i)` is false, where `before` is true for a
 * prefix of the indexes and false after it (`length` when it is true everywhere): with
 * `(i) => list[i] < x` the lower bound of `x`, with `(i) => list[i] <= x` the upper bound.
 *
 * @param length How many indexes there are.
 * @param before Whether index `i` lies before the point sought.
 * @returns The partition point.
 * @example partitionPoint(4, (i) => [1, 3, 3, 7][i]! < 3) // 1
 */
export function partitionPoint(length: number, before: (i: number) => boolean): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (before(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
