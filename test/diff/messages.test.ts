/**
 * Reasons are one line whatever the names: a tool name, action key, tag, argument, schema
 * property or keyword, enum value or description that carries a line break (LF, CR, U+2028,
 * U+2029, NEL), another C0 or C1 control or DEL is shown escaped, so it cannot forge a line in a
 * CI log or an annotation. Names are shown as JSON string literals, so quotes and `: ` inside a
 * name cannot be mistaken for the reason's own punctuation.
 */
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson, type JsonValue } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { MESSAGES, reasonFor, showValue } from '../../src/diff/messages.ts';
import { explainSchemaChange } from '../../src/diff/rules/schema.ts';
import { parseToolsListFile } from '../../src/sources/tools-list-file.ts';
import type { DiffResult } from '../../src/diff/types.ts';
import { applyPatch } from './_patch.ts';

const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;

/** Characters that end a line somewhere (a terminal, a CI log viewer, GitHub's annotation view). */
const BREAKING_CHARS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
const HOSTILE_CHARS = ['\n', '\r', '\u2028', '\u2029', '\u0085', '\u007f', '\u009b', '\u001b', '\t', '\u0000', '"', '\\', ': ', '.', '[', ']', ' ', 'é', '😀'];
const hostileName = fc.array(fc.oneof(fc.constantFrom(...HOSTILE_CHARS), fc.constantFrom('a', 'b', 'z')), { minLength: 1, maxLength: 8 }).map((p) => p.join(''));

function assertOneLine(result: DiffResult, where: string): void {
  for (const d of result.deltas) {
    assert.not.ok(BREAKING_CHARS.test(d.reason), `${where}: ${d.id} reason ${JSON.stringify(d.reason)}`);
    for (const c of d.detail ?? []) assert.not.ok(BREAKING_CHARS.test(c.reason), `${where}: ${c.id} reason ${JSON.stringify(c.reason)}`);
  }
}

test('every message is one line for hostile subjects, actions, fields, keywords and values', () => {
  fc.assert(fc.property(hostileName, hostileName, hostileName, fc.oneof(hostileName, fc.constant(null)), fc.oneof(hostileName, fc.constant(null)), (subject, action, keyword, before, after) => {
    for (const id of Object.keys(MESSAGES)) {
      for (const field of [subject, `arguments[${JSON.stringify(action)}].description`, `behavior.cognitiveGuardrails.${keyword}`]) {
        const reason = reasonFor(id, { subject, action, field, keyword, before, after });
        assert.not.ok(BREAKING_CHARS.test(reason), `${id}: ${JSON.stringify(reason)}`);
      }
    }
    assert.not.ok(BREAKING_CHARS.test(reasonFor('no.such-rule', { subject, field: subject, before, after })));
  }), { numRuns: 60 });
});

