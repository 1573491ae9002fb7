/**
 * The probe file `mcpfusion.probes.jsonc` (JSON with comments and trailing commas, read with
 * `jsonc-parser`): optional `thresholds`, and `probes`, a list of `{ id, tool, action?,
 * arguments?, description?, baseline? }`.
 *
 * Strict like the config file: a syntax error, an unknown key, a wrong type, a repeated key, a
 * lone surrogate, a number out of range, a repeated probe id or an `action` that contradicts
 * `arguments.action` is an error (exit 2) naming the JSON path, line and column of every problem.
 *
 * @module
 */
import type { Node } from 'jsonc-parser';
import { setOwn } from '../canonical/own.ts';
import { loneSurrogateAt, type JsonValue } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';
import { assertThresholds } from './thresholds.ts';
import { jsonPathOf } from '../canonical/json-path.ts';
import { describeJsoncNode, parseJsoncTree, reportJsoncProblems, uniqueProperties, type JsoncProblem } from '../contract/jsonc-node.ts';
import type { CallToolOutput, JsonObject, Probe, Thresholds } from './types.ts';
import { refuseNonText } from '../canonical/strict-json.ts';

/** The default probe file name, looked up in the working directory. */
export const PROBE_FILE_NAME = 'mcpfusion.probes.jsonc';

/** A validated probe file. */
export interface ProbeFile {
  /** `$schema`, when given. */
  $schema?: string;
  /** Thresholds from the file, when given (flags override them). */
  thresholds?: Thresholds;
  /** The probes, in file order. */
  probes: Probe[];
}

type Problem = JsoncProblem;

const TOP_KEYS = ['$schema', 'thresholds', 'probes'];
const PROBE_KEYS = ['id', 'tool', 'action', 'arguments', 'description', 'baseline'];
const BASELINE_KEYS = ['content', 'structuredContent', 'isError'];
const THRESHOLD_KEYS = ['none', 'low', 'medium'];



