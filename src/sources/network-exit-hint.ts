/**
 * What a failure says of a server whose stderr shows that it could not reach a host, and so what
 * to check: the network (a name not resolved, a host not answering), or, for a connection refused,
 * the service at that address (on this machine, most often), which is not running there.
 *
 * A server still running that is silent (it retries) gets `unreachedLine`'s line in the silent
 * hint of stdio.ts. A server that exits non-zero before it answers `initialize` on such an error
 * gets `networkExitHint`: @sveltejs/mcp 0.1.26 fetches svelte.dev as it starts (`getaddrinfo
 * EAI_AGAIN svelte.dev`, exit 1); @chakra-ui/react-mcp 2.1.1 stops on `Failed to initialize
 * component props tool: fetch failed` (Node's fetch names no host); @modelcontextprotocol/server-redis
 * 2025.4.25 gives up on `connect ECONNREFUSED 127.0.0.1:6379` (servers18). Their stack was quoted,
 * but not what it means for the user: the server needs that host to start, here it is not reached.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';

/** How much of the error line the hint quotes. */
const SHOWN = 200;

/**
 * A network error as Node, Python, Go or Rust print it: the code and the host or address it names.
 * Go's net package writes `dial tcp: lookup slack.com on 10.0.0.53:53: …` for a name it could not
 * resolve (the host is the one looked up, not the DNS server after `on`) and `dial tcp
 * 127.0.0.1:6379: connect: connection refused` for an address (slack-mcp-server 1.3.0 without
 * network, servers19); Python's socket and Rust name no address beside `Connection refused`
 * (`[Errno 111]`, `os error 111`; 61 on macOS), and Python's asyncio names it as a tuple
 * (`[Errno 111] Connect call failed ('127.0.0.1', 6379)`, read as `127.0.0.1:6379`).
 */
const UNREACHED = new RegExp('\\b(?:' + [
  String.raw`getaddrinfo (?:ENOTFOUND|EAI_AGAIN) ([\w.-]+)`,
  String.raw`(?:connect )?(?:ECONNREFUSED|ETIMEDOUT|EHOSTUNREACH|ENETUNREACH) ([\w.:[\]-]+)`,
  String.raw`dial (?:tcp|udp)[46]?: lookup ([\w.-]+)`,
  String.raw`dial (?:tcp|udp)[46]? ([\w.:[\]-]+): (?:connect: )?(?:connection refused|network is unreachable|no route to host|i/o timeout|connection timed out)`,
  'Name or service not known', 'Temporary failure in name resolution', 'no such host',
].join('|') + String.raw`)\b|\[Errno (?:111|61)\] (?:Connection refused\b|Connect call failed \('([\w.:]+)', (\d+))|\bConnection refused \(os error (?:111|61)\)`);

/**
 * A refused connection: the host was reached (or is this machine) and nothing listens on that
 * port, or a firewall there turned the connection away. Not a matter of DNS, a proxy or the
 * network, which the advice for a host not reached names.
 */
const REFUSED = /ECONNREFUSED|connection refused|\[Errno (?:111|61)\]|os error (?:111|61)/i;

/** Node's fetch (undici) says only this; the host, when printed, is in its cause. */
const FETCH_FAILED = /\bfetch failed\b/;

/**
 * An address on this machine: a service the server needs here, not the network. A loopback IPv4
 * address written as IPv6 (`::ffff:127.0.0.1`, a dual-stack socket's form) is one too.
 */
const LOCAL = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?(?:::1|::ffff:127(?:\.\d{1,3}){3})\]?|0\.0\.0\.0)(?::\d+)?$/i;

/**
 * The head of an error that is not a network error: `TypeError: x`, `ValueError: x`, `Uncaught
 * Error: x`, a Python traceback or a Go or Rust panic. Printed after the network error, it is what
 * the server stopped on, and the network error may only have led to it, or not at all.
 */
const ERROR_HEAD = /^\s*(?:Uncaught\s+)?(?:[A-Za-z_][\w.]*)?(?:Error|Exception)(?: \[\w+\])?: |^\s*Traceback \(most recent call last\)|^\s*panic: |^\s*thread '[^']*' panicked/;

/** What the hint says the server stopped on, as the line read (its index in `lines`) allows. */
function stoppedOn(lines: readonly string[], at: number, quoted: string, what = 'a network error'): string {
  // The last such head: a Python traceback's error is its last line.
  for (let i = lines.length - 1; i > at; i--) {
    const line = lines[i]!;
    if (!ERROR_HEAD.test(line) || UNREACHED.test(line) || FETCH_FAILED.test(line)) continue;
    return `; before it stopped it printed ${what} (${quoted}), then another error (${JSON.stringify(shorten(line.trim(), SHOWN))}), which the first may have caused`;
  }
  return `; it stopped as it started on ${what} it printed (${quoted})`;
}