test('diffs of contracts named with hostile names give one-line reasons (tools, actions, tags, prompts, resources, schemas)', () => {
  fc.assert(fc.property(hostileName, hostileName, hostileName, hostileName, (tool, action, text, prop) => {
    const b = structuredClone(base);
    b.tools['invoices']!.surface.inputSchema = { type: 'object', properties: { [prop]: { type: 'string', enum: ['x'] } } };
    const a = applyPatch(b, [
      { op: 'replace', path: '/tools/invoices/surface/description', value: `${text}${'long '.repeat(20)}${text}` },
      { op: 'add', path: '/tools/invoices/surface/tags/-', value: text },
      { op: 'add', path: `/tools/invoices/surface/actions/${action.replace(/~/g, '~0').replace(/\//g, '~1')}`, value: structuredClone(base.tools['invoices']!.surface.actions['list']!) },
      { op: 'add', path: '/tools/invoices/surface/actions/create/requiredFields/-', value: text },
      { op: 'replace', path: '/tools/invoices/surface/actions/create/presenterName', value: text },
      { op: 'replace', path: '/tools/invoices/surface/inputSchemaDigest', value: 'f'.repeat(64) },
      { op: 'replace', path: '/tools/invoices/surface/inputSchema', value: { type: 'object', properties: { [prop]: { type: 'string', enum: ['x', text], [text]: 1 } }, required: [prop] } },
      { op: 'add', path: '/tools/invoices/entitlements/raw/-', value: text },
      { op: 'replace', path: '/prompts/summarize/arguments/1/name', value: prop },
      { op: 'replace', path: '/prompts/summarize/arguments/0/description', value: text },
      { op: 'replace', path: '/resources/billing:~1~1rates/mimeType', value: text },
    ]);
    const renamed = structuredClone(a);
    renamed.tools[tool] = { ...renamed.tools['invoices']!, surface: { ...renamed.tools['invoices']!.surface, name: tool } };
    delete renamed.tools['invoices'];
    for (const policy of ['seed', 'semantic'] as const) {
      assertOneLine(diffContracts(b, a, { policy }), policy);
      assertOneLine(diffContracts(a, b, { policy }), `${policy} reversed`);
      assertOneLine(diffContracts(b, renamed, { policy }), `${policy} renamed`);
      assertOneLine(diffContracts({ tools: {}, prompts: {}, resources: {} }, renamed, { policy }), `${policy} added`);
    }
  }), { numRuns: 80 });
});

test('names in reasons are JSON string literals: quotes, dots and ": " inside a name stay inside it', () => {
  const tool = 'a"b: c\nd';
  const r = diffContracts({ tools: {}, prompts: {}, resources: {} }, { prompts: {}, resources: {}, tools: { [tool]: { ...structuredClone(base.tools['invoices']!), surface: { ...structuredClone(base.tools['invoices']!.surface), name: tool } } } });
  const added = r.deltas.find((d) => d.id === 'surface.tool-added')!;
  assert.ok(added.reason.includes(JSON.stringify(tool)), added.reason);
  // A prompt argument whose name has a dot, a bracket and a quote is named whole.
  const arg = 'cust.id ["x"]';
  const b = applyPatch(base, [{ op: 'replace', path: '/prompts/summarize/arguments/1/name', value: arg }]);
  const a = applyPatch(b, [{ op: 'replace', path: '/prompts/summarize/arguments/1/description', value: 'now described' }]);
  const d = diffContracts(b, a).deltas.find((x) => x.id === 'prompts.argument-description-changed')!;
  assert.ok(d.reason.startsWith(`argument ${JSON.stringify(arg)} description changed`), d.reason);
});

test('policy semantic: the seed consequence is cut after the name, even when a name holds ": "', () => {
  const key = 'export: csv';
  const action = { ...structuredClone(base.tools['invoices']!.surface.actions['list']!), inputSchemaDigest: 'a'.repeat(64), inputSchema: { type: 'object', properties: {} } };
  const b = applyPatch(base, [{ op: 'add', path: `/tools/invoices/surface/actions/${key}`, value: action }]);
  const a = applyPatch(b, [
    { op: 'replace', path: `/tools/invoices/surface/actions/${key}/inputSchemaDigest`, value: 'b'.repeat(64) },
    { op: 'replace', path: `/tools/invoices/surface/actions/${key}/inputSchema`, value: { type: 'object', properties: { format: { type: 'string' } } } },
  ]);
  const d = diffContracts(b, a, { policy: 'semantic' }).deltas.find((x) => x.id === 'surface.action-schema-changed')!;
  assert.is(d.verdict, 'SAFE');
  assert.is(d.reason, `action ${JSON.stringify(key)} input schema changed: SAFE by its property-level changes (policy semantic; the SPEC table says RISKY)`);
  // The tool-wide schema rule, whose seed reason has a consequence after ": ", keeps only what changed.
  const tb = structuredClone(base);
  tb.tools['invoices']!.surface.inputSchema = { type: 'object', properties: {} };
  const ta = applyPatch(tb, [
    { op: 'replace', path: '/tools/invoices/surface/inputSchemaDigest', value: 'c'.repeat(64) },
    { op: 'replace', path: '/tools/invoices/surface/inputSchema', value: { type: 'object', properties: { note: { type: 'string' } } } },
  ]);
  const t = diffContracts(tb, ta, { policy: 'semantic' }).deltas.find((x) => x.id === 'surface.input-schema-changed')!;
  assert.is(t.reason, 'input schema changed: SAFE by its property-level changes (policy semantic; the SPEC table says BREAKING)');
});

