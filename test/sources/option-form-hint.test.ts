import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';
import { optionFormHint, optionFormMismatch } from '../../src/sources/option-form-hint.ts';
import { tempDir } from '../helpers/cli.ts';

// @trueclicks/google-ads-mcp-js 0.3.7 (servers25) reads its token only as `--token=value`: given
// `--token abc` it prints its argv and `❌ Error: Missing --token argument.` and exits 1. A parser
// reading `argv.indexOf('--token') + 1` stops the same way on `--token=abc`.

const NODE = process.execPath;

test('optionFormMismatch: an option said missing that the arguments give, in either form; none otherwise', () => {
  assert.equal(optionFormMismatch(['❌ Error: Missing --token argument.'], ['--token', 'abc']),
    { option: '--token', given: 'separate', line: '❌ Error: Missing --token argument.' });
  assert.is(optionFormMismatch(['Error: --api-key is required'], ['--api-key=abc'])?.given, 'joined');
  // Not given with a value, or another option named: the server's own line is enough.
  assert.is(optionFormMismatch(['Missing --token argument.'], []), undefined);
  assert.is(optionFormMismatch(['Missing --token argument.'], ['--token']), undefined);
  assert.is(optionFormMismatch(['Missing --token argument.'], ['--token', '--verbose']), undefined);
  assert.is(optionFormMismatch(['Missing --token-file argument.'], ['--token', 'abc']), undefined);
  assert.is(optionFormMismatch(['Missing --account argument.'], ['--token', 'abc']), undefined);
  // Named without saying it is missing.
  assert.is(optionFormMismatch(['Using --token from the command line'], ['--token', 'abc']), undefined);
  const hint = optionFormHint(['Missing --token argument.'], ['--token', 'abc']);
  assert.ok(hint.startsWith('; it says --token is missing ("Missing --token argument."), though the command line gives it as two words (--token …)'), hint);
  assert.ok(hint.endsWith('write --token=… in --server'), hint);
  assert.not.match(hint, /abc/);
  assert.ok(optionFormHint(['--api-key must be provided'], ['--api-key=abc']).endsWith('write --api-key … in --server'));
});

async function lock(command: string, cwd: string): Promise<{ code: number; stderr: string }> {
  let stderr = '';
  const io: Io = { stdout: () => {}, stderr: (t) => { stderr += t; }, cwd, env: { PATH: process.env['PATH'] ?? '' }, readStdin: async () => '', color: false };
  const code = await run(['lock', '--server', command, '--handshake-timeout', '60000'], io);
  return { code, stderr };
}

test('a server that reads --token only as --token=value, started with --token VALUE, is told to write it as one word, and the reverse', async () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'joined-only.mjs'), [
    "const arg = process.argv.find((a) => a.startsWith('--token='));",
    "if (arg === undefined) { console.error('Process argv:', process.argv); console.error('❌ Error: Missing --token argument.'); process.exit(1); }",
  ].join('\n') + '\n');
  const joined = await lock(`${NODE} ${join(dir, 'joined-only.mjs')} --token hunter2-secret`, dir);
  assert.is(joined.code, 3, joined.stderr);
  assert.ok(joined.stderr.includes('it says --token is missing ("❌ Error: Missing --token argument."), though the command line gives it as two words (--token …)'), joined.stderr);
  assert.ok(joined.stderr.includes('write --token=… in --server'), joined.stderr);
  writeFileSync(join(dir, 'separate-only.mjs'), [
    "const i = process.argv.indexOf('--api-key');",
    "if (i < 0) { console.error('Error: --api-key is required'); process.exit(2); }",
  ].join('\n') + '\n');
  const separate = await lock(`${NODE} ${join(dir, 'separate-only.mjs')} --api-key=abc`, dir);
  assert.is(separate.code, 3, separate.stderr);
  assert.ok(separate.stderr.includes('though the command line gives it as one word (--api-key=…)'), separate.stderr);
  assert.ok(separate.stderr.includes('write --api-key … in --server'), separate.stderr);
});

test.run();
