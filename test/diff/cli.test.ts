/**
 * `mcpfusion diff` end to end on real files in temp directories: sides of every kind (lockfile,
 * contracts file, saved tools/list, stdin, `git:<ref>[:path]` in a real repository), `--against`
 * a real MCP server from node_modules, the `--fail-on` gate, every format, and exit 2 on bad input.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseStrictJson } from '../../src/canonical/strict-json.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffCommand } from '../../src/commands/diff.ts';
import { contractSetFromLockfile, parseLockfile } from '../../src/lockfile/parse-lockfile.ts';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { sarifSchemaErrors } from '../scan/_sarif-validator.ts';
import { applyPatch, type PatchOp } from './_patch.ts';
import { mcpfusion } from './_run.ts';

const base = parseStrictJson(readFileSync(new URL('../vectors/diff/base.json', import.meta.url), 'utf8')) as unknown as ContractSet;
const MEMORY = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');

/** A temp dir holding `old.json`/`new.json` (contracts) and `old.lock`/`new.lock` written by `lock`. */
async function workspace(patch: PatchOp[]): Promise<string> {
  const dir = tempDir('mcpfusion-diff-cli-');
  writeFileSync(join(dir, 'old.json'), JSON.stringify(base));
  writeFileSync(join(dir, 'new.json'), JSON.stringify(applyPatch(base, patch)));
  for (const side of ['old', 'new']) {
    const r = await mcpfusion(['lock', '--contracts', `${side}.json`, '--lockfile', `${side}.lock`, '--quiet'], dir);
    assert.is(r.code, 0, r.stderr);
  }
  return dir;
}

const BREAKING: PatchOp[] = [{ op: 'add', path: '/tools/invoices/surface/actions/create/requiredFields/-', value: 'dueDate' }];
const RISKY: PatchOp[] = [{ op: 'replace', path: '/tools/invoices/surface/actions/list/idempotent', value: false }];
const SAFE: PatchOp[] = [{ op: 'replace', path: '/tools/invoices/entitlements/network', value: false }];
const COSMETIC: PatchOp[] = [{ op: 'add', path: '/tools/invoices/surface/tags/-', value: 'beta' }];

test('identical sides: verdict NONE, exit 0, under every --fail-on', async () => {
  const dir = await workspace([]);
  for (const failOn of ['breaking', 'risky', 'safe', 'cosmetic', 'never']) {
    const r = await mcpfusion(['diff', 'old.lock', 'new.lock', '--fail-on', failOn], dir);
    assert.is(r.code, 0, failOn);
    assert.match(r.stdout, /No contract changes\.\nVerdict: NONE/);
  }
  const j = await mcpfusion(['diff', 'old.lock', 'new.json', '--format', 'json'], dir);
  assert.is(JSON.parse(j.stdout).verdict, 'NONE');
});

test('--fail-on: exit 1 exactly when the verdict reaches the threshold (default breaking)', async () => {
  const cases: [PatchOp[], Record<string, number>][] = [
    [BREAKING, { default: 1, breaking: 1, risky: 1, safe: 1, cosmetic: 1, never: 0 }],
    [RISKY, { default: 0, breaking: 0, risky: 1, safe: 1, cosmetic: 1, never: 0 }],
    [SAFE, { default: 0, breaking: 0, risky: 0, safe: 1, cosmetic: 1, never: 0 }],
    [COSMETIC, { default: 0, breaking: 0, risky: 0, safe: 0, cosmetic: 1, never: 0 }],
  ];
  for (const [patch, want] of cases) {
    const dir = await workspace(patch);
    for (const [failOn, code] of Object.entries(want)) {
      const args = ['diff', 'old.lock', 'new.lock', ...(failOn === 'default' ? [] : ['--fail-on', failOn.toUpperCase()])];
      const r = await mcpfusion(args, dir);
      assert.is(r.code, code, `${JSON.stringify(patch)} --fail-on ${failOn}: ${r.stdout}${r.stderr}`);
    }
  }
});