test('a long value is cut before a JSON escape, never inside one', () => {
  for (const esc of ['\n', '"', '\\', '\u001b']) {
    for (let n = 50; n < 62; n++) {
      const shown = showValue(`${'a'.repeat(n)}${esc}${'b'.repeat(20)}`);
      const kept = shown.slice(0, -1); // without the mark
      assert.ok(shown.endsWith('…'), shown);
      // Every backslash in what is kept starts a whole escape.
      assert.match(kept, /^(?:[^\\]|\\(?:["\\\/bfnrt]|u[0-9a-f]{4}))*$/, `${n} ${JSON.stringify(esc)}: ${shown}`);
    }
  }
});

// @sentry/mcp-server 0.10.0 -> 0.39.0 added `"default": null` to regionUrl: the reason read
// "default changed none → none", as if nothing had changed. A keyword that is not there and one
// whose value is JSON null are told apart.
// firecrawl-mcp 2.0.2 -> 3.26.0 moved sources[] from oneOf to anyOf and changed its choices too: the
// switch's line said "so the same values are accepted" beside the lines of the changed choices.
test('anyOf <-> oneOf whose alternatives exclude each other says the switch itself changes nothing, not that nothing changed', () => {
  const v = (choice: JsonValue): JsonValue => ({ type: 'object', properties: { v: choice } });
  const r = explainSchemaChange(v({ anyOf: [{ type: 'string' }, { type: 'number' }] }), v({ oneOf: [{ type: 'string' }, { type: 'number' }, { type: 'boolean' }] }), 'input')!;
  // The boolean added shares no type with the others: no value matches two, so an alternative added.
  assert.equal(r.map((c) => c.id), ['schema.input.keyword-respelled', 'schema.input.alternative-added']);
  assert.is(r[0]!.reason, 'input $.v lists its alternatives under oneOf instead of anyOf: no value matches two of them, so the switch itself changes nothing accepted');
  assert.not.match(r[0]!.reason, /the same values are accepted/);
});

test('a schema keyword whose value is JSON null reads null, an absent one absent', () => {
  const regionUrl = (extra: Record<string, unknown>) => ({ type: 'object', properties: { regionUrl: { type: ['string', 'null'], ...extra } } });
  const added = explainSchemaChange(regionUrl({}), regionUrl({ default: null }), 'input')!;
  assert.equal(added.map((c) => c.id), ['schema.input.default-changed']);
  assert.match(added[0]!.reason, /default changed absent → null/);
  const dropped = explainSchemaChange(regionUrl({ default: null }), regionUrl({}), 'input')!;
  assert.match(dropped[0]!.reason, /default changed null → absent/);
  const changed = explainSchemaChange(regionUrl({ default: null }), regionUrl({ default: 'https://us.sentry.io' }), 'input')!;
  assert.match(changed[0]!.reason, /default changed null → "https:\/\/us\.sentry\.io"/);
  // An enum value null is a value, not "none".
  const e = explainSchemaChange({ enum: ['a'] }, { enum: ['a', null] }, 'output')!;
  assert.equal(e.map((c) => c.id), ['schema.output.enum-value-added']);
  assert.match(e[0]!.reason, /accepts the new value null/);
  const r = explainSchemaChange({ enum: ['a', null] }, { enum: ['a'] }, 'input')!;
  assert.match(r[0]!.reason, /no longer allows null/);
});

// chrome-devtools-mcp 0.2.6 -> 0.26.0 get_network_request dropped readOnlyHint: true and gave no
// destructiveHint, so it became destructive by MCP's default (destructiveHint defaults to true when
// readOnlyHint is false); the destructive delta said only "its risk class changed".
test('a destructive flag that follows a readOnly flag changed the other way says MCP\'s default', () => {
  const flags = (readOnly: boolean, destructive: boolean): ContractSet => applyPatch(base, [
    { op: 'replace', path: '/tools/invoices/surface/actions/list/readOnly', value: readOnly },
    { op: 'replace', path: '/tools/invoices/surface/actions/list/destructive', value: destructive },
  ]);
  const reason = (b: ContractSet, a: ContractSet): string => diffContracts(b, a).deltas.find((d) => d.id === 'surface.destructive-changed')!.reason;
  const dropped = reason(flags(true, false), flags(false, true));
  assert.match(dropped, /no longer read-only/);
  assert.match(dropped, /MCP's default/);
  assert.match(reason(flags(false, true), flags(true, false)), /read-only now/);
  // Without readOnly changing the other way, nothing about defaults is said.
  assert.not.match(reason(flags(false, false), flags(false, true)), /read-only|default/);
  assert.not.match(reason(flags(true, false), flags(true, true)), /read-only|default/);
});

// @playwright/mcp 0.0.30 -> 0.0.86 closed every input object (`additionalProperties: false`): the
// awareness block told the agent "input $ accepts fewer extra properties absent → false", without
// saying what happens to its call.
test('extra properties restricted says a call with an undeclared property is rejected; allowed, what readers may get', () => {
  const closed = explainSchemaChange({ type: 'object' }, { type: 'object', additionalProperties: false }, 'input')!;
  assert.match(closed[0]!.reason, /false: a call with a property it does not declare is rejected$/);
  const typed = explainSchemaChange({ type: 'object' }, { type: 'object', additionalProperties: { type: 'string' } }, 'input')!;
  assert.match(typed[0]!.reason, /: some calls with properties it does not declare are rejected$/);
  const open = explainSchemaChange({ type: 'object', additionalProperties: false }, { type: 'object' }, 'output')!;
  assert.match(open[0]!.reason, /: readers may get properties they do not expect$/);
});

// A tool renamed and changed in the same release is no rename to the diff (the surfaces differ),
// so it reads as one tool removed and another added. @shopify/dev-mcp 1.0.0 -> 1.16.0 renamed its
// prompt shopify-admin-graphql to shopify_admin_graphql; a tool renamed so with one more optional
// property said nothing linking the two. The reasons now point at each other (verdicts unchanged).
test('a removed and an added tool that look alike (name but for case and separators, input schema, description) name each other', () => {
  const schema = (...props: string[]) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])) });
  const list = (tools: unknown[]) => parseToolsListFile(JSON.stringify({ tools }), 'tools.json');
  const before = list([
    { name: 'search-dev-docs', description: 'Search the docs', inputSchema: schema('prompt') },
    { name: 'fetch_page', description: 'Fetch a page', inputSchema: schema('url', 'depth') },
    { name: 'legacy', description: 'Old', inputSchema: schema('a') },
    { name: 'twin_a', description: 'Twin', inputSchema: schema('t') },
    { name: 'twin_b', description: 'Twin', inputSchema: schema('t') },
  ]);
  const after = list([
    { name: 'searchDevDocs', description: 'Search the docs', inputSchema: schema('prompt', 'max') },
    { name: 'get_page', description: 'Get a page', inputSchema: schema('url', 'depth') },
    { name: 'fresh', description: 'New', inputSchema: schema('b') },
    { name: 'twin', description: 'Twin', inputSchema: schema('t') },
  ]);
  const r = diffContracts(before, after);
  const reason = (id: string, tool: string) => {
    const d = r.deltas.find((x) => x.id === id && x.tool === tool);
    assert.ok(d, `${id} ${tool}`);
    return d!.reason;
  };
  assert.match(reason('surface.tool-removed', 'search-dev-docs'), /"searchDevDocs" was added/);
  assert.match(reason('surface.destructive-tool-added', 'searchDevDocs'), /removed tool "search-dev-docs"/);
  assert.match(reason('surface.tool-removed', 'fetch_page'), /"get_page" was added with the same input schema/);
  assert.match(reason('surface.destructive-tool-added', 'get_page'), /removed tool "fetch_page"/);
  // Nothing alike, or alike two ways at once: no hint.
  for (const t of ['legacy', 'twin_a', 'twin_b']) assert.not.match(reason('surface.tool-removed', t), /was added/, t);
  for (const t of ['fresh', 'twin']) assert.not.match(reason('surface.destructive-tool-added', t), /removed tool/, t);
  assert.equal(r.deltas.filter((d) => d.id === 'surface.tool-removed').map((d) => d.verdict), ['BREAKING', 'BREAKING', 'BREAKING', 'BREAKING', 'BREAKING']);
});

