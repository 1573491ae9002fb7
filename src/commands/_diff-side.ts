/**
 * Private helper of `diff`: read one side given as a path, `-` (stdin) or `git:<ref>[:path]`,
 * and detect from its content whether it is a lockfile, a contracts file or a saved `tools/list`.
 *
 * @module
 */
import { readStdinBytesOrText, type StdinUse } from '../sources/read-stdin.ts';
import { decodeAndRelease, plainBytes } from '../io/read-stdin-bytes.ts';
import { spawnSync } from 'node:child_process';
import { isAbsolute, relative, resolve } from 'node:path';
import { parseStrictJson } from '../canonical/strict-json.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ContractSet } from '../contract/types.ts';
import { InputError, JsonParseError } from '../errors.ts';
import { decodeUtf8, plainUtf8, readTextFile, tryReadPlainUtf8 } from '../io/read-file.ts';
import { contractSetFromLockfile, hasLockfileFields, isCompleteLockfile, lockfileFromDocument } from '../lockfile/parse-lockfile.ts';
import { conflictMarkerLine } from '../lockfile/conflict-markers.ts';
import { tryLazyContractSet } from '../lockfile/lazy-lockfile-bytes.ts';
import { LOCKFILE_BYTES_FROM } from '../lockfile/types.ts';
import { recordedView } from '../lockfile/recorded-view.ts';
import type { Lockfile } from '../lockfile/types.ts';
import { contractSetFromJson } from '../sources/contracts-file.ts';
import { loadConfig } from '../sources/config.ts';
import { parseToolsListFile } from '../sources/tools-list-file.ts';
import type { Io } from './command.ts';

/** What kind of document a side holds. */
export type SideKind = 'lockfile' | 'contracts file' | 'tools/list file' | 'source';

/** One loaded side. */
export interface DiffSide {
  /** The contracts; for a lockfile in MCP Fusion's format, only what it records (`recordedView`). */
  set: ContractSet;
  /** A lockfile in MCP Fusion's own format (without per-action contracts): diffed by `diffRecorded`. */
  recorded?: Lockfile;
  kind: SideKind;
  /** For messages and reports: `lockfile "mcpfusion.lock"`, `lockfile "git:HEAD~1:mcpfusion.lock"`. */
  label: string;
  /** The local file it came from (not for stdin or git), for annotations. */
  file?: string;
  /**
   * What it does not say clearly (a saved tools/list: annotation hints, input schemas that are
   * not objects; a contracts file: an action both read-only and destructive), as `lock` warns
   * about the same file; empty for a lockfile.
   */
  warnings: string[];
  /** A live source (NEW of `--against`): how output hides the secrets this run gave it (`LoadedSource.redact`). */
  redact?: (text: string) => string;
}

const isObj = (v: unknown): v is Record<string, JsonValue> => typeof v === 'object' && v !== null && !Array.isArray(v);
const looksLikeTool = (v: unknown): boolean => isObj(v) && 'inputSchema' in v && !('surface' in v);

/**
 * Detect the kind of a parsed document: a lockfile has `lockfileVersion`; a `tools/list` result
 * (or JSON-RPC response, or bare array) holds MCP tools with `inputSchema`; anything else is read
 * as a contracts file (ToolContracts with `surface`).
 *
 * @param doc The parsed document.
 * @returns The kind.
 */
export function detectSideKind(doc: JsonValue): SideKind {
  if (isObj(doc) && ('lockfileVersion' in doc || hasLockfileFields(doc))) return 'lockfile';
  const tools = Array.isArray(doc) ? doc
    : isObj(doc) && Array.isArray(doc['tools']) ? doc['tools']
    : isObj(doc) && isObj(doc['result']) && Array.isArray(doc['result']['tools']) ? doc['result']['tools'] : undefined;
  if (tools !== undefined && (tools.some(looksLikeTool) || (isObj(doc) && 'result' in doc))) return 'tools/list file';
  return 'contracts file';
}

