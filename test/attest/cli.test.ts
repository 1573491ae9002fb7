import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac, createPrivateKey, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { cli, ROOT, workspace } from './_cli.ts';
import { runCli, tempDir } from '../helpers/cli.ts';

const SECRET = 'f0e1d2c3b4a5968778695a4b3c2d1e0ff0e1d2c3b4a59687';
const OTHER = 'another-secret-of-sufficient-length-0123456789';
const env = { MCPFUSION_SECRET: SECRET, OTHER_SECRET: OTHER };
const dirs: string[] = [];
const ws = () => { const d = workspace(); dirs.push(d); return d; };
const read = (d: string, f = 'mcpfusion.attestation.json') => readFileSync(join(d, f), 'utf8');

function editDescription(dir: string): void {
  const p = join(dir, 'contracts.json');
  const text = readFileSync(p, 'utf8');
  const edited = text.replace('Fetch one invoice', 'Fetch one invoice (and email it)');
  assert.is.not(edited, text);
  writeFileSync(p, edited);
}

test('hmac: the secret\'s environment variable is not passed on to a --server the command starts', async () => {
  // env-echo's one tool description says what FIXTURE_VALUE the server saw, so the server digest
  // tells: signed with the secret in FIXTURE_VALUE, the server must have seen it unset.
  const d = ws();
  const server = `node ${JSON.stringify(join(ROOT, 'test/fixtures/servers/env-echo.mjs'))}`;
  const unset = await cli(d, ['digest', '--server', server, '--server-cwd', '/', '--format', 'json']);
  assert.is(unset.code, 0, unset.stderr);
  const bare = (digest: string): string => digest.replace(/^sha256:/, '');
  const expected = bare(JSON.parse(unset.stdout).serverDigest);
  const withSecret = { FIXTURE_VALUE: SECRET };
  const s = await cli(d, ['attest', 'sign', '--server', server, '--server-cwd', '/', '--secret-env', 'FIXTURE_VALUE', '--format', 'json'], withSecret);
  assert.is(s.code, 0, s.stderr);
  assert.is(bare(JSON.parse(s.stdout).serverDigest), expected);
  const v = await cli(d, ['attest', 'verify', '--server', server, '--server-cwd', '/', '--secret-env', 'FIXTURE_VALUE'], withSecret);
  assert.is(v.code, 0, v.stderr);
  // Given to the server on purpose, it is passed: --server-env is explicit.
  const given = await cli(d, ['attest', 'sign', '--server', server, '--server-cwd', '/', '--server-env', `FIXTURE_VALUE=${SECRET}`, '--secret-env', 'FIXTURE_VALUE', '--format', 'json', '--attestation', 'b.json'], withSecret);
  assert.is(given.code, 0, given.stderr);
  assert.is.not(bare(JSON.parse(given.stdout).serverDigest), expected);
});

test('hmac: sign then verify succeeds; one changed tool description makes verify exit 1', async () => {
  const d = ws();
  const s = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(s.code, 0, s.stderr);
  assert.match(s.stdout, /Wrote mcpfusion\.attestation\.json: sha256:[0-9a-f]{64} \(3 tools\)/);
  const doc = JSON.parse(read(d));
  assert.is(doc.signature, createHmac('sha256', SECRET).update(doc.serverDigest.slice(7)).digest('hex'));
  const v = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(v.code, 0, v.stderr);
  assert.match(v.stdout, /^Verified:/);
  editDescription(d);
  const bad = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(bad.code, 1);
  assert.match(bad.stderr, /^AttestationError: The server digest is sha256:[0-9a-f]{64} but the attestation was signed for sha256:/);
  const json = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], env);
  assert.is(json.code, 1);
  const r = JSON.parse(json.stdout);
  assert.is(r.valid, false);
  assert.is(r.failure, 'attest.digest-mismatch');
  assert.is(r.expectedDigest, doc.serverDigest.slice(7));
});

test('a changed prompt keeps the tools verified (exit 0) but warns that the integrity digest moved', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  const p = join(d, 'contracts.json');
  const text = readFileSync(p, 'utf8');
  writeFileSync(p, text.replace('Draft a polite reminder', 'Draft a stern reminder'));
  const v = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], env);
  assert.is(v.code, 0, v.stderr);
  assert.is(JSON.parse(v.stdout).integrityDigestMatches, false);
  assert.match(v.stderr, /warning: the tools match the attestation, but the prompts changed/);
  writeFileSync(p, text);
  const same = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], env);
  assert.is(JSON.parse(same.stdout).integrityDigestMatches, true);
  assert.is(same.stderr, '');
});

test('hmac: a signature made with another secret fails (exit 1)', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'OTHER_SECRET'], env)).code, 0);
  const v = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(v.code, 1);
  assert.match(v.stderr, /^AttestationError: The hmac-sha256 signature does not verify/);
});

