/**
 * The start of a file as text, for hints that read a server's own files (which variables it reads,
 * where it threw): bounded, and quiet when the file cannot be read, since such a file only leaves
 * a hint out.
 *
 * @module
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';

/**
 * The first `max` bytes of a file as UTF-8, or undefined when it cannot be read.
 *
 * @param path The file.
 * @param max At most this many bytes are read.
 * @returns Its text (a character cut at the end is replaced), or undefined.
 * @example readFileHead('/srv/node_modules/x/index.js', 256 * 1024)
 */
export function readFileHead(path: string, max: number): string | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const buffer = Buffer.alloc(Math.min(max, fstatSync(fd).size));
    const n = readSync(fd, buffer, 0, buffer.length, 0);
    return buffer.subarray(0, n).toString('utf8');
  } catch {
    // Unreadable (gone, a folder, no permission): the caller's hint is only left out.
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