/** The bytes of a file at a git revision, relative to the working directory. */
function gitShow(ref: string, path: string, cwd: string): Uint8Array {
  // git would read `git:--output=x` as its option (and write the file x): no revision starts with "-".
  if (ref.startsWith('-') || ref === '') {
    throw new InputError(`"git:${ref}" is not a git revision${ref === '' ? ' (it is empty)' : ' (a revision cannot start with "-")'}; give a branch, tag or commit, e.g. git:HEAD or git:main`);
  }
  const rel = isAbsolute(path) ? relative(cwd, path) : path;
  const spec = `${ref}:./${rel.replace(/\\/g, '/')}`;
  const r = spawnSync('git', ['show', spec], { cwd, maxBuffer: 256 * 1024 * 1024 });
  if (r.error !== undefined) {
    const code = (r.error as NodeJS.ErrnoException).code;
    throw new InputError(`Cannot read "git:${ref}:${path}": ${code === 'ENOENT' ? 'git is not installed or not on PATH' : r.error.message}`, { cause: r.error });
  }
  if (r.status !== 0) {
    const why = decodeUtf8(r.stderr, 'git output').trim().split('\n').slice(-2).join('; ').replace(/^fatal: /, '');
    throw new InputError(`Cannot read "${path}" at git revision "${ref}": ${why || `git exited with ${r.status}`}`);
  }
  return r.stdout;
}

/** A side as read: a big plain UTF-8 file (or git blob) as bytes, anything else as text. */
type ReadSide = ({ bytes: Uint8Array } | { text: string }) & { shown: string; file?: string };

/**
 * Read one side. A side of `LOCKFILE_BYTES_FROM` bytes or more that is plain UTF-8 (a file, a
 * git blob or stdin) is kept as bytes, outside the engine's heap (`plainUtf8`); a smaller one and
 * anything else are read as text, which names what is wrong with them.
 */
async function readSide(arg: string, io: Io, defaultLockfile: string, role: 'OLD' | 'NEW' | 'against', quiet: boolean): Promise<ReadSide> {
  if (arg.startsWith('git:')) {
    const rest = arg.slice(4);
    const colon = rest.indexOf(':');
    const ref = colon < 0 ? rest : rest.slice(0, colon);
    const path = colon < 0 || colon === rest.length - 1 ? defaultLockfile : rest.slice(colon + 1);
    if (ref === '') throw new InputError(`Invalid "${arg}": expected git:<ref>[:path], e.g. git:HEAD~1 or git:main:mcpfusion.lock`);
    const blob = gitShow(ref, path, io.cwd);
    const shown = `git:${ref}:${path}`;
    const bytes = blob.length >= LOCKFILE_BYTES_FROM ? plainUtf8(blob) : undefined;
    return bytes !== undefined ? { bytes, shown } : { text: decodeUtf8(blob, `"${path}" at git revision "${ref}"`), shown };
  }
  if (arg === '-') return { ...await readStdinBytesOrText(io, STDIN_SIDE[role], LOCKFILE_BYTES_FROM, quiet), shown: 'stdin' };
  const abs = resolve(io.cwd, arg);
  const bytes = tryReadPlainUtf8(abs, undefined, LOCKFILE_BYTES_FROM);
  return bytes !== undefined ? { bytes, shown: arg, file: arg } : { text: readTextFile(abs, 'file', undefined, arg), shown: arg, file: arg };
}

/**
 * Read one side as text, or as a big lockfile read from its bytes (`lazy`). Its own function so
 * that the bytes a big side was read into are unreachable once decoded: they are not held beside
 * the text (and its tree) while it is parsed.
 */
async function readSideText(arg: string, io: Io, defaultLockfile: string, role: 'OLD' | 'NEW' | 'against', quiet: boolean): Promise<{ text: string; shown: string; file?: string } | { lazy: ContractSet; shown: string; file?: string }> {
  const read = await readSide(arg, io, defaultLockfile, role, quiet);
  const { shown, file } = read;
  const where = file !== undefined ? { shown, file } : { shown };
  if (!('bytes' in read)) return { text: read.text, ...where };
  // Only a document with the key "schemas" can be a lockfile with a schema store: any other is
  // decoded at once, and bytes read from a pipe are given back as they are decoded.
  if (Buffer.from(read.bytes.buffer, read.bytes.byteOffset, read.bytes.length).indexOf('"schemas"') < 0) {
    return { text: decodeAndRelease(read.bytes, `"${shown}"`), ...where };
  }
  // Bytes read from a pipe are moved into plain memory (read at full speed) in the code that
  // reads them: not before, where the promises that carried them would hold them beside the text.
  const bytes = plainBytes(read.bytes);
  // A big lockfile with a schema store is read with the store kept as bytes (two big lockfiles
  // read whole do not fit a small heap); any other document, or any problem, as text.
  const lazy = tryLazyContractSet(bytes, shown);
  return lazy !== undefined ? { lazy, ...where } : { text: decodeUtf8(bytes, `"${shown}"`), ...where };
}

