/**
 * A cheap first look for `lock` and `check`: whether a server's names can hold a look-alike pair
 * at all, so that the confusable-name reader (`_name-warnings.ts`, with its look-alike tables)
 * is loaded only when it may find something.
 *
 * @module
 */

/** Printable ASCII only: NFKC keeps it, nothing in it draws nothing or is a look-alike of another script. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const ASCII_ALIKE_ALL = /[I10]/g;
/** Pairs of ASCII letters drawn like one: `rn` like `m`, `vv` like `w`. */
const PAIR_ALIKE = /rn|vv/g;

/**
 * Whether some group of names may hold two a reader cannot tell apart: a name outside printable
 * ASCII, or two different printable-ASCII names of one group that are the same once `I` and `1` read as `l`,
 * `0` as `O`, `rn` as `m` and `vv` as `w` (the only folding the confusable-name skeleton makes within printable ASCII).
 * When false, the confusable-name reader finds no group.
 *
 * @param groups The server's tool names, prompt names, … (names are compared within a group).
 * @returns False when no two names of a group can look alike.
 * @example namesMayLookAlike([['list', 'get']]) // false
 * @example namesMayLookAlike([['list', 'Iist']]) // true
 * @example namesMayLookAlike([['search_documents', 'search_docurnents']]) // true
 */
export function namesMayLookAlike(groups: Iterable<readonly string[]>): boolean {
  for (const names of groups) {
    const seen = new Map<string, string>();
    for (const name of names) {
      if (!PRINTABLE_ASCII.test(name)) return true;
      const folded = name.replace(ASCII_ALIKE_ALL, (c) => (c === '0' ? 'O' : 'l')).replace(PAIR_ALIKE, (p) => (p === 'rn' ? 'm' : 'w'));
      const first = seen.get(folded);
      if (first === undefined) seen.set(folded, name);
      else if (first !== name) return true;
    }
  }
  return false;
}
