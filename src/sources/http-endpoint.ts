/**
 * Parsing and redacting `--url` and `--header` values (no MCP SDK here, so resolving a source
 * does not load the SDK; `http.ts` re-exports these).
 *
 * @module
 */
import { InputError } from '../errors.ts';

/**
 * Parse and check an MCP endpoint URL.
 *
 * @param text The URL as given.
 * @param name Where it was given, for messages (`--url`, or `source.url in mcpfusion.jsonc`).
 * @returns The URL.
 * @throws {InputError} When it is not an absolute http(s) URL, or holds a user name or password.
 * @example parseEndpointUrl('http://127.0.0.1:3001/mcp').port // '3001'
 */
export function parseEndpointUrl(text: string, name = '--url'): URL {
  // `host:port/path` without a scheme: `new URL` fails, or reads `localhost:` as the scheme. Only
  // a host, a port and a plain path are echoed (no userinfo, query or fragment: no secret).
  if (/^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\]):\d+(?:\/[^\s@?#]*)?$/.test(text)) {
    throw new InputError(`Invalid ${name}: ${JSON.stringify(text)} has no scheme; did you mean ${name === '--url' ? '--url ' : ''}http://${text}?`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch (cause) {
    // Not quoted: a URL that does not parse cannot be redacted, and it may hold a secret.
    throw new InputError(`Invalid ${name}: not an absolute URL; expected e.g. http://127.0.0.1:3001/mcp`, { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new InputError(`Invalid ${name}: the scheme "${url.protocol}" is not supported; use http: or https:`);
  }
  // `http://user:password@host/mcp`: fetch refuses to build a request from it (Node and Deno throw,
  // so nothing would ever be sent), and a URL is logged where a header is not. Neither the user
  // name nor the password is shown: either may be the token itself (`https://<token>@host/mcp`).
  if (url.username !== '' || url.password !== '') {
    const header = name === '--url'
      ? '--header "Authorization: Basic <base64 of user:password>"'
      : '"headers": { "Authorization": "Basic ${env:MCP_BASIC_AUTH}" } with MCP_BASIC_AUTH set to the base64 of user:password';
    throw new InputError(
      `Invalid ${name}: it holds a ${url.password !== '' ? 'user name and password' : 'user name'} before the host (${url.protocol}//***@${url.host}), ` +
        `which fetch refuses to send (HTTP clients do not send credentials written in a URL); remove them from the URL and send them as a header, ${header} ` +
        `(printf '%s' 'user:password' | base64), or the header the server asks for`,
    );
  }
  return url;
}

/** The URL without userinfo, query or fragment, for messages. */
export function redactUrl(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(an invalid URL)'; // not parseable: show nothing of it, it may hold a secret
  }
}

/**
 * Parse one `--header "Name: value"` argument.
 *
 * @param text The header line.
 * @returns `[name, value]` with surrounding whitespace removed.
 * @throws {InputError} When there is no colon or the name is not an HTTP token (the value is never shown).
 * @example parseHeaderLine('Authorization: Bearer x') // ['Authorization', 'Bearer x']
 */
export function parseHeaderLine(text: string): [string, string] {
  const colon = text.indexOf(':');
  const name = colon < 0 ? '' : text.slice(0, colon).trim();
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) {
    throw new InputError(`Invalid --header: expected "Name: value" with an HTTP header name before the colon${colon < 0 ? ' (no colon found)' : ''}`);
  }
  const value = text.slice(colon + 1).trim();
  const problem = headerProblem(name, value);
  if (problem !== undefined) throw new InputError(`Invalid --header "${name}": ${problem}`);
  return [name, value];
}

/**
 * Why a request header cannot be sent as given, in words that never show its value (it is
 * usually a secret): a name that is no HTTP token, or a value with a line break inside it (give
 * the value trimmed: fetch drops spaces and line breaks around it), another control character, or a character that is not ASCII (a
 * no-break space or typographic quote pasted with a token). `fetch` would refuse the first kinds
 * with an error that quotes the whole value, and send a character up to U+00FF as one Latin-1
 * byte, which a server reading UTF-8 does not compare equal to what was meant. Only the
 * character's position and, when it is no line break, its code point are named.
 *
 * @param name The header name.
 * @param value The value as it would be sent.
 * @returns The reason, or undefined when the header can be sent.
 * @example headerProblem('Authorization', 'Bearer x\ny') // 'the value contains a line break (character 9 of 10)…'
 */
export function headerProblem(name: string, value: string): string | undefined {
  if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) return `${JSON.stringify(name)} is not an HTTP header name (letters, digits and !#$%&'*+.^_\`|~- only)`;
  const chars = [...value];
  const at = chars.findIndex((c) => !/^[\t\x20-\x7e]$/.test(c));
  if (at < 0) return undefined;
  const c = chars[at]!;
  const where = `(character ${at + 1} of ${chars.length})`;
  const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  if (c === '\n' || c === '\r') {
    return `the value contains a line break ${where}, which a header cannot hold (one before or after the value is dropped, as fetch drops it)`;
  }
  if (c.codePointAt(0)! < 0x20 || c === '\x7f') return `the value contains a control character, ${code} ${where}, which a header cannot hold`;
  return `the value contains a character that is not ASCII, ${code} ${where}; header values are sent as bytes, so write only ASCII (a no-break space or typographic quote pasted with a token?)`;
}


/** Whether a URL's host name is this machine's loopback: `localhost` (and `*.localhost`), 127.0.0.0/8, `::1`. */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase().replace(/\.$/, '');
  return host === 'localhost' || host.endsWith('.localhost') || /^127(?:\.\d{1,3}){3}$/.test(host) || host === '::1' || host === '0:0:0:0:0:0:0:1';
}

