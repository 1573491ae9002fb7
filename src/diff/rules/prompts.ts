/**
 * Prompt rules: the declarative contract of MCP prompts (name, title, description, tags,
 * arguments, middleware, hydration timeout).
 *
 * @module
 */
import type { PromptArgument, PromptContract } from '../../contract/types.ts';
import type { Hit, PromptRule, StructuralRule } from '../rule.ts';
import { childField } from '../path.ts';
import { elementsAdded, elementsRemoved, sameJson, whenChanged } from './_compare.ts';

const byName = (p: PromptContract): Map<string, PromptArgument> => new Map(p.arguments.map((x) => [x.name, x]));

/** Arguments present on one side only, filtered; the hit carries the argument. */
function argsOnlyIn(from: PromptContract, other: PromptContract, side: 'before' | 'after', keep: (x: PromptArgument) => boolean): Hit[] {
  const others = byName(other);
  return [...byName(from).values()]
    .filter((x) => !others.has(x.name) && keep(x))
    .sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0))
    .map((x) => ({
      field: childField('arguments', x.name),
      before: side === 'before' ? { ...x } : null,
      after: side === 'after' ? { ...x } : null,
    }));
}

/** For arguments on both sides: one hit per argument where `pick` differs and `when` holds. */
function argsChanged(
  b: PromptContract, a: PromptContract, key: 'required' | 'description', when: (before: PromptArgument, after: PromptArgument) => boolean,
): Hit[] {
  const after = byName(a);
  const hits: Hit[] = [];
  for (const x of [...byName(b).values()].sort((p, q) => (p.name < q.name ? -1 : p.name > q.name ? 1 : 0))) {
    const y = after.get(x.name);
    if (y !== undefined && !sameJson(x[key], y[key]) && when(x, y)) {
      hits.push({ field: `${childField('arguments', x.name)}.${key}`, before: x[key], after: y[key] });
    }
  }
  return hits;
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
    detect: (b, a) => argsOnlyIn(a, b, 'after', (x) => !x.required),
  },
  {
    id: 'prompts.required-argument-added', verdict: 'BREAKING', field: 'arguments', scope: 'prompt',
    detect: (b, a) => argsOnlyIn(a, b, 'after', (x) => x.required),
  },
  {
    id: 'prompts.argument-removed', verdict: 'BREAKING', field: 'arguments', scope: 'prompt',
    detect: (b, a) => argsOnlyIn(b, a, 'before', () => true),
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
      const sameSet = sameJson([...nb].sort(), [...na].sort());
      return sameSet && !sameJson(nb, na) ? [{ field: 'arguments', before: nb, after: na }] : [];
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