test('sides of every kind give the same deltas: lockfile, contracts file, stdin, saved tools/list', async () => {
  const dir = await workspace(BREAKING);
  const json = async (args: string[], stdin = '') => {
    const r = await mcpfusion(['diff', ...args, '--format', 'json', '--fail-on', 'never'], dir, {}, stdin);
    assert.is(r.code, 0, r.stderr);
    return JSON.parse(r.stdout);
  };
  const a = await json(['old.lock', 'new.lock']);
  const b = await json(['old.json', 'new.json']);
  // `-` is stdin. cac drops a bare `-` argument before the command sees it, so this calls the
  // command directly (see the report to the lead: src/cli.ts must pass `-` through).
  let out = '';
  const code = await diffCommand.run(['-', 'new.lock'], { format: 'json', failOn: 'never' }, {
    stdout: (t) => { out += t; }, stderr: () => {}, cwd: dir, env: {}, color: false,
    readStdin: async () => readFileSync(join(dir, 'old.lock'), 'utf8'),
  });
  assert.is(code, 0);
  const c = JSON.parse(out);
  assert.equal(a.deltas, b.deltas);
  assert.equal(a.deltas, c.deltas);
  assert.equal(a.deltas.map((d: { id: string }) => d.id), ['surface.required-field-added']);
  assert.is(a.old, 'lockfile "old.lock"');
  assert.is(b.new, 'contracts file "new.json"');
  assert.is(c.old, 'lockfile "stdin"');

  // A saved tools/list (MCP result, JSON-RPC response, bare array) against the lockfile made from it.
  const tools = [
    { name: 'echo', description: 'Echo a message', inputSchema: { type: 'object', properties: { message: { type: 'string' } }, required: ['message'] } },
    { name: 'wipe', inputSchema: { type: 'object' }, annotations: { destructiveHint: true } },
  ];
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools }));
  writeFileSync(join(dir, 'rpc.json'), JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }));
  writeFileSync(join(dir, 'bare.json'), JSON.stringify(tools));
  const locked = await mcpfusion(['lock', '--tools-list', 'tools.json', '--lockfile', 'tools.lock', '--quiet'], dir);
  assert.is(locked.code, 0, locked.stderr);
  for (const f of ['tools.json', 'rpc.json', 'bare.json']) assert.is((await json(['tools.lock', f])).verdict, 'NONE', f);
  const changed = [{ ...tools[0]!, inputSchema: { ...tools[0]!.inputSchema, properties: { message: { type: 'string' }, loud: { type: 'boolean' } } } }];
  writeFileSync(join(dir, 'changed.json'), JSON.stringify({ tools: changed }));
  const d = await json(['tools.json', 'changed.json', '--policy', 'semantic']);
  assert.equal(d.deltas.map((x: { id: string; verdict: string }) => `${x.id}:${x.verdict}`), [
    'surface.input-schema-changed:SAFE', // the default action mirrors the tool schema: no second delta
    'surface.tool-removed:BREAKING',
  ]);
});

test('a saved tools/list side warns about its listing as lock does (annotation hints, input schema not an object); --quiet leaves it out', async () => {
  const dir = tempDir('mcpfusion-diff-cli-');
  const tools = [
    { name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'true' } },
    { name: 'wipe', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, destructiveHint: true } },
    { name: 'loose', inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#' } },
  ];
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools }));
  const warningLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('warning: ['));
  const lock = await mcpfusion(['lock', '--tools-list', 'tools.json', '--lockfile', 'tools.lock'], dir);
  assert.is(lock.code, 0, lock.stderr);
  const fromLock = warningLines(lock.stderr);
  assert.equal(fromLock.map((l) => /^warning: \[([a-z.-]+)\]/.exec(l)?.[1]), [
    'annotations.hint-not-boolean', 'annotations.read-only-and-destructive', 'schema.input-not-object',
  ]);
  // NEW, OLD, stdin and git sides: the same lines as lock wrote, once per tools/list side, each
  // ending with the side it came from.
  const from = (role: string, label: string) => fromLock.map((l) => `${l} (${role}: ${label})`);
  const asNew = await mcpfusion(['diff', 'tools.lock', 'tools.json'], dir);
  assert.is(asNew.code, 0, asNew.stderr);
  assert.equal(warningLines(asNew.stderr), from('NEW', 'tools/list file "tools.json"'));
  const asOld = await mcpfusion(['diff', 'tools.json', 'tools.lock', '--format', 'json'], dir);
  assert.is(JSON.parse(asOld.stdout).verdict, 'NONE');
  assert.equal(warningLines(asOld.stderr), from('OLD', 'tools/list file "tools.json"'));
  const both = await mcpfusion(['diff', 'tools.json', 'tools.json'], dir);
  assert.equal(warningLines(both.stderr), [...from('OLD', 'tools/list file "tools.json"'), ...from('NEW', 'tools/list file "tools.json"')]);
  let stderr = '';
  const code = await diffCommand.run(['-', 'tools.lock'], { format: 'json' }, {
    stdout: () => {}, stderr: (t) => { stderr += t; }, cwd: dir, env: {}, color: false,
    readStdin: async () => JSON.stringify({ jsonrpc: '2.0', id: 1, result: { tools } }),
  });
  assert.is(code, 0);
  assert.equal(warningLines(stderr), fromLock.map((l) => `${l.replace('$.tools', '$.result.tools')} (OLD: tools/list file "stdin")`));
  const quiet = await mcpfusion(['diff', 'tools.lock', 'tools.json', '--quiet'], dir);
  assert.is(quiet.stderr, '');
  // A lockfile or contracts file side has no hints to warn about.
  const plain = await mcpfusion(['diff', 'tools.lock', 'tools.lock'], dir);
  assert.equal(warningLines(plain.stderr), []);
});

