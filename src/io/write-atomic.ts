/**
 * Atomic file writes: the full bytes go to a temporary file in the same directory, are flushed
 * to disk, and only then renamed over the target. A failure at any point leaves the old file as
 * it was and removes the temporary file; a reader never sees a truncated or half-written file.
 * A target that is a symbolic link keeps being one: the file it points to is replaced. A
 * replaced file keeps its mode, and its owner and group where the system lets them be given.
 *
 * @module
 */
import { accessSync, closeSync, constants, fchmodSync, fchownSync, fstatSync, fsyncSync, lstatSync, openSync, readlinkSync, realpathSync, renameSync, statSync, unlinkSync, writeSync, type Stats } from 'node:fs';
import { basename, dirname, isAbsolute, join } from 'node:path';
import { InputError } from '../errors.ts';
import { NAME_MAX_BYTES, nameTooLongReason } from './name-limit.ts';

let counter = 0;

/**
 * The temporary file beside `path`: `.<name>.<pid>.<time>.<n>.tmp`, with the name cut (at a
 * character) so that the whole stays within {@link NAME_MAX_BYTES}: a lockfile name that the
 * file system takes must not fail for its temporary file's longer name.
 */
function tempPathFor(path: string): string {
  const suffix = `.${process.pid}.${Date.now().toString(36)}.${counter++}.tmp`;
  let name = basename(path);
  const room = NAME_MAX_BYTES - 1 - suffix.length;
  if (Buffer.byteLength(name) > room) {
    let cut = '';
    for (const ch of name) {
      if (Buffer.byteLength(cut + ch) > room) break;
      cut += ch;
    }
    name = cut;
  }
  return join(dirname(path), `.${name}${suffix}`);
}

/** The signals a cancelled CI job or a terminal sends (SIGKILL cannot be caught). */
const DEFERRED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
let deferring = false;

function stopDeferring(): void {
  deferring = false;
  for (const s of DEFERRED_SIGNALS) process.removeListener(s, onDeferredSignal);
}

/** A signal caught during or after a write: end the process on it as its default action would. */
function onDeferredSignal(signal: NodeJS.Signals): void {
  stopDeferring();
  // Another listener (a live server's shutdown) ends the process itself, after its own work.
  if (process.listenerCount(signal) === 0) process.kill(process.pid, signal);
}

/**
 * Let a write finish before SIGINT, SIGTERM or SIGHUP ends the process. Their default action
 * ends it inside write(2) and leaves a partial temporary file behind; with a listener the signal
 * waits until the synchronous write (and its rename, or its clean-up) is done, and is then
 * raised again. The listener stays two turns of the event loop after the write: removed sooner,
 * a signal caught while the write ran but not yet handed to JavaScript (in the poll phase) would
 * be lost; kept for good, a library host's own `process.once` shutdown, set up before, would be
 * cut short by the signal raised again (its listener is removed before it is called).
 */
function deferSignals(): void {
  if (deferring) return;
  deferring = true;
  for (const s of DEFERRED_SIGNALS) process.on(s, onDeferredSignal);
}

/** The write is done: the listeners go once a signal caught during it had its turns to arrive. */
let writesEnded = 0;
function endDeferral(): void {
  const ended = ++writesEnded;
  setImmediate(() => setImmediate(() => {
    // A later write keeps them for its own turns.
    if (deferring && ended === writesEnded) stopDeferring();
  }));
}

/** What a file system entry is, in words, when it is neither a regular file nor a directory. */
function specialKind(st: Stats): string | undefined {
  if (st.isCharacterDevice()) return 'a character device';
  if (st.isBlockDevice()) return 'a block device';
  if (st.isFIFO()) return 'a named pipe';
  if (st.isSocket()) return 'a socket';
  return undefined;
}

