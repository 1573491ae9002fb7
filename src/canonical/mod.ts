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

// A JavaScript caller's argument of the wrong kind (null, a string for an object, …) is an
// InputError naming the call and the argument, looked at only when the work failed
// with a TypeError or RangeError (src/arguments.ts).
import { guardArguments } from '../arguments.ts';
import * as work0 from './digest.ts';
export const surfacePreimage = guardArguments(work0.surfacePreimage, 'surfacePreimage(contract)', [{ surface: 'object' }]);
export const behaviorPreimage = guardArguments(work0.behaviorPreimage, 'behaviorPreimage(contract)', [{ behavior: 'object' }]);
export const tokenEconomicsPreimage = guardArguments(work0.tokenEconomicsPreimage, 'tokenEconomicsPreimage(contract)', [{ tokenEconomics: 'object' }]);
export const entitlementsPreimage = guardArguments(work0.entitlementsPreimage, 'entitlementsPreimage(contract)', [{ entitlements: 'object' }]);
export const promptPreimage = guardArguments(work0.promptPreimage, 'promptPreimage(prompt)', [{ tags: 'array', arguments: 'objects' }]);
export const resourcePreimage = guardArguments(work0.resourcePreimage, 'resourcePreimage(resource)', ['object']);
export const computePromptDigest = guardArguments(work0.computePromptDigest, 'computePromptDigest(prompt)', [{ tags: 'array', arguments: 'objects' }]);
export const computeResourceDigest = guardArguments(work0.computeResourceDigest, 'computeResourceDigest(resource)', ['object']);
export const computeIntegrityDigest = guardArguments(work0.computeIntegrityDigest, 'computeIntegrityDigest(serverDigest, prompts)', ['string', 'object']);
