/**
 * Whether a JSON Schema accepts a value, for `heal` to tell a failed call whose arguments break
 * the tool's current input schema (a failure the changed contract plausibly explains) from one
 * whose arguments meet it (the tool failed for another reason). Three answers: `valid`,
 * `invalid`, or `unknown` when the schema holds what this reader does not evaluate (a `$ref`
 * outside the document, a `$dynamicRef`, `unevaluatedProperties`, a pattern JavaScript cannot
 * compile, a format it does not know, nesting past {@link MAX_DEPTH}); a caller that must not
 * miss a failure reads `unknown` as `invalid`.
 *
 * The keywords of drafts 4 to 2020-12 that decide validity are read: `type`, `enum`, `const`,
 * the numeric and string bounds, `multipleOf`, `pattern`, `format` (date-time, date, time,
 * email, uri, uuid, ipv4, ipv6; on numbers int32, int64, float, double; any other format is
 * `unknown`), `items` (schema or array),
 * `prefixItems`, `additionalItems`, `contains` with `minContains`/`maxContains`, `uniqueItems`,
 * `properties`, `required`, `additionalProperties`, `patternProperties`, `propertyNames`,
 * `minProperties`/`maxProperties`, `dependentRequired`, `dependencies`, `dependentSchemas`,
 * `allOf`/`anyOf`/`oneOf`/`not`, `if`/`then`/`else`, and `$ref` to a JSON pointer in the same
 * document (`#/$defs/x`, `#/definitions/x`, `#`). Annotations are ignored.
 *
 * @module
 */

/** The answer. */
export type Acceptance = 'valid' | 'invalid' | 'unknown';

/** How deep `$ref`s and subschemas are followed before the answer is `unknown`. */
export const MAX_DEPTH = 64;

type Obj = { [key: string]: unknown };

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The keywords whose presence makes the answer unknown (this reader does not evaluate them). */
const UNREAD = ['$dynamicRef', '$recursiveRef', 'unevaluatedProperties', 'unevaluatedItems'];

/**
 * Lenient checks of the common formats: a string they reject is invalid, but one they take may
 * still fail a server's own check (ajv-formats rejects 2027-01-01T25:61:00Z and a@b), so it is
 * valid only for the formats in {@link EXACT_FORMATS}, else unknown.
 */
const FORMATS: Record<string, RegExp> = {
  'date-time': /^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})$/,
  date: /^\d{4}-\d{2}-\d{2}$/,
  time: /^\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:?\d{2})?$/,
  email: /^[^\s@]+@[^\s@]+$/,
  uri: /^[A-Za-z][A-Za-z0-9+.-]*:\S*$/,
  uuid: /^(?:urn:uuid:)?[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/,
  ipv4: /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/,
  ipv6: /^[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*$/,
};

/** Formats whose check here is the whole check: the pattern, and for a date a day its month has. */
const EXACT_FORMATS: Record<string, (v: string) => boolean> = {
  date: (v) => {
    const [y, m, d] = v.split('-').map(Number) as [number, number, number];
    const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
    return m >= 1 && m <= 12 && d >= 1 && d <= [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]!;
  },
  uuid: () => true,
  ipv4: () => true,
};

/** JSON equality (object keys in any order). */
function equal(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => equal(x, b[i]));
  if (isObj(a) && isObj(b)) {
    const ka = Object.keys(a);
    return ka.length === Object.keys(b).length && ka.every((k) => Object.hasOwn(b, k) && equal(a[k], b[k]));
  }
  return false;
}

function typeOf(v: unknown): string {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'array';
  return typeof v;
}

function hasType(v: unknown, type: unknown): boolean {
  switch (type) {
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'number': return typeof v === 'number';
    case 'string': case 'boolean': case 'null': case 'array': case 'object': return typeOf(v) === type;
    default: return true;
  }
}

/** All of: invalid when one is, else unknown when one is. */
function all(answers: Iterable<Acceptance>): Acceptance {
  let unknown = false;
  for (const a of answers) {
    if (a === 'invalid') return 'invalid';
    if (a === 'unknown') unknown = true;
  }
  return unknown ? 'unknown' : 'valid';
}

/** The schema a `$ref` names in the same document, or undefined when it cannot be found here. */
function resolveRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node) && /^\d+$/.test(key)) node = node[Number(key)];
    else if (isObj(node) && Object.hasOwn(node, key)) node = node[key];
    else return undefined;
  }
  return node;
}

function compile(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern, 'u');
  } catch {
    try {
      return new RegExp(pattern);
    } catch {
      return undefined;
    }
  }
}

/**
 * Whether `schema` accepts `value`.
 *
 * @param schema A JSON Schema (an object or a boolean).
 * @param value Any JSON value.
 * @returns `valid`, `invalid` or `unknown`.
 * @example schemaAccepts({ type: 'object', required: ['a'] }, {}) // 'invalid'
 */
