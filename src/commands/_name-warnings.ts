/**
 * The confusable-name warnings of `lock` and `check`: two tools (or two prompts) of the server
 * whose names a reader cannot tell apart (`caf\u00e9` written composed and decomposed, `read_file`
 * beside `re\u0430d_file` with a Cyrillic а, fullwidth letters) are locked as two distinct entries,
 * as listed; the lockfile is not changed, and the exit code neither. `scan` reports the same
 * groups as `surface.confusable-name` findings.
 *
 * @module
 */
import type { ContractSet } from '../contract/types.ts';
import { confusableNames, spellName } from '../scan/patterns/confusables.ts';
import type { Io } from './command.ts';

/**
 * One warning line per group of confusable tool or prompt names.
 *
 * @param set The contracts read from the source.
 * @param redact How output hides the secrets given to a live server this run.
 * @returns `warning: [surface.confusable-name] …` lines (empty when no names look alike).
 * @example confusableNameWarnings(set)[0] // 'warning: [surface.confusable-name] 2 tools look alike: "caf<U+00E9>", "cafe<U+0301>" …'
 */
export function confusableNameWarnings(set: ContractSet, redact?: (text: string) => string): string[] {
  const out: string[] = [];
  for (const [kind, names] of [['tool', Object.keys(set.tools)], ['prompt', Object.keys(set.prompts)]] as const) {
    for (const group of confusableNames(names)) {
      const shown = group.map((n) => `"${spellName(redact?.(n) ?? n)}"`).join(', ');
      out.push(`warning: [surface.confusable-name] ${group.length} ${kind}s look alike: ${shown} (the same once Unicode forms are made canonical, look-alike letters folded and invisible characters dropped); they are locked as ${group.length} distinct ${kind}s, as listed, but a model or a client that normalizes names may call one for another: rename all but one in the server (\`mcpfusion scan\` reports them as findings)`);
    }
  }
  return out;
}

/**
 * Write the confusable-name warnings to stderr, unless quiet.
 *
 * @param io Where stderr goes.
 * @param set The contracts read from the source.
 * @param quiet `--quiet`.
 * @param redact How output hides the secrets given to a live server this run.
 */
export function writeConfusableNameWarnings(io: Io, set: ContractSet, quiet: boolean, redact?: (text: string) => string): void {
  if (quiet) return;
  for (const line of confusableNameWarnings(set, redact)) io.stderr(`${line}\n`);
}

/**
 * Names as a list shows them: one that looks like another of the list spelled apart
 * ({@link spellName}), the rest as they are. mcp 2.3.0's MCPServer serving `café` composed and
 * decomposed was noted as `not scanned …: café, café, rtl` (servers23), two names a reader cannot
 * tell which is which.
 *
 * @param names The names, in the order shown.
 * @returns The names to print, in the same order.
 * @example namesShownApart(['caf\u00e9', 'cafe\u0301', 'rtl']) // ['caf<U+00E9>', 'cafe<U+0301>', 'rtl']
 */
export function namesShownApart(names: readonly string[]): string[] {
  const alike = new Set(confusableNames(names).flat());
  return names.map((n) => (alike.has(n) ? spellName(n) : n));
}
