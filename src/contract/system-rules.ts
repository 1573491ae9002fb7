/**
 * The system-rules fingerprint of a tool's behavior section (SPEC section 3, MCP Fusion's rule):
 * `none`, `static:<sha256>`, `dynamic` or `dynamic:<sha256>`, where the hash is over the sorted,
 * de-duplicated static rules joined by `,`.
 *
 * @module
 */
import { sha256Hex } from '../canonical/hash.ts';
import { sortCodeUnits } from '../canonical/digest.ts';

/**
 * Fingerprint a tool's system rules.
 *
 * @param staticRules Static rule strings (order and duplicates do not matter).
 * @param dynamic Whether rules are also computed at run time.
 * @returns `none`, `dynamic`, `static:<hex>` or `dynamic:<hex>`.
 * @example systemRulesFingerprint(['b', 'a']) // 'static:' + sha256Hex('a,b')
 */
export function systemRulesFingerprint(staticRules: readonly string[], dynamic = false): string {
  if (staticRules.length === 0) return dynamic ? 'dynamic' : 'none';
  const hash = sha256Hex(sortCodeUnits([...new Set(staticRules)]).join(','));
  return `${dynamic ? 'dynamic' : 'static'}:${hash}`;
}
