/**
 * Clients of packages no table names, told by the credentials they are made with: a class
 * imported from an npm package and constructed with an API key
 * (`new Retell({ apiKey })`, `new SVGMakerClient(apiKey, config)`, `new EverArt.default(
 * process.env.EVERART_API_KEY)`) is a client of a remote service, whatever the package is called.
 * Pure: tokens and the first pass's facts in, sites out (reported as `network.api-key-client`).
 *
 * @module
 */
import type { Token } from './tokenize.ts';
import type { FileFacts } from './collect-bindings.ts';
import { isName, isPunct, splitArguments } from './token-helpers.ts';
import { cookStringToken } from './cook-string.ts';
import { API_KEY_ARGUMENT_NAMES, API_KEY_ENV_NAME } from './patterns/network.ts';

/** One construction of a package's export with an API key. */
export interface ApiKeyClientSite {
  /** Token index of the callee's first name (the finding's position). */
  index: number;
  /** The package's name (the specifier without a subpath: `@genwave/svgmaker-sdk`). */
  specifier: string;
  /** Which argument carries the key (`option apiKey`, `argument apiKey`, `process.env.X_API_KEY`). */
  detail: string;
}

/** Wrappers compilers put around a CommonJS require (`__importDefault(require('m'))`). */
const REQUIRE_WRAPPERS = new Set(['__importDefault', '__importStar', '__toESM', '_interopRequireDefault', '_interopRequireWildcard']);

/**
 * The sites in a file where an export of a package that no capability table knows is constructed
 * (`new`) with an API key: a top-level argument that is a name in {@link API_KEY_ARGUMENT_NAMES}
 * (`apiKey`), an object literal with such a key (`{ apiKey }`, `{ apiKey: k }`), or
 * `process.env.NAME` (also `process.env['NAME']`) with NAME matching {@link API_KEY_ENV_NAME}
 * (`EVERART_API_KEY`). The export is reached through the name an `import` (default, named or
 * namespace) or a `const … = require('pkg')` (also wrapped: `__importDefault(require('pkg'))`)
 * declares, with any member chain after it (`new EverArt.default(…)`, `new sdk.Client(…)`). A plain
 * call is no such site: `z.object({ apiKey: z.string() })` describes a key, it uses none. Relative
 * files are scanned themselves, and known packages have their own rows, so neither is looked at.
 *
 * @param tokens The file's tokens.
 * @param match The bracket match table.
 * @param facts The first pass's facts.
 * @returns The sites, in source order.
 * @example
 * apiKeyClientSites(tokens, match, facts) // [{ index: 12, specifier: 'retell-sdk', detail: 'option apiKey' }]
 */
export function apiKeyClientSites(tokens: readonly Token[], match: Int32Array, facts: FileFacts): ApiKeyClientSite[] {
  const declared = packageImportNames(tokens, facts);
  if (declared.size === 0) return [];
  const out: ApiKeyClientSite[] = [];
  for (let k = 0; k < tokens.length; k++) {
    const t = tokens[k]!;
    if (t.type !== 'IdentifierName' || !isName(tokens[k - 1], 'new') || facts.declSites.has(k)) continue;
    const binding = facts.lookup(t.name, k);
    const specifier = binding === undefined ? undefined : declared.get(binding.declIndex);
    if (specifier === undefined) continue;
    let open = k + 1;
    while ((isPunct(tokens[open], '.') || isPunct(tokens[open], '?.')) && tokens[open + 1]?.type === 'IdentifierName') open += 2;
    if (!isPunct(tokens[open], '(')) continue;
    const detail = apiKeyArgument(tokens, match, open);
    if (detail !== undefined) out.push({ index: k, specifier: packageName(specifier), detail });
  }
  return out;
}

/** The package a specifier names (`npm:` prefix, version and subpath dropped). */
function packageName(specifier: string): string {
  const segments = specifier.replace(/^npm:/, '').split('/');
  const name = specifier.replace(/^npm:/, '').startsWith('@') ? segments.slice(0, 2).join('/') : segments[0]!;
  return name.replace(/(.)@.*$/, '$1');
}

