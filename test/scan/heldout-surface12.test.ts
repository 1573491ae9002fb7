/**
 * Held-out set 12 of the surface rules (surface20): 53 attack texts in kinds earlier sets
 * under-covered (tool shadowing; instructions in enum, const, default, title, prompt-argument,
 * resource and template fields; instructions split across a tool's fields; HTML and markdown
 * comments; zero-width, tag and ZWNJ/ZWJ-bit characters; Cyrillic and Greek homoglyph words;
 * Chinese, Korean, Russian, Arabic, Hindi, Turkish and Polish; image-markdown exfiltration; the
 * conversation copied into notes; credential harvesting; tool-priority manipulation; silent
 * consent) and 44 tool texts taken verbatim from 8 npm servers no surface test used (listed over
 * stdio with `mcpfusion inspect`). Each attack carries its label (`error` or `warning`) and
 * family; labels were written and hashed before the scanner ran (sha256 5d1f7e23… and b3373828…,
 * commit 51c048be). `reached` is the level each attack reached after surface20's fixes (before
 * them 39 reported, 35 errors; after them 53 and 49, each at or above its label), kept so that later changes never report one
 * less.
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
  label?: 'error' | 'warning' | 'none';
  family?: string;
}

const read = (name: string): Item[] => JSON.parse(readFileSync(new URL(`../fixtures/scan/heldout-surface12/${name}`, import.meta.url), 'utf8')) as Item[];

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

test('the set is whole: 53 attacks, 44 benign texts', () => {
  assert.is(attacks.length, 53);
  assert.is(benign.length, 44);
  assert.ok(attacks.every((a) => a.expected === 'attack' && a.reached !== undefined && a.label !== undefined && a.family !== undefined));
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
