import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { computeServerDigest } from '../../src/canonical/digest.ts';
import { createAttestation } from '../../src/attest/create-attestation.ts';
import { parseAttestation, serializeAttestation, type AttestationDocument } from '../../src/attest/attestation-document.ts';
import { verifyAttestation } from '../../src/attest/verify-attestation.ts';
import { verifyCapabilityPin } from '../../src/attest/verify-capability-pin.ts';
import { buildTrustCapability } from '../../src/attest/build-trust-capability.ts';
import { AttestationFailure } from '../../src/attest/attestation-result.ts';
import { generateEd25519KeyPair } from '../../src/attest/ed25519-keys.ts';
import { encodeBase64, tryDecodeBase64 } from '../../src/canonical/base64.ts';
import { IN_TOTO_PAYLOAD_TYPE, MAX_DSSE_SIGNATURES, signDsseEnvelope, verifyDsseEnvelope } from '../../src/attest/dsse.ts';
import type { AttestationSigner } from '../../src/attest/attestation-signer.ts';
import { AttestationError, InputError } from '../../src/errors.ts';

const SECRET = 'a-shared-secret-that-is-long-enough-0001';
const now = () => new Date('2026-02-03T04:05:06.000Z');
const tools = { search: sha256Hex('search'), fetch: sha256Hex('fetch') };
const serverDigest = computeServerDigest({ search: { digest: tools.search }, fetch: { digest: tools.fetch } });
const changed = computeServerDigest({ search: { digest: sha256Hex('search v2') }, fetch: { digest: tools.fetch } });
const pair = generateEd25519KeyPair(new Uint8Array(32).fill(9));
const otherPair = generateEd25519KeyPair(new Uint8Array(32).fill(10));

async function hmacDoc(): Promise<AttestationDocument> {
  return createAttestation({ serverDigest, serverName: 'demo', tools, integrityDigest: serverDigest, mcpfusionVersion: '0.1.0' }, { signer: 'hmac', secret: SECRET, now });
}
async function edDoc(): Promise<AttestationDocument> {
  return createAttestation({ serverDigest, serverName: 'demo', tools, integrityDigest: serverDigest }, { signer: 'ed25519', privateKey: pair, now });
}
const roundTrip = (d: AttestationDocument) => parseAttestation(serializeAttestation(d), 'attestation "t"');

test('HMAC: sign, serialize, parse, verify; byte-stable serialization', async () => {
  const doc = await hmacDoc();
  assert.is(doc.serverDigest, `sha256:${serverDigest}`);
  assert.is(doc.toolCount, 2);
  assert.is(doc.attestedAt, '2026-02-03T04:05:06.000Z');
  const text = serializeAttestation(doc);
  assert.ok(text.endsWith('}\n'));
  assert.is(serializeAttestation(parseAttestation(text)), text);
  const r = await verifyAttestation(serverDigest, roundTrip(doc), { signer: 'hmac', secret: SECRET });
  assert.ok(r.valid);
  assert.is(r.failure, null);
  assert.is(r.expectedDigest, serverDigest);
});

test('HMAC: a changed server is attest.digest-mismatch; another secret is attest.bad-signature', async () => {
  const doc = roundTrip(await hmacDoc());
  const mismatch = await verifyAttestation(changed, doc, { signer: 'hmac', secret: SECRET });
  assert.is(mismatch.failure, 'attest.digest-mismatch');
  assert.is(mismatch.computedDigest, changed);
  assert.is(mismatch.expectedDigest, serverDigest);
  const wrong = await verifyAttestation(serverDigest, doc, { signer: 'hmac', secret: `${SECRET}!` });
  assert.is(wrong.failure, 'attest.bad-signature');
  // An edited digest with the old signature is a bad signature, not a digest mismatch.
  const edited = { ...doc, serverDigest: `sha256:${changed}` };
  assert.is((await verifyAttestation(changed, edited, { signer: 'hmac', secret: SECRET })).failure, 'attest.bad-signature');
});