export function schemaAccepts(schema: unknown, value: unknown): Acceptance {
  return check(schema, value, schema, 0);
}

function check(schema: unknown, v: unknown, root: unknown, depth: number): Acceptance {
  if (schema === true) return 'valid';
  if (schema === false) return 'invalid';
  if (!isObj(schema)) return 'unknown';
  if (depth > MAX_DEPTH) return 'unknown';
  const sub = (s: unknown, x: unknown): Acceptance => check(s, x, root, depth + 1);
  const answers: Acceptance[] = [];
  if (UNREAD.some((k) => Object.hasOwn(schema, k))) answers.push('unknown');
  if (typeof schema['$ref'] === 'string') {
    const target = resolveRef(root, schema['$ref']);
    answers.push(target === undefined ? 'unknown' : sub(target, v));
  }
  const type = schema['type'];
  if (typeof type === 'string' && !hasType(v, type)) return 'invalid';
  if (Array.isArray(type) && !type.some((t) => hasType(v, t))) return 'invalid';
  if (Array.isArray(schema['enum']) && !schema['enum'].some((e) => equal(e, v))) return 'invalid';
  if (Object.hasOwn(schema, 'const') && !equal(schema['const'], v)) return 'invalid';
  if (typeof v === 'number') answers.push(checkNumber(schema, v));
  else if (typeof v === 'string') answers.push(checkString(schema, v));
  else if (Array.isArray(v)) answers.push(checkArray(schema, v, sub));
  else if (isObj(v)) answers.push(checkObject(schema, v, sub));
  if (Array.isArray(schema['allOf'])) answers.push(all(schema['allOf'].map((s) => sub(s, v))));
  if (Array.isArray(schema['anyOf'])) {
    const got = schema['anyOf'].map((s) => sub(s, v));
    answers.push(got.includes('valid') ? 'valid' : got.includes('unknown') ? 'unknown' : 'invalid');
  }
  if (Array.isArray(schema['oneOf'])) {
    const got = schema['oneOf'].map((s) => sub(s, v));
    const valid = got.filter((a) => a === 'valid').length;
    const unknown = got.filter((a) => a === 'unknown').length;
    answers.push(valid > 1 ? 'invalid' : valid === 1 && unknown === 0 ? 'valid' : valid + unknown === 0 ? 'invalid' : 'unknown');
  }
  if (Object.hasOwn(schema, 'not')) {
    const got = sub(schema['not'], v);
    answers.push(got === 'valid' ? 'invalid' : got === 'invalid' ? 'valid' : 'unknown');
  }
  if (Object.hasOwn(schema, 'if')) {
    const cond = sub(schema['if'], v);
    const then = Object.hasOwn(schema, 'then') ? sub(schema['then'], v) : 'valid';
    const otherwise = Object.hasOwn(schema, 'else') ? sub(schema['else'], v) : 'valid';
    answers.push(cond === 'valid' ? then : cond === 'invalid' ? otherwise : then === otherwise ? then : 'unknown');
  }
  return all(answers);
}

function checkNumber(s: Obj, v: number): Acceptance {
  const num = (k: string): number | undefined => (typeof s[k] === 'number' ? s[k] : undefined);
  const min = num('minimum');
  const max = num('maximum');
  // Draft 4 writes exclusive bounds as booleans beside minimum / maximum.
  if (min !== undefined && (s['exclusiveMinimum'] === true ? v <= min : v < min)) return 'invalid';
  if (max !== undefined && (s['exclusiveMaximum'] === true ? v >= max : v > max)) return 'invalid';
  const xmin = num('exclusiveMinimum');
  const xmax = num('exclusiveMaximum');
  if (xmin !== undefined && v <= xmin) return 'invalid';
  if (xmax !== undefined && v >= xmax) return 'invalid';
  const step = num('multipleOf');
  if (step !== undefined && step > 0) {
    const q = v / step;
    if (!Number.isFinite(q)) return 'unknown';
    // Validators differ on a float step (0.3 / 0.1 is 2.9999999999999996): only a quotient far
    // from a whole number is invalid, and one just beside it is unknown.
    if (!Number.isInteger(q)) return Math.abs(q - Math.round(q)) > 1e-9 * Math.max(1, Math.abs(q)) ? 'invalid' : 'unknown';
  }
  return typeof s['format'] === 'string' ? numberFormat(s['format'], v) : 'valid';
}

/**
 * A format on a number, as ajv-formats (the MCP SDKs' validator) checks it: `int32` a whole number
 * in 32 bits, `int64` a whole number, `float` and `double` any number; any other format (schemars'
 * `uint32`, OpenAPI's made-up ones) is one the reader cannot answer for, so unknown.
 */
function numberFormat(format: string, v: number): Acceptance {
  if (format === 'int32') return Number.isInteger(v) && v >= -(2 ** 31) && v <= 2 ** 31 - 1 ? 'valid' : 'invalid';
  if (format === 'int64') return Number.isInteger(v) ? (Number.isSafeInteger(v) ? 'valid' : 'unknown') : 'invalid';
  return format === 'float' || format === 'double' ? 'valid' : 'unknown';
}

