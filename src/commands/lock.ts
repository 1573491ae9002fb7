/**
 * `mcpfusion lock`: materialize every contract, hash it canonically and write `mcpfusion.lock`
 * (atomically, and only when its bytes change). `lock --check` is `check`.
 *
 * @module
 */
import { redactShown } from '../sources/output-secrets.ts';
import { sortCodeUnits } from '../canonical/digest.ts';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import { InputError, JsonParseError } from '../errors.ts';
import { assertWritableTarget, writeFileAtomic } from '../io/write-atomic.ts';
import { MAX_INPUT_BYTES, readTextFile, tryReadPlainUtf8, utf16Description } from '../io/read-file.ts';
import { buildLockfile } from '../lockfile/build-lockfile.ts';
import { conflictMarkerLine } from '../lockfile/conflict-markers.ts';
import { hasLockfileFields, InvalidLockfileError, parseLockfile } from '../lockfile/parse-lockfile.ts';
import { serializeLockfileChunks } from '../lockfile/serialize-lockfile.ts';
import { piecesEqualBytes, piecesEqualText, sameResources } from '../lockfile/current-lockfile.ts';
import { tryLazyLockfile } from '../lockfile/lazy-lockfile-bytes.ts';
import { LOCKFILE_BYTES_FROM, LOCKFILE_NAME, LOCKFILE_VERSION, type Lockfile } from '../lockfile/types.ts';
import { tryParseStrictJson } from '../canonical/strict-json.ts';
import { computeContractSetDigests } from '../canonical/digest.ts';
import { configuredLockfileIfAny } from '../sources/config-locate.ts';
import { SOURCE_OPTIONS, loadContractSet } from '../sources/load.ts';
import { VERSION } from '../version.ts';
import type { CommandSpec } from './command.ts';
import { runCheck } from './check.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import { boundLine } from '../format/shorten.ts';
import { boolFlag, formatFlag, refuseUnreadFlags, stringFlag } from './flags.ts';
import { LOCKFILE_OPTION, generatedAt, lockfilePath } from './lockfile-io.ts';
import { plural } from '../format/plural.ts';
import { namesMayLookAlike } from './plain-names.ts';
import { recordedServerName, serverNameNotes } from './_server-name-notes.ts';

/** A reader error in one line: its first three problems, or the message's first line. */
function problemSummary(e: InputError): string {
  // The JSON problem alone: the reader's advice ("regenerate it with lock --force") is for check.
  if (e.cause instanceof JsonParseError) return e.cause.message.split('\n')[0]!;
  if (!(e instanceof InvalidLockfileError)) return e.message.split('\n')[0]!;
  const { problems } = e;
  return problems.slice(0, 3).join('; ') + (problems.length > 3 ? ` (and ${problems.length - 3} more)` : '');
}

/**
 * Why an existing file at the lockfile path is not a lockfile at all, or undefined when it may be
 * a broken one (`lock --force` replaces those): empty, JSON with a top-level `lockfileVersion`, or text
 * that starts like a lockfile (`{`, also after a first conflict-marker line) but does not parse
 * (truncated, hand-edited, a merge conflict).
 */
function notALockfile(text: string, doc: unknown): string | undefined {
  if (doc !== undefined) {
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return `it holds ${Array.isArray(doc) ? 'a JSON array' : doc === null ? 'JSON null' : `a JSON ${typeof doc}`}, not an object`;
    // A lockfile whose version line was deleted is a broken lockfile (--force replaces it).
    return Object.hasOwn(doc, 'lockfileVersion') || hasLockfileFields(doc) ? undefined : 'it is JSON without a "lockfileVersion"';
  }
  const start = text.replace(/^\uFEFF/, '').trimStart();
  // Both branches added the lockfile (git's add/add conflict): the marker line comes first, then
  // the first side's `{`. It is a broken lockfile, as `check` says ("run lock --force").
  const side = /^<{7}(?: [^\n]*)?\n/.test(start) ? start.slice(start.indexOf('\n') + 1).trimStart() : start;
  return start === '' || side.startsWith('{') ? undefined : 'it is not JSON';
}

