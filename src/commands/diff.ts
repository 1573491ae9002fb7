/**
 * `mcpfusion diff OLD NEW`: classify every difference between two contract sets as BREAKING,
 * RISKY, SAFE or COSMETIC. Each side is a lockfile, a contracts file, a saved `tools/list`,
 * `-` (stdin) or `git:<ref>[:path]`; `diff --against OLD` takes the configured source as NEW.
 * Exit 1 when the verdict reaches `--fail-on` (default breaking), 2 on bad input.
 *
 * @module
 */
import { contractNames, distinctShownNames, redactShown } from '../sources/output-secrets.ts';
import { appendFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sortCodeUnits } from '../canonical/digest.ts';
import { getOwn } from '../canonical/own.ts';
import { stringifySorted } from '../canonical/pretty.ts';
import { buildContractAwareness, DEFAULT_MAX_DELTAS } from '../diff/awareness.ts';
import { fingerprintShown } from '../diff/diff-contracts.ts';
import { diffRecorded } from '../diff/diff-recorded.ts';
import { recordsResources } from '../lockfile/parse-lockfile.ts';
import { applyAcknowledgements, parseAcknowledgements } from '../diff/acknowledge.ts';
import { diffReport } from '../diff/diff-report.ts';
import { diffToSarif } from '../diff/sarif.ts';
import type { DiffPolicy } from '../diff/types.ts';
import { gateFails, parseFailOn } from '../diff/verdict.ts';
import { InputError } from '../errors.ts';
import { formatDiffGithub } from '../format/github.ts';
import { formatDiffMarkdown } from '../format/markdown.ts';
import { formatDiffText } from '../format/text.ts';
import { configuredLockfileIfAny } from '../sources/config-locate.ts';
import { SOURCE_FLAG_NAMES, SOURCE_OPTIONS, loadContractSet, readInput } from '../sources/load.ts';
import { writeWarnings } from '../sources/write-warnings.ts';
import { SOURCE_MODIFIER_FLAGS } from '../sources/source-options.ts';
import { VERSION } from '../version.ts';
import { loadDiffSide, type DiffSide } from './_diff-side.ts';
import { plural } from '../format/plural.ts';
import type { CommandSpec, Io } from './command.ts';
import { boolFlag, formatFlag, positiveIntFlag, refuseUnreadFlags, stringFlag, type Flags } from './flags.ts';
import { LOCKFILE_OPTION, lockfilePath } from './lockfile-io.ts';
import { LOCKFILE_NAME } from '../lockfile/types.ts';

/** Output formats of `diff`; the first is the default. */
export const DIFF_FORMATS = ['text', 'json', 'markdown', 'github', 'sarif', 'awareness'] as const;

/**
 * The `--policy` flag of `diff` and `heal`.
 *
 * @param flags Parsed flags.
 * @returns seed (default) or semantic.
 * @throws {InputError} For any other value.
 */
export function parsePolicy(flags: Flags): DiffPolicy {
  const v = stringFlag(flags, 'policy') ?? 'seed';
  if (v !== 'seed' && v !== 'semantic') throw new InputError(`Invalid --policy "${v}": expected seed or semantic`);
  return v;
}

/** The two sides from the arguments: `OLD NEW`, or `--against OLD` with the configured source as NEW. */
/** A side's warnings as `lock` writes them, each ending with which side said it (both may be listings). */
const sideWarnings = (side: DiffSide, role: 'OLD' | 'NEW'): string[] => side.warnings.map((w) => `${w} (${role}: ${side.label})`);

/** Whether a side is `git:<ref>` without a path: it reads the lockfile (`--lockfile`, else the configured one) at that revision. */
const gitSideWithoutPath = (arg: string): boolean => {
  if (!arg.startsWith('git:')) return false;
  const colon = arg.indexOf(':', 4);
  return colon < 0 || colon === arg.length - 1;
};

/** `--lockfile` names the file a `git:<ref>` side without a path reads: with no such side, nothing reads it. */
function refuseUnreadLockfile(sides: string[], flags: Flags): void {
  if (sides.some(gitSideWithoutPath)) return;
  refuseUnreadFlags(flags, ['--lockfile'], 'this diff', 'it names the file that a git:<ref> side without a path reads, and no side is one', 'give the file as a side (a path, or git:<ref>:path), or drop it');
}

