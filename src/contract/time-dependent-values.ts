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

/**
 * An ISO 8601 date-time with or without a zone (`2026-12-06T11:45:32.033Z`, `…+01:00`, a local
 * `2026-12-06T20:45:32.033` or Python's `2026-12-06 20:45:32.033123`), or a date alone.
 */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** A date written with slashes or dots, as local date formats write it: `2026/12/6`, `12/6/2026`, `6.12.2026`. */
const NUMERIC_DATE = /^(\d{1,4})([/.])(\d{1,2})\2(\d{1,4})$/;

/** A date or date-time standing in a text, not inside a longer run of digits. */
const DATE_IN_TEXT = /(?<![\d.:/-])(?:\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})?)?|\d{4}\/\d{1,2}\/\d{1,2}|\d{1,2}([/.])\d{1,2}\1\d{4})(?![\d:./]*\d)/g;

/** An English month name, full or abbreviated (`Dec`, `Dec.`, `December`, `Sept`). */
const MONTH = '(Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?)\\.?';

/**
 * A date with its month named, as code writes today's date in words: JavaScript's
 * `toUTCString()` (`Sun, 06 Dec 2026 18:15:00 GMT`, the form of RFC 7231 and RFC 2822),
 * `toString()` and `toDateString()` (`Sun Dec 06 2026`), `toLocaleDateString('en-US', { dateStyle:
 * 'long' })` (`December 6, 2026`), `en-GB` (`6 December 2026`), Python's `strftime('%d %b %Y')`.
 * Day then month (group 1, 2) or month then day (group 3, 4), then the year (group 5).
 */
const NAMED_DATE = new RegExp(`^(?:(\\d{1,2})(?:st|nd|rd|th)? ${MONTH}|${MONTH} (\\d{1,2})(?:st|nd|rd|th)?,?) (\\d{4})$`, 'i');
const NAMED_DATE_IN_TEXT = new RegExp(`(?<![\\w.])(?:\\d{1,2}(?:st|nd|rd|th)? ${MONTH}|${MONTH} \\d{1,2}(?:st|nd|rd|th)?,?) \\d{4}(?![\\w.]*\\d)`, 'gi');

/**
 * A date in Chinese and Japanese writing: `2026年12月6日` (`toLocaleDateString('ja-JP', {
 * dateStyle: 'long' })`, `zh-CN`), and Korean `2026년 12월 6일` (`ko-KR`).
 */
const CJK_DATE = /^(\d{4})\s*[年년]\s*(\d{1,2})\s*月\s*(\d{1,2})\s*[日일]$/;
const CJK_DATE_IN_TEXT = /(?<!\d)\d{4}\s*[年년]\s*\d{1,2}\s*[月월]\s*\d{1,2}\s*[日일]/g;

/** The ISO date of a date with its month named ({@link NAMED_DATE}) or in CJK writing ({@link CJK_DATE}), if it is one. */
function wordDate(value: string): string | undefined {
  const named = NAMED_DATE.exec(value);
  if (named !== null) {
    const month = named[2] ?? named[3]!;
    const index = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'].indexOf(month.slice(0, 3).toLowerCase());
    return isoDate(+named[5]!, index + 1, +(named[1] ?? named[4]!));
  }
  const cjk = CJK_DATE.exec(value.replaceAll('월', '月'));
  return cjk === null ? undefined : isoDate(+cjk[1]!, +cjk[2]!, +cjk[3]!);
}

/**
 * The UTC offsets of the places a server may run in: UTC−11 (American Samoa) to UTC+14 (Kiribati),
 * in quarter hours (Nepal is UTC+05:45). UTC−12 is left out: no one lives there, and with it a
 * date that is only yesterday's would count until noon UTC.
 */
const OFFSETS: readonly number[] = Array.from({ length: (11 + 14) * 4 + 1 }, (_, i) => (i - 11 * 4) * 15 * MINUTE);
/**
 * How far from the run's time, at one of {@link OFFSETS}, a local date-time (no zone) may be to
 * count as `now`: offsets a quarter hour apart fit every time of day within 7.5 minutes, so the
 * window must be far tighter than {@link NEAR}.
 */
const NEAR_LOCAL = 2 * MINUTE;

