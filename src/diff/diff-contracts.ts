/**
 * `diffContracts(before, after)`: classify every difference between two contract sets (tools,
 * prompts, resources) with the rule rows of `src/diff/registry.ts`.
 *
 * Invariant (tested by mutation): a tool's, prompt's or resource's digest changes if and only if
 * at least one delta names it. Rules explain the change; a section whose hash changed without any
 * rule firing still yields `<section>.unclassified-change` (BREAKING), so no change is ever silent.
 *
 * @module
 */
import { withContractInput } from '../contract/contract-shape.ts';
import { withJsonInput } from '../canonical/assert-json.ts';
import { canonicalize } from '../canonical/jcs.ts';
import { sha256Hex } from '../canonical/hash.ts';
import {
  computePromptDigest, computeResourceDigest, computeToolDigest, promptPreimage, resourcePreimage, sortedKeys, surfacePreimage,
} from '../canonical/digest.ts';
import type { DigestComponents } from '../canonical/digest.ts';
import type { ContractSet, PromptContract, ResourceContract, ToolContract } from '../contract/types.ts';
import { reasonFor, semanticReason } from './messages.ts';
import { childField } from './path.ts';
import { ACTION_RULES, PROMPT_ITEM_RULES, RESOURCE_ITEM_RULES, RULE_ORDER, TOOL_RULES, ruleById } from './registry.ts';
import type { Hit, LookAlike, Rule } from './rule.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import type { Delta, DiffOptions, DiffPolicy, DiffResult, SubjectKind, Verdict, VerdictCounts } from './types.ts';
import { maxVerdict, verdictRank } from './verdict.ts';

/** The section of a rule id: everything before the first dot. */
const sectionOf = (id: string): string => id.slice(0, id.indexOf('.'));

/** Digest sections of a tool and the rule-id prefix that explains each. */
const TOOL_SECTIONS: readonly [keyof DigestComponents, string][] = [
  ['surface', 'surface'], ['behavior', 'behavior'], ['tokenEconomics', 'token-economics'], ['entitlements', 'entitlements'],
];

/**
 * Build a delta from a rule hit: verdict (by policy), reason, fingerprint, stable key order.
 * Shared with `diffRecorded`, which adds deltas for what a lockfile does not record.
 *
 * @param rule The rule that fired.
 * @param kind What the delta is about.
 * @param name Tool or prompt name, resource URI.
 * @param hit Where and what.
 * @param policy `seed` or `semantic`.
 * @returns The delta.
 */
export function toDelta(rule: Rule, kind: SubjectKind, name: string, hit: Hit, policy: DiffPolicy): Delta {
  let verdict = rule.verdict;
  let security = rule.security === true;
  const detail = hit.detail;
  if (policy === 'semantic' && rule.schemaDetail !== undefined && detail !== undefined && detail.length > 0) {
    verdict = maxVerdict(detail.map((c) => c.verdict)) as typeof verdict;
    security = detail.some((c) => c.security === true);
  }
  const action = hit.action;
  const delta: Delta = {
    id: rule.id,
    verdict,
    ...(security ? { security: true as const } : {}),
    kind,
    [kind]: name,
    ...(action !== undefined ? { action } : {}),
    field: hit.field,
    before: hit.before,
    after: hit.after,
    reason: semanticReason(reasonFor(rule.id, { subject: name, ...(action !== undefined ? { action } : {}), field: hit.field, before: hit.before, after: hit.after, ...(hit.note !== undefined ? { note: hit.note } : {}), ...(hit.lookAlike !== undefined ? { lookAlike: hit.lookAlike } : {}) }), rule.verdict, verdict)
      + seedNote(rule, policy, detail),
    fingerprint: deltaFingerprint({ id: rule.id, kind, name, ...(action !== undefined ? { action } : {}), field: hit.field, before: hit.before, after: hit.after }),
    ...(detail !== undefined && detail.length > 0 ? { detail } : {}),
  };
  return delta;
}

/** What a delta's fingerprint is computed over (see {@link deltaFingerprint}). */
export interface FingerprintedChange {
  /** Rule id. */
  id: string;
  /** What the delta is about. */
  kind: SubjectKind;
  /** Tool or prompt name, resource URI. */
  name: string;
  /** The action key; none for a tool-wide delta. */
  action?: string;
  /** The field path. */
  field: string;
  /** The value before. */
  before: JsonValue | null;
  /** The value after. */
  after: JsonValue | null;
}