async function loadSides(args: unknown[], flags: Flags, io: Io): Promise<[DiffSide, DiffSide]> {
  const positional = args.filter((a): a is string => typeof a === 'string');
  const configFlag = stringFlag(flags, 'config');
  const quiet = boolFlag(flags, 'quiet');
  const defaultLockfile = lockfilePath(flags, io, await configuredLockfileIfAny(configFlag, io.cwd, io.env)).shown;
  const against = stringFlag(flags, 'against');
  if (against !== undefined) {
    if (positional.length > 0) throw new InputError('Give either OLD and NEW, or --against OLD (the configured source is NEW), not both');
    refuseUnreadLockfile([against], flags);
    const old = await loadDiffSide(against, io, defaultLockfile, configFlag, 'against', quiet);
    writeWarnings(io, sideWarnings(old, 'OLD'), quiet);
    // The configured source writes its own warnings (loadResolvedSource), through the same path.
    const { set, label, toolsOnly, redact } = await loadContractSet(flags, io);
    return [old, { set, kind: toolsOnly === true ? 'tools/list file' : 'source', label, warnings: [], ...(redact ? { redact } : {}) }];
  }
  const sourceFlags = SOURCE_FLAG_NAMES.filter((n) => flags[n] !== undefined);
  if (sourceFlags.length > 0) throw new InputError('Source flags (--contracts, --server, --url, --tools-list) select NEW only together with --against OLD');
  if (positional.length !== 2) {
    throw new InputError(`diff needs two sides, OLD and NEW (got ${positional.length}); e.g. \`mcpfusion diff git:HEAD mcpfusion.lock\` or \`mcpfusion diff --against mcpfusion.lock\``);
  }
  if (positional[0] === '-' && positional[1] === '-') {
    throw new InputError('Only one side can be read from stdin (-): stdin is one stream, read once. Give the other side as a file or git:<ref>[:path], ' +
      'e.g. `mcpfusion diff - new.json < old.json` or `mcpfusion diff git:HEAD - < mcpfusion.lock`');
  }
  // Both sides are documents: nothing starts a server or reaches a URL.
  refuseUnreadFlags(flags, SOURCE_MODIFIER_FLAGS, '`diff OLD NEW`', 'it shapes how a --server or --url source is read, and both sides are documents (a live source is NEW only with --against OLD)', 'use --against OLD with the source, or drop it');
  refuseUnreadLockfile(positional, flags);
  const old = await loadDiffSide(positional[0]!, io, defaultLockfile, configFlag, 'OLD', quiet);
  writeWarnings(io, sideWarnings(old, 'OLD'), quiet);
  const next = await loadDiffSide(positional[1]!, io, defaultLockfile, configFlag, 'NEW', quiet);
  writeWarnings(io, sideWarnings(next, 'NEW'), quiet);
  return [old, next];
}

/**
 * Run `diff`.
 *
 * @param args Positional arguments: OLD and NEW (none with `--against`).
 * @param flags Parsed flags.
 * @param io Where to read and write.
 * @returns 1 when the verdict reaches `--fail-on`, else 0.
 * @throws {InputError} On bad flags or unreadable/invalid sides (exit 2).
 * @throws {SourceError} When the live source of `--against` fails (exit 3).
 */
