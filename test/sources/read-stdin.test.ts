import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { BUNDLE, runCli, tempDir } from '../helpers/cli.ts';
import type { Io } from '../../src/commands/command.ts';
import { emptyStdinMessage, readStdinDocument, stdinTerminalNote, writesTerminalNote, type StdinUse } from '../../src/sources/read-stdin.ts';

// A command told to read stdin says so when stdin is a terminal (where it would wait silently for
// typing), and says it was stdin, and how to give the document, when stdin held nothing (before:
// `Invalid JSON in stdin at line 1, column 1: the document is empty; expected a JSON value`).

const USE: StdinUse = { what: 'the JSON document', pipe: 'mcpfusion canonicalize < schema.json', path: 'mcpfusion canonicalize schema.json' };

function io(stdin: string, terminal: boolean | undefined, err: string[]): Io {
  return { stdout: () => {}, stderr: (s) => void err.push(s), cwd: '/', env: {}, color: false, readStdin: async () => stdin, ...(terminal === undefined ? {} : { stdinIsTerminal: terminal }) };
}

test('the note is written only when stdin is a terminal, before it is read', async () => {
  for (const [terminal, noted] of [[true, true], [false, false], [undefined, false]] as const) {
    const err: string[] = [];
    assert.is(await readStdinDocument(io('{}', terminal, err), USE), '{}');
    assert.is(err.length, noted ? 1 : 0, `terminal ${terminal}`);
  }
  // --quiet asks for errors and drift only: no note, even on a terminal.
  for (const terminal of [true, false, undefined]) assert.is(writesTerminalNote(terminal, true), false);
  const err: string[] = [];
  assert.is(await readStdinDocument(io('{}', true, err), USE, true), '{}');
  assert.equal(err, []);
  assert.is(stdinTerminalNote(USE, 'linux'), 'mcpfusion: reading the JSON document from stdin (a terminal); end it with Ctrl-D, or give a file: mcpfusion canonicalize schema.json\n');
  assert.ok(stdinTerminalNote(USE, 'win32').includes('end it with Ctrl-Z then Enter'));
});

test('empty or blank stdin: the error says it was stdin and how to give the document', async () => {
  assert.is(emptyStdinMessage('', USE), 'No document on stdin (it is empty), where the JSON document was to be read from: pipe it in (mcpfusion canonicalize < schema.json) or give its path (mcpfusion canonicalize schema.json)');
  assert.ok(emptyStdinMessage(' \n', USE)!.startsWith('No document on stdin (it holds only whitespace (2 characters))'));
  assert.is(emptyStdinMessage(' x', USE), undefined);
  const thrown = await readStdinDocument(io('', false, []), USE).then(() => undefined, (e: Error & { exitCode?: number }) => e);
  assert.is(thrown?.exitCode, 2);
});

test('each command that reads stdin names what it read and how else to give it (exit 2)', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'new.json'), '{"tools":[]}');
  const cases: [string[], string][] = [
    [['canonicalize'], 'error: No document on stdin (it is empty), where the JSON document was to be read from: pipe it in (mcpfusion canonicalize < schema.json) or give its path (mcpfusion canonicalize schema.json)'],
    [['canonicalize', '-'], 'where the JSON document was to be read from'],
    [['diff', '-', 'new.json'], 'where the OLD side was to be read from: pipe it in (mcpfusion diff - new.json < old.json)'],
    [['diff', 'new.json', '-'], 'where the NEW side was to be read from: pipe it in (mcpfusion diff old.json - < new.json)'],
    [['digest', '--contracts', '-'], 'where the contracts file was to be read from: pipe it in (--contracts - < contracts.json) or give its path (--contracts contracts.json)'],
    [['digest', '--tools-list', '-'], 'where the tools/list file was to be read from'],
  ];
  for (const [args, fragment] of cases) {
    const r = runCli(args, { cwd: dir, input: '' });
    assert.is(r.code, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.ok(r.stderr.includes(fragment), `${args.join(' ')}: ${r.stderr}`);
    assert.not.ok(r.stderr.includes('the document is empty'), r.stderr);
    // A pipe is no terminal: no note.
    assert.not.ok(r.stderr.includes('(a terminal)'), r.stderr);
  }
});

// `script` (util-linux) runs the command with a pseudo-terminal as its stdin: the note shows, and
// the document typed (here written to the terminal, ended with Ctrl-D) is read as usual.
const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
test('canonicalize with a terminal as stdin writes the note, then reads what is typed', () => {
  if (!hasScript) {
    console.log('skipped: no `script` (util-linux) to give the command a terminal');
    return;
  }
  const r = spawnSync('script', ['-qec', `${process.execPath} ${BUNDLE} canonicalize`, '/dev/null'], {
    input: '{"b":1,"a":2}\n\u0004', encoding: 'utf8', timeout: 120_000, env: { ...process.env, NO_COLOR: '1' },
  });
  assert.is(r.status, 0, r.stderr + r.stdout);
  assert.ok(r.stdout.includes('mcpfusion: reading the JSON document from stdin (a terminal); end it with Ctrl-D, or give a file: mcpfusion canonicalize schema.json'), r.stdout);
  assert.ok(r.stdout.endsWith('{"a":2,"b":1}'), JSON.stringify(r.stdout));
});

test('under --quiet a terminal as stdin gets no note, for each command that reads stdin; the document is read as usual', () => {
  if (!hasScript) {
    console.log('skipped: no `script` (util-linux) to give the command a terminal');
    return;
  }
  const dir = tempDir();
  writeFileSync(join(dir, 'new.json'), '{"tools":[]}');
  const cases: [string, string, RegExp][] = [
    ['canonicalize --quiet', '{"b":1,"a":2}', /\{"a":2,"b":1\}$/],
    ['canonicalize - --quiet', '{"b":1,"a":2}', /\{"a":2,"b":1\}$/],
    ['digest --tools-list - --quiet', '{"tools":[]}', /^integrity +[0-9a-f]{64}$/m],
    ['diff - new.json --quiet --format json', '{"tools":[]}', /"verdict": ?"NONE"/],
  ];
  for (const [args, typed, output] of cases) {
    // stdout and stderr both reach the terminal: what it shows is all the command wrote.
    const r = spawnSync('script', ['-qec', `${process.execPath} ${BUNDLE} ${args}`, '/dev/null'], {
      input: `${typed}\n\u0004`, encoding: 'utf8', timeout: 120_000, cwd: dir, env: { ...process.env, NO_COLOR: '1' },
    });
    assert.is(r.status, 0, `${args}: ${r.stderr}${r.stdout}`);
    assert.ok(output.test(r.stdout.trimEnd()), `${args}: ${JSON.stringify(r.stdout)}`);
    assert.not.ok(r.stdout.includes('(a terminal)'), `${args}: ${JSON.stringify(r.stdout)}`);
  }
});

test.run();