/**
 * A delta's fingerprint: the lowercase hex sha256 of the canonical JSON `{id, kind, name, action,
 * field, before, after}` (`action` null for a tool-wide delta). The values belong to it:
 * acknowledging a change accepts exactly that change, so a later, different change of the same
 * field is a new delta that still fails the gate.
 *
 * @param change The delta's rule id, subject, field and values.
 * @returns 64 lowercase hex digits.
 */
export function deltaFingerprint(change: FingerprintedChange): string {
  const { id, kind, name, action, field, before, after } = change;
  return sha256Hex(canonicalize({ id, kind, name, action: action ?? null, field, before, after }));
}

/**
 * The deltas of a result as output shows them, each fingerprinted over what it shows: a command
 * that hides secrets in what it prints (`redactShown`) calls it on the hidden result, so a
 * fingerprint never hashes a value the output hides (one could test guesses of a weak secret
 * against it offline). A delta that shows what it is (no secret in it) keeps its fingerprint byte
 * for byte; one that hid a secret gets the fingerprint of what it shows, the same under a rotated
 * secret.
 *
 * @param result A diff result whose texts are as shown.
 * @returns The result, each delta's fingerprint over its shown fields.
 */
export function fingerprintShown(result: DiffResult): DiffResult {
  const deltas = result.deltas.map((d) => {
    const name = (d as unknown as Record<string, unknown>)[d.kind];
    const fingerprint = deltaFingerprint({ id: d.id, kind: d.kind, name: typeof name === 'string' ? name : '', ...(d.action !== undefined ? { action: d.action } : {}), field: d.field, before: d.before, after: d.after });
    return fingerprint === d.fingerprint ? d : { ...d, fingerprint };
  });
  return { ...result, deltas };
}

/**
 * Under the seed policy a schema delta keeps the SPEC table's verdict; when its property-level
 * detail is less severe (every change compatible), the reason says which decided, so a BREAKING
 * line explained only by SAFE entries does not read as a contradiction.
 */
function seedNote(rule: Rule, policy: DiffPolicy, detail: readonly { verdict: Verdict }[] | undefined): string {
  if (policy !== 'seed' || rule.schemaDetail === undefined || detail === undefined || detail.length === 0) return '';
  const found = maxVerdict(detail.map((c) => c.verdict)) as Verdict;
  return verdictRank(found) < verdictRank(rule.verdict)
    ? ` (${rule.verdict} by the SPEC table; its property-level changes are ${found} at most, the verdict --policy semantic gives)`
    : '';
}

/** Pairs of a removed and an added key whose signatures match one to one (renames, moves). */
function pairRenames<T>(
  removed: readonly string[], added: readonly string[], items: { before: Record<string, T>; after: Record<string, T> },
  signature: (item: T) => string,
): [string, string][] {
  const bySig = (keys: readonly string[], rec: Record<string, T>): Map<string, string[]> => {
    const m = new Map<string, string[]>();
    for (const k of keys) {
      const s = signature(rec[k]!);
      const same = m.get(s);
      if (same === undefined) m.set(s, [k]);
      else same.push(k); // not a copy per key: thousands of look-alike tools stay linear
    }
    return m;
  };
  const gone = bySig(removed, items.before);
  const fresh = bySig(added, items.after);
  const pairs: [string, string][] = [];
  for (const [sig, olds] of gone) {
    const news = fresh.get(sig);
    // Only an unambiguous match is a rename; otherwise report a removal and an addition.
    if (olds.length === 1 && news?.length === 1) pairs.push([olds[0]!, news[0]!]);
  }
  return pairs;
}

/**
 * Removed and added tools that look alike one to one (see {@link LookAlike}), tried in order: the
 * name but for case and separators, then the input schema, then the description, then (when
 * `similar` is given) a like name, inputs and description ({@link similarLookAlikes}); a tool
 * paired by one is not paired again. Keyed `-old` and `+new`, each naming the other.
 */