export async function runDiff(args: unknown[], flags: Flags, io: Io): Promise<number> {
  const format = formatFlag(flags, DIFF_FORMATS, 'diff');
  const failOn = parseFailOn(stringFlag(flags, 'failOn'));
  const policy = parsePolicy(flags);
  const tool = stringFlag(flags, 'tool');
  const action = stringFlag(flags, 'action');
  const maxDeltas = positiveIntFlag(flags, 'maxDeltas') ?? DEFAULT_MAX_DELTAS;
  if (format === 'awareness' && tool === undefined) throw new InputError('--format awareness needs --tool <name> (and usually --action <key>)');
  if (format !== 'awareness') {
    refuseUnreadFlags(flags, ['--tool', '--action', '--max-deltas'], `\`diff --format ${format}\``, 'it shapes the <contract_awareness> block that only --format awareness prints', 'add --format awareness, or drop it');
  }
  const quiet = boolFlag(flags, 'quiet');
  const [old, next] = await loadSides(args, flags, io);
  // Names of both sides that hide to the same text are shown apart (a tool named with a secret
  // on the live side, another on the lockfile's).
  if (next.redact !== undefined) next.redact = distinctShownNames(next.redact, [...contractNames(old.set), ...contractNames(next.set)]);
  const side = (s: DiffSide) => (s.recorded !== undefined ? { lockfile: s.recorded } : { contracts: s.set });
  let result = diffRecorded(side(old), side(next), { policy });
  if (!quiet) {
    for (const [which, s] of [['OLD', old], ['NEW', next]] as const) {
      if (s.recorded !== undefined) {
        // Resources it cannot record are left out on both sides (see diffRecorded).
        const resources = recordsResources(s.recorded) ? '' : ' Nor does it record resources: they are not compared.';
        io.stderr(`note: ${which} is ${s.label}, which records no per-action contracts, fingerprints or raw entitlements: those are compared only through the tool digests (lockfile.unrecorded-change); lock that version with \`mcpfusion lock\` for a full diff.${resources}\n`);
      }
    }
  }
  if (!quiet) {
    // A saved tools/list holds tools only: the other side's prompts and resources show as added or removed.
    for (const [which, s, other] of [['OLD', old, next], ['NEW', next, old]] as const) {
      const prompts = Object.keys(other.set.prompts).length;
      const resources = Object.keys(other.set.resources).length;
      if (s.kind === 'tools/list file' && other.kind !== 'tools/list file' && prompts + resources > 0) {
        io.stderr(`warning: ${which} is ${s.label}, which holds tools only, so the ${plural(prompts, 'prompt')} and ${plural(resources, 'resource')} of ${other.label} show as ${which === 'OLD' ? 'added' : 'removed'} though it says nothing of them; compare sides of the same kind (two lockfiles, or two tools/list files)\n`);
      }
    }
  }
  // A live NEW side that echoed a secret given this run (a token in a description) has it hidden
  // in every format, on both sides, and a delta that hides one is fingerprinted over what it
  // shows: the fingerprint of the real values would let anyone with the output test guesses of
  // the secret offline. Deltas without a secret keep their fingerprints.
  const real = result.deltas.map((d) => d.fingerprint);
  if (next.redact !== undefined) result = fingerprintShown(redactShown(result, next.redact));
  const ackFile = stringFlag(flags, 'ack');
  if (ackFile !== undefined) {
    // Acknowledged by the fingerprint shown (the same under a rotated secret) or, as earlier
    // releases printed it, by the one over the real values.
    const acks = applyAcknowledgements(result, parseAcknowledgements(await readInput(ackFile, io, 'acknowledgements file', { what: 'the acknowledgements file', pipe: `mcpfusion diff … --acknowledgements - < acks.json`, path: 'mcpfusion diff … --acknowledgements acks.json' }, quiet), ackFile), real);
    result = acks.result;
    if (!quiet && acks.acknowledged.length > 0) io.stderr(`${acks.acknowledged.length} acknowledged change(s) left out (${ackFile})\n`);
    if (!quiet) for (const f of acks.stale) io.stderr(`note: acknowledged fingerprint ${f} matches no change any more; remove it from ${ackFile}\n`);
  }
  const failed = gateFails(result.verdict, failOn);
  // Set when output beside stdout could not be written: exit 2, unless the gate failed (as for stdout).
  let unwritten = false;

  switch (format) {
    case 'json':
      io.stdout(stringifySorted(diffReport(result, { old: old.label, new: next.label, failOn })));
      break;
    case 'markdown':
      io.stdout(formatDiffMarkdown(result, { old: old.label, new: next.label, failed }));
      break;
    case 'github': {
      io.stdout(formatDiffGithub(result, next.file !== undefined ? { file: next.file } : {}));
      const summary = io.env['GITHUB_STEP_SUMMARY'];
      if (summary !== undefined && summary !== '') {
        try {
          appendFileSync(resolve(io.cwd, summary), formatDiffMarkdown(result, { old: old.label, new: next.label, failed }) + '\n');
        } catch (cause) {
          io.stderr(`error: Cannot write the job summary to $GITHUB_STEP_SUMMARY "${summary}": ${summaryProblem(cause, resolve(io.cwd, summary))}\n`);
          unwritten = true;
        }
      }
      break;
    }
    case 'sarif':
      io.stdout(JSON.stringify(diffToSarif(result, { version: VERSION, ...(next.file !== undefined ? { file: next.file } : {}) }), null, 2) + '\n');
      break;
    case 'awareness': {
      // A misspelt tool or action would give "no block" and hide a real one: name what exists.
      const sides = [old.set.tools, next.set.tools].map((tools) => getOwn(tools, tool!));
      if (sides.every((t) => t === undefined)) {
        const names = sortCodeUnits([...new Set([...Object.keys(old.set.tools), ...Object.keys(next.set.tools)])]).map((n) => next.redact?.(n) ?? n);
        throw new InputError(`--tool "${tool}" is in neither side; the tools are ${names.length > 0 ? names.map((n) => `"${n}"`).join(', ') : '(none)'}`);
      }
      if (action !== undefined && sides.every((t) => t === undefined || getOwn(t.surface.actions, action) === undefined)) {
        const keys = sortCodeUnits([...new Set(sides.flatMap((t) => (t ? Object.keys(t.surface.actions) : [])))]);
        throw new InputError(`--action "${action}" is not an action of tool "${tool}" on either side; its actions are ${keys.map((k) => `"${next.redact?.(k) ?? k}"`).join(', ')}`);
      }
      const a = buildContractAwareness(result, { tool: tool!, ...(action !== undefined ? { action } : {}), maxDeltas });
      if (a.block !== '') io.stdout(a.block + '\n');
      else if (!quiet) io.stderr(`No BREAKING or RISKY change concerns tool "${tool}"${action !== undefined ? ` action "${action}"` : ''}: no block\n`);
      break;
    }
    default:
      io.stdout(formatDiffText(result, { old: old.label, new: next.label, color: io.color, quiet }));
  }
  if (failed && !quiet && format !== 'text' && format !== 'awareness') {
    io.stderr(`mcpfusion diff: verdict ${result.verdict} reaches --fail-on ${failOn}\n`);
  }
  return failed ? 1 : unwritten ? 2 : 0;
}