test('Ed25519: verifies with the public key alone; another key fails; edits are caught', async () => {
  const doc = roundTrip(await edDoc());
  assert.is(doc.signer, 'ed25519-dsse');
  assert.ok(doc.envelope);
  const ok = await verifyAttestation(serverDigest, doc, { signer: 'ed25519', publicKey: pair.publicKey });
  assert.ok(ok.valid, ok.error ?? '');
  assert.is(ok.signature, doc.signature);
  assert.is((await verifyAttestation(changed, doc, { signer: 'ed25519', publicKey: pair.publicKey })).failure, 'attest.digest-mismatch');
  assert.is((await verifyAttestation(serverDigest, doc, { signer: 'ed25519', publicKey: otherPair.publicKey })).failure, 'attest.bad-signature');
  // Editing an outer field that the statement also signs is caught.
  for (const edit of [{ toolCount: 3 }, { attestedAt: '2027-01-01T00:00:00.000Z' }, { serverName: 'evil' }, { serverDigest: `sha256:${changed}` }]) {
    const r = await verifyAttestation(changed, { ...doc, ...edit }, { signer: 'ed25519', publicKey: pair.publicKey });
    assert.is(r.failure, 'attest.statement-mismatch', JSON.stringify(edit));
    assert.not.ok(r.valid);
  }
  // A forged payload (re-encoded, unsigned) fails the signature.
  const forged = JSON.parse(new TextDecoder().decode(Buffer.from(doc.envelope!.payload, 'base64')));
  forged.subject[0].digest.sha256 = changed;
  const env = { ...doc.envelope!, payload: encodeBase64(new TextEncoder().encode(JSON.stringify(forged))) };
  assert.is((await verifyAttestation(changed, { ...doc, serverDigest: `sha256:${changed}`, envelope: env }, { signer: 'ed25519', publicKey: pair.publicKey })).failure, 'attest.bad-signature');
});

test('Ed25519: a statement the key signed under another payloadType, or with a key given twice, is not accepted', async () => {
  const doc = roundTrip(await edDoc());
  const payload = tryDecodeBase64(doc.envelope!.payload)!;
  const resign = (payloadType: string, bytes: Uint8Array): AttestationDocument => {
    const envelope = signDsseEnvelope(payloadType, bytes, pair);
    return roundTrip({ ...doc, envelope, signature: envelope.signatures[0]!.sig });
  };
  const cfg = { signer: 'ed25519', publicKey: pair.publicKey } as const;
  // The same statement bytes, validly signed by the trusted key, but as another kind of payload.
  assert.ok((await verifyAttestation(serverDigest, resign(IN_TOTO_PAYLOAD_TYPE, payload), cfg)).valid);
  const typed = await verifyAttestation(serverDigest, resign('application/json', payload), cfg);
  assert.not.ok(typed.valid);
  assert.is(typed.failure, 'attest.statement-mismatch');
  assert.match(typed.error ?? '', /payloadType is "application\/json", expected "application\/vnd\.in-toto\+json"/);
  // A signed payload with a duplicate key: readers disagree on which value counts, so it is refused, saying why.
  const text = new TextDecoder().decode(payload).replace('{"_type"', '{"_type":"x","_type"');
  const dup = await verifyAttestation(serverDigest, resign(IN_TOTO_PAYLOAD_TYPE, new TextEncoder().encode(text)), cfg);
  assert.is(dup.failure, 'attest.statement-mismatch');
  assert.match(dup.error ?? '', /duplicate/i);
});

