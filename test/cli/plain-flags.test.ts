import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { plainCommandFlags, run } from '../../src/cli.ts';
import { COMMAND_LOADERS, loadAllCommands } from '../../src/commands/index.ts';
import type { CommandSpec, Io } from '../../src/commands/command.ts';
import type { Flags } from '../../src/commands/flags.ts';
import { checkCommand } from '../../src/commands/check.ts';

// A plain command line (`check --contracts c.json --lockfile x.lock`) is parsed without cac
// (plainCommandFlags, a start-up cost of `check`); the command must receive exactly the flags cac
// would give it, and every other line must still go to cac.

const io = (errors: string[]): Io => ({
  stdout: () => {},
  stderr: (t) => void errors.push(t),
  cwd: process.cwd(),
  env: {},
  readStdin: () => Promise.resolve(''),
  color: false,
});

/** The flags a command receives from `run`, through a stand-in command with the same options. */
async function received(spec: CommandSpec, argv: string[]): Promise<Flags | string> {
  const name = 'zz-plain-flags';
  let got: Flags | undefined;
  // Without the value checks (the values here are placeholders): only the parse is compared.
  const options = spec.options.map(({ check: _check, ...o }) => o);
  COMMAND_LOADERS[name] = () => Promise.resolve({ ...spec, name, options, precheck: undefined, run: (_args, flags) => ((got = flags), Promise.resolve(0)) });
  try {
    const errors: string[] = [];
    const code = await run([name, ...argv], io(errors));
    return got ?? `exit ${code}: ${errors.join('')}`;
  } finally {
    delete COMMAND_LOADERS[name];
  }
}

test('check --contracts FILE: the flags cac gives', () => {
  assert.equal(plainCommandFlags(['check', '--contracts', 'c.json'], checkCommand), { '--': [], contracts: 'c.json' });
  assert.equal(Object.keys(plainCommandFlags(['check', '--quiet', '--lockfile', 'x.lock', '--tools-list', 't.json'], checkCommand)!), ['--', 'quiet', 'lockfile', 'toolsList']);
});

test('every command that takes the plain path receives the flags cac gives for the same line', async () => {
  let plainCommands = 0;
  for (const spec of await loadAllCommands()) {
    const options = [...['--format <format>', '--quiet', '--config <path>'], ...spec.options.map((o) => o.flags)];
    const words = (flags: string): string[] => {
      const [flag, value] = flags.split(' ');
      // --config must name a file that exists (the run checks it before the command's own run).
      return value === undefined ? [flag!] : [flag!, flag === '--config' ? 'package.json' : `v${flag!.replace(/\W/g, '')}.json`];
    };
    const lines = [options, [...options].reverse(), ...options.map((o) => [o])].map((l) => l.flatMap(words));
    const name = spec.name.split(' ')[0]!;
    const plain = (argv: string[]): Flags | undefined => plainCommandFlags(['zz-plain-flags', ...argv], { ...spec, name: 'zz-plain-flags' });
    if (plainCommandFlags([name, ...lines[0]!], spec) === undefined) continue;
    plainCommands++;
    for (const argv of lines) {
      const fast = plain(argv);
      assert.ok(fast !== undefined, `${name} ${argv.join(' ')}: plain`);
      // The same line with a trailing "--" goes through cac (and gives it nothing after "--").
      assert.equal(fast, await received(spec, [...argv, '--']), `${name} ${argv.join(' ')}`);
      assert.equal(await received(spec, argv), fast, `${name} ${argv.join(' ')} (through run)`);
    }
  }
  assert.ok(plainCommands >= 3, `commands on the plain path: ${plainCommands}`);
});

test('any other line is left to cac, with its messages', () => {
  for (const argv of [
    ['--contracts', 'c.json'],
    ['check', '--contracts=c.json'],
    ['check', '--contracts', 'c.json', '--contracts', 'd.json'],
    ['check', '--contracts', '-'],
    ['check', '--contracts', '007'],
    ['check', '--contracts', ''],
    ['check', '--contracts'],
    ['check', '--contracts', 'c.json', '--'],
    ['check', '--contracts', 'c.json', '--help'],
    ['check', '--contracts', 'c.json', '-h'],
    ['check', '--contracts', 'c.json', '--bogus'],
    ['check', '--contracts', 'c.json', '--no-quiet'],
    ['check', '--contracts', 'c.json', 'extra'],
    ['check', '--quiet', '--quiet'],
    ['check', '--quiet=yes'],
    ['lock', '--contracts', 'c.json'],
  ]) {
    assert.equal(plainCommandFlags(argv, checkCommand), undefined, argv.join(' '));
  }
});

test('a plain line fails as the cac line does: a missing --config, an error of the command', async () => {
  const errors: string[] = [];
  assert.equal(await run(['check', '--contracts', 'c.json', '--config', 'nowhere.jsonc'], io(errors)), 2);
  assert.equal(errors, ['error: Cannot read config file "nowhere.jsonc": it does not exist\n']);
  const viaCac: string[] = [];
  assert.equal(await run(['check', '--contracts', 'c.json', '--config', 'nowhere.jsonc', '--'], io(viaCac)), 2);
  assert.equal(viaCac, errors);
});

test.run();