/** `mcpfusion diff`. */
/**
 * Why the job summary could not be appended, in the user's words: the runner sets
 * `$GITHUB_STEP_SUMMARY` to a file in an existing folder, so anything else is a variable set by hand.
 */
function summaryProblem(cause: unknown, abs: string): string {
  const code = (cause as NodeJS.ErrnoException).code;
  const fix = 'unset it, or point it at a file (GitHub Actions sets it for each step)';
  return code === 'EISDIR' ? `it is a directory; ${fix}`
    : code === 'ENOENT' ? `its directory "${dirname(abs)}" does not exist; ${fix}`
    : code === 'ENOTDIR' ? `a part of its path is a file, not a folder; ${fix}`
    : code === 'EACCES' || code === 'EPERM' ? 'permission denied; make it writable by the user running mcpfusion, or unset it'
    : code === 'EROFS' ? `it is on a read-only file system; ${fix}`
    : code === 'ENOSPC' ? 'the disk is full' : (cause as Error).message;
}

export const diffCommand: CommandSpec = {
  name: 'diff [old] [new]',
  description: 'Classify every contract change between OLD and NEW as BREAKING, RISKY, SAFE or COSMETIC',
  formatHelp: 'text (default), json, markdown, github, sarif or awareness',
  options: [
    { flags: '--against <old>', description: 'Compare OLD with the configured source (or --contracts/--server/--url/--tools-list) as NEW' },
    { flags: '--fail-on <verdict>', check: (f) => parseFailOn(stringFlag(f, 'failOn')), description: 'Exit 1 at or above this verdict: breaking (default), risky, safe, cosmetic or never' },
    { flags: '--ack <file>', description: 'Leave out changes whose fingerprints are listed in FILE (reviewed and accepted); they no longer fail the gate' },
    { flags: '--policy <policy>', check: parsePolicy, description: 'seed (default: the SPEC table) or semantic (property-level schema rules decide)' },
    { flags: '--tool <name>', description: 'With --format awareness: the tool whose call failed' },
    { flags: '--action <key>', description: 'With --format awareness: the action whose call failed' },
    { flags: '--max-deltas <n>', check: (f) => positiveIntFlag(f, 'maxDeltas'), description: `With --format awareness: at most n deltas (default ${DEFAULT_MAX_DELTAS})` },
    { flags: LOCKFILE_OPTION.flags, description: `The lockfile that a git:<ref> side without a path reads (default: the config's lockfile, else ./${LOCKFILE_NAME})` },
    ...SOURCE_OPTIONS,
  ],
  examples: [
    'mcpfusion diff git:main mcpfusion.lock',
    'mcpfusion diff old.lock new.lock --format markdown --fail-on risky',
    'mcpfusion diff --against mcpfusion.lock --server "node server.js" --format github',
    'mcpfusion diff old.lock new.lock --format awareness --tool invoices --action create',
  ],
  run: runDiff,
};