test('sign from the lockfile, verify from the contracts source (the same digest)', async () => {
  const d = ws();
  assert.is((await cli(d, ['lock', '--contracts', 'contracts.json'])).code, 0);
  const s = await cli(d, ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], env);
  assert.is(s.code, 0, s.stderr);
  const out = JSON.parse(s.stdout);
  const lock = JSON.parse(read(d, 'mcpfusion.lock'));
  assert.is(out.integrityDigest, lock.integrityDigest);
  assert.is(out.toolCount, 3);
  const digest = JSON.parse((await cli(d, ['digest', '--contracts', 'contracts.json', '--format', 'json'])).stdout);
  assert.is(out.serverDigest, `sha256:${digest.serverDigest}`, 'attest signs the digest that `digest` and `lock` compute');
  assert.is((await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  assert.is((await cli(d, ['attest', 'verify', '--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  const both = await cli(d, ['attest', 'verify', '--lockfile', 'mcpfusion.lock', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(both.code, 2);
  assert.match(both.stderr, /not both/);
});

test('ed25519: keygen (0600 private key), sign, verify with the public key alone; another key fails; node:crypto verifies the file', async () => {
  const d = ws();
  const k = await cli(d, ['attest', 'keygen', '--key', 'ci.key']);
  assert.is(k.code, 0, k.stderr);
  assert.is(statSync(join(d, 'ci.key')).mode & 0o777, 0o600);
  assert.match(read(d, 'ci.pub'), /^-----BEGIN PUBLIC KEY-----\n/);
  assert.is((await cli(d, ['attest', 'keygen', '--key', 'other.key'])).code, 0);
  const again = await cli(d, ['attest', 'keygen', '--key', 'ci.key']);
  assert.is(again.code, 2);
  assert.match(again.stderr, /already exists/);
  const s = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--signer', 'ed25519', '--key', 'ci.key']);
  assert.is(s.code, 0, s.stderr);
  const doc = JSON.parse(read(d));
  assert.is(doc.signer, 'ed25519-dsse');
  assert.is(doc.envelope.payloadType, 'application/vnd.in-toto+json');
  // Independent verifier: node:crypto over the DSSE PAE, with the public key file.
  const payload = Buffer.from(doc.envelope.payload, 'base64');
  const type = doc.envelope.payloadType as string;
  const pae = Buffer.concat([Buffer.from(`DSSEv1 ${Buffer.byteLength(type)} ${type} ${payload.length} `), payload]);
  assert.ok(nodeVerify(null, pae, createPublicKey(read(d, 'ci.pub')), Buffer.from(doc.envelope.signatures[0].sig, 'base64')));
  const statement = JSON.parse(payload.toString('utf8'));
  assert.is(statement._type, 'https://in-toto.io/Statement/v1');
  assert.equal(statement.subject, [{ name: 'billing', digest: { sha256: doc.serverDigest.slice(7) } }]);
  assert.is(statement.predicate.toolCount, 3);
  assert.is(Object.keys(statement.predicate.tools).length, 3);
  const ok = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'ci.pub']);
  assert.is(ok.code, 0, ok.stderr);
  const other = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'other.pub']);
  assert.is(other.code, 1);
  assert.match(other.stderr, /^AttestationError: The DSSE envelope has no valid Ed25519 signature/);
  const priv = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'ci.key']);
  assert.is(priv.code, 2);
  assert.match(priv.stderr, /holds a private key/);
  editDescription(d);
  const changed = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'ci.pub']);
  assert.is(changed.code, 1);
  assert.match(changed.stderr, /^AttestationError: The server digest is/);
});

