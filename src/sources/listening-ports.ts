/**
 * The TCP ports a server's processes listen on, read from Linux's `/proc`: a server started in
 * its HTTP mode that prints nothing at all gives no other sign of it. The server's process group
 * (mcpfusion starts it as a group of its own, so `npx`, a shell and the program it runs are all
 * in it) is found through `/proc/<pid>/stat`, its sockets through the `socket:[inode]` links in
 * `/proc/<pid>/fd`, and those listening through the `LISTEN` rows (state `0A`) of
 * `/proc/<pid>/net/tcp` and `tcp6`. Elsewhere (macOS, Windows, a `/proc` that is not mounted or
 * not readable) the answer is `undefined`: nothing is known, and nothing is concluded.
 *
 * @module
 */
import { readdir, readFile, readlink } from 'node:fs/promises';
import { endianness } from 'node:os';
import { procPids } from './proc-pids.ts';

/** A listening TCP socket: the address as written (`127.0.0.1`, `0.0.0.0`, `::`, `::1`) and the port. */
export interface Listener {
  address: string;
  port: number;
}

const LISTEN = '0A';

/** The process group of a process, from the fields of `/proc/<pid>/stat` after its `(comm)`. */
function processGroup(stat: string): number | undefined {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const pgrp = Number(fields[2]);
  return Number.isInteger(pgrp) ? pgrp : undefined;
}

/** The 4 bytes of a /proc word (host byte order) in network order. */
function wordBytes(hex: string, little: boolean): number[] {
  const bytes = [0, 2, 4, 6].map((i) => parseInt(hex.slice(i, i + 2), 16));
  return little ? bytes.reverse() : bytes;
}

/**
 * An address of `/proc/net/tcp` (IPv4, 8 hex digits) or `tcp6` (32), as it is usually written.
 *
 * @param hex The address column before its `:port`.
 * @param little Whether the host is little-endian (the words are in host byte order).
 * @returns `127.0.0.1`, `::`, `::1`, an IPv4-mapped address as IPv4, else eight groups.
 * @example procAddress('0100007F', true) // '127.0.0.1'
 */
export function procAddress(hex: string, little = endianness() === 'LE'): string {
  if (hex.length === 8) return wordBytes(hex, little).join('.');
  const bytes = [0, 8, 16, 24].flatMap((i) => wordBytes(hex.slice(i, i + 8), little));
  if (bytes.every((b) => b === 0)) return '::';
  if (bytes.slice(0, 15).every((b) => b === 0) && bytes[15] === 1) return '::1';
  if (bytes.slice(0, 10).every((b) => b === 0) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12).join('.');
  const groups: string[] = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i]! << 8) | bytes[i + 1]!).toString(16));
  return groups.join(':');
}

/**
 * The listening sockets of a `/proc/net/tcp` or `tcp6` table whose inode is one of `inodes`.
 *
 * @param table The table's text.
 * @param inodes Socket inodes (from `socket:[inode]` links).
 * @returns The listeners, in the table's order.
 * @example listenersIn(text, new Set(['2197208'])) // [{ address: '127.0.0.1', port: 44497 }]
 */
export function listenersIn(table: string, inodes: ReadonlySet<string>): Listener[] {
  const out: Listener[] = [];
  for (const line of table.split('\n').slice(1)) {
    const f = line.trim().split(/\s+/);
    // sl, local_address, rem_address, st, tx:rx, tr:when, retrnsmt, uid, timeout, inode
    if (f.length < 10 || f[3] !== LISTEN || !inodes.has(f[9]!)) continue;
    const [address, port] = f[1]!.split(':');
    if (address === undefined || port === undefined) continue;
    out.push({ address: procAddress(address), port: parseInt(port, 16) });
  }
  return out;
}

/**
 * The processes of a process group, from `/proc/<pid>/stat` (Linux).
 *
 * @param group The process group (the id of the process mcpfusion started as its leader).
 * @returns Their pids (the leader among them), or undefined where `/proc` cannot tell (not Linux,
 *   not mounted, the leader gone or hidden).
 * @example await groupMembers(child.pid) // [4242, 4250]
 */
export async function groupMembers(group: number): Promise<number[] | undefined> {
  const pids = await procPids();
  if (pids === undefined) return undefined;
  const members: number[] = [];
  await Promise.all(pids.map(async (e) => {
    try {
      if (processGroup(await readFile(`/proc/${e}/stat`, 'utf8')) === group) members.push(e);
    } catch {
      // Gone since the listing, or not ours to read.
    }
  }));
  if (!members.includes(group)) return undefined; // the leader exited, or /proc hides other processes
  return members.sort((a, b) => a - b);
}

