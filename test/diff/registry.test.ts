/**
 * Audit of the diff rule registry (STYLE habit 7): ids unique and well formed, each with a message,
 * a docs entry and a before/after vector; every row of the SPEC 6 table mapped to rules with its
 * verdict; every field that feeds a digest watched by a rule. Gaps need a written waiver here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import { behaviorPreimage, entitlementsPreimage, promptPreimage, resourcePreimage, surfacePreimage, tokenEconomicsPreimage } from '../../src/canonical/digest.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { MESSAGES } from '../../src/diff/messages.ts';
import { RULES } from '../../src/diff/registry.ts';
import { SCHEMA_CHANGE_KINDS } from '../../src/diff/schema/diff-schema.ts';
import { ROOT } from '../helpers/cli.ts';

const VECTORS = new URL('../vectors/diff/', import.meta.url);
const base = parseStrictJson(readFileSync(new URL('base.json', VECTORS), 'utf8')) as unknown as ContractSet;
const docs = readFileSync(`${ROOT}/docs/diff.md`, 'utf8');
const vectorFiles = readdirSync(new URL('rules/', VECTORS)).filter((f) => f.endsWith('.json'));

/** Rules without a before/after vector, and why. */
const NO_VECTOR: Record<string, string> = {
  'resources.unclassified-change': 'every hashed resource field is read whole by a rule, so valid JSON cannot reach it; it stays as the safety net',
  'lockfile.unrecorded-change': 'contract sets record every field; it is emitted only when a side is a lockfile in MCP Fusion\'s format, tested on test/vectors/diff/fusion/ (recorded.test.ts) and by mutation (recorded-invariant.test.ts)',
};

/** SPEC section 6, row by row: the rules that implement each listed change and the table's verdict. */
const SPEC_TABLE: [verdict: string, change: string, rules: string[]][] = [
  ['BREAKING', 'tool removed or renamed', ['surface.tool-removed', 'surface.tool-renamed']],
  ['BREAKING', 'input schema digest changed', ['surface.input-schema-changed']],
  ['BREAKING', 'action removed', ['surface.action-removed']],
  ['BREAKING', 'destructive or readOnly flag changed', ['surface.destructive-changed', 'surface.readonly-changed']],
  ['BREAKING', 'new required field', ['surface.required-field-added']],
  ['BREAKING', 'presenter removed', ['surface.presenter-removed']],
  ['BREAKING', 'egress schema digest changed', ['behavior.egress-schema-changed']],
  ['BREAKING', 'system rules changed', ['behavior.system-rules-changed']],
  ['BREAKING', 'inflation risk escalated', ['token-economics.inflation-risk-escalated']],
  ['BREAKING', 'handler gained an entitlement', ['entitlements.gained']],
  ['RISKY', 'idempotent flag changed', ['surface.idempotent-changed']],
  ['RISKY', 'per-action schema changed', ['surface.action-schema-changed']],
  ['RISKY', 'presenter replaced', ['surface.presenter-replaced']],
  ['RISKY', 'guardrail removed', ['behavior.guardrail-removed']],
  ['RISKY', 'middleware chain changed', ['behavior.middleware-chain-changed']],
  ['RISKY', 'state-sync or concurrency fingerprint changed', ['behavior.state-sync-changed', 'behavior.concurrency-changed']],
  ['RISKY', 'embedded presenters changed', ['behavior.embedded-presenters-changed']],
  ['RISKY', 'affordance topology changed', ['behavior.affordance-topology-changed']],
  ['RISKY', 'collection became unbounded', ['token-economics.collection-unbounded']],
  ['RISKY', 'openWorld became true', ['surface.open-world-enabled']],
  ['RISKY', 'a guardrail whose limit is raised (loosened)', ['behavior.guardrail-loosened']],
  ['SAFE', 'tool or action added', ['surface.tool-added', 'surface.destructive-tool-added', 'surface.action-added', 'surface.destructive-action-added']],
  ['SAFE', 'required field removed', ['surface.required-field-removed']],
  ['SAFE', 'tags removed', ['surface.tags-removed']],
  ['SAFE', 'guardrail tightened or added', ['behavior.guardrail-tightened', 'behavior.guardrail-added']],
  ['SAFE', 'inflation risk reduced', ['token-economics.inflation-risk-reduced']],
  ['SAFE', 'collection bounded', ['token-economics.collection-bounded']],
  ['SAFE', 'entitlement lost', ['entitlements.lost']],
  ['COSMETIC', 'description changed', ['surface.description-changed', 'surface.action-description-changed']],
  ['COSMETIC', 'tags added', ['surface.tags-added']],
];

