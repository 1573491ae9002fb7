/**
 * The log files a server's processes hold open for writing, read from Linux's `/proc`: a server
 * that writes nothing to stdout or stderr may still say why it stops, in a file.
 * obsidian-mcp-server 2.0.7 logs with winston to `logs/error.log` inside its own package folder
 * and, when it cannot reach Obsidian, retries five times and exits 1 without a word on either
 * stream (servers16); the hint for a silent exit could only guess. Files are found through the
 * links in `/proc/<pid>/fd` of the server's process group, and kept when `/proc/<pid>/fdinfo/<fd>`
 * says they are open for writing and their path names a log ({@link isLogPath}). Elsewhere the
 * answer is `undefined`.
 *
 * @module
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { groupMembers } from './listening-ports.ts';

/** A file's name or folder that says it holds a log: `error.log`, `app.log.1`, `server-2026-12-06.log`, `logs/combined.txt`, `log/out`. */
const LOG_PATH = /(?:\.log(?:\.\d+)?|[._-]log[._-]?\d*\.(?:txt|json|jsonl))$|\/logs?\/[^/]+$/i;

/**
 * Whether an open file's path names a log: a `.log` file, or a file in a `log` or `logs`
 * folder. Device files, pipes and sockets (`/dev/…`, `pipe:[…]`) never do.
 *
 * @param path The target of a `/proc/<pid>/fd` link.
 * @returns Whether it is a log file's path.
 * @example isLogPath('/srv/app/logs/error.log') // true
 * @example isLogPath('/home/u/.cache/db.sqlite') // false
 */
export function isLogPath(path: string): boolean {
  if (!path.startsWith('/') || /^\/(?:dev|proc|sys)\//.test(path) || / \(deleted\)$/.test(path)) return false;
  return LOG_PATH.test(path);
}

/**
 * Whether the `flags:` line of a `/proc/<pid>/fdinfo/<fd>` file says the file is open for writing
 * (`O_WRONLY` or `O_RDWR`; the flags are octal).
 *
 * @param fdinfo The file's text.
 * @returns Whether it is open for writing; false when the line is missing.
 * @example opensForWriting('pos:\t0\nflags:\t02102001\n') // true
 */
export function opensForWriting(fdinfo: string): boolean {
  const m = /^flags:\s*([0-7]+)\s*$/m.exec(fdinfo);
  return m !== null && (parseInt(m[1]!, 8) & 3) !== 0;
}

/**
 * The log files the processes of a process group hold open for writing.
 *
 * @param group The process group (the id of the process mcpfusion started as its leader).
 * @param known The group's members when just read ({@link groupMembers}), so one look at `/proc` serves several readers.
 * @returns Their paths, sorted, `[]` for none, or undefined where `/proc` cannot tell.
 */
export async function openLogFiles(group: number, known?: readonly number[]): Promise<string[] | undefined> {
  const members = known ?? (await groupMembers(group));
  if (members === undefined) return undefined;
  const found = new Set<string>();
  for (const pid of members) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const target = await readlink(`/proc/${pid}/fd/${fd}`);
        if (!isLogPath(target) || found.has(target)) continue;
        if (opensForWriting(await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8'))) found.add(target);
      } catch {
        // Closed since the listing.
      }
    }
  }
  return [...found].sort();
}
