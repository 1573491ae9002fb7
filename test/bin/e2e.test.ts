/**
 * End to end through the linux-x64 standalone executable: the same bytes as
 * `node dist/mcpfusion.js` for every command (each loads its own chunks of the split bundle), lock/check/failing check on the bundled example,
 * canonicalize over every shared JCS vector, and a run from a read-only directory with an
 * unwritable HOME and hostile `.env`/`bunfig.toml` files, with nothing beside the binary.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { findBinTarget } from '../../scripts/bin/targets.ts';
import { ROOT, SHARED_JCS, runCli, runWithNonBlockingStdout, tempDir } from '../helpers/cli.ts';
import { HOST_IS_LINUX_X64, binaryDir, runBinary } from './_binary.ts';
import { LOOPBACK_PRELOAD, startHttpServer } from '../sources/_live.ts';

const EXAMPLE = join(ROOT, 'examples/billing');
const EPOCH = '1700000000';

if (!HOST_IS_LINUX_X64) {
  console.log(`SKIP test/bin/e2e: the linux-x64 executable cannot run on ${process.platform}-${process.arch}`);
  test('skipped on a host that is not linux-x64', () => {});
  test.run();
} else {
  // The executable, copied alone into an empty directory: nothing may be needed beside it.
  const lonely = tempDir('mcpfusion-bin-alone-');
  const BIN = join(lonely, 'mcpfusion');
  copyFileSync(join(await binaryDir(['linux-x64']), findBinTarget('linux-x64').file), BIN);
  chmodSync(BIN, 0o755);
  test.after(() => rmSync(lonely, { recursive: true, force: true }));

  const env = (extra: Record<string, string> = {}): Record<string, string> => ({
    PATH: '/usr/bin:/bin',
    NO_COLOR: '1',
    SOURCE_DATE_EPOCH: EPOCH,
    ...extra,
  });

  function workspace(): string {
    const dir = tempDir('mcpfusion-bin-e2e-');
    copyFileSync(join(EXAMPLE, 'contracts.json'), join(dir, 'contracts.json'));
    return dir;
  }

  /** Run a command through both the executable and the Node bundle; both must agree byte for byte. */
  function parity(args: string[], cwd: string, label = args.join(' ')): { code: number; stdout: string } {
    const bin = runBinary(BIN, args, { cwd, env: env() });
    const node = runCli(args, { cwd, env: env() });
    assert.is(bin.code, node.code, `${label}: exit code (binary stderr: ${bin.stderr})`);
    assert.is(bin.stdout, node.stdout, `${label}: stdout`);
    assert.is(bin.stderr, node.stderr, `${label}: stderr`);
    return bin;
  }

  test('--version and --help print what the Node bundle prints', () => {
    const dir = workspace();
    const v = parity(['--version'], dir);
    assert.is(v.code, 0);
    assert.match(v.stdout, /^mcpfusion \d+\.\d+\.\d+/);
    parity(['--help'], dir);
  });

  test('lock on the example writes the same bytes as node; check exits 0; the committed lockfile matches', () => {
    const dir = workspace();
    const viaBin = runBinary(BIN, ['lock', '--contracts', 'contracts.json', '--lockfile', 'bin.lock'], { cwd: dir, env: env() });
    assert.is(viaBin.code, 0, viaBin.stderr);
    const viaNode = runCli(['lock', '--contracts', 'contracts.json', '--lockfile', 'node.lock'], { cwd: dir, env: env() });
    assert.is(viaNode.code, 0, viaNode.stderr);
    const bytes = readFileSync(join(dir, 'bin.lock'));
    assert.ok(bytes.equals(readFileSync(join(dir, 'node.lock'))), 'lockfile bytes differ between binary and node');
    assert.match(bytes.toString('utf8'), /"generatedAt": "2023-11-14T22:13:20.000Z"/);
    const check = runBinary(BIN, ['check', '--contracts', 'contracts.json', '--lockfile', 'bin.lock'], { cwd: dir, env: env() });
    assert.is(check.code, 0, check.stderr);
    const committed = runBinary(BIN, ['check', '--contracts', join(EXAMPLE, 'contracts.json'), '--lockfile', join(EXAMPLE, 'mcpfusion.lock')], { cwd: dir, env: env() });
    assert.is(committed.code, 0, committed.stdout + committed.stderr);
  });

  test('check exits 1 on drift and reports it exactly as node does; a broken lockfile exits 2', () => {
    const dir = workspace();
    assert.is(runBinary(BIN, ['lock', '--contracts', 'contracts.json'], { cwd: dir, env: env() }).code, 0);
    const lockBefore = readFileSync(join(dir, 'mcpfusion.lock'));
    const file = join(dir, 'contracts.json');
    const text = readFileSync(file, 'utf8');
    const changed = text.replace(/"description": "([^"]+)"/, '"description": "$1 Now different."');
    assert.is.not(changed, text, 'the example has no description to change');
    writeFileSync(file, changed);
    const failed = parity(['check', '--contracts', 'contracts.json'], dir);
    assert.is(failed.code, 1);
    parity(['check', '--contracts', 'contracts.json', '--format', 'json'], dir);
    assert.ok(readFileSync(join(dir, 'mcpfusion.lock')).equals(lockBefore), 'check must not write');
    writeFileSync(join(dir, 'mcpfusion.lock'), lockBefore.subarray(0, 100));
    assert.is(parity(['check', '--contracts', 'contracts.json'], dir).code, 2);
  });

  test('digest prints the same bytes as node (text and json)', () => {
    const dir = workspace();
    assert.is(parity(['digest', '--contracts', 'contracts.json'], dir).code, 0);
    assert.is(parity(['digest', '--contracts', 'contracts.json', '--format', 'json'], dir).code, 0);
  });

  test('canonicalize gives the expected bytes for every shared JCS vector, and rejects duplicate keys with exit 2', () => {
    const dir = workspace();
    if (!existsSync(SHARED_JCS)) {
      console.log(`SKIP JCS vectors: ${SHARED_JCS} is absent (it lies beside the repository as ../shared)`);
    } else {
      const names = readdirSync(join(SHARED_JCS, 'input')).filter((n) => n.endsWith('.json')).sort();
      assert.ok(names.length > 0, 'no JCS vectors found');
      for (const name of names) {
        const r = runBinary(BIN, ['canonicalize', join(SHARED_JCS, 'input', name)], { cwd: dir, env: env() });
        assert.is(r.code, 0, `${name}: ${r.stderr}`);
        const expected = readFileSync(join(SHARED_JCS, 'output', name));
        assert.ok(Buffer.from(r.stdout, 'utf8').equals(expected), `${name}: canonical bytes differ`);
        parity(['canonicalize', join(SHARED_JCS, 'input', name)], dir, `canonicalize ${name}`);
      }
    }
    writeFileSync(join(dir, 'dup.json'), '{"a":1,"a":2}');
    assert.is(parity(['canonicalize', 'dup.json'], dir).code, 2);
    const stdin = runBinary(BIN, ['canonicalize', '-'], { cwd: dir, env: env(), input: '{"b":[1e2,"\\u00e9"],"a":null}' });
    assert.is(stdin.code, 0, stdin.stderr);
    assert.is(stdin.stdout.trimEnd(), '{"a":null,"b":[100,"é"]}');
  });

  test('diff and scan (when the CLI has them) print the same bytes as node', () => {
    const dir = workspace();
    const help = runCli(['--help'], { cwd: dir, env: env() }).stdout;
    assert.is(runBinary(BIN, ['lock', '--contracts', 'contracts.json', '--lockfile', 'old.lock'], { cwd: dir, env: env() }).code, 0);
    const file = join(dir, 'contracts.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"description": "([^"]+)"/, '"description": "$1 Changed."'));
    assert.is(runBinary(BIN, ['lock', '--contracts', 'contracts.json', '--lockfile', 'new.lock'], { cwd: dir, env: env() }).code, 0);
    if (/^\s+diff\b/m.test(help)) {
      parity(['diff', 'old.lock', 'new.lock'], dir);
      parity(['diff', 'old.lock', 'new.lock', '--format', 'json'], dir);
    } else console.log('SKIP diff parity: the CLI has no diff command yet');
    if (/^\s+scan\b/m.test(help)) {
      mkdirSync(join(dir, 'handlers'));
      writeFileSync(join(dir, 'handlers', 'tool.ts'), "import { readFileSync } from 'node:fs';\nexport const run = (p: string) => readFileSync(p, 'utf8');\n");
      parity(['scan', 'handlers/tool.ts'], dir);
      parity(['scan', 'handlers/tool.ts', '--format', 'json'], dir);
    } else console.log('SKIP scan parity: the CLI has no scan command yet');
  });

  test('attest: signatures made by the executable verify under node and the other way round; same bytes', () => {
    const dir = workspace();
    assert.is(runBinary(BIN, ['lock', '--contracts', 'contracts.json'], { cwd: dir, env: env() }).code, 0);
    const secret = { MCPF_SECRET: 'a-shared-secret-of-more-than-32-characters' };
    const sign = ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPF_SECRET'];
    const bin = runBinary(BIN, [...sign, '--attestation', 'bin.json'], { cwd: dir, env: env(secret) });
    const node = runCli([...sign, '--attestation', 'node.json'], { cwd: dir, env: env(secret) });
    assert.is(bin.code, 0, bin.stderr);
    assert.is(node.code, 0, node.stderr);
    assert.is(readFileSync(join(dir, 'bin.json'), 'utf8'), readFileSync(join(dir, 'node.json'), 'utf8'));
    const verify = ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPF_SECRET'];
    assert.is(runCli([...verify, '--attestation', 'bin.json'], { cwd: dir, env: env(secret) }).code, 0);
    // Ed25519: a key made by the executable, a signature made by node, verified by the executable.
    assert.is(runBinary(BIN, ['attest', 'keygen', '--key', 'k.key'], { cwd: dir, env: env() }).code, 0);
    assert.is(runCli(['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--key', 'k.key', '--attestation', 'ed.json'], { cwd: dir, env: env() }).code, 0);
    const ok = runBinary(BIN, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'k.pub', '--attestation', 'ed.json'], { cwd: dir, env: env() });
    assert.is(ok.code, 0, ok.stderr);
    const file = join(dir, 'contracts.json');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/"description": "([^"]+)"/, '"description": "$1 Changed."'));
    const drift = runBinary(BIN, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'k.pub', '--attestation', 'ed.json'], { cwd: dir, env: env() });
    assert.is(drift.code, 1);
    assert.match(drift.stderr, /^AttestationError: /);
  });

  test('guard: a real MCP client talks to a server through the executable and sees mcpfusionTrust', async () => {
    const dir = workspace();
    const memory = join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js');
    const marker = `--mcpfusion-bin-guard-${process.pid}-${Date.now()}`;
    const secret = { MCPF_SECRET: 'a-shared-secret-of-more-than-32-characters', MEMORY_FILE_PATH: join(dir, 'memory.jsonl') };
    const signed = runBinary(BIN, ['attest', 'sign', '--server', `"${process.execPath}" "${memory}" ${marker}`, '--secret-env', 'MCPF_SECRET', '--format', 'json'], { cwd: dir, env: env(secret) });
    assert.is(signed.code, 0, signed.stderr);
    const { Client } = await import('@modelcontextprotocol/sdk/client/index.js');
    const { StdioClientTransport } = await import('@modelcontextprotocol/sdk/client/stdio.js');
    const transport = new StdioClientTransport({
      command: BIN,
      args: ['guard', '--secret-env', 'MCPF_SECRET', '--', process.execPath, memory, marker],
      env: env(secret),
      cwd: dir,
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d: Buffer) => (stderr += d.toString('utf8')));
    const client = new Client({ name: 'bin-guard-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const trust = client.getServerCapabilities()?.experimental?.['mcpfusionTrust'] as Record<string, unknown> | undefined;
      assert.is(trust?.['verified'], true, stderr);
      assert.is(trust?.['serverDigest'], (JSON.parse(signed.stdout) as { serverDigest: string }).serverDigest.slice(7));
      await client.callTool({ name: 'create_entities', arguments: { entities: [{ name: 'Zoë 😀', entityType: 'person', observations: ['x'] }] } });
      assert.match(JSON.stringify(await client.callTool({ name: 'read_graph', arguments: {} })), /Zoë 😀/);
    } finally {
      await client.close();
    }
    const running = (): string[] => spawnSync('ps', ['-eo', 'args='], { encoding: 'utf8' }).stdout.split('\n').filter((l) => l.includes(marker) && !l.includes(' guard '));
    for (let i = 0; i < 100 && running().length > 0; i++) await new Promise((r) => setTimeout(r, 50));
    assert.equal(running(), [], 'the server outlived the session');
  });

  test('live sources: a stdio server and a Streamable HTTP server on loopback give the same digests as node', async () => {
    const dir = workspace();
    const memory = `'${process.execPath}' '${join(ROOT, 'node_modules/@modelcontextprotocol/server-memory/dist/index.js')}'`;
    const stdio = parity(['digest', '--server', memory], dir, 'digest --server (stdio)');
    assert.is(stdio.code, 0);
    assert.match(stdio.stdout, /^server +[0-9a-f]{64}/m);
    // server-everything over Streamable HTTP: the preload makes it listen on a port of its own
    // choosing (port 0) and say which, so no other process can take the port first.
    const server = await startHttpServer(['--import', LOOPBACK_PRELOAD, join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js'), 'streamableHttp']);
    try {
      const http = parity(['digest', '--url', `http://127.0.0.1:${server.port}/mcp`], dir, 'digest --url (http)');
      assert.is(http.code, 0);
      assert.match(http.stdout, /^server +[0-9a-f]{64}/m);
    } finally {
      server.stop();
    }
  });

  test('inspect and probe record/run against a live server print and write what node does', () => {
    const dir = workspace();
    assert.is(parity(['inspect', '--contracts', 'contracts.json'], dir).code, 0);
    assert.is(parity(['inspect', '--contracts', 'contracts.json', '--format', 'json'], dir).code, 0);
    const everything = `'${process.execPath}' '${join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')}' stdio`;
    const probes = join(ROOT, 'test/fixtures/probe/everything.probes.jsonc');
    const byBin = tempDir('mcpfusion-bin-probe-');
    const byNode = tempDir('mcpfusion-node-probe-');
    copyFileSync(probes, join(byBin, 'mcpfusion.probes.jsonc'));
    copyFileSync(probes, join(byNode, 'mcpfusion.probes.jsonc'));
    const rec = runBinary(BIN, ['probe', 'record', '--server', everything], { cwd: byBin, env: env() });
    assert.is(rec.code, 0, rec.stderr);
    assert.is(runCli(['probe', 'record', '--server', everything], { cwd: byNode, env: env() }).code, 0);
    assert.is(readFileSync(join(byBin, 'mcpfusion.probes.jsonc'), 'utf8'), readFileSync(join(byNode, 'mcpfusion.probes.jsonc'), 'utf8'), 'recorded baselines differ');
    const run = parity(['probe', 'run', '--server', everything, '--format', 'json'], byBin, 'probe run');
    assert.is(run.code, 0);
    assert.is((JSON.parse(run.stdout) as { summary: { level: string } }).summary.level, 'none');
  });

  test('runs from a read-only directory with an unwritable HOME and ignores .env and bunfig.toml there', () => {
    const dir = workspace();
    assert.is(runBinary(BIN, ['lock', '--contracts', 'contracts.json'], { cwd: dir, env: env() }).code, 0);
    // Files a Bun program would pick up by default: each would change what we see if it were read.
    writeFileSync(join(dir, '.env'), 'SOURCE_DATE_EPOCH=0\nNO_COLOR=\n');
    writeFileSync(join(dir, 'bunfig.toml'), 'preload = ["./evil.js"]\n');
    writeFileSync(join(dir, 'evil.js'), 'console.log("EVIL PRELOAD RAN");\n');
    writeFileSync(join(dir, 'package.json'), '{"type":"commonjs","imports":{"#x":"./evil.js"}}\n');
    writeFileSync(join(dir, 'tsconfig.json'), '{"compilerOptions":{"paths":{"*":["./evil.js"]}}}\n');
    chmodSync(dir, 0o555);
    // As root, permissions do not stop writes, so drop to nobody (65534) for this run.
    const asNobody = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const home = join(dir, 'no-such-home');
    const readOnlyEnv = { PATH: '/usr/bin:/bin', NO_COLOR: '1', HOME: home, XDG_CACHE_HOME: home, TMPDIR: home };
    const check = runBinary(BIN, ['check', '--contracts', 'contracts.json'], { cwd: dir, env: readOnlyEnv, ...asNobody });
    assert.is(check.code, 0, check.stdout + check.stderr);
    assert.not.match(check.stdout + check.stderr, /EVIL/);
    const relock = runBinary(BIN, ['lock', '--contracts', 'contracts.json'], { cwd: dir, env: readOnlyEnv, ...asNobody });
    assert.is(relock.code, 0, relock.stderr);
    assert.match(relock.stdout, /up to date/);
    const canon = runBinary(BIN, ['canonicalize', 'contracts.json'], { cwd: dir, env: readOnlyEnv, ...asNobody });
    assert.is(canon.code, 0, canon.stderr);
    // No lockfile written anywhere, nothing created in the read-only directory, no HOME made.
    assert.not.ok(existsSync(home));
    assert.equal(readdirSync(dir).sort(), ['.env', 'bunfig.toml', 'contracts.json', 'evil.js', 'mcpfusion.lock', 'package.json', 'tsconfig.json']);
    // A lock that must write into a read-only directory fails cleanly with exit 2, never a crash.
    const dotenvIgnored = runBinary(BIN, ['lock', '--contracts', 'contracts.json', '--lockfile', 'other.lock'], { cwd: dir, env: readOnlyEnv, ...asNobody });
    assert.is.not(dotenvIgnored.code, 0, 'writing into a read-only directory must fail');
    assert.not.match(dotenvIgnored.stderr, /panic|Bun has crashed/);
    chmodSync(dir, 0o755);
  });

  test('.env in the working directory does not set SOURCE_DATE_EPOCH for the executable', () => {
    const dir = workspace();
    writeFileSync(join(dir, '.env'), 'SOURCE_DATE_EPOCH=0\n');
    const r = runBinary(BIN, ['lock', '--contracts', 'contracts.json'], { cwd: dir, env: { PATH: '/usr/bin:/bin' } });
    assert.is(r.code, 0, r.stderr);
    assert.not.match(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), /"generatedAt": "1970-/);
  });

  test('output through pipes: a non-blocking stdout read slowly gets every byte; a closed reader is not an error', () => {
    const dir = workspace();
    const big = { items: Array.from({ length: 30_000 }, (_, i) => ({ id: i, name: `item ${i} ✓` })) };
    writeFileSync(join(dir, 'big.json'), JSON.stringify(big));
    const expected = runCli(['canonicalize', join(dir, 'big.json')], { maxBuffer: 64 * 1024 * 1024 }).stdout;
    const r = runWithNonBlockingStdout([BIN, 'canonicalize', join(dir, 'big.json')]);
    if (r) {
      assert.is(r.stderr, '');
      assert.is(r.code, 0);
      assert.ok(r.stdout === expected, 'the bytes differ from node');
    }
    const script = `set -o pipefail; "$0" canonicalize "$1" 2>"$2" | head -c 1 >/dev/null; echo "\${PIPESTATUS[0]}"`;
    const head = spawnSync('bash', ['-c', script, BIN, join(dir, 'big.json'), join(dir, 'err.txt')], { encoding: 'utf8' });
    assert.is(head.stdout.trim(), '0');
    assert.is(readFileSync(join(dir, 'err.txt'), 'utf8'), '');
  });

  test.run();
}
