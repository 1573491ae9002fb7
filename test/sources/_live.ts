/**
 * Helpers for live-source tests: the process table, waiting, fixture paths and HTTP servers
 * started on 127.0.0.1 by the tests themselves.
 *
 * @module
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { symlinkSync } from 'node:fs';
import { connect, createServer } from 'node:net';
import { basename, join } from 'node:path';
import { ROOT, tempDir } from '../helpers/cli.ts';

/** A fixture server script. */
export const fixture = (name: string): string => join(ROOT, 'test/fixtures/servers', name);
/** A real server from node_modules. */
export const realServer = (pkg: 'everything' | 'filesystem' | 'memory'): string =>
  join(ROOT, `node_modules/@modelcontextprotocol/server-${pkg}/dist/index.js`);
/**
 * A unique path for a server script (a symlink in a fresh temp dir), so the process table can
 * tell this test's server from the same server started by other tests running in parallel.
 *
 * @param script The real script.
 * @returns The symlink path (Node resolves it to the real file for its imports).
 */
export function uniqueScriptPath(script: string): string {
  const link = join(tempDir('mcpfusion-server-'), basename(script));
  symlinkSync(script, link);
  return link;
}

/** The preload that pins an HTTP server to 127.0.0.1 and a free port. */
export const LOOPBACK_PRELOAD = fixture('loopback-only.mjs');

/** One row of the process table. */
export interface ProcessRow { pid: number; pgid: number; args: string }

/** Every process whose command line contains `needle` (this test process excluded). */
export function processesMatching(needle: string): ProcessRow[] {
  const r = spawnSync('ps', ['-eo', 'pid=,pgid=,args='], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ps failed: ${r.stderr}`);
  return r.stdout
    .split('\n')
    .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
    .filter((m): m is RegExpExecArray => m !== null)
    .map((m) => ({ pid: Number(m[1]), pgid: Number(m[2]), args: m[3]! }))
    .filter((p) => p.pid !== process.pid && p.args.includes(needle) && !p.args.startsWith('ps '));
}

/** Whether a process id is alive. */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Poll until `cond` holds or `ms` pass; returns the last value of `cond`. */
export async function waitFor(cond: () => boolean, ms = 10_000): Promise<boolean> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (cond()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return cond();
}

/** Whether something on 127.0.0.1 accepts a connection on `port` now. */
export function listeningOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.setTimeout(10_000, () => { socket.destroy(); resolve(false); });
    socket.once('connect', () => { socket.destroy(); resolve(true); });
    socket.once('error', () => resolve(false));
  });
}

/** A port of 127.0.0.1 that was free a moment ago (listened on as port 0, then closed). */
function freedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const address = s.address();
      s.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
    s.once('error', reject);
  });
}

/**
 * Run `use` against a port of 127.0.0.1 that nothing listens on. Only a port just freed can be
 * had so, and another process (tests run two files at a time) may listen on it before `use`
 * connects: when `refused` says the result is not that of a refused connection and something
 * does listen on the port now, `use` runs again with another port (5 tries). Any other result is
 * returned for the test's own assertions.
 *
 * @param use Runs the test's command against the port.
 * @param refused Whether its result is that of a refused connection.
 * @returns The last result.
 */
export async function withClosedPort<T>(use: (port: number) => T | Promise<T>, refused: (result: T) => boolean): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const port = await freedPort();
    const result = await use(port);
    if (refused(result) || attempt === 5 || !(await listeningOn(port))) return result;
    console.log(`  note: another process listened on the freed port ${port}; trying another`);
  }
}

/** A server process started by a test, with its port. */
export interface StartedServer { child: ChildProcess; port: number; stderr(): string; stop(): void }

/**
 * Start an HTTP server script on 127.0.0.1 and wait for its "mcpfusion-test-port=<n>" line.
 *
 * @param args Node arguments (script and its arguments).
 * @returns The child, its port, its stderr so far, and stop().
 */
export function startHttpServer(args: string[]): Promise<StartedServer> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let err = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no port line from ${args.join(' ')} within 60 s: ${err}`)), 60_000);
    child.stderr!.on('data', (d) => {
      err += d;
      const m = /mcpfusion-test-port=(\d+)/.exec(err);
      if (m) {
        clearTimeout(timer);
        resolve({
          child,
          port: Number(m[1]),
          stderr: () => err,
          stop: () => {
            try { process.kill(-child.pid!, 'SIGKILL'); } catch (e) { if ((e as NodeJS.ErrnoException).code !== 'ESRCH') throw e; }
          },
        });
      }
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code}): ${err}`)));
  });
}
