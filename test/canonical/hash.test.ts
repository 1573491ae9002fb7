import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash, createHmac, randomBytes } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import fc from 'fast-check';
import { bytesToHex, constantTimeEqual, createSha256, hmacSha256, hmacSha256Hex, sha256, sha256Hex } from '../../src/canonical/hash.ts';

// node:crypto is used here only as an independent oracle, never in the digest path.
const oracle = (d: Uint8Array | string) => createHash('sha256').update(d).digest('hex');

test('FIPS 180-2 vectors', () => {
  assert.is(sha256Hex(''), 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
  assert.is(sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  assert.is(sha256Hex('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq'), '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1');
  assert.is(sha256Hex('a'.repeat(1_000_000)), 'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0');
});

test('strings are hashed as UTF-8; bytes and strings agree with node:crypto', () => {
  assert.is(sha256Hex('é😀'), oracle(Buffer.from('é😀', 'utf8')));
  fc.assert(fc.property(fc.uint8Array({ maxLength: 3000 }), (b) => {
    assert.is(sha256Hex(b), oracle(b));
    assert.is(bytesToHex(sha256(b)), oracle(b));
  }), { numRuns: 200 });
  fc.assert(fc.property(fc.string({ unit: 'grapheme' }), (s) => assert.is(sha256Hex(s), oracle(Buffer.from(s, 'utf8')))), { numRuns: 200 });
});

test('the WASM I/O buffer boundary (16 KiB): strings and bytes of every length around it', () => {
  const CHUNK = 16 * 1024;
  const ascii = 'x'.repeat(3 * CHUNK + 7);
  const wide = '€'.repeat(CHUNK); // 3 UTF-8 bytes per code unit
  const astral = '😀'.repeat(CHUNK); // 4 bytes per 2 code units
  for (const n of [0, 1, 5460, 5461, 5462, CHUNK - 1, CHUNK, CHUNK + 1, 2 * CHUNK, 3 * CHUNK + 7]) {
    assert.is(sha256Hex(ascii.slice(0, n)), oracle(ascii.slice(0, n)), `ascii ${n}`);
    const bytes = new Uint8Array(n).map((_, i) => (i * 31) & 255);
    assert.is(sha256Hex(bytes), oracle(bytes), `bytes ${n}`);
  }
  for (const n of [1, 1820, 1821, 1822, 5461, 5462, 6000, CHUNK]) {
    assert.is(sha256Hex(wide.slice(0, n)), oracle(Buffer.from(wide.slice(0, n), 'utf8')), `wide ${n}`);
    assert.is(sha256Hex(astral.slice(0, 2 * n)), oracle(Buffer.from(astral.slice(0, 2 * n), 'utf8')), `astral ${n}`);
  }
  const h = createSha256();
  h.update(wide.slice(0, 6000)).update(ascii.slice(0, CHUNK + 3)).update(new Uint8Array(CHUNK * 2 + 1));
  assert.is(h.digestHex(), oracle(Buffer.concat([Buffer.from(wide.slice(0, 6000)), Buffer.from(ascii.slice(0, CHUNK + 3)), new Uint8Array(CHUNK * 2 + 1)])));
});

test('the embedded WASM is hash-wasm\'s, byte for byte, and computes what hash-wasm computes', async () => {
  const { extractFromHashWasm } = await import('../../scripts/extract-wasm.ts');
  const { SHA256_WASM_BASE64, SHA256_WASM_VERSION } = await import('../../wasm/sha256-binary.ts');
  const installed = extractFromHashWasm();
  assert.is(SHA256_WASM_VERSION, installed.version, 'run `npm run extract-wasm` after upgrading hash-wasm');
  assert.ok(SHA256_WASM_BASE64 === installed.base64, 'wasm/sha256-binary.ts differs from the installed hash-wasm: run `npm run extract-wasm`');
  const { createSHA256 } = await import('hash-wasm');
  const reference = await createSHA256();
  fc.assert(fc.property(fc.uint8Array({ maxLength: 40_000 }), (b) => {
    assert.is(sha256Hex(b), reference.init().update(b).digest('hex'));
  }), { numRuns: 100 });
});

test('incremental hashers are independent and equal one-shot hashing', () => {
  const a = createSha256();
  const b = createSha256();
  a.update('hello ');
  b.update(new Uint8Array([1, 2, 3]));
  sha256Hex('interleaved one-shot call');
  a.update('world');
  assert.is(a.digestHex(), sha256Hex('hello world'));
  assert.is(b.digestHex(), oracle(Buffer.from([1, 2, 3])));
  assert.throws(() => a.update('x'), /already finished/);
  fc.assert(fc.property(fc.array(fc.uint8Array({ maxLength: 200 }), { maxLength: 20 }), (chunks) => {
    const h = createSha256();
    for (const c of chunks) h.update(c);
    assert.is(h.digestHex(), oracle(Buffer.concat(chunks)));
  }), { numRuns: 100 });
});

test('HMAC-SHA256: RFC 4231 case 2 and node:crypto on random keys of every length class', () => {
  assert.is(hmacSha256Hex('Jefe', 'what do ya want for nothing?'), '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843');
  for (const len of [0, 1, 31, 32, 63, 64, 65, 131, 1000]) {
    const key = randomBytes(len);
    const msg = randomBytes(len * 3 + 7);
    assert.is(bytesToHex(hmacSha256(key, msg)), createHmac('sha256', key).update(msg).digest('hex'), `key length ${len}`);
  }
});

test('HMAC agrees with openssl on a digest string', () => {
  const digest = sha256Hex('server');
  const r = spawnSync('openssl', ['dgst', '-sha256', '-hmac', 'a-secret-that-is-long-enough-0123456789'], { input: digest, encoding: 'utf8' });
  if (r.error) { console.log('note: openssl not available; skipped'); return; }
  assert.match(r.stdout, new RegExp(hmacSha256Hex('a-secret-that-is-long-enough-0123456789', digest) + '\\s*$'));
});

test('constantTimeEqual', () => {
  assert.ok(constantTimeEqual('abc', 'abc'));
  assert.not.ok(constantTimeEqual('abc', 'abd'));
  assert.not.ok(constantTimeEqual('abc', 'abcd'));
  assert.not.ok(constantTimeEqual('', 'a'));
  assert.ok(constantTimeEqual('', ''));
});

test('bad inputs are TypeErrors naming the argument', () => {
  assert.throws(() => sha256(42 as unknown as string), /sha256 input must be a string or a Uint8Array/);
  assert.throws(() => sha256Hex(null as unknown as string), /sha256Hex input/);
  assert.throws(() => hmacSha256(undefined as unknown as string, 'm'), /HMAC key/);
});

test('a string with a lone surrogate is refused, never hashed as U+FFFD (no collisions)', () => {
  assert.throws(() => sha256Hex('\ud800'), /sha256Hex input holds a lone surrogate U\+D800 at index 0/);
  assert.throws(() => sha256('ab\udc00'), /lone surrogate U\+DC00 at index 2/);
  assert.throws(() => createSha256().update('x\udbff'), /update input holds a lone surrogate U\+DBFF/);
  assert.throws(() => hmacSha256Hex('k', 'tool\ud83d:'), /HMAC message holds a lone surrogate/);
  // Pairs are fine and hash as their UTF-8 bytes.
  assert.is(sha256Hex('\ud83d\ude00'), oracle(Buffer.from('\u{1F600}', 'utf8')));
  assert.is(sha256Hex('\ufffd'), oracle('\ufffd'));
});

test.run();
