/**
 * The warning of `lock` and `check` about a listing that holds values computed from the time it
 * was listed ({@link timeDependentValues}): such a server's lockfile is never current for long,
 * and the drift `check` reports is only the clock. The lockfile records the values as listed and
 * the exit code is unchanged; the warning says why the drift comes and what would end it.
 *
 * @module
 */
import { timeDependentValues } from '../contract/time-dependent-values.ts';
import type { ContractSet } from '../contract/types.ts';
import { spellName } from '../scan/patterns/confusables.ts';
import { plural } from '../format/plural.ts';

/** How many values the warning names before it counts the rest. */
const SHOWN = 4;

/**
 * The warning line, or undefined when the listing holds no such value.
 *
 * @param set The contracts read from the source.
 * @param now The run's time (ms since the epoch).
 * @param redact How output hides the secrets given to a live server this run.
 * @returns `warning: the server lists values that look computed from the time it listed them …`.
 * @example timeDependentWarning(set, Date.now()) // 'warning: the server lists 2 values that look computed …'
 */
export function timeDependentWarning(set: ContractSet, now: number, redact?: (text: string) => string): string | undefined {
  const found = timeDependentValues(set, now);
  if (found.length === 0) return undefined;
  const tools = new Set(found.map((f) => f.tool));
  const each = found.slice(0, SHOWN).map((f) => `tool "${spellName(redact?.(f.tool) ?? f.tool)}" ${f.where} "${f.value}" (${f.relation})`);
  const more = found.length > SHOWN ? `, and ${found.length - SHOWN} more` : '';
  return `warning: the server lists ${plural(found.length, 'value')} in ${plural(tools.size, 'tool')} that look computed from the time it listed them ` +
    `(a schema default set when the server starts, such as new Date().toISOString()): ${each.join(', ')}${more}; they differ on every run, ` +
    'so the lockfile records this run\'s values and check reports the next run\'s as drift (an input schema changed). ' +
    'A value that depends on the time belongs in what the tool does when called, not in what it lists: ask the server\'s authors to leave it out of the schema (or describe it in words)';
}
