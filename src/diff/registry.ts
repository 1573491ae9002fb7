/**
 * The rule registry: every diff rule row, listed once, in report order. This is the review
 * policy in one place; `test/diff/registry.test.ts` audits it (unique ids, a message and a docs
 * entry per id, every digest-feeding field watched by a rule).
 *
 * @module
 */
import type { ActionRule, PromptRule, ResourceRule, Rule, ToolRule } from './rule.ts';
import { BEHAVIOR_RULES } from './rules/behavior.ts';
import { ENTITLEMENT_RULES } from './rules/entitlements.ts';
import { LOCKFILE_RULES } from './rules/lockfile.ts';
import { PROMPT_RULES } from './rules/prompts.ts';
import { RESOURCE_RULES } from './rules/resources.ts';
import { SCHEMA_RULES } from './rules/schema.ts';
import { SURFACE_RULES } from './rules/surface.ts';
import { TOKEN_ECONOMICS_RULES } from './rules/token-economics.ts';

/** Every rule, in report order: surface, behavior, token economics, entitlements, lockfile, prompts, resources, schema. */
export const RULES: readonly Rule[] = [
  ...SURFACE_RULES,
  ...BEHAVIOR_RULES,
  ...TOKEN_ECONOMICS_RULES,
  ...ENTITLEMENT_RULES,
  ...LOCKFILE_RULES,
  ...PROMPT_RULES,
  ...RESOURCE_RULES,
  ...SCHEMA_RULES,
];

const BY_ID: ReadonlyMap<string, Rule> = (() => {
  const map = new Map<string, Rule>();
  for (const r of RULES) {
    if (map.has(r.id)) throw new Error(`Duplicate diff rule id "${r.id}" in src/diff/registry.ts`);
    map.set(r.id, r);
  }
  return map;
})();

/** Position of each rule in {@link RULES}: the order deltas are reported in. */
export const RULE_ORDER: ReadonlyMap<string, number> = new Map(RULES.map((r, i) => [r.id, i]));

/**
 * Look up a rule by id.
 *
 * @param id A rule id such as `surface.required-field-added`.
 * @returns The rule row.
 * @throws {Error} When no rule has that id (a programming error, not user input).
 * @example ruleById('surface.tool-removed').verdict // 'BREAKING'
 */
export function ruleById(id: string): Rule {
  const r = BY_ID.get(id);
  if (r === undefined) throw new Error(`Unknown diff rule id "${id}"`);
  return r;
}

/** Rules comparing two versions of one tool. */
export const TOOL_RULES: readonly ToolRule[] = RULES.filter((r): r is ToolRule => r.scope === 'tool');
/** Rules comparing two versions of one action. */
export const ACTION_RULES: readonly ActionRule[] = RULES.filter((r): r is ActionRule => r.scope === 'action');
/** Rules comparing two versions of one prompt. */
export const PROMPT_ITEM_RULES: readonly PromptRule[] = RULES.filter((r): r is PromptRule => r.scope === 'prompt');
/** Rules comparing two versions of one resource. */
export const RESOURCE_ITEM_RULES: readonly ResourceRule[] = RULES.filter((r): r is ResourceRule => r.scope === 'resource');
