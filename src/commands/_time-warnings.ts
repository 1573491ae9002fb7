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
  // Where they are: a description that holds the time (agent-orchestrator-mcp-server 0.8.11 writes
  // `**Current server time:** 2026-…Z (UTC)` into one; servers24) was said to be a schema default,
  // its drift an input schema change, and its authors asked to "describe it in words".
  const inDescription = found.filter((f) => f.where === 'description').length;
  const place = inDescription === found.length ? 'description' : inDescription === 0 ? 'schema' : 'both';
  const cause = { description: 'a time written into a tool\'s description when the server lists it, such as "Current server time: …"', schema: 'a schema default set when the server starts, such as new Date().toISOString()', both: 'schema defaults set when the server starts, such as new Date().toISOString(), or a time written into a description' }[place];
  const changed = { description: 'a description changed', schema: 'an input schema changed', both: 'an input schema or a description changed' }[place];
  const fix = { description: 'description (a tool can tell the time when called)', schema: 'schema (or describe it in words)', both: 'schema and the description' }[place];
  return `warning: the server lists ${plural(found.length, 'value')} in ${plural(tools.size, 'tool')} that look computed from the time it listed them ` +
    `(${cause}): ${each.join(', ')}${more}; they differ on every run, ` +
    `so the lockfile records this run's values and check reports the next run's as drift (${changed}). ` +
    `A value that depends on the time belongs in what the tool does when called, not in what it lists: ask the server's authors to leave it out of the ${fix}`;
}
