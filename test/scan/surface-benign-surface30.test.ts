/**
 * Benign set surface30: tool texts in languages other than English, for the precision of the surface rules there.
 *
 * `servers.json`: real MCP servers from npm, run over stdio, verbatim as each listed them (package, version, how it was
 * run, how many tools it listed, the names of the others, the tools kept). The rule for keeping a tool: its description,
 * title or a description or title anywhere in its input schema holds a letter outside ASCII (a text not in English; a
 * curly quote or a dash alone does not count). 245 tools from 9 packages (Chinese: AMap, Baidu Map, Alibaba Cloud DevOps,
 * Ant Design, HowToCook, stock-sdk, universal-db-mcp; Japanese: Chatwork; French: project-state-manager), 1,074 texts
 * with such a letter. Each server's kept tools are read as one listing, beside its other tools by name.
 *
 * `texts.json`: 51 texts surface30 wrote in 14 languages that name a key the ordinary way: sent as the credential of the
 * vendor's own API whose host is not the product's name (Jira at atlassian.net, OpenWeather at openweathermap.org, Google
 * at googleapis.com, Azure at microsoft.com and cognitiveservices.azure.com, AWS at amazonaws.com, Feishu/Lark at
 * larksuite.com, WeChat at weixin.qq.com, DingTalk, Baidu at baidubce.com, Aliyun at aliyuncs.com), and 6 that say a key is
 * never sent to another site. Each is read as the description of a tool of its own name.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurface, scanSurfaceText } from '../../src/scan/scan-surface.ts';
import { materializeServer } from '../../src/contract/materialize.ts';

interface Server { package: string; version: string; run: string; listed: number; names: string[]; tools: Array<{ name: string }> }
interface Written { lang: string; kind: 'vendor-auth' | 'negation'; vendor?: string; tool: string; text: string }
const read = <T>(name: string): T => JSON.parse(readFileSync(new URL(`../fixtures/scan/benign-surface30/${name}`, import.meta.url), 'utf8')) as T;
const servers = read<Server[]>('servers.json');
const written = read<Written[]>('texts.json');

const listing = (s: Server): unknown => ({ tools: [...s.tools, ...s.names.map((name) => ({ name, inputSchema: { type: 'object' } }))] });
const serverFindings = servers.flatMap((s) => scanSurface(materializeServer(listing(s) as never)).filter((f) => f.level !== 'note').map((f) => `${s.package} ${f.tool} ${f.id}/${f.level} ${f.field}: ${f.detail}`));
const textFindings = written.map((t) => scanSurfaceText(t.text, { tool: t.tool, field: 'description' }).filter((f) => f.level !== 'note').map((f) => `${f.id}/${f.level}`).sort().join(' '));

/**
 * What the rules still report on the written texts, by index, with the row or pattern that does (measured when the set
 * was written: 34 of the 51 were errors, 33 of them `order.named-secret-placed-any-language`, 7 `exfiltration-url`).
 */
const STILL_REPORTED: Record<number, string> = {
  0: 'surface.sensitive-file/error', 4: 'surface.sensitive-file/error', 5: 'surface.sensitive-file/error', 8: 'surface.sensitive-file/error',
  10: 'surface.exfiltration-url/error', 11: 'surface.sensitive-file/error', 14: 'surface.sensitive-file/error',
  15: 'surface.exfiltration-url/error surface.sensitive-file/error', 16: 'surface.sensitive-file/error', 17: 'surface.sensitive-file/error',
  18: 'surface.sensitive-file/error', 19: 'surface.sensitive-file/error', 21: 'surface.sensitive-file/error', 22: 'surface.sensitive-file/error',
  24: 'surface.sensitive-file/error', 25: 'surface.sensitive-file/error', 26: 'surface.sensitive-file/error',
  29: 'surface.exfiltration-url/error surface.sensitive-file/error', 30: 'surface.sensitive-file/error', 34: 'surface.sensitive-file/error',
  35: 'surface.sensitive-file/error', 37: 'surface.sensitive-file/error', 39: 'surface.sensitive-file/error', 40: 'surface.sensitive-file/error',
  41: 'surface.sensitive-file/error', 42: 'surface.exfiltration-url/error surface.sensitive-file/error', 43: 'surface.sensitive-file/error',
  44: 'surface.sensitive-file/error', 45: 'surface.exfiltration-url/error surface.sensitive-file/error', 46: 'surface.sensitive-file/error',
  47: 'surface.exfiltration-url/error surface.sensitive-file/error', 48: 'surface.exfiltration-url/error surface.sensitive-file/error',
  49: 'surface.sensitive-file/error', 50: 'surface.sensitive-file/error',
};

test('the sets are whole: 245 tools from 9 listings, 51 written texts in 14 languages', () => {
  assert.is(servers.length, 9);
  assert.is(servers.reduce((n, s) => n + s.tools.length, 0), 245);
  assert.ok(servers.every((s) => s.version !== '' && s.run !== '' && s.listed === s.tools.length + s.names.length));
  assert.is(written.length, 51);
  assert.is(new Set(written.map((t) => t.lang)).size, 14);
});

test('no tool of the real servers gives a finding', () => {
  assert.equal(serverFindings, []);
});

test('the written texts give only the findings still listed', () => {
  const found: Record<number, string> = {};
  textFindings.forEach((f, i) => { if (f !== '') found[i] = f; });
  assert.equal(found, STILL_REPORTED);
});

test.run();
