import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { copyFileSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, ROOT } from '../helpers/cli.ts';

// Every flag typed on the command line takes effect or is refused (exit 2, one line naming the
// flag, what it does not apply to, and what to do): a CI gate that silently ignores a flag gives
// false confidence. What the config file holds is never checked this way: it is shared by every
// command, and one that does not read a key there is no error.

const SECRET = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a59687';
const env = { MCPFUSION_SECRET: SECRET };

/** A workspace: contracts, their lockfile, a tools/list file, a handler, an HMAC and an Ed25519 attestation, configs. */
function workspace(): string {
  const dir = tempDir();
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'contracts.json'));
  copyFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), join(dir, 'mcpfusion.lock'));
  writeFileSync(join(dir, 'tools.json'), JSON.stringify({ tools: [{ name: 't', inputSchema: { type: 'object' } }] }));
  mkdirSync(join(dir, 'src'));
  writeFileSync(join(dir, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'file-source.jsonc'), JSON.stringify({ source: { contracts: 'contracts.json' } }));
  writeFileSync(join(dir, 'handlers.jsonc'), JSON.stringify({ tools: { t: { handlers: ['src/a.ts'] } } }));
  writeFileSync(join(dir, 'probes.jsonc'), JSON.stringify({ probes: [] }));
  const steps: string[][] = [
    ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'hmac.json'],
    ['attest', 'keygen', '--key', 'ci.key'],
    ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--key', 'ci.key', '--attestation', 'ed.json'],
  ];
  for (const argv of steps) {
    const r = runCli(argv, { cwd: dir, env });
    assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
  return dir;
}

