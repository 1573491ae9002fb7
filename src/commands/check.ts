/**
 * `mcpfusion check` (= `lock --check`): recompute the contracts and compare them with the
 * lockfile; exit 1 on any drift, naming every added, removed and changed tool, prompt and
 * resource and, for changed tools, which sections changed.
 *
 * @module
 */
import { computeContractSetDigests } from '../canonical/digest.ts';
import { upToDateResult, type LockfileCheckResult } from '../lockfile/current-lockfile.ts';
import type { Lockfile } from '../lockfile/types.ts';
import type { ContractSet } from '../contract/types.ts';
import type { DiffResult } from '../diff/types.ts';
import { configuredLockfileIfAny } from '../sources/config-locate.ts';
import { SOURCE_OPTIONS, loadContractSet } from '../sources/load.ts';
import type { CommandSpec, Io } from './command.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import { boolFlag, formatFlag, stringFlag, type Flags } from './flags.ts';
import { isMissingFile } from '../io/read-file.ts';
import { defaultLockfileNote, LOCKFILE_OPTION, lockfilePath, readLockfileContent } from './lockfile-io.ts';
import { plural } from '../format/plural.ts';
import { contractNames, distinctShownNames, redactShown } from '../sources/output-secrets.ts';
import { namesMayLookAlike } from './plain-names.ts';

/**
 * Render a check result as text lines. Names come from the server: control characters are
 * escaped and hidden ones shown as markers, so a name cannot drive the terminal or hide.
 *
 * @param result The check result.
 * @param lockfile The lockfile path as the user wrote it.
 * @param diff The classified deltas and their rendering, on drift.
 * @param accept How to accept a drift (`run \`mcpfusion lock\``, or with the same flags).
 * @returns The text.
 */
export function formatCheckText(result: LockfileCheckResult, lockfile: string, diff?: { result: DiffResult; text: string }, accept = 'run `mcpfusion lock`'): string {
  if (result.ok) return `${lockfile} is up to date (${result.currentIntegrityDigest})\n`;
  const lines = [result.lockedIntegrityDigest === result.currentIntegrityDigest
    // Resources do not feed the integrity digest (SPEC §4): a resource-only change leaves it as it was.
    ? `Drift against ${lockfile}: resources changed (integrity digest ${result.currentIntegrityDigest} unchanged: resources do not feed it)`
    : `Drift against ${lockfile}: locked ${result.lockedIntegrityDigest}, now ${result.currentIntegrityDigest}`];
  for (const n of result.tools.added) lines.push(`  tool added:       ${terminalLine(n)}`);
  for (const n of result.tools.removed) lines.push(`  tool removed:     ${terminalLine(n)}`);
  for (const c of result.tools.changed) lines.push(`  tool changed:     ${terminalLine(c.name)}${c.sections.length ? ` (${c.sections.join(', ')})` : ''}`);
  for (const n of result.prompts.added) lines.push(`  prompt added:     ${terminalLine(n)}`);
  for (const n of result.prompts.removed) lines.push(`  prompt removed:   ${terminalLine(n)}`);
  for (const c of result.prompts.changed) lines.push(`  prompt changed:   ${terminalLine(c.name)}`);
  for (const n of result.resources.added) lines.push(`  resource added:   ${terminalLine(n)}`);
  for (const n of result.resources.removed) lines.push(`  resource removed: ${terminalLine(n)}`);
  for (const c of result.resources.changed) lines.push(`  resource changed: ${terminalLine(c.uri)}`);
  if (diff && diff.result.deltas.length > 0) lines.push('', diff.text.trimEnd());
  lines.push(`Review the change, then ${accept} to accept it.`);
  return lines.join('\n') + '\n';
}

/**
 * The JSON form of a check result (stable keys).
 *
 * @param result The check result.
 * @param lockfile The lockfile path.
 * @param diff The classified deltas, when available.
 * @returns A plain object for JSON output.
 */
export function checkResultJson(result: LockfileCheckResult, lockfile: string, diff?: DiffResult): object {
  return {
    // Up to date: no deltas; `diff` is absent only then (and for library callers passing none).
    verdict: diff ? diff.verdict : result.ok ? 'NONE' : null,
    deltas: diff ? diff.deltas : result.ok ? [] : null,
    ok: result.ok,
    lockfile,
    lockedIntegrityDigest: result.lockedIntegrityDigest,
    currentIntegrityDigest: result.currentIntegrityDigest,
    tools: result.tools,
    prompts: result.prompts,
    resources: result.resources,
    ...(result.unrecordedResources !== undefined ? { unrecordedResources: result.unrecordedResources } : {}),
  };
}