// @modelcontextprotocol/server-everything 2025.5.12 -> 2026.8.31 renamed printEnv to get-env,
// annotatedMessage to get-annotated-message and longRunningOperation to
// trigger-long-running-operation, keeping their inputs and (nearly) their descriptions: each read
// as a tool removed and an unrelated one added, as the names differ by more than case and
// separators. A word of the name in common, the same inputs and a description that keeps most of
// its words now name each other; a shared verb alone, other inputs, another description, or two
// candidates do not.
test('a removed and an added tool renamed beyond case (a word in common, the same inputs, a like description) name each other', () => {
  const schema = (props: string[], required: string[] = []) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])), required });
  const list = (tools: unknown[]) => parseToolsListFile(JSON.stringify({ tools }), 'tools.json');
  const before = list([
    { name: 'printEnv', description: 'Prints all environment variables, helpful for debugging MCP server configuration', inputSchema: schema([]) },
    { name: 'getTinyImage', description: 'Returns the MCP_TINY_IMAGE', inputSchema: schema([]) },
    { name: 'annotatedMessage', description: 'Demonstrates how annotations can be used to provide metadata about content', inputSchema: schema(['messageType', 'includeImage'], ['messageType']) },
    { name: 'longRunningOperation', description: 'Demonstrates a long running operation with progress updates', inputSchema: schema(['duration', 'steps']) },
    // Only the verb in common: no pair, though the descriptions are close.
    { name: 'list_issues', description: 'List issues in a GitHub repository with filtering options', inputSchema: { ...schema(['owner', 'repo']), additionalProperties: false } },
    // The same word and description, but the inputs changed: no pair.
    { name: 'searchDocs', description: 'Search the documentation for a query', inputSchema: schema(['query']) },
    // Two added tools fit: no pair.
    { name: 'fetchPage', description: 'Fetch a web page and return its text', inputSchema: schema(['url']) },
  ]);
  const after = list([
    { name: 'get-env', description: 'Returns all environment variables, helpful for debugging MCP server configuration', inputSchema: schema([]) },
    // Paired by name; with it, two tools of no inputs came, so "the same input schema" pairs none.
    { name: 'get-tiny-image', description: 'Returns a tiny MCP logo image.', inputSchema: schema([]) },
    { name: 'toggle-simulated-logging', description: 'Toggles simulated, random-leveled logging on or off.', inputSchema: schema([]) },
    { name: 'get-annotated-message', description: 'Demonstrates how annotations can be used to provide metadata about content.', inputSchema: { ...schema(['messageType', 'includeImage'], ['messageType']), $schema: 'https://json-schema.org/draft/2020-12/schema' } },
    { name: 'trigger-long-running-operation', description: 'Demonstrates a long running operation with progress updates.', inputSchema: { ...schema(['duration', 'steps']), additionalProperties: false } },
    { name: 'list_pull_requests', description: 'List pull requests in a GitHub repository with filtering options', inputSchema: schema(['owner', 'repo']) },
    { name: 'search_docs_v2', description: 'Search the documentation for a query string', inputSchema: schema(['query', 'limit'], ['limit']) },
    { name: 'get_page', description: 'Fetch a web page and return its text', inputSchema: schema(['url']) },
    { name: 'read_page', description: 'Fetch a web page and return its text', inputSchema: schema(['url']) },
  ]);
  const r = diffContracts(before, after);
  const reason = (id: string, tool: string) => {
    const d = r.deltas.find((x) => x.id === id && x.tool === tool);
    assert.ok(d, `${id} ${tool}`);
    return d!.reason;
  };
  for (const [old, now] of [['printEnv', 'get-env'], ['annotatedMessage', 'get-annotated-message'], ['longRunningOperation', 'trigger-long-running-operation']]) {
    assert.match(reason('surface.tool-removed', old!), `tool ${JSON.stringify(now)} was added with a name with a word in common, the same inputs and a description that keeps most of its words: if it replaces this one, callers must move to it`);
    assert.match(reason('surface.destructive-tool-added', now!), `it may replace the removed tool ${JSON.stringify(old)}`);
  }
  for (const t of ['list_issues', 'searchDocs', 'fetchPage']) assert.not.match(reason('surface.tool-removed', t), /was added/, t);
  for (const t of ['list_pull_requests', 'search_docs_v2', 'get_page', 'read_page']) assert.not.match(reason('surface.destructive-tool-added', t), /removed tool/, t);
  assert.ok(r.deltas.filter((d) => d.id === 'surface.tool-removed').every((d) => d.verdict === 'BREAKING'));
});

