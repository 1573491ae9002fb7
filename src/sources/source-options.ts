/**
 * The flags of the live and saved-listing sources (`--server`, `--url`, `--tools-list`) and of
 * their timeouts, offered by every command that reads contracts (through `SOURCE_OPTIONS` in
 * `load.ts`).
 *
 * @module
 */
import type { OptionSpec } from '../commands/command.ts';
import { stringFlag, stringsFlag, timeoutFlag } from '../commands/flags.ts';
import { InputError } from '../errors.ts';
import { shorten } from '../format/shorten.ts';
import { parseEndpointUrl, parseHeaderLine } from './http-endpoint.ts';

/**
 * One `--server-env KEY=VALUE`. The value is never quoted in a message: an argument without its
 * `NAME=` may be the secret itself.
 *
 * @param text The flag's value.
 * @returns Name and value.
 * @throws {InputError} When there is no `=` or the name is not a variable name.
 */
export function parseEnvFlag(text: string): [string, string] {
  const eq = text.indexOf('=');
  if (eq < 0) throw new InputError('Invalid --server-env: expected KEY=VALUE, got a value without "=" (not shown: it may be a secret)');
  const name = text.slice(0, eq);
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new InputError(`Invalid --server-env: ${JSON.stringify(shorten(name, 40))} is not a variable name (letters, digits and _, not starting with a digit); expected KEY=VALUE`);
  }
  return [name, text.slice(eq + 1)];
}

/** Options of the live sources and the saved tools/list source. */
export const LIVE_SOURCE_OPTIONS: OptionSpec[] = [
  { flags: '--server <command>', description: 'Spawn an MCP server over stdio, e.g. "node dist/server.js" (split like a shell would; no shell runs)' },
  { flags: '--server-env <KEY=VALUE>', description: 'Environment variable for the server (repeatable; added to mcpfusion\'s own environment)', repeatable: true, check: (f) => stringsFlag(f, 'serverEnv').forEach(parseEnvFlag) },
  { flags: '--server-cwd <dir>', description: 'Working directory of the server' },
  { flags: '--url <url>', description: 'Read a running server over Streamable HTTP, e.g. http://127.0.0.1:3001/mcp', check: (f) => parseEndpointUrl(stringFlag(f, 'url')!, '--url') },
  { flags: '--header <header>', description: 'HTTP header "Name: value" for --url (repeatable; values are never logged)', repeatable: true, check: (f) => stringsFlag(f, 'header').forEach(parseHeaderLine) },
  { flags: '--tools-list <file>', description: 'Read a saved MCP tools/list result (JSON; - for stdin)' },
  { flags: '--start-timeout <ms>', check: (f) => timeoutFlag(f, 'startTimeout'), description: 'Time to spawn the server or reach the URL (default 10000)' },
  { flags: '--handshake-timeout <ms>', check: (f) => timeoutFlag(f, 'handshakeTimeout'), description: 'Time for the initialize handshake, including server start-up (default 30000)' },
  { flags: '--request-timeout <ms>', check: (f) => timeoutFlag(f, 'requestTimeout'), description: 'Time for each list request (default 30000)' },
  { flags: '--settle-timeout <ms>', check: (f) => timeoutFlag(f, 'settleTimeout', true), description: 'How long after the handshake a server that advertises listChanged may still announce tools (default 500; 0 waits for none)' },
];

/** The source-selecting flags among them (camelCase). */
export const LIVE_SOURCE_FLAG_NAMES: string[] = ['server', 'url', 'toolsList'];

/** The timeout flags: they bound a live server (start, handshake, each request). */
export const TIMEOUT_FLAGS: readonly string[] = ['--start-timeout', '--handshake-timeout', '--request-timeout', '--settle-timeout'];

/**
 * The flags that shape how a live source is read (its environment, working directory, headers,
 * timeouts) but select none: read only when a `--server` or `--url` source (flag or config) is.
 */
export const SOURCE_MODIFIER_FLAGS: readonly string[] = ['--server-env', '--server-cwd', '--header', ...TIMEOUT_FLAGS];
