/**
 * Write recorded baselines into the text of a probe file with `jsonc-parser`'s `modify` and
 * `applyEdits`: only each probe's `baseline` value is replaced (or inserted), so comments,
 * trailing commas and the layout of everything else survive. Comments inside a replaced baseline
 * are lost. Keys of a written baseline are sorted (code-unit order), so recording the same
 * output twice gives the same bytes. A file written on one line keeps it: baselines go in as
 * compact JSON, and nothing else is touched.
 *
 * @module
 */
import { applyEdits, modify } from 'jsonc-parser';
import { sortCodeUnits } from '../canonical/digest.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { callToolOutputJson } from './call-tool-output.ts';
import type { CallToolOutput, JsonObject } from './types.ts';

/** One baseline to write: the probe's index in `probes` and its output. */
export interface BaselineUpdate {
  index: number;
  output: CallToolOutput;
}

function sortedDeep(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(sortedDeep);
  if (value === null || typeof value !== 'object') return value;
  const out: JsonObject = {};
  for (const key of sortCodeUnits(Object.keys(value))) {
    Object.defineProperty(out, key, { value: sortedDeep(value[key]!), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The indentation of the file (two spaces unless it clearly uses tabs or four spaces). */
function detectIndent(text: string): { insertSpaces: boolean; tabSize: number } {
  const first = /\n([ \t]+)\S/.exec(text)?.[1];
  if (first?.startsWith('\t')) return { insertSpaces: false, tabSize: 1 };
  return { insertSpaces: true, tabSize: first !== undefined && first.length % 4 === 0 && first.length >= 4 ? 4 : 2 };
}

/**
 * Replace or insert the `baseline` of the given probes.
 *
 * @param text The probe file text (already validated with `parseProbeFile`).
 * @param updates Which probes (by index) get which output.
 * @returns The new text (identical to `text` when `updates` is empty).
 * @example setBaselines('{ "probes": [{ "id": "a", "tool": "echo" }] }', [{ index: 0, output: { content: [], isError: false } }])
 */
export function setBaselines(text: string, updates: readonly BaselineUpdate[]): string {
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  // A file written on one line stays on one line: `modify` formats the whole line an inserted
  // property lands on, which there is the whole file. Its baselines are written as compact JSON.
  const oneLine = !/[\r\n]/.test(text.trimEnd());
  const formattingOptions = oneLine ? undefined : { ...detectIndent(text), eol };
  let out = text;
  for (const { index, output } of updates) {
    const value = sortedDeep(callToolOutputJson(output));
    out = applyEdits(out, modify(out, ['probes', index, 'baseline'], value, { formattingOptions }));
  }
  return out;
}