// @upstash/context7-mcp 1.0.33 -> 2.0.0 replaced get-library-docs (context7CompatibleLibraryID,
// mode, page, topic) with query-docs (libraryId, query): the inputs changed too, so no look-alike
// way paired them and the removal read as unrelated to the addition. Descriptions here are ours.
test('a removed and an added tool renamed and reworked, inputs changed (same last word, like description, required inputs under like names) name each other', () => {
  const schema = (props: string[], required: string[] = []) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])), required });
  const list = (tools: unknown[]) => parseToolsListFile(JSON.stringify({ tools }), 'tools.json');
  const before = list([
    { name: 'get-library-docs', description: 'Fetches current documentation for a library. Call resolve-library-id first to get the library ID this tool needs.', inputSchema: schema(['context7CompatibleLibraryID', 'topic', 'page'], ['context7CompatibleLibraryID']) },
    // The same last word and a like description, but the title is no longer an input: no pair.
    { name: 'create_issue', description: 'Create a new issue in a GitHub repository', inputSchema: schema(['owner', 'repo', 'title', 'body'], ['owner', 'repo', 'title']) },
    // Two added tools fit: no pair.
    { name: 'get_report', description: 'Return the monthly usage report of the account as JSON', inputSchema: schema(['reportId'], ['reportId']) },
    // No required input to carry over: no pair.
    { name: 'list_regions', description: 'List the regions where servers can be created', inputSchema: schema(['page']) },
  ]);
  const after = list([
    { name: 'query-docs', description: 'Retrieves and queries up-to-date documentation and code examples for any library or framework. Call resolve-library-id first to get the library ID this tool needs.', inputSchema: schema(['libraryId', 'query'], ['libraryId', 'query']) },
    { name: 'update_issue', description: 'Update an existing issue in a GitHub repository', inputSchema: schema(['owner', 'repo', 'issue_number', 'body'], ['owner', 'repo', 'issue_number']) },
    { name: 'fetch_report', description: 'Return the monthly usage report of the account as CSV', inputSchema: schema(['reportId', 'format'], ['reportId']) },
    { name: 'read_report', description: 'Return the monthly usage report of the account as PDF', inputSchema: schema(['reportId', 'pages'], ['reportId']) },
    { name: 'get_regions', description: 'List the regions where new servers can be created', inputSchema: schema(['page', 'size']) },
  ]);
  const r = diffContracts(before, after);
  const reason = (id: string, tool: string) => {
    const d = r.deltas.find((x) => x.id === id && x.tool === tool);
    assert.ok(d, `${id} ${tool}`);
    return d!.reason;
  };
  assert.match(reason('surface.tool-removed', 'get-library-docs'), 'tool "query-docs" was added with the same last name word (generic ones such as tool, data or info passed over), a description that keeps many of its words and its required inputs under like names, though its inputs changed: if it replaces this one, callers must move to it');
  assert.match(reason('surface.destructive-tool-added', 'query-docs'), 'it may replace the removed tool "get-library-docs"');
  for (const t of ['create_issue', 'get_report', 'list_regions']) assert.not.match(reason('surface.tool-removed', t), /was added/, t);
  for (const t of ['update_issue', 'fetch_report', 'read_report', 'get_regions']) assert.not.match(reason('surface.destructive-tool-added', t), /removed tool/, t);
  assert.ok(r.deltas.filter((d) => d.id === 'surface.tool-removed').every((d) => d.verdict === 'BREAKING'));
});

