import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandSigner } from '../../src/attest/command-signer.ts';
import { createCommandRunner } from '../../src/guard/run-command.ts';
import { redactCommandStderr } from '../../src/sources/redact-command.ts';
import { cli, workspace } from './_cli.ts';

// A "KMS" stand-in: openssl computes an HMAC with a key only the command's environment holds.
const KMS_KEY = 'kms-held-key-material-0123456789abcdef';
const SIGN = 'openssl dgst -sha256 -hmac "$KMS_KEY" -r | cut -d" " -f1';
const VERIFY = 'test "$(openssl dgst -sha256 -hmac "$KMS_KEY" -r | cut -d" " -f1)" = "$MCPFUSION_SIGNATURE"';
const env = { KMS_KEY };
const dirs: string[] = [];

test('runner + adapter: the digest arrives on stdin, the signature is the trimmed stdout', async () => {
  const run = createCommandRunner({ PATH: process.env['PATH'], KMS_KEY });
  const signer = createCommandSigner({ signCommand: SIGN, verifyCommand: VERIFY, run });
  const digest = 'ab'.repeat(32);
  const sig = await signer.sign(digest);
  assert.is(sig, createHmac('sha256', KMS_KEY).update(digest).digest('hex'));
  assert.ok(await signer.verify(digest, sig));
  assert.not.ok(await signer.verify(digest, sig.replace(/^./, (c) => (c === '0' ? '1' : '0'))));
  // Without a verify command: sign again and compare.
  const resign = createCommandSigner({ signCommand: SIGN, run });
  assert.ok(await resign.verify(digest, sig));
  assert.not.ok(await resign.verify('cd'.repeat(32), sig));
});

test('runner: a failed command\'s stderr tail hides the secrets of its environment and command line', async () => {
  // A KMS wrapper that dies echoing its key, a token in a variable not named like a secret, and
  // the --token value of its own command line.
  const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
  const run = createCommandRunner({ PATH: process.env['PATH'], KMS_KEY, GH: token });
  const signer = createCommandSigner({ signCommand: 'echo "denied: $KMS_KEY $GH" >&2; exit 9 # --token swordfish-77', run, redact: redactCommandStderr({ KMS_KEY, GH: token }) });
  const verifier = createCommandSigner({ verifyCommand: 'echo "bad token swordfish-77" >&2; exit 4 # --token swordfish-77', run, redact: redactCommandStderr({}) });
  for (const [op, go] of [['sign', () => signer.sign('00'.repeat(32))], ['verify', () => verifier.verify('00'.repeat(32), 'x')]] as const) {
    try {
      await go();
      assert.unreachable();
    } catch (e) {
      const message = (e as Error).message;
      assert.is((e as Error).name, 'SourceError', message);
      assert.ok(!message.includes(KMS_KEY) && !message.includes(token) && !message.includes('swordfish-77'), `${op}: ${message}`);
      assert.match(message, op === 'sign' ? /: denied: \*\*\* \*\*\*$/ : /: bad token \*\*\*$/);
    }
  }
});

