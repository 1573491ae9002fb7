/**
 * The Mach-O signature reader and ad-hoc signer, on real Bun runtimes: Oven's signed runtime
 * verifies, one flipped byte breaks it, re-signing repairs it, and signing Bun's own (valid)
 * darwin-arm64 output with Bun's identifier reproduces it byte for byte.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fetchRuntime } from '../../scripts/bin/fetch-runtime.ts';
import { adhocSignMacho, readMacho, verifyMachoSignature, MACHO_CPU } from '../../scripts/bin/macho-codesign.ts';
import { findBinTarget } from '../../scripts/bin/targets.ts';
import { BIN_CACHE_DIR, compileRaw } from '../../scripts/build-bin.ts';
import { BUNDLE, tempDir } from '../helpers/cli.ts';

const quiet = (): void => {};

test("Oven's signed darwin-x64 runtime verifies; a flipped byte is caught; ad-hoc re-signing repairs it", async () => {
  const runtime = new Uint8Array(readFileSync(await fetchRuntime(findBinTarget('darwin-x64'), BIN_CACHE_DIR, quiet)));
  assert.is(readMacho(runtime).cputype, MACHO_CPU.x64);
  const original = verifyMachoSignature(runtime);
  assert.ok(original.valid, original.problems.join('; '));
  assert.is(original.identifier, 'bun');

  const tampered = runtime.slice();
  tampered[70_000] = (tampered[70_000] ?? 0) ^ 0x01;
  const broken = verifyMachoSignature(tampered);
  assert.not.ok(broken.valid);
  assert.match(broken.problems.join(';'), /1 of \d+ page hashes do not match/);

  const resigned = adhocSignMacho(tampered, 'mcpfusion');
  const check = verifyMachoSignature(resigned);
  assert.ok(check.valid, check.problems.join('; '));
  assert.is(check.identifier, 'mcpfusion');
  assert.is(check.flags, 0x20002, 'adhoc|linker-signed');
  // Everything before the signature is the input, except the two load-command fields we resize.
  const sig = readMacho(resigned).codeSignature!;
  assert.is(sig.dataoff + sig.datasize, resigned.length);
});

test("signing Bun's own valid darwin-arm64 output with its identifier reproduces it byte for byte", async () => {
  const dir = tempDir('mcpfusion-macho-');
  const raw = join(dir, 'raw-darwin-arm64');
  await compileRaw(BUNDLE, findBinTarget('darwin-arm64'), raw, quiet);
  const bunOutput = new Uint8Array(readFileSync(raw));
  rmSync(dir, { recursive: true, force: true });
  const bunCheck = verifyMachoSignature(bunOutput);
  assert.ok(bunCheck.valid, `Bun's darwin-arm64 signature: ${bunCheck.problems.join('; ')}`);
  const ours = adhocSignMacho(bunOutput, bunCheck.identifier!);
  assert.is(ours.length, bunOutput.length);
  assert.ok(Buffer.from(ours).equals(Buffer.from(bunOutput)), 'our ad-hoc signature differs from the one Bun writes');
});

test('non-Mach-O input is refused with a clear error', () => {
  assert.throws(() => readMacho(new TextEncoder().encode('#!/bin/sh\necho hi\n'.padEnd(64))), /Not a 64-bit little-endian Mach-O/);
  assert.throws(() => adhocSignMacho(new Uint8Array(64), 'x'), /Not a 64-bit little-endian Mach-O/);
});

test.run();