/** SPEC: the security flag for compatible changes that widen what the model is told or can do. */
const SECURITY = ['surface.description-changed', 'surface.action-description-changed', 'surface.destructive-action-added', 'surface.destructive-tool-added', 'surface.open-world-enabled', 'behavior.guardrail-loosened', 'behavior.guardrail-removed'];

test('ids are unique, kebab-case, prefixed by their section', () => {
  const ids = RULES.map((r) => r.id);
  assert.is(new Set(ids).size, ids.length);
  for (const id of ids) assert.match(id, /^(surface|behavior|token-economics|entitlements|lockfile|prompts|resources|schema\.(input|output))\.[a-z]+(-[a-z]+)*$/, id);
});

test('every rule has a message and a docs/diff.md entry', () => {
  for (const r of RULES) {
    assert.type(MESSAGES[r.id], 'function', `no message for ${r.id}`);
    assert.ok(docs.includes(`\`${r.id}\``), `docs/diff.md does not mention \`${r.id}\``);
  }
  // And no rule table in the docs lists a rule that does not exist.
  const known = new Set(RULES.map((r) => r.id));
  const rows = [...docs.matchAll(/^\| `((?:surface|behavior|token-economics|entitlements|lockfile|prompts|resources)\.[a-z-]+)` \|/gm)];
  assert.ok(rows.length > 75, `only ${rows.length} rule rows in docs/diff.md`);
  for (const m of rows) {
    assert.ok(known.has(m[1]!), `docs/diff.md names unknown rule ${m[1]}`);
  }
});

test('every contract rule has a before/after vector (or a written waiver); every schema change kind a case', () => {
  for (const r of RULES.filter((x) => x.scope !== 'schema')) {
    const has = vectorFiles.some((f) => f === `${r.id}.json` || f.startsWith(`${r.id}--`));
    assert.ok(has || r.id in NO_VECTOR, `no vector test/vectors/diff/rules/${r.id}.json`);
  }
  const cases = parseStrictJson(readFileSync(new URL('schema-cases.json', VECTORS), 'utf8')) as unknown as { cases: { changes: { kind: string }[] }[] };
  const kinds = new Set(cases.cases.flatMap((c) => c.changes.map((x) => x.kind)));
  for (const k of SCHEMA_CHANGE_KINDS) assert.ok(kinds.has(k), `no schema case for ${k}`);
});

test('the SPEC 6 table: each listed change is a rule with the table verdict; security flags as the SPEC says', () => {
  const byId = new Map(RULES.map((r) => [r.id, r]));
  for (const [verdict, change, ids] of SPEC_TABLE) {
    for (const id of ids) {
      const r = byId.get(id);
      assert.ok(r, `${change}: no rule ${id}`);
      assert.is(r!.verdict, verdict, `${change}: ${id}`);
    }
  }
  for (const id of SECURITY) assert.is(byId.get(id)?.security, true, id);
  for (const r of RULES) if (r.security) assert.is.not(r.verdict, 'BREAKING', `${r.id}: the flag is for compatible changes`);
});

test('every field that feeds a digest is watched by a rule', () => {
  const t = base.tools['invoices']!;
  const watched = RULES.map((r) => r.field);
  const covers = (path: string) => watched.some((w) => w === path || (w.endsWith('.*') && path.startsWith(w.slice(0, -1)) && !path.slice(w.length - 1).includes('.')));
  const fields: string[] = [];
  for (const k of Object.keys(surfacePreimage(t))) if (k !== 'actions') fields.push(`surface.${k}`);
  fields.push('surface.actions.*');
  for (const k of Object.keys(t.surface.actions['create']!)) fields.push(`surface.actions.*.${k}`);
  for (const k of Object.keys(behaviorPreimage(t))) {
    if (k === 'cognitiveGuardrails') for (const g of Object.keys(t.behavior.cognitiveGuardrails)) fields.push(`behavior.cognitiveGuardrails.${g}`);
    else fields.push(`behavior.${k}`);
  }
  for (const k of Object.keys(tokenEconomicsPreimage(t))) fields.push(`tokenEconomics.${k}`);
  for (const k of Object.keys(entitlementsPreimage(t))) fields.push(`entitlements.${k}`);
  for (const k of Object.keys(promptPreimage(base.prompts['summarize']!))) fields.push(k === 'arguments' ? 'arguments' : k);
  for (const k of Object.keys(resourcePreimage(base.resources['billing://rates']!))) fields.push(k);
  fields.push('tools.*', 'prompts.*', 'resources.*');
  for (const f of fields) assert.ok(covers(f), `no rule watches ${f}`);
});

test.run();
