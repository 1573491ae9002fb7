/**
 * Attestation vectors from a separate implementation (test/vectors/attest/README.md): HMAC
 * signatures and the secret policy over random digests and secrets, secret files read by
 * `attest sign --secret-file`, Ed25519 DSSE envelopes byte for byte, and verification outcomes
 * for documents signed with a statement mcpfusion would never write (another payload type, a
 * subject name or tool set that does not hold, a duplicate key, a malleated signature).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHmac, createPublicKey, verify as nodeVerify } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { cli, workspace } from './_cli.ts';
import { attestServerDigest } from '../../src/attest/attest-server-digest.ts';
import { createAttestation } from '../../src/attest/create-attestation.ts';
import { parseAttestation, serializeAttestation } from '../../src/attest/attestation-document.ts';
import { verifyAttestation } from '../../src/attest/verify-attestation.ts';
import { ed25519KeyId, encodeEd25519PrivateKeyPem, encodeEd25519PublicKeyPem, parseEd25519PrivateKeyPem, parseEd25519PublicKeyPem } from '../../src/attest/ed25519-keys.ts';
import { IN_TOTO_PAYLOAD_TYPE, preAuthEncoding } from '../../src/attest/dsse.ts';
import { InputError } from '../../src/errors.ts';

const DIR = join(ROOT, 'test/vectors/attest');
const load = <T>(name: string): T => JSON.parse(readFileSync(join(DIR, name), 'utf8')) as T;
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex');

interface HmacCase { digest: string; secret: string; signature: string | null; verdict: 'ok' | 'warn' | 'refuse'; verdictProduction: 'ok' | 'warn' | 'refuse' }

test('conform4-hmac: signatures and the secret policy (code points, not UTF-16 units) agree with the vectors', async () => {
  const { cases } = load<{ cases: HmacCase[] }>('conform4-hmac.json');
  assert.ok(cases.length >= 100);
  assert.ok(cases.some((c) => [...c.secret].length === 31 && c.secret.length >= 32), 'a 31-code-point secret of 32+ UTF-16 units is in the set');
  for (const c of cases) {
    const at = `${JSON.stringify(c.secret)} over ${c.digest}`;
    const warnings: string[] = [];
    let signature: string | null = null;
    try {
      signature = (await attestServerDigest(c.digest, { signer: 'hmac', secret: c.secret, production: false, onWarning: (w) => warnings.push(w.id) })).signature;
    } catch (error) {
      assert.instance(error, InputError, at);
    }
    const verdict = signature === null ? 'refuse' : warnings.length > 0 ? 'warn' : 'ok';
    assert.is(verdict, c.verdict, at);
    assert.is(signature, c.signature, at);
    if (signature !== null) {
      // The oracle in the vector is not ours: node:crypto must agree with it too.
      assert.is(signature, createHmac('sha256', c.secret).update(c.digest.replace(/^sha256:/, '')).digest('hex'), at);
    }
    let refused = false;
    try {
      await attestServerDigest(c.digest, { signer: 'hmac', secret: c.secret, production: true, onWarning: () => {} });
    } catch (error) {
      assert.instance(error, InputError, at);
      refused = true;
    }
    assert.is(refused, c.verdictProduction === 'refuse', `production: ${at}`);
  }
});

test('conform4-secret-files: attest sign --secret-file drops one BOM and one trailing line break, refuses two BOMs and non-UTF-8', async () => {
  const v = load<{ lockfile: string; serverDigest: string; cases: { file: string; secret: string | null; signature: string | null }[] }>('conform4-secret-files.json');
  const dir = workspace();
  for (const [i, c] of v.cases.entries()) {
    const secretFile = join(dir, `secret-${i}.txt`);
    writeFileSync(secretFile, Buffer.from(c.file, 'base64'));
    const out = join(dir, `att-${i}.json`);
    const r = await cli(dir, ['attest', 'sign', '--lockfile', join(ROOT, v.lockfile), '--secret-file', secretFile, '--attestation', out, '--format', 'json']);
    const at = `case ${i} (${JSON.stringify(Buffer.from(c.file, 'base64').toString('utf8'))}): ${r.stderr}`;
    if (c.signature === null) {
      assert.is(r.code, 2, at);
      continue;
    }
    assert.is(r.code, 0, at);
    const doc = JSON.parse(readFileSync(out, 'utf8')) as { serverDigest: string; signature: string };
    assert.is(doc.serverDigest, `sha256:${v.serverDigest}`, at);
    assert.is(doc.signature, c.signature, at);
    assert.not.ok(r.stdout.includes(c.secret!) || r.stderr.includes(c.secret!), `the secret is never printed: ${at}`);
  }
});

interface EdOk {
  seed: string; tools: Record<string, string>; serverName: string | null; integrityDigest: string | null; attestedAt: string;
  serverDigest: string; payload: string; envelope: { payloadType: string; payload: string; signatures: { keyid: string; sig: string }[] };
  publicKey: string; keyid: string; privatePem: string; publicPem: string;
}

test('conform4-ed25519 ok: keys, key id, statement payload and envelope byte for byte; node:crypto verifies the PAE', async () => {
  const { ok } = load<{ ok: EdOk[] }>('conform4-ed25519.json');
  assert.ok(ok.length >= 10);
  for (const c of ok) {
    const pair = parseEd25519PrivateKeyPem(c.privatePem);
    assert.is(hex(pair.secretKey), c.seed);
    assert.is(hex(pair.publicKey), c.publicKey);
    assert.is(encodeEd25519PrivateKeyPem(pair.secretKey), c.privatePem);
    assert.is(encodeEd25519PublicKeyPem(pair.publicKey), c.publicPem);
    assert.is(hex(parseEd25519PublicKeyPem(c.publicPem)), c.publicKey);
    assert.is(ed25519KeyId(pair.publicKey), c.keyid);
    const doc = await createAttestation(
      { serverDigest: c.serverDigest, serverName: c.serverName, tools: c.tools, integrityDigest: c.integrityDigest },
      { signer: 'ed25519', privateKey: pair, now: () => new Date(c.attestedAt) },
    );
    assert.equal(doc.envelope, c.envelope);
    assert.is(Buffer.from(c.envelope.payload, 'base64').toString('utf8'), c.payload);
    const pae = preAuthEncoding(IN_TOTO_PAYLOAD_TYPE, Buffer.from(c.envelope.payload, 'base64'));
    assert.ok(nodeVerify(null, pae, createPublicKey(c.publicPem), Buffer.from(c.envelope.signatures[0]!.sig, 'base64')));
    const v = await verifyAttestation(c.serverDigest, parseAttestation(serializeAttestation(doc), 'vector'), { signer: 'ed25519', publicKey: pair.publicKey });
    assert.ok(v.valid, JSON.stringify(v));
  }
});

test('conform4-ed25519 verify: documents signed outside mcpfusion give the expected failure id (null: valid)', async () => {
  const { verify } = load<{ verify: { publicKey: string; currentDigest: string; cases: { name: string; failure: string | null; doc: unknown }[] } }>('conform4-ed25519.json');
  const publicKey = Uint8Array.from(Buffer.from(verify.publicKey, 'hex'));
  assert.ok(verify.cases.some((c) => c.name.startsWith('reject-')) && verify.cases.some((c) => c.name.startsWith('ok-')));
  for (const c of verify.cases) {
    const doc = parseAttestation(JSON.stringify(c.doc), c.name);
    const v = await verifyAttestation(verify.currentDigest, doc, { signer: 'ed25519', publicKey });
    assert.is(v.failure, c.failure, c.name);
    assert.is(v.valid, c.failure === null, c.name);
  }
});

test.run();
