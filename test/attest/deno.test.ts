/**
 * The attest source runs unchanged under Deno 2 and writes byte-identical attestations to the
 * Node bundle (HMAC and Ed25519, with SOURCE_DATE_EPOCH for a fixed time); keys made under Deno
 * are 0600 and verify under Node; a changed source fails verification under Deno with exit 1.
 * The guard under Deno reads the client's keys written with escapes as the server does.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir, type CliResult } from '../helpers/cli.ts';

const DENO = join(ROOT, 'node_modules', '.bin', 'deno');
const ENV = { PATH: process.env['PATH'] ?? '/usr/bin:/bin', HOME: process.env['HOME'] ?? '/root', NO_COLOR: '1', SOURCE_DATE_EPOCH: '1700000000', MCPFUSION_SECRET: 'deno-parity-secret-0123456789abcdefghijkl' };
const dirs: string[] = [];

function deno(args: string[]): CliResult {
  const r = spawnSync(DENO, ['run', '-A', '--no-prompt', join(ROOT, 'src/cli-main.ts'), ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000, env: ENV });
  if (r.error) throw r.error;
  return { code: r.status ?? -1, stdout: String(r.stdout), stderr: String(r.stderr) };
}

if (!existsSync(DENO)) {
  console.log(`SKIP test/attest/deno: ${DENO} is missing`);
  test('skipped without the deno package', () => {});
} else {
  test('HMAC and Ed25519 attestations are byte-identical under Deno and Node, and cross-verify', () => {
    const dir = tempDir('mcpfusion-attest-deno-');
    dirs.push(dir);
    const contracts = join(dir, 'contracts.json');
    copyFileSync(join(ROOT, 'examples/billing/contracts.json'), contracts);
    const k = deno(['attest', 'keygen', '--key', join(dir, 'k.key')]);
    assert.is(k.code, 0, k.stderr);
    assert.is(statSync(join(dir, 'k.key')).mode & 0o777, 0o600);
    for (const how of [['--secret-env', 'MCPFUSION_SECRET'], ['--key', join(dir, 'k.key')]]) {
      const viaDeno = deno(['attest', 'sign', '--contracts', contracts, ...how, '--attestation', join(dir, 'deno.json')]);
      assert.is(viaDeno.code, 0, viaDeno.stderr);
      const viaNode = runCli(['attest', 'sign', '--contracts', contracts, ...how, '--attestation', join(dir, 'node.json')], { cwd: ROOT, env: ENV });
      assert.is(viaNode.code, 0, viaNode.stderr);
      const a = readFileSync(join(dir, 'deno.json'));
      assert.ok(a.equals(readFileSync(join(dir, 'node.json'))), `${how[0]}: Deno and Node attestations differ`);
      const verifyWith = how[0] === '--key' ? ['--public-key', join(dir, 'k.pub')] : how;
      assert.is(deno(['attest', 'verify', '--contracts', contracts, ...verifyWith, '--attestation', join(dir, 'node.json')]).code, 0);
      assert.is(runCli(['attest', 'verify', '--contracts', contracts, ...verifyWith, '--attestation', join(dir, 'deno.json')], { cwd: ROOT, env: ENV }).code, 0);
    }
    writeFileSync(contracts, readFileSync(contracts, 'utf8').replace('Fetch one invoice', 'Fetch one invoice and email it'));
    const bad = deno(['attest', 'verify', '--contracts', contracts, '--public-key', join(dir, 'k.pub'), '--attestation', join(dir, 'deno.json')]);
    assert.is(bad.code, 1);
    assert.match(bad.stderr, /^AttestationError: The server digest is/);
  });

  test('guard under Deno reads a client key written with an escape as the server does: a tools/list with "metho\\u0064" is checked, a tools/call with "nam\\u0065" refused', async () => {
    // Deno 2.9's JSON.parse (V8 15) reads a key written with an escape ("metho\u0064") as a key
    // seen before after the same keys that ends with a backslash ("metho\\"). The guard read the
    // client's lines that way, so a tools/list it did not see as one was answered unchecked: the
    // tools server-everything registers for a client with sampling reached the client.
    const dir = tempDir('mcpfusion-attest-deno-');
    dirs.push(dir);
    const everything = join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');
    // Signed with a client that declares no capabilities: the 13 basic tools.
    const signed = runCli(['attest', 'sign', '--server', `'${process.execPath}' '${everything}' stdio`, '--secret-env', 'MCPFUSION_SECRET'], { cwd: dir, env: ENV });
    assert.is(signed.code, 0, signed.stderr);
    const child = spawn(DENO, ['run', '-A', '--no-prompt', join(ROOT, 'src/cli-main.ts'), 'guard', '--secret-env', 'MCPFUSION_SECRET', '--', process.execPath, everything, 'stdio'], {
      cwd: dir, env: ENV, stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString('utf8')));
    child.stderr.on('data', (d: Buffer) => (err += d.toString('utf8')));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    const answerTo = async (id: number): Promise<{ result?: unknown; error?: { code: number; message: string } }> => {
      const mine = (l: string): boolean => l.includes(`"id":${id},`) || l.includes(`"id":${id}}`);
      for (let i = 0; i < 1200 && !out.split('\n').slice(0, -1).some(mine); i++) await new Promise((r) => setTimeout(r, 50));
      const line = out.split('\n').slice(0, -1).find(mine);
      assert.ok(line, `no answer to ${id}: ${out}\n${err}`);
      return JSON.parse(line!);
    };
    try {
      // A client that supports sampling and elicitation: the server registers more tools for it.
      child.stdin.write('{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{"sampling":{},"elicitation":{}},"clientInfo":{"name":"t","version":"1"}}}\n');
      await answerTo(1);
      child.stdin.write('{"jsonrpc":"2.0","method":"notifications/initialized"}\n');
      // Keys ending in a backslash after the same keys, then the escaped keys of the same length.
      child.stdin.write(String.raw`{"jsonrpc":"2.0","id":2,"method":"ping","params":{"arguments":{},"nam\\":"echo"}}` + '\n');
      await answerTo(2);
      child.stdin.write(String.raw`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"arguments":{},"nam\u0065":"trigger-sampling-request"}}` + '\n');
      const call = await answerTo(3);
      assert.is(call.error?.code, -32602, JSON.stringify(call));
      assert.match(String(call.error?.message), /^mcpfusion guard: the tool "trigger-sampling-request" is not attested/);
      child.stdin.write(String.raw`{"jsonrpc":"2.0","id":4,"metho\\":"ping"}` + '\n');
      child.stdin.write(String.raw`{"jsonrpc":"2.0","id":5,"metho\u0064":"tools/list"}` + '\n');
      const list = await answerTo(5);
      assert.is(list.result, undefined, 'the unattested tool list reached the client');
      assert.is(list.error?.code, -32603, JSON.stringify(list));
      assert.match(String(list.error?.message), /^mcpfusion guard: while being served, the server lists tools that are not attested: .*"trigger-sampling-request"/);
    } finally {
      child.stdin.end();
      if (out.includes('"name":"trigger-sampling-request"')) child.kill('SIGTERM');
    }
    assert.is(await exited, 1, err);
    assert.not.match(out, /"name":"trigger-sampling-request"/);
  });
}

test.after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
test.run();
