/**
 * The warning of `lock` about integers in a listing of 2^53 or more in magnitude ({@link impreciseNumbers}): the
 * lockfile records them as the nearest IEEE double, which need not be the digits the server wrote,
 * and a change in their last digits is no drift. The lockfile and the exit code are unchanged.
 *
 * @module
 */
import { impreciseNumbers } from '../contract/imprecise-numbers.ts';
import type { ContractSet } from '../contract/types.ts';
import { spellName } from '../scan/patterns/confusables.ts';
import { plural } from '../format/plural.ts';

/** How many values the warning names before it counts the rest. */
const SHOWN = 3;

/**
 * The warning line, or undefined when the listing holds no such integer.
 *
 * @param set The contracts read from the source.
 * @param redact How output hides the secrets given to a live server this run.
 * @returns `warning: the server lists 1 integer in 1 tool of 2^53 (9007199254740992) or more …`.
 * @example impreciseNumberWarning(set) // 'warning: the server lists 1 integer in 1 tool of 2^53 (9007199254740992) or more …'
 */
export function impreciseNumberWarning(set: ContractSet, redact?: (text: string) => string): string | undefined {
  const found = impreciseNumbers(set);
  if (found.length === 0) return undefined;
  const tools = new Set(found.map((f) => f.tool));
  const each = found.slice(0, SHOWN).map((f) => `tool "${spellName(redact?.(f.tool) ?? f.tool)}" ${f.where} ${String(f.value)}`);
  const more = found.length > SHOWN ? `, and ${found.length - SHOWN} more` : '';
  return `warning: the server lists ${plural(found.length, 'integer')} in ${plural(tools.size, 'tool')} of 2^53 (9007199254740992) or more in magnitude, where a JSON number ` +
    `is held only approximately: ${each.join(', ')}${more}. mcpfusion, as every JavaScript JSON reader, reads each as the nearest double, so the lockfile ` +
    'records that value, not necessarily the digits the server wrote (18446744073709551615, the largest unsigned 64-bit integer, is read as 18446744073709552000), ' +
    'and a change that rounds to the same double is no drift for check. To have such a bound locked exactly, ask the server\'s authors to leave it out ' +
    '(the range of a 64-bit type) or to write it as a string';
}
