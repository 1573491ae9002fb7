/**
 * What a `401` or `403` answer's `WWW-Authenticate` header asks for, in one clause: an MCP server
 * protected by OAuth (the MCP authorization spec) answers `401` with `Bearer
 * resource_metadata="…/.well-known/oauth-protected-resource"`, and `403` with `Bearer
 * error="insufficient_scope", scope="…"` to a token that lacks a scope. mcpfusion runs no OAuth
 * flow, so the clause says to get a token and pass it as a header, and whether the request carried
 * an `Authorization` header at all (its value is never shown). Server-given URLs are shown without
 * query or fragment; server-given text is cut short.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

/** The start of every clause, which `describeHttpError` looks for to drop its generic hint. */
export const CHALLENGE_START = 'WWW-Authenticate: ';

/** How to pass a token, for the clause. */
const PASS_TOKEN = 'pass it with --header "Authorization: Bearer <token>", or keep it out of the command line with "headers": { "Authorization": "Bearer ${env:MCP_TOKEN}" } in source of mcpfusion.jsonc';

/**
 * The auth-params of the first challenge, lower-cased names (RFC 9110 §11.2: `token=token` or
 * `token="quoted"`), and its scheme.
 */
function parseChallenge(header: string): { scheme: string; params: Map<string, string> } | undefined {
  const m = /^\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)(.*)$/s.exec(header);
  if (m === null) return undefined;
  const params = new Map<string, string>();
  const re = /\s*,?\s*([!#$%&'*+.^_`|~0-9A-Za-z-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^\s,]*))/gy;
  let p: RegExpExecArray | null;
  while ((p = re.exec(m[2]!)) !== null) {
    const name = p[1]!.toLowerCase();
    if (!params.has(name)) params.set(name, p[2] !== undefined ? p[2].replace(/\\(.)/g, '$1') : p[3]!);
  }
  return { scheme: m[1]!, params };
}

function urlShown(text: string): string {
  try {
    const url = new URL(text);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(an invalid URL)';
  }
}

/**
 * One clause for a refused request's challenge.
 *
 * @param status The HTTP status (only 401 and 403 get a clause).
 * @param header The `WWW-Authenticate` header, or null.
 * @param sentAuthorization Whether the request carried an `Authorization` header.
 * @returns The clause (starting with {@link CHALLENGE_START}), or undefined.
 * @example describeChallenge(401, 'Bearer resource_metadata="http://h/.well-known/oauth-protected-resource"', false)
 */
export function describeChallenge(status: number, header: string | null, sentAuthorization: boolean): string | undefined {
  if ((status !== 401 && status !== 403) || header === null || header.trim() === '') return undefined;
  const challenge = parseChallenge(header);
  if (challenge === undefined) return undefined;
  const { scheme, params } = challenge;
  const facts: string[] = [];
  const error = params.get('error');
  if (error !== undefined) facts.push(`error ${JSON.stringify(shorten(error, 60))}`);
  const description = params.get('error_description');
  if (description !== undefined) facts.push(JSON.stringify(shorten(description, 120)));
  const scope = params.get('scope');
  if (scope !== undefined) facts.push(`scope ${JSON.stringify(shorten(scope, 120))}`);
  const metadata = params.get('resource_metadata');
  if (metadata !== undefined) facts.push(`OAuth resource metadata at ${urlShown(metadata)}`);
  const said = `${CHALLENGE_START}${shorten(scheme, 30)}${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`;
  if (scheme.toLowerCase() !== 'bearer') {
    return `${said}: the server asks for ${scheme} credentials; ${sentAuthorization ? 'the Authorization header sent was refused' : 'no Authorization header was sent'}: give it with --header or source.headers`;
  }
  const oauth = metadata !== undefined ? 'an OAuth access token (mcpfusion runs no OAuth flow: get one from the authorization server that metadata names, or a long-lived token or API key the server accepts)' : 'a bearer token';
  if (status === 403 || error === 'insufficient_scope') {
    return `${said}: the token sent lacks a permission the server requires${scope !== undefined ? ' (the scope named)' : ''}; get one granted it and ${PASS_TOKEN}`;
  }
  if (!sentAuthorization) return `${said}: the server wants ${oauth} and no Authorization header was sent; ${PASS_TOKEN}`;
  return `${said}: the server refused the Authorization header sent (an expired, revoked or wrong token, or one for another server?); the server wants ${oauth}; ${PASS_TOKEN}`;
}