test('a contracts file with an action both read-only and destructive warns the same way in lock and in each diff side', async () => {
  const dir = tempDir('mcpfusion-diff-cli-');
  const doc = JSON.parse(JSON.stringify(base));
  Object.assign(doc.tools.invoices.surface.actions.create, { readOnly: true, destructive: true });
  writeFileSync(join(dir, 'both.json'), JSON.stringify(doc));
  const warningLines = (stderr: string) => stderr.split('\n').filter((l) => l.startsWith('warning: ['));
  const lock = await mcpfusion(['lock', '--contracts', 'both.json', '--lockfile', 'both.lock'], dir);
  assert.is(lock.code, 0, lock.stderr);
  const fromLock = warningLines(lock.stderr);
  assert.is(fromLock.length, 1, lock.stderr);
  assert.match(fromLock[0]!, /^warning: \[annotations\.read-only-and-destructive\] \$\.tools\.invoices\.surface\.actions\.create: tool "invoices" action "create"/);
  const d = await mcpfusion(['diff', 'both.lock', 'both.json'], dir);
  assert.is(d.code, 0, d.stderr);
  assert.equal(warningLines(d.stderr), [`${fromLock[0]} (NEW: contracts file "both.json")`]);
  assert.is((await mcpfusion(['lock', '--contracts', 'both.json', '--lockfile', 'both.lock', '--quiet'], dir)).stderr, '');
});

test('git:<ref>[:path] reads a lockfile from history in a real repository', async () => {
  const dir = await workspace(BREAKING);
  const git = (...args: string[]) => {
    const r = spawnSync('git', ['-c', 'user.email=t@example.invalid', '-c', 'user.name=t', '-c', 'commit.gpgsign=false', ...args], { cwd: dir, encoding: 'utf8' });
    assert.is(r.status, 0, r.stderr);
  };
  git('init', '-q', '.');
  writeFileSync(join(dir, 'mcpfusion.lock'), readFileSync(join(dir, 'old.lock')));
  git('add', 'mcpfusion.lock', 'old.lock');
  git('commit', '-q', '-m', 'lock');
  writeFileSync(join(dir, 'mcpfusion.lock'), readFileSync(join(dir, 'new.lock')));
  const ids = async (args: string[]) => {
    const r = await mcpfusion(['diff', ...args, '--format', 'json', '--fail-on', 'never'], dir);
    assert.is(r.code, 0, r.stderr);
    return JSON.parse(r.stdout).deltas.map((d: { id: string }) => d.id);
  };
  assert.equal(await ids(['git:HEAD', 'mcpfusion.lock']), ['surface.required-field-added']);
  assert.equal(await ids(['git:HEAD:old.lock', 'new.lock']), ['surface.required-field-added']);
  assert.equal(await ids(['git:HEAD:mcpfusion.lock', 'git:HEAD:old.lock']), []);
  assert.equal(await ids(['git:HEAD', 'new.lock', '--lockfile', 'old.lock']), ['surface.required-field-added']);
  const bad = await mcpfusion(['diff', 'git:no-such-ref', 'mcpfusion.lock'], dir);
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /at git revision "no-such-ref"/);
  const missing = await mcpfusion(['diff', 'git:HEAD:absent.lock', 'mcpfusion.lock'], dir);
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /absent\.lock/);
  // A "revision" that git would read as its option (--output writes a file) is refused before git runs.
  mkdirSync(join(dir, 'inj:.'));
  const injected = await mcpfusion(['diff', `git:--output=${join(dir, 'inj')}`, 'mcpfusion.lock'], dir);
  assert.is(injected.code, 2);
  assert.match(injected.stderr, /is not a git revision \(a revision cannot start with "-"\)/);
  assert.not.ok(existsSync(join(dir, 'inj:.', 'mcpfusion.lock')), 'git wrote nothing');
});