test('a truncated or edited attestation is exit 2 with a clear message, and nothing is overwritten', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  const good = read(d);
  const p = join(d, 'mcpfusion.attestation.json');
  const variants: [string, RegExp][] = [
    [good.slice(0, Math.floor(good.length * 0.6)), /Invalid JSON in attestation "mcpfusion\.attestation\.json" at line \d+, column \d+.*truncated or was edited/],
    [good.replace(/\s*"signer": "hmac-sha256",/, ''), /"signer" must be a non-empty string; the file is truncated or was edited/],
    [good.replace(/"signature": "([0-9a-f]{10})/, '"signature": "$1Z'), /"signature" of an hmac-sha256 attestation/],
    ['', /the document is empty/],
  ];
  for (const [text, re] of variants) {
    writeFileSync(p, text);
    for (const action of ['verify', 'capability']) {
      const r = await cli(d, ['attest', action, '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
      assert.is(r.code, 2, `${action}: ${r.stderr}`);
      assert.match(r.stderr, re);
      assert.is(r.stdout, '');
      assert.is(read(d), text, 'the attestation file was rewritten');
    }
  }
  // A failed sign (short secret in production) leaves the previous attestation untouched.
  writeFileSync(p, good);
  const refused = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'SHORT', '--production'], { SHORT: 'too-short' });
  assert.is(refused.code, 2);
  assert.is(read(d), good);
  // And a failing source leaves it untouched too.
  const missing = await cli(d, ['attest', 'sign', '--contracts', 'nope.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(missing.code, 2);
  assert.is(read(d), good);
});

test('secrets: only from env or file; literal flag refused; short ones refused in production, warned otherwise; never printed', async () => {
  const d = ws();
  writeFileSync(join(d, 'secret.txt'), `${SECRET}\n`);
  const short = 'shortsecret-123';
  const outputs: string[] = [];
  const keep = (r: { code: number; stdout: string; stderr: string }) => { outputs.push(r.stdout, r.stderr); return r; };
  const lit = keep(await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret', SECRET], env));
  assert.is(lit.code, 2);
  assert.match(lit.stderr, /--secret is refused/);
  const lit2 = keep(await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', `--secret=${SECRET}`], env));
  assert.is(lit2.code, 2);
  assert.is(keep(await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', 'secret.txt'])).code, 0);
  const fromEnv = keep(await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env));
  assert.is(fromEnv.code, 0, 'the file secret (trailing newline dropped) equals the env secret');
  keep(await cli(d, ['attest', 'capability', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env));
  keep(await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'], env));
  const both = keep(await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--secret-file', 'secret.txt'], env));
  assert.is(both.code, 2);
  // The secret itself given as the variable name: refused without echo.
  const asName = keep(await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', `${SECRET}-x`], env));
  assert.is(asName.code, 2);
  assert.match(asName.stderr, /takes the NAME/);
  const warned = keep(await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'SHORT'], { SHORT: short }));
  assert.is(warned.code, 0);
  assert.match(warned.stderr, /warning: the HMAC secret from environment variable SHORT is 15 characters long; use at least 32/);
  const prodFlag = keep(await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'SHORT', '--production'], { SHORT: short }));
  assert.is(prodFlag.code, 2);
  assert.match(prodFlag.stderr, /production requires at least 32/);
  const prodEnv = keep(await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'SHORT'], { SHORT: short, NODE_ENV: 'production' }));
  assert.is(prodEnv.code, 2);
  const wrong = keep(await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'OTHER_SECRET'], env));
  assert.is(wrong.code, 1);
  const all = outputs.join('\n');
  assert.ok(all.length > 500);
  for (const s of [SECRET, OTHER, short, SECRET.slice(0, 16), SECRET.slice(-16)]) assert.not.ok(all.includes(s), `leaked ${s}`);
});

test('secrets: a secret pasted in place of the --secret-env name or the --secret-file path is not echoed', async () => {
  const d = ws();
  // SECRET starts with a letter, so it passes as a variable name; it is set nowhere.
  const base64 = 'q3Vx+9ZtR0a1bC2dE3fG4hI5jK6lM7nO8pQ9rS0tU1v=';
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'g.json'], env)).code, 0);
  for (const argv of [
    ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', SECRET],
    ['attest', 'verify', '--contracts', 'contracts.json', '--attestation', 'g.json', '--secret-env', SECRET.toUpperCase()],
    ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', SECRET],
    ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', base64],
    ['guard', '--attestation', 'g.json', '--secret-env', SECRET, '--', 'node', 'server.js'],
  ]) {
    const r = await cli(d, argv, env);
    assert.is(r.code, 2, argv.join(' '));
    for (const s of [SECRET, SECRET.toUpperCase(), base64]) assert.not.ok(r.stderr.includes(s.slice(8, 24)), `${argv.join(' ')} echoed it: ${r.stderr}`);
    assert.match(r.stderr, /not repeated here: it may be the secret itself/, argv.join(' '));
  }
  // Names and paths that look like names and paths are still named.
  const named = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'CI_HMAC_SECRET'], env);
  assert.match(named.stderr, /The environment variable CI_HMAC_SECRET \(from --secret-env\) is not set or empty/);
  const path = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', 'secrets/hmac.txt'], env);
  assert.match(path.stderr, /secrets\/hmac\.txt/);
  // A secret file that cannot be read is named as given, or not at all when it may be the secret.
  const pasted = 'q3Vx9ZtR0a1bC2dE3fG4hI5jK6lM7nO8';
  mkdirSync(join(d, 'keys'));
  mkdirSync(join(d, pasted));
  const dirGiven = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', 'keys/'], env);
  assert.is(dirGiven.code, 2);
  assert.match(dirGiven.stderr, /Cannot read secret file "keys\/": it is a directory/);
  const pastedDir = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', pasted], env);
  assert.is(pastedDir.code, 2);
  assert.not.ok(pastedDir.stderr.includes(pasted.slice(8, 24)), pastedDir.stderr);
  assert.match(pastedDir.stderr, /not repeated here: it may be the secret itself/);
  // Named in words, not as a quoted path that is a sentence.
  assert.is(pastedDir.stderr, 'error: Cannot read the secret file given to --secret-file (its path is not repeated here: it may be the secret itself, pasted in place of a name): it is a directory\n');
});

