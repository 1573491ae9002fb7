/**
 * Every TypeScript example in README.md and docs/*.md type-checks against the library as shipped
 * (`mcpfusion` and its subpaths resolved to the entry modules of the exports map), under `strict`.
 * An example's free names (a secret, a digest, the caller's own client) are declared per block
 * with the type the caller would have; nothing else is added to the example's text.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers/cli.ts';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');
const PAGES = ['README.md', ...readdirSync(join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).sort().map((f) => `docs/${f}`)];

/** What an example leaves to its reader, by the page and the example's first import line. */
const FREE_NAMES: Record<string, string> = {
  'docs/attest.md': [
    'declare const serverDigest: string, currentDigest: string, expectedDigest: string, integrityDigest: string;',
    'declare const secret: string, serverName: string, pem: string, toolCount: number;',
    'declare const tools: Record<string, string>;',
    'declare const publicKey: Uint8Array;',
  ].join('\n'),
  'docs/diff.md': "import type { ContractSet } from 'mcpfusion';\ndeclare const lockedSet: ContractSet, currentSet: ContractSet;",
  'docs/probe.md': [
    "import type { ContractSet, CallToolOutput } from 'mcpfusion';",
    'declare function callMyModel(prompt: string): Promise<string>;',
    'declare const text: string, contracts: ContractSet;',
    'declare const myClient: { callTool(params: { name: string; arguments?: Record<string, unknown> }, schema: undefined, options: { signal: AbortSignal }): Promise<CallToolOutput> };',
  ].join('\n'),
  'docs/sources.md': 'declare const text: string;',
};

interface Example { page: string; line: number; code: string }
function examples(): Example[] {
  const out: Example[] = [];
  for (const page of PAGES) {
    const lines = readFileSync(join(ROOT, page), 'utf8').split('\n');
    for (let i = 0; i < lines.length; i++) {
      if (!/^```(ts|typescript)\s*$/.test(lines[i]!)) continue;
      const start = i + 1;
      while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1]!)) i++;
      out.push({ page, line: start, code: lines.slice(start, i + 1).join('\n') });
      i++;
    }
  }
  return out;
}

test('every TypeScript example in the README and docs type-checks against the library entries', () => {
  const all = examples();
  assert.ok(all.length >= 5, `only ${all.length} examples found`);
  const dir = tempDir('mcpfusion-doc-examples-');
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string }> };
  const paths: Record<string, string[]> = {};
  for (const [key, entry] of Object.entries(pkg.exports)) {
    if (typeof entry !== 'object' || !entry.types) continue;
    const source = join(ROOT, entry.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts'));
    paths[key === '.' ? 'mcpfusion' : `mcpfusion/${key.slice(2)}`] = [source];
  }
  assert.ok(Object.keys(paths).length >= 6, Object.keys(paths).join(' '));
  const files = all.map((ex, n) => {
    const name = `example-${n}.ts`;
    // An example is a module (top-level await); its own imports come first, the free names after.
    const imports = ex.code.match(/^import[\s\S]*?from '[^']+';\n?/gm) ?? [];
    const body = imports.reduce((text, imp) => text.replace(imp, ''), ex.code);
    writeFileSync(join(dir, name), `// ${ex.page}:${ex.line}\n${imports.join('')}${FREE_NAMES[ex.page] ?? ''}\n${body}\nexport {};\n`);
    return name;
  });
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'es2022', module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true,
      allowImportingTsExtensions: true, skipLibCheck: true, types: ['node'], typeRoots: [join(ROOT, 'node_modules/@types')],
      baseUrl: '.', paths, noUnusedLocals: false,
    },
    files,
  }));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  const r = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', cwd: dir });
  // Name the page and line of a failing example rather than the temporary file.
  const report = (r.stdout + r.stderr).replace(/example-(\d+)\.ts\((\d+),(\d+)\)/g, (_m, n: string, l: string) => {
    const ex = all[Number(n)]!;
    const written = readFileSync(join(dir, `example-${n}.ts`), 'utf8').split('\n');
    const text = written[Number(l) - 1] ?? '';
    return `${ex.page} (example at line ${ex.line}): ${JSON.stringify(text.trim())}`;
  });
  assert.is(r.status, 0, report);
});

test.run();
