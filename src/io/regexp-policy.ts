/**
 * The CLI's V8 setting for regular expressions. By default V8 runs a pattern's first executions in
 * its bytecode interpreter and compiles machine code later, per text encoding (Latin-1 or two bytes
 * a character), and once it has compiled about a megabyte of pattern code it compiles the rest
 * without its optimizations. The surface scan's rule patterns are many and large: after English
 * texts, an Armenian, Georgian, Cyrillic, CJK or Arabic text ran every pattern compiled late and
 * unoptimized (conceal-from-user's parts: 1,133 ms on 3,000 Armenian words against 1 ms compiled
 * early). Compiled straight to machine code (`--no-regexp-tier-up`) they are not: the held-out and
 * benign surface texts (1,466) scan in 2.0 s of processor time instead of 7.6 s, the same 749 findings.
 *
 * @module
 */
import * as v8 from 'node:v8';

/**
 * Have V8 compile each regular expression to machine code on its first use (`--no-regexp-tier-up`).
 * Call it before any pattern runs: one already run stays in the interpreter. Only in Node; Bun
 * (JavaScriptCore) and Deno keep their own engines' ways, and a library caller its own flags.
 *
 * @returns Whether the setting was made.
 * @example useCompiledRegExps()
 */
export function useCompiledRegExps(): boolean {
  const runtime = globalThis as { Bun?: unknown; Deno?: unknown };
  if (runtime.Bun !== undefined || runtime.Deno !== undefined || typeof v8.setFlagsFromString !== 'function') return false;
  v8.setFlagsFromString('--no-regexp-tier-up');
  return true;
}