// Each removed tool was tried against up to 32 added ones, each required input against each input
// by its words: 255 required inputs each carried only by a word-alike name at the end made 32
// removed and 32 added tools (0.76 MB) take 5.4 s (test/bench/diff-worst-case). Past 32 required
// inputs or inputs, one is carried over only under its own name.
test('a reworked tool with more than 32 required inputs is paired only when they keep their names', () => {
  const schema = (props: string[], required: string[] = []) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string' }])), required });
  const list = (tools: unknown[]) => parseToolsListFile(JSON.stringify({ tools }), 'tools.json');
  const old = Array.from({ length: 40 }, (_, i) => `field_${i}_value`);
  const renamed = Array.from({ length: 40 }, (_, i) => `field_${i}`);
  const pair = (now: string[]) => {
    const r = diffContracts(
      list([{ name: 'get_report', description: 'Return the monthly usage report of the account as JSON', inputSchema: schema(old, old) }]),
      list([{ name: 'fetch_report', description: 'Return the monthly usage report of the account as CSV', inputSchema: schema(now, now) }]),
    );
    return r.deltas.find((x) => x.id === 'surface.tool-removed')!.reason.includes('"fetch_report" was added');
  };
  assert.is(pair(renamed), false);
  assert.is(pair([...old, 'format']), true);
});

