import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { execFileSync } from 'node:child_process';
import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign as nodeSign, verify as nodeVerify } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  ed25519KeyId,
  encodeEd25519PrivateKeyPem,
  encodeEd25519PublicKeyPem,
  generateEd25519KeyPair,
  parseEd25519PrivateKeyPem,
  parseEd25519PublicKeyPem,
} from '../../src/attest/ed25519-keys.ts';
import { IN_TOTO_PAYLOAD_TYPE, preAuthEncoding, signDsseEnvelope, verifyDsseEnvelope } from '../../src/attest/dsse.ts';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { buildServerStatement, encodeServerStatement, tryParseServerStatement, SERVER_PREDICATE_TYPE } from '../../src/attest/server-statement.ts';
import { computeServerDigest } from '../../src/canonical/digest.ts';

const enc = new TextEncoder();
const seed = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + n) & 0xff);

test('PAE matches the DSSE specification example', () => {
  const pae = preAuthEncoding('http://example.com/HelloWorld', enc.encode('hello world'));
  assert.is(new TextDecoder().decode(pae), 'DSSEv1 29 http://example.com/HelloWorld 11 hello world');
  // Lengths are byte lengths, not string lengths.
  assert.is(new TextDecoder().decode(preAuthEncoding('t\u00e9', enc.encode('\u00e9'))), 'DSSEv1 3 t\u00e9 2 \u00e9');
});

test('RFC 8032 section 7.1 TEST 1: seed to public key', () => {
  const sk = Uint8Array.from(Buffer.from('9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60', 'hex'));
  const pair = generateEd25519KeyPair(sk);
  assert.is(Buffer.from(pair.publicKey).toString('hex'), 'd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a');
});

test('PEM files load in node:crypto, and node:crypto PEM files load here', () => {
  const pair = generateEd25519KeyPair(seed(1));
  const priv = createPrivateKey(encodeEd25519PrivateKeyPem(pair.secretKey));
  const pub = createPublicKey(encodeEd25519PublicKeyPem(pair.publicKey));
  assert.is(priv.asymmetricKeyType, 'ed25519');
  assert.is(createPublicKey(priv).export({ format: 'der', type: 'spki' }).toString('hex'), pub.export({ format: 'der', type: 'spki' }).toString('hex'));
  const nodePair = generateKeyPairSync('ed25519');
  const back = parseEd25519PrivateKeyPem(nodePair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  const backPub = parseEd25519PublicKeyPem(nodePair.publicKey.export({ format: 'pem', type: 'spki' }).toString());
  assert.equal(back.publicKey, backPub);
  // key id = sha256 of the SPKI DER
  assert.is(ed25519KeyId(backPub), createHash('sha256').update(nodePair.publicKey.export({ format: 'der', type: 'spki' })).digest('hex'));
});

test('envelopes verify with node:crypto and with openssl pkeyutl (two independent verifiers)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-dsse-'));
  try {
    const pair = generateEd25519KeyPair(seed(2));
    const payload = enc.encode('{"hello":"world"}');
    const env = signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, payload, pair);
    const pae = preAuthEncoding(env.payloadType, Buffer.from(env.payload, 'base64'));
    const sig = Buffer.from(env.signatures[0]!.sig, 'base64');
    const pubPem = encodeEd25519PublicKeyPem(pair.publicKey);
    assert.ok(nodeVerify(null, pae, createPublicKey(pubPem), sig));
    writeFileSync(join(dir, 'pub.pem'), pubPem);
    writeFileSync(join(dir, 'pae.bin'), pae);
    writeFileSync(join(dir, 'sig.bin'), sig);
    const out = execFileSync('openssl', ['pkeyutl', '-verify', '-pubin', '-inkey', join(dir, 'pub.pem'), '-rawin', '-in', join(dir, 'pae.bin'), '-sigfile', join(dir, 'sig.bin')]).toString();
    assert.match(out, /Signature Verified Successfully/);
    // And a signature made by node:crypto with our PEM private key verifies here.
    const nodeSig = nodeSign(null, pae, createPrivateKey(encodeEd25519PrivateKeyPem(pair.secretKey)));
    assert.ok(verifyDsseEnvelope({ ...env, signatures: [{ keyid: '', sig: nodeSig.toString('base64') }] }, pair.publicKey).ok);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('keys made by openssl genpkey sign envelopes that verify', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-dsse-'));
  try {
    execFileSync('openssl', ['genpkey', '-algorithm', 'ed25519', '-out', join(dir, 'k.pem')]);
    execFileSync('openssl', ['pkey', '-in', join(dir, 'k.pem'), '-pubout', '-out', join(dir, 'k.pub')]);
    const pair = parseEd25519PrivateKeyPem(readFileSync(join(dir, 'k.pem'), 'utf8'));
    const pub = parseEd25519PublicKeyPem(readFileSync(join(dir, 'k.pub'), 'utf8'));
    assert.equal(pair.publicKey, pub);
    const env = signDsseEnvelope('text/plain', enc.encode('x'), pair);
    assert.ok(verifyDsseEnvelope(env, pub).ok);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('another key, an edited payload, payload type or signature fail', () => {
  const pair = generateEd25519KeyPair(seed(3));
  const other = generateEd25519KeyPair(seed(4));
  const env = signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, enc.encode('{"a":1}'), pair);
  assert.ok(verifyDsseEnvelope(env, pair.publicKey).ok);
  assert.not.ok(verifyDsseEnvelope(env, other.publicKey).ok);
  assert.not.ok(verifyDsseEnvelope({ ...env, payload: Buffer.from('{"a":2}').toString('base64') }, pair.publicKey).ok);
  assert.not.ok(verifyDsseEnvelope({ ...env, payloadType: 'application/json' }, pair.publicKey).ok);
  const sig = Buffer.from(env.signatures[0]!.sig, 'base64');
  sig[10] = sig[10]! ^ 1;
  assert.not.ok(verifyDsseEnvelope({ ...env, signatures: [{ keyid: env.signatures[0]!.keyid, sig: sig.toString('base64') }] }, pair.publicKey).ok);
  // A key id is only a hint: a wrong one does not matter, a right one does not help.
  assert.ok(verifyDsseEnvelope({ ...env, signatures: [{ keyid: 'nope', sig: env.signatures[0]!.sig }] }, pair.publicKey).ok);
});

test('key files: clear errors for the wrong kind, a truncated or foreign key, never echoing key bytes', () => {
  const pair = generateEd25519KeyPair(seed(5));
  const privPem = encodeEd25519PrivateKeyPem(pair.secretKey);
  const cases: [() => unknown, RegExp][] = [
    [() => parseEd25519PublicKeyPem(privPem, 'public key "k"'), /holds a private key/],
    // Both keys in the file handed out as the public one: refused, it would give the private key away.
    [() => parseEd25519PublicKeyPem(privPem + encodeEd25519PublicKeyPem(pair.publicKey), 'public key "k"'), /holds a private key beside the public key/],
    [() => parseEd25519PublicKeyPem(encodeEd25519PublicKeyPem(pair.publicKey) + privPem.replace(/PRIVATE KEY/g, 'ENCRYPTED PRIVATE KEY'), 'public key "k"'), /holds a private key beside the public key/],
    // Points of small order (the identity, and the point of order 2: y = -1) are no one's public key.
    [() => parseEd25519PublicKeyPem(encodeEd25519PublicKeyPem(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 1 : 0))), 'public key "k"'), /point of small order/],
    [() => parseEd25519PublicKeyPem(encodeEd25519PublicKeyPem(Uint8Array.from({ length: 32 }, (_, i) => (i === 0 ? 0xec : i === 31 ? 0x7f : 0xff))), 'public key "k"'), /point of small order/],
    [() => parseEd25519PrivateKeyPem(encodeEd25519PublicKeyPem(pair.publicKey), 'key "k"'), /expected a PEM "PRIVATE KEY" block, found "PUBLIC KEY"/],
    [() => parseEd25519PrivateKeyPem(privPem.slice(0, 60), 'key "k"'), /the PEM "PRIVATE KEY" block has no "-----END PRIVATE KEY-----" line; the file is truncated/],
    [() => parseEd25519PrivateKeyPem('-----BEGIN PRIVATE KEY-----\nAAAA\n', 'key "k"'), /has no "-----END PRIVATE KEY-----" line/],
    [() => parseEd25519PrivateKeyPem(privPem + encodeEd25519PrivateKeyPem(generateEd25519KeyPair(seed(6)).secretKey), 'key "k"'), /more than one PEM "PRIVATE KEY" block/],
    [() => parseEd25519PublicKeyPem(encodeEd25519PublicKeyPem(pair.publicKey).repeat(2), 'public key "k"'), /more than one PEM "PUBLIC KEY" block/],
    [() => parseEd25519PrivateKeyPem(privPem.replace(/\n[A-Za-z0-9+/]{8}/, '\n'), 'key "k"'), /not valid base64|not an Ed25519 private key/],
    [() => parseEd25519PrivateKeyPem(generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), 'key "k"'), /not an Ed25519 private key/],
  ];
  const secretB64 = Buffer.from(pair.secretKey).toString('base64').slice(0, 20);
  for (const [fn, re] of cases) {
    try {
      fn();
      assert.unreachable('accepted');
    } catch (e) {
      assert.is((e as Error).name, 'InputError');
      assert.match((e as Error).message, re);
      assert.not.ok((e as Error).message.includes(secretB64));
    }
  }
});

