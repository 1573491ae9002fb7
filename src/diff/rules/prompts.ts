/**
 * Prompt rules: the declarative contract of MCP prompts (name, title, description, tags,
 * arguments, middleware, hydration timeout).
 *
 * @module
 */
import type { PromptArgument, PromptContract } from '../../contract/types.ts';
import type { Hit, PromptRule, StructuralRule } from '../rule.ts';
import { childField } from '../path.ts';
import { elementsAdded, elementsRemoved, reordered, sameJson, whenChanged } from './_compare.ts';

const byNameOrder = (x: PromptArgument, y: PromptArgument): number => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0);

/**
 * Pair arguments by name, in order of occurrence (so a duplicated name is an added argument):
 * the n-th `x` before pairs with the n-th `x` after; the rest are added or removed.
 */
function pairArguments(b: PromptContract, a: PromptContract): { pairs: [PromptArgument, PromptArgument][]; added: PromptArgument[]; removed: PromptArgument[] } {
  const pending = new Map<string, PromptArgument[]>();
  for (const x of b.arguments) pending.set(x.name, [...(pending.get(x.name) ?? []), x]);
  const pairs: [PromptArgument, PromptArgument][] = [];
  const added: PromptArgument[] = [];
  for (const y of a.arguments) {
    const x = pending.get(y.name)?.shift();
    if (x === undefined) added.push(y);
    else pairs.push([x, y]);
  }
  const removed = [...pending.values()].flat();
  return { pairs: pairs.sort(([x], [y]) => byNameOrder(x, y)), added: added.sort(byNameOrder), removed: removed.sort(byNameOrder) };
}

const argHit = (x: PromptArgument, side: 'before' | 'after'): Hit => ({
  field: childField('arguments', x.name),
  before: side === 'before' ? { ...x } : null,
  after: side === 'after' ? { ...x } : null,
});

/** For arguments on both sides: one hit per argument where `key` differs and `when` holds. */
function argsChanged(
  b: PromptContract, a: PromptContract, key: 'required' | 'description', when: (before: PromptArgument, after: PromptArgument) => boolean,
): Hit[] {
  return pairArguments(b, a).pairs
    .filter(([x, y]) => !sameJson(x[key], y[key]) && when(x, y))
    .map(([x, y]) => ({ field: `${childField('arguments', x.name)}.${key}`, before: x[key], after: y[key] }));
}

/** The prompt rows, in report order. */
export const PROMPT_RULES: readonly (PromptRule | StructuralRule)[] = [
  { id: 'prompts.prompt-added', verdict: 'SAFE', field: 'prompts.*', scope: 'structural' },
  { id: 'prompts.prompt-removed', verdict: 'BREAKING', field: 'prompts.*', scope: 'structural' },
  {
    id: 'prompts.prompt-renamed', verdict: 'BREAKING', field: 'name', scope: 'prompt',
    detect: (b, a) => whenChanged('name', b.name, a.name),
  },
  {
    id: 'prompts.title-changed', verdict: 'COSMETIC', field: 'title', scope: 'prompt',
    detect: (b, a) => whenChanged('title', b.title, a.title),
  },
  {
    id: 'prompts.description-changed', verdict: 'COSMETIC', security: true, field: 'description', scope: 'prompt',
    detect: (b, a) => whenChanged('description', b.description, a.description),
  },
  {
    id: 'prompts.tags-added', verdict: 'COSMETIC', field: 'tags', scope: 'prompt',
    detect: (b, a) => elementsAdded('tags', b.tags, a.tags),
  },
  {
    id: 'prompts.tags-removed', verdict: 'SAFE', field: 'tags', scope: 'prompt',
    detect: (b, a) => elementsRemoved('tags', b.tags, a.tags),
  },
  {
    id: 'prompts.argument-added', verdict: 'SAFE', field: 'arguments', scope: 'prompt',
    detect: (b, a) => pairArguments(b, a).added.filter((x) => !x.required).map((x) => argHit(x, 'after')),
  },
  {
    id: 'prompts.required-argument-added', verdict: 'BREAKING', field: 'arguments', scope: 'prompt',
    detect: (b, a) => pairArguments(b, a).added.filter((x) => x.required).map((x) => argHit(x, 'after')),
  },
  {
    id: 'prompts.argument-removed', verdict: 'BREAKING', field: 'arguments', scope: 'prompt',
    detect: (b, a) => pairArguments(b, a).removed.map((x) => argHit(x, 'before')),
  },
  {
    id: 'prompts.argument-made-required', verdict: 'BREAKING', field: 'arguments.*.required', scope: 'prompt',
    detect: (b, a) => argsChanged(b, a, 'required', (_x, y) => y.required),
  },
  {
    id: 'prompts.argument-made-optional', verdict: 'SAFE', field: 'arguments.*.required', scope: 'prompt',
    detect: (b, a) => argsChanged(b, a, 'required', (x) => x.required),
  },
  {
    id: 'prompts.argument-description-changed', verdict: 'COSMETIC', security: true, field: 'arguments.*.description', scope: 'prompt',
    detect: (b, a) => argsChanged(b, a, 'description', () => true),
  },
  {
    id: 'prompts.arguments-reordered', verdict: 'COSMETIC', field: 'arguments', scope: 'prompt',
    detect: (b, a) => {
      const nb = b.arguments.map((x) => x.name);
      const na = a.arguments.map((x) => x.name);
      return reordered(nb, na) ? [{ field: 'arguments', before: nb, after: na }] : [];
    },
  },
  {
    id: 'prompts.middleware-changed', verdict: 'RISKY', field: 'hasMiddleware', scope: 'prompt',
    detect: (b, a) => whenChanged('hasMiddleware', b.hasMiddleware, a.hasMiddleware),
  },
  {
    id: 'prompts.hydration-timeout-changed', verdict: 'RISKY', field: 'hydrationTimeout', scope: 'prompt',
    detect: (b, a) => whenChanged('hydrationTimeout', b.hydrationTimeout, a.hydrationTimeout),
  },
  { id: 'prompts.unclassified-change', verdict: 'BREAKING', field: 'prompt', scope: 'structural' },
];