// The similar and reworked hints take the last name word for the thing a tool acts on; a last
// word that names nothing in particular (tool, data, info, list, a version) paired tools that do
// different things to it: describe_tool / run_tool, get_data / delete_data. Such words are passed
// over: the thing named is the last word that is not one of them (get_user_info names a user).
test('a generic last name word (tool, data, info, list, v2) is no thing in common for a rename hint', () => {
  // The added tool's inputs are described, so no two schemas are the same (that look-alike comes first).
  const schema = (props: string[], required: string[] = [], note?: string) => ({ type: 'object', properties: Object.fromEntries(props.map((p) => [p, { type: 'string', ...(note === undefined ? {} : { description: note }) }])), required });
  const list = (tools: unknown[]) => parseToolsListFile(JSON.stringify({ tools }), 'tools.json');
  const before = list([
    { name: 'describe_tool', description: 'Describe a tool by name and return it', inputSchema: schema(['name'], ['name']) },
    { name: 'get_data', description: 'Get the data stored under a key in the cache', inputSchema: schema(['key'], ['key']) },
    { name: 'showInfo', description: 'Show the info of the current session and its settings', inputSchema: schema(['session'], ['session']) },
    { name: 'get_list', description: 'Get the items of a shopping list', inputSchema: schema(['listId']) },
    { name: 'search_v1', description: 'Search the knowledge base for a query', inputSchema: schema(['query'], ['query']) },
    // The thing named sits before the generic word: paired as before, by it.
    { name: 'get_user_info', description: 'Return the profile of a user by their id', inputSchema: schema(['userId'], ['userId']) },
    { name: 'fetch_order_details', description: 'Return the details of an order as JSON', inputSchema: schema(['order_id']) },
  ]);
  const after = list([
    { name: 'run_tool', description: 'Run a tool by name and return it', inputSchema: schema(['name'], ['name'], 'new') },
    { name: 'delete_data', description: 'Delete the data stored under a key in the cache', inputSchema: schema(['key', 'force'], ['key'], 'new') },
    { name: 'clear-info', description: 'Clear the info of the current session and its settings', inputSchema: schema(['session'], ['session'], 'new') },
    { name: 'clear_list', description: 'Clear the items of a shopping list', inputSchema: schema(['listId'], [], 'new') },
    { name: 'purge_v1', description: 'Purge the knowledge base for a query', inputSchema: schema(['query', 'all'], ['query'], 'new') },
    { name: 'user_details', description: 'Return the profile of a user by their id, with roles', inputSchema: schema(['user_id', 'fields'], ['user_id'], 'new') },
    { name: 'get-order', description: 'Return the details of an order as a JSON object', inputSchema: schema(['order_id'], [], 'new') },
  ]);
  const r = diffContracts(before, after);
  const reason = (id: string, tool: string) => {
    const d = r.deltas.find((x) => x.id === id && x.tool === tool);
    assert.ok(d, `${id} ${tool}`);
    return d!.reason;
  };
  for (const t of ['describe_tool', 'get_data', 'showInfo', 'get_list', 'search_v1']) assert.not.match(reason('surface.tool-removed', t), /was added/, t);
  for (const t of ['run_tool', 'delete_data', 'clear-info', 'clear_list', 'purge_v1']) assert.not.match(reason('surface.destructive-tool-added', t), /removed tool/, t);
  assert.match(reason('surface.tool-removed', 'get_user_info'), 'tool "user_details" was added with the same last name word (generic ones such as tool, data or info passed over)');
  assert.match(reason('surface.tool-removed', 'fetch_order_details'), 'tool "get-order" was added with a name with a word in common');
});

