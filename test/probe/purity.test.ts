/**
 * `src/probe` is pure core: no Node I/O built-ins, no edge modules, no process, console or clock;
 * I/O (the MCP session, the judge process) arrives as injected functions. Same rules as
 * test/style.test.ts applies to the other core folders.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';

const FORBIDDEN = [
  /from ['"]node:(fs|fs\/promises|child_process|net|http|https|dgram|dns|tls|worker_threads|cluster)['"]/,
  /from ['"]\.\.\/(sources|io|commands)\//,
  /\bprocess\.\w+/,
  /\bconsole\.\w+\(/,
  /\bDate\.now\(\)|new Date\(/,
  /\bfetch\(|WebSocket|XMLHttpRequest/,
];

test('src/probe imports no I/O and touches no process, console, clock or network API', () => {
  const dir = join(ROOT, 'src/probe');
  const files = readdirSync(dir).filter((n) => n.endsWith('.ts'));
  assert.ok(files.length >= 10, 'the probe core is there');
  const offenders: string[] = [];
  for (const name of files) {
    readFileSync(join(dir, name), 'utf8').split('\n').forEach((line, i) => {
      if (/^\s*(\*|\/\/|\/\*\*)/.test(line)) return;
      const code = line.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"|`(?:[^`\\]|\\.)*`/g, "''");
      for (const re of FORBIDDEN.slice(0, 2)) if (re.test(line)) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
      for (const re of FORBIDDEN.slice(2)) if (re.test(code)) offenders.push(`${name}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.equal(offenders, [], offenders.join('\n'));
});

test.run();