/**
 * Refuse to write over a device, a named pipe or a socket: the rename would replace it with a
 * regular file (run as root, `--lockfile /dev/null` would replace the system's `/dev/null`), and
 * reading a pipe first would wait for a writer. A missing path, a regular file and a directory
 * (which the callers name in their own words) pass. A symbolic link is followed.
 *
 * @param path The target path.
 * @param label What is written and where, for the message (e.g. `lockfile "mcpfusion.lock"`).
 * @throws {InputError} When the path names a device, a named pipe or a socket.
 * @example assertWritableTarget('/srv/mcpfusion.lock', 'lockfile "mcpfusion.lock"')
 */
export function assertWritableTarget(path: string, label = `file "${path}"`): void {
  let st: Stats;
  try {
    st = statSync(path);
  } catch {
    return;
  }
  const kind = specialKind(st);
  if (kind !== undefined) {
    throw new InputError(`Cannot write ${label}: it is ${kind}, not a regular file; give the path of a file to write; nothing was changed`);
  }
}

/**
 * Refuse to replace a file that is read-only: no write bit at all (`chmod a-w`, `0444`, which
 * root's own writes would pass over too), or one the user running mcpfusion may not write (owned
 * by another user). The rename would replace it all the same, since it needs only the
 * directory's write permission (as `sed -i` does); but a lockfile made read-only is most often
 * one a CI step or a teammate protected from change, as `mv` and `rm` ask before they replace or
 * remove a write-protected file and cargo fails on a read-only Cargo.lock. The file is left as
 * it is; making it writable is the one way to replace it.
 */
function refuseReadOnly(path: string, shownPath: string, mode: number, flag: string | undefined): void {
  let denied: string | undefined;
  if ((mode & 0o222) !== 0) {
    try {
      accessSync(path, constants.W_OK);
    } catch (e) {
      // Only a permission answer means read-only (a file that went away in between is written
      // anew); a read-only file system fails the write itself, with its own message.
      denied = String((e as NodeJS.ErrnoException).code);
    }
    if (denied !== 'EACCES' && denied !== 'EPERM') return;
  }
  // In a folder that cannot be written the rename fails too, and that is what to fix first.
  try {
    accessSync(dirname(path), constants.W_OK);
  } catch {
    return;
  }
  const why = (mode & 0o222) === 0 ? `it is read-only (mode ${mode.toString(8).padStart(4, '0')})` : 'it is not writable by the user running mcpfusion';
  throw new InputError(`Cannot write "${shownPath}"${path === shownPath ? '' : ` (a link to "${path}")`}: ${why}, so it is left as it is (a read-only file is taken as one kept from change); make it writable (chmod u+w) to replace it${flag === undefined ? '' : `, or write elsewhere (${flag} PATH)`}`);
}

/**
 * Write a file atomically (temp file + fsync + rename in the same directory).
 *
 * @param shownPath Target path (a symbolic link is followed: the file it points to is replaced).
 * @param data The complete new content (a string is written as UTF-8), or its text in pieces
 *   (`stringifySortedChunks`), written as they come, so a big file is never one string: an error
 *   thrown while the pieces are made removes the temporary file and is thrown as it is.
 * @param options `mode` for a new file (an existing file keeps its mode); `flag`, the option that
 *   names this path (`--lockfile`, `--attestation` …), for the hint when the directory is not writable.
 * @throws {InputError} When the target is a device, a named pipe or a socket, a read-only file (no write bit, or not writable by this user), the directory is not writable or the write fails; the old file is intact.
 * @example writeFileAtomic('mcpfusion.lock', text)
 */
