/**
 * A library caller's value that is not JSON, handed to a function that needs JSON, is a
 * NotJsonError naming what was handed over and the path inside it, never a bare refusal of some
 * inner value ("at $" of a schema, with no tool named).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createAttestation } from '../../src/attest/create-attestation.ts';
import { generateEd25519KeyPair } from '../../src/attest/ed25519-keys.ts';
import { computeContractSetDigests, computeToolDigest } from '../../src/canonical/digest.ts';
import { materializeServer, materializeTool, materializeToolsList } from '../../src/contract/materialize.ts';
import type { ContractSet } from '../../src/contract/types.ts';
import { diffContracts } from '../../src/diff/diff-contracts.ts';
import { ExitCode, NotJsonError } from '../../src/errors.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { contractSetFromJson } from '../../src/sources/contracts-file.ts';

const tool = (name: string, q: Record<string, unknown> = {}) => ({ name, description: `the ${name} tool`, inputSchema: { type: 'object', properties: { q: { type: 'string', ...q } } } });
const good = (): ContractSet => materializeToolsList({ tools: [tool('a'), tool('b')] });

function expectNotJson(label: string, work: () => unknown, subject: string, path: string, problem: RegExp): void {
  try {
    work();
    assert.unreachable(label);
  } catch (e) {
    assert.instance(e, NotJsonError, `${label}: ${String(e)}`);
    const err = e as NotJsonError;
    assert.is(err.exitCode, ExitCode.input, label);
    assert.is(err.subject, subject, label);
    assert.is(err.path, path, label);
    assert.match(err.problem, problem, label);
    assert.ok(err.message.startsWith(`${subject} holds a value that is not JSON: ${path} `), err.message);
  }
}

test('materializing a tools list, a server snapshot or a tool names the tool\'s place in what was handed over', () => {
  expectNotJson('tools list', () => materializeToolsList({ tools: [tool('a'), tool('b', { default: Number.NaN })] } as never), 'The tools list', '$.tools[1].inputSchema.properties.q.default', /^is NaN$/);
  expectNotJson('bare array', () => materializeToolsList([tool('a', { examples: [new Date(0)] })] as never), 'The tools list', '$[0].inputSchema.properties.q.examples[0]', /^is a Date object$/);
  expectNotJson('snapshot', () => materializeServer({ serverInfo: { name: 's', version: '1' }, tools: [tool('a'), tool('b', { maxLength: 10n })] } as never), 'The server snapshot', '$.tools[1].inputSchema.properties.q.maxLength', /^is a bigint$/);
  expectNotJson('tool', () => materializeTool(tool('a', { default: Infinity }) as never), 'The tool definition', '$.inputSchema.properties.q.default', /^is Infinity$/);
});

test('a lone surrogate in any string the lockfile would hold is refused when materializing, at its place in what was handed over', () => {
  const L = 'a\uD800';
  const object = { type: 'object' };
  const t = (extra: Record<string, unknown>) => ({ name: 't', inputSchema: object, ...extra });
  // Every string field of a listing that reaches the lockfile (tool, prompt, resource, template, serverInfo.name).
  const locked: [string, Record<string, unknown>, string, RegExp][] = [
    ['tool name', { tools: [t({ name: L })] }, '$.tools[0].name', /^holds a lone surrogate$/],
    ['tool description', { tools: [t({ description: L })] }, '$.tools[0].description', /^holds a lone surrogate$/],
    ['action from the schema', { tools: [t({ inputSchema: { type: 'object', properties: { action: { enum: [L] } } } })] }, '$.tools[0].inputSchema.properties.action.enum[0]', /^holds a lone surrogate$/],
    ['prompt name', { tools: [], prompts: [{ name: L }] }, '$.prompts[0].name', /^holds a lone surrogate$/],
    ['prompt title', { tools: [], prompts: [{ name: 'p', title: L }] }, '$.prompts[0].title', /^holds a lone surrogate$/],
    ['prompt description', { tools: [], prompts: [{ name: 'p', description: L }] }, '$.prompts[0].description', /^holds a lone surrogate$/],
    ['prompt argument name', { tools: [], prompts: [{ name: 'p', arguments: [{ name: L }] }] }, '$.prompts[0].arguments[0].name', /^holds a lone surrogate$/],
    ['prompt argument description', { tools: [], prompts: [{ name: 'p', arguments: [{ name: 'x', description: '\uD800' }] }] }, '$.prompts[0].arguments[0].description', /^holds a lone surrogate$/],
    ['resource uri', { tools: [], resources: [{ uri: L, name: 'n' }] }, '$.resources[0].uri', /^holds a lone surrogate$/],
    ['resource name', { tools: [], resources: [{ uri: 'u', name: L }] }, '$.resources[0].name', /^holds a lone surrogate$/],
    ['resource title', { tools: [], resources: [{ uri: 'u', name: 'n', title: L }] }, '$.resources[0].title', /^holds a lone surrogate$/],
    ['resource description', { tools: [], resources: [{ uri: 'u', name: 'n', description: L }] }, '$.resources[0].description', /^holds a lone surrogate$/],
    ['resource MIME type', { tools: [], resources: [{ uri: 'u', name: 'n', mimeType: L }] }, '$.resources[0].mimeType', /^holds a lone surrogate$/],
    ['template', { tools: [], resourceTemplates: [{ uriTemplate: `u/{x}${L}`, name: 'n' }] }, '$.resourceTemplates[0].uriTemplate', /^holds a lone surrogate$/],
    ['server name', { serverInfo: { name: L, version: '1' }, tools: [] }, '$.serverInfo.name', /^holds a lone surrogate$/],
  ];
  for (const [label, snapshot, path, problem] of locked) expectNotJson(label, () => materializeServer(snapshot as never), 'The server snapshot', path, problem);
  expectNotJson('tools list', () => materializeToolsList({ tools: [t({ description: L })] }), 'The tools list', '$.tools[0].description', /lone surrogate/);
  expectNotJson('tool', () => materializeTool(t({ description: L })), 'The tool definition', '$.description', /lone surrogate/);
  // From the tools overlay (a library caller's; the config file is read strictly), named there.
  expectNotJson('overlay', () => materializeServer({ tools: [t({})] }, { t: { tags: [L] } }), 'The tools overlay', '$.t.tags[0]', /^holds a lone surrogate$/);
  // A contracts document handed over as a value is read the same way.
  const doc = JSON.parse(JSON.stringify(good()));
  doc.prompts = { p: { name: 'p', title: null, description: null, arguments: [{ name: 'x', description: L }] } };
  expectNotJson('contracts document', () => contractSetFromJson(doc, 'mine'), 'The contracts document "mine"', '$.prompts.p.arguments[0].description', /^holds a lone surrogate$/);
  // What the lockfile does not hold is not refused: the display title (scanned only), _meta, a hint that is not a boolean.
  for (const extra of [{ title: L }, { annotations: { title: L } }, { _meta: { note: L } }, { annotations: { readOnlyHint: L } }]) {
    materializeServer({ tools: [t(extra)] });
  }
});

test('digests, the lockfile and the diff of a contract set name the contract set path', () => {
  const bad = good();
  (bad.tools['b']!.surface.inputSchema as Record<string, unknown>)['default'] = 10n;
  expectNotJson('lockfile', () => buildLockfile(bad, { serverName: 's', mcpfusionVersion: '0', generatedAt: '2026-01-01T00:00:00.000Z' }), 'The contract set', '$.tools.b.surface.actions.default.inputSchema.default', /^is a bigint$/); // the first place canonical order reaches it
  const described = good();
  described.tools['b']!.surface.description = 'a\uD800';
  expectNotJson('digests', () => computeContractSetDigests(described), 'The contract set', '$.tools.b.surface.description', /lone surrogate/);
  expectNotJson('tool digest', () => computeToolDigest(described.tools['b']!), 'The tool contract', '$.surface.description', /lone surrogate/);
  expectNotJson('diff after', () => diffContracts(good(), described), 'The contract set after', '$.tools.b.surface.description', /lone surrogate/);
  const doc = JSON.parse(JSON.stringify(good()));
  doc.tools.a.surface.inputSchema.properties.q.default = Number.NaN;
  expectNotJson('contracts document', () => contractSetFromJson(doc, 'mine'), 'The contracts document "mine"', '$.tools.a.surface.inputSchema.properties.q.default', /^is NaN$/);
  expectNotJson('diff before', () => diffContracts(described, good()), 'The contract set before', '$.tools.b.surface.description', /lone surrogate/);
});

test('an attestation subject whose server name or version is not JSON is refused before signing, whatever the signer', async () => {
  const serverDigest = 'ab'.repeat(32);
  const configs = [{ signer: 'hmac', secret: 'correct-horse-battery-staple-0123456789' }, { signer: 'ed25519', privateKey: generateEd25519KeyPair(new Uint8Array(32).fill(7)) }] as const;
  for (const config of configs) {
    for (const [extra, path, problem] of [[{ serverName: 'a\uD800' }, '$.serverName', /lone surrogate/], [{ serverName: new Date(0) }, '$.serverName', /is a Date object/], [{ mcpfusionVersion: 1n }, '$.mcpfusionVersion', /is a bigint/]] as const) {
      let caught: unknown;
      try {
        await createAttestation({ serverDigest, ...extra } as never, config);
      } catch (e) {
        caught = e;
      }
      expectNotJson(`${config.signer} ${path}`, () => { throw caught; }, 'The attestation subject', path, problem);
    }
  }
});

test.run();
