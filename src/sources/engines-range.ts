/**
 * An npm version range (a package.json `engines.node`) read into intervals of release versions,
 * to tell whether the Node.js a server ran on is below what its package asks for. The grammar is
 * npm's (node-semver's): `||` alternatives of space-separated comparators (`<`, `<=`, `>`, `>=`,
 * `=`, a bare version), X-ranges (`20`, `20.x`, `20.5.*`, `*`, empty), tilde (`~20.5`, `~>20.5`),
 * caret (`^22`, `^0.2.3`) and hyphen ranges (`20.5 - 22`), a leading `v`, a space after an
 * operator (`>= 20.5`). Prerelease tags on a comparator are read for release versions only
 * (`>=22.0.0-rc.1` admits 22.0.0, not 21.x), which is what a Node.js release printing `vX.Y.Z` is.
 * The package `semver` is no dependency of mcpfusion; this is the part of it needed here, read as
 * semver 7 reads it (`test/vectors/engines-range/semver.json`, from `scripts/engines-range-vectors.ts`).
 *
 * @module
 */

/** A release version: major, minor, patch. */
export type Version = readonly [number, number, number];

/** One end of an interval. */
export interface Bound {
  version: Version;
  inclusive: boolean;
}

/** The release versions one `||` alternative admits; an end left out is open (unbounded). */
export interface Interval {
  lower?: Bound;
  upper?: Bound;
}

const NUMBER_PART = /^(?:0|[1-9]\d*)$/;
const WILD = /^[xX*]$/;
/**
 * A partial version: up to three parts, each a number or a wildcard; a prerelease only after
 * three. Any run of `v` and `=` may lead (`v=20`, `==20`, `>==20`: node-semver reads them where
 * it rebuilds the version from its parts; see {@link Partial.prefix}).
 */
const PARTIAL = /^([v=]*)([0-9]+|[xX*])(?:\.([0-9]+|[xX*])(?:\.([0-9]+|[xX*])(?:-([0-9A-Za-z.-]+))?)?)?$/;
/**
 * Build metadata (`+b`, `+build.1`): node-semver 7 removes every such suffix from a range before
 * it reads it, wherever it stands (`2+b` is `2`, `>=1.2.3+b` is `>=1.2.3`).
 */
const BUILD = /\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*/g;
const COMPARATOR = /^(<=|>=|<|>|=|~>|~|\^)?(.*)$/;

/** A version read as parts, `undefined` for a wildcard and every part after it. */
interface Partial {
  parts: [number | undefined, number | undefined, number | undefined];
  prerelease: boolean;
  /**
   * The run of `v` and `=` before it. Where node-semver keeps a full version as written (a
   * comparator, an end of a hyphen range), only one `v` may lead it (`=v1.2.3`, not `==1.2.3` or
   * `v=1.2.3`); where it rebuilds the version from its parts (a wildcard, `~`, `^`), any run may.
   */
  prefix: string;
}

/**
 * How a number after a wildcard is read: refused in a comparator (`1.x.3`), ignored after `~` or
 * `^` and in a hyphen range (`~1.x.3` is `~1`), as node-semver reads them.
 */
type AfterWildcard = 'refused' | 'ignored';

function readPartial(text: string, afterWildcard: AfterWildcard = 'refused'): Partial | undefined {
  const m = PARTIAL.exec(text);
  if (m === null) return undefined;
  const parts: [number | undefined, number | undefined, number | undefined] = [undefined, undefined, undefined];
  let wild = false;
  for (let i = 0; i < 3; i++) {
    const part = m[i + 2];
    if (part === undefined) break;
    if (WILD.test(part)) {
      wild = true;
      continue;
    }
    if (!NUMBER_PART.test(part)) return undefined; // a leading zero
    // A number after a wildcard (`1.x.3`, `20.*.1`) is no comparator node-semver reads.
    if (wild) {
      if (afterWildcard === 'refused') return undefined;
      continue;
    }
    parts[i] = Number(part);
    if (!Number.isSafeInteger(parts[i])) return undefined;
  }
  return { parts, prerelease: m[5] !== undefined && parts[2] !== undefined, prefix: m[1]! };
}

/** Whether node-semver keeps `p` as written, where only `v` may lead it: a full version. */
function keptAsWritten(p: Partial): boolean {
  return p.parts[2] !== undefined;
}

