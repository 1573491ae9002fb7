import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { networkExitHint, runningUnreachedHint, silentUnreachedHint } from '../../src/sources/network-exit-hint.ts';
import { unreachedAt } from '../../src/sources/unreached-at.ts';

// Client libraries that name the service they could not reach in their own words (redis-py,
// libpq under psycopg2 / psycopg 3, Docker clients) and unix sockets: before these rows none of
// these lines got a hint, since none has the shape of the generic network errors.

const NODE = process.execPath;
const PYTHON = 'python3';
const SERVICE_PY = join(ROOT, 'test/fixtures/servers/service_refused_python.py');
const SOCKET_JS = join(ROOT, 'test/fixtures/servers/exits-socket.mjs');
/** A long limit, so a slow start on a loaded machine never reads as a timeout. */
const PATIENT = ['--handshake-timeout', '60000'];

test('unreachedAt: each wording read to its row, service, address and kind', () => {
  const rows: [string[], Record<string, unknown>][] = [
    [['redis.exceptions.ConnectionError: Error 111 connecting to localhost:6379. Connection refused.'], { id: 'unreached.redis-py', kind: 'refused', host: 'localhost:6379', local: true, service: 'Redis' }],
    // redis.asyncio writes the errno where the reason goes.
    [['Error 111 connecting to localhost:6379. 111.'], { id: 'unreached.redis-py', kind: 'refused', host: 'localhost:6379' }],
    [['Error 61 connecting to 127.0.0.1:6380. Connection refused.'], { id: 'unreached.redis-py', kind: 'refused', local: true }],
    [['redis.exceptions.ConnectionError: Error -2 connecting to redis:6379. Name or service not known.'], { id: 'unreached.redis-py', kind: 'unreached', host: 'redis:6379', local: false }],
    [['Error 2 connecting to unix socket: /run/redis/redis.sock. No such file or directory.'], { id: 'unreached.redis-py-socket', kind: 'socket', service: 'Redis', socket: { path: '/run/redis/redis.sock', problem: 'missing' } }],
    [['psycopg2.OperationalError: connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused', '\tIs the server running on that host and accepting TCP/IP connections?'],
      { id: 'unreached.libpq', kind: 'refused', host: 'localhost:5432', local: true, service: 'PostgreSQL', at: 0 }],
    [['psycopg.OperationalError: connection to server at "127.0.0.1", port 5433 failed: Connection refused'], { id: 'unreached.libpq', host: '127.0.0.1:5433', local: true }],
    [['connection to server at "db.internal" (10.0.3.14), port 5432 failed: Connection timed out'], { id: 'unreached.libpq', kind: 'unreached', host: 'db.internal:5432', local: false }],
    // The IPv6 attempt printed after the refused one is not what failed.
    [['connection to server at "localhost" (127.0.0.1), port 5432 failed: Connection refused', '\tIs the server running on that host and accepting TCP/IP connections?',
      'connection to server at "localhost" (::1), port 5432 failed: Cannot assign requested address'], { id: 'unreached.libpq', at: 0 }],
    [['could not translate host name "postgres" to address: Name or service not known'], { id: 'unreached.libpq-host-name', kind: 'unreached', host: 'postgres', service: 'PostgreSQL' }],
    [['connection to server on socket "/var/run/postgresql/.s.PGSQL.5432" failed: No such file or directory'], { id: 'unreached.libpq-socket', kind: 'socket', socket: { path: '/var/run/postgresql/.s.PGSQL.5432', problem: 'missing' } }],
    [['psycopg2.OperationalError: could not connect to server: Connection refused', '\tIs the server running on host "localhost" (127.0.0.1) and accepting', '\tTCP/IP connections on port 5432?'],
      { id: 'unreached.libpq-old', kind: 'refused', host: 'localhost:5432', local: true, service: 'PostgreSQL' }],
    [['could not connect to server: No such file or directory', '\tIs the server running locally and accepting', '\tconnections on Unix domain socket "/tmp/.s.PGSQL.5432"?'],
      { id: 'unreached.libpq-old', kind: 'socket', socket: { path: '/tmp/.s.PGSQL.5432', problem: 'missing' } }],
    [['Error: connect ECONNREFUSED /var/run/docker.sock'], { id: 'unreached.unix-socket', kind: 'socket', service: 'Docker', socket: { path: '/var/run/docker.sock', problem: 'refused' } }],
    [['Error: connect ENOENT /var/run/docker.sock'], { id: 'unreached.unix-socket', service: 'Docker', socket: { path: '/var/run/docker.sock', problem: 'missing' } }],
    [['Error: connect EACCES /var/run/docker.sock'], { socket: { path: '/var/run/docker.sock', problem: 'denied' } }],
    [['Error: connect ENOENT /tmp/app.sock'], { id: 'unreached.unix-socket', kind: 'socket', socket: { path: '/tmp/app.sock', problem: 'missing' } }],
    [['error during connect: dial unix /var/run/docker.sock: connect: permission denied'], { id: 'unreached.unix-socket', service: 'Docker', socket: { path: '/var/run/docker.sock', problem: 'denied' } }],
    [['Cannot connect to the Docker daemon at unix:///var/run/docker.sock. Is the docker daemon running?'], { id: 'unreached.docker-daemon', service: 'Docker', socket: { path: '/var/run/docker.sock', problem: 'unknown' } }],
    [["docker.errors.DockerException: Error while fetching server API version: ('Connection aborted.', FileNotFoundError(2, 'No such file or directory'))"],
      { id: 'unreached.docker-daemon', service: 'Docker', socket: { problem: 'missing' } }],
    // The generic row still reads the generic errors.
    [['Error: connect ECONNREFUSED 127.0.0.1:6379'], { id: 'unreached.network', kind: 'refused', host: '127.0.0.1:6379', local: true }],
  ];
  for (const [lines, want] of rows) {
    const got = unreachedAt(lines) as unknown as Record<string, unknown> | undefined;
    assert.ok(got !== undefined, lines[0]);
    for (const [key, value] of Object.entries(want)) assert.equal(got![key], value, `${key} of ${JSON.stringify(lines[0])}: ${JSON.stringify(got)}`);
  }
  // Without its errno, the plain wording is Redis's only when the line says so.
  assert.is(unreachedAt(['Error connecting to localhost:8080. Something went wrong.']), undefined);
  assert.is(unreachedAt(['redis.exceptions.ConnectionError: Error connecting to localhost:6379. Timeout.'])?.service, 'Redis');
  // Nor is a number that is no socket's errno (an HTTP status, an application's code): main said
  // Redis for each of these.
  for (const line of ['Error 404 connecting to api.example.com:443. Not Found', 'HTTP Error 503 connecting to upstream:8080. Service Unavailable', 'Error 1 connecting to db.internal:5432. authentication failed']) {
    assert.is(unreachedAt([line]), undefined, line);
    assert.is(networkExitHint([line]), '', line);
  }
  assert.is(unreachedAt(['Error 500 connecting to unix socket: /tmp/app.sock. Internal error.']), undefined);
  assert.is(unreachedAt(['Error 13 connecting to unix socket: /tmp/app.sock. Permission denied.'])?.service, 'Redis');
  assert.is(unreachedAt(['Error 10061 connecting to localhost:6379. No connection could be made because the target machine actively refused it.'])?.kind, 'refused');
  // A spawn of a missing program is no socket.
  assert.is(unreachedAt(['Error: spawn docker ENOENT']), undefined);
});

