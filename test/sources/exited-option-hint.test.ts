import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { exitedOptionHint } from '../../src/sources/exited-cleanly-hint.ts';

// servers27: mcpboot 0.1.3 exits 1 on '[mcpboot] Fatal: Error: Provide --prompt or --prompt-file to
// specify the generation prompt'; the line was quoted alone, where a program exiting 0 on such a
// line was already told to give the option.

const LINE = '[mcpboot] Fatal: Error: Provide --prompt or --prompt-file to specify the generation prompt';

test('exitedOptionHint: a line asking for an option the command line lacks; none when it gives it or names none', () => {
  assert.is(exitedOptionHint([LINE], []),
    `; it stopped saying it needs an option (${JSON.stringify(LINE)}): give it on the command line after the program (--server "… --prompt …"), as the program's usage or README says`);
  assert.match(exitedOptionHint(['Error: --config is required'], ['serve']), /--server "… --config …"/);
  assert.is(exitedOptionHint([LINE], ['--prompt', 'make a server']), '');
  assert.is(exitedOptionHint([LINE], ['--prompt=make']), '');
  assert.is(exitedOptionHint(['Error: connection refused'], []), '');
  assert.is(exitedOptionHint(['Using --verbose output'], []), '');
});

test('a real process that exits 1 asking for an option is told to give it; given it, no such hint', () => {
  const dir = tempDir();
  const server = join(dir, 'boot.mjs');
  writeFileSync(server, [
    "if (!process.argv.includes('--prompt')) {",
    `  console.error(${JSON.stringify(LINE)});`,
    '  process.exit(1);',
    '}',
    "console.error('Error: the generation service is not reachable');",
    'process.exit(1);',
  ].join('\n') + '\n');
  const bare = runCli(['lock', '--server', `${process.execPath} ${server}`, '--lockfile', 'x.lock'], { cwd: dir });
  assert.is(bare.code, 3, bare.stderr);
  assert.ok(bare.stderr.includes('; it stopped saying it needs an option ("[mcpboot] Fatal: Error: Provide --prompt or --prompt-file to specify the generation prompt"): give it on the command line after the program (--server "… --prompt …")'), bare.stderr);
  const given = runCli(['lock', '--server', `${process.execPath} ${server} --prompt x`, '--lockfile', 'x.lock'], { cwd: dir });
  assert.is(given.code, 3, given.stderr);
  assert.not.ok(given.stderr.includes('it stopped saying it needs an option'), given.stderr);
});

test.run();
