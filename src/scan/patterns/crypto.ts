/**
 * Crypto patterns: Node `crypto` (hashing, HMAC, ciphers, signatures, key generation, random
 * bytes), the Bun crypto classes, the Web Crypto global (`crypto.subtle`, `crypto.getRandomValues`) and common crypto
 * packages. Every member counts: the family records that the handler does cryptography at all.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from '../types.ts';

const CRYPTO_PACKAGES = [
  'jose', 'jsonwebtoken', 'tweetnacl', 'node-forge', 'bcrypt', 'bcryptjs', 'crypto-js', 'argon2', 'libsodium-wrappers',
  '@noble/hashes', '@noble/curves', '@noble/ciphers', '@noble/ed25519', '@noble/secp256k1', 'openpgp', 'elliptic',
  '@noble/post-quantum', '@scure/bip32', '@scure/bip39', '@node-rs/argon2', '@node-rs/bcrypt', 'scrypt-js', 'pbkdf2', 'hash-wasm',
  // Digests (MD5, SHA-1, SHA-2, SHA-3) and HMAC as packages.
  'md5', 'blueimp-md5', 'spark-md5', 'sha1', 'js-sha1', 'js-sha256', 'js-sha512', 'js-sha3', 'sha.js', 'create-hash', 'create-hmac', 'hash.js',
  // One-time passwords, RSA and JOSE/X.509 toolkits, SSH keys, signed cookies.
  'otplib', 'speakeasy', 'otpauth', 'node-rsa', 'jsrsasign', 'node-jose', 'jwt-simple', 'jwks-rsa', 'sshpk', '@peculiar/webcrypto',
  '@peculiar/x509', 'pkijs', 'aes-js', 'secp256k1', 'keygrip',
  'crypto-random-string', 'jws', 'jwa', 'aws4', '@smithy/signature-v4', '@aws-sdk/signature-v4', 'md5.js', 'js-md5', 'hasha', 'tsscmp',
  'uncrypto', 'iron-webcrypto', '@hapi/iron', '@panva/hkdf', 'fast-sha256', 'blake3-wasm', 'blakejs', 'jssha', 'eciesjs', 'xml-crypto',
  '@nestjs/jwt', 'libsodium', '@oslojs/crypto', 'ethereum-cryptography', 'crypto-browserify', '@aws-crypto/sha256-js', '@aws-crypto/sha256-browser', '@aws-crypto/sha1-browser',
  // The Deno standard library's crypto (Web Crypto with more digests, timingSafeEqual).
  '@std/crypto',
];

/** Module specifiers of the crypto family. */
export const CRYPTO_MODULES: Readonly<Record<string, ModuleInfo>> = {
  crypto: { source: 'crypto', display: 'crypto' },
  ...Object.fromEntries(CRYPTO_PACKAGES.map((name) => [name, { source: name, display: name }])),
};

/** Crypto pattern rows. */
export const CRYPTO_PATTERNS: readonly CapabilityPattern[] = [
  { id: 'crypto.node-crypto', family: 'crypto', title: 'Uses Node crypto (hash, HMAC, cipher, signature, keys, random)', sources: ['crypto'], raw: 'member' },
  { id: 'crypto.web-crypto', family: 'crypto', title: 'Uses the Web Crypto global (crypto.subtle, getRandomValues, randomUUID)', sources: ['webcrypto'], raw: 'member' },
  { id: 'crypto.bun', family: 'crypto', title: 'Uses the Bun crypto APIs (CryptoHasher, password hashing, SHA and MD5 classes)', sources: ['Bun'], members: ['CryptoHasher', 'password', 'sha', 'SHA1', 'SHA224', 'SHA256', 'SHA384', 'SHA512', 'SHA512_256', 'MD4', 'MD5'], raw: 'member' },
  { id: 'crypto.package', family: 'crypto', title: 'Imports a cryptography package', sources: CRYPTO_PACKAGES, raw: 'module' },
];
