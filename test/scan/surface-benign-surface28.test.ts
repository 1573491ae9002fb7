/**
 * Benign set surface28: the tools of real MCP servers from npm that gave surface findings when 34 servers' tools/list
 * (36 listings, 2,751 tools: cloud, GitHub, Jira, Bitbucket, Azure DevOps, Salesforce, Shopify, Xero, Microsoft 365, Lark, Twilio,
 * Figma, Datadog, browser automation, databases …) were scanned in round surface28, verbatim as each server listed them
 * (`servers.json`: package, version, how it was run, how many tools it listed, the names of the others, the tools kept).
 * Each server's kept tools are read as one listing, beside its other tools by name. None may give an error; the only warnings allowed are the ones below, with their reason.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeServer } from '../../src/contract/materialize.ts';

interface Server { package: string; version: string; run: string; listed: number; names: string[]; tools: Array<{ name: string }> }
const servers = JSON.parse(readFileSync(new URL('../fixtures/scan/benign-surface28/servers.json', import.meta.url), 'utf8')) as Server[];
// The other tools of the server stand beside them by name only: which tools are the server's own is part of what is read.
const listing = (s: Server): unknown => ({ tools: [...s.tools, ...s.names.map((name) => ({ name, inputSchema: { type: 'object' } }))] });
const found = servers.flatMap((s) => scanSurface(materializeServer(listing(s) as never)).filter((f) => f.level !== 'note').map((f) => ({ server: s.package, ...f })));

/**
 * Warnings kept, each with why: Lark's descriptions hold pairs of zero-width spaces (U+200B) left from its documentation
 * ("see the **How <U+200B><U+200B>to obtain thread_id** section"). They hide no text (no tag characters, variation
 * selectors or joiner bits) and no order, but they are invisible characters in what the model reads, which the
 * specification says are findings (SPEC §7); a reviewer should see them.
 */
const ALLOWED = new Set(['im_v1_message_list', 'im_v1_thread_forward', 'wiki_v2_space_get'].map((tool) => `@larksuiteoapi/lark-mcp ${tool} surface.hidden-unicode`));

test('the set is whole: 23 tools from 5 listings, as listed', () => {
  assert.is(servers.length, 5);
  assert.is(servers.reduce((n, s) => n + s.tools.length, 0), 23);
  assert.ok(servers.every((s) => s.version !== '' && s.listed === s.tools.length + s.names.length && s.tools.every((t) => typeof t.name === 'string')));
});

test('no tool of the set gives an error', () => {
  assert.equal(found.filter((f) => f.level === 'error').map((f) => `${f.server} ${f.tool} ${f.id} ${f.field}: ${f.detail}`), []);
});

test('the only warnings are the zero-width spaces of Lark documented above', () => {
  assert.equal(found.filter((f) => !ALLOWED.has(`${f.server} ${f.tool} ${f.id}`)).map((f) => `${f.server} ${f.tool} ${f.id} ${f.field}: ${f.detail}`), []);
  for (const f of found) assert.match(f.detail ?? '', /U\+200B/);
  assert.is(found.length, 3);
});

test.run();
