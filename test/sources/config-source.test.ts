import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';
import { resolveSource } from '../../src/sources/resolve-source.ts';
import type { Io } from '../../src/commands/command.ts';
import type { LoadedConfig } from '../../src/sources/config.ts';

const NODE = process.execPath;
const H = (s: string): string => createHash('sha256').update(s, 'utf8').digest('hex');

const TOOLS_LIST = {
  tools: [
    { name: 'search', description: 'Search', inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] }, annotations: { readOnlyHint: true } },
    { name: 'wipe', inputSchema: { type: 'object' } },
  ],
};

function io(cwd: string, env: Record<string, string> = {}): Io {
  return { stdout: () => {}, stderr: () => {}, cwd, env, readStdin: async () => '', color: false };
}

test('--tools-list reads a saved result (file or stdin) and materializes it like a live server', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(TOOLS_LIST));
  const lock = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  const locked = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'));
  assert.equal(Object.keys(locked.capabilities.tools), ['search', 'wipe']);
  assert.equal(locked.capabilities.tools.wipe.behavior.destructiveActions, ['default']);
  const fromStdin = runCli(['digest', '--format', 'json', '--tools-list=-'], { cwd: dir, input: JSON.stringify(TOOLS_LIST.tools) });
  assert.is(fromStdin.code, 0, fromStdin.stderr);
  assert.is(`sha256:${JSON.parse(fromStdin.stdout).integrityDigest}`, locked.integrityDigest);
  assert.is(runCli(['check', '--tools-list', 'tools.json'], { cwd: dir }).code, 0);
});

test('a file the config names in another folder is shown from the working directory, as its lockfile is, not as written there', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'conf'));
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(TOOLS_LIST));
  writeFileSync(join(dir, 'conf', 'mcpfusion.jsonc'), '{ "source": { "toolsList": "../tools.json" }, "lockfile": "../locks/m.lock" }');
  mkdirSync(join(dir, 'locks'));
  const lock = runCli(['lock', '--config', 'conf/mcpfusion.jsonc'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  // "../tools.json" from the working directory would be outside it.
  assert.match(lock.stdout, /^Wrote locks\/m\.lock from tools\/list file "tools\.json": 2 tools/);
  writeFileSync(join(dir, 'conf', 'mcpfusion.jsonc'), '{ "source": { "contracts": "../tools.json" }, "lockfile": "../locks/m.lock" }');
  const misplaced = runCli(['check', '--config', 'conf/mcpfusion.jsonc'], { cwd: dir });
  assert.is(misplaced.code, 2);
  assert.match(misplaced.stderr, /^error: Invalid contracts file "tools\.json": it is a saved tools\/list result/);
  // The server's working directory too, with the key that names it (it said "missing", a folder
  // that is not where it was looked for, and no word of the config).
  writeFileSync(join(dir, 'conf', 'mcpfusion.jsonc'), '{ "source": { "server": "node server.mjs", "cwd": "missing" }, "lockfile": "../locks/m.lock" }');
  const cwd = runCli(['check', '--config', 'conf/mcpfusion.jsonc'], { cwd: dir });
  assert.equal([cwd.code, cwd.stderr], [2, 'error: The server working directory "conf/missing" (source.cwd in conf/mcpfusion.jsonc) does not exist or is not a directory\n']);
});

test('a bad tools/list file is an input error (exit 2) naming the JSON path; duplicate keys are refused', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'bad.json'), JSON.stringify({ tools: [{ name: 'a' }, { name: 'a', inputSchema: { type: 'object' } }, { name: 'a', inputSchema: { type: 'object' } }] }));
  const r = runCli(['lock', '--tools-list', 'bad.json'], { cwd: dir });
  assert.is(r.code, 2);
  assert.match(r.stderr, /Invalid tools\/list file "bad\.json"/);
  assert.match(r.stderr, /\$\.tools\[0\]\.inputSchema: missing/);
  assert.match(r.stderr, /\$\.tools\[2\]\.name: the tool name "a" is listed twice/);
  writeFileSync(join(dir, 'dup.json'), '{"tools": [], "tools": []}');
  const dup = runCli(['lock', '--tools-list', 'dup.json'], { cwd: dir });
  assert.is(dup.code, 2);
  assert.match(dup.stderr, /duplicate/i);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test('annotation hints that do not say what they mean are locked by the MCP defaults, with a warning per hint on stderr (lock and check)', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [
    { name: 'read', inputSchema: { type: 'object' }, annotations: { readOnlyHint: 'true' } },
    { name: 'wipe', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true, destructiveHint: true } },
  ] }));
  const lock = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  assert.match(lock.stderr, /warning: \[annotations\.hint-not-boolean\] \$\.tools\[0\]\.annotations\.readOnlyHint: tool "read" gives "true"/);
  assert.match(lock.stderr, /warning: \[annotations\.read-only-and-destructive\] \$\.tools\[1\]\.annotations: tool "wipe"/);
  const locked = JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'));
  assert.equal(locked.capabilities.tools.read.behavior.destructiveActions, ['default']);
  assert.equal(locked.capabilities.tools.wipe.behavior.readOnlyActions, ['default']);
  const check = runCli(['check', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(check.code, 0, check.stderr);
  assert.match(check.stderr, /annotations\.hint-not-boolean/);
});