function checkString(s: Obj, v: string): Acceptance {
  const length = [...v].length;
  if (typeof s['minLength'] === 'number' && length < s['minLength']) return 'invalid';
  if (typeof s['maxLength'] === 'number' && length > s['maxLength']) return 'invalid';
  const answers: Acceptance[] = [];
  if (typeof s['pattern'] === 'string') {
    const re = compile(s['pattern']);
    answers.push(re === undefined ? 'unknown' : re.test(v) ? 'valid' : 'invalid');
  }
  if (typeof s['format'] === 'string') {
    const format = s['format'];
    const re = Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
    const exact = Object.hasOwn(EXACT_FORMATS, format) ? EXACT_FORMATS[format] : undefined;
    answers.push(re === undefined ? 'unknown' : !re.test(v) ? 'invalid' : exact === undefined ? 'unknown' : exact(v) ? 'valid' : 'invalid');
  }
  return all(answers);
}

function checkArray(s: Obj, v: unknown[], sub: (s: unknown, x: unknown) => Acceptance): Acceptance {
  if (typeof s['minItems'] === 'number' && v.length < s['minItems']) return 'invalid';
  if (typeof s['maxItems'] === 'number' && v.length > s['maxItems']) return 'invalid';
  if (s['uniqueItems'] === true && v.some((x, i) => v.slice(i + 1).some((y) => equal(x, y)))) return 'invalid';
  const answers: Acceptance[] = [];
  // A tuple: prefixItems (2020-12) or an array under items (earlier drafts), then the rest.
  const tuple = Array.isArray(s['prefixItems']) ? s['prefixItems'] : Array.isArray(s['items']) ? s['items'] : undefined;
  const rest = tuple === undefined ? s['items'] : Array.isArray(s['prefixItems']) ? s['items'] : s['additionalItems'];
  v.forEach((x, i) => {
    if (tuple !== undefined && i < tuple.length) answers.push(sub(tuple[i], x));
    else if (rest !== undefined) answers.push(sub(rest, x));
  });
  if (Object.hasOwn(s, 'contains')) {
    const got = v.map((x) => sub(s['contains'], x));
    const min = typeof s['minContains'] === 'number' ? s['minContains'] : 1;
    const max = typeof s['maxContains'] === 'number' ? s['maxContains'] : Infinity;
    const valid = got.filter((a) => a === 'valid').length;
    const unknown = got.filter((a) => a === 'unknown').length;
    // The count of matching items lies between valid and valid + unknown.
    answers.push(valid >= min && valid + unknown <= max ? 'valid' : valid + unknown < min || valid > max ? 'invalid' : 'unknown');
  }
  return all(answers);
}

function checkObject(s: Obj, v: Obj, sub: (s: unknown, x: unknown) => Acceptance): Acceptance {
  const keys = Object.keys(v);
  if (Array.isArray(s['required']) && s['required'].some((k) => typeof k === 'string' && !Object.hasOwn(v, k))) return 'invalid';
  if (typeof s['minProperties'] === 'number' && keys.length < s['minProperties']) return 'invalid';
  if (typeof s['maxProperties'] === 'number' && keys.length > s['maxProperties']) return 'invalid';
  const answers: Acceptance[] = [];
  const props = isObj(s['properties']) ? s['properties'] : {};
  const patterns: [RegExp | undefined, unknown][] = isObj(s['patternProperties'])
    ? Object.entries(s['patternProperties']).map(([p, ps]) => [compile(p), ps]) : [];
  for (const key of keys) {
    let matched = false;
    if (Object.hasOwn(props, key)) {
      matched = true;
      answers.push(sub(props[key], v[key]));
    }
    for (const [re, ps] of patterns) {
      if (re === undefined) {
        answers.push('unknown');
        matched = true;
      } else if (re.test(key)) {
        matched = true;
        answers.push(sub(ps, v[key]));
      }
    }
    if (!matched && Object.hasOwn(s, 'additionalProperties')) answers.push(sub(s['additionalProperties'], v[key]));
    if (Object.hasOwn(s, 'propertyNames')) answers.push(sub(s['propertyNames'], key));
  }
  const dependent: [string, unknown][] = [
    ...(isObj(s['dependencies']) ? Object.entries(s['dependencies']) : []),
    ...(isObj(s['dependentRequired']) ? Object.entries(s['dependentRequired']) : []),
    ...(isObj(s['dependentSchemas']) ? Object.entries(s['dependentSchemas']) : []),
  ];
  for (const [key, dep] of dependent) {
    if (!Object.hasOwn(v, key)) continue;
    if (Array.isArray(dep)) answers.push(dep.every((k) => typeof k !== 'string' || Object.hasOwn(v, k)) ? 'valid' : 'invalid');
    else answers.push(sub(dep, v));
  }
  return all(answers);
}