/** Whether what leads a version kept as written is what node-semver reads there (nothing or one `v`). */
function plainPrefix(p: Partial): boolean {
  return p.prefix === '' || p.prefix === 'v';
}

/**
 * Compare two versions.
 *
 * @param a A version.
 * @param b Another.
 * @returns Negative when `a` is lower, 0 when equal, positive when higher.
 * @example compareVersions([20, 5, 0], [20, 10, 0]) // negative
 */
export function compareVersions(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

const atLeast = (version: Version): Interval => ({ lower: { version, inclusive: true } });
const above = (version: Version): Interval => ({ lower: { version, inclusive: false } });
const below = (version: Version): Interval => ({ upper: { version, inclusive: false } });
const atMost = (version: Version): Interval => ({ upper: { version, inclusive: true } });
const between = (from: Version, to: Version): Interval => ({ lower: { version: from, inclusive: true }, upper: { version: to, inclusive: false } });
const ANY: Interval = {};
const NONE: Interval = { upper: { version: [0, 0, 0], inclusive: false } };

/** The interval of one comparator. */
function comparatorInterval(operator: string, p: Partial): Interval {
  const [major, minor, patch] = p.parts;
  if (major === undefined) return operator === '<' || operator === '>' ? NONE : ANY;
  if (minor === undefined) {
    const next: Version = [major + 1, 0, 0];
    const first: Version = [major, 0, 0];
    if (operator === '>') return atLeast(next);
    if (operator === '>=') return atLeast(first);
    if (operator === '<') return below(first);
    if (operator === '<=') return below(next);
    return between(first, next); // =, bare, ~, ^
  }
  if (patch === undefined) {
    const next: Version = [major, minor + 1, 0];
    const first: Version = [major, minor, 0];
    if (operator === '>') return atLeast(next);
    if (operator === '>=') return atLeast(first);
    if (operator === '<') return below(first);
    if (operator === '<=') return below(next);
    if (operator === '^') return between(first, major > 0 ? [major + 1, 0, 0] : [0, minor + 1, 0]);
    return between(first, next); // =, bare, ~
  }
  const v: Version = [major, minor, patch];
  // A prerelease of X.Y.Z sorts below X.Y.Z and above every release below it.
  if (p.prerelease) {
    if (operator === '>' || operator === '>=') return atLeast(v);
    if (operator === '<' || operator === '<=') return below(v);
    if (operator === '' || operator === '=') return NONE; // that prerelease only: no release
  }
  if (operator === '>') return above(v);
  if (operator === '>=') return atLeast(v);
  if (operator === '<') return below(v);
  if (operator === '<=') return atMost(v);
  if (operator === '~' || operator === '~>') return between(v, [major, minor + 1, 0]);
  if (operator === '^') return between(v, major > 0 ? [major + 1, 0, 0] : minor > 0 ? [0, minor + 1, 0] : [0, 0, patch + 1]);
  return { lower: { version: v, inclusive: true }, upper: { version: v, inclusive: true } };
}

/** The tighter of two lower bounds (`undefined`: none). */
function higherLower(a: Bound | undefined, b: Bound | undefined): Bound | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const order = compareVersions(a.version, b.version);
  return order > 0 || (order === 0 && !a.inclusive) ? a : b;
}

/** The tighter of two upper bounds. */
function lowerUpper(a: Bound | undefined, b: Bound | undefined): Bound | undefined {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const order = compareVersions(a.version, b.version);
  return order < 0 || (order === 0 && !a.inclusive) ? a : b;
}

/**
 * Whether an interval admits no version.
 *
 * @param interval The interval.
 * @returns True when its lower end is above its upper end (or they meet and one is open).
 */
export function isEmptyInterval(interval: Interval): boolean {
  const { lower, upper } = interval;
  if (upper !== undefined && compareVersions(upper.version, [0, 0, 0]) === 0 && !upper.inclusive) return true;
  if (lower === undefined || upper === undefined) return false;
  const order = compareVersions(lower.version, upper.version);
  return order > 0 || (order === 0 && !(lower.inclusive && upper.inclusive));
}