export function writeFileAtomic(shownPath: string, data: string | Uint8Array | Iterable<string>, options: { mode?: number; flag?: string } = {}): void {
  const path = linkTarget(shownPath);
  assertWritableTarget(path, `file "${shownPath}"${path === shownPath ? '' : ` (a link to "${path}")`}`);
  const dir = dirname(path);
  const tmp = tempPathFor(path);
  let existingMode: number | undefined;
  let existingOwner: { uid: number; gid: number } | undefined;
  try {
    const st = statSync(path);
    existingMode = st.mode & 0o777;
    existingOwner = { uid: st.uid, gid: st.gid };
  } catch {
    // A new file: the requested mode, less the umask. (Not an error: the target may not exist yet.)
  }
  if (existingMode !== undefined) refuseReadOnly(path, shownPath, existingMode, options.flag);
  let fd: number | undefined;
  let piecesFailed: { error: unknown } | undefined;
  deferSignals();
  try {
    fd = openSync(tmp, 'wx', existingMode ?? options.mode ?? 0o644);
    // The new file belongs to whoever runs this; the old one's owner and group are given back
    // where the system lets them be (before the mode: a change of owner may clear mode bits).
    if (existingOwner !== undefined) keepOwner(fd, existingOwner);
    // The umask applies to the mode given to open: an existing group-writable (0664) file would
    // come back as 0644. Set the old file's mode on the new one exactly.
    if (existingMode !== undefined) fchmodSync(fd, existingMode);
    if (typeof data === 'string' || data instanceof Uint8Array) writeAll(fd, typeof data === 'string' ? Buffer.from(data, 'utf8') : data);
    else {
      piecesFailed = writePieces(fd, data);
      if (piecesFailed !== undefined) throw piecesFailed.error;
    }
    fsyncSync(fd);
    closeSync(fd);
    fd = undefined;
    renameReplacing(tmp, path);
    syncDirectory(dir);
  } catch (cause) {
    if (fd !== undefined) {
      try { closeSync(fd); } catch { /* already failing; the original error is reported below */ }
    }
    try { unlinkSync(tmp); } catch { /* the temp file may never have been created */ }
    // Not a write that failed: the pieces could not be made (the caller's error, as it is).
    if (piecesFailed !== undefined && cause === piecesFailed.error) throw cause;
    throw writeError(cause, shownPath, path, options.flag);
  } finally {
    endDeferral();
  }
}

/**
 * The error of a write (or of the temporary file's creation) that failed, in the user's words:
 * what to fix for each cause, and whether the previous file is kept.
 */
function writeError(cause: unknown, shownPath: string, path: string, flag: string | undefined): InputError {
  const dir = dirname(path);
  const code = (cause as NodeJS.ErrnoException).code;
  // In a directory that does not exist there is no previous file to speak of.
  const noDirectory = code === 'ENOENT' && !isDirectory(dir);
  // A part of the path is a file (`--lockfile contracts.json/x.lock`): said so, not as the raw
  // ENOTDIR of the temporary file's name.
  const fileInPath = code === 'ENOTDIR' ? fileAmongParents(dir) : undefined;
  const elsewhere = flag === undefined ? '' : ` (${flag} PATH)`;
  const hint = code === 'EROFS'
    ? `the directory "${dir}" is on a read-only file system (mounted read-only: a container's read-only root or volume, a read-only bind mount); write elsewhere${elsewhere} or mount it writable`
    : code === 'EACCES' || code === 'EPERM'
    ? `the directory "${dir}" is not writable; fix its permissions or write elsewhere${elsewhere}`
    : fileInPath !== undefined ? `"${fileInPath}" is a file, not a folder; give a path in a folder${elsewhere}`
    : code === 'ENOENT' ? (noDirectory ? `the directory "${dir}" does not exist; create it first` : `files cannot be created in "${dir}" (${String((cause as Error).message)})`)
    : code === 'ENOSPC' ? 'the disk is full'
    : code === 'ENAMETOOLONG' ? `${nameTooLongReason(path)}; give a shorter name${elsewhere}`
    : String((cause as Error).message);
  const kept = noDirectory || fileInPath !== undefined ? '' : '; the previous file (if any) is unchanged';
  return new InputError(`Cannot write "${shownPath}"${path === shownPath ? '' : ` (a link to "${path}")`}: ${hint}${kept}`, { cause });
}

