/**
 * The flags of the live and saved-listing sources (`--server`, `--url`, `--tools-list`) and of
 * their timeouts, offered by every command that reads contracts (through `SOURCE_OPTIONS` in
 * `load.ts`).
 *
 * @module
 */
import type { OptionSpec } from '../commands/command.ts';

/** Options of the live sources and the saved tools/list source. */
export const LIVE_SOURCE_OPTIONS: OptionSpec[] = [
  { flags: '--server <command>', description: 'Spawn an MCP server over stdio, e.g. "node dist/server.js" (split like a shell would; no shell runs)' },
  { flags: '--server-env <KEY=VALUE>', description: 'Environment variable for the server (repeatable; added to mcpfusion\'s own environment)' },
  { flags: '--server-cwd <dir>', description: 'Working directory of the server' },
  { flags: '--url <url>', description: 'Read a running server over Streamable HTTP, e.g. http://127.0.0.1:3001/mcp' },
  { flags: '--header <header>', description: 'HTTP header "Name: value" for --url (repeatable; values are never logged)' },
  { flags: '--tools-list <file>', description: 'Read a saved MCP tools/list result (JSON; - for stdin)' },
  { flags: '--start-timeout <ms>', description: 'Time to spawn the server or reach the URL (default 10000)' },
  { flags: '--handshake-timeout <ms>', description: 'Time for the initialize handshake, including server start-up (default 30000)' },
  { flags: '--request-timeout <ms>', description: 'Time for each list request (default 30000)' },
  { flags: '--settle-timeout <ms>', description: 'How long after the handshake a server that advertises listChanged may still announce tools (default 500; 0 waits for none)' },
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