function lookAlikes<T>(
  removed: readonly string[], added: readonly string[], before: Record<string, T>, after: Record<string, T>,
  ways: readonly [LookAlike['by'], (name: string, c: T) => string | undefined][],
  similar?: (c: T) => Resemblance | undefined,
): Map<string, LookAlike> {
  const out = new Map<string, LookAlike>();
  exactLookAlikes(removed, added, before, after, ways, out);
  if (similar !== undefined) {
    similarLookAlikes(removed.filter((k) => !out.has(`-${k}`)), added.filter((k) => !out.has(`+${k}`)), before, after, similar, out);
    reworkedLookAlikes(removed.filter((k) => !out.has(`-${k}`)), added.filter((k) => !out.has(`+${k}`)), before, after, similar, out);
  }
  return out;
}

function exactLookAlikes<T>(
  removed: readonly string[], added: readonly string[], before: Record<string, T>, after: Record<string, T>,
  ways: readonly [LookAlike['by'], (name: string, c: T) => string | undefined][], out: Map<string, LookAlike>,
): void {
  for (const [by, key] of ways) {
    const left = removed.filter((k) => !out.has(`-${k}`));
    const right = added.filter((k) => !out.has(`+${k}`));
    if (left.length === 0 || right.length === 0) break;
    const group = (keys: readonly string[], rec: Record<string, T>): Map<string, string[]> => {
      const m = new Map<string, string[]>();
      for (const k of keys) {
        const v = key(k, rec[k]!);
        if (v === undefined) continue;
        const same = m.get(v);
        if (same === undefined) m.set(v, [k]);
        else same.push(k);
      }
      return m;
    };
    const fresh = group(right, after);
    for (const [v, olds] of group(left, before)) {
      const news = fresh.get(v);
      if (olds.length === 1 && news?.length === 1) {
        out.set(`-${olds[0]!}`, { name: news[0]!, by });
        out.set(`+${news[0]!}`, { name: olds[0]!, by });
      }
    }
  }
}

/**
 * What a tool (or prompt) that may have been renamed and reworded keeps: the names of its inputs
 * (input schema properties with the required ones marked, or prompt arguments) and the words of
 * its description. Undefined when either is not known (an MCP Fusion lockfile keeps no schema).
 */
interface Resemblance {
  inputs: string;
  words: ReadonlySet<string>;
  /** The input names, and those required, for {@link reworkedLookAlikes}. */
  names: readonly string[];
  required: readonly string[];
}

/** The words of a name: split at separators and where a lower-case letter or digit meets a capital, lower-cased (`printEnv` → print, env). */
const nameWords = (name: string): string[] => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2').toLowerCase().split(/[^a-z0-9]+/).filter((w) => w !== '');
/**
 * Name words that name nothing in particular: every tool is a tool and handles data, info, a
 * list or items; a version or a number, an id or a joining word (`get_user_by_id`) names no thing
 * either. `describe_tool` / `run_tool` or `get_data` / `delete_data` share only such a word.
 */
const GENERIC_NAME_WORDS = new Set([
  'tool', 'tools', 'data', 'info', 'information', 'list', 'lists', 'item', 'items', 'result', 'results', 'detail', 'details',
  'content', 'contents', 'object', 'objects', 'entity', 'entities', 'value', 'values', 'thing', 'things', 'stuff', 'id', 'ids',
  'by', 'for', 'from', 'to', 'of', 'with', 'in', 'on', 'all', 'and', 'or', 'the', 'a', 'an', 'new', 'old',
]);
/**
 * The word of a name that says what it acts on: its last word that is not generic (`get_user_info`
 * → user, `search_docs_v2` → docs); undefined when every word is (`run_tool`), for then the name
 * tells nothing about which tool replaced which.
 */