test('--against OLD: a real MCP server (server-memory over stdio) is NEW', async () => {
  const dir = tempDir('mcpfusion-diff-live-');
  const server = `node ${MEMORY}`;
  const env = { MEMORY_FILE_PATH: join(dir, 'memory.jsonl') };
  const locked = await mcpfusion(['lock', '--server', server, '--lockfile', 'live.lock', '--quiet'], dir, env);
  assert.is(locked.code, 0, locked.stderr);
  const same = await mcpfusion(['diff', '--against', 'live.lock', '--server', server], dir, env);
  assert.is(same.code, 0, same.stderr);
  assert.match(same.stdout, /Verdict: NONE/);
  // An approved contract with one more tool than the server now has: the tool was removed.
  const approved = contractSetFromLockfile(parseLockfile(readFileSync(join(dir, 'live.lock'), 'utf8')));
  const ghost = structuredClone(approved.tools['read_graph']!);
  ghost.surface.name = 'export_graph';
  ghost.surface.description = 'Export the whole graph';
  approved.tools['export_graph'] = ghost;
  writeFileSync(join(dir, 'approved.json'), JSON.stringify(approved));
  const drift = await mcpfusion(['diff', '--against', 'approved.json', '--server', server, '--format', 'json'], dir, env);
  assert.is(drift.code, 1, drift.stderr);
  const report = JSON.parse(drift.stdout);
  assert.equal(report.deltas.map((d: { id: string; tool: string }) => `${d.id}:${d.tool}`), ['surface.tool-removed:export_graph']);
  assert.match(report.new, /server/);
});

test('formats through the CLI: markdown, github with $GITHUB_STEP_SUMMARY, sarif, awareness; json is byte-stable', async () => {
  const dir = await workspace([...BREAKING, ...RISKY, { op: 'replace', path: '/tools/invoices/behavior/cognitiveGuardrails/agentLimitMax', value: 99 }]);
  const md = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'markdown'], dir);
  assert.is(md.code, 1);
  assert.match(md.stdout, /^## 🔴 mcpfusion contract diff: BREAKING · gate failed/);
  const summary = join(dir, 'summary.md');
  const gh = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'github', '--fail-on', 'never'], dir, { GITHUB_STEP_SUMMARY: summary });
  assert.is(gh.code, 0);
  assert.match(gh.stdout, /^::error file=new\.lock,title=BREAKING%3A surface\.required-field-added::tool invoices action create/m);
  assert.match(gh.stdout, /^::warning file=new\.lock,title=RISKY \[security\]%3A behavior\.guardrail-loosened::/m);
  assert.ok(existsSync(summary));
  assert.match(readFileSync(summary, 'utf8'), /^## 🔴 mcpfusion contract diff: BREAKING · gate passed/);
  const sarif = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'sarif'], dir);
  assert.is(sarif.code, 1);
  const log = JSON.parse(sarif.stdout);
  assert.equal(sarifSchemaErrors(log), []);
  assert.is(log.runs[0].results.length, 3);
  assert.is(log.runs[0].results[0].locations[0].physicalLocation.artifactLocation.uri, 'new.lock');
  const aw = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'awareness', '--tool', 'invoices', '--action', 'create', '--max-deltas', '1', '--fail-on', 'never'], dir);
  assert.is(aw.code, 0);
  assert.match(aw.stdout, /^<contract_awareness tool="invoices" action="create">\n/);
  assert.equal([...aw.stdout.matchAll(/<delta /g)].length, 1);
  assert.match(aw.stdout, /<omitted count="1">/);
  // Only a SAFE change: the tool exists but nothing concerns it, so there is no block.
  const safe = await workspace(SAFE);
  const none = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'awareness', '--tool', 'invoices', '--fail-on', 'never'], safe);
  assert.is(none.code, 0, none.stderr);
  assert.is(none.stdout, '');
  assert.match(none.stderr, /No BREAKING or RISKY change concerns tool "invoices": no block/);
  const j1 = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'json'], dir);
  const j2 = await mcpfusion(['diff', 'old.lock', 'new.lock', '--format', 'json'], dir);
  assert.is(j1.stdout, j2.stdout);
  assert.is(JSON.parse(j1.stdout).failed, true);
});

