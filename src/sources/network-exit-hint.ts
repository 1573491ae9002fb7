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
 * Which line says so, and what it names (a host, a service whose client library wrote it, a unix
 * socket), is read by the rows of `unreached-at.ts`.
 *
 * @module
 */
import { shorten } from '../format/shorten.ts';
import { namesUnreached, unreachedAt, type ServiceName, type Unreached } from './unreached-at.ts';

/** How much of the error line the hint quotes. */
const SHOWN = 200;

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
    if (!ERROR_HEAD.test(line) || namesUnreached(line)) continue;
    return `; before it stopped it printed ${what} (${quoted}), then another error (${JSON.stringify(shorten(line.trim(), SHOWN))}), which the first may have caused`;
  }
  return `; it stopped as it started on ${what} it printed (${quoted})`;
}

/** How many lines above a bare `fetch failed` a URL it fetched is looked for. */
const URL_LINES_BEFORE = 3;

/**
 * A URL on one of the few lines just above a bare `fetch failed`, with its host, or undefined.
 * @intelligentdata/mcp-server 0.1.0-dev.183 prints `Connecting to https://api.smartvmapi.com/mcp`,
 * then `Fatal error: fetch failed`, and exits 1 (servers25): the host to check was on the line before.
 */
function urlBefore(lines: readonly string[], at: number): { url: string; host: string } | undefined {
  for (let i = at - 1; i >= Math.max(0, at - URL_LINES_BEFORE); i--) {
    const found = /https?:\/\/[^\s"'<>]+/i.exec(lines[i]!.slice(0, 2000))?.[0];
    if (found === undefined) continue;
    try {
      return { url: found, host: new URL(found).host };
    } catch (error) {
      // Not a URL after all (`http://` alone): look no further up.
      if (error instanceof TypeError) return undefined;
      throw error;
    }
  }
  return undefined;
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
  const seen = unreachedAt(lines);
  return seen === undefined || seen.kind === 'fetch' ? undefined : lines[seen.at]!.trim();
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

/** How to start each service named by its client's wording, and a setting's usual form. */
const SERVICES: Readonly<Record<ServiceName, { start: string; url: string }>> = {
  Redis: { start: 'redis-server, or a container publishing its port', url: 'redis://host:6379' },
  PostgreSQL: { start: 'systemctl start postgresql or pg_ctl start, or a container publishing its port', url: 'postgresql://user@host:5432/db' },
  Docker: { start: 'systemctl start docker, or Docker Desktop', url: 'unix:///var/run/docker.sock' },
};

/** Where the Docker socket is looked for when the error names no path (Python's docker SDK). */
const DOCKER_SOCKET_UNNAMED = 'the Docker socket (DOCKER_HOST, else /var/run/docker.sock)';

/** What to do about a Docker socket missing, left behind, or unknown. */
const DOCKER_FIX = 'Start the Docker daemon (systemctl start docker, or Docker Desktop); in a container or CI job, mount its socket ' +
  '(docker run -v /var/run/docker.sock:/var/run/docker.sock …); or point the server at a daemon that runs with DOCKER_HOST ' +
  '(--server-env DOCKER_HOST=unix:///path/to/docker.sock)';

/**
 * What a line read as a named service (its client library's wording) or a unix socket says, and
 * what to do: `says` is a clause for the hints' leads, `advice` whole sentences. Undefined for the
 * generic network errors, whose words the hints keep.
 */
function namedService(seen: Unreached): { says: string; advice: string } | undefined {
  if (seen.kind === 'socket') return socketText(seen);
  const { service, host } = seen;
  if (service === undefined) return undefined;
  const { start, url } = SERVICES[service];
  const whose = seen.library === undefined ? '' : ` (the error is ${seen.library}'s)`;
  const setting = `with its setting (--server-env NAME=value or an argument; often a URL such as ${url})`;
  if (seen.local) {
    return {
      says: `nothing answers at ${host ?? 'its address'} on this machine, where the server expects ${service}${whose}`,
      advice: `Start ${service} there (${start}), or point the server at a ${service} that runs ${setting}`,
    };
  }
  if (seen.kind === 'refused') {
    return host === undefined
      ? {
        says: `a connection to ${service} was refused${whose}, at an address the error does not name`,
        advice: `Most often ${service} is not running on this machine: start it (${start}), or point the server at a ${service} that runs ${setting}`,
      }
      : {
        says: `${host} refused the connection, where the server expects ${service}${whose}: that host was reached, but no ${service} listens on that port there ` +
          '(it is down, or listens on another port or address), or a firewall there turned the connection away',
        advice: `Check that ${service} runs at that address and accepts connections from this machine, or point the server at one that does ${setting}`,
      };
  }
  return {
    says: `it could not reach ${service} at ${host ?? 'the host it was given'}${whose}`,
    advice: `Check that this machine reaches that host (the network, DNS, a proxy, a firewall in CI), or point the server at a ${service} it reaches ${setting}`,
  };
}

/** {@link namedService} for a unix socket (or Windows named pipe). */
function socketText(seen: Unreached): { says: string; advice: string } {
  const { service } = seen;
  const { path, problem } = seen.socket!;
  const where = path ?? (service === 'Docker' ? DOCKER_SOCKET_UNNAMED : 'its socket');
  const owner = service === 'Docker' ? 'the Docker daemon' : service ?? 'the service that should create it';
  const whose = seen.library === undefined ? '' : ` (the error is ${seen.library}'s)`;
  if (problem === 'denied') {
    return {
      says: `this user may not open the unix socket ${where}${service === undefined ? '' : ` of ${owner}`}${whose}`,
      advice: service === 'Docker'
        ? 'Add the user to the docker group (sudo usermod -aG docker "$USER", then log in again), or run mcpfusion as a user who may open the socket'
        : 'Run mcpfusion as a user who may open it (one in the group that owns it), or connect the server another way with its setting (--server-env NAME=value or an argument)',
    };
  }
  const says = problem === 'missing'
    ? `there is no unix socket ${path === undefined ? `where the server looks for ${owner}${service === 'Docker' ? ' (DOCKER_HOST, else /var/run/docker.sock)' : ''}` : `at ${where}, where the server expects ${owner}`}${whose}: ${owner} is not running on this machine, or, in a container or CI job, its socket is not mounted there`
    : problem === 'refused'
      ? `the unix socket ${where} is there, but nothing listens on it${whose}: ${owner} is not running (it stopped and left its socket file behind)`
      : `${owner} does not answer at the unix socket ${where}${whose}`;
  const advice = service === 'Docker' ? DOCKER_FIX
    : service !== undefined ? `Start ${service} on this machine (${SERVICES[service].start}), or point the server at one that runs (over TCP: a host and port in its setting, --server-env NAME=value)`
    : 'Start the service that creates that socket, or point the server at the socket it does create with its setting (--server-env NAME=value or an argument)';
  return { says, advice };
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
    // Node's fetch names no host; a line the server printed just before may (`Connecting to https://…`).
    const before = urlBefore(lines, seen.at);
    const lead = stoppedOn(lines, seen.at, `${JSON.stringify(shorten(line, SHOWN))}; Node's fetch names no host` +
      (before === undefined ? '' : `, the line before names ${JSON.stringify(shorten(before.url, SHOWN))}`), 'a failed request');
    return before === undefined
      ? `${lead}: ` +
        'it fetches something before it serves, and could not. Check that this machine reaches the hosts it uses (the network, DNS, a proxy, ' +
        'a firewall in CI), or give the server a setting that lets it start without them (--server-env NAME=value)'
      : `${lead}: it most likely fetches from ${before.host} before it serves, and could not reach it. Check that this machine reaches ${before.host} ` +
        '(the network, DNS, a proxy, a firewall in CI), or give the server a setting that points it elsewhere or lets it start without it (--server-env NAME=value)';
  }
  // A unix socket is on this machine: an error connecting to it is no matter of the network.
  const lead = stoppedOn(lines, seen.at, JSON.stringify(shorten(line, SHOWN)), seen.kind === 'socket' ? 'a socket error' : undefined);
  const named = namedService(seen);
  if (named !== undefined) return `${lead}: ${named.says}. ${named.advice}`;
  const { host } = seen;
  if (host !== undefined && seen.local) {
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
  const named = namedService(seen);
  if (named !== undefined) {
    return `; the server wrote nothing to stdout, and its stderr says ${named.says} (${quoted}): it is likely still retrying before it serves. ${named.advice}${later}`;
  }
  const { host } = seen;
  if (host !== undefined && seen.local) {
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
  const named = namedService(seen);
  if (named !== undefined) return `; its stderr says ${named.says} (${quoted}), which is likely why it failed. ${named.advice}`;
  const { host } = seen;
  if (host !== undefined && seen.local) {
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