test('Ed25519: an envelope with several signatures verifies by the one the key made, wherever it stands and whatever the keyid hints say; past 16 signatures it is refused before any is tried', async () => {
  const doc = roundTrip(await edDoc());
  const payload = tryDecodeBase64(doc.envelope!.payload)!;
  const mine = doc.envelope!.signatures[0]!;
  const theirs = signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, payload, otherPair).signatures[0]!;
  const cfg = { signer: 'ed25519', publicKey: pair.publicKey } as const;
  const withSigs = (signatures: { keyid: string; sig: string }[]): AttestationDocument =>
    roundTrip({ ...doc, envelope: { ...doc.envelope!, signatures }, signature: signatures[0]!.sig });
  // Co-signed: the trusted key's signature last, its keyid claimed by another's.
  const cosigned = await verifyAttestation(serverDigest, withSigs([{ keyid: mine.keyid, sig: theirs.sig }, { keyid: 'x', sig: mine.sig }]), cfg);
  assert.ok(cosigned.valid, cosigned.error ?? '');
  assert.is(cosigned.signature, mine.sig);
  // Only others' signatures, one claiming the trusted key's id: refused.
  const foreign = await verifyAttestation(serverDigest, withSigs([{ keyid: mine.keyid, sig: theirs.sig }]), cfg);
  assert.is(foreign.failure, 'attest.bad-signature');
  // Many signatures: each is a verification, so their number is bounded.
  const many = Array.from({ length: MAX_DSSE_SIGNATURES + 1 }, () => ({ keyid: '', sig: theirs.sig }));
  many.push({ keyid: mine.keyid, sig: mine.sig });
  assert.throws(() => withSigs(many), (e: unknown) => e instanceof InputError && /holds 18 signatures, more than 16/.test(e.message));
  assert.equal(verifyDsseEnvelope({ ...doc.envelope!, signatures: many }, pair.publicKey), { ok: false, reason: 'malformed' });
  assert.ok(verifyDsseEnvelope({ ...doc.envelope!, signatures: many.slice(2) }, pair.publicKey).ok);
});

test('Ed25519: a signed statement whose subject name is not its serverName is a statement mismatch', async () => {
  const doc = roundTrip(await edDoc());
  const statement = JSON.parse(new TextDecoder().decode(tryDecodeBase64(doc.envelope!.payload)!));
  assert.is(statement.subject[0].name, 'demo');
  const cfg = { signer: 'ed25519', publicKey: pair.publicKey } as const;
  const signWith = (subjectName: string, serverName: string | null): AttestationDocument => {
    const edited = { ...statement, subject: [{ ...statement.subject[0], name: subjectName }], predicate: { ...statement.predicate, serverName } };
    const envelope = signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, new TextEncoder().encode(JSON.stringify(edited)), pair);
    return roundTrip({ ...doc, serverName, envelope, signature: envelope.signatures[0]!.sig });
  };
  // What an in-toto policy reads (subject name) and what mcpfusion checks (serverName) must agree.
  const r = await verifyAttestation(serverDigest, signWith('payments', 'demo'), cfg);
  assert.is(r.failure, 'attest.statement-mismatch');
  assert.match(r.error ?? '', /the subject name "payments" is not the predicate's serverName "demo"/);
  const unnamed = await verifyAttestation(serverDigest, signWith('payments', null), cfg);
  assert.match(unnamed.error ?? '', /the subject name "payments" is not "mcp-server", the name of a server without serverName/);
  assert.ok((await verifyAttestation(serverDigest, signWith('mcp-server', null), cfg)).valid);
  assert.ok((await verifyAttestation(serverDigest, signWith('demo', 'demo'), cfg)).valid);
  // A statement the key signed with a second subject (another server's digest, which an in-toto
  // policy would also match) is not one server's statement: refused, whichever subject comes first.
  for (const subject of [[statement.subject[0], { name: 'demo', digest: { sha256: changed } }], [{ name: 'demo', digest: { sha256: changed } }, statement.subject[0]]]) {
    const envelope = signDsseEnvelope(IN_TOTO_PAYLOAD_TYPE, new TextEncoder().encode(JSON.stringify({ ...statement, subject })), pair);
    const two = await verifyAttestation(serverDigest, roundTrip({ ...doc, envelope, signature: envelope.signatures[0]!.sig }), cfg);
    assert.is(two.failure, 'attest.statement-mismatch');
    assert.match(two.error ?? '', /exactly one subject/);
  }
});