function thingWord(words: readonly string[]): string | undefined {
  for (let i = words.length - 1; i >= 0; i--) if (!GENERIC_NAME_WORDS.has(words[i]!) && !/^v?\d+$/.test(words[i]!)) return words[i];
  return undefined;
}
/** The words of a description, lower-cased, as a set. */
const textWords = (text: string): Set<string> => new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter((w) => w !== ''));
/** Dice coefficient of two word sets. */
function dice(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  if (x.size + y.size === 0) return 0;
  let both = 0;
  for (const w of x) if (y.has(w)) both++;
  return (2 * both) / (x.size + y.size);
}
/** How alike two descriptions must be (Dice over their word sets): one word in ten replaced passes ("Prints all …" / "Returns all …"). */
const SIMILAR_TEXT = 0.8;
/** The share of the shorter word set's words that the longer one has too. */
function kept(x: ReadonlySet<string>, y: ReadonlySet<string>): number {
  const [small, big] = x.size <= y.size ? [x, y] : [y, x];
  if (small.size === 0) return 0;
  let both = 0;
  for (const w of small) if (big.has(w)) both++;
  return both / small.size;
}
/** Whether every word of one name is a word of the other (`browser_run_code` in `browser_run_code_unsafe`). */
const nameWithin = (x: readonly string[], y: readonly string[]): boolean => {
  const [small, big] = x.length <= y.length ? [x, y] : [y, x];
  const words = new Set(big);
  return small.every((w) => words.has(w));
};
/**
 * Whether two descriptions of like-named tools with the same inputs are alike: Dice at least
 * {@link SIMILAR_TEXT}, or, where one name is the other with words added (`browser_run_code` →
 * `browser_run_code_unsafe`), the shorter description kept in the longer to the same share
 * (@playwright/mcp 0.0.86 kept "Run Playwright code snippet" whole inside a warning of 16 words:
 * Dice 0.4, so diffreal found the pair unnamed).
 */
const alikeText = (oldWords: readonly string[], newWords: readonly string[], x: ReadonlySet<string>, y: ReadonlySet<string>): boolean =>
  dice(x, y) >= SIMILAR_TEXT || (nameWithin(oldWords, newWords) && kept(x, y) >= SIMILAR_TEXT);
/** A name word shared by more tools than this on one side says nothing about which one replaced which (`tool` in `x_tool`, `y_tool` …); not looked up, so the pairing stays linear. */
const MAX_WORD_BUCKET = 32;

/**
 * A removed and an added tool renamed beyond case and separators, with a word in common and the
 * rest kept: the thing one name acts on ({@link thingWord}) is a word of the other (`printEnv` →
 * `get-env`, `longRunningOperation` → `trigger-long-running-operation`), the same input names,
 * and descriptions that share most of their words. One to one, as the exact ways: a tool with
 * two such candidates, or whose candidate has two, is paired with none. `list_issues` →
 * `list_pull_requests` shares only the verb, `describe_tool` → `run_tool` only a generic word: no pair.
 */
function similarLookAlikes<T>(
  removed: readonly string[], added: readonly string[], before: Record<string, T>, after: Record<string, T>,
  similar: (c: T) => Resemblance | undefined, out: Map<string, LookAlike>,
): void {
  if (removed.length === 0 || added.length === 0) return;
  const fresh = added.flatMap((k) => {
    const r = similar(after[k]!);
    const words = nameWords(k);
    const last = thingWord(words);
    return r === undefined || last === undefined ? [] : [{ k, r, words, last }];
  });
  type Fresh = (typeof fresh)[number];
  const byWord = new Map<string, Fresh[]>();
  const byLast = new Map<string, Fresh[]>();
  for (const f of fresh) {
    for (const w of new Set(f.words)) byWord.set(w, [...(byWord.get(w) ?? []).slice(0, MAX_WORD_BUCKET), f]);
    byLast.set(f.last, [...(byLast.get(f.last) ?? []).slice(0, MAX_WORD_BUCKET), f]);
  }
  const bucket = (m: Map<string, Fresh[]>, w: string): Fresh[] => {
    const b = m.get(w) ?? [];
    return b.length > MAX_WORD_BUCKET ? [] : b;
  };
  const candidates = new Map<string, string[]>(); // removed -> added
  for (const k of removed) {
    const r = similar(before[k]!);
    const words = nameWords(k);
    const last = thingWord(words);
    if (r === undefined || last === undefined) continue;
    const found = new Set<Fresh>(bucket(byWord, last));
    for (const w of new Set(words)) for (const f of bucket(byLast, w)) found.add(f);
    const ok = [...found].filter((f) => f.r.inputs === r.inputs && alikeText(words, f.words, r.words, f.r.words)).map((f) => f.k);
    if (ok.length > 0) candidates.set(k, ok);
  }
  pairOneToOne(candidates, 'similar', out);
}

/**
 * The removed tools that have exactly one candidate, which no other removed tool has, paired with
 * it both ways in `out` (`-old` → new, `+new` → old).
 *
 * @param candidates Each removed name and the added names it may have become.
 * @param by How they look alike.
 * @param out The pairs found so far.
 */