/**
 * Run the check (shared by `check` and `lock --check`).
 *
 * @param flags Parsed flags.
 * @param io Where to read and write.
 * @returns 0 when the lockfile matches, 1 on drift.
 */
export async function runCheck(flags: Flags, io: Io): Promise<number> {
  const format = formatFlag(flags, ['text', 'json'] as const, 'check');
  const path = lockfilePath(flags, io, await configuredLockfileIfAny(stringFlag(flags, 'config'), io.cwd, io.env));
  // Read first, so a missing lockfile is reported before a live server is started; it is parsed
  // and verified in full only when it is not byte for byte what `lock` would write now.
  const content = readLockfileContent(path.abs, path.shown, isMissingFile(path.abs) ? await defaultLockfileNote(flags, io) : '');
  const loaded = await loadContractSet(flags, io);
  const { set, label, violations = [], toolsOnly = false } = loaded;
  let { redact } = loaded;
  if (violations.length > 0) (await import('./_violation-warnings.ts')).writeViolationWarnings(io, violations, boolFlag(flags, 'quiet'));
  // Names a reader cannot tell apart are locked as listed (the lockfile is the server's listing); they are named here.
  if (namesMayLookAlike([Object.keys(set.tools), Object.keys(set.prompts)])) (await import('./_name-warnings.ts')).writeConfusableNameWarnings(io, set, boolFlag(flags, 'quiet'), redact);
  // The set is fresh from the reader, so its schemas need not be hashed a second time. A
  // lockfile that is byte for byte what `lock` would write passes here; only another one loads
  // the strict lockfile parser (and, on drift, the diff engine).
  const digests = computeContractSetDigests(set);
  let result: LockfileCheckResult | undefined = upToDateResult(content, set, digests, true);
  let lock: Lockfile | undefined;
  // A big lockfile read from its bytes: its contracts, the schemas read when a rule looks at one.
  let lockedSet: ContractSet | undefined;
  if (result === undefined) {
    const { checkLockfileContent } = await import('../lockfile/check-lockfile.ts');
    ({ result, lock, lockedSet } = checkLockfileContent(content, path.shown, set, true, digests));
  }
  // Name every change with its verdict: from the full contracts of an mcpfusion lockfile, or from
  // the fields a lockfile in MCP Fusion's own format records (a change it cannot show is
  // lockfile.unrecorded-change).
  // A live server that echoed a secret given this run (a token in a description) has it hidden
  // in everything printed, on both sides: the lockfile keeps what was locked, the output does not
  // repeat it (CI logs are read by more people than the repository).
  // Names that hide to the same text (tools named with two secrets, here or in the lockfile)
  // are shown apart.
  if (redact !== undefined && lock !== undefined) {
    const locked = lock.capabilities;
    redact = distinctShownNames(redact, [...contractNames(set), ...Object.keys(locked.tools), ...Object.keys(locked.prompts ?? {}), ...Object.keys(locked.resources ?? {}), ...Object.values(locked.tools).flatMap((t) => t.surface.actions)]);
  }
  result = redactShown(result, redact);
  let diff: { result: DiffResult; text: string } | undefined;
  if (!result.ok && lock) {
    const [{ diffRecorded }, { formatDiffText }, { fingerprintShown }] = await Promise.all([import('../diff/diff-recorded.ts'), import('../format/text.ts'), import('../diff/diff-contracts.ts')]);
    // A delta that hides a secret is fingerprinted over what it shows (see `diff`).
    const full = diffRecorded(lockedSet !== undefined ? { contracts: lockedSet } : { lockfile: lock }, { contracts: set });
    const classified = redact === undefined ? full : fingerprintShown(redactShown(full, redact));
    diff = { result: classified, text: formatDiffText(classified, { color: io.color }) };
  }
  // Drift in a listing that holds the time it was made may be only the clock: say so.
  if (!result.ok && !boolFlag(flags, 'quiet')) {
    const timed = (await import('./_time-warnings.ts')).timeDependentWarning(set, Date.now(), redact);
    if (timed !== undefined) io.stderr(`${timed}\n`);
  }
  // Not one locked tool left and others in their place: most often --lockfile (or the working
  // directory) names another server's lockfile, which reads as "everything changed".
  const lockedTools = lock ? Object.keys(lock.capabilities.tools) : [];
  if (lock && !boolFlag(flags, 'quiet') && lockedTools.length > 0 && result.tools.removed.length === lockedTools.length && result.tools.added.length > 0) {
    io.stderr(`warning: none of the ${lockedTools.length} tools locked in ${path.shown} (server ${JSON.stringify(lock.serverName)}) is in the source (${label}); if this lockfile belongs to another server, point --lockfile at its own lockfile; if the server really replaced all its tools, review the change and run \`mcpfusion lock\`\n`);
  }
  // A saved tools/list holds tools only: the prompts and resources of a lockfile taken from the
  // server show as removed, though nothing says they are gone.
  const unlisted = result.prompts.removed.length + result.resources.removed.length;
  if (toolsOnly && unlisted > 0 && !boolFlag(flags, 'quiet')) {
    io.stderr(`warning: the source (${label}) holds tools only, so the ${plural(result.prompts.removed.length, 'prompt')} and ${plural(result.resources.removed.length, 'resource')} locked in ${path.shown} show as removed though it says nothing of them; lock and check from the same kind of source (the server, or the tools/list file both times)\n`);
  }
  const unrecorded = result.unrecordedResources ?? [];
  if (unrecorded.length > 0 && !boolFlag(flags, 'quiet')) {
    const named = unrecorded.slice(0, 5).map((u) => JSON.stringify(u)).join(', ') + (unrecorded.length > 5 ? `, … (${unrecorded.length - 5} more)` : '');
    io.stderr(`warning: ${path.shown} is in MCP Fusion's format, which records no resources, so the server's ${unrecorded.length} resource${unrecorded.length === 1 ? ' is' : 's are'} not checked (${named}); run \`mcpfusion lock\` to record them\n`);
  }
  if (format === 'json') {
    const shownViolations = violations.length > 0 ? (await import('./_violation-warnings.ts')).violationsJson(violations, io.cwd) : [];
    io.stdout(JSON.stringify({ ...checkResultJson(result, path.shown, diff?.result), violations: shownViolations }, null, 2) + '\n');
    // As diff, scan and probe do beside machine output: a failed gate gets one line on stderr,
    // so a CI log shows why the step failed without parsing stdout.
    if (!result.ok && !boolFlag(flags, 'quiet')) io.stderr(`mcpfusion check: ${path.shown} does not match the source (${driftCounts(result)})\n`);
  }
  else if (!boolFlag(flags, 'quiet') || !result.ok) {
    // `mcpfusion lock` alone reads the config: after a check given its source or lockfile by
    // flags, it would lock something else, or find no source at all.
    const byFlags = ['contracts', 'server', 'url', 'toolsList', 'lockfile', 'config'].some((n) => flags[n] !== undefined);
    io.stdout(formatCheckText(result, path.shown, diff, byFlags ? 'run `mcpfusion lock` with the same flags' : undefined));
  }
  return result.ok ? 0 : 1;
}

/** What drifted, counted by kind: `2 tools changed, 1 prompt added`. */
function driftCounts(result: LockfileCheckResult): string {
  const parts: string[] = [];
  for (const [kind, drift] of [['tool', result.tools], ['prompt', result.prompts], ['resource', result.resources]] as const) {
    for (const [what, list] of [['added', drift.added], ['removed', drift.removed], ['changed', drift.changed]] as const) {
      if (list.length > 0) parts.push(`${plural(list.length, kind)} ${what}`);
    }
  }
  return parts.length > 0 ? parts.join(', ') : 'the integrity digest differs';
}

/** `mcpfusion check`. */
export const checkCommand: CommandSpec = {
  name: 'check',
  description: 'Recompute the contracts and compare with mcpfusion.lock; exit 1 on any drift (the CI gate)',
  formatHelp: 'text (default) or json',
  options: [...SOURCE_OPTIONS, LOCKFILE_OPTION],
  examples: ['mcpfusion check --contracts examples/billing/contracts.json --lockfile examples/billing/mcpfusion.lock'],
  run: (_args, flags, io) => runCheck(flags, io),
};
