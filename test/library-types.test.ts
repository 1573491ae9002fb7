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
import { join, relative } from 'node:path';
import ts from 'typescript';
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

  // Every named type a consumer meets in an export's signature (a parameter, a return value, a property of either,
  // a union member, a type argument) can be named: some entry exports it. A type that only an internal module
  // declares leaves the caller to write `import('mcpfusion/dist/types/src/…')` or to copy it.
  const unnamed = unnameableTypes(join(dir, 'consumer.ts'), pkgDir, subpaths.length);
  assert.equal(unnamed, [], `types reachable from the exports that no entry exports:\n${unnamed.join('\n')}`);
});

/** The named types declared under `pkgDir` that an export of an entry reaches and no entry exports, as `Name (file) <- where`. */
function unnameableTypes(consumer: string, pkgDir: string, entries: number): string[] {
  const program = ts.createProgram([consumer], {
    strict: true, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'], types: [], noEmit: true,
  });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(consumer)!;
  const modules = source.statements.filter(ts.isImportDeclaration).slice(0, entries).map((s) => checker.getSymbolAtLocation(s.moduleSpecifier)!);
  const resolve = (s: ts.Symbol): ts.Symbol => (s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s);
  const exported = new Set(modules.flatMap((m) => checker.getExportsOfModule(m).map(resolve)));
  const ours = (d: ts.Declaration): boolean => d.getSourceFile().fileName.startsWith(pkgDir);
  const found = new Map<string, string>();
  const seen = new Set<ts.Type>();
  const visit = (t: ts.Type, where: string, depth: number): void => {
    if (depth > 10 || seen.has(t)) return;
    seen.add(t);
    const sym = t.aliasSymbol ?? t.getSymbol();
    const decls = sym?.declarations ?? [];
    const named = sym !== undefined && (sym.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias | ts.SymbolFlags.Class | ts.SymbolFlags.Enum)) !== 0;
    if (named && decls.some(ours) && !exported.has(sym)) {
      found.set(`${sym.name} (${relative(pkgDir, decls[0]!.getSourceFile().fileName)})`, where);
    }
    for (const a of t.aliasTypeArguments ?? []) visit(a, where, depth + 1);
    if (t.isUnionOrIntersection()) for (const u of t.types) visit(u, where, depth + 1);
    if (!(t.flags & ts.TypeFlags.Object)) return;
    if ((t as ts.ObjectType).objectFlags & ts.ObjectFlags.Reference) for (const a of checker.getTypeArguments(t as ts.TypeReference)) visit(a, where, depth + 1);
    if (decls.length > 0 && !decls.some(ours)) return; // a type of the language or of a dependency: not ours to export
    for (const sig of [...t.getCallSignatures(), ...t.getConstructSignatures()]) {
      for (const p of sig.getParameters()) visit(checker.getTypeOfSymbol(p), `${where}(${p.name})`, depth + 1);
      visit(sig.getReturnType(), `${where}()`, depth + 1);
    }
    for (const p of t.getProperties()) if (p.declarations?.some(ours)) visit(checker.getTypeOfSymbol(p), `${where}.${p.name}`, depth + 1);
    const index = t.getStringIndexType();
    if (index !== undefined) visit(index, `${where}[string]`, depth + 1);
  };
  for (const m of modules) {
    for (const s of checker.getExportsOfModule(m)) {
      const target = resolve(s);
      if (target.flags & ts.SymbolFlags.Value) visit(checker.getTypeOfSymbol(target), s.name, 0);
      if (target.flags & ts.SymbolFlags.Type) visit(checker.getDeclaredTypeOfSymbol(target), s.name, 0);
    }
  }
  return [...found].map(([type, where]) => `${type} <- ${where}`).sort();
}

test.run();