test('mcpfusion.jsonc names the source, serverName, lockfile and the overlay; check follows the same config', () => {
  const dir = tempDir();
  mkdirSync(join(dir, 'snap'));
  writeFileSync(join(dir, 'snap', 'tools.json'), JSON.stringify(TOOLS_LIST));
  writeFileSync(join(dir, 'mcpfusion.jsonc'), `{
    // a project config
    "serverName": "searcher",
    "lockfile": "locks/search.lock",
    "source": { "toolsList": "snap/tools.json" },
    "tools": {
      "search": {
        "systemRules": ["Cite sources", "Be brief"],
        "middleware": ["auth"],
        "affordances": ["wipe"],
        "tags": ["docs"],
        "guardrails": { "agentLimitMax": 20 },
        "presenter": "ResultView",
      },
      "wipe": { "actions": { "all": { "destructive": true }, "one": { "readOnly": false, "idempotent": true, "requiredFields": ["id"] } } },
      "typo": {},
    },
  }`);
  mkdirSync(join(dir, 'locks'));
  const r = runCli(['lock'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /warning: mcpfusion\.jsonc has an overlay for the tool "typo", but the source lists no such tool/);
  const lock = JSON.parse(readFileSync(join(dir, 'locks', 'search.lock'), 'utf8'));
  assert.is(lock.serverName, 'searcher');
  const search = lock.capabilities.tools.search;
  assert.is(search.behavior.systemRulesFingerprint, `static:${H('Be brief,Cite sources')}`);
  assert.equal(search.behavior.middlewareChain, ['auth']);
  assert.equal(search.behavior.affordanceTopology, ['wipe']);
  assert.equal(search.surface.tags, ['docs']);
  assert.is(search.behavior.cognitiveGuardrails.agentLimitMax, 20);
  assert.is(search.tokenEconomics.baseOverheadTokens, 70);
  assert.is(search.surface.actionContracts.default.presenterName, 'ResultView');
  assert.equal(lock.capabilities.tools.wipe.surface.actions, ['all', 'one']);
  assert.equal(lock.capabilities.tools.wipe.surface.actionContracts.one.requiredFields, ['id']);
  assert.is(runCli(['check'], { cwd: dir }).code, 0);

  // Editing the overlay is drift, like a change of the server.
  const config = readFileSync(join(dir, 'mcpfusion.jsonc'), 'utf8');
  writeFileSync(join(dir, 'mcpfusion.jsonc'), config.replace('"Be brief"', '"Be very brief"'));
  const drift = runCli(['check'], { cwd: dir });
  assert.is(drift.code, 1);
  assert.match(drift.stdout, /tool changed: +search \(behavior/);
});

test('flags override the config: a source flag replaces it, --lockfile and --name win, --config points elsewhere', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(TOOLS_LIST));
  mkdirSync(join(dir, 'cfg'));
  writeFileSync(join(dir, 'cfg', 'mcp.jsonc'), `{ "serverName": "from-config", "lockfile": "x.lock", "source": { "server": "${NODE} ${fixture('exits-at-once.mjs')}" } }`);
  const r = runCli(['lock', '--config', 'cfg/mcp.jsonc', '--tools-list', 'tools.json', '--lockfile', 'mine.lock', '--name', 'flag-name'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.is(JSON.parse(readFileSync(join(dir, 'mine.lock'), 'utf8')).serverName, 'flag-name');
  const viaConfig = runCli(['lock', '--config', 'cfg/mcp.jsonc', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(viaConfig.code, 0, viaConfig.stderr);
  assert.is(JSON.parse(readFileSync(join(dir, 'cfg', 'x.lock'), 'utf8')).serverName, 'from-config');
  const configServer = runCli(['lock', '--config', 'cfg/mcp.jsonc', '--handshake-timeout', '2000'], { cwd: dir });
  assert.is(configServer.code, 3, 'without a source flag the config server runs (and this one fails)');
  const broken = runCli(['lock', '--config', 'missing.jsonc'], { cwd: dir });
  assert.is(broken.code, 2);
});

test('an invalid ./mcpfusion.jsonc stops every command with exit 2; no config and no flag is a usage error', () => {
  const dir = tempDir();
  const none = runCli(['lock'], { cwd: dir });
  assert.is(none.code, 2);
  assert.match(none.stderr, /No contract source: give --server/);
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "sorce": {} }');
  const bad = runCli(['digest', '--contracts', join(ROOT, 'examples/billing/contracts.json')], { cwd: dir });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /\$\.sorce \(line 1, column 3\): unknown key; did you mean "source"\?/);
});

test('an unset ${env:NAME} in the config source stops only the runs that read that source (a fork PR has no secrets, and diff of two lockfiles needs none)', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(TOOLS_LIST));
  writeFileSync(join(dir, 'mcpfusion.jsonc'), `{ "source": { "server": "${NODE} ${fixture('exits-at-once.mjs')}", "env": { "API_TOKEN": "\${env:MCPFUSION_TEST_UNSET_TOKEN}" } } }`);
  assert.is(process.env['MCPFUSION_TEST_UNSET_TOKEN'], undefined);
  const locked = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.is(locked.code, 0, locked.stderr);
  for (const argv of [['check', '--tools-list', 'tools.json'], ['diff', 'mcpfusion.lock', 'tools.json'], ['digest', '--tools-list', 'tools.json']]) {
    const r = runCli(argv, { cwd: dir });
    assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
  // The run that starts the configured server needs the variable: exit 2, naming it, before the server starts.
  const served = runCli(['check'], { cwd: dir });
  assert.is(served.code, 2, served.stderr);
  assert.match(served.stderr, /\$\.source\.env\.API_TOKEN \(line 1, column \d+\): uses \$\{env:MCPFUSION_TEST_UNSET_TOKEN\}, but the environment variable MCPFUSION_TEST_UNSET_TOKEN is not set/);
  // Listed with the file's other problems, which stop every command as before.
  writeFileSync(join(dir, 'mcpfusion.jsonc'), `{ "sorce": 1, "source": { "server": "node s.js", "env": { "API_TOKEN": "\${env:MCPFUSION_TEST_UNSET_TOKEN}" } } }`);
  const bad = runCli(['diff', 'mcpfusion.lock', 'tools.json'], { cwd: dir });
  assert.is(bad.code, 2, bad.stderr);
  assert.match(bad.stderr, /2 problems/);
});

test('resolveSource: config env/cwd apply to the config server only; modifier flags must fit the source', () => {
  const dir = tempDir();
  const config: LoadedConfig = {
    path: join(dir, 'mcpfusion.jsonc'), dir, shown: 'mcpfusion.jsonc',
    config: { source: { server: 'A=1 node s.js', env: { B: '2', A: '0' } }, timeouts: { request: 5, settle: 0 } },
  };
  const fromConfig = resolveSource({ serverEnv: ['C=3'] }, io(dir), config)!;
  assert.equal(fromConfig.spec, { kind: 'server', command: 'node', args: ['s.js'], env: { B: '2', A: '1', C: '3' }, shown: 'A=1 node s.js' });
  assert.equal(fromConfig.timeouts, { start: 10_000, handshake: 30_000, request: 5, settle: 0 });
  const fromFlag = resolveSource({ server: 'python -m srv', requestTimeout: '7' }, io(dir), config)!;
  // The settle time may be 0 (no wait), given as a flag too; the other timeouts may not.
  assert.is(resolveSource({ server: 'node s.js', settleTimeout: '0' }, io(dir))!.timeouts.settle, 0);
  assert.is(resolveSource({ server: 'node s.js' }, io(dir))!.timeouts.settle, 500);
  assert.throws(() => resolveSource({ server: 'node s.js', requestTimeout: '0' }, io(dir)), /--request-timeout must be a positive integer/);
  assert.equal(fromFlag.spec, { kind: 'server', command: 'python', args: ['-m', 'srv'], env: {}, shown: 'python -m srv' });
  assert.is(fromFlag.timeouts.request, 7);
  assert.throws(() => resolveSource({ url: 'http://127.0.0.1:1/mcp', serverEnv: ['A=1'] }, io(dir)), /^--server-env does not apply to the server at http:\/\/127\.0\.0\.1:1\/mcp: it sets up a server that mcpfusion starts/);
  assert.throws(() => resolveSource({ server: 'x', url: 'http://h/mcp' }, io(dir)), /exactly one source; got --server and --url/);
  assert.throws(() => resolveSource({ server: 'x', startTimeout: '0' }, io(dir)), /--start-timeout must be a positive integer/);
  // Node fires a timer above 2^31-1 ms after 1 ms: such a timeout is refused, not silently turned into 1 ms.
  assert.is(resolveSource({ server: 'x', requestTimeout: '2147483647' }, io(dir))!.timeouts.request, 2147483647);
  for (const flag of ['startTimeout', 'handshakeTimeout', 'requestTimeout']) {
    assert.throws(() => resolveSource({ server: 'x', [flag]: '2147483648' }, io(dir)),
      (e: Error) => e.name === 'InputError' && /^--[a-z]+-timeout must be at most 2147483647 ms \(about 24.8 days\), got "2147483648"$/.test(e.message));
  }
  // A --server-env without its NAME= may be the secret itself: it is never echoed.
  assert.throws(() => resolveSource({ server: 'x', serverEnv: ['sk-live-0123456789SECRET'] }, io(dir)),
    (e: Error) => e.name === 'InputError' && e.message === 'Invalid --server-env: expected KEY=VALUE, got a value without "=" (not shown: it may be a secret)');
  assert.throws(() => resolveSource({ server: 'x', serverEnv: ['1BAD=s3cr3t-value'] }, io(dir)),
    (e: Error) => e.message === 'Invalid --server-env: "1BAD" is not a variable name (letters, digits and _, not starting with a digit); expected KEY=VALUE' && !e.message.includes('s3cr3t'));
  assert.is(resolveSource({}, io(dir)), undefined);
  const http = resolveSource({ header: ['X-A: 1', 'X-B: 2'] }, io(dir), { ...config, config: { source: { url: 'http://h/mcp', headers: { 'X-A': '0', Z: 'z' } } } })!;
  assert.equal(http.spec, { kind: 'url', url: 'http://h/mcp', headers: { 'X-A': '1', Z: 'z', 'X-B': '2' }, shown: 'http://h/mcp' });
});

test('a bad source.url or source.server in the config is named as the config key in that file, not as a flag', () => {
  const dir = tempDir();
  const config = (source: Record<string, unknown>): LoadedConfig => ({ path: join(dir, 'mcpfusion.jsonc'), dir, shown: 'mcpfusion.jsonc', config: { source } });
  const failure = (source: Record<string, unknown>, flags: Record<string, unknown> = {}): string => {
    try {
      resolveSource(flags, io(dir), config(source));
    } catch (e) {
      return (e as Error).message;
    }
    throw new Error('accepted');
  };
  assert.match(failure({ url: 'localhost:3001/mcp' }), /^Invalid source\.url in mcpfusion\.jsonc: "localhost:3001\/mcp" has no scheme; did you mean http:\/\/localhost:3001\/mcp\?$/);
  assert.match(failure({ url: 'ftp://x/mcp' }), /^Invalid source\.url in mcpfusion\.jsonc: the scheme "ftp:"/);
  assert.match(failure({ server: 'node $HOME/s.js' }), /^Cannot parse source\.server in mcpfusion\.jsonc at column 6: .*"\$HOME"/);
  // The flags keep their own names.
  assert.match(failure({}, { url: 'localhost:3001' }), /^Invalid --url: /);
  assert.match(failure({}, { server: 'node $X' }), /^Cannot parse the server command line at column 6/);
});

test('an overlay for a tool the source does not list names the closest tool it does list', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), JSON.stringify(TOOLS_LIST));
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "source": { "toolsList": "tools.json" }, "tools": { "serch": { "tags": ["x"] }, "zzzzzz": {} } }');
  const r = runCli(['digest'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /warning: mcpfusion\.jsonc has an overlay for the tool "serch", but the source lists no such tool \(did you mean "search"\?\)\n/);
  assert.match(r.stderr, /overlay for the tool "zzzzzz", but the source lists no such tool\n/);
});

test.run();
