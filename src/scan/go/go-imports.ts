/**
 * Import declarations of a Go file: `import "os"`, `import x "os/exec"`, `import . "os"`,
 * `import _ "net/http/pprof"`, `import "C"` and grouped `import ( … )`. Each becomes a spec with the
 * name the file refers to the package by (the alias, or the conventional name of the path) and an
 * import record: `builtin` for the standard library (and cgo's `C`), `package` otherwise (the
 * module-local ones among them are told apart by `scan-files.ts`, which reads `go.mod`).
 *
 * @module
 */
import type { ImportRecord } from '../types.ts';
import type { GoToken } from './go-tokenize.ts';
import { goDefaultImportName, isGoStdlib } from './go-files.ts';

/** One import spec. */
export interface GoImportSpec {
  /** The import path. */
  path: string;
  /** How it is imported: `named` (alias or default name), `dot` (members become bare names), `blank` (only its init runs). */
  form: 'named' | 'dot' | 'blank';
  /** The name the file uses (`exec`, the alias); '' for dot and blank imports. */
  name: string;
  /** Whether the spec names the package itself (`x "os/exec"`, `. "os"`, `_ "pq"`) rather than using its package clause. */
  aliased: boolean;
  /** Index of the path's string token. */
  index: number;
  record: ImportRecord;
}

/**
 * Read every import declaration.
 *
 * @param tokens The file's tokens.
 * @returns The import specs in source order.
 * @example
 * readGoImports(tokenizeGo('import (\n\tx "os/exec"\n)\n').tokens)[0] // { path: 'os/exec', form: 'named', name: 'x', … }
 */
export function readGoImports(tokens: readonly GoToken[]): GoImportSpec[] {
  const specs: GoImportSpec[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'ident' || t.value !== 'import' || tokens[k - 1]?.value === '.') continue;
    if (tokens[k + 1]?.value !== '(' || tokens[k + 1]?.type !== 'op') {
      spec(tokens, k + 1, specs);
      continue;
    }
    let p = k + 2;
    while (p < tokens.length && !(tokens[p]!.type === 'op' && tokens[p]!.value === ')')) {
      const next = spec(tokens, p, specs);
      p = next > p ? next : p + 1;
    }
    k = p;
  }
  return specs;
}

/** One spec at `p` (`[name|.|_] "path"`); returns the index after it, or `p` when there is none. */
function spec(tokens: readonly GoToken[], p: number, out: GoImportSpec[]): number {
  const first = tokens[p];
  if (first === undefined) return p;
  let alias: string | undefined;
  let at = p;
  if (first.type === 'ident' || (first.type === 'op' && first.value === '.')) {
    alias = first.value;
    at = p + 1;
  }
  const path = tokens[at];
  if (path?.type !== 'string') return p;
  const form = alias === '.' ? 'dot' : alias === '_' ? 'blank' : 'named';
  const name = form === 'named' ? (alias ?? goDefaultImportName(path.value)) : '';
  const record: ImportRecord = { specifier: path.value, kind: isGoStdlib(path.value) ? 'builtin' : 'package', typeOnly: false, line: path.line, column: path.column };
  out.push({ path: path.value, form, name, aliased: alias !== undefined, index: at, record });
  return at + 1 + (tokens[at + 1]?.value === ';' ? 1 : 0);
}
