import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, ROOT, tempDir } from '../helpers/cli.ts';
import { createHmac } from 'node:crypto';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { attestServerDigest } from '../../src/attest/attest-server-digest.ts';
import { createHmacSigner } from '../../src/attest/hmac-signer.ts';
import { verifyAttestation } from '../../src/attest/verify-attestation.ts';
import { checkSecretStrength } from '../../src/attest/secret-policy.ts';

const SECRET = 'correct-horse-battery-staple-0123456789';
const DIGESTS = ['', 'a', 'server', '\u00e9\u{1F600}'].map((s) => sha256Hex(s));

function openssl(digest: string, secret: string): string {
  const out = execFileSync('openssl', ['dgst', '-sha256', '-hmac', secret], { input: digest }).toString();
  const m = /=\s*([0-9a-f]{64})\s*$/.exec(out);
  if (!m) throw new Error(`unexpected openssl output: ${out}`);
  return m[1]!;
}

test('HMAC over the 64-hex digest agrees with openssl dgst -hmac and node:crypto', async () => {
  for (const d of DIGESTS) {
    const r = await attestServerDigest(d, { signer: 'hmac', secret: SECRET });
    assert.is(r.signature, openssl(d, SECRET));
    assert.is(r.signature, createHmac('sha256', SECRET).update(d).digest('hex'));
    assert.is(r.computedDigest, d);
    assert.is(r.signerName, 'hmac-sha256');
    assert.ok(r.valid);
  }
});

test('the sha256: prefix, upper case and {digest} objects sign the same string (MCP Fusion interop)', async () => {
  const d = DIGESTS[2]!;
  const bare = await attestServerDigest(d, { signer: 'hmac', secret: SECRET });
  const prefixed = await attestServerDigest(`sha256:${d}`, { signer: 'hmac', secret: SECRET });
  const upper = await attestServerDigest(d.toUpperCase(), { signer: 'hmac', secret: SECRET });
  const obj = await attestServerDigest({ digest: d }, { signer: 'hmac', secret: SECRET });
  assert.is(prefixed.signature, bare.signature);
  assert.is(upper.signature, bare.signature);
  assert.is(obj.signature, bare.signature);
  // Never the prefixed string.
  assert.is.not(bare.signature, createHmac('sha256', SECRET).update(`sha256:${d}`).digest('hex'));
});

test('a malformed digest is an InputError naming the problem', async () => {
  for (const bad of ['', 'abc', 'sha256:xyz', 'g'.repeat(64), `${'a'.repeat(64)}0`]) {
    try {
      await attestServerDigest(bad, { signer: 'hmac', secret: SECRET });
      assert.unreachable(`accepted ${bad}`);
    } catch (e) {
      assert.is((e as Error).name, 'InputError');
      assert.match((e as Error).message, /not a SHA-256 digest/);
    }
  }
});

test('verify with the same secret passes, with another secret fails (MCP Fusion signature form)', async () => {
  const d = DIGESTS[1]!;
  const { signature } = await attestServerDigest(d, { signer: 'hmac', secret: SECRET });
  assert.ok((await verifyAttestation(d, signature!, { signer: 'hmac', secret: SECRET })).valid);
  const other = await verifyAttestation(d, signature!, { signer: 'hmac', secret: `${SECRET}x` });
  assert.not.ok(other.valid);
  assert.is(other.failure, 'attest.bad-signature');
  const otherDigest = await verifyAttestation(DIGESTS[0]!, signature!, { signer: 'hmac', secret: SECRET });
  assert.not.ok(otherDigest.valid);
});

test('expectedDigest mismatch gives an invalid result carrying both digests', async () => {
  const r = await attestServerDigest(DIGESTS[0]!, { signer: 'hmac', secret: SECRET, expectedDigest: DIGESTS[1]! });
  assert.not.ok(r.valid);
  assert.is(r.failure, 'attest.digest-mismatch');
  assert.is(r.computedDigest, DIGESTS[0]);
  assert.is(r.expectedDigest, DIGESTS[1]);
  assert.not.match(r.error!, SECRET);
});

test('the signer compares in constant time and rejects other lengths', async () => {
  const s = createHmacSigner(SECRET);
  const sig = await s.sign(DIGESTS[0]!);
  assert.ok(await s.verify(DIGESTS[0]!, sig));
  assert.not.ok(await s.verify(DIGESTS[0]!, sig.slice(0, 63)));
  assert.not.ok(await s.verify(DIGESTS[0]!, `${sig}0`));
  assert.not.ok(await s.verify(DIGESTS[0]!, sig.toUpperCase()));
});

test('secret policy: < 32 code points refused in production, warned otherwise, never echoed', () => {
  const short = 'p'.repeat(31);
  const p = checkSecretStrength(short, { production: true });
  const d = checkSecretStrength(short, { production: false });
  assert.is(p.level, 'refuse');
  assert.is(d.level, 'warn');
  assert.is(checkSecretStrength('p'.repeat(32), { production: true }).level, 'ok');
  // 32 UTF-16 code units but 16 code points: still too short.
  assert.is(checkSecretStrength('\u{1F600}'.repeat(16), { production: true }).level, 'refuse');
  assert.is(checkSecretStrength('', { production: false }).level, 'refuse');
  assert.not.match(JSON.stringify([p, d]), short);
});

