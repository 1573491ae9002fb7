/**
 * A server that echoes the secrets it was given into a tool's description (fixture:
 * echo-secrets.mjs, ECHO_DESCRIBE): what the commands print of the contracts (`check`'s drift and
 * deltas, `inspect`, `diff --against`, `scan`'s surface findings) hides the secrets given in this
 * run, in every format; the lockfile keeps the description as the server wrote it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, type CliResult } from '../helpers/cli.ts';
import { fixture, startHttpServer, type StartedServer } from './_live.ts';

const SECRETS = /cli-secret-1234|env-token-abcdef12|pg-given-5555|sk-echoed-secret-4711|q-secret-0815/;
const ENV = { ECHO_VARS: 'API_TOKEN,SERVICE_CRED', API_TOKEN: 'env-token-abcdef12' };
const SOURCE = [
  '--server', `'${process.execPath}' '${fixture('echo-secrets.mjs')}' --api-key=cli-secret-1234`,
  '--server-env', 'SERVICE_CRED=pg-given-5555', '--handshake-timeout', '30000', '--request-timeout', '30000',
];

let server: StartedServer;
test.before(async () => {
  server = await startHttpServer([fixture('echo-secrets.mjs'), '--http', '--describe']);
});
test.after(() => server.stop());

function clean(r: CliResult, what: string): void {
  assert.not.match(r.stdout + r.stderr, SECRETS, `${what}: ${r.stdout}${r.stderr}`);
}

/** A temp dir holding the lockfile of the fixture as it lists without echoing (or with, when `describe`). */
function locked(describe: boolean): string {
  const dir = tempDir('mcpfusion-echo-out-');
  const r = runCli(['lock', ...SOURCE], { cwd: dir, env: { ...ENV, ...(describe ? { ECHO_DESCRIBE: '1' } : {}) } });
  assert.is(r.code, 0, r.stderr);
  return dir;
}

test('check: the drift and the description delta hide the secrets the new description echoes (text and JSON); the lockfile keeps what it locked', () => {
  const dir = locked(false);
  const text = runCli(['check', ...SOURCE], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: '1' } });
  assert.is(text.code, 1, text.stderr);
  assert.match(text.stdout, /surface\.description-changed/);
  assert.match(text.stdout, /\(given --api-key=\*\*\* /);
  clean(text, 'check text');
  const json = runCli(['check', ...SOURCE, '--format', 'json'], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: '1' } });
  assert.is(json.code, 1, json.stderr);
  const delta = (JSON.parse(json.stdout) as { deltas: { id: string; after: string; reason: string }[] }).deltas.find((d) => d.id === 'surface.description-changed')!;
  assert.is(delta.after, 'Fails, repeating the credentials it was given (given --api-key=*** API_TOKEN=*** SERVICE_CRED=***)');
  clean(json, 'check json');
  // The other way round: the locked description holds them (locked while the server echoed).
  const old = locked(true);
  assert.match(readFileSync(join(old, 'mcpfusion.lock'), 'utf8'), /cli-secret-1234/);
  const back = runCli(['check', ...SOURCE, '--format', 'json'], { cwd: old, env: ENV });
  assert.is(back.code, 1, back.stderr);
  assert.match(back.stdout, /"before": "Fails, repeating the credentials it was given \(given --api-key=\*\*\* /);
  clean(back, 'check json, secret in the lockfile');
});

test('inspect: the text summary and the contracts document hide the secrets; the document still reads back', () => {
  const dir = tempDir('mcpfusion-echo-out-');
  const text = runCli(['inspect', ...SOURCE, '--format', 'text'], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: '1' } });
  assert.is(text.code, 0, text.stderr);
  assert.match(text.stdout, /tool echo_fail {2}Fails, repeating the credentials it was given \(given --api-key=\*\*\*/);
  assert.match(text.stderr, /note: what the server listed repeats secrets given to it in this run/);
  clean(text, 'inspect text');
  const json = runCli(['inspect', ...SOURCE], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: '1' } });
  assert.is(json.code, 0, json.stderr);
  assert.match(json.stdout, /"description": "Fails, repeating the credentials it was given \(given --api-key=\*\*\* API_TOKEN=\*\*\* SERVICE_CRED=\*\*\*\)"/);
  clean(json, 'inspect json');
  writeFileSync(join(dir, 'contracts.json'), json.stdout);
  const read = runCli(['digest', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(read.code, 0, read.stderr);
  // Nothing echoed: no note, the document as before.
  const plain = runCli(['inspect', ...SOURCE], { cwd: dir, env: ENV });
  assert.is(plain.code, 0, plain.stderr);
  assert.not.match(plain.stderr, /note: what the server listed/);
});