test('libpq\'s old first line is PostgreSQL only with libpq\'s question after it or a PostgreSQL client named: another program\'s same words are not', () => {
  const question = ['\tIs the server running on host "db.internal" (10.0.3.14) and accepting', '\tTCP/IP connections on port 5433?'];
  assert.equal(unreachedAt(['could not connect to server: Connection refused', ...question]),
    { id: 'unreached.libpq-old', at: 0, kind: 'refused', host: 'db.internal:5433', local: false, service: 'PostgreSQL', library: 'libpq' });
  // A log that wrote the message on one line, its newlines and quotes escaped.
  const oneLine = String.raw`{"level":"error","msg":"could not connect to server: Connection refused\n\tIs the server running on host \"localhost\" (127.0.0.1) and accepting\n\tTCP/IP connections on port 5432?"}`;
  assert.equal(unreachedAt([oneLine]), { id: 'unreached.libpq-old', at: 0, kind: 'refused', host: 'localhost:5432', local: true, service: 'PostgreSQL', library: 'libpq' });
  // Its question lost, a client named on the line still says PostgreSQL (the address unknown).
  for (const line of ['psql: could not connect to server: Connection refused', 'PG::ConnectionBad: could not connect to server: Connection refused', 'pg_dump: could not connect to server: No such file or directory']) {
    assert.is(unreachedAt([line])?.service, 'PostgreSQL', line);
  }
  // The same words from another program: no PostgreSQL, and the socket error above it is what is read.
  assert.is(unreachedAt(['RuntimeError: could not connect to server: Connection refused']), undefined);
  assert.is(unreachedAt(['could not connect to server: Connection refused', '\tIs the API running at http://localhost:8080?']), undefined);
  const chained = unreachedAt(['ConnectionRefusedError: [Errno 111] Connection refused', '', 'The above exception was the direct cause of the following exception:', '', 'RuntimeError: could not connect to server: Connection refused']);
  assert.equal(chained, { id: 'unreached.network', at: 0, kind: 'refused', local: false });
  assert.not.match(networkExitHint(['RuntimeError: could not connect to server: No such file or directory']), /PostgreSQL/);
});

