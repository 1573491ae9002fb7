/**
 * The lookup every scanner builds over its capability rows: per source (a module, a package, a
 * global), the row of each listed member and the row matching every other member (a row without
 * `members`). A member or a fallback claimed by two rows is a mistake in the tables: it throws
 * when the module loads, so no lookup is ever ambiguous.
 *
 * @module
 */

/** The rows of one source. */
export interface SourceRows<P> {
  members: Map<string, P>;
  fallback?: P;
}

/**
 * Index rows by source and member.
 *
 * @param rows Capability rows (JavaScript, Python or Go).
 * @param language Named in the error for a doubly claimed member.
 * @returns Source → its member rows and fallback row.
 * @throws {Error} When two rows claim one member of a source, or two are its fallback.
 * @example
 * indexRowsBySource([{ sources: ['os'], members: ['system'] }], 'Python').get('os')?.members.has('system') // true
 */
export function indexRowsBySource<P extends { readonly sources: readonly string[]; readonly members?: readonly string[] }>(rows: Iterable<P>, language: string): Map<string, SourceRows<P>> {
  const index = new Map<string, SourceRows<P>>();
  for (const row of rows) {
    for (const source of row.sources) {
      let entry = index.get(source);
      if (entry === undefined) index.set(source, (entry = { members: new Map() }));
      if (row.members === undefined) {
        if (entry.fallback !== undefined) throw new Error(`Two fallback ${language} patterns for source "${source}"`);
        entry.fallback = row;
        continue;
      }
      for (const member of row.members) {
        if (entry.members.has(member)) throw new Error(`${language} member "${source}.${member}" is in two patterns`);
        entry.members.set(member, row);
      }
    }
  }
  return index;
}
