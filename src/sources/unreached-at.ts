/**
 * Where a server's stderr says it could not reach a service, read as rows with stable ids: the
 * generic network errors of Node, Python, Go and Rust, and the wordings of client libraries that
 * name the service themselves (redis-py, libpq under psycopg2 and psycopg 3, Docker clients), or
 * a unix socket (`connect ENOENT /var/run/docker.sock`). `network-exit-hint.ts` turns what is
 * read here into the hints.
 *
 * Before these rows, redis-py's `Error 111 connecting to localhost:6379. Connection refused.`,
 * libpq's `connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused`
 * and Node's `connect ECONNREFUSED /var/run/docker.sock` got no hint at all: none has the shape
 * of the generic errors (`[Errno 111]`, `ECONNREFUSED host:port`).
 *
 * @module
 */

/** Which wording a line has; a stable id each. */
export type UnreachedId =
  | 'unreached.network'
  | 'unreached.redis-py'
  | 'unreached.redis-py-socket'
  | 'unreached.libpq'
  | 'unreached.libpq-host-name'
  | 'unreached.libpq-socket'
  | 'unreached.libpq-old'
  | 'unreached.unix-socket'
  | 'unreached.docker-daemon'
  | 'unreached.fetch';

/** How a line says the service was not reached. */
export type UnreachedKind =
  /** The host was reached (or is this machine) and nothing listens on that port. */
  | 'refused'
  /** The host was not reached: a name not resolved, a timeout, no route. */
  | 'unreached'
  /** Node's bare `fetch failed`, which names no host. */
  | 'fetch'
  /** A unix socket (or Windows named pipe) that could not be opened. */
  | 'socket';

/** What the error says of a unix socket: none there, one nobody listens on, one this user may not open. */
export type SocketProblem = 'missing' | 'refused' | 'denied' | 'unknown';

/** The service a client library's wording names. */
export type ServiceName = 'Redis' | 'PostgreSQL' | 'Docker';

/** A line that says a service was not reached, and what it names. */
export interface Unreached {
  id: UnreachedId;
  /** Its index in the lines read. */
  at: number;
  kind: UnreachedKind;
  /** `host:port` (or the host alone) when the error names it. */
  host?: string;
  /** Whether the host is this machine (localhost, 127.x, ::1); a unix socket always is. */
  local: boolean;
  /** The service, when the wording is its client library's (or the socket is its own). */
  service?: ServiceName;
  /** The client library whose wording it is, to say how the service was told. */
  library?: string;
  /** For a unix socket: its path, when named, and what went wrong. */
  socket?: { path?: string; problem: SocketProblem };
}

/**
 * An address on this machine: a service the server needs here, not the network. A loopback IPv4
 * address written as IPv6 (`::ffff:127.0.0.1`, a dual-stack socket's form) is one too.
 */
const LOCAL = /^(?:localhost|127(?:\.\d{1,3}){3}|\[?(?:::1|::ffff:127(?:\.\d{1,3}){3})\]?|0\.0\.0\.0)(?::\d+)?$/i;

/**
 * Whether `host` (`host`, `host:port`, `[v6]:port`) is this machine.
 *
 * @param host The host as the error names it.
 * @returns True for localhost, 127.x, ::1, ::ffff:127.x and 0.0.0.0.
 * @example isLocalHost('127.0.0.1:6379') // true
 */
export function isLocalHost(host: string): boolean {
  return LOCAL.test(host);
}

/**
 * A network error as Node, Python, Go or Rust print it: the code and the host or address it names.
 * Go's net package writes `dial tcp: lookup slack.com on 10.0.0.53:53: …` for a name it could not
 * resolve (the host is the one looked up, not the DNS server after `on`) and `dial tcp
 * 127.0.0.1:6379: connect: connection refused` for an address (slack-mcp-server 1.3.0 without
 * network, servers19); Python's socket and Rust name no address beside `Connection refused`
 * (`[Errno 111]`, `os error 111`; 61 on macOS), and Python's asyncio names it as a tuple
 * (`[Errno 111] Connect call failed ('127.0.0.1', 6379)`, read as `127.0.0.1:6379`).
 */