test('signer kind mismatch is an InputError, not a silent pass', async () => {
  const h = roundTrip(await hmacDoc());
  const e = roundTrip(await edDoc());
  for (const [doc, cfg] of [[h, { signer: 'ed25519', publicKey: pair.publicKey }], [e, { signer: 'hmac', secret: SECRET }]] as const) {
    try {
      await verifyAttestation(serverDigest, doc, cfg);
      assert.unreachable();
    } catch (err) {
      assert.is((err as Error).name, 'InputError');
    }
  }
});

test('tool digests that do not fold to the server digest are refused at signing', async () => {
  try {
    await createAttestation({ serverDigest: changed, tools }, { signer: 'hmac', secret: SECRET, now });
    assert.unreachable();
  } catch (e) {
    assert.match((e as Error).message, /do not fold/);
  }
});

test('verifyCapabilityPin throws an AttestationError carrying the result; buildTrustCapability', async () => {
  const doc = roundTrip(await hmacDoc());
  const r = await verifyCapabilityPin(serverDigest, { signer: 'hmac', secret: SECRET, attestation: doc });
  assert.equal(buildTrustCapability(r, 2), {
    serverDigest, signature: doc.signature, signerName: 'hmac-sha256', attestedAt: doc.attestedAt, toolCount: 2, verified: true,
  });
  try {
    await verifyCapabilityPin(changed, { signer: 'hmac', secret: SECRET, attestation: doc });
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof AttestationError);
    assert.ok(e instanceof AttestationFailure);
    assert.is((e as AttestationFailure).name, 'AttestationError');
    assert.is((e as AttestationFailure).exitCode, 1);
    assert.is((e as AttestationFailure).result.computedDigest, changed);
    assert.is((e as AttestationFailure).result.expectedDigest, serverDigest);
    assert.is((e as AttestationFailure).result.signerName, 'hmac-sha256');
    assert.is((e as AttestationFailure).result.attestedAt, doc.attestedAt);
    assert.not.ok((e as Error).message.includes(SECRET));
  }
  // MCP Fusion style: expectedDigest only.
  await verifyCapabilityPin(serverDigest, { signer: 'hmac', secret: SECRET, expectedDigest: `sha256:${serverDigest}` });
  const soft = await verifyCapabilityPin(changed, { signer: 'hmac', secret: SECRET, expectedDigest: serverDigest, failOnMismatch: false });
  assert.not.ok(soft.valid);
  assert.is(buildTrustCapability(soft, 2).verified, false);
  // Attestation valid but a pinned expectedDigest differs.
  try {
    await verifyCapabilityPin(serverDigest, { signer: 'hmac', secret: SECRET, attestation: doc, expectedDigest: changed });
    assert.unreachable();
  } catch (e) {
    assert.is((e as AttestationFailure).result.failure, 'attest.digest-mismatch');
  }
});

test('a bare signature (MCP Fusion style) is checked against expectedDigest, not only for validity', async () => {
  const sigNow = (await createAttestation({ serverDigest: changed }, { signer: 'hmac', secret: SECRET, now })).signature;
  // A valid signature over what runs now, but what runs is not the approved (expected) digest.
  const r = await verifyAttestation(changed, sigNow, { signer: 'hmac', secret: SECRET, expectedDigest: `sha256:${serverDigest}` });
  assert.is(r.valid, false);
  assert.is(r.failure, 'attest.digest-mismatch');
  assert.is(r.expectedDigest, serverDigest);
  assert.is(r.computedDigest, changed);
  assert.match(r.error!, new RegExp(`^The server digest is sha256:${changed} but the expected digest is sha256:${serverDigest}: what runs is not what was approved$`));
  const same = await verifyAttestation(changed, sigNow, { signer: 'hmac', secret: SECRET, expectedDigest: changed });
  assert.ok(same.valid);
  assert.is(same.failure, null);
  // A bad signature is reported first, as with a document.
  const bad = await verifyAttestation(serverDigest, sigNow, { signer: 'hmac', secret: SECRET, expectedDigest: changed });
  assert.is(bad.failure, 'attest.bad-signature');
});

