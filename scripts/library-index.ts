/**
 * The index of library exports at the end of docs/library.md: every name each entry of the
 * package's exports map exports, with its signature as the type checker reads it and the entries
 * that export it. `test/library-index.test.ts` fails when the page differs from what this renders.
 *
 * Usage: `npx tsx scripts/library-index.ts` rewrites the section in docs/library.md;
 * `--check` only compares (exit 1 when it is out of date).
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

const ROOT = new URL('..', import.meta.url).pathname;
/** The heading that starts the generated section; it runs to the end of the page. */
export const INDEX_HEADING = '## Index of exports';

interface Entry { key: string; file: string }

/** The exports map's entries with types, as source files (`./dist/types/src/x.d.ts` → `src/x.ts`). */
export function libraryEntries(root: string = ROOT): Entry[] {
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, string | { types?: string }> };
  return Object.entries(pkg.exports).flatMap(([key, value]) => {
    if (typeof value !== 'object' || value.types === undefined) return [];
    return [{ key: key === '.' ? 'mcpfusion' : `mcpfusion/${key.slice(2)}`, file: value.types.replace(/^\.\/dist\/types\//, '').replace(/\.d\.ts$/, '.ts') }];
  });
}

interface Item { name: string; kind: 'function' | 'class' | 'constant' | 'type'; lines: string[]; entries: string[] }

const FLAGS = ts.TypeFormatFlags.NoTruncation | ts.TypeFormatFlags.UseAliasDefinedOutsideCurrentScope;

function code(text: string): string {
  return text.includes('`') ? `\`\` ${text} \`\`` : `\`${text}\``;
}

/** Render the section (heading included) for the entries under `root`. */
export function renderLibraryIndex(root: string = ROOT): string {
  const entries = libraryEntries(root);
  const program = ts.createProgram(entries.map((e) => join(root, e.file)), {
    module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022,
    allowImportingTsExtensions: true, noEmit: true, strict: true, skipLibCheck: true, types: [],
  });
  const checker = program.getTypeChecker();
  const items = new Map<string, Item>();
  for (const entry of entries) {
    const moduleSymbol = checker.getSymbolAtLocation(program.getSourceFile(join(root, entry.file))!)!;
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const known = items.get(exported.name);
      if (known) { known.entries.push(entry.key); continue; }
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const name = exported.name;
      let item: Item;
      if (symbol.flags & ts.SymbolFlags.Class) {
        const decl = symbol.declarations!.find(ts.isClassDeclaration)!;
        const heritage = decl.heritageClauses?.map((h) => ` ${h.getText()}`).join('') ?? '';
        item = { name, kind: 'class', lines: [`class ${name}${heritage}`], entries: [entry.key] };
      } else if (symbol.flags & (ts.SymbolFlags.Function | ts.SymbolFlags.Variable)) {
        const type = checker.getTypeOfSymbol(symbol);
        const signatures = type.getCallSignatures();
        const isFunction = symbol.flags & ts.SymbolFlags.Function || (signatures.length > 0 && type.getProperties().length === 0);
        item = isFunction
          ? { name, kind: 'function', lines: signatures.map((s) => `${name}${checker.signatureToString(s, undefined, FLAGS)}`), entries: [entry.key] }
          : { name, kind: 'constant', lines: [`${name}: ${checker.typeToString(type, undefined, FLAGS)}`], entries: [entry.key] };
      } else {
        item = { name, kind: 'type', lines: [symbol.flags & ts.SymbolFlags.Interface ? `interface ${name}` : `type ${name}`], entries: [entry.key] };
      }
      items.set(name, item);
    }
  }
  const sorted = [...items.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out = [
    INDEX_HEADING,
    '',
    'Every name the entries export, as the type checker reads the source: the signature and the',
    'entries that export it (`mcpfusion` is the main entry); what each does is in its JSDoc and in the',
    'sections above. Written by `npx tsx scripts/library-index.ts`; `test/library-index.test.ts` fails',
    'when it is out of date. Constants show their type; a constant table is spelled out in its source file.',
  ];
  const sections: [Item['kind'], string][] = [['function', 'Functions'], ['class', 'Classes'], ['constant', 'Constants'], ['type', 'Types and interfaces']];
  for (const [kind, title] of sections) {
    out.push('', `### ${title}`, '');
    for (const item of sorted.filter((i) => i.kind === kind)) {
      const where = item.entries.map((e) => code(e)).join(', ');
      out.push(`- ${item.lines.map(code).join('<br>')} (${where})`);
    }
  }
  return `${out.join('\n')}\n`;
}

/** docs/library.md with its index section replaced by `index`. */
export function withIndex(page: string, index: string): string {
  const at = page.indexOf(`\n${INDEX_HEADING}\n`);
  return `${at < 0 ? `${page.replace(/\n*$/, '\n')}` : page.slice(0, at + 1)}${at < 0 ? '\n' : ''}${index}`;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const path = join(ROOT, 'docs/library.md');
  const page = readFileSync(path, 'utf8');
  const next = withIndex(page, renderLibraryIndex());
  if (process.argv.includes('--check')) {
    if (next !== page) {
      process.stderr.write('docs/library.md: the index of exports is out of date; run npx tsx scripts/library-index.ts\n');
      process.exit(1);
    }
  } else if (next !== page) {
    writeFileSync(path, next);
  }
}