test('secret policy: the length of a secret of megabytes is counted in place (a 40 MB secret file ran a 200 MB heap out of memory)', () => {
  assert.is(checkSecretStrength('\u{1F600}'.repeat(20) + '\ud800' + 'x', { production: true }).length, 22);
  assert.is(checkSecretStrength('\udc00\ud800', { production: true }).length, 2);
  const dir = tempDir();
  writeFileSync(join(dir, 'secret'), 's'.repeat(40_000_000));
  const contracts = join(ROOT, 'examples/billing/contracts.json');
  const r = spawnSync(process.execPath, ['--max-old-space-size=200', BUNDLE, 'attest', 'sign', '--secret-file', 'secret', '--contracts', contracts, '--attestation', 'a.json'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 0, r.stderr.slice(0, 300));
  assert.match(r.stdout, /^Wrote a\.json: sha256:[0-9a-f]{64} \(3 tools\)/);
});

test('--secret-env holding bytes that are not UTF-8 is refused (exit 2): Node reads them as U+FFFD, so 40 random bytes signed like 40 U+FFFD (conform4)', () => {
  const dir = tempDir();
  const contracts = join(ROOT, 'examples/billing/contracts.json');
  // The shell puts the raw bytes into the environment, as `export S="$(head -c 40 /dev/urandom)"` does.
  const sign = (bytes: string) => spawnSync('/bin/sh', ['-c', `C4S="$(printf '${bytes}')" exec "$0" "$@"`, process.execPath, BUNDLE, 'attest', 'sign', '--secret-env', 'C4S', '--contracts', contracts, '--attestation', 'a.json'], { cwd: dir, encoding: 'utf8', timeout: 60_000 });
  for (const bytes of ['\\377'.repeat(40), '\\376'.repeat(40), 'x'.repeat(32) + '\\200']) {
    const r = sign(bytes);
    assert.is(r.status, 2, r.stderr);
    assert.match(r.stderr, /environment variable C4S \(from --secret-env\) holds U\+FFFD/);
  }
  // Text in the same variable still signs.
  const ok = sign('x'.repeat(32) + '\\303\\251');
  assert.is(ok.status, 0, ok.stderr);
  const doc = JSON.parse(readFileSync(join(dir, 'a.json'), 'utf8')) as { serverDigest: string; signature: string };
  assert.is(doc.signature, createHmac('sha256', 'x'.repeat(32) + '\u00e9').update(doc.serverDigest.slice('sha256:'.length)).digest('hex'));
});

test('the library applies the policy too: a short secret warns (onWarning), production refuses it', async () => {
  const short = 'short-secret';
  const digest = DIGESTS[1]!;
  const warnings: { id: string; message: string }[] = [];
  const r = await attestServerDigest(digest, { signer: 'hmac', secret: short, production: false, onWarning: (w) => warnings.push(w) });
  assert.ok(r.valid);
  assert.equal(warnings.map((w) => w.id), ['attest.secret-too-short']);
  assert.match(warnings[0]!.message, /12 characters long; use at least 32/);
  assert.not.match(warnings[0]!.message, short);
  await assertRejects(() => attestServerDigest(digest, { signer: 'hmac', secret: short, production: true }), /HMAC secret is 12 characters long; production requires at least 32/);
  // Verification is held to the same policy.
  await assertRejects(() => verifyAttestation(digest, r.signature!, { signer: 'hmac', secret: short, production: true }), /production requires at least 32/);
  // Through the package entry, without the options: NODE_ENV=production decides, as on the
  // command line, and the warning goes to console.warn.
  const entry = await import('../../src/mod.ts');
  const saved = { env: process.env['NODE_ENV'], warn: console.warn };
  const printed: string[] = [];
  console.warn = (...a: unknown[]) => void printed.push(a.join(' '));
  try {
    delete process.env['NODE_ENV'];
    assert.ok((await entry.attestServerDigest(digest, { signer: 'hmac', secret: short })).valid);
    assert.equal(printed, ['mcpfusion: warning: the HMAC secret is 12 characters long; use at least 32 (shorter secrets are refused in production)']);
    process.env['NODE_ENV'] = 'production';
    await assertRejects(() => entry.attestServerDigest(digest, { signer: 'hmac', secret: short }), /production requires at least 32/);
  } finally {
    console.warn = saved.warn;
    if (saved.env === undefined) delete process.env['NODE_ENV'];
    else process.env['NODE_ENV'] = saved.env;
  }
  // A long secret is quiet everywhere.
  const quiet: unknown[] = [];
  assert.ok((await attestServerDigest(digest, { signer: 'hmac', secret: SECRET, production: true, onWarning: (w) => quiet.push(w) })).valid);
  assert.equal(quiet, []);
});

async function assertRejects(fn: () => Promise<unknown>, re: RegExp): Promise<void> {
  try {
    await fn();
  } catch (e) {
    assert.match((e as Error).message, re);
    return;
  }
  assert.unreachable(`expected a rejection matching ${re}`);
}

test.run();