test('bad input exits 2 with a message naming the problem', async () => {
  const dir = await workspace([]);
  writeFileSync(join(dir, 'broken.json'), '{"tools": {');
  writeFileSync(join(dir, 'dup.json'), '{"tools": {}, "tools": {}}');
  writeFileSync(join(dir, 'v7.lock'), readFileSync(join(dir, 'old.lock'), 'utf8').replace('"lockfileVersion": 1', '"lockfileVersion": 7'));
  writeFileSync(join(dir, 'cut.lock'), readFileSync(join(dir, 'old.lock'), 'utf8').slice(0, 200));
  // One of mcpfusion's additions taken out of an entry that keeps the others: an edited mcpfusion
  // lockfile, not MCP Fusion's own format (test/diff/cli-fusion.test.ts diffs that).
  const fusion = JSON.parse(readFileSync(join(dir, 'old.lock'), 'utf8'));
  delete fusion.capabilities.tools.invoices.entitlements.raw;
  writeFileSync(join(dir, 'edited.lock'), JSON.stringify(fusion));
  const cases: [string[], RegExp][] = [
    [['diff', 'old.lock', 'absent.lock'], /absent\.lock.*does not exist/],
    [['diff', 'old.lock', 'broken.json'], /broken\.json/],
    [['diff', 'old.lock', 'dup.json'], /[Dd]uplicate/],
    [['diff', 'old.lock', 'v7.lock'], /lockfileVersion is 7/],
    [['diff', 'old.lock', 'cut.lock'], /^error: Invalid JSON in "cut\.lock" at line \d+, column \d+: .*; restore "cut\.lock" from version control, or write it again\n$/],
    [['diff', 'broken.json', 'old.lock'], /the document is truncated; restore "broken\.json" from version control, or write it again\n$/],
    [['diff', 'old.lock', 'edited.lock'], /Invalid lockfile "edited\.lock":\n {2}\$\.capabilities\.tools\.invoices: lacks entitlements\.raw, which mcpfusion records/],
    [['diff', 'old.lock'], /needs two sides/],
    [['diff'], /needs two sides/],
    [['diff', 'old.lock', 'new.lock', '--fail-on', 'sometimes'], /Invalid --fail-on "sometimes"/],
    [['diff', 'old.lock', 'new.lock', '--policy', 'strict'], /Invalid --policy "strict"/],
    [['diff', 'old.lock', 'new.lock', '--format', 'yaml'], /--format yaml is not supported/],
    [['diff', 'old.lock', 'new.lock', '--format', 'awareness'], /needs --tool/],
    [['diff', 'old.lock', 'new.lock', '--tool', 'x'], /^error: --tool does not apply to `diff --format text`: it shapes the <contract_awareness> block that only --format awareness prints; add --format awareness, or drop it\n$/],
    [['diff', 'old.lock', 'new.lock', '--format', 'json', '--max-deltas', '3'], /^error: --max-deltas does not apply to `diff --format json`/],
    [['diff', 'old.lock', 'new.lock', '--format', 'awareness', '--tool', 'x', '--max-deltas', '0'], /--max-deltas must be a positive integer/],
    [['diff', 'old.lock', 'new.lock', '--format', 'awareness', '--tool', 'invoice'], /--tool "invoice" is in neither side; the tools are "invoices"$/m],
    [['diff', 'old.lock', 'new.lock', '--format', 'awareness', '--tool', 'invoices', '--action', 'crate'], /--action "crate" is not an action of tool "invoices" on either side; its actions are "create", "list"$/m],
    [['diff', 'old.lock', 'new.lock', '--contracts', 'new.json'], /only together with --against/],
    [['diff', 'old.lock', '--against', 'old.lock'], /either OLD and NEW, or --against/],
    [['diff', 'git:', 'new.lock'], /expected git:<ref>/],
  ];
  const both = await diffCommand.run(['-', '-'], {}, { stdout: () => {}, stderr: () => {}, cwd: dir, env: {}, color: false, readStdin: async () => '' })
    .then(() => 'ran', (e: Error) => e.message);
  assert.match(both, /Only one side can be read from stdin \(-\): stdin is one stream, read once\. Give the other side as a file or git:<ref>\[:path\]/);
  for (const [args, message] of cases) {
    const r = await mcpfusion(args, dir);
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    // With --format json the error is a JSON document on stdout too (servers27); else stdout stays empty.
    if (args.includes('json')) assert.equal((JSON.parse(r.stdout) as { error: { exitCode: number } }).error.exitCode, 2, args.join(' '));
    else assert.is(r.stdout, '', args.join(' '));
  }
});

test('the built bundle runs diff (npm test builds dist/ first)', () => {
  assert.ok(existsSync(BUNDLE), 'dist/mcpfusion.js is missing: run npm run build');
  const dir = tempDir('mcpfusion-diff-bin-');
  writeFileSync(join(dir, 'a.json'), JSON.stringify(base));
  writeFileSync(join(dir, 'b.json'), JSON.stringify(applyPatch(base, BREAKING)));
  const r = runCli(['diff', 'a.json', 'b.json', '--format', 'json'], { cwd: dir });
  assert.is(r.code, 1, r.stderr);
  assert.equal(JSON.parse(r.stdout).deltas.map((d: { id: string }) => d.id), ['surface.required-field-added']);
});

test.run();