/** How each side is given on stdin or as a path, for the note and the error on stdin. */
const STDIN_SIDE: Readonly<Record<'OLD' | 'NEW' | 'against', StdinUse>> = {
  OLD: { what: 'the OLD side', pipe: 'mcpfusion diff - new.json < old.json', path: 'mcpfusion diff old.json new.json' },
  NEW: { what: 'the NEW side', pipe: 'mcpfusion diff old.json - < new.json', path: 'mcpfusion diff old.json new.json' },
  against: { what: 'the OLD side (--against)', pipe: 'mcpfusion diff --against - < old.lock', path: 'mcpfusion diff --against old.lock' },
};

/**
 * Load one side of a diff.
 *
 * @param arg The argument: a path, `-` for stdin, or `git:<ref>[:path]`.
 * @param io Working directory, stdin, environment.
 * @param defaultLockfile The lockfile path used by `git:<ref>` without a path.
 * @param configFlag `--config`, for the tool overlay applied to a saved tools/list.
 * @param role Which side it is, for the note and error on stdin: OLD, NEW, or OLD given as `--against`.
 * @param quiet `--quiet`: no note when stdin is a terminal.
 * @returns The contract set, its kind and a label.
 * @throws {InputError} When the side cannot be read or is not a valid document of any kind.
 */
export async function loadDiffSide(arg: string, io: Io, defaultLockfile: string, configFlag: string | undefined, role: 'OLD' | 'NEW' | 'against' = 'OLD', quiet = false): Promise<DiffSide> {
  const read = await readSideText(arg, io, defaultLockfile, role, quiet);
  const { shown, file } = read;
  if ('lazy' in read) return { set: read.lazy, kind: 'lockfile', label: `lockfile "${shown}"`, warnings: [], ...(file !== undefined ? { file } : {}) };
  const { text } = read;
  let doc: JsonValue;
  try {
    doc = parseStrictJson(text, `"${shown}"`);
  } catch (cause) {
    const line = cause instanceof JsonParseError ? conflictMarkerLine(text) : undefined;
    // A file that is no whole JSON document (truncated, cut by an editor or a failed copy): say
    // how to get it back, as `check` does for its lockfile.
    if (line === undefined && cause instanceof JsonParseError && file !== undefined) {
      throw new InputError(`${cause.message}; restore "${file}" from version control, or write it again`, { cause });
    }
    if (line === undefined) throw cause;
    throw new InputError(`${(cause as Error).message}; it holds git merge-conflict markers (line ${line}): resolve the conflict first (for a lockfile: in the server's code or contracts, then \`mcpfusion lock --force\`)`, { cause });
  }
  const kind = detectSideKind(doc);
  let set: ContractSet;
  const warnings: string[] = [];
  if (kind === 'lockfile') {
    // The document is read already (the same strict reader parseLockfile uses): validate it, not the text again.
    const lock = lockfileFromDocument(doc, `"${shown}"`);
    if (!isCompleteLockfile(lock)) {
      // MCP Fusion's own format: compared by the fields it records (the label says so in reports).
      return { set: recordedView(lock), recorded: lock, kind, label: `${kind} "${shown}" (MCP Fusion's format)`, warnings, ...(file !== undefined ? { file } : {}) };
    }
    set = contractSetFromLockfile(lock);
  }
  else if (kind === 'tools/list file') {
    set = parseToolsListFile(text, shown, loadConfig(configFlag, io.cwd, io.env, { deferUnsetEnv: true })?.config.tools ?? {}, { onWarning: (w) => warnings.push(w) });
  }
  else set = contractSetFromJson(doc, shown, { onWarning: (w) => warnings.push(w) });
  return { set, kind, label: `${kind} "${shown}"`, warnings, ...(file !== undefined ? { file } : {}) };
}
