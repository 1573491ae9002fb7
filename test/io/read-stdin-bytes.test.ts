/**
 * A document piped to a command (`cat doc | mcpfusion diff - new.json`, `… | mcpfusion
 * canonicalize`) is held once, as a file redirected to stdin is. Before, a pipe was read as stream
 * chunks kept in a list and joined at the end: at the join the input was there twice, and the
 * joined bytes then stayed beside the text decoded from them (64 MB piped to `diff -` peaked about
 * 60 MiB above the same file redirected). Measured as the peak resident memory of the real CLI in
 * a child process, beside a floor run in the same test: the same command with the file redirected.
 * The output is byte for byte the floor's; a non-blocking stdin is read whole too.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BUNDLE, tempDir } from '../helpers/cli.ts';

const dir = tempDir('mcpfusion-stdin-bytes-');
// A tools/list document of 48 MiB, most of it the whitespace of a layout, with text in several
// scripts (two- and four-byte UTF-8 sequences split across reads): cheap to parse, so the input's
// own bytes and text are most of what the command holds.
const SIZE = 48 * 1024 * 1024;
const head = JSON.stringify({ tools: [{ name: 'café', description: 'Grüße 😀 — 東京', inputSchema: { type: 'object', properties: { a: { type: 'string' } } } }] });
writeFileSync(join(dir, 'doc.json'), head.slice(0, -1) + ' \n'.repeat((SIZE - head.length) / 2) + '}');
writeFileSync(join(dir, 'new.json'), JSON.stringify({ tools: [] }));
// Loaded before the CLI: its peak resident memory (KiB) on stderr as it exits.
writeFileSync(join(dir, 'peak.mjs'), 'import { writeSync } from "node:fs";\nprocess.on("exit", () => writeSync(2, `\\npeak-kib ${process.resourceUsage().maxRSS}\\n`));\n');

interface Run { code: number | null; stdout: string; stderr: string; peakMiB: number }

/** Run the CLI with doc.json on stdin: redirected (a file), through `cat |` (a pipe) or written by this process (a socket). */
function run(args: string[], stdin: 'file' | 'pipe' | 'socket'): Run {
  const node = [process.execPath, '--import', join(dir, 'peak.mjs'), BUNDLE, ...args];
  const fd = stdin === 'file' ? openSync(join(dir, 'doc.json'), 'r') : undefined;
  try {
    const r = stdin === 'pipe'
      ? spawnSync('sh', ['-c', 'cat doc.json | "$@"', 'sh', ...node], { cwd: dir, encoding: 'utf8', timeout: 300_000 })
      : spawnSync(node[0]!, node.slice(1), {
        cwd: dir, encoding: 'utf8', timeout: 300_000,
        ...(fd !== undefined ? { stdio: [fd, 'pipe', 'pipe'] } : { input: readDoc() }),
      });
    const m = /\npeak-kib (\d+)\n$/.exec(r.stderr);
    assert.ok(m, `no peak written: ${r.stderr.slice(0, 500)}`);
    return { code: r.status, stdout: r.stdout, stderr: r.stderr.slice(0, m!.index), peakMiB: Number(m![1]) / 1024 };
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
let doc: Buffer | undefined;
const readDoc = (): Buffer => (doc ??= readFileSync(join(dir, 'doc.json')));

for (const [name, args, code] of [
  ['canonicalize', ['canonicalize'], 0],
  ['diff - new.json', ['diff', '-', 'new.json', '--format', 'json'], 1],
] as const) {
  test(`${name}: 48 MiB piped or written to stdin peaks no higher than redirected (within a quarter of its size), with the same output`, () => {
    const floor = run([...args], 'file');
    assert.is(floor.code, code, floor.stderr);
    for (const stdin of ['pipe', 'socket'] as const) {
      const r = run([...args], stdin);
      assert.is(r.code, code, `${stdin}: ${r.stderr}`);
      assert.is(r.stdout, floor.stdout, stdin);
      assert.is(r.stderr, floor.stderr, stdin);
      const over = r.peakMiB - floor.peakMiB;
      assert.ok(over < SIZE / 4 / 1024 / 1024, `${stdin}: peak ${r.peakMiB.toFixed(0)} MiB, ${over.toFixed(0)} MiB above the redirected file's ${floor.peakMiB.toFixed(0)} MiB`);
    }
    if (name === 'canonicalize') assert.ok(floor.stdout.includes('"description":"Grüße 😀 — 東京"'), floor.stdout.slice(0, 300));
  });
}

test('diff - of 5 MiB piped with a byte-order mark, with and without a "schemas" key (moved into plain bytes, or decoded straight from the buffer): the report of the file redirected', () => {
  for (const key of ['schemas', 'other']) {
    const tool = (i: number) => ({ name: `t${i}`, description: `é ${'x'.repeat(5000)}`, inputSchema: { type: 'object', properties: { [key]: { type: 'string' } } } });
    const body = JSON.stringify({ tools: Array.from({ length: 1000 }, (_, i) => tool(i)) });
    writeFileSync(join(dir, 'doc.json'), Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(body)]));
    doc = undefined;
    const floor = run(['diff', '-', 'new.json', '--format', 'json'], 'file');
    assert.is(floor.code, 1, floor.stderr);
    assert.ok(floor.stdout.includes('"t999"'), floor.stdout.slice(0, 300));
    for (const stdin of ['pipe', 'socket'] as const) {
      const r = run(['diff', '-', 'new.json', '--format', 'json'], stdin);
      assert.is(r.stdout, floor.stdout, `${key} ${stdin}`);
      assert.is(r.stderr, floor.stderr, `${key} ${stdin}`);
    }
  }
});

// A stdin left non-blocking by whoever set it up (a read would wait: EAGAIN) is read as the stream,
// from where the direct reads stopped. Python sets that up: Node's spawn makes stdio blocking again.
const hasPython = spawnSync('python3', ['--version']).status === 0;
test('a non-blocking pipe on stdin, written slowly, is read whole', () => {
  if (!hasPython) {
    console.log('skipped: no python3 to give the command a non-blocking stdin');
    return;
  }
  const script = [
    'import os, fcntl, subprocess, sys, time',
    'r, w = os.pipe()',
    'fcntl.fcntl(r, fcntl.F_SETFL, fcntl.fcntl(r, fcntl.F_GETFL) | os.O_NONBLOCK)',
    'p = subprocess.Popen(sys.argv[1:], stdin=r, stdout=subprocess.PIPE, stderr=subprocess.PIPE)',
    'os.close(r)',
    'time.sleep(0.5)',
    'for part in [b\'{"b":"\\xc3\', b\'\\xa9","a":\', b\'[1,2]}\']:',
    '    os.write(w, part); time.sleep(0.2)',
    'os.close(w)',
    'out, err = p.communicate()',
    'sys.stdout.write(out.decode() + "|" + err.decode() + "|" + str(p.returncode))',
  ].join('\n');
  const r = spawnSync('python3', ['-c', script, process.execPath, BUNDLE, 'canonicalize'], { encoding: 'utf8', timeout: 120_000 });
  assert.is(r.stdout, '{"a":[1,2],"b":"é"}||0', r.stderr);
});

test.run();
