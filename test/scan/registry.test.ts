import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { SCAN_RULES, scanRuleById } from '../../src/scan/rules.ts';
import { CAPABILITY_PATTERNS, GLOBAL_NAMESPACES, lookupModule, resolveReference } from '../../src/scan/pattern-index.ts';
import { FILESYSTEM_HANDLES, FILESYSTEM_MEMBER_MODULES, FILESYSTEM_MODULES } from '../../src/scan/patterns/filesystem.ts';
import { NETWORK_MODULE_PREFIXES, NETWORK_MODULES, NETWORK_NAME_WORDS } from '../../src/scan/patterns/network.ts';
import { SUBPROCESS_MODULES } from '../../src/scan/patterns/subprocess.ts';
import { CRYPTO_MODULES } from '../../src/scan/patterns/crypto.ts';
import { CODE_EVALUATION_MODULES } from '../../src/scan/patterns/code-evaluation.ts';
import { ENVIRONMENT_MODULES } from '../../src/scan/patterns/environment.ts';
import { ENTITLEMENT_FAMILIES } from '../../src/contract/types.ts';
import { describeFinding } from '../../src/scan/describe-finding.ts';

const docs = readFileSync(new URL('../../docs/scan.md', import.meta.url), 'utf8');

test('rule ids are unique, prefixed by their kind, and each has a docs entry', () => {
  const seen = new Set<string>();
  for (const rule of SCAN_RULES) {
    assert.not.ok(seen.has(rule.id), `duplicate id ${rule.id}`);
    seen.add(rule.id);
    assert.match(rule.id, /^[a-z]+(-[a-z]+)*\.[a-z0-9]+(-[a-z0-9]+)*$/, rule.id);
    const prefix = rule.id.split('.')[0]!;
    const expected = rule.kind === 'capability' ? (rule.family === 'codeEvaluation' ? 'code-evaluation' : rule.family) : rule.kind === 'not-analyzed' ? 'scan' : rule.kind;
    assert.is(prefix, expected, rule.id);
    assert.ok(docs.includes(`\`${rule.id}\``), `docs/scan.md has no entry for ${rule.id}`);
    assert.ok(rule.title.length > 10 && !rule.title.endsWith('.'), `title of ${rule.id}`);
  }
});

test('docs/scan.md names every package of a package row', () => {
  for (const p of CAPABILITY_PATTERNS.filter((row) => row.raw === 'module' && row.sources.length > 0)) {
    const line = docs.split('\n').find((l) => l.startsWith(`| \`${p.id}\` |`));
    assert.ok(line !== undefined, `docs/scan.md has no table row for ${p.id}`);
    for (const source of p.sources) {
      const name = source.endsWith('*') ? source.slice(0, -1) : source;
      assert.ok(line.includes(`\`${name}\``), `docs/scan.md row of ${p.id} does not name ${name}`);
    }
  }
});

test('every capability family has patterns; every pattern source is reachable', () => {
  for (const family of [...ENTITLEMENT_FAMILIES, 'environment']) {
    assert.ok(CAPABILITY_PATTERNS.some((p) => p.family === family), family);
  }
  const modules = { ...FILESYSTEM_MODULES, ...NETWORK_MODULES, ...SUBPROCESS_MODULES, ...CRYPTO_MODULES, ...CODE_EVALUATION_MODULES, ...ENVIRONMENT_MODULES };
  const reachable = new Set([...Object.values(modules).map((m) => m.source), ...Object.values(GLOBAL_NAMESPACES).map((m) => m.source), ...Object.values(NETWORK_MODULE_PREFIXES), ...Object.values(NETWORK_NAME_WORDS), 'global', ...Object.keys(FILESYSTEM_HANDLES), 'import.meta']);
  // A member that is an object of its own (ts.sys) is reached through its package's module.
  for (const members of Object.values(FILESYSTEM_MEMBER_MODULES)) for (const m of Object.values(members)) reachable.add(m.source);
  // A handle (a tesseract.js worker) is reached through the call of a row that returns it.
  for (const p of CAPABILITY_PATTERNS) if (p.returns !== undefined) reachable.add(p.returns);
  for (const p of CAPABILITY_PATTERNS) for (const s of p.sources) assert.ok(reachable.has(s), `${p.id}: source "${s}" is not reachable from any module or global`);
  for (const [specifier, m] of Object.entries(modules)) {
    assert.ok(CAPABILITY_PATTERNS.some((p) => p.sources.includes(m.source)), `module "${specifier}" maps to source "${m.source}" without patterns`);
    assert.equal(lookupModule(`node:${specifier}`) ?? lookupModule(specifier), m);
  }
});