test('runner: failures are SourceErrors (exit 3) with the stderr tail; odd exit codes of verify too', async () => {
  const run = createCommandRunner({ PATH: process.env['PATH'] });
  const cases: [ReturnType<typeof createCommandSigner>, 'sign' | 'verify', RegExp][] = [
    [createCommandSigner({ signCommand: 'echo boom >&2; exit 7', run }), 'sign', /exited with code 7: boom/],
    [createCommandSigner({ signCommand: 'true', run }), 'sign', /printed no signature/],
    [createCommandSigner({ signCommand: 'printf "a\\nb\\n"', run }), 'sign', /more than one line/],
    [createCommandSigner({ verifyCommand: 'exit 5', run }), 'verify', /exited with code 5 \(expected 0 for valid or 1 for invalid\)/],
    [createCommandSigner({ signCommand: 'kill -9 $$', run }), 'sign', /^The sign command ended \(killed by SIGKILL\)$/],
    [createCommandSigner({ verifyCommand: 'kill -TERM $$', run }), 'verify', /^The verify command ended \(killed by SIGTERM\) \(expected/],
    // The stderr tail is cut without leaving half of a surrogate pair.
    [createCommandSigner({ signCommand: `printf '\\360\\237\\230\\200%0499d' 0 >&2; exit 4`, run }), 'sign', /exited with code 4: …0{499}$/],
  ];
  for (const [s, op, re] of cases) {
    try {
      if (op === 'sign') await s.sign('00'.repeat(32));
      else await s.verify('00'.repeat(32), 'x');
      assert.unreachable();
    } catch (e) {
      assert.is((e as Error).name, 'SourceError');
      assert.is((e as { exitCode: number }).exitCode, 3);
      assert.match((e as Error).message, re);
    }
  }
  const slow = createCommandRunner({ PATH: process.env['PATH'] }, { timeoutMs: 200 });
  try {
    await slow('sleep 30', '', {});
    assert.unreachable();
  } catch (e) {
    assert.match((e as Error).message, /did not finish within 200 ms/);
  }
});

/** Whether a process runs (a zombie waiting for its reaper does not count). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return true;
  }
}

test('runner: more than 1 MiB on stdout stops the command and its group, with a clear message', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-signer-'));
  dirs.push(dir);
  const pidFile = join(dir, 'child.pid');
  const run = createCommandRunner({ PATH: process.env['PATH'] }, { timeoutMs: 20_000 });
  const started = Date.now();
  try {
    await run(`sleep 30 & echo $! > '${pidFile}'; yes signature`, '', {});
    assert.unreachable();
  } catch (e) {
    assert.is((e as Error).name, 'SourceError');
    assert.match((e as Error).message, /printed more than 1 MiB on stdout and was stopped/);
  }
  assert.ok(Date.now() - started < 10_000, 'the runner waited for the timeout instead of stopping at the cap');
  const pid = Number(readFileSync(pidFile, 'utf8'));
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
  assert.not.ok(alive(pid), 'a child the signer forked is still running');
});

test('runner: what the command leaves running in its group is killed when it exits, and does not hold the result', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-signer-'));
  dirs.push(dir);
  const pidFile = join(dir, 'child.pid');
  const run = createCommandRunner({ PATH: process.env['PATH'] }, { timeoutMs: 20_000 });
  const started = Date.now();
  const r = await run(`sleep 30 & echo $! > '${pidFile}'; echo sig`, '', {});
  assert.is(r.exitCode, 0);
  assert.is(r.stdout.trim(), 'sig');
  assert.ok(Date.now() - started < 10_000, 'a background child holding stdout made the runner wait');
  const pid = Number(readFileSync(pidFile, 'utf8'));
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
  assert.not.ok(alive(pid), 'a child the signer forked is still running');
});

test('runner: on timeout the whole group is killed', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-signer-'));
  dirs.push(dir);
  const pidFile = join(dir, 'child.pid');
  const run = createCommandRunner({ PATH: process.env['PATH'] }, { timeoutMs: 1500 });
  try {
    await run(`sleep 30 & echo $! > '${pidFile}'; sleep 30`, '', {});
    assert.unreachable();
  } catch (e) {
    assert.match((e as Error).message, /did not finish within 1500 ms/);
  }
  const pid = Number(readFileSync(pidFile, 'utf8'));
  for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 20));
  assert.not.ok(alive(pid), 'a child the signer forked is still running');
});

test('CLI: --signer command:"…" signs, --verify-command verifies, a changed source fails', async () => {
  const d = workspace();
  dirs.push(d);
  const s = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--signer', `command:${SIGN}`], env);
  assert.is(s.code, 0, s.stderr);
  const doc = JSON.parse(readFileSync(join(d, 'mcpfusion.attestation.json'), 'utf8'));
  assert.is(doc.signer, 'command');
  assert.is(doc.signature, createHmac('sha256', KMS_KEY).update(doc.serverDigest.slice(7)).digest('hex'));
  assert.not.ok(JSON.stringify(doc).includes('openssl'), 'the command line is not recorded');
  const v = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--verify-command', VERIFY], env);
  assert.is(v.code, 0, v.stderr);
  const again = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--signer', `command:${SIGN}`], env);
  assert.is(again.code, 0, again.stderr);
  const wrongKey = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--verify-command', VERIFY], { KMS_KEY: 'x' });
  assert.is(wrongKey.code, 1);
  assert.match(wrongKey.stderr, /^AttestationError: The command signature does not verify/);
  const none = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json'], env);
  assert.is(none.code, 2);
  assert.match(none.stderr, /--verify-command/);
  const failing = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--signer', 'command:exit 9'], env);
  assert.is(failing.code, 3);
  assert.match(failing.stderr, /exited with code 9/);
  // A sign command that dies echoing the key its environment holds: the message hides it.
  const leaky = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--signer', 'command:echo "denied for $KMS_KEY" >&2; exit 9'], env);
  assert.is(leaky.code, 3);
  assert.match(leaky.stderr, /exited with code 9: denied for \*\*\*/);
  assert.not.ok(leaky.stderr.includes(KMS_KEY), leaky.stderr);
  assert.is(JSON.parse(readFileSync(join(d, 'mcpfusion.attestation.json'), 'utf8')).signature, doc.signature, 'a failed sign overwrote the attestation');
});