/** Token index of each name an import of an unknown npm package declares → the specifier. */
function packageImportNames(tokens: readonly Token[], facts: FileFacts): Map<number, string> {
  const out = new Map<number, string>();
  for (const site of facts.imports) {
    const { record } = site;
    if (record.kind !== 'package' || record.typeOnly || site.module !== undefined || record.script !== undefined) continue;
    const at = site.index;
    if (isName(tokens[at], 'require')) {
      // `const X = require('m')`, `const { A } = require('m')`, `const X = __importDefault(require('m'))`.
      let k = at - 1;
      while (isPunct(tokens[k], '(') && tokens[k - 1]?.type === 'IdentifierName' && REQUIRE_WRAPPERS.has(tokens[k - 1]!.name)) k -= 2;
      if (!isPunct(tokens[k], '=')) continue;
      k--;
      if (tokens[k]?.type === 'IdentifierName' && facts.declSites.has(k)) out.set(k, record.specifier);
      else if (isPunct(tokens[k], '}')) {
        for (let j = k - 1; j >= 0 && !isPunct(tokens[j], '{'); j--) if (facts.declSites.has(j)) out.set(j, record.specifier);
      }
      continue;
    }
    // A static import: the declared names between `import` and the specifier.
    let start = at - 1;
    while (start >= 0 && !isName(tokens[start], 'import') && !isPunct(tokens[start], ';')) start--;
    if (!isName(tokens[start], 'import')) continue;
    for (let j = start + 1; j < at; j++) if (tokens[j]!.type === 'IdentifierName' && facts.declSites.has(j)) out.set(j, record.specifier);
  }
  return out;
}

/** Why the call at `open` is given an API key, or undefined. */
function apiKeyArgument(tokens: readonly Token[], match: Int32Array, open: number): string | undefined {
  for (const [start, end] of splitArguments(tokens, match, open)) {
    const first = tokens[start];
    if (first === undefined) continue;
    if (end === start + 1 && first.type === 'IdentifierName' && API_KEY_ARGUMENT_NAMES.has(first.name)) return `argument ${first.name}`;
    if (isPunct(first, '{')) {
      const key = objectKey(tokens, match, start);
      if (key !== undefined) return `option ${key}`;
      continue;
    }
    const env = envName(tokens, start);
    if (env !== undefined && API_KEY_ENV_NAME.test(env)) return `process.env.${env}`;
  }
  return undefined;
}

/** The first key of the object literal at `open` that names an API key (`{ apiKey }`, `{ apiKey: k }`). */
function objectKey(tokens: readonly Token[], match: Int32Array, open: number): string | undefined {
  const close = match[open]!;
  let atKey = true;
  for (let k = open + 1; k < close; k++) {
    const t = tokens[k]!;
    if (t.type === 'Punctuator' && (t.value === '(' || t.value === '[' || t.value === '{')) {
      k = Math.max(k, match[k]!);
      atKey = false;
      continue;
    }
    if (isPunct(t, ',')) {
      atKey = true;
      continue;
    }
    if (atKey && t.type === 'IdentifierName' && API_KEY_ARGUMENT_NAMES.has(t.name) && (isPunct(tokens[k + 1], ':') || isPunct(tokens[k + 1], ',') || k + 1 === close)) return t.name;
    atKey = false;
  }
  return undefined;
}

/** NAME of a `process.env.NAME` or `process.env['NAME']` starting at `k`, else undefined. */
function envName(tokens: readonly Token[], k: number): string | undefined {
  if (!isName(tokens[k], 'process') || !isPunct(tokens[k + 1], '.') || !isName(tokens[k + 2], 'env')) return undefined;
  if (isPunct(tokens[k + 3], '.') && tokens[k + 4]?.type === 'IdentifierName') return tokens[k + 4]!.name;
  if (isPunct(tokens[k + 3], '[') && tokens[k + 4] !== undefined && isPunct(tokens[k + 5], ']')) return cookStringToken(tokens[k + 4]!)?.value;
  return undefined;
}
