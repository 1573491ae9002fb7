import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mcpfusion } from '../diff/_run.ts';
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from '../helpers/cli.ts';

// A flag's value that can never work is the slip to report, before any file is read or any
// input looked for: `check --start-timeout abc` in a folder without a lockfile said "No lockfile
// at …", and once the lockfile was there, the timeout was refused on the next run.

/** Run in process in `cwd` with no environment besides PATH and HOME. */
const runIn = (cwd: string, argv: string[]) => mcpfusion(argv, cwd);

// Every command that takes each flag, in a folder with nothing in it (no lockfile, no config,
// no attestation, no probe file, no source, no server command after "--").
const COMMANDS_WITH_SOURCE = [['lock'], ['check'], ['diff'], ['digest'], ['inspect'], ['attest', 'sign'], ['attest', 'verify'], ['scan']];
const PROBE = [['probe', 'record'], ['probe', 'run']];
const PROXIED = [['guard'], ['heal']];

// [commands, flag, value, what the message must start with]
const CASES: [string[][], string, string, string][] = [
  [[...COMMANDS_WITH_SOURCE, ...PROBE, ['guard']], '--start-timeout', 'abc', 'error: --start-timeout must be a positive integer, got "abc"'],
  [[...COMMANDS_WITH_SOURCE, ...PROBE, ['guard']], '--handshake-timeout', '0', 'error: --handshake-timeout must be a positive integer, got "0"'],
  // `probe record` refuses --request-timeout whatever its value (it lists nothing).
  [[...COMMANDS_WITH_SOURCE, ['probe', 'run'], ...PROXIED], '--request-timeout', '1.5', 'error: --request-timeout must be a positive integer, got "1.5"'],
  [COMMANDS_WITH_SOURCE, '--settle-timeout', 'soon', 'error: --settle-timeout must be 0 or a positive integer, got "soon"'],
  [[...COMMANDS_WITH_SOURCE, ...PROBE, ...PROXIED], '--server-env', 'NOEQUALS', 'error: Invalid --server-env: expected KEY=VALUE'],
  [[...COMMANDS_WITH_SOURCE, ...PROBE], '--header', 'no colon', 'error: Invalid --header: expected "Name: value"'],
  [[...COMMANDS_WITH_SOURCE, ...PROBE], '--url', 'ftp://example.test/mcp', 'error: Invalid --url: the scheme "ftp:" is not supported'],
  [[['diff'], ['heal']], '--policy', 'strict', 'error: Invalid --policy "strict": expected seed or semantic'],
  [[['diff'], ['heal']], '--max-deltas', '0', 'error: --max-deltas must be a positive integer, got "0"'],
  [[['diff']], '--fail-on', 'worst', 'error: Invalid --fail-on "worst"'],
  [[['scan']], '--fail-on', 'worst', 'error: Invalid --fail-on "worst": expected one of error, warning'],
  [[['probe', 'run']], '--fail-on', 'worst', 'error: Invalid --fail-on'],
  [[['probe', 'run']], '--thresholds', 'a,b', 'error: Invalid --thresholds'],
  [PROBE, '--concurrency', '0', 'error: --concurrency must be a positive integer, got "0"'],
  [PROBE, '--timeout', 'x', 'error: --timeout must be a positive integer, got "x"'],
  [[['attest', 'sign']], '--signer', 'rsa', 'error: Unknown --signer "rsa"'],
];

test('a flag value that cannot work is reported (exit 2) before a missing lockfile, source, attestation, probe file or server command', async () => {
  const dir = tempDir();
  const wrong: string[] = [];
  for (const [commands, flag, value, start] of CASES) {
    for (const command of commands) {
      const argv = [...command, flag, value];
      const r = await runIn(dir, argv);
      if (r.code !== 2 || r.stdout !== '' || !r.stderr.startsWith(start)) wrong.push(`${argv.join(' ')} -> ${r.code} ${JSON.stringify(r.stderr.slice(0, 160))}`);
    }
  }
  assert.equal(wrong, []);
});

test('a bad value is still reported before a missing file when the flag comes after a source flag naming a file that does not exist', async () => {
  const dir = tempDir();
  const r = await runIn(dir, ['check', '--contracts', 'missing.json', '--lockfile', 'missing.lock', '--format', 'json', '--server-env', 'A']);
  assert.is(r.code, 2);
  // --format json: the same error as a JSON document (servers27), not the missing files'.
  assert.match((JSON.parse(r.stdout) as { error: { message: string } }).error.message, /^Invalid --server-env/);
  assert.ok(r.stderr.startsWith('error: Invalid --server-env'), r.stderr);
});