/**
 * The TCP sockets the processes of a process group listen on.
 *
 * @param group The process group (the id of the process mcpfusion started as its leader).
 * @returns The listeners (each port once per address, sorted by port), `[]` for none, or
 *   undefined where `/proc` cannot tell (not Linux, not mounted, the group's leader unreadable).
 * @param known The group's members when just read ({@link groupMembers}), so one look at `/proc` serves several readers.
 * @example await listeningPorts(child.pid) // [{ address: '127.0.0.1', port: 3001 }]
 */
export async function listeningPorts(group: number, known?: readonly number[]): Promise<Listener[] | undefined> {
  const members = known ?? (await groupMembers(group));
  if (members === undefined) return undefined;
  const inodes = new Set<string>();
  for (const pid of members) {
    let fds: string[];
    try {
      fds = await readdir(`/proc/${pid}/fd`);
    } catch {
      if (pid === group) return undefined; // its sockets cannot be read: nothing is known
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(await readlink(`/proc/${pid}/fd/${fd}`));
        if (m !== null) inodes.add(m[1]!);
      } catch {
        // Closed since the listing.
      }
    }
  }
  if (inodes.size === 0) return [];
  const found = new Map<string, Listener>();
  for (const table of ['tcp', 'tcp6']) {
    let text: string;
    try {
      text = await readFile(`/proc/${group}/net/${table}`, 'utf8');
    } catch {
      continue; // no IPv6 in this kernel
    }
    for (const l of listenersIn(text, inodes)) found.set(`${l.address} ${l.port}`, l);
  }
  return [...found.values()].sort((a, b) => a.port - b.port);
}

/**
 * The URL to try for a listener: loopback for a wildcard or loopback address, else the address.
 *
 * @param l The listener.
 * @returns `http://127.0.0.1:3001/mcp` and the like.
 * @example suggestedUrl({ address: '0.0.0.0', port: 3001 }) // 'http://127.0.0.1:3001/mcp'
 */
export function suggestedUrl(l: Listener): string {
  const host = l.address === '0.0.0.0' || l.address === '::' || l.address.startsWith('127.') ? '127.0.0.1'
    : l.address === '::1' ? '[::1]'
      : l.address.includes(':') ? `[${l.address}]` : l.address;
  return `http://${host}:${l.port}/mcp`;
}

/**
 * The listeners in words: `TCP port 3001 (127.0.0.1)`, `TCP ports 3001 (0.0.0.0) and 9464 (::)`.
 *
 * @param listeners At least one.
 * @returns The phrase.
 * @example describeListeners([{ address: '127.0.0.1', port: 3001 }]) // 'TCP port 3001 (127.0.0.1)'
 */
export function describeListeners(listeners: readonly Listener[]): string {
  const each = listeners.slice(0, 4).map((l) => `${l.port} (${l.address})`);
  const more = listeners.length > 4 ? ` and ${listeners.length - 4} more` : '';
  const list = each.length === 1 ? each[0]! : more !== '' ? each.join(', ') : `${each.slice(0, -1).join(', ')} and ${each[each.length - 1]!}`;
  return `TCP port${listeners.length === 1 ? '' : 's'} ${list}${more}`;
}

/**
 * The kernel's ephemeral port range (Linux: `/proc/sys/net/ipv4/ip_local_port_range`), from which
 * a socket bound to port 0 gets its port, or undefined where it cannot be read.
 *
 * @returns `[low, high]`, both included.
 */
export async function ephemeralPortRange(): Promise<[number, number] | undefined> {
  try {
    const m = /^\s*(\d+)\s+(\d+)/.exec(await readFile('/proc/sys/net/ipv4/ip_local_port_range', 'utf8'));
    return m === null ? undefined : [Number(m[1]), Number(m[2])];
  } catch {
    return undefined;
  }
}

/**
 * Whether every listener is on a port the system picked (in its ephemeral range): a socket bound to
 * port 0, as a sign-in's redirect listener is (@merill/lokka 0.3.0 with Azure's
 * InteractiveBrowserCredential listened on 38001, then 36233), not an MCP endpoint set to a port.
 *
 * @param listeners At least one.
 * @param range The ephemeral range, or undefined (then: false).
 * @returns Whether all of them are in it.
 * @example pickedBySystem([{ address: '127.0.0.1', port: 38001 }], [32768, 60999]) // true
 */
export function pickedBySystem(listeners: readonly Listener[], range: readonly [number, number] | undefined): boolean {
  return range !== undefined && listeners.length > 0 && listeners.every((l) => l.port >= range[0] && l.port <= range[1]);
}
