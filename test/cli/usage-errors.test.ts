import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, copyFileSync, existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, ROOT } from '../helpers/cli.ts';

// Typical slips on the command line: each is exit 2 with one line that names what was typed, as
// it was typed, and nothing on stdout.

function workspace(): string {
  const dir = tempDir();
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'contracts.json'));
  return dir;
}

test('a stray argument is named as typed (a number, "-"), with how many arguments the command takes', () => {
  const dir = workspace();
  const cases: [string[], string][] = [
    // A value given to a switch that takes none.
    [['check', '--quiet', '1', '--contracts', 'contracts.json'], 'error: unexpected argument `1`: check takes no arguments (a flag\'s value goes right after the flag); run `mcpfusion check --help`\n'],
    // "-" for stdin belongs to --contracts or --tools-list.
    [['lock', '-'], 'error: unexpected argument `-`: lock takes no arguments (a flag\'s value goes right after the flag); run `mcpfusion lock --help`\n'],
    [['diff', 'a.lock', 'b.lock', '7'], 'error: unexpected argument `7`: diff takes at most 2 arguments (a flag\'s value goes right after the flag); run `mcpfusion diff --help`\n'],
    [['canonicalize', 'a.json', 'b.json'], 'error: unexpected argument `b.json`: canonicalize takes at most 1 argument (a flag\'s value goes right after the flag); run `mcpfusion canonicalize --help`\n'],
    [['5', 'lock'], 'error: unknown command "5"; run `mcpfusion --help` for the list\n'],
  ];
  for (const [argv, stderr] of cases) {
    const r = runCli(argv, { cwd: dir });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', stderr], argv.join(' '));
  }
});

test('mcpfusion with no arguments is a usage error: the commands and one error line on stderr, nothing on stdout (exit 2)', () => {
  const r = runCli([], { cwd: workspace() });
  assert.equal([r.code, r.stdout], [2, '']);
  assert.match(r.stderr, /^mcpfusion\n\nUsage:\n {2}\$ mcpfusion <command> \[options\]\n/);
  for (const command of ['lock', 'check', 'diff', 'scan', 'attest', 'guard', 'heal', 'probe']) assert.match(r.stderr, new RegExp(`^ {2}${command}\\b`, 'm'));
  assert.ok(r.stderr.endsWith('\nerror: no command given: name one of the commands above (`mcpfusion <command> --help` lists its flags)\n'), r.stderr);
  // Asked for, the same list goes to stdout with exit 0.
  const help = runCli(['--help']);
  assert.equal([help.code, help.stderr], [0, '']);
  assert.ok(r.stderr.startsWith(help.stdout), 'the same text');
});

test('an option with one value given twice is exit 2 naming both values, before any file is read; a switch given twice is the switch', () => {
  const dir = workspace();
  const cases: [string[], string][] = [
    // Each of these reported something else first (no source, no lockfile, a missing file), or
    // named no value: which one was meant is not for mcpfusion to guess.
    [['lock', '--lockfile', 'a.lock', '--lockfile', 'b.lock'], '--lockfile was given 2 times ("a.lock", then "b.lock")'],
    [['check', '--contracts', 'contracts.json', '--contracts', 'other.json'], '--contracts was given 2 times ("contracts.json", then "other.json")'],
    [['inspect', '--contracts', 'contracts.json', '--name', 'a', '--name', 'b'], '--name was given 2 times ("a", then "b")'],
    [['attest', 'sign', '--contracts', 'contracts.json', '--secret-file', 's1', '--secret-file', 's2'], '--secret-file was given 2 times ("s1", then "s2")'],
    [['check', '--contracts', 'contracts.json', '--format', 'json', '--format=json'], '--format was given 2 times ("json", then "json")'],
    [['diff', 'a.lock', 'b.lock', '--fail-on', 'risky', '--fail-on', 'never', '--fail-on', 'safe'], '--fail-on was given 3 times ("risky", then "never", then "safe")'],
    // A value that looks like a secret is not repeated into the log.
    [['check', '--server', 'srv --token=hunter2-secret-value', '--server', 'srv'], '--server was given 2 times ("srv --token=***", then "srv")'],
  ];
  for (const [argv, what] of cases) {
    const r = runCli(argv, { cwd: dir });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', `error: ${what}; give it once\n`], argv.join(' '));
  }
  assert.not.ok(existsSync(join(dir, 'a.lock')) || existsSync(join(dir, 'b.lock')));
  // Repeatable: --server-env and --header collect every value.
  const env = runCli(['inspect', '--server', `"${process.execPath}" -e "process.exit(1)"`, '--server-env', 'A=1', '--server-env', 'A=2'], { cwd: dir });
  assert.not.match(env.stderr, /given 2 times/);
  // A switch twice is the switch once: the same output and exit code.
  const once = runCli(['lock', '--contracts', 'contracts.json', '--quiet'], { cwd: dir });
  assert.is(once.code, 0, once.stderr);
  const twice = runCli(['check', '--contracts', 'contracts.json', '--quiet', '--quiet'], { cwd: dir });
  assert.equal([twice.code, twice.stdout, twice.stderr], [0, '', '']);
  const loud = runCli(['check', '--contracts', 'contracts.json'], { cwd: dir });
  assert.ok(loud.stdout.length + loud.stderr.length > 0, 'without --quiet check says something');
});

