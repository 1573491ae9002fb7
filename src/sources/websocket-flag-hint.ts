/**
 * What a failure says of a Node.js server that stopped at start-up because the Node.js it ran on
 * has no global `WebSocket`. Node.js has one by default from version 22; 20.10 and later 20.x
 * and 21 have it only behind the flag `--experimental-websocket`. supabase-js 2.x creates its
 * realtime client as it starts and throws `Node.js 20 detected without native WebSocket support.`
 * there, with a workaround only its own code can apply (servers26: mcp-supabase 0.1.0 and
 * flow-nexus 0.1.128 stopped so on Node 20; supabase-mcp 1.5.0 in servers17). Given
 * `--server-env NODE_OPTIONS=--experimental-websocket`, both locked (22 and 94 tools): the flag is
 * the fix on the Node.js installed, a newer Node.js the other.
 *
 * @module
 */

/** supabase realtime-js' own check (`Node.js 20 detected without native WebSocket support.`). */
const NO_NATIVE = /\bNode\.js (\d+) detected without native WebSocket support\b/;
/** A use of the global where there is none. */
const NOT_DEFINED = /^(?:Uncaught )?ReferenceError: WebSocket is not defined\b/;
/** The last line of Node's report of an uncaught error: the version it ran on. */
const NODE_VERSION = /^Node\.js v(\d+)\.(\d+)\.\d+\s*$/;
/** The flag that turns the global on in Node.js 20.10 to 21. */
const FLAG = '--experimental-websocket';

/** What the stderr of a failed start says of the missing global. */
export interface MissingWebSocket {
  /** The line that says so, trimmed. */
  line: string;
  /** The Node.js major and minor version it ran on, when its stderr says (minor undefined when only the major is said). */
  version: { major: number; minor: number | undefined } | undefined;
}

/**
 * Whether a server's stderr says it stopped for want of the global `WebSocket`.
 *
 * @param lines The server's stderr lines.
 * @returns The line and the version it ran on, or undefined.
 * @example missingWebSocket(['Error: Node.js 20 detected without native WebSocket support.'])?.version // { major: 20, minor: undefined }
 */
export function missingWebSocket(lines: readonly string[]): MissingWebSocket | undefined {
  const at = lines.findIndex((l) => NO_NATIVE.test(l) || NOT_DEFINED.test(l.trim()));
  if (at < 0) return undefined;
  const line = lines[at]!.trim();
  const printed = lines.slice(at).map((l) => NODE_VERSION.exec(l.trim())).find((m) => m !== null);
  const said = NO_NATIVE.exec(line);
  const version = printed !== undefined && printed !== null ? { major: Number(printed[1]), minor: Number(printed[2]) }
    : said !== null ? { major: Number(said[1]), minor: undefined } : undefined;
  return { line, version };
}

/**
 * The hint for a server that stopped before answering initialize for want of the global `WebSocket`.
 *
 * @param found What {@link missingWebSocket} found.
 * @param nodeOptions The `NODE_OPTIONS` the server was given, if any.
 * @returns The hint, starting with "; ", or '' when it ran on Node.js 22 or later (which has the global unless turned off).
 * @example websocketFlagHint({ line: 'Error: Node.js 20 detected without native WebSocket support.', version: { major: 20, minor: 20 } }, undefined) // '; … --server-env NODE_OPTIONS=--experimental-websocket …'
 */
export function websocketFlagHint(found: MissingWebSocket, nodeOptions: string | undefined): string {
  const v = found.version;
  const ran = v === undefined ? 'the Node.js it ran on' : `the Node.js ${v.major}${v.minor === undefined ? '' : `.${v.minor}`} it ran on`;
  const quoted = JSON.stringify(found.line.length > 200 ? `${found.line.slice(0, 199)}…` : found.line);
  const newer = 'run it with Node.js 22 or later (first on PATH, or named in --server, --server "/path/to/node …")';
  const head = `; it stopped as it started for want of the global WebSocket (${quoted}), which Node.js has by default from version 22 and, from 20.10, only with the flag ${FLAG}`;
  // 20.10 and later, or 21: the flag turns it on. Before 20.10 (or a major only, 20: most 20.x have it), a newer Node.js.
  const flagWorks = v === undefined || v.major === 21 || (v.major === 20 && (v.minor === undefined || v.minor >= 10));
  const given = (nodeOptions ?? '').split(/\s+/).includes(FLAG);
  // Node.js 22 has the global unless it was turned off: this is not the cause to name.
  if (v !== undefined && v.major >= 22) return '';
  if (given) return `${head}, which its NODE_OPTIONS already gives: ${newer}`;
  if (!flagWorks) return `${head}; ${ran} has no such flag: ${newer}`;
  const options = nodeOptions === undefined || nodeOptions.trim() === ''
    ? `--server-env NODE_OPTIONS=${FLAG}`
    : `--server-env NODE_OPTIONS="${nodeOptions.trim()} ${FLAG}" (its NODE_OPTIONS with the flag added)`;
  return `${head}: give it that flag on ${ran} with ${options}, or ${newer}`;
}