test('secrets: whitespace at either end of a secret is named in a warning (it is part of the secret, and signs otherwise than without)', async () => {
  const d = ws();
  writeFileSync(join(d, 'blank-line.txt'), `${SECRET}\n\n`);
  const signed = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', 'blank-line.txt'], env);
  assert.is(signed.code, 0, signed.stderr);
  assert.is(signed.stderr, 'warning: the HMAC secret from secret file "blank-line.txt" ends with a line break, which is part of the secret: one read without it signs otherwise (a --secret-file drops one trailing line break, --secret-env none)\n');
  // Without the warning, this failure would leave the user guessing.
  const other = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(other.code, 1, other.stderr);
  const spaced = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'S'], { S: ` ${SECRET}\t` });
  assert.is(spaced.code, 1, spaced.stderr);
  assert.match(spaced.stderr, /^warning: the HMAC secret from environment variable S starts with a space and ends with a tab, which is part of the secret/);
  assert.not.ok(spaced.stderr.includes(SECRET.slice(8, 24)));
  // The failure itself says so too (it said only "made with another secret or key"): the warning
  // may scroll away in a CI log, the error line is what the user reads.
  assert.match(spaced.stderr, /\nAttestationError: The hmac-sha256 signature does not verify for sha256:[0-9a-f]{64}: it was made with another secret or key, or the attestation was edited; the secret starts with a space and ends with a tab, which is part of it: if the attestation was signed with the secret without it, remove it \(a --secret-file drops one trailing line break, --secret-env none\) \(/);
  // A secret without such whitespace adds nothing to the failure.
  assert.not.match(other.stderr, /which is part of it/);
  // One trailing line break in a file is dropped, not warned about; nor is a secret without any.
  writeFileSync(join(d, 'one-line.txt'), `${SECRET}\r\n`);
  for (const flags of [['--secret-file', 'one-line.txt'], ['--secret-env', 'MCPFUSION_SECRET']]) {
    const r = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', ...flags, '--attestation', 'b.json'], env);
    assert.is(r.code, 0, r.stderr);
    assert.is(r.stderr, '', flags.join(' '));
  }
});

test('--hmac-secret and --signing-secret are refused as --secret is (why, and how instead), and a literal secret is refused before anything else is read', async () => {
  const d = ws();
  for (const [argv, flag] of [
    [['attest', 'sign', '--contracts', 'contracts.json', '--hmac-secret', SECRET], '--hmac-secret'],
    [['attest', 'verify', '--contracts', 'contracts.json', `--signing-secret=${SECRET}`], '--signing-secret'],
    [['guard', '--hmac-secret', SECRET, '--', 'node', 'server.js'], '--hmac-secret'],
    // No attestation file here: the refusal still comes first, so the user learns what to change.
    [['attest', 'verify', '--attestation', 'missing.json', '--contracts', 'contracts.json', '--secret', SECRET], '--secret'],
    [['guard', '--attestation', 'missing.json', '--secret', SECRET, '--', 'node', 'server.js'], '--secret'],
  ] as const) {
    const r = await cli(d, [...argv], env);
    assert.is(r.code, 2, argv.join(' '));
    assert.match(r.stderr, new RegExp(`^error: ${flag} is refused: a secret on the command line leaks into shell history, CI logs and \`ps\`; put it in an environment variable \\(--secret-env NAME\\) or a file \\(--secret-file PATH\\)\n$`), argv.join(' '));
    assert.not.ok(r.stderr.includes(SECRET));
  }
});

test('reproducible: with SOURCE_DATE_EPOCH signing twice gives the same bytes and does not rewrite', async () => {
  const d = ws();
  const e = { ...env, SOURCE_DATE_EPOCH: '1767225600' };
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], e)).code, 0);
  const first = read(d);
  assert.match(first, /"attestedAt": "2026-01-01T00:00:00.000Z"/);
  const again = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], e);
  assert.match(again.stdout, /^Unchanged:/);
  assert.is(read(d), first);
});

