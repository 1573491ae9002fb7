import { test } from 'uvu';
import * as assert from 'uvu/assert';
import fc from 'fast-check';
import { encodeBase64, tryDecodeBase64 } from '../../src/canonical/base64.ts';

test('encode agrees with Buffer (oracle) and decode round-trips, standard and URL-safe', () => {
  fc.assert(fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
    const b64 = encodeBase64(bytes);
    assert.is(b64, Buffer.from(bytes).toString('base64'));
    assert.equal(tryDecodeBase64(b64), bytes);
    assert.equal(tryDecodeBase64(Buffer.from(bytes).toString('base64url')), bytes);
  }));
});

test('RFC 4648 vectors', () => {
  const vectors: [string, string][] = [['', ''], ['f', 'Zg=='], ['fo', 'Zm8='], ['foo', 'Zm9v'], ['foob', 'Zm9vYg=='], ['fooba', 'Zm9vYmE='], ['foobar', 'Zm9vYmFy']];
  for (const [plain, b64] of vectors) {
    assert.is(encodeBase64(new TextEncoder().encode(plain)), b64);
    assert.is(new TextDecoder().decode(tryDecodeBase64(b64)), plain);
  }
});

test('rejects what is not base64 instead of skipping it', () => {
  for (const bad of ['Zg=', 'Z', 'Zg==Zg==', 'Zm9v\n', 'Zm 9v', 'Zm9v*', '====', 'Zh==', 'Zm9=', 'é===']) {
    assert.is(tryDecodeBase64(bad), undefined, bad);
  }
});

test.run();
