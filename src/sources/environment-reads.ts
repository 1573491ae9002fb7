/**
 * The environment variables a server's own code reads, with the literal it falls back to
 * (`process.env.FALKORDB_HOST || 'localhost'`), read from its package's files by tokens, and
 * what they say of a server that is silent at the handshake timeout: one whose address settings
 * are unset and fall back to a service on this machine is most likely still trying to reach it.
 * @falkordb/mcpserver 1.3.0 connects to FalkorDB at `FALKORDB_HOST || 'localhost'` and
 * `FALKORDB_PORT || '6379'` before it serves, retrying for minutes and logging only to its MCP
 * client (not connected yet): nothing on stdout or stderr, the run ended with the generic question
 * whether it is a stdio server at all.
 *
 * @module
 */
import { tokenize, type Token } from '../scan/tokenize.ts';

/** One read of an environment variable in code. */
export interface EnvironmentRead {
  name: string;
  /** The string or number literal after `||` or `??`, when there is one. */
  fallback?: string;
}

/** A name as environment variables are written. */
const VARIABLE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*$/;

/** A literal's value: a string without escapes, or a number. */
function literal(token: Token | undefined): string | undefined {
  if (token === undefined) return undefined;
  if (token.type === 'NumericLiteral') return token.value;
  if (token.type !== 'StringLiteral' && token.type !== 'NoSubstitutionTemplate') return undefined;
  const inner = token.value.slice(1, -1);
  return inner.includes('\\') ? undefined : inner;
}

/**
 * Every `process.env.NAME` and `process.env['NAME']` in a JavaScript text, with its fallback.
 *
 * @param text The source.
 * @returns The reads, in order (a name may repeat).
 * @example environmentReads("const h = process.env.DB_HOST || 'localhost'") // [{ name: 'DB_HOST', fallback: 'localhost' }]
 */
export function environmentReads(text: string): EnvironmentRead[] {
  const tokens = tokenize(text).tokens;
  const reads: EnvironmentRead[] = [];
  for (let k = 0; k + 3 < tokens.length; k++) {
    if (tokens[k]!.name !== 'process' || tokens[k + 1]!.value !== '.' || tokens[k + 2]!.name !== 'env') continue;
    let name: string | undefined;
    let after: number;
    const next = tokens[k + 3]!;
    if ((next.value === '.' || next.value === '?.') && tokens[k + 4]?.type === 'IdentifierName') {
      name = tokens[k + 4]!.name;
      after = k + 5;
    } else if (next.value === '[' && tokens[k + 5]?.value === ']') {
      name = literal(tokens[k + 4]);
      after = k + 6;
    } else continue;
    if (name === undefined || !VARIABLE.test(name)) continue;
    const operator = tokens[after]?.value;
    const fallback = operator === '||' || operator === '??' ? literal(tokens[after + 1]) : undefined;
    reads.push({ name, ...(fallback !== undefined && fallback !== '' ? { fallback } : {}) });
  }
  return reads;
}

/**
 * A host on this machine, alone or in a URL (`redis://localhost:6379`). Not `0.0.0.0`: that is
 * where a server listens (every interface), not where it connects.
 */