/**
 * The proxy-bypass variables to set so that a loopback server is reached directly, as Go's HTTP
 * client always reaches it: the `fetch` of Bun (the runtime of the executables) and of Deno send
 * every request through `HTTP_PROXY`/`HTTPS_PROXY`, `127.0.0.1` included unless `NO_PROXY`
 * names it, which sends the request and its headers to the proxy (a CI proxy then answers `502`
 * or `403` for an address only the runner can reach). Node's `fetch` reads no proxy variable.
 *
 * @param env The environment.
 * @param hostname The URL's host name.
 * The host itself is added even to a list holding `*`: Deno 2.9 does not read `*` as every host
 * (with `NO_PROXY=*` it sent `--url http://127.0.0.1:…` to the proxy), Bun does.
 *
 * @returns The variables to set (`NO_PROXY`, and `no_proxy` when that is set), or none when the
 *   host is not loopback, no proxy is set, or the bypass list already names the host.
 * @example loopbackProxyBypass({ HTTP_PROXY: 'http://proxy:3128' }, '127.0.0.1') // { NO_PROXY: '127.0.0.1' }
 */
export function loopbackProxyBypass(env: Record<string, string | undefined>, hostname: string): Record<string, string> {
  const host = hostname.replace(/^\[(.*)\]$/, '$1');
  if (!isLoopbackHost(host)) return {};
  const proxied = ['HTTP_PROXY', 'http_proxy', 'HTTPS_PROXY', 'https_proxy', 'ALL_PROXY', 'all_proxy'].some((k) => (env[k] ?? '').trim() !== '');
  if (!proxied) return {};
  const out: Record<string, string> = {};
  for (const key of ['NO_PROXY', 'no_proxy']) {
    const list = env[key];
    if (key === 'no_proxy' && list === undefined) continue;
    const entries = (list ?? '').split(/[\s,]+/).filter((e) => e !== '');
    if (entries.some((e) => e.toLowerCase() === host.toLowerCase())) continue;
    out[key] = [...entries, host].join(',');
  }
  return out;
}

/** Which `fetch` reads the proxy variables: Bun's and Deno's do, Node's does not. */
export type FetchRuntime = 'node' | 'bun' | 'deno';

/**
 * The runtime whose `fetch` this process uses.
 *
 * @returns `bun` in the executables, `deno` under Deno, else `node`.
 * @example fetchRuntime() // 'node'
 */
export function fetchRuntime(): FetchRuntime {
  const g = globalThis as { Bun?: unknown; Deno?: unknown };
  return g.Bun !== undefined ? 'bun' : g.Deno !== undefined ? 'deno' : 'node';
}

/**
 * The proxy the runtime's `fetch` sends a request for `url` through, as measured for Bun 1.4.5 and
 * Deno 2.9 (docs/sources.md): `HTTP_PROXY`, `http_proxy` or `ALL_PROXY` (`HTTPS_PROXY`,
 * `https_proxy` or `ALL_PROXY` for `https:`), unless `NO_PROXY`/`no_proxy` names the host, one of
 * its parent domains (`.corp` or `corp`), or (Bun only) `*` or the host with its port. Under Node
 * none: its `fetch` reads no proxy variable. Used to open the connect stage's TCP connection
 * where `fetch` will open its own; a bypass list read otherwise than the runtime reads it only
 * moves that early check (the request itself goes where the runtime sends it).
 *
 * @param env The environment.
 * @param url The MCP endpoint.
 * @param runtime Whose `fetch` (default: this process's).
 * @returns The proxy's URL (`http:` or `https:`), or undefined for a direct request.
 * @example fetchProxy({ HTTP_PROXY: 'http://proxy:3128' }, new URL('http://mcp.corp/mcp'), 'bun') // URL http://proxy:3128/
 */
export function fetchProxy(env: Record<string, string | undefined>, url: URL, runtime: FetchRuntime = fetchRuntime()): URL | undefined {
  if (runtime === 'node') return undefined;
  const names = url.protocol === 'https:' ? ['HTTPS_PROXY', 'https_proxy'] : ['HTTP_PROXY', 'http_proxy'];
  const value = [...names, 'ALL_PROXY', 'all_proxy'].map((k) => (env[k] ?? '').trim()).find((v) => v !== '');
  if (value === undefined) return undefined;
  let proxy: URL;
  try {
    proxy = new URL(value.includes('://') ? value : `http://${value}`);
  } catch {
    return undefined;
  }
  if (proxy.protocol !== 'http:' && proxy.protocol !== 'https:') return undefined;
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  const port = url.port !== '' ? url.port : url.protocol === 'https:' ? '443' : '80';
  const entries = [env['NO_PROXY'], env['no_proxy']].flatMap((l) => (l ?? '').split(/[\s,]+/)).map((e) => e.toLowerCase()).filter((e) => e !== '');
  const bypassed = entries.some((e) => {
    if (e === '*') return runtime === 'bun';
    const withPort = /^(.*):(\d+)$/.exec(e);
    if (withPort !== null && !e.includes('::')) return runtime === 'bun' && withPort[2] === port && withPort[1]!.replace(/^\[(.*)\]$/, '$1') === host;
    const name = e.replace(/^\*?\./, '');
    return host === name || (!/^[\d.]+$/.test(host) && host.endsWith(`.${name}`));
  });
  return bypassed ? undefined : proxy;
}