/**
 * Check, before work that cannot be undone, that {@link writeFileAtomic} could replace (or create)
 * the file: it is no device, pipe or socket, not read-only, and a temporary file can be created
 * beside it (that file is removed at once). `probe record` calls tools on a live server before it
 * writes their results: a probe file in a read-only folder must stop it before the first call.
 *
 * @param shownPath Target path, as {@link writeFileAtomic} takes it.
 * @param options `flag`, the option that names this path, for the hints.
 * @throws {InputError} With the message {@link writeFileAtomic} would give; nothing is changed.
 * @example assertCanReplace('mcpfusion.probes.jsonc', { flag: '--probes' })
 */
export function assertCanReplace(shownPath: string, options: { flag?: string } = {}): void {
  // Through the link itself first: `/dev/fd/63` of `<(…)` is a link to a name that resolves to nothing.
  assertWritableTarget(shownPath, `file "${shownPath}"`);
  const path = linkTarget(shownPath);
  assertWritableTarget(path, `file "${shownPath}"${path === shownPath ? '' : ` (a link to "${path}")`}`);
  let mode: number | undefined;
  try {
    mode = statSync(path).mode & 0o777;
  } catch {
    // A new file: only its folder matters.
  }
  if (mode !== undefined) refuseReadOnly(path, shownPath, mode, options.flag);
  const tmp = tempPathFor(path);
  deferSignals();
  try {
    closeSync(openSync(tmp, 'wx', 0o600));
    unlinkSync(tmp);
  } catch (cause) {
    try { unlinkSync(tmp); } catch { /* never created */ }
    throw writeError(cause, shownPath, path, options.flag);
  } finally {
    endDeferral();
  }
}

/**
 * Give the new file the replaced file's owner and group. Root can give both: without this, a
 * `lock` run as root (a CI container over a bind-mounted checkout, `sudo`) left a root-owned
 * lockfile that its owner's next `lock` refused as not writable by them. Another user can give
 * only a group they belong to (a lockfile shared through a group-writable `0664` keeps its
 * group); what the system refuses (EPERM: a user cannot give a file away) leaves the file theirs,
 * as any new file is, and is no failure of the write.
 *
 * @returns What was kept: `owner`, `group` (the owner could not be), or `neither`.
 */
function keepOwner(fd: number, old: { uid: number; gid: number }): 'owner' | 'group' | 'neither' {
  const now = fstatSync(fd);
  if (now.uid === old.uid && now.gid === old.gid) return 'owner';
  const refused = (e: unknown): boolean => {
    const code = (e as NodeJS.ErrnoException).code;
    // EINVAL: an id the file system cannot store (a user namespace without that id mapped).
    if (code === 'EPERM' || code === 'EINVAL') return true;
    throw e;
  };
  try {
    fchownSync(fd, old.uid, old.gid);
    return 'owner';
  } catch (e) {
    refused(e);
  }
  if (now.gid === old.gid) return 'group';
  try {
    fchownSync(fd, now.uid, old.gid);
    return 'group';
  } catch (e) {
    refused(e);
    return 'neither';
  }
}

/** Write all of `bytes` at the file's current position. */
function writeAll(fd: number, bytes: Uint8Array): void {
  let off = 0;
  while (off < bytes.length) off += writeSync(fd, bytes, off, bytes.length - off);
}

/** How many characters of pieces are gathered before they are written. */
const PIECES_BATCH = 1 << 20;

/**
 * Write text pieces in batches of about a MiB; the error of the code making the pieces is
 * returned (the caller removes the file and throws it unchanged), a write error is thrown.
 */
