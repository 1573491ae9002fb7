/**
 * How a source's warnings reach the user: one `warning: <text>` line each on stderr, none with
 * `--quiet`. Every command that reads a source or a saved `tools/list` (`lock`, `check`,
 * `digest`, each side of `diff` ...) writes them here, so a listing warns the same way wherever
 * it is read.
 *
 * @module
 */
import type { Io } from '../commands/command.ts';

/**
 * Write warnings to stderr, one line each, unless quiet.
 *
 * @param io Where stderr goes.
 * @param warnings The warnings (materialization's `onWarning` texts and the source's own notes).
 * @param quiet `--quiet`: write nothing.
 * @example writeWarnings(io, ['[annotations.hint-not-boolean] $.tools[0].annotations.readOnlyHint: …'], false)
 */
export function writeWarnings(io: Io, warnings: readonly string[], quiet: boolean): void {
  if (quiet) return;
  for (const w of warnings) io.stderr(`warning: ${w}\n`);
}
