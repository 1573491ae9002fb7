/**
 * Read or write, from an open call's arguments: a mode string (`open(p, 'w')`, `Path.open('a')`,
 * `ZipFile(f, mode='w')`, `tarfile.open(n, 'w:gz')`) writes when it contains `w`, `a`, `x` or
 * `+`; `os.open` flags write when they name `O_WRONLY`, `O_RDWR`, `O_CREAT`, `O_APPEND`,
 * `O_TRUNC` or `O_EXCL`; a switch (`fileinput.input(f, inplace=True)`) writes when true. A mode,
 * flags or switch that are not a literal count as a write (and say so).
 *
 * @module
 */
import type { FileAccess } from '../types.ts';
import type { PythonModeArgument } from './python-pattern.ts';
import { isOp } from './python-statements.ts';
import { callArguments, foldPython, type PyFoldContext } from './python-fold.ts';

const WRITE_FLAGS = new Set(['O_WRONLY', 'O_RDWR', 'O_CREAT', 'O_APPEND', 'O_TRUNC', 'O_EXCL', 'O_TMPFILE']);

/** The decided access and why. */
export interface ModeAccess {
  access: FileAccess | undefined;
  detail?: string;
}

/**
 * The tokens `[start, end)` of one argument of a call: by keyword, else by position.
 *
 * @param ctx Tokens and bracket pairs.
 * @param open Index of the call's `(`.
 * @param where The argument's position and keyword.
 * @returns The range, `'unknown'` once a `*args` or `**kwargs` comes first, or undefined when absent.
 * @example
 * findArgument(ctx, open, { index: 1, keyword: 'mode' }) // [5, 6] for open(p, 'w')
 */
export function findArgument(ctx: PyFoldContext, open: number, where: { index: number; keyword: string }): [number, number] | 'unknown' | undefined {
  const { tokens, match } = ctx;
  let position = 0;
  for (const [a, b] of callArguments(tokens, match, open)) {
    const t = tokens[a]!;
    if (t.type === 'name' && isOp(tokens[a + 1], '=')) {
      if (t.name === where.keyword) return [a + 2, b];
      continue;
    }
    if (isOp(t, '*') || isOp(t, '**')) return 'unknown';
    if (position++ === where.index) return [a, b];
  }
  return undefined;
}

/**
 * Decide read or write from a call's mode or flags argument.
 *
 * @param ctx Tokens and folding.
 * @param open Index of the call's `(`, or -1 when the function is taken as a value.
 * @param mode Where the argument is and what it holds.
 * @returns The access and a detail naming the mode.
 * @example
 * accessFromMode(ctx, open, { index: 1, keyword: 'mode', kind: 'mode' }) // { access: 'write', detail: 'mode "w"' }
 */
export function accessFromMode(ctx: PyFoldContext, open: number, mode: PythonModeArgument): ModeAccess {
  if (open < 0) return { access: 'write', detail: `taken as a value: the ${mode.kind} is not known, counted as a write` };
  const range = findArgument(ctx, open, mode);
  if (range === 'unknown') return { access: 'write', detail: `${mode.kind} is not a literal: counted as a write` };
  if (range === undefined) {
    if (mode.kind === 'switch') return { access: 'read', detail: `${mode.keyword} not given` };
    if (mode.kind === 'dbm-flag') return { access: 'write', detail: 'default flag "c" (creates the file)' };
    return mode.kind === 'mode' ? { access: 'read', detail: 'default mode "r"' } : { access: 'write', detail: 'flags not given: counted as a write' };
  }
  const { tokens } = ctx;
  if (mode.kind === 'switch') {
    const t = range[1] === range[0] + 1 ? tokens[range[0]]! : undefined;
    if (t === undefined || !['True', 'False', 'None', '0', '1'].includes(t.value)) return { access: 'write', detail: `${mode.keyword} is not a literal: counted as a write` };
    return { access: t.value === 'True' || t.value === '1' ? 'write' : 'read', detail: `${mode.keyword}=${t.value}` };
  }
  if (mode.kind === 'dbm-flag') {
    const folded = foldPython(ctx, range[0]);
    if (folded === undefined || folded.end !== range[1]) return { access: 'write', detail: 'flag is not a literal: counted as a write' };
    return { access: folded.value.startsWith('r') ? 'read' : 'write', detail: `flag "${folded.value}"` };
  }
  if (mode.kind === 'mode') {
    const folded = foldPython(ctx, range[0]);
    if (folded === undefined || folded.end !== range[1]) return { access: 'write', detail: 'mode is not a literal: counted as a write' };
    return { access: /[wax+]/.test(folded.value) ? 'write' : 'read', detail: `mode "${folded.value}"` };
  }
  const shown = tokens.slice(range[0], range[1]).map((t) => t.value).join(' ').replace(/ \. /g, '.');
  let literal = true;
  let writes = false;
  for (let k = range[0]; k < range[1]; k++) {
    const t = tokens[k]!;
    if (t.type === 'name') {
      if (t.name === 'os' && isOp(tokens[k + 1], '.')) continue;
      if (!/^O_[A-Z_]+$/.test(t.name)) literal = false;
      if (WRITE_FLAGS.has(t.name)) writes = true;
    } else if (t.type === 'number') {
      if (Number(t.value) !== 0) writes = true;
    } else if (!(isOp(t, '|') || isOp(t, '.'))) literal = false;
  }
  if (writes) return { access: 'write', detail: `flags ${shown}` };
  return literal ? { access: 'read', detail: `flags ${shown}` } : { access: 'write', detail: 'flags are not literal constants: counted as a write' };
}