test('verifyCapabilityPin with neither attestation nor expectedDigest is an InputError, never a "verified" result', async () => {
  for (const config of [{ signer: 'hmac' as const, secret: SECRET }, { signer: 'hmac' as const, secret: SECRET, failOnMismatch: false }]) {
    try {
      await verifyCapabilityPin(serverDigest, config);
      assert.unreachable('expected an InputError');
    } catch (e) {
      assert.instance(e, InputError);
      assert.is((e as Error).message, 'verifyCapabilityPin has nothing to check the server digest against: pass the attestation ({ attestation }) or the approved digest ({ expectedDigest })');
    }
  }
});

test('a malformed digest is quoted cut to 80 characters without splitting a character', async () => {
  const raw = `${'a'.repeat(79)}\u{1F600}${'b'.repeat(10)}`;
  try {
    await verifyAttestation(raw, 'sig', { signer: 'hmac', secret: SECRET });
    assert.unreachable();
  } catch (e) {
    assert.instance(e, InputError);
    const message = (e as Error).message;
    assert.is(message, `The current server digest "${'a'.repeat(79)}…" is not a SHA-256 digest: expected 64 hex characters, optionally prefixed with "sha256:"`);
  }
});

test('a custom AttestationSigner plugs in (KMS-style)', async () => {
  const log: string[] = [];
  const kms: AttestationSigner = {
    name: 'fake-kms',
    async sign(d) { log.push(d); return `kms:${sha256Hex(`k${d}`)}`; },
    async verify(d, s) { return s === `kms:${sha256Hex(`k${d}`)}`; },
  };
  const doc = roundTrip(await createAttestation({ serverDigest: `sha256:${serverDigest}`, toolCount: 2 }, { signer: kms, now }));
  assert.equal(log, [serverDigest]);
  assert.is(doc.signer, 'fake-kms');
  assert.ok((await verifyAttestation(serverDigest, doc, { signer: kms })).valid);
  assert.is((await verifyAttestation(changed, doc, { signer: kms })).failure, 'attest.digest-mismatch');
});

