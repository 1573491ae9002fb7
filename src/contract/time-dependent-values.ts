/**
 * Values in a listing that look computed from the time the server listed them: a schema default
 * set when the server starts (`z.string().default(new Date().toISOString())`, as @currents/mcp
 * 2.1.1 writes its `to`, and `from` 30 days before it). Such a listing differs on every run, so
 * `check` reports drift each time although nothing was changed by anyone. The lockfile records
 * them as listed (they are the contract); this only finds them, so that a warning can say why.
 *
 * @module
 */
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ContractSet } from './types.ts';

/** A value found: the tool, where in it (`inputSchema $.properties.to.default`), and the value. */
export interface TimeDependentValue {
  tool: string;
  where: string;
  value: string;
  /** How it relates to the run's time: `now`, `today` or `30 days before now`. */
  relation: string;
}

const MINUTE = 60_000;
const DAY = 86_400_000;
/** How far from the run's time a value computed at the server's start may be (a slow start, a long listing). */
const NEAR = 15 * MINUTE;
/** How many days before or after the run a value computed from it (`now - 30 days`) may name. */
const MAX_DAYS = 400;

/** An ISO 8601 date-time with a zone (`2026-12-06T11:45:32.033Z`, `…+01:00`), or a date alone. */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A date or date-time standing in a text, not inside a longer run of digits. */
const DATE_IN_TEXT = /(?<![\d.:-])\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?(?![\d:.]*\d)/g;

/**
 * How a string relates to the time `now`, when it looks computed from it: a date-time within 15
 * minutes of now (`now`); one a whole number of days (up to 400) away at the same time of day
 * within 15 minutes and written to the millisecond, as `new Date(now - 30 * DAY).toISOString()`
 * is and a date written by hand is not (`30 days before now`); the date of today in UTC (`today`).
 *
 * @param value The string.
 * @param now The run's time (ms since the epoch).
 * @returns The relation, or undefined.
 * @example timeRelation('2026-12-06T11:45:32.033Z', Date.parse('2026-12-06T11:45:40Z')) // 'now'
 */
export function timeRelation(value: string, now: number): string | undefined {
  const m = DATE_TIME.exec(value);
  if (m === null) return undefined;
  if (m[4] === undefined) return value === new Date(now).toISOString().slice(0, 10) ? 'today' : undefined;
  if (m[8] === undefined) return undefined; // no zone: local time of an unknown place
  const t = Date.parse(value);
  if (Number.isNaN(t)) return undefined;
  if (Math.abs(t - now) <= NEAR) return 'now';
  // To the millisecond (three digits or more), a whole number of days away.
  if ((m[7]?.length ?? 0) < 4) return undefined;
  const days = Math.round((t - now) / DAY);
  if (days === 0 || Math.abs(days) > MAX_DAYS || Math.abs(t - now - days * DAY) > NEAR) return undefined;
  return `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'} ${days < 0 ? 'before' : 'after'} now`;
}

/** Each string of a JSON value with its path (`$.properties.to.default`). */
function* strings(value: JsonValue | undefined, path: string): Generator<[string, string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (let i = 0; i < value.length; i++) yield* strings(value[i], `${path}[${i}]`);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) yield* strings(v, /^[A-Za-z_$][\w$]*$/.test(k) ? `${path}.${k}` : `${path}[${JSON.stringify(k)}]`);
  }
}

/**
 * The values of a contract set that look computed from the time it was listed ({@link timeRelation}):
 * in each tool's description, input schema, actions' input schemas and output schema.
 *
 * @param set The contract set.
 * @param now The run's time (ms since the epoch).
 * @returns The values found, by tool name (code-unit order) and place.
 * @example timeDependentValues(set, Date.now()) // [{ tool: 'perf', where: 'inputSchema $.properties.to.default', value: '2026-…Z', relation: 'now' }]
 */
export function timeDependentValues(set: ContractSet, now: number): TimeDependentValue[] {
  const found: TimeDependentValue[] = [];
  const names = Object.keys(set.tools).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const tool of names) {
    const c = set.tools[tool]!;
    // An action's schema that is the tool's own (a single action `default`, or each value of an
    // `action` enum) is not named again. The tool's is written once: a server's enum of thousands
    // of actions would otherwise write the whole schema twice per action.
    const own = JSON.stringify(c.surface.inputSchema);
    const places: [string, JsonValue | undefined][] = [
      ['description', c.surface.description],
      ['inputSchema', c.surface.inputSchema],
      ...Object.entries(c.surface.actions)
        .filter(([, a]) => a.inputSchema !== undefined && a.inputSchema !== c.surface.inputSchema && JSON.stringify(a.inputSchema) !== own)
        .map(([key, a]): [string, JsonValue | undefined] => [`action ${JSON.stringify(key)} inputSchema`, a.inputSchema]),
      ['outputSchema', c.behavior.outputSchema],
    ];
    const seen = new Set<string>();
    for (const [place, value] of places) {
      for (const [path, text] of strings(value, '$')) {
        // The string itself, or a date in its text ("Results up to 2026-12-06T11:45:32Z").
        for (const s of text.match(DATE_IN_TEXT) ?? []) {
          const relation = timeRelation(s, now);
          const where = place === 'description' ? 'description' : `${place} ${path}`;
          if (relation === undefined || seen.has(`${s}\n${where}`)) continue;
          seen.add(`${s}\n${where}`);
          found.push({ tool, where, value: s, relation });
        }
      }
    }
  }
  return found;
}
