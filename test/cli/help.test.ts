import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { runCli } from '../helpers/cli.ts';

// What each command's `--format` accepts (the first is the default), as the docs say.
const FORMATS: Record<string, string[]> = {
  lock: ['text', 'json'],
  check: ['text', 'json'],
  diff: ['text', 'json', 'markdown', 'github', 'sarif', 'awareness'],
  digest: ['text', 'json'],
  inspect: ['json', 'text'],
  canonicalize: ['text', 'json'],
  attest: ['text', 'json'],
  guard: ['text'],
  heal: ['text'],
  scan: ['text', 'json', 'sarif', 'github'],
  probe: ['text', 'json', 'markdown'],
};
const ALL_FORMATS = ['text', 'json', 'markdown', 'github', 'sarif', 'awareness'];

function optionLines(help: string): string[] {
  return help.split('\n').filter((l) => /^ {2}(-\w, )?--/.test(l));
}

test('every command\'s --help names the formats that command accepts, and its default, on one --format line', () => {
  for (const [cmd, formats] of Object.entries(FORMATS)) {
    const r = runCli([cmd, '--help']);
    assert.is(r.code, 0, r.stderr);
    const lines = optionLines(r.stdout).filter((l) => /^ {2}--format\b/.test(l));
    assert.is(lines.length, 1, `${cmd}: ${lines.join('\n')}`);
    const named = ALL_FORMATS.filter((f) => new RegExp(`\\b${f}\\b`).test(lines[0]!.replace(/^ {2}--format <format>/, '')));
    assert.equal(named, [...formats].sort((a, b) => ALL_FORMATS.indexOf(a) - ALL_FORMATS.indexOf(b)), `${cmd}: ${lines[0]}`);
    assert.match(lines[0]!, new RegExp(`\\b${formats[0]} \\(default`), `${cmd}: ${lines[0]}`);
  }
});

test('each accepted format is accepted, and the first format not listed is refused', () => {
  // Spot checks that the help and the command agree, without starting a server.
  const refused = runCli(['digest', '--format', 'markdown', '--contracts', 'missing.json']);
  assert.is(refused.code, 2);
  assert.match(refused.stderr, /--format markdown is not supported by `digest`; use one of text, json/);
  const inspect = runCli(['inspect', '--format', 'sarif', '--contracts', 'missing.json']);
  assert.match(inspect.stderr, /use one of json, text/);
});

test('--help says nothing misleading about defaults: --no-follow is off unless given, and no line ends in a space', () => {
  const scan = runCli(['scan', '--help']);
  const noFollow = optionLines(scan.stdout).find((l) => l.includes('--no-follow'));
  assert.ok(noFollow, scan.stdout);
  assert.not.match(noFollow!, /default: true/);
  for (const cmd of [...Object.keys(FORMATS), '']) {
    const r = runCli(cmd === '' ? ['--help'] : [cmd, '--help']);
    for (const line of r.stdout.split('\n')) assert.not.match(line, /[ \t]$/, `${cmd || 'mcpfusion'}: ${JSON.stringify(line)}`);
  }
});

test('the top-level --help still lists --format among the options every command takes', () => {
  const r = runCli(['--help']);
  assert.is(r.code, 0);
  assert.is(optionLines(r.stdout).filter((l) => /^ {2}--format\b/.test(l)).length, 1);
});

test('attest and probe without their action name the actions there are (exit 2)', () => {
  const attest = runCli(['attest']);
  assert.is(attest.code, 2);
  for (const action of ['sign', 'verify', 'capability', 'keygen']) assert.match(attest.stderr, new RegExp(`\\(${action}\\)`));
  assert.match(attest.stderr, /^error: attest needs an action: /);
  assert.match(attest.stderr, /run `mcpfusion attest --help`\n$/);
  const probe = runCli(['probe', '--server', 'node server.js']);
  assert.is(probe.code, 2);
  assert.match(probe.stderr, /^error: probe needs an action: .*`probe record`.*`probe run`/);
});