function pairOneToOne(candidates: ReadonlyMap<string, readonly string[]>, by: LookAlike['by'], out: Map<string, LookAlike>): void {
  const chosenBy = new Map<string, number>(); // added -> how many removed name it
  for (const ok of candidates.values()) for (const a of ok) chosenBy.set(a, (chosenBy.get(a) ?? 0) + 1);
  for (const [k, ok] of candidates) {
    if (ok.length !== 1 || chosenBy.get(ok[0]!) !== 1) continue;
    out.set(`-${k}`, { name: ok[0]!, by });
    out.set(`+${ok[0]!}`, { name: k, by });
  }
}

/** How alike two descriptions must be for {@link reworkedLookAlikes}: two words in three kept. */
const REWORKED_TEXT = 0.6;
/** Past this many required names or inputs, an input is carried over only under its own name: each is tried against each input by its words, for up to 32 added tools per removed one. */
const MAX_CARRIED = 32;

/**
 * Whether each input `old` requires is still there under a like name: the same name, or a name
 * whose words are all among the other's (`context7CompatibleLibraryID` → `libraryId`). At least
 * one required input, so that something is carried over.
 */
function requiredCarried(old: Resemblance, now: Resemblance): boolean {
  if (old.required.length === 0) return false;
  const exact = new Set(now.names);
  const big = old.required.length > MAX_CARRIED || now.names.length > MAX_CARRIED;
  const words = big ? [] : now.names.map((n) => new Set(nameWords(n)));
  return old.required.every((r) => {
    if (exact.has(r)) return true;
    if (big) return false;
    const rw = new Set(nameWords(r));
    return rw.size > 0 && words.some((w) => w.size > 0 && ([...w].every((x) => rw.has(x)) || [...rw].every((x) => w.has(x))));
  });
}

/**
 * A removed and an added tool (or prompt) renamed and reworked, inputs changed too: the same thing
 * named ({@link thingWord}: `get-library-docs` → `query-docs`), descriptions that keep two words
 * in three (Dice ≥ 0.6), and every input the old one required still there under a like name (see
 * {@link requiredCarried}). One to one, as {@link similarLookAlikes}: two candidates pair none.
 * `create_issue` → `update_issue` (the title no longer among the inputs) pairs nothing.
 */
function reworkedLookAlikes<T>(
  removed: readonly string[], added: readonly string[], before: Record<string, T>, after: Record<string, T>,
  similar: (c: T) => Resemblance | undefined, out: Map<string, LookAlike>,
): void {
  if (removed.length === 0 || added.length === 0) return;
  type Fresh = { k: string; r: Resemblance };
  const byLast = new Map<string, Fresh[]>();
  for (const k of added) {
    const r = similar(after[k]!);
    const last = thingWord(nameWords(k));
    if (r === undefined || last === undefined) continue;
    const b = byLast.get(last) ?? [];
    if (b.length <= MAX_WORD_BUCKET) b.push({ k, r });
    byLast.set(last, b);
  }
  const candidates = new Map<string, string[]>();
  for (const k of removed) {
    const r = similar(before[k]!);
    const last = thingWord(nameWords(k));
    const bucket = last === undefined ? undefined : byLast.get(last);
    if (r === undefined || bucket === undefined || bucket.length > MAX_WORD_BUCKET) continue;
    const ok = bucket.filter((f) => dice(f.r.words, r.words) >= REWORKED_TEXT && requiredCarried(r, f.r)).map((f) => f.k);
    if (ok.length > 0) candidates.set(k, ok);
  }
  pairOneToOne(candidates, 'reworked', out);
}