test('CLI: a command attestation whose signature was edited into something no sign command prints is an input error (exit 2), not a crash', async () => {
  const d = workspace();
  dirs.push(d);
  const s = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--signer', `command:${SIGN}`], env);
  assert.is(s.code, 0, s.stderr);
  const path = join(d, 'mcpfusion.attestation.json');
  const doc = JSON.parse(readFileSync(path, 'utf8'));
  const edits: [string, RegExp][] = [
    ['ab\u0000cd', /"signature" of a command attestation must be one line without control characters/],
    ['ab\ncd', /"signature" of a command attestation must be one line without control characters/],
    ['x'.repeat(200_000), /"signature" of a command attestation must be at most 100000 bytes \(it is 200000\)/],
  ];
  for (const [signature, re] of edits) {
    writeFileSync(path, JSON.stringify({ ...doc, signature }));
    for (const flags of [['--verify-command', VERIFY], ['--signer', `command:${SIGN}`]]) {
      const v = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', ...flags], env);
      assert.is(v.code, 2, `${flags[0]}: ${v.stderr}`);
      assert.match(v.stderr, /^error: Invalid attestation "mcpfusion\.attestation\.json": /);
      assert.match(v.stderr, re);
      assert.match(v.stderr, /the file is truncated or was edited, create it again with "mcpfusion attest sign"/);
    }
  }
  // A one-line edit is a signature that does not verify: the gate fails (exit 1).
  writeFileSync(path, JSON.stringify({ ...doc, signature: 'abcd' }));
  const v = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--verify-command', VERIFY], env);
  assert.is(v.code, 1, v.stderr);
  assert.match(v.stderr, /^AttestationError: The command signature does not verify/);
});

test('library: the command signer rejects signatures no sign command could print without running anything; the runner reports a start failure as a SourceError', async () => {
  let runs = 0;
  const counting = createCommandSigner({ verifyCommand: 'exit 0', run: async () => { runs += 1; return { exitCode: 0, stdout: '', stderr: '' }; } });
  assert.is(await counting.verify('00'.repeat(32), 'a\u0000b'), false);
  assert.is(await counting.verify('00'.repeat(32), 'y'.repeat(100_001)), false);
  assert.is(runs, 0);
  assert.is(await counting.verify('00'.repeat(32), 'y'.repeat(100_000)), true);
  const long = createCommandSigner({ signCommand: 'x', run: async () => ({ exitCode: 0, stdout: 'z'.repeat(100_001), stderr: '' }) });
  try {
    await long.sign('00'.repeat(32));
    assert.unreachable();
  } catch (e) {
    assert.is((e as Error).name, 'SourceError');
    assert.match((e as Error).message, /printed a signature of 100001 bytes; at most 100000 fit in MCPFUSION_SIGNATURE/);
  }
  const run = createCommandRunner({ PATH: process.env['PATH'] });
  try {
    await run('true', '', { BROKEN: 'a\u0000b' });
    assert.unreachable();
  } catch (e) {
    assert.is((e as Error).name, 'SourceError');
    assert.match((e as Error).message, /^Cannot run the signer command "true": /);
  }
});

test.after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
test.run();
