/**
 * Refuse, when a contract set is made, what its lockfile could not hold: a string the lockfile
 * would write (a name, a description, a prompt argument, a resource's URI, the server name …)
 * with a lone surrogate, which UTF-8 cannot encode. The schemas are hashed while materializing
 * and refuse one there already; the other strings would otherwise pass until `buildLockfile`.
 *
 * @module
 */
import { canonicalize } from '../canonical/jcs.ts';
import { setOwn } from '../canonical/own.ts';
import {
  behaviorPreimage,
  entitlementsPreimage,
  promptPreimage,
  resourcePreimage,
  surfacePreimage,
  tokenEconomicsPreimage,
} from '../canonical/digest.ts';
import type { ContractSet } from './types.ts';

/**
 * Throw when a field of the set that its lockfile holds is not JSON: every field that feeds a
 * tool, prompt or resource digest (the lockfile shows them all, names and keys included) and the
 * server name. What the lockfile does not hold (a tool's display title, kept for the surface
 * scan) is not checked.
 *
 * @param set The contract set just made.
 * @throws {CanonicalizationError} Naming the place in the set's locked fields
 *   (`$.prompts.p.arguments[0].description`); the materializers turn it into a NotJsonError
 *   naming the place in what they were handed.
 * @example assertLockable(materializeServer(snapshot))
 */
export function assertLockable(set: ContractSet): void {
  const tools: Record<string, object> = {};
  for (const c of Object.values(set.tools)) {
    setOwn(tools, c.surface.name, {
      surface: surfacePreimage(c),
      behavior: behaviorPreimage(c),
      tokenEconomics: tokenEconomicsPreimage(c),
      entitlements: entitlementsPreimage(c),
    });
  }
  const prompts: Record<string, object> = {};
  for (const p of Object.values(set.prompts)) setOwn(prompts, p.name, promptPreimage(p));
  const resources: Record<string, object> = {};
  for (const r of Object.values(set.resources)) setOwn(resources, r.uri, resourcePreimage(r));
  canonicalize({ serverName: set.serverName, tools, prompts, resources });
}