/**
 * The text of a lockfile that is not UTF-8 text, read loosely (UTF-16 as such, bad bytes as
 * U+FFFD, leading byte-order marks dropped), when it still looks like a lockfile: then `lock
 * --force` may replace it. Anything else (a binary file, a file too big, one that cannot be
 * read) gives undefined, and its error stands.
 */
function looseLockfileText(abs: string): string | undefined {
  let raw: Buffer;
  try {
    if (statSync(abs).size > MAX_INPUT_BYTES) return undefined;
    raw = readFileSync(abs);
  } catch {
    return undefined;
  }
  const utf16 = utf16Description(raw);
  const text = new TextDecoder(utf16 === undefined ? 'utf-8' : utf16.includes('big-endian') ? 'utf-16be' : 'utf-16le').decode(raw).replace(/^\uFEFF+/, '');
  const doc = tryParseStrictJson(text);
  // A newer format is not replaced (as when it is UTF-8): that would downgrade a teammate's file.
  const version = (doc as { lockfileVersion?: unknown } | undefined)?.lockfileVersion;
  if (typeof version === 'number' && version > LOCKFILE_VERSION) return undefined;
  return notALockfile(text, doc) === undefined && text.trim() !== '' ? text : undefined;
}

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** How many unscanned tool names the text output lists before it counts the rest. */
const UNSCANNED_SHOWN = 20;

