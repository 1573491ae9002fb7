/**
 * A program that rejects the command it was started with (servers24: `agentaudit mcp`, agentaudit
 * 3.14.0, prints a coloured banner and `Unknown command: mcp` to stdout and exits 2, and mcpfusion
 * quoted the banner's first line with its escapes as log output): the parser's line is quoted, the
 * word named, and the --help of the command line without it offered. Each parser's form is a row.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { UNKNOWN_COMMAND_FORMS, unknownCommand } from '../../src/sources/unknown-command-hint.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

const SERVER = join(ROOT, 'test/fixtures/servers/unknown-command.mjs');
const PATIENT = ['--handshake-timeout', '60000'];

test('the registry: ids unique, under unknown., each documented in docs/sources.md', () => {
  const ids = UNKNOWN_COMMAND_FORMS.map((f) => f.id);
  assert.is(new Set(ids).size, ids.length);
  const docs = readFileSync(join(ROOT, 'docs/sources.md'), 'utf8');
  for (const id of ids) {
    assert.match(id, /^unknown\.[a-z0-9]+(?:-[a-z0-9]+)*$/);
    assert.ok(docs.includes(`\`${id}\``), `docs/sources.md lacks ${id}`);
  }
});

test('unknownCommand: each parser\'s words; a line that only mentions a command is none', () => {
  const cases: [string, string, string | undefined][] = [
    ['  \x1b[31mUnknown command: mcp\x1b[0m', 'unknown.plain', 'mcp'],
    ['error: unknown option \'--stdio\'', 'unknown.commander', '--stdio'],
    ['error: too many arguments. Expected 0 arguments but got 1.', 'unknown.commander', undefined],
    ['Error: unknown flag: --stdio', 'unknown.cobra', '--stdio'],
    ['error: unexpected argument \'--stdio\' found', 'unknown.clap', '--stdio'],
    ['srv: error: unrecognized arguments: --stdio', 'unknown.argparse', '--stdio'],
    ['Unknown arguments: mcp, stdio', 'unknown.yargs', 'mcp'],
  ];
  for (const [line, id, word] of cases) {
    const found = unknownCommand([line]);
    assert.is(found?.id, id, line);
    assert.is(found?.word, word, line);
  }
  for (const line of ['Run agentaudit help for available commands', 'Available commands: scan, audit', 'the unknown command handler is registered', 'Error: connect ECONNREFUSED']) {
    assert.is(unknownCommand([line]), undefined, line);
  }
});

for (const [style, line] of [
  ['agentaudit', 'Unknown command: mcp'],
  ['commander', 'error: unknown command \'mcp\''],
  ['cobra', 'Error: unknown command \\"mcp\\" for \\"tool\\"'],
  ['clap', 'error: unrecognized subcommand \'mcp\''],
  ['argparse', 'tool: error: argument command: invalid choice: \'mcp\''],
  ['yargs', 'Unknown argument: mcp'],
] as const) {
  test(`a real CLI rejecting "mcp" in ${style}'s words: its line quoted, the --help without the word offered, no escape codes (exit 3)`, () => {
    const r = runCli(['lock', '--server', `node ${SERVER} ${style} mcp`, ...PATIENT], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes(`its output says it does not know the command or option it was given ("mcp"): "${line}`), r.stderr);
    assert.ok(r.stderr.includes(`see "node ${SERVER} ${style} --help" or its README`), r.stderr);
    assert.not.ok(r.stderr.includes('\\u001b'), r.stderr);
    assert.not.ok(r.stderr.includes('skipped as log output'), r.stderr);
  });
}

test('the same CLI given its serving command locks; one that answered initialize is not told of its command line', () => {
  const r = runCli(['lock', '--server', `node ${SERVER} agentaudit serve`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  const answered = runCli(['lock', '--server', `node ${SERVER} agentaudit serve-then-fail`, ...PATIENT], { cwd: tempDir() });
  assert.is(answered.code, 3, answered.stderr);
  assert.ok(answered.stderr.includes('listing failed'), answered.stderr);
  assert.not.ok(answered.stderr.includes('does not know the command or option'), answered.stderr);
});

test.run();