test('files: sign into a directory is a usage error, not an internal error; keygen leaves no half pair and writes through no link', async () => {
  const d = ws();
  mkdirSync(join(d, 'adir'));
  const dir = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'adir'], env);
  assert.is(dir.code, 2, dir.stderr);
  assert.match(dir.stderr, /Cannot write the attestation "adir": it is a directory/);
  assert.not.match(dir.stderr, /internal error|\n\s+at /);
  // The public key cannot be written: no private key is left behind, and the retry works.
  const half = await cli(d, ['attest', 'keygen', '--key', 'ci.key', '--public-key', 'missing/ci.pub']);
  assert.is(half.code, 2, half.stderr);
  assert.match(half.stderr, /does not exist/);
  assert.not.ok(existsSync(join(d, 'ci.key')), 'the private key of a failed keygen was left behind');
  assert.equal(readdirSync(d).filter((f) => f.includes('ci.')), []);
  assert.is((await cli(d, ['attest', 'keygen', '--key', 'ci.key'])).code, 0);
  // A dangling link at the key path is not followed: the key does not land where it points.
  symlinkSync(join(d, 'elsewhere.key'), join(d, 'linked.key'));
  const linked = await cli(d, ['attest', 'keygen', '--key', 'linked.key']);
  assert.is(linked.code, 2, linked.stderr);
  assert.match(linked.stderr, /"linked\.key" already exists; keygen never overwrites a key/);
  assert.not.ok(existsSync(join(d, 'elsewhere.key')));
  // A folder at either path is named as one, with the file to give (it said "already exists; keygen never overwrites a key: move it away").
  const toFolder = await cli(d, ['attest', 'keygen', '--key', 'adir']);
  assert.is(toFolder.code, 2, toFolder.stderr);
  assert.is(toFolder.stderr, 'error: --key "adir" is a directory; give the path of the file to write (in that folder: "adir/mcpfusion-attest.key")\n');
  const pubToFolder = await cli(d, ['attest', 'keygen', '--key', 'k2.key', '--public-key', 'adir']);
  assert.is(pubToFolder.stderr, 'error: --public-key "adir" is a directory; give the path of the file to write (in that folder: "adir/mcpfusion-attest.pub")\n');
  assert.not.ok(existsSync(join(d, 'k2.key')));
  // The private key is never written to a ".pub" file (--key and --public-key swapped).
  for (const argv of [['--key', 'swap.pub', '--public-key', 'swap.key'], ['--key', 'SWAP.PUB']]) {
    const swapped = await cli(d, ['attest', 'keygen', ...argv]);
    assert.is(swapped.code, 2, swapped.stderr);
    assert.match(swapped.stderr, /^error: --key "(swap\.pub|SWAP\.PUB)" is where keygen writes the private key, but it has the public key's "\.pub" extension/);
    assert.equal(readdirSync(d).filter((f) => /^swap/i.test(f)), []);
  }
});

test('files: sign never writes the attestation over a file that is not one (the lockfile it signs, the contracts, a key, a secret)', async () => {
  const d = ws();
  assert.is((await cli(d, ['lock', '--contracts', 'contracts.json'])).code, 0);
  assert.is((await cli(d, ['attest', 'keygen', '--key', 'ci.key'])).code, 0);
  writeFileSync(join(d, 'secret.txt'), `${SECRET}\n`);
  writeFileSync(join(d, 'notes.md'), '# Release notes\n');
  const cases: [string, string[]][] = [
    ['mcpfusion.lock', ['--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET']],
    ['contracts.json', ['--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET']],
    ['ci.key', ['--contracts', 'contracts.json', '--key', 'ci.key']],
    ['ci.pub', ['--contracts', 'contracts.json', '--key', 'ci.key']],
    ['secret.txt', ['--contracts', 'contracts.json', '--secret-file', 'secret.txt']],
    ['notes.md', ['--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET']],
  ];
  for (const [target, flags] of cases) {
    const before = read(d, target);
    const r = await cli(d, ['attest', 'sign', ...flags, '--attestation', target], env);
    assert.is(r.code, 2, `${target}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^error: "${target.replace('.', '\\.')}" is not an attestation \\(it is (JSON without an "attestationVersion"|not JSON)\\); attest sign will not overwrite it`), target);
    assert.is(read(d, target), before, `${target} was changed`);
  }
  // A lockfile or contracts file that does not parse (a merge conflict inside) is no broken attestation.
  const lock = read(d, 'mcpfusion.lock');
  const cut = lock.indexOf('\n', lock.indexOf('"tools"'));
  writeFileSync(join(d, 'conflicted.lock'), `${lock.slice(0, cut)}\n<<<<<<< HEAD\n=======\n>>>>>>> theirs\n${lock.slice(cut + 1)}`);
  writeFileSync(join(d, 'cut-contracts.json'), read(d, 'contracts.json').slice(0, 400));
  for (const [target, key] of [['conflicted.lock', 'lockfileVersion'], ['cut-contracts.json', 'inputSchema']] as const) {
    const before = read(d, target);
    const r = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', target], env);
    assert.is(r.code, 2, `${target}: ${r.stderr}`);
    assert.match(r.stderr, new RegExp(`is not an attestation \\(it does not parse and names "${key}"`), target);
    assert.is(read(d, target), before, `${target} was changed`);
  }
  // Nor is a config or probe file (JSONC), whole or cut short: the probe file with its baselines
  // was replaced by the attestation, exit 0.
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), '{\n  // the team\'s probes\n  "probes": [{ "id": "a", "tool": "t", "arguments": {}, "baseline": { "content": [] } },],\n}\n');
  writeFileSync(join(d, 'cut.jsonc'), read(d, 'mcpfusion.probes.jsonc').slice(0, 40));
  writeFileSync(join(d, 'plain.jsonc'), '{ "source": { "contracts": "contracts.json" }, }\n');
  for (const [target, why] of [['mcpfusion.probes.jsonc', 'it is JSON with comments or trailing commas (JSONC) without an "attestationVersion"'], ['cut.jsonc', 'it does not parse and holds a comment, as a config or probe file (JSONC) does, never an attestation'], ['plain.jsonc', 'it is JSON with comments or trailing commas (JSONC) without an "attestationVersion"']] as const) {
    const before = read(d, target);
    const r = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', target], env);
    assert.is(r.code, 2, `${target}: ${r.stderr}`);
    assert.ok(r.stderr.startsWith(`error: "${target}" is not an attestation (${why}); attest sign will not overwrite it`), r.stderr);
    assert.is(read(d, target), before, `${target} was changed`);
  }
  // What may be replaced: an attestation (of any signer), a truncated one, an empty file.
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--key', 'ci.key', '--attestation', 'a.json'], env)).code, 0);
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'a.json'], env)).code, 0);
  assert.match(read(d, 'a.json'), /"signer": "hmac-sha256"/);
  writeFileSync(join(d, 'edited.json'), read(d, 'a.json').replace('"signer"', '// edited by hand\n  "signer"'));
  writeFileSync(join(d, 'a.json'), read(d, 'a.json').slice(0, 40));
  writeFileSync(join(d, 'empty.json'), '');
  for (const target of ['a.json', 'empty.json', 'edited.json']) {
    const r = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', target], env);
    assert.is(r.code, 0, `${target}: ${r.stderr}`);
    assert.match(read(d, target), /"signer": "hmac-sha256"/);
  }
  // One written by a newer mcpfusion is not downgraded.
  writeFileSync(join(d, 'new.json'), '{"attestationVersion": 2}\n');
  const newer = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'new.json'], env);
  assert.is(newer.code, 2, newer.stderr);
  assert.match(newer.stderr, /attestationVersion 2, written by a newer mcpfusion/);
  assert.is(read(d, 'new.json'), '{"attestationVersion": 2}\n');
});

