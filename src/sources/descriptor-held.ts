/**
 * Whether any process still holds a pipe or socket of the server's stdio (Linux's `/proc`), once
 * the program mcpfusion started has exited. A launcher that fails and exits while something it
 * started in the background holds only its stdout or stderr (`sh -c 'helper & exit 1'`: a shell
 * gives a command it starts with `&` `/dev/null` as stdin) left nothing that could ever read a
 * request, so nothing can answer; mcpfusion waited for the handshake timeout all the same. A
 * server the launcher handed over to reads the stdin it inherited, and holds it.
 *
 * @module
 */
import { readlinkSync } from 'node:fs';
import { readdir, readFile, readlink } from 'node:fs/promises';
import { statFields } from './left-behind.ts';
import { procPids } from './proc-pids.ts';

/**
 * What a process's file descriptor is (`/proc/<pid>/fd/<fd>`'s link, `socket:[123]` for a stdio
 * pipe that Node made), read at once: called right after `spawn` returns, before the event loop
 * runs again, so a launcher that exits within a millisecond of its start is still there.
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

/**
 * Whether some process holds `link` on any of its descriptors (a shell keeps a pipe in fd 3 for a
 * moment before it moves it to 0).
 *
 * @param link What {@link descriptorLinkNow} read.
 * @param group The process group of the program started: one of its processes whose descriptors
 *   cannot be read (another user's, through a set-user-id program) makes the answer unknown.
 * @returns True when one holds it, false when none does, undefined where `/proc` cannot tell.
 * @example await descriptorHeld('socket:[123456]', child.pid) // false: nothing can read the server's stdin
 */
export async function descriptorHeld(link: string, group: number): Promise<boolean | undefined> {
  const pids = await procPids();
  if (pids === undefined) return undefined;
  let unknown = false;
  const held = await Promise.all(pids.filter((e) => e !== process.pid).map(async (e) => {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${e}/fd`);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'EACCES' || code === 'EPERM') {
        const stat = await readFile(`/proc/${e}/stat`, 'utf8').catch(() => undefined);
        if (stat !== undefined && statFields(stat)?.pgrp === group) unknown = true;
      }
      return false; // gone since the listing (ENOENT), or another user's outside the group
    }
    const links = await Promise.all(fds.map((fd) => readlink(`/proc/${e}/fd/${fd}`).catch(() => undefined))); // closed since the listing
    return links.includes(link);
  }));
  if (held.includes(true)) return true;
  return unknown ? undefined : false;
}
