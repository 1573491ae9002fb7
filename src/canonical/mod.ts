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
/** {@link work0.surfacePreimage}, its arguments checked by kind on failure. */
export const surfacePreimage = guardArguments(work0.surfacePreimage, 'surfacePreimage(contract)', [{ surface: 'object' }]);
/** {@link work0.behaviorPreimage}, its arguments checked by kind on failure. */
export const behaviorPreimage = guardArguments(work0.behaviorPreimage, 'behaviorPreimage(contract)', [{ behavior: 'object' }]);
/** {@link work0.tokenEconomicsPreimage}, its arguments checked by kind on failure. */
export const tokenEconomicsPreimage = guardArguments(work0.tokenEconomicsPreimage, 'tokenEconomicsPreimage(contract)', [{ tokenEconomics: 'object' }]);
/** {@link work0.entitlementsPreimage}, its arguments checked by kind on failure. */
export const entitlementsPreimage = guardArguments(work0.entitlementsPreimage, 'entitlementsPreimage(contract)', [{ entitlements: 'object' }]);
/** {@link work0.promptPreimage}, its arguments checked by kind on failure. */
export const promptPreimage = guardArguments(work0.promptPreimage, 'promptPreimage(prompt)', [{ tags: 'array', arguments: 'objects' }]);
/** {@link work0.resourcePreimage}, its arguments checked by kind on failure. */
export const resourcePreimage = guardArguments(work0.resourcePreimage, 'resourcePreimage(resource)', ['object']);
/** {@link work0.computePromptDigest}, its arguments checked by kind on failure. */
export const computePromptDigest = guardArguments(work0.computePromptDigest, 'computePromptDigest(prompt)', [{ tags: 'array', arguments: 'objects' }]);
/** {@link work0.computeResourceDigest}, its arguments checked by kind on failure. */
export const computeResourceDigest = guardArguments(work0.computeResourceDigest, 'computeResourceDigest(resource)', ['object']);
/** {@link work0.computeIntegrityDigest}, its arguments checked by kind on failure. */
export const computeIntegrityDigest = guardArguments(work0.computeIntegrityDigest, 'computeIntegrityDigest(serverDigest, prompts)', ['string', 'object']);
