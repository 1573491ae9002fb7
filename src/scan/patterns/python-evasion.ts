/**
 * Evasion heuristics that exist only in Python. Python findings reuse the JavaScript ids where the
 * trick means the same (`evasion.computed-member` for `getattr(os, name)`, `evasion.computed-global`
 * for `globals()[...]`, `evasion.from-char-code` for `chr` joins, `evasion.base64-decode`,
 * `evasion.dynamic-import`, `evasion.obfuscated-name`, `evasion.escape-density`, ...); the rows
 * here have no JavaScript counterpart.
 *
 * @module
 */
import type { EvasionRule } from './evasion.ts';

/** Python-only evasion rule rows. */
export const PYTHON_EVASION_RULES: readonly EvasionRule[] = [
  { id: 'evasion.python-introspection', title: 'Reaches objects through Python introspection (__subclasses__, __globals__, __builtins__ as an attribute, frame globals), the way sandbox escapes find os or Popen without importing them', high: 'a class chain ends in __subclasses__ (().__class__.__bases__[0].__subclasses__())' },
  { id: 'evasion.python-normalized-identifier', title: 'An identifier Python reads as another name after NFKC normalization (ｅval is eval)', high: 'the normalized name is plain ASCII' },
];