test('files: a directory that cannot be written is named with the flag that moves this file (--attestation, --key), not --lockfile', () => {
  const d = tempDir('mcpfusion-attest-ro-');
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(d, 'contracts.json'));
  chmodSync(join(d, 'contracts.json'), 0o644);
  chmodSync(d, 0o777); // the unprivileged user writes ci.key here
  mkdirSync(join(d, 'ro'), { mode: 0o555 });
  chmodSync(join(d, 'ro'), 0o555);
  // Root ignores permission bits, so run the CLI as an unprivileged user when we are root.
  const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
  const signed = runCli(['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'ro/a.json'], { cwd: d, env, ...asUser });
  assert.is(signed.code, 2, signed.stderr);
  assert.match(signed.stderr, /is not writable; fix its permissions or write elsewhere \(--attestation PATH\)/);
  const key = runCli(['attest', 'keygen', '--key', 'ro/ci.key', '--public-key', 'ci.pub'], { cwd: d, ...asUser });
  assert.is(key.code, 2, key.stderr);
  assert.match(key.stderr, /is not writable; fix its permissions or write elsewhere \(--key PATH\)/);
  const pub = runCli(['attest', 'keygen', '--key', 'ci.key', '--public-key', 'ro/ci.pub'], { cwd: d, ...asUser });
  assert.is(pub.code, 2, pub.stderr);
  assert.match(pub.stderr, /is not writable; fix its permissions or write elsewhere \(--public-key PATH\)/);
  for (const r of [signed, key, pub]) assert.not.match(r.stderr, /--lockfile/);
});

test('ed25519: a key saved as binary DER is named as such, with the openssl command that converts it', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'keygen', '--key', 'ci.key'])).code, 0);
  writeFileSync(join(d, 'ci.key.der'), createPrivateKey(read(d, 'ci.key')).export({ type: 'pkcs8', format: 'der' }));
  writeFileSync(join(d, 'ci.pub.der'), createPublicKey(read(d, 'ci.pub')).export({ type: 'spki', format: 'der' }));
  const signed = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--key', 'ci.key.der']);
  assert.is(signed.code, 2, signed.stderr);
  assert.is(signed.stderr, 'error: Cannot read key file "ci.key.der": it looks like a binary DER key, and a PEM file is read; convert it with `openssl pkey -inform DER -in ci.key.der -out ci.key.der.pem` and give that file\n');
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--key', 'ci.key'])).code, 0);
  const verified = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'ci.pub.der']);
  assert.is(verified.code, 2, verified.stderr);
  assert.match(verified.stderr, /^error: Cannot read public key file "ci\.pub\.der": it looks like a binary DER key, and a PEM file is read; convert it with `openssl pkey -pubin -inform DER -in ci\.pub\.der -out ci\.pub\.der\.pem`/);
  // Other bytes that are not text keep the reader's own words.
  writeFileSync(join(d, 'junk.pub'), Buffer.from([0xff, 0xfe, 0x41]));
  const junk = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'junk.pub']);
  assert.is(junk.code, 2);
  assert.not.match(junk.stderr, /DER/);
});