// @modelcontextprotocol/server-everything 2025.5.12 -> 2026.8.31 renamed its prompts simple_prompt to
// simple-prompt (and resource_prompt to resource-prompt) with other changes: each read as a prompt
// removed and another added, with nothing linking them, while tools so renamed named each other.
test('a removed and an added prompt that look alike (name but for case and separators, description) name each other', () => {
  const p = (name: string, description: string | null, args: string[] = []) => ({
    name, title: null, description, tags: [], arguments: args.map((a) => ({ name: a, description: null, required: false })), hasMiddleware: false, hydrationTimeout: null,
  });
  const before = { ...structuredClone(base), prompts: { simple_prompt: p('simple_prompt', 'A simple prompt'), old: p('old', 'Brief me'), lone: p('lone', 'x'), summarizeText: p('summarizeText', 'Summarize the given text in three sentences', ['text']) } } as unknown as ContractSet;
  const after = { ...structuredClone(base), prompts: { 'simple-prompt': p('simple-prompt', 'A prompt without arguments'), brief: p('brief', 'Brief me', ['topic']), other: p('other', 'y'), 'get-text-summary': p('get-text-summary', 'Summarize the given text in three sentences.', ['text']) } } as unknown as ContractSet;
  const r = diffContracts(before, after);
  const reason = (id: string, name: string) => r.deltas.find((x) => x.id === id && x.prompt === name)!.reason;
  assert.match(reason('prompts.prompt-removed', 'simple_prompt'), /prompt "simple-prompt" was added with the same name but for case and separators/);
  assert.match(reason('prompts.prompt-added', 'simple-prompt'), /removed prompt "simple_prompt"/);
  assert.match(reason('prompts.prompt-removed', 'old'), /prompt "brief" was added with the same description/);
  assert.match(reason('prompts.prompt-removed', 'summarizeText'), /prompt "get-text-summary" was added with a name with a word in common, the same inputs and a description that keeps most of its words/);
  assert.match(reason('prompts.prompt-added', 'get-text-summary'), /removed prompt "summarizeText"/);
  assert.not.match(reason('prompts.prompt-removed', 'lone'), /was added/);
  assert.not.match(reason('prompts.prompt-added', 'other'), /removed prompt/);
});

test.run();