test('the hints name the service, its address and what to do, for a server that exits, one still retrying and one that answered', () => {
  const redis = networkExitHint(['redis.exceptions.ConnectionError: Error 111 connecting to localhost:6379. Connection refused.']);
  assert.ok(redis.includes(': nothing answers at localhost:6379 on this machine, where the server expects Redis (the error is redis-py\'s). Start Redis there (redis-server'), redis);
  const remote = networkExitHint(['psycopg2.OperationalError: connection to server at "db.example" (192.0.2.4), port 5432 failed: Connection refused']);
  assert.ok(remote.includes(': db.example:5432 refused the connection, where the server expects PostgreSQL (the error is libpq\'s): that host was reached, but no PostgreSQL listens on that port there'), remote);
  assert.not.ok(/on this machine|DNS/.test(remote), remote);
  const silent = silentUnreachedHint(['Error 111 connecting to localhost:6379. Connection refused.']);
  assert.ok(silent.startsWith('; the server wrote nothing to stdout, and its stderr says nothing answers at localhost:6379 on this machine, where the server expects Redis'), silent);
  assert.ok(silent.endsWith('a longer --handshake-timeout lets its own error show'), silent);
  const denied = runningUnreachedHint(['Error: connect EACCES /var/run/docker.sock']);
  assert.ok(denied.includes('this user may not open the unix socket /var/run/docker.sock of the Docker daemon'), denied);
  assert.ok(denied.includes('Add the user to the docker group'), denied);
  const sdk = networkExitHint(["docker.errors.DockerException: Error while fetching server API version: ('Connection aborted.', FileNotFoundError(2, 'No such file or directory'))"]);
  assert.ok(sdk.includes('there is no unix socket where the server looks for the Docker daemon (DOCKER_HOST, else /var/run/docker.sock)'), sdk);
  const other = networkExitHint(['Error: connect ENOENT /tmp/app.sock']);
  assert.ok(other.includes('there is no unix socket at /tmp/app.sock, where the server expects the service that should create it'), other);
  assert.ok(other.includes('Start the service that creates that socket'), other);
  assert.not.ok(other.includes('Docker'), other);
});

for (const [mode, fragments] of [
  ['redis', [/\("redis\.exceptions\.ConnectionError: Error 111 connecting to localhost:(\d+)\. Connection refused\."\): nothing answers at localhost:\1 on this machine, where the server expects Redis \(the error is redis-py's\)/, 'Start Redis there']],
  ['libpq', [/\("psycopg2\.OperationalError: connection to server at \\"localhost\\" \(127\.0\.0\.1\), port (\d+) failed: Connection refused"\): nothing answers at localhost:\1 on this machine, where the server expects PostgreSQL \(the error is libpq's\)/, 'Start PostgreSQL there']],
  ['libpq-old', [/\("psycopg2\.OperationalError: could not connect to server: Connection refused"\): nothing answers at localhost:\d+ on this machine, where the server expects PostgreSQL/]],
  ['libpq-socket', [/there is no unix socket at \S+\/\.s\.PGSQL\.5432, where the server expects PostgreSQL \(the error is libpq's\): PostgreSQL is not running on this machine/]],
] as const) {
  test(`a Python server that stops on its client library's refusal (${mode}): the failure names the service and its address`, () => {
    const r = runCli(['lock', '--server', `${PYTHON} ${SERVICE_PY} ${mode}`, ...PATIENT], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(r.stderr.includes('the server exited (exit code 1)'), r.stderr);
    for (const f of fragments) assert.ok(typeof f === 'string' ? r.stderr.includes(f) : f.test(r.stderr), `stderr lacks ${String(f)}:\n${r.stderr}`);
    assert.not.ok(r.stderr.includes('a firewall in CI'), r.stderr);
  });
}

for (const [mode, fragment] of [
  ['missing', /\("Error: connect ENOENT (\S+\/docker\.sock)"\): there is no unix socket at \1, where the server expects the Docker daemon: the Docker daemon is not running on this machine, or, in a container or CI job, its socket is not mounted there\. Start the Docker daemon/],
  ['stale', /\("Error: connect ECONNREFUSED (\S+\/docker\.sock)"\): the unix socket \1 is there, but nothing listens on it: the Docker daemon is not running \(it stopped and left its socket file behind\)\. Start the Docker daemon/],
] as const) {
  test(`a Node server that stops on a Docker socket it cannot open (${mode}): the failure says the daemon is not there and how to give it one`, () => {
    const r = runCli(['lock', '--server', `${NODE} ${SOCKET_JS} ${mode}`, ...PATIENT], { cwd: tempDir() });
    assert.is(r.code, 3, r.stderr);
    assert.ok(fragment.test(r.stderr), r.stderr);
    assert.ok(r.stderr.includes('DOCKER_HOST'), r.stderr);
  });
}

test('a Python server that stops on its own "could not connect to server: Connection refused", raised from the socket error: the refusal is read, and no PostgreSQL named', () => {
  const r = runCli(['lock', '--server', `${PYTHON} ${SERVICE_PY} app-refused`, ...PATIENT], { cwd: tempDir() });
  assert.is(r.code, 3, r.stderr);
  assert.ok(r.stderr.includes('before it stopped it printed a network error ("ConnectionRefusedError: [Errno 111] Connection refused"), then another error ("RuntimeError: could not connect to server: Connection refused")'), r.stderr);
  assert.ok(r.stderr.includes('nothing listens on the port it connects to, at an address the error does not name'), r.stderr);
  assert.not.match(r.stderr, /PostgreSQL|libpq/);
});

test.run();
