/**
 * The processes `/proc` lists (Linux), read by the hints that look at a server's process group:
 * who holds its stdin, which ports it listens on, what it left running.
 *
 * @module
 */
import { readdir } from 'node:fs/promises';

/**
 * The pids of the processes `/proc` lists.
 *
 * @returns Their pids, or undefined where there is no `/proc` to read (not Linux, not mounted).
 * @example await procPids() // [1, 2, 4242, …]
 */
export async function procPids(): Promise<number[] | undefined> {
  if (process.platform !== 'linux') return undefined;
  let entries: string[];
  try {
    entries = await readdir('/proc');
  } catch {
    return undefined;
  }
  return entries.filter((e) => /^\d+$/.test(e)).map(Number);
}