/**
 * The last stderr line that says the server could not reach a host
 * (@apify/actors-mcp-server 0.16.0 without network: `getaddrinfo ENOTFOUND api.apify.com`), or undefined.
 *
 * @param lines The stderr lines kept.
 * @returns The line, trimmed.
 * @example unreachedLine(['Caused by: Error: getaddrinfo ENOTFOUND api.apify.com']) // 'Caused by: Error: getaddrinfo ENOTFOUND api.apify.com'
 */
export function unreachedLine(lines: readonly string[]): string | undefined {
  const at = unreachedIndex(lines);
  return at < 0 ? undefined : lines[at]!.trim();
}

/** The index of the last line {@link unreachedLine} reads, or -1. */
function unreachedIndex(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (UNREACHED.test(lines[i]!)) return i;
  return -1;
}

/** What to do about a service on this machine that does not answer. */
const START_LOCAL = 'Start that service, or point the server at one that runs with its setting (--server-env NAME=value or an argument)';

/** What a connection refused by a host named (not this machine) means, and what to do. */
const REFUSED_THERE = 'that host was reached, but nothing listens on that port there (its service is down, or listens on another port or address), ' +
  'or a firewall there turned the connection away. Check that the service runs at that address, or point the server at one that does ' +
  'with its setting (--server-env NAME=value or an argument)';

/** What a connection refused at an address the error does not name means (Python's socket, Rust), and what to do. */
const REFUSED_UNNAMED = 'nothing listens on the port it connects to, at an address the error does not name. Most often that is a service on ' +
  'this machine it needs (a database, a cache, an app it talks to) that is not running; else the host it connects to runs no such service, ' +
  'or a firewall there turns the connection away. ' + START_LOCAL;

/** How a line says the host was not reached: refused (reached, nothing listening), not reached, or a bare fetch failure. */
type UnreachedKind = 'refused' | 'unreached' | 'fetch';

/**
 * Where the stderr says a host was not reached: the last line naming one (with the host, when it
 * names it, and whether the connection was refused), else the last bare `fetch failed` (Node's
 * fetch names no host), or undefined.
 */
function unreachedAt(lines: readonly string[]): { at: number; host: string | undefined; kind: UnreachedKind } | undefined {
  const at = unreachedIndex(lines);
  if (at >= 0) {
    const match = UNREACHED.exec(lines[at]!.trim())!;
    // Python's asyncio names the address as a tuple: ('127.0.0.1', 6379), ('::1', 6379, 0, 0).
    const tuple = match[5] === undefined ? undefined : `${match[5].includes(':') ? `[${match[5]}]` : match[5]}:${match[6]!}`;
    // Whether refused is read from the words matched only: a Go lookup whose DNS server refused
    // (`lookup x on 127.0.0.53:53: … connection refused`) is a name not resolved.
    return { at, host: match[1] ?? match[2] ?? match[3] ?? match[4] ?? tuple, kind: REFUSED.test(match[0]) ? 'refused' : 'unreached' };
  }
  for (let i = lines.length - 1; i >= 0; i--) if (FETCH_FAILED.test(lines[i]!)) return { at: i, host: undefined, kind: 'fetch' };
  return undefined;
}

/**
 * The hint for a server that ended non-zero before it answered `initialize` after printing a
 * network error, or '' when its stderr names none.
 *
 * @param lines The server's stderr lines kept.
 * @returns The hint, starting with "; ", or ''.
 * @example networkExitHint(['Error: getaddrinfo EAI_AGAIN svelte.dev']) // '; it stopped on a network error as it started …'
 */
export function networkExitHint(lines: readonly string[]): string {
  const seen = unreachedAt(lines);
  if (seen === undefined) return '';
  const line = lines[seen.at]!.trim();
  if (seen.kind === 'fetch') {
    const lead = stoppedOn(lines, seen.at, `${JSON.stringify(shorten(line, SHOWN))}; Node's fetch names no host`, 'a failed request');
    return `${lead}: ` +
      'it fetches something before it serves, and could not. Check that this machine reaches the hosts it uses (the network, DNS, a proxy, ' +
      'a firewall in CI), or give the server a setting that lets it start without them (--server-env NAME=value)';
  }
  const { host } = seen;
  const lead = stoppedOn(lines, seen.at, JSON.stringify(shorten(line, SHOWN)));
  if (host !== undefined && LOCAL.test(host)) {
    return `${lead}: nothing answers at ${host} on this machine, ` +
      `where the server expects a service it needs (a database, a cache, an app it talks to). ${START_LOCAL}`;
  }
  if (seen.kind === 'refused') {
    return host === undefined ? `${lead}: a connection it made as it started was refused: ${REFUSED_UNNAMED}` : `${lead}: ${host} refused the connection: ${REFUSED_THERE}`;
  }
  const where = host === undefined ? 'a host it needs' : host;
  return `${lead}: it reaches ${where} before it serves, and could not. ` +
    'Check that this machine reaches that host (the network, DNS, a proxy, a firewall in CI), or give the server a setting that ' +
    'points it elsewhere or lets it start without it (--server-env NAME=value)';
}