test('module lookup: a package named as a scraper or crawler by a whole word of its name', () => {
  assert.equal(lookupModule('youtube-captions-scraper'), { source: 'word:scraper', display: 'youtube-captions-scraper' });
  assert.equal(lookupModule('@acme/site_crawler/dist/index.js'), { source: 'word:crawler', display: '@acme/site_crawler' });
  assert.equal(lookupModule('metascraper'), undefined);
  assert.equal(lookupModule('./scraper.js'), undefined);
  // A package that recognizes crawlers by their User-Agent string fetches nothing; declarations neither.
  for (const name of ['crawler-user-agents', 'es6-crawler-detect', 'is-crawler', '@types/website-scraper']) assert.equal(lookupModule(name), undefined, name);
  assert.equal(lookupModule('website-scraper'), { source: 'word:scraper', display: 'website-scraper' });
  assert.equal(lookupModule('crawlee'), { source: 'crawlee', display: 'crawlee' });
});

test('module lookup: node: and npm: prefixes, subpaths, relative paths never match', () => {
  assert.equal(lookupModule('node:fs/promises'), { source: 'fs', display: 'fs' });
  assert.equal(lookupModule('npm:axios@1.7.0'), { source: 'axios', display: 'axios' });
  assert.equal(lookupModule('@noble/curves/ed25519'), { source: '@noble/curves', display: '@noble/curves' });
  assert.is(lookupModule('./fs'), undefined);
  assert.is(lookupModule('left-pad'), undefined);
  // Service SDK families by prefix, reported under the package's own name.
  assert.equal(lookupModule('@aws-sdk/client-s3'), { source: '@aws-sdk/client-*', display: '@aws-sdk/client-s3' });
  assert.equal(lookupModule('@google-cloud/pubsub/build/src'), { source: '@google-cloud/*', display: '@google-cloud/pubsub' });
  // Named in the service SDK row (its upload and download have filesystem rows): exact, not the prefix.
  assert.equal(lookupModule('@google-cloud/storage/build/src'), { source: '@google-cloud/storage', display: '@google-cloud/storage' });
  assert.is(lookupModule('@aws-sdk/client-'), undefined);
  assert.is(lookupModule('@aws-sdk/types'), undefined);
  // The MCP SDK: client transports are capabilities (with or without .js); the server side is not.
  assert.equal(lookupModule('@modelcontextprotocol/sdk/client/stdio.js')?.source, '@modelcontextprotocol/sdk/client/stdio.js');
  assert.equal(lookupModule('@modelcontextprotocol/sdk/client/stdio')?.source, '@modelcontextprotocol/sdk/client/stdio.js');
  assert.equal(lookupModule('@modelcontextprotocol/sdk/client/streamableHttp.js')?.source, '@modelcontextprotocol/sdk/client/streamableHttp.js');
  assert.is(lookupModule('@modelcontextprotocol/sdk/server/stdio.js'), undefined);
  assert.is(lookupModule('@modelcontextprotocol/sdk/client/index.js'), undefined);
});

test('reference resolution: normalization of default, promises and Sync; ignored members', () => {
  const r = (source: string, display: string, path: string[]) => {
    const x = resolveReference(source, display, path);
    return x === undefined || x === 'ignored' ? x : [x.pattern.id, x.raw];
  };
  assert.equal(r('fs', 'fs', ['default', 'promises', 'writeFile']), ['filesystem.node-fs-write', 'fs.writeFile']);
  assert.equal(r('fs', 'fs', ['readFileSync']), ['filesystem.node-fs-read', 'fs.readFileSync']);
  assert.equal(r('fs', 'fs', ['constants']), 'ignored');
  assert.equal(r('fs', 'fs', []), ['filesystem.node-fs', 'fs']);
  assert.equal(r('global', '', ['fetch']), ['network.fetch', 'fetch']);
  assert.equal(r('Deno', 'Deno', ['cwd']), undefined);
  assert.equal(r('axios', 'axios', ['get']), ['network.http-client-package', 'axios']);
  assert.equal(r('puppeteer', 'puppeteer', ['launch']), ['subprocess.browser-automation-package', 'puppeteer']);
  assert.equal(r('@aws-sdk/client-*', '@aws-sdk/client-s3', ['S3Client']), ['network.service-sdk-package', '@aws-sdk/client-s3']);
  assert.equal(r('express', 'express', []), ['network.server-package', 'express']);
  assert.equal(r('worker_threads', 'worker_threads', ['parentPort']), undefined);
});

test('every rule id renders to a message', () => {
  for (const rule of SCAN_RULES) {
    const text = describeFinding({ id: rule.id, kind: rule.kind, level: rule.defaultLevel, ...(rule.family ? { family: rule.family } : {}), identifier: 'x', detail: 'd', confidence: 'low', tool: 't', field: 'description' });
    assert.ok(text.length > 0, rule.id);
    assert.ok(scanRuleById(rule.id) === rule);
  }
});

test.run();
