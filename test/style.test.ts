import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ROOT } from './helpers/cli.ts';

/** The pure core: values in, values out. */
const CORE = ['src/canonical', 'src/contract', 'src/lockfile', 'src/diff', 'src/scan', 'src/attest', 'src/format', 'src/probe'];
const FORBIDDEN = [
  /from ['"]node:(fs|fs\/promises|child_process|net|http|https|dgram|tls|worker_threads|cluster)['"]/,
  /from ['"]\.\.\/(sources|io|commands)\//,
  /\bprocess\.(env|exit|stdout|stderr|argv|cwd)\b/,
  /\bconsole\.(log|error|warn|info)\(/,
  /\bDate\.now\(\)/,
];

function files(dir: string, out: string[] = []): string[] {
  let names: string[] = [];
  try { names = readdirSync(dir); } catch { return out; }
  for (const n of names) {
    const p = join(dir, n);
    if (statSync(p).isDirectory()) files(p, out);
    else if (n.endsWith('.ts')) out.push(p);
  }
  return out;
}

test('core modules import no I/O: no fs, process, console or clock', () => {
  const offenders: string[] = [];
  for (const dir of CORE) {
    for (const f of files(join(ROOT, dir))) {
      const lines = readFileSync(f, 'utf8').split('\n');
      lines.forEach((line, i) => {
        if (/^\s*(\*|\/\/)/.test(line)) return;
        // Text inside string literals is data (pattern tables name these APIs), not code.
        const code = line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
        for (const re of FORBIDDEN.slice(2)) if (re.test(code)) offenders.push(`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`);
        for (const re of FORBIDDEN.slice(0, 2)) if (re.test(line)) offenders.push(`${relative(ROOT, f)}:${i + 1}: ${line.trim()}`);
      });
    }
  }
  assert.equal(offenders, [], offenders.join('\n'));
});

test('no default exports; relative imports carry .ts; built-ins use node:', () => {
  const problems: string[] = [];
  for (const f of files(join(ROOT, 'src'))) {
    const text = readFileSync(f, 'utf8');
    if (/^export default/m.test(text)) problems.push(`${relative(ROOT, f)}: export default`);
    for (const m of text.matchAll(/^(?:import|export)[^'"\n]*from ['"](\.[^'"]+)['"]/gm)) {
      if (!m[1]!.endsWith('.ts') && !m[1]!.endsWith('.json')) problems.push(`${relative(ROOT, f)}: ${m[1]} lacks .ts`);
    }
    for (const m of text.matchAll(/from ['"](fs|path|os|child_process|crypto|url|util|events|stream|net|http|https|readline|process|module|zlib|tty|assert)(\/[a-z]+)?['"]/g)) {
      problems.push(`${relative(ROOT, f)}: built-in "${m[1]}" without node:`);
    }
  }
  assert.equal(problems, [], problems.join('\n'));
});

test('every exported function in src/ has a JSDoc block and every file a @module', () => {
  const problems: string[] = [];
  for (const f of files(join(ROOT, 'src'))) {
    const text = readFileSync(f, 'utf8');
    if (!/@module/.test(text)) problems.push(`${relative(ROOT, f)}: no @module`);
    const lines = text.split('\n');
    lines.forEach((line, i) => {
      if (!/^export (async )?function /.test(line)) return;
      let j = i - 1;
      while (j >= 0 && /^\s*$/.test(lines[j]!)) j--;
      if (!/\*\/\s*$/.test(lines[j] ?? '')) problems.push(`${relative(ROOT, f)}:${i + 1}: ${line.slice(0, 60)}`);
    });
  }
  assert.equal(problems, [], problems.join('\n'));
});

test('no test is declared after its file\'s test.run(): uvu never runs it and reports nothing', () => {
  const offenders: string[] = [];
  for (const f of files(join(ROOT, 'test')).filter((p) => p.endsWith('.test.ts'))) {
    const text = readFileSync(f, 'utf8');
    const run = text.lastIndexOf('\ntest.run();');
    if (run >= 0 && /^test(\.only)?\(/m.test(text.slice(run + 1))) offenders.push(relative(ROOT, f));
  }
  assert.equal(offenders, []);
});

test.run();