test('diff --against: every format hides the secrets the live side echoes', () => {
  const dir = locked(false);
  for (const format of ['text', 'json', 'markdown', 'github', 'sarif']) {
    const r = runCli(['diff', '--against', 'mcpfusion.lock', ...SOURCE, '--format', format], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: '1' } });
    assert.is(r.code, 0, `${format}: ${r.stderr}`);
    assert.match(r.stdout, /--api-key=\*\*\*/, format);
    clean(r, `diff --format ${format}`);
  }
});

test('scan: a surface finding that quotes the description hides the secrets it echoes, in every format', () => {
  const dir = tempDir('mcpfusion-echo-out-');
  for (const format of ['text', 'json', 'sarif', 'github']) {
    const r = runCli(['scan', ...SOURCE, '--format', format], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: 'tag' } });
    assert.is(r.code, 0, `${format}: ${r.stderr}`);
    clean(r, `scan --format ${format}`);
  }
  const json = runCli(['scan', ...SOURCE, '--format', 'json'], { cwd: dir, env: { ...ENV, ECHO_DESCRIBE: 'tag' } });
  assert.match(json.stdout, /"evidence": "…\*\*\* SERVICE_CRED=\*\*\*\) <IMPORTANT>/);
});

test('lock and digest: a tool named with the echo is printed with the secrets hidden, and lock warns that the lockfile holds them', () => {
  const dir = tempDir('mcpfusion-echo-out-');
  const lock = runCli(['lock', ...SOURCE, '--format', 'json'], { cwd: dir, env: { ...ENV, ECHO_NAME: '1', ECHO_DESCRIBE: '1' } });
  assert.is(lock.code, 0, lock.stderr);
  assert.match(lock.stderr, /warning: the server repeats secrets given to it in this run .* for 2 tools \("--api-key=\*\*\* API_TOKEN=\*\*\* SERVICE_CRED=\*\*\*", "echo_fail"\); the lockfile records the listing as it is/);
  assert.match(lock.stdout, /"--api-key=\*\*\* API_TOKEN=\*\*\* SERVICE_CRED=\*\*\*"/);
  clean(lock, 'lock');
  assert.match(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), /cli-secret-1234/);
  for (const format of ['text', 'json']) {
    const digest = runCli(['digest', ...SOURCE, '--format', format], { cwd: dir, env: { ...ENV, ECHO_NAME: '1' } });
    assert.is(digest.code, 0, digest.stderr);
    assert.match(digest.stdout, /--api-key=\*\*\* API_TOKEN=\*\*\*/, format);
    clean(digest, `digest --format ${format}`);
  }
  // Nothing echoed: no warning.
  const plain = runCli(['lock', ...SOURCE, '--lockfile', 'plain.lock'], { cwd: dir, env: ENV });
  assert.is(plain.code, 0, plain.stderr);
  assert.not.match(plain.stderr, /repeats secrets/);
});

