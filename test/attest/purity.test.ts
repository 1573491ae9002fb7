/**
 * `src/attest` is pure core: no file, process, network or console access, no clock reads except
 * through the injected `now` (one documented default in `zero-trust-config.ts`), and no imports
 * of edge modules. Every exported declaration carries JSDoc, and every file has `@module`.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './_cli.ts';

const DIR = join(ROOT, 'src/attest');
const files = readdirSync(DIR).filter((f) => f.endsWith('.ts')).map((f) => ({ f, text: readFileSync(join(DIR, f), 'utf8') }));

test('no I/O built-ins, process, console, Date.now or edge imports', () => {
  assert.ok(files.length >= 10);
  for (const { f, text: source } of files) {
    // Code only: JSDoc examples may mention console or Buffer.
    const text = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    for (const bad of [/from 'node:/, /\bprocess\./, /\bconsole\./, /Date\.now\(/, /from '\.\.\/(sources|io|commands|guard)\//, /\brequire\(/, /\bBuffer\.(from|alloc|concat)/]) {
      assert.not.ok(bad.test(text), `${f} matches ${bad}`);
    }
  }
  const clocks = files.filter(({ text }) => /new Date\(\)/.test(text)).map(({ f }) => f);
  assert.equal(clocks, ['zero-trust-config.ts']);
});

test('every file has @module and every export has a JSDoc block', () => {
  for (const { f, text } of files) {
    assert.match(text, /@module/, `${f} lacks @module`);
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (!/^export (async function|function|const|class|interface|type) (?!\{)/.test(line)) return;
      let j = i - 1;
      while (j >= 0 && lines[j]!.trim() === '') j--;
      assert.ok(lines[j]!.trim().endsWith('*/'), `${f}:${i + 1} "${line.slice(0, 60)}" has no JSDoc`);
    });
  }
});

test.run();