const NETWORK = new RegExp('\\b(?:' + [
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

/** `host:port` with an IPv6 host in brackets, as an address is written. */
function hostPort(host: string, port: string): string {
  return `${host.includes(':') && !host.startsWith('[') ? `[${host}]` : host}:${port}`;
}

/** What a socket error's code or words say went wrong. */
function socketProblem(said: string): SocketProblem {
  if (/ENOENT|No such file or directory|\b2\b/i.test(said)) return 'missing';
  if (/ECONNREFUSED|Connection refused|\b(?:111|61)\b/i.test(said)) return 'refused';
  if (/EACCES|EPERM|Permission denied|\b13\b/i.test(said)) return 'denied';
  return 'unknown';
}

/** The service a socket's file name says it belongs to. */
function socketService(path: string): ServiceName | undefined {
  const name = path.split(/[/\\]/).pop() ?? '';
  if (/^docker(?:\.sock|_engine)$/i.test(name)) return 'Docker';
  if (/^\.s\.PGSQL\.\d+$/.test(name)) return 'PostgreSQL';
  if (/^redis(?:-server)?\.sock$/i.test(name)) return 'Redis';
  return undefined;
}

/** A unix socket error read from its path and what was said of it. */
function onSocket(path: string | undefined, said: string, service?: ServiceName, library?: string): Omit<Unreached, 'id' | 'at'> {
  const owner = service ?? (path === undefined ? undefined : socketService(path));
  return {
    kind: 'socket', local: true, socket: { ...(path !== undefined ? { path } : {}), problem: socketProblem(said) },
    ...(owner !== undefined ? { service: owner } : {}), ...(library !== undefined ? { library } : {}),
  };
}

/** What libpq says of a TCP connection that failed: the reasons that are the network's or the port's. */
const LIBPQ_REASON = 'Connection refused|Connection timed out|Operation timed out|Network is unreachable|No route to host';

/** libpq's question after `could not connect to server:` before libpq 14 (TCP, or its unix socket). */
const LIBPQ_OLD_QUESTION = /Is the server running (?:on host \\?"|locally and accepting)/;

/** A PostgreSQL client named before an error (`psycopg2.OperationalError:`, `PG::ConnectionBad:`, `psql:`, `pg_dump:`). */
const POSTGRES_CLIENT = /\b(?:psycopg2?|PG::\w+|psql|pg_dump(?:all)?|pg_restore|postgres(?:ql)?|libpq)\b/i;

/**
 * The errno of a connection that failed, as redis-py prints it before `connecting to`: Linux's and
 * macOS's (refused 111/61, timed out 110/60, host unreachable 113/65, network unreachable 101/51,
 * reset 104/54, address not available 99/49, aborted 103/53, host down 112/64), Windows' (10061,
 * 10060, 10065, 10051, 10054, 11001, 11002) and getaddrinfo's (-2, -3, -5, -9; 8 on macOS).
 */
const SOCKET_ERRNO: ReadonlySet<number> = new Set([111, 61, 110, 60, 113, 65, 101, 51, 104, 54, 99, 49, 103, 53, 112, 64, 10061, 10060, 10065, 10051, 10054, 11001, 11002, -2, -3, -5, -9, 8]);

/** One wording: its id, the test on a line, and what it reads (undefined: not this row after all). */
interface UnreachedRow {
  id: UnreachedId;
  test: RegExp;
  read(m: RegExpExecArray, lines: readonly string[], at: number): Omit<Unreached, 'id' | 'at'> | undefined;
}

/**
 * The rows, tried in order on each line from the last; the first that reads a line wins. The
 * client libraries' wordings come first: they name the service, the generic errors only an address.
 */
const ROWS: readonly UnreachedRow[] = [
  // redis-py (Connection._error_message): `Error 111 connecting to localhost:6379. Connection refused.`;
  // its asyncio client writes the errno twice (`Error 111 connecting to localhost:6379. 111.`), and
  // with several addresses tried, `Error connecting to localhost:6379. Multiple exceptions: [Errno 111] …`.
  {
    id: 'unreached.redis-py-socket', test: /\bError (?:(-?\d+) )?connecting to unix socket: (\S+?)\. (.*)$/,
    // As below: Redis when the line says so or the number is a socket's errno (2 missing, 13 denied too).
    read: (m) => !/redis/i.test(m.input) && (m[1] === undefined || !(SOCKET_ERRNO.has(Number(m[1])) || m[1] === '2' || m[1] === '13'))
      ? undefined : onSocket(m[2]!, `${m[1] ?? ''} ${m[3]!}`, 'Redis', 'redis-py'),
  },
  {
    id: 'unreached.redis-py', test: /\bError (?:(-?\d+) )?connecting to ((?:\[[\da-f:.]+\]|[\w.-]+):\d+)\. ?(.*)$/i,
    // The wording alone is too plain to be sure of (`Error 404 connecting to api.example.com:443.
    // Not Found` is an HTTP client's): Redis when the line says so (`redis.exceptions.ConnectionError:
    // Error connecting to …`), or when the number is a socket's errno, as redis-py's always is.
    read: (m) => !/redis/i.test(m.input) && (m[1] === undefined || !SOCKET_ERRNO.has(Number(m[1]))) ? undefined : {
      kind: m[1] === '111' || m[1] === '61' || m[1] === '10061' || REFUSED.test(m[3]!) ? 'refused' : 'unreached',
      host: m[2]!, local: LOCAL.test(m[2]!), service: 'Redis', library: 'redis-py',
    },
  },
  // libpq 14 and later (psycopg2, psycopg 3, psql): `connection to server at "localhost" (127.0.0.1),
  // port 5432 failed: Connection refused`, or `at "127.0.0.1", port 5432` for an address given as one.
  // The IPv6 attempt beside it (`(::1), port 5432 failed: Cannot assign requested address`) is not read.
  {
    id: 'unreached.libpq', test: new RegExp(String.raw`\bconnection to server at "([^"]+)"(?: \(([^)]+)\))?, port (\d+) failed: (${LIBPQ_REASON})`, 'i'),
    read: (m) => ({
      kind: /refused/i.test(m[4]!) ? 'refused' : 'unreached', host: hostPort(m[1]!, m[3]!),
      local: LOCAL.test(m[1]!) || (m[2] !== undefined && LOCAL.test(m[2])), service: 'PostgreSQL', library: 'libpq',
    }),
  },
  // `could not translate host name "db" to address: Name or service not known`
  {
    id: 'unreached.libpq-host-name', test: /\bcould not translate host name "([^"]+)" to address/,
    read: (m) => ({ kind: 'unreached', host: m[1]!, local: false, service: 'PostgreSQL', library: 'libpq' }),
  },
  {
    id: 'unreached.libpq-socket', test: /\bconnection to server on socket "([^"]+)" failed: (No such file or directory|Connection refused|Permission denied)/,
    read: (m) => onSocket(m[1]!, m[2]!, 'PostgreSQL', 'libpq'),
  },
  // libpq before 14: `could not connect to server: Connection refused`, the address on the next lines
  // (`Is the server running on host "localhost" (127.0.0.1) and accepting` / `TCP/IP connections on
  // port 5432?`, or `connections on Unix domain socket "/var/run/postgresql/.s.PGSQL.5432"?`).
  // The first line alone is any program's plain words (an application's own `RuntimeError: could not
  // connect to server: Connection refused`, raised from the socket error printed above it): it is
  // libpq's only with libpq's question after it (on the next lines, or on the same line where a log
  // wrote the message as one) or a PostgreSQL client named on the line (psycopg2, PG::ConnectionBad, psql).
  {
    id: 'unreached.libpq-old', test: new RegExp(String.raw`\bcould not connect to server: (${LIBPQ_REASON}|No such file or directory|Permission denied)`, 'i'),
    read: (m, lines, at) => {
      const next = [m.input.slice(m.index + m[0].length), ...lines.slice(at + 1, at + 4)].join(' ');
      if (!LIBPQ_OLD_QUESTION.test(next) && !POSTGRES_CLIENT.test(m.input.slice(0, m.index))) return undefined;
      // A log that wrote the message as one line escapes its quotes (`on host \"localhost\"`).
      const socket = /Unix domain socket \\?"([^"\\]+)\\?"/.exec(next);
      if (socket !== null || /running locally/.test(next)) return onSocket(socket?.[1], m[1]!, 'PostgreSQL', 'libpq');
      const host = /running on host \\?"([^"\\]+)\\?"(?: \(([^)]+)\))?/.exec(next);
      const port = /connections on port (\d+)/.exec(next);
      const name = host === null ? undefined : port === null ? host[1]! : hostPort(host[1]!, port[1]!);
      const local = host !== null && (LOCAL.test(host[1]!) || (host[2] !== undefined && LOCAL.test(host[2])));
      return { kind: /refused/i.test(m[1]!) ? 'refused' : 'unreached', ...(name !== undefined ? { host: name } : {}), local, service: 'PostgreSQL', library: 'libpq' };
    },
  },
  // The Docker CLI and Go client: `Cannot connect to the Docker daemon at unix:///var/run/docker.sock.
  // Is the docker daemon running?`; Python's docker SDK: `Error while fetching server API version:
  // ('Connection aborted.', FileNotFoundError(2, 'No such file or directory'))`, no path.
  {
    id: 'unreached.docker-daemon', test: /\bCannot connect to the Docker daemon at unix:\/\/(\/\S+?)\.?(?:\s|$)|\bError while fetching server API version: .*?(FileNotFoundError|ConnectionRefusedError|PermissionError|No such file|Connection refused|Permission denied)/,
    read: (m) => onSocket(m[1], m[2] === undefined ? '' : m[2].replace('FileNotFoundError', 'ENOENT').replace('ConnectionRefusedError', 'ECONNREFUSED').replace('PermissionError', 'EACCES'), 'Docker'),
  },
  // Node (`connect ENOENT /var/run/docker.sock`, `connect ECONNREFUSED /tmp/app.sock`, `connect
  // EACCES …`, a Windows pipe `\\.\pipe\docker_engine`) and Go (`dial unix /var/run/docker.sock:
  // connect: no such file or directory`).
  {
    id: 'unreached.unix-socket', test: /\bconnect (ECONNREFUSED|ENOENT|EACCES|EPERM) (\/[^\s'",)]+|\\\\[.?]\\pipe\\[^\s'",)]+)|\bdial unix (\/[^\s:]+): connect: (no such file or directory|connection refused|permission denied)/,
    read: (m) => onSocket(m[2] ?? m[3]!, m[1] ?? m[4]!),
  },
  {
    id: 'unreached.network', test: NETWORK,
    read: (m) => {
      // Python's asyncio names the address as a tuple: ('127.0.0.1', 6379), ('::1', 6379, 0, 0).
      const tuple = m[5] === undefined ? undefined : hostPort(m[5], m[6]!);
      const host = m[1] ?? m[2] ?? m[3] ?? m[4] ?? tuple;
      // Whether refused is read from the words matched only: a Go lookup whose DNS server refused
      // (`lookup x on 127.0.0.53:53: … connection refused`) is a name not resolved.
      return { kind: REFUSED.test(m[0]) ? 'refused' : 'unreached', ...(host !== undefined ? { host } : {}), local: host !== undefined && LOCAL.test(host) };
    },
  },
];

/** Node's fetch (undici) says only this; the host, when printed, is in its cause. */
const FETCH_FAILED = /\bfetch failed\b/;

/**
 * What the line says, when a row reads it.
 *
 * @param lines The stderr lines kept.
 * @param at The index of the line to read.
 * @returns What it names, or undefined.
 */
function readLine(lines: readonly string[], at: number): Unreached | undefined {
  const line = lines[at]!.trim();
  for (const row of ROWS) {
    const m = row.test.exec(line);
    if (m === null) continue;
    const read = row.read(m, lines, at);
    if (read !== undefined) return { id: row.id, at, ...read };
  }
  return undefined;
}

/**
 * Whether a line says a service was not reached (a bare `fetch failed` included), for the hint
 * that looks past it for the error the server stopped on.
 *
 * @param line One stderr line.
 * @returns True when a row, or the bare fetch failure, reads it.
 * @example namesUnreached('Error: connect ENOENT /var/run/docker.sock') // true
 */
export function namesUnreached(line: string): boolean {
  return FETCH_FAILED.test(line) || readLine([line], 0) !== undefined;
}

/**
 * Where the stderr says a service was not reached: the last line a row reads, else the last bare
 * `fetch failed` (Node's fetch names no host), or undefined.
 *
 * @param lines The stderr lines kept.
 * @returns What the line names, or undefined.
 * @example unreachedAt(['redis.exceptions.ConnectionError: Error 111 connecting to localhost:6379. Connection refused.'])?.service // 'Redis'
 */
export function unreachedAt(lines: readonly string[]): Unreached | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const read = readLine(lines, i);
    if (read !== undefined) return read;
  }
  for (let i = lines.length - 1; i >= 0; i--) if (FETCH_FAILED.test(lines[i]!)) return { id: 'unreached.fetch', at: i, kind: 'fetch', local: false };
  return undefined;
}
