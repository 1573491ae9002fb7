/**
 * The server's stdin as a connected pair of Unix sockets made by mcpfusion itself (POSIX), so the
 * kernel says when no process holds the server's end any more: our end reads end-of-file (or a
 * reset, when the last holder left unread data) once every process that held the other end has
 * closed it or exited, whoever they belong to.
 *
 * Before, the server's stdin was Node's own pipe, and who held it was looked up in `/proc` by the
 * link of the child's descriptor 0, read right after `spawn` returned: a launcher that exited
 * within a millisecond or so of its start was gone before (a zombie has no descriptors), and a
 * process of another user (a set-user-id program, `sudo`, a non-dumpable process) could not be
 * read, and was taken for none when outside the server's process group.
 *
 * @module
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { connect, createServer, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Both ends of the server's stdin. */
export interface StdinPair {
  /** Ours: written to, and read only to learn when the other end is closed by all. */
  ours: Socket;
  /** Given to the server as its stdin, then closed here (the server holds a copy). */
  theirs: Socket;
}

/** Why no pair was made: the server then gets Node's own pipe, and nothing tells who holds it. */
export interface NoStdinPair {
  reason: string;
}

/** Longest path of a Unix socket (`sun_path` holds 108 bytes on Linux, 104 on macOS, with the NUL). */
const MAX_SOCKET_PATH = 103;

/**
 * Make a connected pair of Unix stream sockets, through a socket file in a fresh directory only
 * this user can enter (0700), removed again before this returns.
 *
 * @param dir Where the directory is made (default: the system's temporary directory).
 * @returns The pair, or why none was made (not POSIX, a path too long, a directory not writable).
 * @example const pair = await tryStdinPair(); if ('ours' in pair) spawn(cmd, args, { stdio: [pair.theirs, 'pipe', 'pipe'] })
 */
export async function tryStdinPair(dir = tmpdir()): Promise<StdinPair | NoStdinPair> {
  if (process.platform === 'win32') return { reason: 'not POSIX' };
  let made: string;
  try {
    made = await mkdtemp(join(dir, 'mcpfusion-'));
  } catch (error) {
    return { reason: `cannot make a directory in "${dir}": ${(error as Error).message}` };
  }
  const path = join(made, 's');
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    await rm(made, { recursive: true, force: true });
    return { reason: `the socket path "${path}" is longer than ${MAX_SOCKET_PATH} bytes` };
  }
  const server = createServer({ allowHalfOpen: true, pauseOnConnect: true });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => resolve());
    });
    const accepted = new Promise<Socket>((resolve) => server.once('connection', resolve));
    const ours = connect({ path, allowHalfOpen: true });
    await new Promise<void>((resolve, reject) => {
      ours.once('connect', resolve);
      ours.once('error', reject);
    });
    return { ours, theirs: await accepted };
  } catch (error) {
    return { reason: `cannot connect a socket pair at "${path}": ${(error as Error).message}` };
  } finally {
    server.close();
    await rm(made, { recursive: true, force: true });
  }
}