/** Convert a parse-tree node to a JSON value, reporting repeated keys, lone surrogates and numbers out of range. */
function toJson(node: Node, path: string, problems: Problem[]): JsonValue {
  switch (node.type) {
    case 'object': {
      const out: JsonObject = {};
      for (const { key, keyNode, valueNode, path: keyPath } of uniqueProperties(node, path, problems)) {
        if (loneSurrogateAt(key) >= 0) problems.push({ offset: keyNode.offset, path: keyPath, message: 'the key holds a lone surrogate' });
        setOwn(out, key, toJson(valueNode, keyPath, problems));
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map((child, i) => toJson(child, jsonPathOf(path, i), problems));
    case 'string': {
      const s = String(node.value);
      if (loneSurrogateAt(s) >= 0) problems.push({ offset: node.offset, path, message: 'the string holds a lone surrogate (\\uD800-\\uDFFF escape without its pair)' });
      return s;
    }
    case 'number': {
      const n = node.value as number;
      // JSON may write 1e999; no double holds it, and tools/call would send it as null.
      if (!Number.isFinite(n)) problems.push({ offset: node.offset, path, message: 'the number is out of range (beyond ±1.7976931348623157e308); write a smaller number, or a string' });
      return n;
    }
    case 'boolean':
      return node.value as boolean;
    default:
      return null;
  }
}

/** Children of an object node as `[key, keyNode, valueNode]`, reporting unknown keys. */
function fields(node: Node, path: string, known: string[], problems: Problem[]): Map<string, Node> {
  const out = new Map<string, Node>();
  for (const property of node.children ?? []) {
    const [keyNode, valueNode] = property.children ?? [];
    if (!keyNode || !valueNode) continue;
    const key = String(keyNode.value);
    if (!known.includes(key)) {
      problems.push({ offset: keyNode.offset, path: jsonPathOf(path, key), message: `unknown key; expected one of ${known.join(', ')}` });
      continue;
    }
    if (!out.has(key)) out.set(key, valueNode); // a repeated key is reported by toJson
  }
  return out;
}

function expectType(node: Node | undefined, type: Node['type'], what: string, path: string, problems: Problem[], at: Node): boolean {
  if (!node) {
    problems.push({ offset: at.offset, path, message: `missing; expected ${what}` });
    return false;
  }
  if (node.type !== type) {
    problems.push({ offset: node.offset, path, message: `expected ${what}, found ${describeJsoncNode(node)}` });
    return false;
  }
  return true;
}

function nonEmptyString(node: Node | undefined, path: string, problems: Problem[], at: Node, required: boolean): string | undefined {
  if (!node && !required) return undefined;
  if (!expectType(node, 'string', 'a non-empty string', path, problems, at)) return undefined;
  const s = String(node!.value);
  if (s.trim() === '') {
    problems.push({ offset: node!.offset, path, message: 'expected a non-empty string' });
    return undefined;
  }
  return s;
}

function readBaseline(node: Node, path: string, problems: Problem[]): CallToolOutput | undefined {
  if (!expectType(node, 'object', 'an object { content, structuredContent?, isError? }', path, problems, node)) return undefined;
  const f = fields(node, path, BASELINE_KEYS, problems);
  const contentNode = f.get('content');
  let ok = expectType(contentNode, 'array', 'an array of content blocks', jsonPathOf(path, 'content'), problems, node);
  if (ok) {
    (contentNode!.children ?? []).forEach((block, i) => {
      const blockPath = jsonPathOf(jsonPathOf(path, 'content'), i);
      if (!expectType(block, 'object', 'a content block (an object with a string "type")', blockPath, problems, block)) {
        ok = false;
        return;
      }
      const type = (block.children ?? []).find((p) => p.children?.[0]?.value === 'type')?.children?.[1];
      if (!expectType(type, 'string', 'a string (the block type, e.g. "text")', jsonPathOf(blockPath, 'type'), problems, block)) ok = false;
    });
  }
  const isErrorNode = f.get('isError');
  if (isErrorNode && !expectType(isErrorNode, 'boolean', 'true or false', jsonPathOf(path, 'isError'), problems, node)) ok = false;
  if (!ok) return undefined;
  const out: CallToolOutput = {
    content: toJson(contentNode!, jsonPathOf(path, 'content'), problems) as JsonValue[],
    isError: isErrorNode?.value === true,
  };
  const structured = f.get('structuredContent');
  if (structured) out.structuredContent = toJson(structured, jsonPathOf(path, 'structuredContent'), problems);
  return out;
}

function readThresholds(node: Node, problems: Problem[], shown: string): Thresholds | undefined {
  const path = '$.thresholds';
  if (!expectType(node, 'object', 'an object { none, low, medium }', path, problems, node)) return undefined;
  const f = fields(node, path, THRESHOLD_KEYS, problems);
  const values: Partial<Thresholds> = {};
  for (const key of THRESHOLD_KEYS as (keyof Thresholds)[]) {
    const v = f.get(key);
    if (expectType(v, 'number', 'a number from 0 to 1', jsonPathOf(path, key), problems, node)) values[key] = v!.value as number;
  }
  if (values.none === undefined || values.low === undefined || values.medium === undefined) return undefined;
  try {
    return assertThresholds(values as Thresholds, `thresholds in "${shown}"`);
  } catch (error) {
    problems.push({ offset: node.offset, path, message: (error as Error).message.replace(/^Invalid thresholds in "[^"]*": /, '') });
    return undefined;
  }
}

function readProbe(node: Node, index: number, problems: Problem[], ids: Map<string, number>): Probe | undefined {
  const path = jsonPathOf('$.probes', index);
  if (!expectType(node, 'object', 'a probe object { id, tool, arguments?, … }', path, problems, node)) return undefined;
  const f = fields(node, path, PROBE_KEYS, problems);
  const before = problems.length;
  const id = nonEmptyString(f.get('id'), jsonPathOf(path, 'id'), problems, node, true);
  if (id !== undefined) {
    const first = ids.get(id);
    if (first !== undefined) problems.push({ offset: f.get('id')!.offset, path: jsonPathOf(path, 'id'), message: `the id ${JSON.stringify(id)} is already used by $.probes[${first}]; ids must be unique` });
    else ids.set(id, index);
  }
  const tool = nonEmptyString(f.get('tool'), jsonPathOf(path, 'tool'), problems, node, true);
  const action = nonEmptyString(f.get('action'), jsonPathOf(path, 'action'), problems, node, false);
  const description = f.get('description');
  if (description) expectType(description, 'string', 'a string', jsonPathOf(path, 'description'), problems, node);
  const argsNode = f.get('arguments');
  let args: JsonObject = {};
  if (argsNode && expectType(argsNode, 'object', 'an object (the tools/call arguments)', jsonPathOf(path, 'arguments'), problems, node)) {
    args = toJson(argsNode, jsonPathOf(path, 'arguments'), problems) as JsonObject;
    const given = args['action'];
    if (action !== undefined && action !== 'default' && given !== undefined && given !== action) {
      problems.push({ offset: argsNode.offset, path: jsonPathOf(jsonPathOf(path, 'arguments'), 'action'), message: `is ${JSON.stringify(given)}, but the probe's action is ${JSON.stringify(action)}; give one of them` });
    }
  }
  const baselineNode = f.get('baseline');
  const baseline = baselineNode ? readBaseline(baselineNode, jsonPathOf(path, 'baseline'), problems) : undefined;
  if (problems.length > before || id === undefined || tool === undefined) return undefined;
  const probe: Probe = { id, tool, arguments: args };
  if (action !== undefined) probe.action = action;
  if (description) probe.description = String(description.value);
  if (baseline) probe.baseline = baseline;
  return probe;
}

function report(text: string, shown: string, problems: Problem[]): never {
  return reportJsoncProblems(text, 'probe file', shown, problems);
}

/**
 * Parse and validate the text of a probe file.
 *
 * @param text The file content (JSONC).
 * @param shown The file name for messages.
 * @returns The thresholds (when given) and the probes in file order.
 * @throws {InputError} On syntax errors, unknown keys, wrong types, repeated keys or ids; every problem with its JSON path, line and column.
 * @example parseProbeFile('{ "probes": [{ "id": "a", "tool": "echo", "arguments": { "message": "hi" } }] }', 'p.jsonc').probes[0].tool // 'echo'
 */
export function parseProbeFile(text: string, shown: string): ProbeFile {
  if (typeof text !== 'string') refuseNonText(text, `probe file ${JSON.stringify(shown)}`, 'the text of a JSON or JSONC document');
  if (text.trim() === '') report(text, shown, [{ offset: 0, path: '$', message: 'the file is empty; expected an object with "probes"' }]);
  const tree = parseJsoncTree(text, 'probe file', shown, 'the file is empty; expected an object with "probes"');
  const problems: Problem[] = [];
  if (!expectType(tree, 'object', 'an object with "probes"', '$', problems, tree)) report(text, shown, problems);
  toJson(tree, '$', problems); // reports repeated keys, lone surrogates and numbers out of range anywhere
  const f = fields(tree, '$', TOP_KEYS, problems);
  const file: ProbeFile = { probes: [] };
  const schema = f.get('$schema');
  if (schema && expectType(schema, 'string', 'a string', '$.$schema', problems, tree)) file.$schema = String(schema.value);
  const thresholds = f.get('thresholds');
  if (thresholds) {
    const t = readThresholds(thresholds, problems, shown);
    if (t) file.thresholds = t;
  }
  const probesNode = f.get('probes');
  if (expectType(probesNode, 'array', 'an array of probes', '$.probes', problems, tree)) {
    const ids = new Map<string, number>();
    (probesNode!.children ?? []).forEach((node, i) => {
      const probe = readProbe(node, i, problems, ids);
      if (probe) file.probes.push(probe);
    });
  }
  if (problems.length > 0) {
    const unique = new Map(problems.map((p) => [`${p.offset}:${p.path}:${p.message}`, p]));
    report(text, shown, [...unique.values()]);
  }
  return file;
}

/**
 * The arguments a probe sends to `tools/call`: its `arguments`, plus `action` when the probe names
 * an action other than `default` and the arguments do not hold it already.
 *
 * @param probe The probe.
 * @returns The `tools/call` arguments.
 * @example probeCallArguments({ id: 'a', tool: 'billing', action: 'refund', arguments: { id: 1 } }) // { id: 1, action: 'refund' }
 */
export function probeCallArguments(probe: Probe): JsonObject {
  if (probe.action === undefined || probe.action === 'default' || probe.arguments['action'] !== undefined) return probe.arguments;
  return { ...probe.arguments, action: probe.action };
}