test('a negative number as a flag\'s value reaches the flag\'s own check, not "unknown option -5"', () => {
  const dir = workspace();
  const timeout = runCli(['lock', '--contracts', 'contracts.json', '--start-timeout', '-5'], { cwd: dir });
  assert.equal([timeout.code, timeout.stdout, timeout.stderr], [2, '', 'error: --start-timeout must be a positive integer, got "-5"\n']);
  const deltas = runCli(['diff', 'contracts.json', 'contracts.json', '--format', 'awareness', '--tool', 'invoices', '--max-deltas', '-1'], { cwd: dir });
  assert.equal([deltas.code, deltas.stdout, deltas.stderr], [2, '', 'error: --max-deltas must be a positive integer, got "-1"\n']);
});

test('a path that starts with "-" (given to a flag or as an argument) is exit 2 saying how to write it; "-h…" printed the help with exit 0 before', () => {
  const dir = workspace();
  copyFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), join(dir, '-h.lock'));
  copyFileSync(join(dir, 'contracts.json'), join(dir, '-c.json'));
  const cases: [string[], string][] = [
    // Before: the help on stdout and exit 0, so the CI gate passed with no lockfile read.
    [['check', '--contracts', 'contracts.json', '--lockfile', '-h.lock'], 'error: --lockfile needs a value, and "-h.lock" starts with "-", so it would be read as options (the short options are -h and -v): for a value that starts with "-", write --lockfile=-h.lock, or ./-h.lock for a path\n'],
    [['diff', '-h.lock', 'contracts.json'], 'error: "-h.lock" is no option (the short options are -h and -v): for a path that starts with "-", write ./-h.lock\n'],
    // Before: "Unknown option `-c`", naming no file.
    [['digest', '--contracts', '-c.json'], 'error: --contracts needs a value, and "-c.json" starts with "-", so it would be read as options (the short options are -h and -v): for a value that starts with "-", write --contracts=-c.json, or ./-c.json for a path\n'],
    [['canonicalize', '-c.json'], 'error: "-c.json" is no option (the short options are -h and -v): for a path that starts with "-", write ./-c.json\n'],
    [['lock', '--contracts', 'contracts.json', '--lockfile', '-new.lock'], 'error: --lockfile needs a value, and "-new.lock" starts with "-", so it would be read as options (the short options are -h and -v): for a value that starts with "-", write --lockfile=-new.lock, or ./-new.lock for a path\n'],
  ];
  for (const [argv, stderr] of cases) {
    const r = runCli(argv, { cwd: dir });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', stderr], argv.join(' '));
  }
  assert.not.ok(existsSync(join(dir, '-new.lock')));
  // Written as the message says, the same files are read (and written).
  for (const argv of [['check', '--contracts', './-c.json', '--lockfile=-h.lock'], ['diff', './-h.lock', 'contracts.json'], ['lock', '--contracts', 'contracts.json', '--lockfile', './-new.lock']]) {
    const r = runCli(argv, { cwd: dir });
    assert.is(r.code, 0, `${argv.join(' ')}: ${r.stderr}`);
  }
  assert.ok(existsSync(join(dir, '-new.lock')));
  // -h alone is still the help, and a negative number still a value.
  assert.equal(runCli(['check', '--lockfile', '-h'], { cwd: dir }).code, 0);
  assert.match(runCli(['check', '--contracts', 'contracts.json', '--start-timeout', '-5'], { cwd: dir }).stderr, /--start-timeout/);
});

test('a secret flag given a word that starts with "-" is refused as attest refuses it, the word never shown (review27: it was echoed twice)', () => {
  const dir = workspace();
  for (const flag of ['--secret', '--hmac-secret', '--signing-secret']) {
    const r = runCli(['attest', 'sign', '--contracts', 'contracts.json', flag, '-s3cr3tV4lu3xyz'], { cwd: dir });
    assert.equal([r.code, r.stdout], [2, ''], flag);
    assert.not.match(r.stderr, /s3cr3t/, flag);
    assert.match(r.stderr, new RegExp(`^error: ${flag} is refused: a secret on the command line leaks`), flag);
  }
});

