/**
 * The published type declarations, as a TypeScript consumer meets them: built with
 * `tsconfig.build.json` (what `npm pack` ships in `dist/types`), installed under
 * `node_modules/mcpfusion` of a fresh project that has no `@types/node` (web-standard globals
 * only: `lib: es2022, dom`, as under Deno or with a bundler), and imported through every subpath
 * of the exports map under `strict` with `skipLibCheck` off. A public type that leans on Node's
 * global types (`NodeJS.Signals`, `NodeJS.ErrnoException`) fails here.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers/cli.ts';

const TSC = join(ROOT, 'node_modules/typescript/bin/tsc');

test('the declarations type-check in a consumer without @types/node, through every exports-map entry', () => {
  const dir = tempDir('mcpfusion-types-');
  const pkgDir = join(dir, 'node_modules/mcpfusion');
  mkdirSync(pkgDir, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { exports: Record<string, { types?: string }>; dependencies: Record<string, string> };
  writeFileSync(join(pkgDir, 'package.json'), JSON.stringify({ name: 'mcpfusion', type: 'module', exports: pkg.exports }));
  const built = spawnSync(process.execPath, [TSC, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', join(pkgDir, 'dist/types')], { encoding: 'utf8' });
  assert.is(built.status, 0, built.stdout + built.stderr);
  // The package's own dependencies, as npm would install them beside it (with the types they ship).
  for (const dep of Object.keys(pkg.dependencies)) {
    mkdirSync(join(dir, 'node_modules', dep, '..'), { recursive: true });
    symlinkSync(join(ROOT, 'node_modules', dep), join(dir, 'node_modules', dep));
  }

  const subpaths = Object.keys(pkg.exports).filter((k) => pkg.exports[k]!.types !== undefined);
  assert.ok(subpaths.length >= 5, subpaths.join(' '));
  const imports = subpaths.map((k, n) => `import * as m${n} from '${k === '.' ? 'mcpfusion' : `mcpfusion/${k.slice(2)}`}';`);
  writeFileSync(join(dir, 'consumer.ts'), [
    ...imports,
    "import { canonicalize, computeToolDigest, scanSource, type ToolContract } from 'mcpfusion';",
    'export const text: string = canonicalize({ b: 1, a: [true, null] });',
    'export const ids: string[] = scanSource("require(\'fs\')", { file: \'x.js\' }).findings.map((f) => f.id);',
    'export const digest = (t: ToolContract): string => computeToolDigest(t).digest;',
    // docs/probe.md's example: a contract set's tools handed to the judge as they are.
    "import { runProbes, offlineJudge } from 'mcpfusion/probe';",
    'export const probe = (contracts: { tools: Record<string, ToolContract> }) => runProbes([], { adapter: offlineJudge(), contractFor: (p) => contracts.tools[p.tool] ?? null });',
    // The error classes a subpath's functions throw come from that subpath too.
    "import { AttestationError, InputError as AttestInputError, SourceError, verifyCapabilityPin } from 'mcpfusion/attest';",
    "import { InputError as ProbeInputError } from 'mcpfusion/probe';",
    'export const pinned = (d: string) => verifyCapabilityPin(d, { signer: \'hmac\', secret: \'s\' }).catch((e: unknown) => e instanceof AttestationError || e instanceof AttestInputError || e instanceof SourceError);',
    'export const probeError = (e: unknown): boolean => e instanceof ProbeInputError && e.exitCode === 2;',
    `export const all = [${subpaths.map((_, n) => `m${n}`).join(', ')}];`,
    '',
  ].join('\n'));
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({
    compilerOptions: { strict: true, noEmit: true, module: 'nodenext', moduleResolution: 'nodenext', target: 'es2022', lib: ['es2022', 'dom'], types: [], skipLibCheck: false },
    files: ['consumer.ts'],
  }));
  const checked = spawnSync(process.execPath, [TSC, '-p', join(dir, 'tsconfig.json')], { encoding: 'utf8', cwd: dir });
  assert.is(checked.status, 0, checked.stdout + checked.stderr);
});

test.run();
