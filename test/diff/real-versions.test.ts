/**
 * Diffs of real MCP server releases, from their saved `tools/list` output (trimmed to the tools
 * that show the case, under test/fixtures/versions/). Each case is a change that happened between
 * two published versions; the test pins what a reviewer reads about it.
 */
import { readFileSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import type { Delta } from '../../src/diff/types.ts';
import { parseToolsListFile } from '../../src/sources/tools-list-file.ts';

const load = (file: string) => parseToolsListFile(readFileSync(new URL(`../fixtures/versions/${file}`, import.meta.url), 'utf8'), file);
const only = (deltas: Delta[], id: string): Delta => {
  const hits = deltas.filter((d) => d.id === id);
  assert.is(hits.length, 1, `one ${id} in ${JSON.stringify(deltas.map((d) => d.id))}`);
  return hits[0]!;
};

// server-everything 2026.1.26 lists gzip-file-as-resource without annotations; 2026.8.31 adds
// openWorldHint: true. MCP clients assume an open world when the hint is absent, so neither
// direction changes whether the tool reaches outside systems: the reason must not say it does.
const older = load('everything-gzip-2026.1.26.json');
const newer = load('everything-gzip-2026.8.31.json');

test('server-everything 2026.8.31 -> 2026.1.26: openWorldHint true dropped is not "no longer reaches outside systems"', () => {
  const d = only(diffContracts(newer, older).deltas, 'surface.open-world-disabled');
  assert.is(d.verdict, 'SAFE');
  assert.equal([d.before, d.after], [true, null]);
  assert.not.match(d.reason, /no longer reaches outside systems/);
  assert.match(d.reason, /clients still assume an open world/);
});

test('server-everything 2026.1.26 -> 2026.8.31: openWorldHint true added states the default, it is not "can now reach outside systems"', () => {
  const d = only(diffContracts(older, newer).deltas, 'surface.open-world-enabled');
  assert.is(d.verdict, 'RISKY');
  assert.equal([d.before, d.after], [null, true]);
  assert.not.match(d.reason, /can now reach outside systems/);
  assert.match(d.reason, /clients already assumed an open world/);
});

// @playwright/mcp 0.0.40 -> 0.0.60 changed nothing in browser_navigate but the `$schema` its
// zod emitter writes (draft-07 -> 2020-12), and so in 20 of its 21 tools. The dialect URI
// instructs no model: it is not an annotation, and flagging it as security-relevant buried the
// 2 real security-relevant changes of that release under 20 false ones.
test('@playwright/mcp 0.0.40 -> 0.0.60: a $schema (dialect) change is COSMETIC and not security-relevant', () => {
  const before = load('playwright-navigate-0.0.40.json');
  const after = load('playwright-navigate-0.0.60.json');
  for (const policy of ['seed', 'semantic'] as const) {
    const result = diffContracts(before, after, { policy });
    const d = only(result.deltas, 'surface.input-schema-changed');
    assert.equal(result.deltas.map((x) => x.id), ['surface.input-schema-changed'], policy);
    assert.equal(d.detail?.map((x) => [x.id, x.verdict, x.keyword, x.security === true]), [
      ['schema.input.dialect-changed', 'COSMETIC', '$schema', false],
    ], policy);
    assert.is(d.security === true, false, policy);
    assert.is(result.verdict, policy === 'seed' ? 'BREAKING' : 'COSMETIC');
  }
});

// @notionhq/notion-mcp-server 1.9.1 -> 2.0.0 replaced API-post-page's inline `parent` object with
// {"$ref": "#/$defs/parentRequest"}, a oneOf whose first branch (itself a $ref) is the old object.
// Keyword by keyword, the detail said the type was widened ("callers keep working") and page_id
// "no longer declared", while the definition still has both; and each definition was "added:
// nothing refers to it until a $ref does" although a $ref in the same schema now does. Followed,
// the definitions say what really changed: two more oneOf alternatives (a value matching two is
// rejected), RISKY for callers.
test('@notionhq/notion-mcp-server 1.9.1 -> 2.0.0: an inline object moved behind a $ref is compared with the definition', () => {
  const result = diffContracts(load('notion-post-page-1.9.1.json'), load('notion-post-page-2.0.0.json'));
  const d = only(result.deltas, 'surface.input-schema-changed');
  const parent = d.detail!.filter((x) => x.path === '$.parent' || x.path.startsWith('$.parent.') || x.path.startsWith('$.parent['));
  assert.equal(parent.map((x) => [x.id, x.path, x.verdict]), [
    ['schema.input.exclusive-alternative-added', '$.parent.oneOf[1]', 'RISKY'],
    ['schema.input.exclusive-alternative-added', '$.parent.oneOf[2]', 'RISKY'],
  ]);
  const used = d.detail!.find((x) => x.id === 'schema.input.definition-added' && x.path === '$.$defs.parentRequest');
  assert.ok(used);
  assert.not.match(used!.reason, /nothing refers to it/);
  // Back again: the object is one branch of the old oneOf, the two others are gone (BREAKING).
  // The old alternatives are all open objects, so `{page_id, type}` matched two and was rejected;
  // it is accepted now (diff19: exclusive-alternative-removed, RISKY for readers).
  const back = only(diffContracts(load('notion-post-page-2.0.0.json'), load('notion-post-page-1.9.1.json')).deltas, 'surface.input-schema-changed');
  assert.equal(back.detail!.filter((x) => x.path.startsWith('$.parent')).map((x) => [x.id, x.path]), [
    ['schema.input.exclusive-alternative-removed', '$.parent.oneOf[1]'],
    ['schema.input.exclusive-alternative-removed', '$.parent.oneOf[2]'],
  ]);
});

// @modelcontextprotocol/server-memory 0.6.2 -> 2026.8.31: read_graph gained annotations
// (openWorldHint: false) and an output schema. Neither made the tool stop reaching outside systems
// or made its answers grow: 0.6.2 declared neither, and clients assumed an open world, and a
// token-economics "low" with no output schema is a default, not a measure.
const memOld = load('memory-read-graph-0.6.2.json');
const memNew = load('memory-read-graph-2026.8.31.json');

test('server-memory 0.6.2 -> 2026.8.31: openWorldHint false added is a declaration, not "no longer reaches outside systems"', () => {
  const d = only(diffContracts(memOld, memNew).deltas, 'surface.open-world-disabled');
  assert.is(d.verdict, 'SAFE');
  assert.equal([d.before, d.after], [null, false]);
  assert.not.match(d.reason, /no longer reaches outside systems/);
  assert.match(d.reason, /clients assumed an open world/);
});

test('server-memory 0.6.2 -> 2026.8.31: token economics from a first output schema say the old "low" and "bounded" were defaults', () => {
  const deltas = diffContracts(memOld, memNew).deltas;
  const risk = only(deltas, 'token-economics.inflation-risk-escalated');
  assert.is(risk.verdict, 'BREAKING');
  assert.equal([risk.before, risk.after], ['low', 'high']);
  assert.match(risk.reason, /no output schema was declared before/);
  const unbounded = only(deltas, 'token-economics.collection-unbounded');
  assert.is(unbounded.verdict, 'RISKY');
  assert.match(unbounded.reason, /no output schema was declared before/);
  // With an output schema on both sides the reason stays as it was.
  const boundedNew = structuredClone(memNew);
  const tool = boundedNew.tools['read_graph']!;
  const grown = diffContracts({ ...boundedNew, tools: { read_graph: { ...tool, tokenEconomics: { ...tool.tokenEconomics, inflationRisk: 'low', unboundedCollection: false } } } }, memNew).deltas;
  assert.not.match(only(grown, 'token-economics.inflation-risk-escalated').reason, /declared before/);
  assert.not.match(only(grown, 'token-economics.collection-unbounded').reason, /declared before/);
  // No output schema, but token economics that are not the defaults of none (an MCP Fusion
  // manifest states them): the old value was a measure, and the reason does not say otherwise.
  const oldTool = memOld.tools['read_graph']!;
  const stated = { ...memOld, tools: { read_graph: { ...oldTool, tokenEconomics: { ...oldTool.tokenEconomics, inflationRisk: 'medium' as const, schemaFieldCount: 21 } } } };
  assert.equal(stated.tools.read_graph.behavior.egressSchemaDigest, null);
  const fromStated = diffContracts(stated, memNew).deltas;
  assert.not.match(only(fromStated, 'token-economics.inflation-risk-escalated').reason, /declared before/);
  assert.not.match(only(fromStated, 'token-economics.collection-unbounded').reason, /declared before/);
});

// @modelcontextprotocol/server-memory 2025.9.25 -> 2025.11.25: open_nodes' input schema dropped
// `additionalProperties: false`. The detail read "allows extra properties false → none", as if no
// extra property were allowed after: an absent keyword is shown as absent in schema detail.
test('server-memory 2025.9.25 -> 2025.11.25: a schema keyword that went away is "absent", not "none"', () => {
  const d = only(diffContracts(load('memory-open-nodes-2025.9.25.json'), load('memory-open-nodes-2025.11.25.json')).deltas, 'surface.input-schema-changed');
  const open = d.detail!.find((x) => x.id === 'schema.input.additional-properties-allowed')!;
  assert.equal([open.path, open.before, open.after], ['$', false, null]);
  assert.match(open.reason, /false → absent/);
  const dialect = d.detail!.find((x) => x.id === 'schema.input.dialect-changed')!;
  assert.match(dialect.reason, /absent → "http/);
});

// server-everything 2026.1.14 added get-sum, echo-like and gzip-file-as-resource tools without
// annotations: destructive by MCP's defaults, so each came as "added with a destructive action:
// the model can now destroy data", which reads as nonsense for get-sum unless the reason says why.
test('server-everything: a tool added without annotations is destructive by MCP\'s defaults, and the reason says so', () => {
  const d = only(diffContracts({ ...older, tools: {} }, older).deltas, 'surface.destructive-tool-added');
  assert.is(d.verdict, 'SAFE');
  assert.is(d.security, true);
  assert.match(d.reason, /MCP's default/);
});

// Under the seed policy any input schema change is BREAKING (SPEC 6), and the reason says "calls
// built for the old schema may be rejected". In real upgrades (server-memory 2025.11.25,
// puppeteer 2025.5.12, playwright 0.0.70, kubernetes 4.1.7) most such deltas carry only SAFE or
// COSMETIC detail; a reviewer then reads a BREAKING line whose every explanation says nothing
// breaks. The reason says that the SPEC table decided and what the detail found.
test('seed policy: a schema delta whose detail is all compatible says the SPEC table decided', () => {
  const d = only(diffContracts(load('memory-open-nodes-2025.9.25.json'), load('memory-open-nodes-2025.11.25.json')).deltas, 'surface.input-schema-changed');
  assert.is(d.verdict, 'BREAKING');
  assert.match(d.reason, /calls built for the old schema may be rejected/);
  assert.match(d.reason, /SPEC table/);
  assert.match(d.reason, /SAFE at most/);
  const notion = only(diffContracts(load('notion-post-page-1.9.1.json'), load('notion-post-page-2.0.0.json')).deltas, 'surface.input-schema-changed');
  assert.match(notion.reason, /RISKY at most/);
  // Detail that breaks callers needs no such note.
  const back = only(diffContracts(load('notion-post-page-2.0.0.json'), load('notion-post-page-1.9.1.json')).deltas, 'surface.input-schema-changed');
  assert.not.match(back.reason, /SPEC table/);
  // Under semantic the verdict is the detail's, and the reason says so as before.
  const sem = only(diffContracts(load('memory-open-nodes-2025.9.25.json'), load('memory-open-nodes-2025.11.25.json'), { policy: 'semantic' }).deltas, 'surface.input-schema-changed');
  assert.is(sem.verdict, 'SAFE');
  assert.is(sem.reason, 'input schema changed: SAFE by its property-level changes (policy semantic; the SPEC table says BREAKING)');
});

// diff17 read every BREAKING and RISKY delta of seven npm upgrades, each side locked from the
// package under `unshare -n`: @modelcontextprotocol/server-sequential-thinking 2025.7.1 -> 2026.8.31,
// @modelcontextprotocol/server-filesystem 2025.7.1 -> 2026.8.31, @wonderwhy-er/desktop-commander
// 0.2.3 -> 0.2.52, exa-mcp-server 3.0.5 -> 3.4.1, tavily-mcp 0.2.3 -> 0.2.22, figma-developer-mcp
// 0.4.0 -> 0.13.2, mcp-server-kubernetes 2.9.6 -> 4.1.7. None was wrong; two are pinned here.
// mcp-server-kubernetes 4.1.7 took the string form of exec_in_pod's `command` away (anyOf
// [string, string[]] -> string[]) and stopped declaring `shell` in an object open to extra
// properties: callers sending a string break, callers sending `shell` may be ignored.
test('mcp-server-kubernetes 2.9.6 -> 4.1.7: exec_in_pod command alternative removed (BREAKING), shell undeclared (RISKY)', () => {
  const result = diffContracts(load('kubernetes-exec-in-pod-2.9.6.json'), load('kubernetes-exec-in-pod-4.1.7.json'), { policy: 'semantic' });
  const d = only(result.deltas, 'surface.input-schema-changed');
  assert.is(d.verdict, 'BREAKING');
  const risky = d.detail!.filter((x) => x.verdict !== 'COSMETIC').map((x) => [x.id, x.path, x.verdict]);
  assert.equal(risky, [
    ['schema.input.alternative-removed', '$.command.anyOf[0]', 'BREAKING'],
    ['schema.input.property-undeclared', '$.shell', 'RISKY'],
  ]);
});

// exa-mcp-server 3.4.1 gave web_search_exa's `query` a minLength of 1: an empty query, accepted
// before, is rejected now; everything else said about the tool is its descriptions.
test('exa-mcp-server 3.0.5 -> 3.4.1: web_search_exa query minLength 1 added is BREAKING for callers', () => {
  const d = only(diffContracts(load('exa-web-search-3.0.5.json'), load('exa-web-search-3.4.1.json'), { policy: 'semantic' }).deltas, 'surface.input-schema-changed');
  assert.is(d.verdict, 'BREAKING');
  assert.equal(d.detail!.filter((x) => x.verdict !== 'COSMETIC').map((x) => [x.id, x.path, x.keyword, x.before, x.after]), [
    ['schema.input.bound-tightened', '$.query', 'minLength', null, 1],
  ]);
});

// @modelcontextprotocol/server-filesystem 2026.8.31 made read_media_file's output items an anyOf of
// the old item (type image/audio/blob) without "blob" and a new `resource` item that carries the
// blob instead. Both alternatives are objects, so the node used to be compared whole (one
// keyword-changed); the branch that declares the old item's properties is it, changed (diff19).
test('server-filesystem 2025.12.18 -> 2026.8.31: read_media_file output item wrapped in anyOf: "blob" removed, a resource alternative added', () => {
  const d = only(diffContracts(load('filesystem-read-media-file-2025.12.18.json'), load('filesystem-read-media-file-2026.8.31.json'), { policy: 'semantic' }).deltas, 'behavior.egress-schema-changed');
  assert.is(d.verdict, 'BREAKING');
  assert.equal(d.detail!.map((x) => [x.id, x.path, x.verdict]), [
    ['schema.output.enum-value-removed', '$.content[].type', 'SAFE'],
    ['schema.output.alternative-added', '$.content[].anyOf[1]', 'BREAKING'],
  ]);
});

test.run();