test('attestedAt: only the RFC 3339 UTC form sign writes is read; other forms Date.parse reads are refused (exit 2)', async () => {
  const htext = serializeAttestation(await hmacDoc());
  assert.match(htext, /"attestedAt": "2026-02-03T04:05:06\.000Z"/);
  const withTime = (t: string): string => htext.replace(/"attestedAt": "[^"]+"/, `"attestedAt": ${JSON.stringify(t)}`);
  for (const ok of ['2026-12-06T10:00:00.000Z', '2026-12-06T10:00:00Z', '2026-12-06T10:00:00.123456789Z', '2024-02-29T23:59:59.999Z', '0000-01-01T00:00:00.000Z']) {
    assert.is(parseAttestation(withTime(ok)).attestedAt, ok, ok);
  }
  const refused = [
    'Dec 6 2026', '2026-12-06', '2026-12-06T10:00:00', '2026-12-06T10:00:00+00:00', '2026-12-06T11:00:00+01:00',
    '2026-12-06T10:00:00.000z', '2026-12-06t10:00:00.000Z', '2026-12-06 10:00:00.000Z', '+010000-01-01T00:00:00.000Z',
    '2026-02-29T00:00:00.000Z', '2026-13-01T00:00:00.000Z', '2026-12-06T24:00:00.000Z', '2026-12-31T23:59:60.000Z',
    '2026-12-06T10:00:00.000Z ', ' 2026-12-06T10:00:00.000Z', '2026-12-06T10:00:00.0000000000Z', '١٢٣٤-12-06T10:00:00.000Z',
  ];
  for (const bad of refused) {
    try {
      parseAttestation(withTime(bad), 'attestation "t"');
      assert.unreachable(`accepted ${bad}`);
    } catch (e) {
      assert.instance(e, InputError, bad);
      assert.is((e as InputError).exitCode, 2);
      assert.ok((e as Error).message.includes(`"attestedAt" is ${JSON.stringify(bad)}; it must be an RFC 3339 time in UTC as "attest sign" writes it, such as "2026-12-06T10:00:00.000Z"`), (e as Error).message);
    }
  }
  for (const [v, shown] of [[1765015200000, 'not a string (1765015200000)'], [null, 'not a string (null)']] as const) {
    const t = htext.replace(/"attestedAt": "[^"]+"/, `"attestedAt": ${JSON.stringify(v)}`);
    assert.throws(() => parseAttestation(t), (e: Error) => e.message.includes(`"attestedAt" is ${shown}`));
  }
  assert.throws(() => parseAttestation(htext.replace(/\s*"attestedAt": "[^"]+",/, '')), (e: Error) => e.message.includes('"attestedAt" is missing'));
  // A clock beyond the year 9999 would make sign write "+010000-…": refused when signing instead.
  await createAttestation({ serverDigest }, { signer: 'hmac', secret: SECRET, now: () => new Date(Date.UTC(10000, 0, 1)) }).then(
    () => assert.unreachable('signed with a year-10000 clock'),
    (e: Error) => { assert.instance(e, InputError); assert.match(e.message, /\+010000-01-01T00:00:00\.000Z, outside the years 0000 to 9999/); },
  );
});

test('parseAttestation: truncated, edited or foreign files are InputErrors naming the problem', async () => {
  const text = serializeAttestation(await edDoc());
  const htext = serializeAttestation(await hmacDoc());
  const cases: [string, RegExp][] = [
    [text.slice(0, text.length / 2), /Invalid JSON in attestation "t".*truncated or was edited/s],
    ['', /empty/],
    ['[]', /top level is not a JSON object/],
    [htext.replace('"attestationVersion": 1', '"attestationVersion": 2'), /attestationVersion is 2, expected 1/],
    [htext.replace(/"signature": "[0-9a-f]+"/, '"signature": "zz"'), /"signature" of an hmac-sha256 attestation/],
    [htext.replace(/"serverDigest": "sha256:/, '"serverDigest": "'), /"serverDigest" must be/],
    [htext.replace(/"toolCount": 2/, '"toolCount": -1'), /"toolCount"/],
    [htext.replace(/"attestedAt": "[^"]+"/, '"attestedAt": "yesterday"'), /"attestedAt"/],
    [htext.replace('{', '{"signer": "x",'), /duplicate/i],
    [text.replace(/"payload": "[^"]+"/, '"payload": "***"'), /"envelope.payload" must be base64/],
    [text.replace(/"envelope": \{/, '"envelopeX": {'), /needs an "envelope" object/],
    [text.replace(/"sig": "[^"]+"/, '"sig": "AAAA"'), /must be a base64 Ed25519 signature|not one of the envelope/],
  ];
  for (const [t, re] of cases) {
    try {
      parseAttestation(t, 'attestation "t"');
      assert.unreachable(`accepted: ${t.slice(0, 80)}`);
    } catch (e) {
      assert.is((e as Error).name === 'InputError' || (e as Error).name === 'JsonParseError', true, (e as Error).name);
      assert.is((e as { exitCode: number }).exitCode, 2);
      assert.match((e as Error).message, re);
    }
  }
});

test.run();