/** The same name but for case and separators (`search-dev-docs`, `searchDevDocs`, `search_dev_docs`). */
const looseName = (name: string): string | undefined => name.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase().replace(/[^a-z0-9]/g, '') || undefined;
const text = (v: string | null | undefined): string | undefined => (v === undefined || v === null || v.trim() === '' ? undefined : v);
/** How removed and added tools may look alike, in order. */
const TOOL_LOOK_ALIKE: readonly [LookAlike['by'], (name: string, c: ToolContract) => string | undefined][] = [
  ['name', (name) => looseName(name)],
  ['input-schema', (_, c) => c.surface.inputSchemaDigest],
  ['description', (_, c) => text(c.surface.description)],
];
/** Input names of a schema: its properties, each marked when required; undefined when not known or not an object schema. */
function schemaInputs(schema: unknown): string | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const s = schema as { properties?: unknown; required?: unknown };
  const props = s.properties === undefined ? {} : s.properties;
  if (props === null || typeof props !== 'object' || Array.isArray(props)) return undefined;
  const required = new Set(Array.isArray(s.required) ? s.required.filter((x): x is string => typeof x === 'string') : []);
  return canonicalize(sortedKeys(props).map((k) => [k, required.has(k)]));
}
/** The property names of an object schema and those of them it requires (empty when not one). */
function schemaNames(schema: unknown): { names: string[]; required: string[] } {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return { names: [], required: [] };
  const s = schema as { properties?: unknown; required?: unknown };
  const names = s.properties !== null && typeof s.properties === 'object' && !Array.isArray(s.properties) ? sortedKeys(s.properties as Record<string, unknown>) : [];
  const required = Array.isArray(s.required) ? [...new Set(s.required.filter((x): x is string => typeof x === 'string'))] : [];
  return { names, required };
}
/** A tool's {@link Resemblance}: its input schema's properties and its description. */
const toolResemblance = (c: ToolContract): Resemblance | undefined => {
  const inputs = schemaInputs(c.surface.inputSchema);
  const d = text(c.surface.description);
  return inputs === undefined || d === undefined ? undefined : { inputs, words: textWords(d), ...schemaNames(c.surface.inputSchema) };
};
/** A prompt's {@link Resemblance}: its arguments and its description. */
const promptResemblance = (c: PromptContract): Resemblance | undefined => {
  const d = text(c.description);
  return d === undefined ? undefined : {
    inputs: canonicalize(c.arguments.map((x) => [x.name, x.required === true]).sort((x, y) => cmp(String(x[0]), String(y[0])))),
    words: textWords(d),
    names: c.arguments.map((x) => x.name),
    required: c.arguments.filter((x) => x.required === true).map((x) => x.name),
  };
};
/** How removed and added prompts may look alike, in order (server-everything 2026.8.31 renamed simple_prompt to simple-prompt). */
const PROMPT_LOOK_ALIKE: readonly [LookAlike['by'], (name: string, c: PromptContract) => string | undefined][] = [
  ['name', (name) => looseName(name)],
  ['description', (_, c) => text(c.description)],
];

/** Split two key sets into common keys, removals and additions (code-unit order). */
function partition(before: object, after: object): { common: string[]; removed: string[]; added: string[] } {
  const b = new Set(sortedKeys(before));
  const a = new Set(sortedKeys(after));
  return {
    common: [...b].filter((k) => a.has(k)),
    removed: [...b].filter((k) => !a.has(k)),
    added: [...a].filter((k) => !b.has(k)),
  };
}

class DiffRun {
  readonly deltas: Delta[] = [];
  constructor(private readonly policy: DiffPolicy) {}

  emit(rule: Rule, kind: SubjectKind, name: string, hit: Hit): void {
    this.deltas.push(toDelta(rule, kind, name, hit, this.policy));
  }

  /** Deltas between two versions of a tool, reported under `name` (the new name after a rename). */
  tool(b: ToolContract, a: ToolContract, name: string, oldName: string): void {
    const start = this.deltas.length;
    for (const rule of TOOL_RULES) for (const hit of rule.detect(b, a)) this.emit(rule, 'tool', name, hit);
    const actions = partition(b.surface.actions, a.surface.actions).common;
    for (const key of actions) {
      const prefix = childField('surface.actions', key);
      for (const rule of ACTION_RULES) {
        for (const hit of rule.detect(b.surface.actions[key]!, a.surface.actions[key]!)) {
          this.emit(rule, 'tool', name, { ...hit, action: key, field: `${prefix}.${hit.field}` });
        }
      }
    }
    const mine = this.deltas.slice(start);
    if (oldName !== name && !mine.some((d) => d.id === 'surface.tool-renamed')) {
      this.emit(ruleById('surface.tool-renamed'), 'tool', name, { field: 'surface.name', before: oldName, after: name });
    }
    const db = computeToolDigest(b).components;
    const da = computeToolDigest(a).components;
    for (const [section, prefix] of TOOL_SECTIONS) {
      if (db[section] !== da[section] && !this.deltas.slice(start).some((d) => sectionOf(d.id) === prefix)) {
        this.emit(ruleById(`${prefix}.unclassified-change`), 'tool', name, { field: section, before: db[section], after: da[section] });
      }
    }
  }