/**
 * The hint for a server still running that wrote nothing to stdout while its stderr says it could
 * not reach a host (it likely retries), or '' when it says none (a bare `fetch failed` is not read
 * here: a server that fetched once and went on may still be starting).
 *
 * @param lines The server's stderr lines kept.
 * @returns The hint, starting with "; ", or ''.
 * @example silentUnreachedHint(['Caused by: Error: getaddrinfo ENOTFOUND api.apify.com']) // '; the server wrote nothing to stdout, and its stderr says it could not reach a host …'
 */
export function silentUnreachedHint(lines: readonly string[]): string {
  const seen = unreachedAt(lines);
  if (seen === undefined || seen.kind === 'fetch') return '';
  const quoted = JSON.stringify(shorten(lines[seen.at]!.trim(), SHOWN));
  const later = '; a longer --handshake-timeout lets its own error show';
  const { host } = seen;
  if (host !== undefined && LOCAL.test(host)) {
    return `; the server wrote nothing to stdout, and its stderr says nothing answers at ${host} on this machine (${quoted}): ` +
      `it is likely still retrying a service it needs there before it serves (a database, a cache, an app it talks to). ${START_LOCAL}${later}`;
  }
  if (seen.kind === 'refused') {
    const what = host === undefined ? `a connection was refused (${quoted})` : `${host} refused the connection (${quoted})`;
    return `; the server wrote nothing to stdout, and its stderr says ${what}: it is likely still retrying a service it needs before it serves. ` +
      `${upper(host === undefined ? REFUSED_UNNAMED : REFUSED_THERE)}${later}`;
  }
  return `; the server wrote nothing to stdout, and its stderr says it could not reach a host (${quoted}): ` +
    'it is likely still retrying a service it needs before it serves. Check that this machine reaches that host (the network, DNS, a proxy, ' +
    `a firewall in CI), or give the server a setting that points it elsewhere or lets it start without it (--server-env)${later}`;
}

/** `text` with its first letter in upper case, to start a sentence. */
function upper(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/**
 * The hint for a server still running whose request failed (an error answer, a late answer) while
 * its stderr says it could not reach a host, or '' when it says none. A stdio proxy to a hosted
 * MCP server answers `initialize` with its own error when the host is not reached
 * (@assistant-ui/mcp-docs-server 0.3.2 without network, servers19: `-32603: Failed to proxy
 * request to the hosted MCP server` after `getaddrinfo EAI_AGAIN www.assistant-ui.com`): the
 * answer names no host, the stderr does, and that is what to check.
 *
 * @param lines The server's stderr lines kept.
 * @returns The hint, starting with "; ", or ''.
 * @example runningUnreachedHint(['Error: getaddrinfo EAI_AGAIN hosted.example']) // '; its stderr says it could not reach hosted.example …'
 */
export function runningUnreachedHint(lines: readonly string[]): string {
  const seen = unreachedAt(lines);
  if (seen === undefined) return '';
  const line = lines[seen.at]!.trim();
  const quoted = seen.kind === 'fetch' ? `${JSON.stringify(shorten(line, SHOWN))}; Node's fetch names no host` : JSON.stringify(shorten(line, SHOWN));
  const { host } = seen;
  if (host !== undefined && LOCAL.test(host)) {
    // A service this machine should run (a database on loopback), not the network: checking
    // DNS or a firewall would be the wrong advice, as networkExitHint says for a server that exited.
    return `; its stderr says nothing answers at ${host} on this machine (${quoted}), which is likely why it failed: the server ` +
      `expects a service it needs there (a database, a cache, an app it talks to). ${START_LOCAL}`;
  }
  if (seen.kind === 'refused') {
    // Refused is not unreached: the host answered (or is this machine), so DNS and proxies are beside the point.
    return host === undefined
      ? `; its stderr says a connection was refused (${quoted}), which is likely why it failed: ${REFUSED_UNNAMED}`
      : `; its stderr says ${host} refused the connection (${quoted}), which is likely why it failed: ${REFUSED_THERE}`;
  }
  return `; its stderr says it could not reach ${host ?? 'a host'} (${quoted}), which is likely why it failed: a server that forwards to a hosted ` +
    'MCP server, or fetches what it lists, fails when that host is not reached. Check that this machine reaches it (the network, DNS, a proxy, ' +
    'a firewall in CI), or give the server a setting that points it elsewhere (--server-env NAME=value)';
}