test('a mistyped action names the closest one (exit 2), before any flag value is checked; a mistyped command or flag too', async () => {
  const dir = tempDir();
  const cases: [string[], string][] = [
    [['probe', 'recrod'], 'error: Unknown probe action "recrod" (did you mean "record"?): use `mcpfusion probe record` or `mcpfusion probe run`\n'],
    [['probe', 'rn', '--timeout', 'x'], 'error: Unknown probe action "rn" (did you mean "run"?): use `mcpfusion probe record` or `mcpfusion probe run`\n'],
    [['attest', 'sig'], 'error: Unknown attest action "sig" (did you mean "sign"?): use `mcpfusion attest sign`, `mcpfusion attest verify`, `mcpfusion attest capability` or `mcpfusion attest keygen`\n'],
    [['attest', 'verfy', '--start-timeout', 'abc'], 'error: Unknown attest action "verfy" (did you mean "verify"?): use `mcpfusion attest sign`, `mcpfusion attest verify`, `mcpfusion attest capability` or `mcpfusion attest keygen`\n'],
    // Nothing close: the list alone.
    [['probe', 'frobnicate'], 'error: Unknown probe action "frobnicate": use `mcpfusion probe record` or `mcpfusion probe run`\n'],
    [['lok'], 'error: unknown command "lok" (did you mean "lock"?); run `mcpfusion --help` for the list\n'],
    [['chekc', '--contracts', 'c.json'], 'error: unknown command "chekc" (did you mean "check"?); run `mcpfusion --help` for the list\n'],
    [['check', '--lockfle', 'x'], 'error: Unknown option `--lockfle` (did you mean `--lockfile`?); run `mcpfusion check --help`\n'],
    [['probe', 'run', '--timout', '5'], 'error: Unknown option `--timout` (did you mean `--timeout`?); run `mcpfusion probe --help`\n'],
  ];
  for (const [argv, stderr] of cases) {
    const r = await runIn(dir, argv);
    assert.equal([r.code, r.stdout, r.stderr], [2, '', stderr], argv.join(' '));
  }
});

test('a path typed with Windows separators on a system where "\\" is part of a name says which path it meant', async () => {
  if (process.platform === 'win32') return;
  const dir = tempDir();
  mkdirSync(join(dir, 'sub'));
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'sub/c.json'));
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{\r\n  "source": { "contracts": "sub/c.json" }\r\n}\r\n');
  const hint = (meant: string): string => ` ("\\" separates no folders on this system: did you mean "${meant}"?)`;
  const cases: [string[], string][] = [
    [['check', '--config', '.\\mcpfusion.jsonc'], `error: Cannot read config file ".\\mcpfusion.jsonc": it does not exist${hint('./mcpfusion.jsonc')}\n`],
    [['digest', '--contracts', 'sub\\c.json'], `error: Cannot read contracts file "sub\\c.json": it does not exist${hint('sub/c.json')}\n`],
  ];
  for (const [argv, stderr] of cases) {
    const r = await runIn(dir, argv);
    assert.equal([r.code, r.stdout, r.stderr], [2, '', stderr], argv.join(' '));
  }
  assert.is((await runIn(dir, ['lock'])).code, 0);
  const lockfile = await runIn(dir, ['check', '--lockfile', 'x\\mcpfusion.lock']);
  assert.is(lockfile.stderr, 'error: No lockfile at "x\\mcpfusion.lock": run `mcpfusion lock` first (or point --lockfile at it)\n', 'no hint when the meant path is missing too');
  const meant = await runIn(dir, ['check', '--lockfile', '.\\mcpfusion.lock']);
  assert.is(meant.stderr, `error: No lockfile at ".\\mcpfusion.lock"${hint('./mcpfusion.lock')}: run \`mcpfusion lock\` first (or point --lockfile at it)\n`);
});

test('an empty value ("" from an unset variable) of any option is refused (exit 2) before a missing lockfile or source is named', async () => {
  const dir = tempDir();
  const wrong: string[] = [];
  let checked = 0;
  const commands = [...COMMANDS_WITH_SOURCE, ...PROBE, ['attest', 'capability'], ['attest', 'keygen'], ['canonicalize']];
  for (const command of commands) {
    // The options this command lists in its help that take a value, except those refused
    // whatever their value (`--secret`, probe's `--contracts`), whose refusal comes first.
    const help = await runIn(dir, [...command.slice(0, 1), '--help']);
    const flags = [...help.stdout.matchAll(/^ {2}(--[a-z][a-z-]*) <[^>]*> +(\S+)/gm)].filter((m) => m[2] !== 'Refused:' && m[2] !== 'Refused,').map((m) => m[1]!);
    assert.ok(flags.includes('--format'), `${command.join(' ')}: ${help.stdout}`);
    for (const flag of flags) {
      const argv = [...command, flag, ''];
      const r = await runIn(dir, argv);
      checked++;
      const expected = `error: ${flag} got an empty value (""): is a shell variable unset? Give its value, or leave ${flag} out\n`;
      // A flag this action never reads is refused as such first, whatever its value.
      const refused = r.stderr.startsWith(`error: ${flag} does not apply to \``);
      if (r.code !== 2 || r.stdout !== '' || (r.stderr !== expected && !refused)) wrong.push(`${argv.join(' ')} -> ${r.code} ${JSON.stringify(r.stderr.slice(0, 160))}`);
    }
  }
  assert.equal(wrong, []);
  assert.ok(checked > 100, `${checked} command and flag pairs`);
});

test.run();
