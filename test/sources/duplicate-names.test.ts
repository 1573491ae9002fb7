/**
 * A name listed twice (tools, prompts, resources, prompt arguments) is never locked as one of the
 * two: from a live server it is a source failure (exit 3, docs/sources.md), from a file an input
 * error (exit 2), and the message names both positions. No lockfile is written.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture } from './_live.ts';

const NODE = process.execPath;

test('live server: a prompt argument or a tool listed twice fails the source (exit 3), naming both positions', () => {
  const dir = tempDir();
  const server = `${NODE} ${fixture('duplicate-names.mjs')}`;
  const r = runCli(['lock', '--server', server], { cwd: dir });
  assert.is(r.code, 3, r.stderr);
  assert.match(r.stderr, /\$\.prompts\[0\]\.arguments\[2\]\.name: the argument name "topic" is listed twice \(first at \$\.prompts\[0\]\.arguments\[0\]\)/);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
  const tools = runCli(['lock', '--server', server], { cwd: dir, env: { FIXTURE_DUPLICATE_TOOL: '1' } });
  assert.is(tools.code, 3, tools.stderr);
  assert.match(tools.stderr, /\$\.tools\[1\]\.name: the tool name "notes" is listed twice \(first at \$\.tools\[0\]\)/);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test('contracts file: the same is an input error (exit 2), naming both positions', () => {
  const dir = tempDir();
  const prompt = { name: 'summarize', arguments: [{ name: 'topic', required: true }, { name: 'topic' }] };
  writeFileSync(join(dir, 'ok.json'), JSON.stringify({ tools: [], prompts: [{ ...prompt, arguments: [prompt.arguments[0]] }] }));
  assert.is(runCli(['lock', '--contracts', 'ok.json', '--lockfile', 'ok.lock'], { cwd: dir }).code, 0);
  writeFileSync(join(dir, 'contracts.json'), JSON.stringify({ tools: [], prompts: [prompt] }));
  const r = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(r.code, 2, r.stderr);
  assert.is(r.stderr.split('\n').filter((l) => l.startsWith('  $')).length, 1, r.stderr);
  assert.match(r.stderr, /\$\.prompts\[0\]\.arguments\[1\]\.name: the argument name "topic" is listed twice \(first at \$\.prompts\[0\]\.arguments\[0\]\)/);
  assert.not.ok(existsSync(join(dir, 'mcpfusion.lock')));
});

test.run();
