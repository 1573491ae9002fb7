import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { reorderedItems } from '../../src/diff/reordered-items.ts';
import { reasonFor } from '../../src/diff/messages.ts';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// mcp-time 0.4.0 (Go) lists its predefined formats in Go map order, another on each start, so check
// drifted on every run with a reason cut before the list ("…d Formats\n\n`ANSIC`, `Rubydate`, …")
// that did not say only the order changed, nor what to do (servers22).

test('reorderedItems: the same items between the same separators in another order', () => {
  assert.is(reorderedItems('`a`, `b`, `c`', '`c`, `a`, `b`'), 3);
  assert.is(reorderedItems('x:\na, b\nend', 'x:\nb, a\nend'), 2);
  assert.is(reorderedItems('first line\nsecond line', 'second line\nfirst line'), 2, 'two lines swapped');
  assert.is(reorderedItems('one\ntwo\nsix', 'six\ntwo\none'), 2);
  assert.is(reorderedItems('a, b, c', 'a, b, c'), undefined, 'no change');
  assert.is(reorderedItems('a, b, c', 'a, b, d'), undefined, 'another item');
  assert.is(reorderedItems('ab, cd', 'cd, ab'), 2);
  assert.is(reorderedItems('a, b; c', 'c, b; a'), 2);
  assert.is(reorderedItems('a, b; c', 'a; b, c'), undefined, 'a separator moved');
  assert.is(reorderedItems('Reads the file', 'Raeds the file'), undefined, 'letters within an item are no list');
  assert.is(reorderedItems('a,b,c', 'a,c,b'), 2);
});

test('reorderedItems: a list inside a sentence, the text around it shared (a Python set joined into a description; servers24)', () => {
  assert.is(reorderedItems('Convert to one of: webp, jpeg, gif, png.', 'Convert to one of: gif, png, webp, jpeg.'), 4);
  assert.is(reorderedItems('one of: png, pdf.', 'one of: pdf, png.'), 2, 'items that share their first letter');
  assert.is(reorderedItems('Use png, gif first', 'Use gif, png first'), 2);
  assert.is(reorderedItems('one of: a, b, c.', 'one of: a, b, d.'), undefined, 'another item');
  assert.is(reorderedItems('one of: ab, c.', 'one of: c, ab.'), 2);
  assert.is(reorderedItems('one of: ab, cd.', 'one of: ba, dc.'), undefined, 'letters reordered within items');
});

test('the reason of a description change that only reorders says so; another change does not', () => {
  const args = (before: string, after: string) => ({ subject: 't', field: 'surface.description', before, after });
  const long = (order: string[]) => `The format of the time.\n\n## Predefined Formats\n\n${order.map((f) => `\`${f}\``).join(', ')}\n\n## Custom`;
  const names = ['ANSIC', 'Kitchen', 'RFC1123', 'RFC3339', 'RFC822', 'Stamp'];
  const reason = reasonFor('surface.description-changed', args(long(names), long([...names].reverse())));
  assert.ok(reason.includes('(only the order changed: 6 items of a list, or lines, are at other places'), reason);
  assert.ok(reasonFor('surface.description-changed', args('a, b', 'b, a')).includes('only the order changed: 2 items'));
  assert.not.ok(reasonFor('surface.description-changed', args(long(names), long(['ANSIC', 'Kitchen', 'RFC1123', 'RFC3339', 'RFC822', 'Stamz']))).includes('only the order'));
});

test('check of a server that lists a description\'s items in another order on each start names the reordering', () => {
  const dir = tempDir();
  const server = `${process.execPath} ${join(ROOT, 'test/fixtures/servers/map-order.mjs')}`;
  const limits = ['--start-timeout', '30000', '--handshake-timeout', '30000', '--request-timeout', '30000'];
  assert.is(runCli(['lock', '--server', server, ...limits], { cwd: dir }).code, 0);
  // 8 items: the same order again is 1 in 40320; a few tries make a passing-by-luck run vanishing.
  let drift: ReturnType<typeof runCli> | undefined;
  for (let i = 0; i < 4 && drift === undefined; i++) {
    const r = runCli(['check', '--server', server, ...limits], { cwd: dir });
    if (r.code === 1) drift = r;
    else assert.is(r.code, 0, r.stderr);
  }
  assert.ok(drift !== undefined, 'the order changed in one of four starts');
  assert.match(drift!.stdout, /input \$\.format description changed .* \(only the order changed: \d+ items of a list, or lines, are at other places, as when a server writes them from an unordered collection/);
});

// A Python server that builds a tool's enum and a description's list from a set of strings: Python
// orders them by hashes that change with each start unless PYTHONHASHSEED is set (servers24). Two
// seeds give two orders for certain; the reasons say only the order changed and how to keep one.
const hasPython = spawnSync('python3', ['--version']).status === 0;
test('check of a Python server listing a set: the enum and the sentence are named reordered, with PYTHONHASHSEED', () => {
  if (!hasPython) {
    console.log('  (skipped: no python3)');
    return;
  }
  const dir = tempDir();
  const server = `python3 ${join(ROOT, 'test/fixtures/servers/set_order.py')}`;
  const limits = ['--start-timeout', '30000', '--handshake-timeout', '30000', '--request-timeout', '30000'];
  const run = (command: string, seed: string) => runCli([command, '--server', server, '--server-env', `PYTHONHASHSEED=${seed}`, ...limits], { cwd: dir });
  assert.is(run('lock', '1').code, 0);
  assert.is(run('check', '1').code, 0, 'one seed, one order');
  const drift = run('check', '2');
  assert.is(drift.code, 1, drift.stderr);
  assert.match(drift.stdout, /tool description changed .* \(only the order changed: 6 items of a list, or lines, are at other places, as when a server writes them from an unordered collection .*--server-env PYTHONHASHSEED=0\)/);
  assert.match(drift.stdout, /input \$\.format \(enum\) lists the same values in another order .*: the same values are accepted \(as when a server writes them from an unordered collection such as a Go map or a Python set.*--server-env PYTHONHASHSEED=0\)/);
});

test.run();