/** `UTC`, `UTC+09:00`, `UTC-07:00`. */
function offsetName(offset: number): string {
  if (offset === 0) return 'UTC';
  const minutes = Math.abs(offset) / MINUTE;
  return `UTC${offset < 0 ? '-' : '+'}${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** `YYYY-MM-DD` of year, month, day when they make a date, else undefined. */
function isoDate(year: number, month: number, day: number): string | undefined {
  if (month < 1 || month > 12 || day < 1 || day > 31) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return undefined;
  return d.toISOString().slice(0, 10);
}

/**
 * The ISO dates a date written with slashes or dots may mean: year first (`2026/12/6`), else the
 * year last, read month first (`12/6/2026`) and day first (`6/12/2026`, `6.12.2026`).
 */
function numericDates(value: string): string[] {
  const m = NUMERIC_DATE.exec(value);
  if (m === null) return [];
  const [a, b, c] = [m[1]!, m[3]!, m[4]!];
  const dates = a.length === 4 ? [isoDate(+a, +b, +c)] : c.length === 4 ? [isoDate(+c, +a, +b), isoDate(+c, +b, +a)] : [];
  return [...new Set(dates.filter((d): d is string => d !== undefined))];
}

/**
 * How a date relates to the time `now`: the date of today in UTC (`today`), or in a time zone
 * ahead of or behind UTC where it is today (a server started in Tokyo or Los Angeles writes its
 * own date), from a quarter hour before now (a value set at the server's start).
 */
function dateRelation(date: string, now: number): string | undefined {
  const utc = new Date(now).toISOString().slice(0, 10);
  // Today in UTC now, or when the server started (before midnight, listed after it).
  if (date === utc || date === new Date(now - NEAR).toISOString().slice(0, 10)) return 'today';
  for (const start of [now, now - NEAR]) {
    for (const offset of OFFSETS) {
      if (new Date(start + offset).toISOString().slice(0, 10) === date) return `today in a time zone ${date > utc ? 'ahead of' : 'behind'} UTC`;
    }
  }
  return undefined;
}

/**
 * How a string relates to the time `now`, when it looks computed from it: a date-time within 15
 * minutes of now (`now`); one a whole number of days (up to 400) away at the same time of day
 * within 15 minutes and written to the millisecond, as `new Date(now - 30 * DAY).toISOString()`
 * is and a date written by hand is not (`30 days before now`); the date of today in UTC (`today`)
 * or in a time zone where it is today (`today in a time zone ahead of UTC`), also written as local
 * date formats write it (`2026/12/6`, `12/6/2026`, `6.12.2026`); a local date-time without a zone,
 * to the second and not on a whole minute, within 2 minutes of now at some zone's offset (`now in
 * UTC+09:00`: `datetime.now().isoformat()` of a server in Tokyo).
 *
 * @param value The string.
 * @param now The run's time (ms since the epoch).
 * @returns The relation, or undefined.
 * @example timeRelation('2026-12-06T11:45:32.033Z', Date.parse('2026-12-06T11:45:40Z')) // 'now'
 */
export function timeRelation(value: string, now: number): string | undefined {
  const m = DATE_TIME.exec(value);
  if (m === null) {
    const inWords = wordDate(value);
    if (inWords !== undefined) return dateRelation(inWords, now);
    for (const date of numericDates(value)) {
      const relation = dateRelation(date, now);
      if (relation !== undefined) return relation;
    }
    return undefined;
  }
  if (m[4] === undefined) return dateRelation(value, now);
  if (m[8] === undefined) return localRelation(m, now);
  const t = Date.parse(value.replace(' ', 'T'));
  if (Number.isNaN(t)) return undefined;
  if (Math.abs(t - now) <= NEAR) return 'now';
  // To the millisecond (three digits or more), a whole number of days away.
  if ((m[7]?.length ?? 0) < 4) return undefined;
  const days = Math.round((t - now) / DAY);
  if (days === 0 || Math.abs(days) > MAX_DAYS || Math.abs(t - now - days * DAY) > NEAR) return undefined;
  return `${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'} ${days < 0 ? 'before' : 'after'} now`;
}

/**
 * A local date-time (no zone) is the time of some place: `now in UTC+09:00` when, read at the
 * offset nearest to it, it is within {@link NEAR_LOCAL} of now. Only one to the second that is not
 * on a whole minute counts (`10:00:00` is as likely written by hand).
 */
function localRelation(m: RegExpExecArray, now: number): string | undefined {
  if (m[6] === undefined || (m[6] === '00' && !/[1-9]/.test(m[7] ?? ''))) return undefined;
  const ms = Number(((m[7] ?? '.0') + '000').slice(1, 4));
  const local = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, ms);
  if (isoDate(+m[1]!, +m[2]!, +m[3]!) === undefined || Number.isNaN(local)) return undefined;
  let best: number | undefined;
  for (const offset of OFFSETS) if (best === undefined || Math.abs(local - offset - now) < Math.abs(local - best - now)) best = offset;
  return best !== undefined && Math.abs(local - best - now) <= NEAR_LOCAL ? `now in ${offsetName(best)}` : undefined;
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
        for (const s of [...(text.match(DATE_IN_TEXT) ?? []), ...(text.match(NAMED_DATE_IN_TEXT) ?? []), ...(text.match(CJK_DATE_IN_TEXT) ?? [])]) {
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