const LOCAL_ADDRESS = /^(?:[a-z][a-z0-9+.-]*:\/\/(?:[^@/\s]*@)?)?(localhost|127(?:\.\d{1,3}){3}|\[?::1\]?)(?::(\d{1,5}))?(?:[/?#].*)?$/i;

/**
 * Names of a server's own endpoint, not of a service it connects to: where its HTTP transport
 * listens (`MCP_HOST || '0.0.0.0'`, `LISTEN_ADDRESS`, `BIND_HOST`, the platform's bare `HOST`) or
 * where a browser comes back to it (`REDIRECT_URI || 'http://localhost:3000/callback'`). A silent
 * server with such a read is not waiting for anything there. (`MCP_SERVER_URL`, the MCP server a
 * bridge connects to, is no such name.)
 */
const OWN_ENDPOINT = /^(?:(?:MCP|FASTMCP|HTTP|SSE|SERVER|APP|WEB)_)?(?:HOST|HOSTNAME|ADDRESS|ADDR)$|(?:^|_)(?:LISTEN|BIND|REDIRECT|CALLBACK)(?:_|$)/;

/** A credential's name part. */
const CREDENTIAL = /(?:^|_)(?:USER(?:NAME)?|PASS(?:WORD)?|TOKEN|SECRET|(?:API_)?KEY)$/;

/** Unset settings that point a server at a service on this machine by default. */
export interface LocalServiceDefault {
  /** The variable that names the host (or URL), unset. */
  host: string;
  /** Its fallback: `localhost`, `redis://127.0.0.1:6379`. */
  fallback: string;
  /** The port variable beside it (same prefix), unset, and its fallback. */
  port?: { name: string; fallback: string };
  /** Where it connects: `localhost:6379`, or the host alone when no port is known. */
  address: string;
  /** Credential variables with the same prefix, unset too. */
  credentials: string[];
}

/** `FALKORDB_HOST` → `FALKORDB_`. */
function prefixOf(name: string): string {
  return name.slice(0, name.lastIndexOf('_') + 1);
}

/**
 * The first unset variable whose fallback is an address on this machine, with the port and the
 * credentials read beside it (the same name prefix), or undefined. A name of the server's own
 * endpoint ({@link OWN_ENDPOINT}: `MCP_HOST`, `REDIRECT_URI`, a bare `HOST`) is no such setting.
 *
 * @param reads What the server's code reads ({@link environmentReads}).
 * @param isSet Whether a variable is set in the server's environment.
 * @returns The settings, or undefined when none falls back to this machine.
 * @example localServiceDefault([{ name: 'DB_HOST', fallback: 'localhost' }, { name: 'DB_PORT', fallback: '5432' }], () => false)?.address // 'localhost:5432'
 */
export function localServiceDefault(reads: readonly EnvironmentRead[], isSet: (name: string) => boolean): LocalServiceDefault | undefined {
  for (const read of reads) {
    if (read.fallback === undefined || isSet(read.name) || /PORT$/.test(read.name) || OWN_ENDPOINT.test(read.name)) continue;
    const m = LOCAL_ADDRESS.exec(read.fallback);
    if (m === null) continue;
    const prefix = prefixOf(read.name);
    const port = prefix === '' ? undefined : reads.find((r) => r.name.startsWith(prefix) && /PORT$/.test(r.name) && r.fallback !== undefined && /^\d{1,5}$/.test(r.fallback) && !isSet(r.name));
    const portNumber = m[2] ?? port?.fallback;
    const credentials = prefix === '' ? [] : [...new Set(reads.filter((r) => r.name.startsWith(prefix) && CREDENTIAL.test(r.name) && !isSet(r.name)).map((r) => r.name))];
    return {
      host: read.name, fallback: read.fallback,
      ...(port !== undefined && m[2] === undefined ? { port: { name: port.name, fallback: port.fallback! } } : {}),
      address: portNumber === undefined ? m[1]! : `${m[1]!}:${portNumber}`,
      credentials,
    };
  }
  return undefined;
}

/**
 * The hint for a silent server whose package falls back to a service on this machine.
 *
 * @param found What {@link localServiceDefault} found.
 * @param pkg The package, as `name version`.
 * @returns The hint, starting with "; ".
 * @example localServiceHint({ host: 'DB_HOST', fallback: 'localhost', address: 'localhost', credentials: [] }, 'x 1.0.0') // '; the server wrote nothing to stdout, and its package (x 1.0.0) …'
 */
export function localServiceHint(found: LocalServiceDefault, pkg: string): string {
  const port = found.port === undefined ? '' : ` and ${found.port.name} (default ${JSON.stringify(found.port.fallback)})`;
  const give = [found.host, ...(found.port === undefined ? [] : [found.port.name])].map((n) => `--server-env ${n}=…`).join(' ');
  const also = found.credentials.length === 0 ? '' : ` (it also reads ${found.credentials.join(', ')}, not set either)`;
  return `; the server wrote nothing to stdout, and its package (${pkg}) reads ${found.host} (default ${JSON.stringify(found.fallback)})${port}, ` +
    `not set here, so it connects to a service at ${found.address} on this machine before it serves: it is likely still trying to reach it, without a word. ` +
    `Start that service there, or point the server at one that runs: ${give}${also}; a longer --handshake-timeout lets its own error show`;
}

/**
 * The names a source binds directly to an environment variable (`const databaseUrl =
 * process.env.DATABASE_URL`, `let x = process.env['X']`, `x = process.env.X`), each to its variable.
 *
 * @param text The source.
 * @returns The variable each name is set from (the first binding of a name wins).
 * @example environmentBindings('const databaseUrl = process.env.DATABASE_URL;').get('databaseUrl') // 'DATABASE_URL'
 */
export function environmentBindings(text: string): Map<string, string> {
  const tokens = tokenize(text).tokens;
  const bound = new Map<string, string>();
  for (let k = 2; k + 3 < tokens.length; k++) {
    if (tokens[k]!.name !== 'process' || tokens[k + 1]!.value !== '.' || tokens[k + 2]!.name !== 'env') continue;
    if (tokens[k - 1]!.value !== '=' || tokens[k - 2]!.type !== 'IdentifierName') continue;
    const next = tokens[k + 3]!;
    const name = (next.value === '.' || next.value === '?.') && tokens[k + 4]?.type === 'IdentifierName' ? tokens[k + 4]!.name
      : next.value === '[' && tokens[k + 5]?.value === ']' ? literal(tokens[k + 4]) : undefined;
    const binding = tokens[k - 2]!.name;
    if (name !== undefined && binding !== undefined && VARIABLE.test(name) && !bound.has(binding)) bound.set(binding, name);
  }
  return bound;
}