test('a short hex secret (4 digits of a digest) leaves every digest whole in digest, check and inspect, and is hidden where the description echoes it as a word', () => {
  const dir = tempDir('mcpfusion-echo-out-');
  const plain = runCli(['digest', '--server', `'${process.execPath}' '${fixture('echo-secrets.mjs')}'`, '--format', 'json'], { cwd: dir });
  assert.is(plain.code, 0, plain.stderr);
  const digests = JSON.parse(plain.stdout) as { integrityDigest: string; tools: Record<string, { components: { behavior: string } }> };
  // Four hex digits from inside digests that do not depend on the arguments: the integrity
  // digest of the listing without the echo (what the lockfile records) and echo_back's.
  const integrity = digests.integrityDigest;
  const behavior = digests.tools['echo_back']!.components.behavior;
  const short = integrity.slice(20, 24);
  const source = ['--server', `'${process.execPath}' '${fixture('echo-secrets.mjs')}' --token=${short}`, '--handshake-timeout', '30000'];
  for (const format of ['text', 'json']) {
    const r = runCli(['digest', ...source, '--format', format], { cwd: dir });
    assert.is(r.code, 0, r.stderr);
    assert.ok(r.stdout.includes(integrity) && r.stdout.includes(behavior), `${format}: ${r.stdout}`);
    assert.not.match(r.stdout, /\*\*\*/, format);
  }
  const lock = runCli(['lock', ...source], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  const check = runCli(['check', ...source, '--format', 'json'], { cwd: dir, env: { ECHO_DESCRIBE: '1' } });
  assert.is(check.code, 1, check.stderr);
  const report = JSON.parse(check.stdout) as { lockedIntegrityDigest: string; deltas: { id: string; after: string; fingerprint: string }[] };
  const delta = report.deltas.find((d) => d.id === 'surface.description-changed')!;
  assert.ok(delta.after.endsWith(`(given --token=***)`), delta.after);
  assert.is(report.lockedIntegrityDigest, `sha256:${integrity}`);
  for (const d of report.deltas) assert.match(d.fingerprint, /^[0-9a-f]{64}$/);
  const inspect = runCli(['inspect', ...source, '--format', 'text'], { cwd: dir, env: { ECHO_DESCRIBE: '1' } });
  assert.is(inspect.code, 0, inspect.stderr);
  assert.match(inspect.stdout, /\(given --token=\*\*\*\)/);
  assert.not.match(inspect.stdout, new RegExp(`\\b${short}\\b`));
});

test('two tools whose names differ only in the secrets they hold stay two entries, numbered, in digest, inspect, lock and check (text and JSON)', () => {
  const dir = locked(false);
  const env = { ...ENV, ECHO_NAME: 'each' };
  // key_env-token-abcdef12 and key_pg-given-5555 both hide to key_***: #1 and #2 in code-unit order.
  const names = ['key_*** #1', 'key_*** #2'];
  const digest = runCli(['digest', ...SOURCE, '--format', 'json'], { cwd: dir, env });
  assert.is(digest.code, 0, digest.stderr);
  assert.equal(Object.keys((JSON.parse(digest.stdout) as { tools: object }).tools).sort(), ['echo_back', 'echo_fail', ...names]);
  clean(digest, 'digest json');
  const digestText = runCli(['digest', ...SOURCE], { cwd: dir, env });
  for (const n of names) assert.ok(digestText.stdout.includes(`tool ${n}\n`), digestText.stdout);
  clean(digestText, 'digest text');
  const inspect = runCli(['inspect', ...SOURCE], { cwd: dir, env });
  assert.is(inspect.code, 0, inspect.stderr);
  const tools = (JSON.parse(inspect.stdout) as { tools: Record<string, { surface: { description: string } }> }).tools;
  assert.equal(Object.keys(tools).sort(), ['echo_back', 'echo_fail', ...names]);
  assert.is(tools['key_*** #1']!.surface.description, 'Uses API_TOKEN');
  assert.is(tools['key_*** #2']!.surface.description, 'Uses SERVICE_CRED');
  clean(inspect, 'inspect json');
  const inspectText = runCli(['inspect', ...SOURCE, '--format', 'text'], { cwd: dir, env });
  for (const n of names) assert.ok(inspectText.stdout.includes(`tool ${n}`), inspectText.stdout);
  clean(inspectText, 'inspect text');
  const check = runCli(['check', ...SOURCE, '--format', 'json'], { cwd: dir, env });
  assert.is(check.code, 1, check.stderr);
  const report = JSON.parse(check.stdout) as { tools: { added: string[] }; deltas: { tool?: string }[] };
  assert.equal([...report.tools.added].sort(), names);
  assert.equal(report.deltas.map((d) => d.tool).filter((t) => t?.startsWith('key_')).sort(), names);
  clean(check, 'check json');
  const checkText = runCli(['check', ...SOURCE], { cwd: dir, env });
  assert.is(checkText.code, 1, checkText.stderr);
  for (const n of names) assert.ok(checkText.stdout.includes(n), checkText.stdout);
  clean(checkText, 'check text');
  const lock = runCli(['lock', ...SOURCE, '--lockfile', 'each.lock'], { cwd: dir, env });
  assert.is(lock.code, 0, lock.stderr);
  assert.match(lock.stderr, /for 2 tools \("key_\*\*\* #1", "key_\*\*\* #2"\)/);
  clean(lock, 'lock');
  assert.match(readFileSync(join(dir, 'each.lock'), 'utf8'), /key_pg-given-5555/);
});

test('HTTP: check and inspect hide the header\'s credentials and the URL\'s secret query value the description echoes', () => {
  const dir = tempDir('mcpfusion-echo-out-');
  const base = `http://127.0.0.1:${server.port}/mcp`;
  const lock = runCli(['lock', '--url', base, '--request-timeout', '60000'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  const given = ['--url', `${base}?api_key=q-secret-0815`, '--header', 'Authorization: Bearer sk-echoed-secret-4711', '--request-timeout', '60000'];
  const check = runCli(['check', ...given, '--format', 'json'], { cwd: dir });
  assert.is(check.code, 1, check.stderr);
  assert.match(check.stdout, /"after": "Fails, repeating the credentials it was given \(given \*\*\* \/mcp\?api_key=\*\*\*\)"/);
  clean(check, 'check --url');
  const inspect = runCli(['inspect', ...given, '--format', 'text'], { cwd: dir });
  assert.is(inspect.code, 0, inspect.stderr);
  clean(inspect, 'inspect --url');
});

test.run();