const hmac = ['--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'hmac.json'];
const ed = ['--lockfile', 'mcpfusion.lock', '--public-key', 'ci.pub', '--attestation', 'ed.json'];

test('a flag that nothing reads in the run is exit 2, named with what it does not apply to; nothing is written', () => {
  const dir = workspace();
  const before = readdirSync(dir).sort();
  const cases: [string[], string][] = [
    // Timeouts bound a live server; a file source (flag or config) is read at once.
    [['lock', '--contracts', 'contracts.json', '--start-timeout', '5000'], '--start-timeout does not apply to the contracts file "contracts.json": timeouts bound a live server'],
    [['check', '--tools-list', 'tools.json', '--request-timeout', '5000'], '--request-timeout does not apply to the tools/list file "tools.json": timeouts bound a live server'],
    [['digest', '--contracts', 'contracts.json', '--handshake-timeout', '5000'], '--handshake-timeout does not apply to the contracts file "contracts.json"'],
    [['inspect', '--config', 'file-source.jsonc', '--start-timeout', '5000'], '--start-timeout does not apply to the contracts file "contracts.json" (the source in file-source.jsonc)'],
    [['diff', '--against', 'mcpfusion.lock', '--contracts', 'contracts.json', '--request-timeout', '5000'], '--request-timeout does not apply to the contracts file "contracts.json"'],
    // What only another kind of source reads (refused before anything starts).
    [['lock', '--url', 'http://127.0.0.1:9/mcp', '--server-env', 'A=1'], '--server-env does not apply to the server at http://127.0.0.1:9/mcp: it sets up a server that mcpfusion starts'],
    [['check', '--server', 'node server.js', '--header', 'Authorization: Bearer s3cret'], '--header does not apply to the server "node server.js": it is sent with the HTTP requests to a --url source'],
    [['digest', '--config', 'file-source.jsonc', '--server-cwd', 'src'], '--server-cwd does not apply to the contracts file "contracts.json" (the source in file-source.jsonc)'],
    // scan PATHS reads a source only from a source flag.
    [['scan', 'src', '--server-env', 'A=1'], '--server-env does not apply to `scan PATHS` without a source flag'],
    [['scan', 'src', '--server-cwd', 'src'], '--server-cwd does not apply to `scan PATHS` without a source flag'],
    [['scan', 'src', '--header', 'A: b'], '--header does not apply to `scan PATHS` without a source flag'],
    [['scan', 'src', '--start-timeout', '5000'], '--start-timeout does not apply to `scan PATHS` without a source flag'],
    [['scan', 'src', '--config', 'handlers.jsonc'], '--config does not apply to `scan PATHS` without a source flag'],
    // scan without PATHS: the handler map is always followed; no source is read without one named.
    [['scan', '--config', 'handlers.jsonc', '--no-follow'], '--no-follow does not apply to `scan` without PATHS'],
    [['scan', '--config', 'handlers.jsonc', '--server-env', 'A=1'], '--server-env does not apply to `scan` without a source'],
    // diff of two documents starts no server; --lockfile is read by a git:<ref> side without a path only.
    [['diff', 'contracts.json', 'mcpfusion.lock', '--server-env', 'A=1'], '--server-env does not apply to `diff OLD NEW`'],
    [['diff', 'contracts.json', 'mcpfusion.lock', '--start-timeout', '5000'], '--start-timeout does not apply to `diff OLD NEW`'],
    [['diff', 'contracts.json', 'mcpfusion.lock', '--lockfile', 'mcpfusion.lock'], '--lockfile does not apply to this diff'],
    [['diff', '--against', 'mcpfusion.lock', '--contracts', 'contracts.json', '--lockfile', 'mcpfusion.lock'], '--lockfile does not apply to this diff'],
    // A flag of the other action or mode.
    [['lock', '--contracts', 'contracts.json', '--check', '--force'], '--force does not apply to `lock --check`: the check writes nothing; drop it, or drop --check'],
    [['probe', 'record', '--probes', 'probes.jsonc', '--fail-on', 'low'], '--fail-on does not apply to `probe record`: it is read by `probe run`'],
    [['probe', 'run', '--probes', 'probes.jsonc', '--update'], '--update does not apply to `probe run`: it re-records baselines'],
    // --config where no config is read.
    [['canonicalize', 'contracts.json', '--config', 'file-source.jsonc'], '--config does not apply to `canonicalize`'],
  ];
  // Every case is run, and every one that is not refused as it should be is listed.
  const wrong: string[] = [];
  for (const [argv, start] of cases) {
    const r = runCli(argv, { cwd: dir, env });
    const fine = r.code === 2 && r.stdout === '' && r.stderr.startsWith(`error: ${start}`) && r.stderr.split('\n').length === 2
      // It says how to fix it.
      && /(; |, or )drop it/.test(r.stderr) && !r.stderr.includes('s3cret');
    if (!fine) wrong.push(`${argv.join(' ')} => exit ${r.code}: ${r.stderr}`);
  }
  assert.equal(wrong, []);
  assert.equal(readdirSync(dir).sort(), before);
});

test('probe: with no probe to call, the source flags are still checked as a run with probes checks them', () => {
  const dir = workspace();
  for (const action of ['record', 'run']) {
    const r = runCli(['probe', action, '--probes', 'probes.jsonc', '--server', 'node server.js', '--header', 'A: b'], { cwd: dir });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', 'error: --header does not apply to the server "node server.js": it is sent with the HTTP requests to a --url source (or source.url in the config); drop it\n'], action);
    const cwd = runCli(['probe', action, '--probes', 'probes.jsonc', '--server', 'node server.js', '--server-cwd', 'missing'], { cwd: dir });
    assert.equal([cwd.code, cwd.stdout, cwd.stderr], [2, '', 'error: The server working directory "missing" does not exist or is not a directory\n'], action);
    // Without a source flag there is nothing to check: no probes, no source needed.
    assert.is(runCli(['probe', action, '--probes', 'probes.jsonc'], { cwd: dir }).code, 0, action);
  }
});

test('probe: --request-timeout bounds the list requests of probe run, and record (which lists nothing) refuses it', () => {
  const dir = workspace();
  const server = `'${process.execPath}' '${join(ROOT, 'test/fixtures/servers/list-never-answers.mjs')}'`;
  writeFileSync(join(dir, 'one.jsonc'), JSON.stringify({ probes: [{ id: 'p', tool: 't', baseline: { content: [{ type: 'text', text: 'ok' }] } }] }));
  // No lockfile: the judge's contracts come from the live tools/list, which never answers.
  rmSync(join(dir, 'mcpfusion.lock'));
  const started = Date.now();
  const r = runCli(['probe', 'run', '--probes', 'one.jsonc', '--server', server, '--request-timeout', '300', '--timeout', '20000'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  assert.match(r.stderr, /warning: the judge gets no contracts: reading the live tools\/list failed: no answer within 300 ms \(set --request-timeout or timeouts\.request\)/);
  assert.ok(Date.now() - started < 15_000, 'bounded by --request-timeout, not --timeout');
  const record = runCli(['probe', 'record', '--probes', 'one.jsonc', '--server', server, '--request-timeout', '300', '--update'], { cwd: dir });
  assert.equal([record.code, record.stdout], [2, '']);
  assert.ok(record.stderr.startsWith('error: --request-timeout does not apply to `probe record`: it bounds list requests, and record lists nothing'), record.stderr);
});

test('the same keys in the config file, and the flags where they are read, are no error', () => {
  const dir = workspace();
  // One config shared by every command: a file source with timeouts, a handler map, a lockfile.
  writeFileSync(join(dir, 'mcpfusion.jsonc'), JSON.stringify({ source: { contracts: 'contracts.json' }, timeouts: { start: 5000, request: 5000 }, lockfile: 'mcpfusion.lock', tools: { invoices: { handlers: ['src/a.ts'] } } }));
  const cases: string[][] = [
    ['check'],
    ['digest'],
    ['inspect', '--format', 'text'],
    ['scan'],
    ['scan', 'src'],
    ['scan', 'src', '--contracts', 'contracts.json', '--config', 'mcpfusion.jsonc'],
    ['diff', 'mcpfusion.lock', 'contracts.json', '--quiet'],
    ['diff', '--against', 'mcpfusion.lock'],
    ['attest', 'verify', ...hmac],
    ['attest', 'verify', ...hmac, '--quiet'],
    ['attest', 'verify', ...ed],
    ['attest', 'capability', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'hmac.json', '--quiet'],
    ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET', '--production', '--attestation', 'hmac.json', '--name', 'billing'],
    ['canonicalize', 'contracts.json', '--format', 'json'],
    ['canonicalize', 'contracts.json', '--quiet'],
  ];
  for (const argv of cases) {
    const r = runCli(argv, { cwd: dir, env });
    assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
});

test.run();