function writePieces(fd: number, pieces: Iterable<string>): { error: unknown } | undefined {
  const iterator = pieces[Symbol.iterator]();
  let batch: string[] = [];
  let size = 0;
  for (;;) {
    let next: IteratorResult<string>;
    try {
      next = iterator.next();
    } catch (error) {
      return { error };
    }
    if (next.done !== true) {
      batch.push(next.value);
      size += next.value.length;
    }
    if (size >= PIECES_BATCH || (next.done === true && size > 0)) {
      writeAll(fd, Buffer.from(batch.join(''), 'utf8'));
      batch = [];
      size = 0;
    }
    if (next.done === true) return undefined;
  }
}

/** How long (ms, in total) a rename Windows refuses for a moment is tried again. */
const WINDOWS_RENAME_RETRY_MS = 2000;

/**
 * Rename `from` over `to`. On Windows a rename over a file another process holds open for a
 * moment (a virus scanner, the search indexer, an editor reading the lockfile) fails with EPERM,
 * EACCES or EBUSY and succeeds a little later: it is tried again, with growing waits, for up to
 * {@link WINDOWS_RENAME_RETRY_MS}. Elsewhere, and for any other error, the first failure stands.
 *
 * @param from The temporary file.
 * @param to The target.
 * @param platform The platform (a parameter for tests).
 * @param rename The rename (a parameter for tests).
 * @throws The rename's last error.
 * @example renameReplacing('.mcpfusion.lock.123.tmp', 'mcpfusion.lock')
 */
export function renameReplacing(from: string, to: string, platform: string = process.platform, rename: (a: string, b: string) => void = renameSync): void {
  const deadline = Date.now() + WINDOWS_RENAME_RETRY_MS;
  for (let wait = 10; ; wait = Math.min(wait * 2, 250)) {
    try {
      rename(from, to);
      return;
    } catch (cause) {
      const code = (cause as NodeJS.ErrnoException).code;
      const transient = platform === 'win32' && (code === 'EPERM' || code === 'EACCES' || code === 'EBUSY');
      if (!transient || Date.now() + wait > deadline) throw cause;
      sleepSync(wait);
    }
  }
}

/** Block the thread for `ms` milliseconds (a write is synchronous; there is nothing else to run). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

/** The nearest of `dir` and its parents that exists, when it is not a directory (else undefined). */
function fileAmongParents(dir: string): string | undefined {
  for (let at = dir; ; at = dirname(at)) {
    try {
      return statSync(at).isDirectory() ? undefined : at;
    } catch {
      if (dirname(at) === at) return undefined;
    }
  }
}

function isDirectory(dir: string): boolean {
  try {
    return statSync(dir).isDirectory();
  } catch {
    return false;
  }
}

/** More links than this in a chain are taken as a loop (Linux gives up after 40 too). */
const MAX_LINK_HOPS = 40;

/** The file a path names: itself, or where its symbolic link (chain) points, even when dangling. */
function linkTarget(path: string): string {
  try {
    if (!lstatSync(path).isSymbolicLink()) return path;
  } catch {
    return path;
  }
  try {
    return realpathSync(path);
  } catch {
    // Dangling: follow the chain link by link to the name that does not exist yet, so the file
    // is created where the last link points and every link stays a link. A loop has no such
    // name: replacing one of its links would be a guess, so it is an error.
    let current = path;
    for (let hops = 0; hops < MAX_LINK_HOPS; hops++) {
      let isLink: boolean;
      try {
        isLink = lstatSync(current).isSymbolicLink();
      } catch {
        return current;
      }
      if (!isLink) return current;
      const link = readlinkSync(current);
      current = isAbsolute(link) ? link : join(dirname(current), link);
    }
    throw new InputError(`Cannot write "${path}": its symbolic links form a loop (or a chain longer than ${MAX_LINK_HOPS}), so it names no file; fix the link or write elsewhere; nothing was changed`);
  }
}

/** Make the rename itself durable where directories can be opened (not on Windows). */
function syncDirectory(dir: string): void {
  let fd: number | undefined;
  try {
    fd = openSync(dir, 'r');
    fsyncSync(fd);
  } catch {
    // Not supported here: the file's own bytes were flushed before the rename.
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