test('attest --help says where keygen writes the public key (--public-key, default beside --key)', () => {
  const r = runCli(['attest', '--help']);
  const line = optionLines(r.stdout).find((l) => /^ {2}--public-key\b/.test(l));
  assert.ok(line, r.stdout);
  assert.match(line!, /keygen: where to write it/);
  // guard only verifies: its line says nothing about keygen.
  const guard = optionLines(runCli(['guard', '--help']).stdout).find((l) => /^ {2}--public-key\b/.test(l));
  assert.not.match(guard!, /keygen/);
});

test('probe --help: --lockfile is run-only and optional (the live tools/list stands in when there is none)', () => {
  const line = optionLines(runCli(['probe', '--help']).stdout).find((l) => /^ {2}--lockfile\b/.test(l));
  assert.ok(line);
  assert.match(line!, /run: /);
  assert.match(line!, /when present; else the live tools\/list/);
});

test('diff --help: --lockfile says it is the file a git:<ref> side without a path reads', () => {
  const line = optionLines(runCli(['diff', '--help']).stdout).find((l) => /^ {2}--lockfile\b/.test(l));
  assert.ok(line);
  assert.match(line!, /git:<ref>/);
});

test('a mistyped flag names the closest flag of that command', () => {
  const r = runCli(['lock', '--contracs', 'x.json']);
  assert.is(r.code, 2);
  assert.is(r.stderr, 'error: Unknown option `--contracs` (did you mean `--contracts`?); run `mcpfusion lock --help`\n');
  const global = runCli(['check', '--quite']);
  assert.match(global.stderr, /\(did you mean `--quiet`\?\)/);
  // Nothing close: no guess.
  const far = runCli(['diff', '--zzzzzz', 'a', 'b']);
  assert.is(far.stderr, 'error: Unknown option `--zzzzzz`; run `mcpfusion diff --help`\n');
});

test('a mistyped command names the closest command', () => {
  const r = runCli(['chek', '--contracts', 'x.json']);
  assert.is(r.code, 2);
  assert.is(r.stderr, 'error: unknown command "chek" (did you mean "check"?); run `mcpfusion --help` for the list\n');
  assert.is(runCli(['frobnicate']).stderr, 'error: unknown command "frobnicate"; run `mcpfusion --help` for the list\n');
});

test('the top-level --help lists -v, --version, which prints the version', () => {
  const help = runCli(['--help']);
  const line = optionLines(help.stdout).find((l) => l.includes('--version'));
  assert.ok(line, help.stdout);
  assert.match(line!, /^ {2}-v, --version +Print the version$/);
  assert.not.match(runCli(['lock', '--help']).stdout, /--version/);
  assert.match(runCli(['-v']).stdout, /^mcpfusion \d+\.\d+\.\d+\n$/);
});

test('canonicalize --help does not offer --config, which it refuses (exit 2); every other command offers it', () => {
  const help = runCli(['canonicalize', '--help']);
  assert.is(help.code, 0);
  assert.equal(optionLines(help.stdout).filter((l) => /^ {2}--config\b/.test(l)), []);
  const refused = runCli(['canonicalize', '--config', 'mcpfusion.jsonc', '-'], { input: '{}' });
  assert.is(refused.code, 2);
  for (const cmd of Object.keys(FORMATS).filter((c) => c !== 'canonicalize')) {
    assert.is(optionLines(runCli([cmd, '--help']).stdout).filter((l) => /^ {2}--config <path>/.test(l)).length, 1, cmd);
  }
});

test('lock and check --help: the --lockfile default is the config\'s lockfile before ./mcpfusion.lock', () => {
  for (const cmd of ['lock', 'check']) {
    const line = optionLines(runCli([cmd, '--help']).stdout).find((l) => /^ {2}--lockfile\b/.test(l));
    assert.ok(line, cmd);
    assert.match(line!, /default: the config's lockfile, else \.\/mcpfusion\.lock/);
  }
});

test('a --format the command does not take names the command and what it takes', () => {
  const capability = runCli(['attest', 'capability', '--format', 'text', '--lockfile', 'missing.lock']);
  assert.is(capability.code, 2);
  assert.is(capability.stderr, 'error: --format text is not supported by `attest capability`; its only format is json: leave --format out\n');
  const record = runCli(['probe', 'record', '--format', 'markdown', '--server', 'node s.js']);
  assert.is(record.stderr, 'error: --format markdown is not supported by `probe record`; use one of text, json\n');
});

test.run();
