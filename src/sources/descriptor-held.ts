/**
 * What a descriptor of the server's stdio is (Linux's `/proc`), read as it starts: the link of its
 * stdout names, at shutdown, a process that still holds it from a session of its own
 * (`left-behind.ts`). Who holds its stdin is told by the kernel instead (`stdin-pair.ts`).
 *
 * @module
 */
import { readlinkSync } from 'node:fs';

/**
 * What a process's file descriptor is (`/proc/<pid>/fd/<fd>`'s link, `socket:[123]` for a stdio
 * pipe that Node made), read at once: called right after `spawn` returns, before the event loop
 * runs again; a launcher that exits within a millisecond or so of its start may be gone already.
 *
 * @param pid The process.
 * @param fd The descriptor (0: stdin, 1: stdout).
 * @returns The link, or undefined where it cannot be read (not Linux, gone, not ours).
 * @example descriptorLinkNow(child.pid, 0) // 'socket:[123456]'
 */
export function descriptorLinkNow(pid: number, fd: number): string | undefined {
  if (process.platform !== 'linux') return undefined;
  try {
    return readlinkSync(`/proc/${pid}/fd/${fd}`);
  } catch {
    return undefined; // gone already, or not ours to read: nothing to look for later
  }
}
