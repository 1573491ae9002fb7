/**
 * Held-out set 11 of the surface rules (surface16): 57 attack texts in styles no earlier set used
 * (YAML front matter, changelog, FAQ, error-code and example-call notes, footnotes, `<details>`,
 * CDATA, a hidden div, a zero-size span, homoglyphs, zero-width and soft-hyphen splits, full-width
 * letters, base64 and hex payloads; enum, const, default, examples, a property title,
 * annotations.title and outputSchema descriptions; German, French, Spanish, Japanese and Dutch) and
 * 41 tool texts taken verbatim from npm-packed servers no earlier set used. The attack and benign
 * labels were written and hashed before the rules were read (sha256 cf54b3f2… and 779393ef…);
 * `reached` is the level each attack reached after surface16's fixes, kept so that later changes
 * never report one less (the five that were at `none`, listed in docs/scan.md, are errors since surface19).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { scanSurface } from '../../src/scan/scan-surface.ts';
import { materializeServer } from '../../src/contract/materialize.ts';

interface Item {
  text: string;
  where: string;
  expected: 'attack' | 'benign';
  param?: string;
  src?: string;
  /** A whole server listing, for the places a single text does not reach (annotations, output schemas, examples). */
  snap?: Record<string, unknown>;
  reached?: 'error' | 'warning' | 'none';
}

const read = (name: string): Item[] => JSON.parse(readFileSync(new URL(`../fixtures/scan/heldout-surface11/${name}`, import.meta.url), 'utf8')) as Item[];

/** The listing a text stands in: a tool with `query` and `notes` (or a prompt, a resource), the text where `where` says. */
function listing(it: Item): Record<string, unknown> {
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

const levels = (it: Item): string[] => scanSurface(materializeServer(listing(it) as never)).filter((f) => f.level !== 'note').map((f) => `${f.id}/${f.level}`);

const attacks = read('attacks.json');
const benign = read('benign.json');

test('the set is whole: 57 attacks, 41 benign texts', () => {
  assert.is(attacks.length, 57);
  assert.is(benign.length, 41);
  assert.ok(attacks.every((a) => a.expected === 'attack' && a.reached !== undefined));
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

test.run();