  tools(before: Record<string, ToolContract>, after: Record<string, ToolContract>): void {
    const { common, removed, added } = partition(before, after);
    const sig = (c: ToolContract): string => canonicalize({ ...surfacePreimage(c), name: null });
    const renames = pairRenames(removed, added, { before, after }, sig);
    for (const k of common) this.tool(before[k]!, after[k]!, k, k);
    for (const [oldName, newName] of renames) this.tool(before[oldName]!, after[newName]!, newName, oldName);
    const renamedOld = new Set(renames.map(([o]) => o));
    const renamedNew = new Set(renames.map(([, n]) => n));
    const gone = removed.filter((x) => !renamedOld.has(x));
    const fresh = added.filter((x) => !renamedNew.has(x));
    const alike = lookAlikes(gone, fresh, before, after, TOOL_LOOK_ALIKE, toolResemblance);
    for (const k of gone) {
      const hint = alike.get(`-${k}`);
      this.emit(ruleById('surface.tool-removed'), 'tool', k, { field: childField('tools', k), before: k, after: null, ...(hint !== undefined ? { lookAlike: hint } : {}) });
    }
    for (const k of fresh) {
      const destructive = Object.values(after[k]!.surface.actions).some((x) => x.destructive);
      const rule = ruleById(destructive ? 'surface.destructive-tool-added' : 'surface.tool-added');
      const hint = alike.get(`+${k}`);
      this.emit(rule, 'tool', k, { field: childField('tools', k), before: null, after: k, ...(hint !== undefined ? { lookAlike: hint } : {}) });
    }
  }

  /** Prompts and resources share one shape: keyed items, per-item rules, rename pairing, a digest. */
  items<T extends PromptContract | ResourceContract>(
    kind: 'prompt' | 'resource',
    before: Record<string, T>,
    after: Record<string, T>,
    spec: {
      rules: readonly { detect(b: T, a: T): Hit[] }[];
      section: string;
      renameRule: string;
      renameField: string;
      signature(item: T): string;
      digest(item: T): string;
    },
  ): void {
    const { common, removed, added } = partition(before, after);
    const renames = pairRenames(removed, added, { before, after }, spec.signature);
    const pairs: [string, string][] = [...common.map((k): [string, string] => [k, k]), ...renames];
    for (const [oldKey, newKey] of pairs) {
      const b = before[oldKey]!;
      const a = after[newKey]!;
      const start = this.deltas.length;
      for (const rule of spec.rules) for (const hit of rule.detect(b, a)) this.emit(rule as unknown as Rule, kind, newKey, hit);
      const mine = this.deltas.slice(start);
      if (oldKey !== newKey && !mine.some((d) => d.id === spec.renameRule)) {
        this.emit(ruleById(spec.renameRule), kind, newKey, { field: spec.renameField, before: oldKey, after: newKey });
      }
      const hb = spec.digest(b);
      const ha = spec.digest(a);
      if (hb !== ha && this.deltas.length === start) {
        this.emit(ruleById(`${spec.section}.unclassified-change`), kind, newKey, { field: kind, before: hb, after: ha });
      }
    }
    const renamedOld = new Set(renames.map(([o]) => o));
    const renamedNew = new Set(renames.map(([, n]) => n));
    const plural = `${kind}s`;
    const gone = removed.filter((x) => !renamedOld.has(x));
    const fresh = added.filter((x) => !renamedNew.has(x));
    // Resources are keyed by URI: no looser form of one names the same thing.
    const alike = kind === 'prompt'
      ? lookAlikes(gone, fresh, before as Record<string, PromptContract>, after as Record<string, PromptContract>, PROMPT_LOOK_ALIKE, promptResemblance)
      : new Map<string, LookAlike>();
    for (const k of gone) {
      const hint = alike.get(`-${k}`);
      this.emit(ruleById(`${spec.section}.${kind}-removed`), kind, k, { field: childField(plural, k), before: k, after: null, ...(hint !== undefined ? { lookAlike: hint } : {}) });
    }
    for (const k of fresh) {
      const hint = alike.get(`+${k}`);
      this.emit(ruleById(`${spec.section}.${kind}-added`), kind, k, { field: childField(plural, k), before: null, after: k, ...(hint !== undefined ? { lookAlike: hint } : {}) });
    }
  }
}

