/**
 * Git merge-conflict markers in a JSON file (a lockfile both branches re-locked): a reader that
 * only says "unexpected character" sends people looking for a typo.
 *
 * @module
 */

/**
 * The 1-based line of the first `<<<<<<<` conflict marker at the start of a line, if any.
 *
 * @param text The file content.
 * @returns The line number, or undefined when there is no marker.
 * @example conflictMarkerLine('{\n<<<<<<< HEAD\n') // 2
 */
export function conflictMarkerLine(text: string): number | undefined {
  const marker = /^<{7}(?: |\r?$)/m.exec(text);
  return marker ? text.slice(0, marker.index).split('\n').length : undefined;
}