test('--public-key expects Ed25519: an attestation of another kind is refused in its place, with a message that says so', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'keygen', '--key', 'ci.key'])).code, 0);
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  for (const extra of [[], ['--secret-env', 'MCPFUSION_SECRET']]) {
    const r = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--public-key', 'ci.pub', ...extra], env);
    assert.is(r.code, 2, r.stdout + r.stderr);
    assert.match(r.stderr, /signed with "hmac-sha256", but --public-key expects an ed25519-dsse attestation/);
  }
});

test('verify --signer states the expected kind: an attestation of another kind is refused in its place', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  for (const [signer, shown] of [['ed25519', 'ed25519'], ['ed25519-dsse', 'ed25519'], ['command:cat', 'command']] as const) {
    const r = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--signer', signer], env);
    assert.is(r.code, 2, `--signer ${signer}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, new RegExp(`^error: The attestation is signed with "hmac-sha256", but --signer says ${shown}: it may have been replaced; verify an attestation signed with "hmac-sha256" without --signer, or with --signer hmac\n$`));
  }
  for (const signer of ['hmac', 'hmac-sha256']) {
    const r = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--signer', signer], env);
    assert.is(r.code, 0, r.stderr);
  }
  const unknown = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--signer', 'rsa'], env);
  assert.is(unknown.code, 2);
  assert.match(unknown.stderr, /Unknown --signer "rsa"/);
});

test('verify and capability refuse --key (a signing key) instead of ignoring it', async () => {
  const d = ws();
  assert.is((await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env)).code, 0);
  for (const action of ['verify', 'capability']) {
    const r = await cli(d, ['attest', action, '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--key', 'ci.key'], env);
    assert.is(r.code, 2, `${action}: ${r.stdout}${r.stderr}`);
    assert.is(r.stderr, 'error: --key is the Ed25519 private key that attest sign uses; a verifier needs only the public key: pass --public-key FILE (or drop --key)\n');
  }
});

test('usage errors: unknown action, no signer, --format not supported', async () => {
  const d = ws();
  const r1 = await cli(d, ['attest', 'frobnicate']);
  assert.is(r1.code, 2);
  assert.match(r1.stderr, /Unknown attest action "frobnicate"/);
  const r2 = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json']);
  assert.is(r2.code, 2);
  assert.match(r2.stderr, /Say how to sign/);
  const mixed = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--signer', 'hmac', '--secret-env', 'MCPFUSION_SECRET', '--key', 'x.key'], env);
  assert.is(mixed.code, 2);
  assert.match(mixed.stderr, /--key is an Ed25519 private key, but the signer is hmac/);
  const mixed2 = await cli(d, ['attest', 'sign', '--contracts', 'contracts.json', '--key', 'x.key', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(mixed2.code, 2);
  assert.match(mixed2.stderr, /are for the hmac signer, but the signer is ed25519/);
  const r3 = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.is(r3.code, 2);
  assert.match(r3.stderr, /No attestation at "mcpfusion\.attestation\.json"/);
  // A loop of symbolic links is named as what it is, not as a missing file.
  symlinkSync('loop-b.json', join(d, 'loop-a.json'));
  symlinkSync('loop-a.json', join(d, 'loop-b.json'));
  const loop = await cli(d, ['attest', 'verify', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'loop-a.json'], env);
  assert.is(loop.code, 2);
  assert.match(loop.stderr, /ELOOP/);
  assert.not.match(loop.stderr, /No attestation/);
});

test.after(() => { for (const d of dirs) rmSync(d, { recursive: true, force: true }); });
test('a flag the action does not read is named, never silently ignored (exit 2, nothing written)', async () => {
  const d = ws();
  const cases: [string[], string][] = [
    [['attest', 'keygen', '--lockfile', 'mcpfusion.lock'], '--lockfile does not apply to `attest keygen`'],
    [['attest', 'keygen', '--contracts', 'contracts.json'], '--contracts does not apply to `attest keygen`'],
    [['attest', 'keygen', '--secret-env', 'MCPFUSION_SECRET'], '--secret-env does not apply to `attest keygen`'],
    [['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--public-key', 'ci.pub'], '--public-key does not apply to `attest sign`'],
  ];
  for (const [argv, start] of cases) {
    const r = await cli(d, argv, env);
    assert.is(r.code, 2, `${argv.join(' ')}: ${r.stderr}`);
    assert.ok(r.stderr.startsWith(`error: ${start}`), `${argv.join(' ')}: ${r.stderr}`);
    assert.is(r.stdout, '');
  }
  assert.equal(readdirSync(d).sort(), ['contracts.json']);
});

test('a flag that only a source, another signer or a recording action reads is exit 2, never silently ignored', async () => {
  const d = ws();
  for (const argv of [
    ['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json'],
    ['lock', '--contracts', 'contracts.json'],
    ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'hmac.json'],
    ['attest', 'keygen', '--key', 'ci.key'],
    ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--key', 'ci.key', '--attestation', 'ed.json'],
  ]) {
    const r = await cli(d, argv, env);
    assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
  writeFileSync(join(d, 'mcpfusion.jsonc'), JSON.stringify({ source: { contracts: 'contracts.json' } }));
  const before = readdirSync(d).sort().map((f) => [f, readFileSync(join(d, f), 'utf8')]);
  const hmac = ['--lockfile', 'mcpfusion.lock', '--secret-env', 'MCPFUSION_SECRET', '--attestation', 'hmac.json'];
  const ed = ['--lockfile', 'mcpfusion.lock', '--public-key', 'ci.pub', '--attestation', 'ed.json'];
  const cases: [string[], string][] = [
    // A digest from --lockfile reads no source and no config.
    [['attest', 'sign', ...hmac, '--server-env', 'A=1'], '--server-env does not apply to a digest taken from --lockfile'],
    [['attest', 'sign', ...hmac, '--start-timeout', '5000'], '--start-timeout does not apply to a digest taken from --lockfile'],
    [['attest', 'verify', ...hmac, '--header', 'A: b'], '--header does not apply to a digest taken from --lockfile'],
    [['attest', 'sign', ...hmac, '--config', 'mcpfusion.jsonc'], '--config does not apply to a digest taken from --lockfile'],
    // A timeout bounds a live server, not a file.
    [['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--request-timeout', '5000'], '--request-timeout does not apply to the contracts file "contracts.json"'],
    // What only another signer reads.
    [['attest', 'sign', ...hmac, '--verify-command', 'true'], '--verify-command does not apply to `attest sign`'],
    [['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--signer', 'command:printf sig', '--attestation', 'cmd.json', '--verify-command', 'true'], '--verify-command does not apply to `attest sign`'],
    [['attest', 'verify', ...hmac, '--verify-command', 'true'], '--verify-command does not apply to an attestation signed with "hmac-sha256"'],
    [['attest', 'verify', ...ed, '--secret-env', 'MCPFUSION_SECRET'], '--secret-env does not apply to an attestation signed with "ed25519-dsse"'],
    [['attest', 'capability', ...ed, '--secret-file', 'contracts.json'], '--secret-file does not apply to an attestation signed with "ed25519-dsse"'],
    // Verification records nothing: a name would be checked by nothing.
    [['attest', 'verify', ...hmac, '--name', 'other'], '--name does not apply to `attest verify`'],
    [['attest', 'capability', ...hmac, '--name', 'other'], '--name does not apply to `attest capability`'],
    // --config where none is read.
    [['attest', 'keygen', '--key', 'other.key', '--config', 'mcpfusion.jsonc'], '--config does not apply to `attest keygen`'],
  ];
  const wrong: string[] = [];
  for (const [argv, start] of cases) {
    const r = await cli(d, argv, env);
    const fine = r.code === 2 && r.stdout === '' && r.stderr.startsWith(`error: ${start}`) && r.stderr.split('\n').length === 2 && /(; |, or )drop it/.test(r.stderr);
    if (!fine) wrong.push(`${argv.join(' ')} => exit ${r.code}: ${r.stderr}`);
  }
  assert.equal(wrong, []);
  // The material of another kind names what verifies this one.
  const named = await cli(d, ['attest', 'verify', ...ed, '--secret-env', 'MCPFUSION_SECRET'], env);
  assert.ok(named.stderr.endsWith('; drop it; an attestation signed with "ed25519-dsse" is verified with --public-key FILE\n'), named.stderr);
  assert.equal(readdirSync(d).sort().map((f) => [f, readFileSync(join(d, f), 'utf8')]), before);
  // Where they are read, the same flags work: --quiet with text output or a source, --production
  // with an hmac attestation, the config's source (with its own keys) without --lockfile.
  for (const argv of [
    ['attest', 'verify', ...hmac, '--quiet', '--production'],
    ['attest', 'verify', '--secret-env', 'MCPFUSION_SECRET', '--format', 'json', '--quiet'],
    ['attest', 'capability', '--contracts', 'contracts.json', '--secret-env', 'MCPFUSION_SECRET', '--quiet'],
    ['attest', 'verify', ...ed],
    ['attest', 'keygen', '--key', 'third.key', '--quiet'],
    // --quiet where the JSON result is all there is, and --production with a signer that takes no
    // secret: both ask for nothing that could be missed, so they are accepted (never refused).
    ['attest', 'capability', ...hmac, '--quiet'],
    ['attest', 'verify', ...hmac, '--format', 'json', '--quiet'],
    ['attest', 'verify', ...ed, '--production'],
    ['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--key', 'ci.key', '--attestation', 'ed2.json', '--production'],
    ['attest', 'keygen', '--key', 'fourth.key', '--format', 'json', '--quiet'],
  ]) {
    const r = await cli(d, argv, env);
    assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
});

test.run();
