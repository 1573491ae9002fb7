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

test.run();
