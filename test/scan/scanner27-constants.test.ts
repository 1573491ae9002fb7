/**
 * Scanner27: a Go or Rust command named by a string constant (`const cmd = "curl"; exec.Command(cmd,
 * …)`, `let tool = "curl"; Command::new(tool).arg(url)`) gets the command rows a literal gets
 * (src/scan/call-command.ts, compiledConstantsOf): a name bound once to a written string and never
 * bound or assigned again anywhere in the file. A name assigned again, declared twice, a loop's, a
 * parameter or a pattern's gives none. Files in test/fixtures/scan/scanner27/constants.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { fileURLToPath } from 'node:url';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceSync } from './_read-source.ts';

const root = fileURLToPath(new URL('../fixtures/scan/scanner27/constants/', import.meta.url));
const COMMAND_ROWS = new Set(['network.command-download', 'code-evaluation.command-remote-code', 'network.command-package-install']);
/** The command rows of scanning one file, as `line:column id identifier`, sorted. */
const rows = async (file: string): Promise<string[]> => (await scanFiles([root + file], { readSource: readSourceSync })).findings
  .filter((f) => COMMAND_ROWS.has(f.id)).map((f) => `${f.line}:${f.column} ${f.id} ${f.identifier}`).sort();

test('Go: a const group line, a var with its type, a function\'s const; not a name assigned again, a loop\'s, a parameter, one declared twice', async () => {
  assert.equal(await rows('main.go'), [
    '16:2 network.command-download command:wget',
    '17:2 network.command-download command:curl',
    '18:2 code-evaluation.command-remote-code command:curl|sh',
    '18:2 network.command-download command:curl',
  ]);
});

test('Rust: a const, a let for the program, its URL and a shell line; not a name a pattern shadows, one assigned again, a closure\'s parameter', async () => {
  assert.equal(await rows('main.rs'), [
    '10:5 code-evaluation.command-remote-code command:curl|sh',
    '10:5 network.command-download command:curl',
    '5:5 network.command-download command:wget',
    '8:5 network.command-download command:curl',
  ]);
});

test.run();
