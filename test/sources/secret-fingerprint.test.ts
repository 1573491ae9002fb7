/**
 * A delta's fingerprint where the output hides a secret the live source echoed (fixture:
 * echo-secrets.mjs, ECHO_DESCRIBE): it is computed over what the delta shows, so it cannot be used
 * to test guesses of the secret offline, is the same under a rotated secret, and an
 * acknowledgement written from the output matches the next run. Deltas without a secret keep the
 * fingerprint of their values, byte for byte.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const server = (key: string): string[] => [
  '--server', `'${process.execPath}' '${fixture('echo-secrets.mjs')}' --api-key=${key}`,
  '--handshake-timeout', '30000', '--request-timeout', '30000',
];
const DESCRIPTION = 'Fails, repeating the credentials it was given';

interface JsonDelta { id: string; kind: string; tool?: string; action?: string | null; field: string; before: unknown; after: unknown; fingerprint: string }

/**
 * The fingerprint as docs/diff.md defines it: sha256 of the canonical JSON of {id, kind, name,
 * action, field, before, after}, written here with its keys in code-unit order (the values are
 * ASCII strings or null, whose canonical form is JSON.stringify's).
 */
function documented(d: JsonDelta, values: { before?: unknown; after?: unknown } = {}): string {
  const preimage = JSON.stringify({
    action: d.action ?? null, after: 'after' in values ? values.after : d.after, before: 'before' in values ? values.before : d.before,
    field: d.field, id: d.id, kind: d.kind, name: d.tool,
  });
  return createHash('sha256').update(preimage).digest('hex');
}

/** `diff --against` the contracts file in `dir` with the live server given `key`, echoing it. */
function diffLive(dir: string, key: string, extra: string[] = []): { code: number; stderr: string; deltas: JsonDelta[] } {
  const r = runCli(['diff', '--against', 'contracts.json', ...server(key), '--format', 'json', '--fail-on', 'cosmetic', ...extra], { cwd: dir, env: { ECHO_DESCRIBE: '1' } });
  assert.ok(r.code === 0 || r.code === 1, r.stderr);
  return { code: r.code, stderr: r.stderr, deltas: (JSON.parse(r.stdout) as { deltas: JsonDelta[] }).deltas };
}

/** A dir holding contracts.json: the fixture as it lists without echoing, echo_back's description changed (a delta without a secret). */
function baseline(): string {
  const dir = tempDir('mcpfusion-echo-fp-');
  const r = runCli(['inspect', ...server('cli-secret-1234')], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const set = JSON.parse(r.stdout) as { tools: Record<string, { surface: { description: string } }> };
  set.tools['echo_back']!.surface.description = 'Answers with what it was given';
  writeFileSync(join(dir, 'contracts.json'), JSON.stringify(set, null, 2));
  return dir;
}

const byTool = (deltas: JsonDelta[], tool: string): JsonDelta => {
  const found = deltas.find((d) => d.id === 'surface.description-changed' && d.tool === tool);
  assert.ok(found, JSON.stringify(deltas));
  return found!;
};

test('diff and check: the fingerprint of a delta that hides a secret is over what it shows, not over the secret', () => {
  const dir = baseline();
  const { deltas } = diffLive(dir, 'cli-secret-1234');
  const echoed = byTool(deltas, 'echo_fail');
  assert.is(echoed.after, `${DESCRIPTION} (given --api-key=***)`);
  const real = documented(echoed, { after: `${DESCRIPTION} (given --api-key=cli-secret-1234)` });
  assert.is.not(echoed.fingerprint, real, 'the printed fingerprint is the hash of the real secret');
  assert.is(echoed.fingerprint, documented(echoed));
  // Stable across secret rotation: the same shown change, the same fingerprint.
  assert.is(byTool(diffLive(dir, 'cli-secret-9876').deltas, 'echo_fail').fingerprint, echoed.fingerprint);
  // No secret in it: the fingerprint of its values, as without any secret given.
  const plain = byTool(deltas, 'echo_back');
  assert.is(plain.fingerprint, documented(plain));
  // check prints the same (its lockfile side: the listing without echo).
  const lock = runCli(['lock', ...server('cli-secret-1234')], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  const check = runCli(['check', ...server('cli-secret-1234'), '--format', 'json'], { cwd: dir, env: { ECHO_DESCRIBE: '1' } });
  assert.is(check.code, 1, check.stderr);
  const checked = byTool((JSON.parse(check.stdout) as { deltas: JsonDelta[] }).deltas, 'echo_fail');
  assert.is(checked.fingerprint, echoed.fingerprint);
  assert.not.match(check.stdout + check.stderr, /cli-secret-1234/);
});

test('diff --ack: an acknowledgement written from the output matches the next run, with the same or a rotated secret', () => {
  const dir = baseline();
  const first = diffLive(dir, 'cli-secret-1234');
  assert.is(first.code, 1);
  const acks = first.deltas.map((d) => `${d.fingerprint}  ${d.tool} reviewed`).join('\n') + '\n';
  writeFileSync(join(dir, 'acks.txt'), acks);
  for (const key of ['cli-secret-1234', 'cli-secret-9876']) {
    const next = diffLive(dir, key, ['--ack', 'acks.txt']);
    assert.is(next.code, 0, `${key}: ${next.stderr}`);
    assert.equal(next.deltas, [], key);
    assert.match(next.stderr, /2 acknowledged change\(s\) left out/, key);
    assert.not.match(next.stderr, /matches no change any more/, key);
  }
  // An acknowledgement of the fingerprint over the real values (as earlier releases printed it)
  // still matches while the secret is the same, and is stale once it is rotated.
  const echoed = byTool(first.deltas, 'echo_fail');
  writeFileSync(join(dir, 'old-acks.txt'), `${documented(echoed, { after: `${DESCRIPTION} (given --api-key=cli-secret-1234)` })}\n`);
  const same = diffLive(dir, 'cli-secret-1234', ['--ack', 'old-acks.txt']);
  assert.equal(same.deltas.map((d) => d.tool), ['echo_back']);
  assert.not.match(same.stderr, /matches no change any more/);
  const rotated = diffLive(dir, 'cli-secret-9876', ['--ack', 'old-acks.txt']);
  assert.is(rotated.deltas.length, 2);
  assert.match(rotated.stderr, /matches no change any more/);
  assert.not.match(readFileSync(join(dir, 'acks.txt'), 'utf8'), /cli-secret/);
});

test.run();
