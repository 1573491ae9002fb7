/**
 * Canonical JSON (RFC 8785), the strict I-JSON reader, the WASM hashing core and the contract
 * digests: the `mcpfusion/canonical` entry. Named re-exports only.
 *
 * @module
 */
export { canonicalize, canonicalDigest, quoteJsonString } from './jcs.ts';
export { stringifySorted } from './pretty.ts';
export { parseStrictJson, tryParseStrictJson, positionOf, loneSurrogateAt, type JsonValue } from './strict-json.ts';
export { sha256, sha256Hex, createSha256, hmacSha256, hmacSha256Hex, bytesToHex, constantTimeEqual, type HashInput, type Sha256Hasher } from './hash.ts';
export * from './digest.ts';