test('statements: in-toto v1 shape, canonical payload, tools fold to the subject digest', () => {
  const tools: Record<string, string> = JSON.parse(`{"b":"${sha256Hex('b')}","a":"${sha256Hex('a')}","__proto__":"${sha256Hex('c')}"}`);
  const serverDigest = computeServerDigest(Object.fromEntries(Object.entries(tools).map(([k, v]) => [k, { digest: v }])));
  const st = buildServerStatement({ serverDigest, serverName: 'notes', integrityDigest: serverDigest, tools, attestedAt: '2026-01-01T00:00:00.000Z' });
  const bytes = encodeServerStatement(st);
  const json = JSON.parse(new TextDecoder().decode(bytes));
  assert.is(json._type, 'https://in-toto.io/Statement/v1');
  assert.equal(json.subject, [{ name: 'notes', digest: { sha256: serverDigest } }]);
  assert.is(json.predicateType, SERVER_PREDICATE_TYPE);
  assert.is(json.predicate.toolCount, 3);
  assert.is(json.predicate.tools.a, `sha256:${tools.a}`);
  assert.ok(Object.hasOwn(json.predicate.tools, '__proto__'));
  const back = tryParseServerStatement(bytes);
  assert.type(back, 'object');
  assert.equal(back, st);
  const forged = { ...json, predicate: { ...json.predicate, tools: { ...json.predicate.tools, a: `sha256:${sha256Hex('z')}` } } };
  assert.match(tryParseServerStatement(enc.encode(JSON.stringify(forged))) as string, /do not fold/);
  assert.match(tryParseServerStatement(enc.encode('{"_type":"x"}')) as string, /not an in-toto Statement v1/);
  assert.match(tryParseServerStatement(enc.encode('{"a":1,"a":2}')) as string, /the signed payload.*duplicate/i);
  assert.match(tryParseServerStatement(enc.encode('[1]')) as string, /not a JSON object/);
});

test.run();
