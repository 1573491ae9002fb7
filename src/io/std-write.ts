/**
 * Synchronous writes to the process's standard output and error by file descriptor.
 *
 * The CLI writes its reports with `writeSync` rather than through `process.stdout`: creating
 * that stream (and asking it `isTTY`) loads the whole stream machinery, which in the standalone
 * executable costs more start-up than a `check` itself. Synchronous writes also mean nothing is
 * left buffered when the process exits with a code.
 *
 * @module
 */
import { writeSync } from 'node:fs';
import { createRequire } from 'node:module';

const closed = new Set<number>();
let pause: Int32Array | undefined;

/**
 * Write all of `text` (UTF-8) to `fd`, retrying when a non-blocking descriptor is full
 * (`EAGAIN`). When the reader has gone away (`EPIPE`, e.g. `mcpfusion diff … | head -1`), this and
 * later writes to that descriptor are dropped instead of crashing the process.
 *
 * @param fd The file descriptor (1 or 2).
 * @param text The text to write.
 * @returns Nothing.
 * @throws {Error} Any other write error (e.g. `EBADF`, `ENOSPC`).
 * @example writeFdSync(1, 'done\n')
 */
export function writeFdSync(fd: number, text: string): void {
  if (closed.has(fd) || text.length === 0) return;
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        pause ??= new Int32Array(new SharedArrayBuffer(4));
        Atomics.wait(pause, 0, 0, 2);
        continue;
      }
      if (code === 'EPIPE') {
        closed.add(fd);
        return;
      }
      throw e;
    }
  }
}

/**
 * Whether `fd` is a terminal, without creating `process.stdout`. `node:tty` is loaded only when
 * asked (in Bun it pulls in the stream machinery: ~4 ms of start-up).
 *
 * @param fd The file descriptor.
 * @returns `true` for a TTY.
 * @example isTerminal(1)
 */
export function isTerminal(fd: number): boolean {
  const tty = createRequire(import.meta.url)('node:tty') as typeof import('node:tty');
  return tty.isatty(fd);
}

/**
 * Whether text reports may use ANSI colour: NO_COLOR (any value but empty) turns it off; else
 * FORCE_COLOR (any value but empty, `0` or `false`) turns it on, also off a terminal (CI logs that
 * render colour); else only on a terminal whose TERM is not `dumb` (one that shows escape
 * sequences as text).
 *
 * @param env The environment.
 * @param terminal Whether standard output is a terminal (asked only when it decides).
 * @returns Whether to colour.
 * @example colorWanted({ FORCE_COLOR: '1' }, () => false) // true
 */
export function colorWanted(env: Record<string, string | undefined>, terminal: () => boolean): boolean {
  if (env['NO_COLOR']) return false;
  const force = env['FORCE_COLOR'];
  if (force !== undefined && force !== '') return force !== '0' && force.toLowerCase() !== 'false';
  return env['TERM'] !== 'dumb' && terminal();
}