const KIND_RANK: Record<SubjectKind, number> = { tool: 0, prompt: 1, resource: 2 };
const cmp = (x: string, y: string): number => (x < y ? -1 : x > y ? 1 : 0);

/** Stable report order: kind, name, tool-level before action-level, action key, rule order, field. */
function compareDeltas(x: Delta, y: Delta): number {
  return KIND_RANK[x.kind] - KIND_RANK[y.kind]
    || cmp(x[x.kind] ?? '', y[y.kind] ?? '')
    || cmp(x.action ?? '', y.action ?? '')
    || (RULE_ORDER.get(x.id)! - RULE_ORDER.get(y.id)!)
    || cmp(x.field, y.field);
}

/**
 * Classify every difference between two contract sets.
 *
 * Tools, prompts and resources are matched by key; a removed and an added tool whose surfaces are
 * equal apart from the name are one rename (BREAKING), and so are prompts equal apart from the
 * name and resources equal apart from the URI. Full schemas on the contracts (`inputSchema`,
 * `outputSchema`, per-action `inputSchema`) add a property-level `detail` to schema deltas; under
 * `policy: 'semantic'` that detail decides the verdict of those deltas.
 *
 * This is also what `check` uses to show verdicts for drift: `diffContracts(lockedSet, currentSet)`.
 *
 * @param before The old (locked, approved) contract set.
 * @param after The new (current) contract set.
 * @param options `policy`: `seed` (default, the SPEC table) or `semantic`.
 * @returns The overall verdict (`NONE` when nothing changed), counts and the deltas in stable order.
 * @throws {NotJsonError} When a contract holds a value that is not JSON, naming the set (before or after) and the path in it.
 * @example diffContracts(locked, current).verdict // 'BREAKING'
 */
export function diffContracts(before: ContractSet, after: ContractSet, options: DiffOptions = {}): DiffResult {
  return withContractInput(before, 'The contract set before', 'set', () =>
    withContractInput(after, 'The contract set after', 'set', () =>
      withJsonInput(before, 'The contract set before', () => withJsonInput(after, 'The contract set after', () => diffContractsUnchecked(before, after, options))),
    ),
  );
}

function diffContractsUnchecked(before: ContractSet, after: ContractSet, options: DiffOptions): DiffResult {
  const policy = options.policy ?? 'seed';
  const run = new DiffRun(policy);
  run.tools(before.tools, after.tools);
  run.items('prompt', before.prompts ?? {}, after.prompts ?? {}, {
    rules: PROMPT_ITEM_RULES,
    section: 'prompts',
    renameRule: 'prompts.prompt-renamed',
    renameField: 'name',
    signature: (p) => canonicalize({ ...promptPreimage(p), name: null }),
    digest: (p) => computePromptDigest(p).digest,
  });
  run.items('resource', before.resources ?? {}, after.resources ?? {}, {
    rules: RESOURCE_ITEM_RULES,
    section: 'resources',
    renameRule: 'resources.resource-moved',
    renameField: 'uri',
    signature: (r) => canonicalize({ ...resourcePreimage(r), uri: null }),
    digest: computeResourceDigest,
  });
  return summarizeDeltas(run.deltas, policy);
}

/**
 * The result of a diff from its deltas: sorted into report order, counted, the overall verdict.
 *
 * @param deltas Every delta (sorted in place).
 * @param policy The policy their verdicts were computed under.
 * @returns The diff result.
 */
export function summarizeDeltas(deltas: Delta[], policy: DiffPolicy): DiffResult {
  deltas.sort(compareDeltas);
  const counts: VerdictCounts = { BREAKING: 0, RISKY: 0, SAFE: 0, COSMETIC: 0 };
  for (const d of deltas) counts[d.verdict]++;
  return {
    verdict: maxVerdict(deltas.map((d) => d.verdict)),
    policy,
    counts,
    securityCount: deltas.filter((d) => d.security === true).length,
    deltas,
  };
}