test('a switch given a value with "=" says the switch takes none (it said "Unused args: `yes`")', () => {
  const dir = workspace();
  for (const [argv, flag] of [
    [['lock', '--contracts', 'contracts.json', '--quiet=yes'], '--quiet'],
    [['lock', '--contracts', 'contracts.json', '--check=1'], '--check'],
    [['scan', 'contracts.json', '--no-follow=1'], '--no-follow'],
  ] as [string[], string][]) {
    const r = runCli(argv, { cwd: dir });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', `error: ${flag} takes no value: give it alone, without "="; run \`mcpfusion ${argv[0]} --help\`\n`], argv.join(' '));
  }
});

test('a --no-X form of a flag is an unknown option (exit 2), never a silent "off" (--no-force, --no-production) nor "value is missing" (--no-lockfile)', () => {
  const dir = workspace();
  for (const [argv, flag, plain] of [
    [['lock', '--contracts', 'contracts.json', '--no-force'], '--no-force', '--force'],
    [['lock', '--contracts', 'contracts.json', '--no-quiet'], '--no-quiet', '--quiet'],
    [['lock', '--contracts', 'contracts.json', '--no-lockfile'], '--no-lockfile', '--lockfile'],
    [['attest', 'sign', '--contracts', 'contracts.json', '--secret-env', 'S', '--no-production'], '--no-production', '--production'],
    [['scan', 'contracts.json', '--no-no-follow'], '--no-no-follow', '--no-follow'],
  ] as [string[], string, string][]) {
    const r = runCli(argv, { cwd: dir, env: { S: 'x'.repeat(40) } });
    const word = argv[0]!;
    assert.equal([r.code, r.stdout, r.stderr], [2, '', `error: Unknown option \`${flag}\` (a flag is off, or at its default, unless given: leave ${plain} out); run \`mcpfusion ${word} --help\`\n`], argv.join(' '));
  }
  // The one declared negative flag still works.
  assert.is(runCli(['scan', 'contracts.json', '--no-follow'], { cwd: dir }).code, 0);
});

test('with no command, an unknown flag is named as unknown (not "no command given"), and --version asks to stand alone', () => {
  const dir = workspace();
  for (const [argv, stderr] of [
    [['--bogus'], 'error: Unknown option `--bogus` (and no command given); run `mcpfusion --help`\n'],
    // cac took "lock" as the unknown flag's value: the flag is what to fix.
    [['--bogus', 'lock', '--contracts', 'contracts.json'], 'error: Unknown option `--bogus` (and no command given); run `mcpfusion --help`\n'],
    [['--version', '--format', 'json'], 'error: --version takes no other argument: run `mcpfusion --version` alone\n'],
    // Only global flags: still no command.
    [['--quiet'], 'error: no command given; run `mcpfusion --help` for the list\n'],
  ] as [string[], string][]) {
    const r = runCli(argv, { cwd: dir });
    assert.equal([r.code, r.stdout, r.stderr], [2, '', stderr], argv.join(' '));
  }
});

test('"-" given to a path flag that reads no stdin, or to scan, is refused: no file named "-" is written or read in its place', () => {
  const dir = workspace();
  copyFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), join(dir, 'mcpfusion.lock'));
  // `lock --lockfile -` wrote the lockfile to a file named "-", and `attest keygen --key -` the
  // private key to "-" and "-.pub"; a later `--config -`, `--probes -` or `--attestation -` then
  // read that file, not stdin.
  const cases: [string[], string][] = [
    [['lock', '--contracts', 'contracts.json', '--lockfile', '-'], '--lockfile'],
    [['check', '--contracts', 'contracts.json', '--lockfile', '-'], '--lockfile'],
    [['attest', 'keygen', '--key', '-'], '--key'],
    [['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--key', 'k.key', '--attestation', '-'], '--attestation'],
    [['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-file', '-'], '--secret-file'],
    [['diff', 'mcpfusion.lock', 'contracts.json', '--ack', '-'], '--ack'],
    [['probe', 'run', '--server', 'node server.js', '--probes', '-'], '--probes'],
    [['digest', '--contracts', 'contracts.json', '--config', '-'], '--config'],
    [['digest', '--server', 'node server.js', '--server-cwd', '-'], '--server-cwd'],
  ];
  for (const [argv, flag] of cases) {
    const r = runCli(argv, { cwd: dir, input: 'stdin text' });
    assert.equal([r.code, r.stdout], [2, ''], argv.join(' '));
    assert.match(r.stderr, `error: ${flag} does not take "-": `, argv.join(' '));
    assert.match(r.stderr, '(./- for a file named "-")', argv.join(' '));
    assert.not.ok(existsSync(join(dir, '-')), argv.join(' '));
    assert.not.ok(existsSync(join(dir, '-.pub')), argv.join(' '));
  }
  const scan = runCli(['scan', '-'], { cwd: dir, input: 'eval(x)' });
  assert.equal([scan.code, scan.stdout], [2, ''], 'scan -');
  assert.match(scan.stderr, 'error: scan reads no standard input ("-")');
  // Where "-" is stdin, it still is.
  const stdin = runCli(['digest', '--contracts', '-', '--format', 'json'], { cwd: dir, input: readFileSync(join(dir, 'contracts.json'), 'utf8') });
  assert.equal(stdin.code, 0, stdin.stderr);
});

