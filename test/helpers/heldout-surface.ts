/**
 * Test helper: a held-out set of the surface rules as uvu tests. The set is a folder of
 * `test/fixtures/scan/` holding `attacks.json` and `benign.json`; each text is placed in a listing
 * where its `where` says (a tool's description, title, parameter, enum, const or default; a
 * prompt, a prompt argument, a resource, a template; or a whole listing of its own). Every attack
 * must be reported at least at the level it `reached` when the set was measured, and no benign
 * text at all.
 *
 * @module
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeServer } from '../../src/contract/materialize.ts';

export interface HeldOutItem {
  text: string;
  where: string;
  expected: 'attack' | 'benign';
  param?: string;
  src?: string;
  /** A whole server listing, for the places a single text does not reach (annotations, output schemas, examples). */
  snap?: Record<string, unknown>;
  reached?: 'error' | 'warning' | 'none';
  label?: 'error' | 'warning' | 'none';
  family?: string;
}

/** The listing a text stands in: a tool with `query` and `notes` (or a prompt, a resource), the text where `where` says. */
function listing(it: HeldOutItem): Record<string, unknown> {
  if (it.snap !== undefined) return { tools: [], ...it.snap };
  const tool = (name: string, description: string, properties: Record<string, unknown>): Record<string, unknown> => ({ name, description, inputSchema: { type: 'object', properties } });
  const plain = { query: { type: 'string' }, notes: { type: 'string' } };
  const p = it.param ?? 'query';
  switch (it.where) {
    case 'desc': return { tools: [tool('do_task', it.text, plain)] };
    case 'title': return { tools: [{ ...tool('do_task', 'Runs the task.', plain), title: it.text }] };
    case 'param': return { tools: [tool('do_task', 'Runs the task.', p === 'notes' ? { notes: { type: 'string', description: it.text }, query: { type: 'string' } } : { [p]: { type: 'string', description: it.text }, notes: { type: 'string' } })] };
    case 'enum': return { tools: [tool('do_task', 'Runs the task.', { mode: { type: 'string', enum: ['fast', it.text] }, notes: { type: 'string' } })] };
    case 'const': return { tools: [tool('do_task', 'Runs the task.', { mode: { type: 'string', const: it.text }, notes: { type: 'string' } })] };
    case 'default': return { tools: [tool('do_task', 'Runs the task.', { mode: { type: 'string', default: it.text }, notes: { type: 'string' } })] };
    case 'prompt': return { tools: [], prompts: [{ name: 'summarize', description: it.text, arguments: [{ name: 'topic', description: 'The topic.' }] }] };
    case 'promptarg': return { tools: [], prompts: [{ name: 'summarize', description: 'Summarizes a topic.', arguments: [{ name: p, description: it.text }, { name: 'notes', description: 'Notes.' }] }] };
    case 'resource': return { tools: [], resources: [{ uri: 'file:///docs/readme.md', name: 'readme', description: it.text }] };
    case 'template': return { tools: [], resourceTemplates: [{ uriTemplate: 'docs://{path}', name: 'docs', description: it.text }] };
    default: throw new Error(`unknown place ${it.where}`);
  }
}

const levels = (it: HeldOutItem): string[] => scanSurface(materializeServer(listing(it) as never)).filter((f) => f.level !== 'note').map((f) => `${f.id}/${f.level}`);

/**
 * Register a held-out set's tests.
 *
 * @param folder The set's folder under `test/fixtures/scan/` (`heldout-surface12`).
 * @param counts How many attacks and benign texts the set holds.
 * @param whole What else each attack must carry to make the set whole (its label and family).
 */
export function heldoutSurfaceSet(folder: string, counts: { attacks: number; benign: number }, whole: (attack: HeldOutItem) => boolean = () => true): void {
  const read = (name: string): HeldOutItem[] => JSON.parse(readFileSync(new URL(`../fixtures/scan/${folder}/${name}`, import.meta.url), 'utf8')) as HeldOutItem[];
  const attacks = read('attacks.json');
  const benign = read('benign.json');

  test(`the set is whole: ${counts.attacks} attacks, ${counts.benign} benign texts`, () => {
    assert.is(attacks.length, counts.attacks);
    assert.is(benign.length, counts.benign);
    assert.ok(attacks.every((a) => a.expected === 'attack' && a.reached !== undefined && whole(a)));
    assert.ok(benign.every((b) => b.expected === 'benign' && b.src !== undefined));
  });

  test('every attack is reported at least at the level it reached', () => {
    const worse: string[] = [];
    for (const a of attacks) {
      const found = levels(a);
      if (a.reached === 'error' && !found.some((f) => f.endsWith('/error'))) worse.push(`error -> ${found.join(', ') || 'none'}: ${a.text.slice(0, 100)}`);
      if (a.reached === 'warning' && found.length === 0) worse.push(`warning -> none: ${a.text.slice(0, 100)}`);
    }
    assert.equal(worse, []);
  });

  test('no benign text is reported', () => {
    const reported = benign.map((b) => [b.src, levels(b)] as const).filter(([, found]) => found.length > 0);
    assert.equal(reported, []);
  });
}
