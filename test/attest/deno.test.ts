/**
 * The attest source runs unchanged under Deno 2 and writes byte-identical attestations to the
 * Node bundle (HMAC and Ed25519, with SOURCE_DATE_EPOCH for a fixed time); keys made under Deno
 * are 0600 and verify under Node; a changed source fails verification under Deno with exit 1.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
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
}

test.after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
test.run();