/** `mcpfusion lock`. */
export const lockCommand: CommandSpec = {
  name: 'lock',
  description: 'Write mcpfusion.lock from the contract source (unchanged contracts leave the file untouched)',
  formatHelp: 'text (default) or json',
  options: [
    ...SOURCE_OPTIONS,
    LOCKFILE_OPTION,
    { flags: '--name <serverName>', description: 'serverName to record (default: from the source or the existing lockfile)' },
    { flags: '--check', description: 'Do not write; exit 1 on drift (same as `mcpfusion check`)' },
    { flags: '--force', description: 'Replace an existing lockfile that cannot be read (truncated, malformed, a merge conflict, hand-edited) instead of stopping with exit 2' },
  ],
  examples: ['mcpfusion lock --contracts examples/billing/contracts.json --lockfile examples/billing/mcpfusion.lock'],
  async run(args, flags, io) {
    if (boolFlag(flags, 'check')) {
      // `check` has no --name (serverName feeds no digest): with --check it would be dropped silently.
      refuseUnreadFlags(flags, ['--name'], '`lock --check`', 'the check compares digests, and serverName feeds none', 'drop it, or drop --check to write the lockfile');
      refuseUnreadFlags(flags, ['--force'], '`lock --check`', 'the check writes nothing', 'drop it, or drop --check to write the lockfile');
      return runCheck(flags, io);
    }
    const format = formatFlag(flags, ['text', 'json'] as const, 'lock');
    const { set, label, unscanned: unscannedNames = [], violations = [], redact, namedByConfig } = await loadContractSet(flags, io);
    // What is printed of the listing hides the secrets this run gave a live server (a tool named
    // or described with one); the lockfile records the listing as it is.
    const unscanned = redactShown(unscannedNames, redact);
    const echoed = redact === undefined ? [] : sortCodeUnits(Object.keys(set.tools).filter((n: string) => JSON.stringify(redactShown(set.tools[n], redact)) !== JSON.stringify(set.tools[n]) || redact(n) !== n));
    if (echoed.length > 0 && !boolFlag(flags, 'quiet')) {
      io.stderr(`warning: the server repeats secrets given to it in this run (its command line's, its environment's, the headers and URL of --url) in what it lists for ${plural(echoed.length, 'tool')} (${echoed.slice(0, 5).map((n) => JSON.stringify(redact!(n))).join(', ')}${echoed.length > 5 ? ', …' : ''}); the lockfile records the listing as it is, so it holds them: do not commit it as is, make the server stop echoing them and rotate them\n`);
    }
    if (violations.length > 0) (await import('./_violation-warnings.ts')).writeViolationWarnings(io, violations, boolFlag(flags, 'quiet'));
    // Names a reader cannot tell apart are locked as listed (the lockfile is the server's listing); they are named here.
    if (namesMayLookAlike([Object.keys(set.tools), Object.keys(set.prompts)])) (await import('./_name-warnings.ts')).writeConfusableNameWarnings(io, set, boolFlag(flags, 'quiet'), redact);
    // A listing that holds the time it was made changes on every run: say why check will drift.
    if (!boolFlag(flags, 'quiet')) {
      const timed = (await import('./_time-warnings.ts')).timeDependentWarning(set, Date.now(), redact);
      if (timed !== undefined) io.stderr(`${timed}\n`);
      // Integers past 2^53 are locked as the nearest double: say the lockfile may not show the server's digits.
      const rounded = (await import('./_number-warnings.ts')).impreciseNumberWarning(set, redact);
      if (rounded !== undefined) io.stderr(`${rounded}\n`);
    }
    const path = lockfilePath(flags, io, await configuredLockfileIfAny(stringFlag(flags, 'config'), io.cwd, io.env));

    // The old lockfile as text, or as bytes (a plain UTF-8 lockfile with a schema store, read
    // without its store as values: a 64 MB one read whole beside the listing ran a 256 MiB heap out).
    let previous: { text: string; lock?: Lockfile } | { bytes: Uint8Array; lock: Lockfile } | undefined;
    // Set when the old file was no UTF-8 text (lock --force): it is replaced even if it reads the same.
    let rewrite = false;
    // Before the old lockfile is read: a named pipe would wait for a writer.
    assertWritableTarget(path.abs, `lockfile "${path.shown}"`);
    const bytes = existsSync(path.abs) ? tryReadPlainUtf8(path.abs, undefined, LOCKFILE_BYTES_FROM) : undefined;
    const lazy = bytes === undefined ? undefined : tryLazyLockfile(bytes, path.shown);
    if (lazy !== undefined) previous = { bytes: bytes!, lock: lazy.lock };
    else if (existsSync(path.abs)) {
      // Any other file, or one the lazy reader does not take, is read whole, which names its problem.
      let text: string;
      try {
        text = bytes !== undefined ? utf8.decode(bytes) : readTextFile(path.abs, 'lockfile', undefined, path.shown);
      } catch (e) {
        // Not text in UTF-8 (an editor or PowerShell saved it as UTF-16, a Latin-1 byte, two
        // byte-order marks): a broken lockfile like any other when it still reads as one.
        const loose = e instanceof InputError ? looseLockfileText(path.abs) : undefined;
        if (loose === undefined || !(e instanceof InputError)) throw e;
        if (!boolFlag(flags, 'force')) throw new InputError(`${e.message}, or run lock --force to replace it with one written from the source`, { cause: e });
        io.stderr(`warning: replacing the unreadable lockfile "${path.shown}" (--force): ${e.message.replace(/^Cannot read lockfile "[^"]*": /, '').replace(/; save it as UTF-8$/, '')}\n`);
        text = loose;
        rewrite = true;
      }
      try {
        // Read loosely, it is written again whatever it holds: its bytes are not what lock writes.
        previous = rewrite ? { text } : { text, lock: parseLockfile(text, path.shown) };
      } catch (e) {
        if (!(e instanceof InputError)) throw e;
        // A newer format is not broken: replacing it would silently downgrade a teammate's file.
        const doc = tryParseStrictJson(text);
        const version = (doc as { lockfileVersion?: unknown } | undefined)?.lockfileVersion;
        // Nor is a file that was never a lockfile (a mistyped --lockfile naming the contracts
        // file, package.json, a README): only what a broken lockfile can look like is replaced.
        const notLockfile = notALockfile(text, doc);
        if (notLockfile !== undefined) {
          throw new InputError(`"${path.shown}" is not a lockfile (${notLockfile}); lock will not overwrite it. Point --lockfile at the lockfile (default ./mcpfusion.lock), or move the file away to lock there`);
        }
        if (typeof version === 'number' && version > LOCKFILE_VERSION) {
          throw new InputError(`The lockfile "${path.shown}" is lockfileVersion ${version}, written by a newer mcpfusion; this one writes version ${LOCKFILE_VERSION} and will not downgrade it. Upgrade mcpfusion, or delete the file to lock again with this version`);
        }
        // A lockfile that cannot be read is a clear error (SPEC §5), for lock too: it may hold a
        // merge conflict or an edit someone must look at, and replacing it would lose that.
        if (text.trim() === '') {
          // An empty file holds nothing to lose (a `touch`, an interrupted copy): written over.
          previous = { text };
          io.stderr(`warning: replacing the empty file "${path.shown}"\n`);
        }
        else if (!boolFlag(flags, 'force')) {
          const conflict = conflictMarkerLine(text);
          const why = conflict !== undefined
            ? `it holds git merge-conflict markers (line ${conflict}). lock does not overwrite a lockfile it cannot read; resolve the conflict in the server's code or contracts, then run lock --force to write the lockfile again from the source`
            : `${problemSummary(e)}. lock does not overwrite a lockfile it cannot read (an edit may need a look); fix it, or run lock --force to replace it with one written from the source`;
          throw new InputError(`The lockfile "${path.shown}" cannot be read: ${why}`);
        }
        else {
          previous = { text };
          io.stderr(`warning: replacing the unreadable lockfile "${path.shown}" (--force): ${problemSummary(e)}\n`);
        }
      }
    }
    // The user's name (--name, the config's serverName) is recorded; the source's own only when
    // something that feeds a digest changed, so a server that names itself anew at every start
    // does not rewrite an up-to-date lockfile (SPEC §5).
    const chosen = stringFlag(flags, 'name') ?? (namedByConfig ? set.serverName : undefined);
    const digests = computeContractSetDigests(set);
    // The set is fresh from the reader: its schemas hash to their digests by construction.
    let lock = buildLockfile(set, { serverName: chosen ?? set.serverName ?? previous?.lock?.serverName ?? 'mcp-server', mcpfusionVersion: VERSION, generatedAt: generatedAt(io.env), digests, schemaDigestsFromReader: true });
    // Nothing that feeds a digest changed and the name is the same: the file is left untouched,
    // byte for byte (SPEC §5), even when written differently (CRLF, another indent, keys this
    // version does not know, MCP Fusion's own format); a valid file never churns.
    // A new name alone is written, keeping the stamp.
    // Resources, an mcpfusion addition, do not feed the integrity digest: their entries must match too.
    const same = previous?.lock !== undefined && previous.lock.integrityDigest === lock.integrityDigest && sameResources(previous.lock.capabilities.resources, digests.resources) ? previous.lock : undefined;
    const nameInputs = { ...(chosen !== undefined ? { chosen } : {}), ...(set.serverName !== undefined ? { fromSource: set.serverName } : {}), ...(previous?.lock !== undefined ? { previous: previous.lock.serverName } : {}), unchanged: same !== undefined };
    const serverName = recordedServerName(nameInputs);
    lock = { ...lock, serverName };
    if (same) lock = { ...lock, generatedAt: same.generatedAt, mcpfusionVersion: same.mcpfusionVersion || VERSION };
    if (!boolFlag(flags, 'quiet')) for (const note of serverNameNotes(nameInputs, serverName, redact)) io.stderr(`${note}\n`);
    // The new text in pieces, never one string: compared with the old file up to the first
    // difference, then written piece by piece.
    const pieces = same && same.serverName === serverName ? undefined : serializeNamed(lock, path.shown);
    const written = pieces !== undefined && (rewrite || previous === undefined || !('bytes' in previous ? piecesEqualBytes(pieces, previous.bytes) : piecesEqualText(pieces, previous.text)));
    // Not one locked tool left and others in their place: most often --lockfile (or the working
    // directory) names another server's lockfile. It is replaced all the same (re-pointing a
    // lockfile is legitimate), but not without a word: `check` would have reported it.
    const before = previous?.lock ? Object.keys(previous.lock.capabilities.tools) : [];
    if (written && !boolFlag(flags, 'quiet') && before.length > 0 && Object.keys(set.tools).length > 0 && before.every((t) => !Object.hasOwn(set.tools, t))) {
      io.stderr(`warning: replacing ${path.shown}, the lockfile of server ${JSON.stringify(previous!.lock!.serverName)}: none of its ${plural(before.length, 'tool')} is in the source (${label}); if it belongs to another server, restore it (git checkout) and point --lockfile at this server's own lockfile\n`);
    }
    if (written) writeFileAtomic(path.abs, pieces!, { flag: '--lockfile' });
    // A first lockfile in the working directory for a config elsewhere that names none, while one
    // lies beside that config (`lock --config sub/mcpfusion.jsonc`): now there are two, and the
    // next `check` reads this one. `check` names both places; lock says so too.
    if (written && previous === undefined && !boolFlag(flags, 'quiet') && stringFlag(flags, 'lockfile') === undefined && stringFlag(flags, 'config') !== undefined) {
      const { lockfileBesideConfig } = await import('../sources/config.ts');
      const beside = lockfileBesideConfig(stringFlag(flags, 'config'), io.cwd, io.env);
      if (beside !== undefined && existsSync(resolve(io.cwd, beside.path))) {
        io.stderr(`warning: wrote a new lockfile "${path.shown}" in the working directory, though "${beside.path}" exists beside the config "${beside.config}", which names no "lockfile"; to keep one lockfile, add "lockfile": "${LOCKFILE_NAME}" to the config (or pass --lockfile ${beside.path}) and delete "${path.shown}"\n`);
      }
    }

    const toolNames = Object.keys(set.tools);
    if (format === 'json') {
      io.stdout(JSON.stringify({
        lockfile: path.shown,
        written,
        serverName: redact?.(serverName) ?? serverName,
        integrityDigest: lock.integrityDigest,
        serverDigest: `sha256:${digests.serverDigest}`,
        tools: toolNames.length,
        prompts: Object.keys(set.prompts).length,
        resources: Object.keys(set.resources).length,
        unscanned,
        violations: violations.length > 0 ? (await import('./_violation-warnings.ts')).violationsJson(violations, io.cwd) : [],
      }, null, 2) + '\n');
    } else if (!boolFlag(flags, 'quiet')) {
      const parts = [plural(toolNames.length, 'tool')];
      if (Object.keys(set.prompts).length > 0) parts.push(plural(Object.keys(set.prompts).length, 'prompt'));
      if (Object.keys(set.resources).length > 0) parts.push(plural(Object.keys(set.resources).length, 'resource'));
      io.stdout(written
        ? `Wrote ${path.shown} from ${label}: ${parts.join(', ')}, ${lock.integrityDigest}\n`
        : `${path.shown} is up to date: ${parts.join(', ')}, ${lock.integrityDigest}\n`);
      if (unscanned.length > 0) {
        // A server with thousands of tools would print one line of kilobytes: the first names, the
        // count of the rest (`--format json` lists them all).
        // A name of megabytes is shown by its two ends.
        // Names a reader cannot tell apart (`café` composed and decomposed) are spelled apart.
        const apart = namesMayLookAlike([unscanned]) ? (await import('./_name-warnings.ts')).namesShownApart(unscanned) : unscanned;
        const names = apart.map((n) => terminalLine(boundLine(n, 120)));
        const shown = names.length > UNSCANNED_SHOWN ? `${names.slice(0, UNSCANNED_SHOWN).join(', ')} and ${unscanned.length - UNSCANNED_SHOWN} more (--format json lists all)` : names.join(', ');
        // A notice, not the result: on stderr with the other notices (SPEC §11), so stdout is the report line alone.
        io.stderr(`note: ${plural(unscanned.length, 'tool')} not scanned for entitlements (no handler files mapped under "tools.<name>.handlers" in the config; recorded as none): ${shown}\n`);
      }
    }
    return 0;
  },
};

/**
 * The lockfile's text in pieces (made again each time they are iterated); one too long for the
 * runtime to hold (counted at once), or refused while a piece is made, is named as the lockfile
 * that cannot be written.
 */
function serializeNamed(lock: Lockfile, shown: string): Iterable<string> {
  const named = (e: unknown): unknown => {
    if (!(e instanceof InputError)) return e;
    const fix = 'to lock this server its schemas must nest less: ask its authors to flatten the deepest ones, or save its contracts (mcpfusion inspect … > contracts.json), take out or flatten the deepest schemas there, and lock that file with --contracts contracts.json';
    return new InputError(`Cannot write the lockfile "${shown}": ${e.message.charAt(0).toLowerCase()}${e.message.slice(1)}; ${fix}`, { cause: e });
  };
  let pieces: Iterable<string>;
  try {
    pieces = serializeLockfileChunks(lock);
  } catch (e) {
    throw named(e);
  }
  return {
    *[Symbol.iterator]() {
      try {
        yield* pieces;
      } catch (e) {
        throw named(e);
      }
    },
  };
}