/** One `||` alternative: a hyphen range or comparators that must all hold. */
function alternativeInterval(text: string): Interval | undefined {
  const trimmed = text.trim();
  const hyphen = /^(\S+)\s+-\s+(\S+)$/.exec(trimmed);
  if (hyphen !== null) {
    const from = readPartial(hyphen[1]!, 'ignored');
    const to = readPartial(hyphen[2]!, 'ignored');
    if (from === undefined || to === undefined) return undefined;
    // node-semver writes a full lower end, and a full upper end without a prerelease, as given
    // after `>=` or `<=`: `==1.2.3 - 2` becomes `>===1.2.3`, which it refuses.
    if (keptAsWritten(from) && !plainPrefix(from)) return undefined;
    if (keptAsWritten(to) && !to.prerelease && !plainPrefix(to)) return undefined;
    const lower = comparatorInterval('>=', from).lower;
    const upper = comparatorInterval('<=', to).upper;
    return { ...(lower === undefined ? {} : { lower }), ...(upper === undefined ? {} : { upper }) };
  }
  // An operator may be followed by spaces (`>= 20.5`).
  const words = trimmed.replace(/(<=|>=|<|>|=|~>|~|\^)\s+/g, '$1').split(/\s+/).filter((w) => w !== '');
  let interval: Interval = ANY;
  for (const word of words) {
    const m = COMPARATOR.exec(word)!;
    const operator = m[1] ?? '';
    const tilde = operator === '~' || operator === '~>' || operator === '^';
    const partial = readPartial(m[2]!, tilde ? 'ignored' : 'refused');
    if (partial === undefined) return undefined;
    // `>==1.2.3`, `v=1.2.3`: a full version after an operator may be led by one `v` only.
    if (!tilde && keptAsWritten(partial) && !plainPrefix(partial)) return undefined;
    const next = comparatorInterval(operator, partial);
    const lower = higherLower(interval.lower, next.lower);
    const upper = lowerUpper(interval.upper, next.upper);
    interval = { ...(lower === undefined ? {} : { lower }), ...(upper === undefined ? {} : { upper }) };
  }
  return interval;
}

/**
 * Read a range into its alternatives' intervals.
 *
 * @param range The range (`>=20.5.0 <21 || ^22`).
 * @returns One interval per `||` alternative (empty ones included), or undefined for a range npm would not read.
 * @example tryParseEnginesRange('^22')?.[0] // { lower: { version: [22, 0, 0], inclusive: true }, upper: { version: [23, 0, 0], inclusive: false } }
 */
export function tryParseEnginesRange(range: string): Interval[] | undefined {
  const intervals: Interval[] = [];
  for (const alternative of range.replace(BUILD, '').split('||')) {
    const interval = alternativeInterval(alternative);
    if (interval === undefined) return undefined;
    intervals.push(interval);
  }
  return intervals;
}

/** Whether `version` lies in `interval`. */
function contains(interval: Interval, version: Version): boolean {
  const { lower, upper } = interval;
  if (lower !== undefined) {
    const order = compareVersions(version, lower.version);
    if (order < 0 || (order === 0 && !lower.inclusive)) return false;
  }
  if (upper !== undefined) {
    const order = compareVersions(version, upper.version);
    if (order > 0 || (order === 0 && !upper.inclusive)) return false;
  }
  return true;
}

/**
 * Whether a version is too old for a range: the range does not admit it, and admits a higher one
 * (so a newer version is what it needs: `v21.1.0` for `20.x || >=22`, `v20.4.0` for `>=20.5.0 <21`).
 * A version the range admits, or one above everything it admits (`v22.1.0` for `>=20 <22`), is not.
 *
 * @param version The version (`v20.20.2`; a prerelease or build suffix is ignored).
 * @param range The range.
 * @returns True when known too old; false when not, or when either cannot be read.
 * @example needsNewerVersion('v20.20.2', '>=20.21 || ^22') // true
 */
export function needsNewerVersion(version: string, range: string): boolean {
  const ran = /^\s*v?(\d+)\.(\d+)\.(\d+)/.exec(version);
  if (ran === null) return false;
  const have: Version = [Number(ran[1]), Number(ran[2]), Number(ran[3])];
  const intervals = tryParseEnginesRange(range);
  if (intervals === undefined) return false;
  const open = intervals.filter((i) => !isEmptyInterval(i));
  if (open.some((i) => contains(i, have))) return false;
  // Not admitted: a non-empty interval with versions above it starts above it (intervals are convex).
  return open.some((i) => {
    if (i.lower === undefined) return false;
    const order = compareVersions(i.lower.version, have);
    return order > 0 || (order === 0 && !i.lower.inclusive);
  });
}