test('a file flag whose value ends with "/" is exit 2 before anything is read: no file named like the folder is written', () => {
  const dir = workspace();
  copyFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), join(dir, 'mcpfusion.lock'));
  // `lock --lockfile out/` wrote the lockfile to a file named "out" (exit 0), `attest sign
  // --attestation out/` the attestation; `keygen --key out/` wrote the private key to "out", then
  // failed on "out/.pub" with ENOTDIR; `check --lockfile mcpfusion.lock/` read the file.
  const cases: [string[], string][] = [
    [['lock', '--contracts', 'contracts.json', '--lockfile', 'out/'], '--lockfile "out/"'],
    [['check', '--contracts', 'contracts.json', '--lockfile', 'mcpfusion.lock/'], '--lockfile "mcpfusion.lock/"'],
    [['attest', 'sign', '--lockfile', 'mcpfusion.lock', '--secret-file', 'secret', '--attestation', 'out/'], '--attestation "out/"'],
    [['attest', 'keygen', '--key', 'out/'], '--key "out/"'],
    [['attest', 'keygen', '--public-key', 'out/'], '--public-key "out/"'],
    [['probe', 'record', '--server', 'node server.js', '--probes', 'out/'], '--probes "out/"'],
    [['digest', '--contracts', 'contracts.json/'], '--contracts "contracts.json/"'],
    [['digest', '--contracts', 'contracts.json', '--config', 'out/'], '--config "out/"'],
  ];
  writeFileSync(join(dir, 'secret'), 'x'.repeat(40));
  for (const [argv, what] of cases) {
    const r = runCli(argv, { cwd: dir });
    assert.equal([r.code, r.stdout], [2, ''], argv.join(' '));
    assert.match(r.stderr, `error: ${what} ends with "/", so it names a folder, not a file; give the path of the file (in that folder: "`, argv.join(' '));
    assert.not.ok(existsSync(join(dir, 'out')), argv.join(' '));
  }
  const ok = runCli(['check', '--contracts', './contracts.json', '--lockfile', './mcpfusion.lock'], { cwd: dir });
  assert.is(ok.code, 0, ok.stderr);
});

test('an input file the user cannot read is exit 2 naming it and what to fix (it said only "permission denied")', () => {
  const dir = workspace();
  chmodSync(dir, 0o755);
  chmodSync(join(dir, 'contracts.json'), 0o000);
  try {
    const asUser = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};
    const r = runCli(['digest', '--contracts', 'contracts.json'], { cwd: dir, ...asUser });
    assert.equal([r.code, r.stdout], [2, ''], r.stderr);
    assert.match(r.stderr, /contracts\.json": permission denied; fix its permissions \(it must be readable by the user running mcpfusion\)\n$/);
  } finally {
    chmodSync(join(dir, 'contracts.json'), 0o644);
  }
});

test('lock over a read-only lockfile: exit 2 and the file left as it is when it would change; exit 0 and untouched when up to date', () => {
  if (process.platform === 'win32') return;
  const dir = workspace();
  assert.is(runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir }).code, 0);
  const lockPath = join(dir, 'mcpfusion.lock');
  const locked = readFileSync(lockPath, 'utf8');
  chmodSync(lockPath, 0o444);
  // Up to date: nothing to write, nothing refused.
  const same = runCli(['lock', '--contracts', 'contracts.json'], { cwd: dir });
  assert.is(same.code, 0, same.stderr);
  // A change (a new name alone rewrites it): refused, named with the mode and the fix; the
  // lockfile and its mode unchanged.
  const r = runCli(['lock', '--contracts', 'contracts.json', '--name', 'other'], { cwd: dir });
  assert.equal([r.code, r.stdout, r.stderr], [2, '', `error: Cannot write "${lockPath}": it is read-only (mode 0444), so it is left as it is (a read-only file is taken as one kept from change); make it writable (chmod u+w) to replace it, or write elsewhere (--lockfile PATH)\n`]);
  assert.is(readFileSync(lockPath, 'utf8'), locked);
  assert.is((statSync(lockPath).mode & 0o777).toString(8), '444');
  chmodSync(lockPath, 0o644);
  assert.is(runCli(['lock', '--contracts', 'contracts.json', '--name', 'other'], { cwd: dir }).code, 0);
  assert.match(readFileSync(lockPath, 'utf8'), /"serverName": "other"/);
});

test.run();
