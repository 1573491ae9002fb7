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
 * @throws {InputError} When it is not an absolute http(s) URL.
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
  if (/[\r\n\0]/.test(value)) throw new InputError(`Invalid --header "${name}": the value contains a line break or NUL`);
  return [name, value];
}

