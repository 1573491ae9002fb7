/**
 * Benign set precision32: tools that send e-mail, post messages, upload files, manage credentials, run shell commands
 * and move money, for the precision of the surface rules.
 *
 * `servers.json`: 14 real MCP servers from npm that no earlier benign set used, chosen by a fixed rule: the npm packages
 * with at least 400 downloads a month whose name or summary says MCP server and names mail, Slack, Discord, upload,
 * vault, secret, password, credential, shell, terminal, command, payment, wallet, proxy or webhook, in order of downloads,
 * that list their tools over stdio with no network and dummy credentials (`unshare -n`). Their 255 tools were listed; from
 * each server the first nine (in its order) whose name or description says send, mail, post, upload, key, token, secret,
 * password, credential, command, exec, shell, hook, pay, wallet, transfer, proxy, webhook, forward, share or invite are
 * kept verbatim, with every tool of those listings that gave a finding: 78 tools and one prompt. Each server's kept tools
 * are read as one listing, beside its other tools by name.
 *
 * `texts.json`: 14 texts precision32 wrote for the false positives the previous session left (a webhook of the user's
 * own, a vendor's key on the vendor's host, a chat-completion request, a mail rule and a calendar share given as an
 * example, a hooks manager's own `core.hooksPath`, a transfer between the user's own accounts, a PEM `pattern`, an upload
 * to the user's own bucket), each as the description of a tool of its own name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeServer, materializeToolsList } from '../../src/contract/materialize.ts';
import type { JsonValue } from '../../src/canonical/strict-json.ts';

interface Server { package: string; version: string; run: string; listed: number; names: string[]; tools: Array<{ name: string }>; prompts: Array<{ name: string }> }
interface Written { kind: string; tool: string; text: string; properties?: Record<string, JsonValue> }
const servers = JSON.parse(readFileSync(new URL('../fixtures/scan/benign-precision32/servers.json', import.meta.url), 'utf8')) as Server[];
const texts = JSON.parse(readFileSync(new URL('../fixtures/scan/benign-precision32/texts.json', import.meta.url), 'utf8')) as Written[];

const listing = (s: Server): unknown => ({ tools: [...s.tools, ...s.names.map((name) => ({ name, inputSchema: { type: 'object' } }))], prompts: s.prompts });
const serverFindings = (): string[] => servers.flatMap((s) => scanSurface(materializeServer(listing(s) as never)).filter((f) => f.level !== 'note')
  .map((f) => `${s.package} ${f.tool ?? f.prompt} ${f.id}/${f.level}`));
const textFindings = (t: Written): string => scanSurface(materializeToolsList({ tools: [{ name: t.tool, description: t.text, inputSchema: { type: 'object', properties: t.properties ?? { query: { type: 'string' }, notes: { type: 'string' } } } }] }))
  .filter((f) => f.level !== 'note').map((f) => `${f.id}/${f.level}`).sort().join(' ');

test('the set is whole: 78 tools and a prompt of 14 servers, 14 written texts', () => {
  assert.is(servers.length, 14);
  assert.is(servers.reduce((n, s) => n + s.tools.length, 0), 78);
  assert.is(servers.reduce((n, s) => n + s.prompts.length, 0), 1);
  assert.is(servers.reduce((n, s) => n + s.listed, 0), 255);
  assert.ok(servers.every((s) => s.version !== '' && s.listed === s.tools.length + s.names.length));
  assert.is(texts.length, 14);
});

/**
 * What the rules still report of the servers' tools, each with why. Measured when the set was written (main at
 * de422f52): two warnings, both of mcp-ssh-manager: `ssh_db_import` ("PostgreSQL uses pg_restore --clean --if-exists
 * which DROPs existing objects before loading", `cue.other-tool`) and `ssh_list_servers` ("Useful as a first call to
 * discover which server names other tools accept", `surface.tool-redirection`).
 */
const SERVERS_STILL_REPORTED = [
  'mcp-ssh-manager ssh_db_import surface.tool-shadowing/warning',
  'mcp-ssh-manager ssh_list_servers surface.tool-redirection/warning',
];

test('the servers\' tools give only the findings still listed', () => {
  assert.equal(serverFindings().sort(), SERVERS_STILL_REPORTED);
});

/**
 * What the rules still report of the written texts, by index. Measured when the set was written (main at de422f52): 11
 * of the 14, 10 errors and a warning; only `WEATHERAPI_KEY` on weatherapi.com (1, 2) was none. After precision32's rows
 * (a model API's kind of request, an example at a reserved name, a hooks tool's own folder, a
 * key tool's PEM format, a webhook that starts the user's automation, a key that spells its host) 3 are left: 10, the whole balance moved to an account number the text writes
 * out "the user chose" (kept on purpose since review34: a number in the tool's text is the server's), and two uploads
 * to "the user's bucket": 12, whose "the user's" the cue rows read as the user's own thing handed over with
 * `GOOGLE_API_KEY` and an address (a warning), and 13, "Upload an object to the user's bucket via https://…", whose
 * words between the verb and the URL are no request of the tool's own to `exfiltration-url`, and whose "access token"
 * after it is read as a secret sent along.
 */
const TEXTS_STILL_REPORTED: Record<number, string> = {
  // Kept on purpose (review34): an account number the tool's text writes out is no choice of the user's.
  10: 'surface.tool-shadowing/error',
  12: 'surface.sensitive-file/warning',
  13: 'surface.exfiltration-url/error',
};

test('the written texts give only the findings still listed', () => {
  const found: Record<number, string> = {};
  texts.forEach((t, i) => { const f = textFindings(t); if (f !== '') found[i] = f; });
  assert.equal(found, TEXTS_STILL_REPORTED);
});

test.run();
