/**
 * `mcpfusion probe record|run` (SPEC section 9): semantic probes against the live source.
 *
 * `probe record` calls each probe's tool on the live source (`--server`, `--url` or the config's
 * `source`) and writes the outputs as baselines into the probe file (`mcpfusion.probes.jsonc` or
 * `--probes FILE`), atomically and keeping comments; probes that have a baseline are kept unless
 * `--update`. `probe run` replays every probe, sends contract, input, baseline and current output
 * to the judge (the offline judge, or `--judge-command`), and reports the drift per probe. Exit 1
 * when a probe that did not fall back reaches `--fail-on` (default high), 2 on bad input, 3 when
 * the source cannot be opened (or, in `record`, a call fails).
 *
 * @module
 */
import { resolve } from 'node:path';
import type { JsonValue } from '../canonical/strict-json.ts';
import { materializeServer } from '../contract/materialize.ts';
import type { ContractSet } from '../contract/types.ts';
import { InputError, SourceError } from '../errors.ts';
import { isMissingFile, readTextFileAndMark } from '../io/read-file.ts';
import { assertCanReplace, writeFileAtomic } from '../io/write-atomic.ts';
import { contractSetFromLockfile, parseLockfile } from '../lockfile/parse-lockfile.ts';
import { callToolResultProblem, tryReadCallToolOutput } from '../probe/call-tool-output.ts';
import { formatProbeReportJson, formatProbeReportMarkdown, formatProbeReportText } from '../probe/format-probe-report.ts';
import { buildProbePrompt } from '../probe/build-probe-prompt.ts';
import { offlineJudge } from '../probe/offline-judge.ts';
import { outputSecrets, redactJson, SECRET_PLACEHOLDER, type KnownSecret } from '../sources/output-secrets.ts';
import { PROBE_FILE_NAME, parseProbeFile, probeCallArguments, type ProbeFile } from '../probe/parse-probe-file.ts';
import { DEFAULT_CONCURRENCY, DEFAULT_PROBE_TIMEOUT_MS, runProbes } from '../probe/run-probes.ts';
import { mapLimit } from '../probe/map-limit.ts';
import { setBaselines, type BaselineUpdate } from '../probe/set-baselines.ts';
import { DEFAULT_THRESHOLDS, parseProbeFailOn, parseThresholds, probeGateFailed } from '../probe/thresholds.ts';
import type { Probe, SemanticProbeAdapter } from '../probe/types.ts';
import { loadConfig, configuredLockfile, type LoadedConfig } from '../sources/config.ts';
import { commandJudge, judgeStartProblem } from '../sources/judge-command.ts';
import { commandLineSecrets, environmentSecrets, givenValueSecrets, requestSecrets } from '../sources/redact-command.ts';
import { resolveSource, type ResolvedSource } from '../sources/resolve-source.ts';
import { serverEnvironment } from '../sources/server-environment.ts';
import type { McpSession } from '../sources/session.ts';
import { LIVE_SOURCE_OPTIONS } from '../sources/source-options.ts';
import type { CommandSpec, Io } from './command.ts';
import { MAX_TIMEOUT_MS } from '../sources/timeouts.ts';
import { assertAction, boolFlag, formatFlag, positiveIntFlag, refuseUnreadFlags, stringFlag, stringsFlag, timeoutFlag, type Flags } from './flags.ts';
import { LOCKFILE_OPTION, lockfilePath, readLockfileText } from './lockfile-io.ts';
import { LOCKFILE_NAME } from '../lockfile/types.ts';
import process from 'node:process';
import { commandLineHome } from '../sources/command-line.ts';

interface ProbeContext {
  file: ProbeFile;
  text: string;
  /** The file starts with a byte-order mark, which `text` leaves out. */
  byteOrderMark: boolean;
  abs: string;
  shown: string;
  selected: Probe[];
  config: LoadedConfig | undefined;
  concurrency: number;
  timeoutMs: number;
  quiet: boolean;
}

function readProbeContext(flags: Flags, io: Io): ProbeContext {
  const shown = stringFlag(flags, 'probes') ?? PROBE_FILE_NAME;
  const abs = resolve(io.cwd, shown);
  if (isMissingFile(abs)) {
    throw new InputError(`No probe file at "${shown}": create it with a "probes" list (see docs/probe.md), or point --probes at it`);
  }
  // The text has no byte-order mark; `record` puts one back where the file had it. One read
  // serves both (a probe file given as `<(…)` or a named pipe can be read once).
  const { text, byteOrderMark } = readTextFileAndMark(abs, 'probe file', undefined, shown);
  const file = parseProbeFile(text, shown);
  const ids = stringsFlag(flags, 'id');
  const unknown = ids.filter((id) => !file.probes.some((p) => p.id === id));
  if (unknown.length > 0) {
    const known = file.probes.map((p) => JSON.stringify(p.id));
    const listed = known.length === 0 ? 'it has no probes' : `its ids are ${known.slice(0, 20).join(', ')}${known.length > 20 ? `, … (${known.length - 20} more)` : ''}`;
    throw new InputError(`No probe with the id ${unknown.map((id) => JSON.stringify(id)).join(', ')} in "${shown}"; ${listed}`);
  }
  const selected = ids.length === 0 ? file.probes : file.probes.filter((p) => ids.includes(p.id));
  return {
    file,
    text,
    byteOrderMark,
    abs,
    shown,
    selected,
    config: loadConfig(stringFlag(flags, 'config'), io.cwd, io.env, { deferUnsetEnv: true }),
    concurrency: positiveIntFlag(flags, 'concurrency') ?? DEFAULT_CONCURRENCY,
    timeoutMs: timeoutFlag(flags, 'timeout') ?? DEFAULT_PROBE_TIMEOUT_MS,
    quiet: boolFlag(flags, 'quiet'),
  };
}

function refuseFileSources(flags: Flags): void {
  for (const name of ['contracts', 'toolsList'] as const) {
    if (flags[name] !== undefined) throw new InputError(`Probes call tools, so they need a live source (--server or --url), not --${name === 'contracts' ? 'contracts' : 'tools-list'}`);
  }
}

function liveSource(flags: Flags, io: Io, config: LoadedConfig | undefined): ResolvedSource {
  refuseFileSources(flags);
  const resolved = resolveSource(flags, io, config);
  if (!resolved) {
    throw new InputError(`No live source: give --server "<command>" or --url URL, or name one under "source" in ${config ? `"${config.shown}"` : './mcpfusion.jsonc'}`);
  }
  return resolved;
}

/**
 * With no probe to call, no session opens; the source flags typed are still checked as a run
 * with probes checks them (a --header with a --server, a --server-cwd that does not exist), so a
 * wrong one is never passed over.
 */
function checkIdleSource(flags: Flags, io: Io, config: LoadedConfig | undefined): void {
  const typed = LIVE_SOURCE_OPTIONS.map((o) => o.flags.split(' ')[0]!.slice(2).replace(/-([a-z])/g, (_m, c: string) => c.toUpperCase()));
  if (typed.some((name) => flags[name] !== undefined)) liveSource(flags, io, config);
}

/** A request header whose value is a credential (`Authorization`, `Cookie`, `X-API-Key`, `X-Auth-Token`). */
const SECRET_HEADER = /^(?:authorization|proxy-authorization|cookie|[\w-]*(?:key|token|secret|auth|password|session)[\w-]*)$/i;

/**
 * The secrets a live source was given, to replace in what its tools answer and to look for there:
 * the server's environment (variables named like secrets, and credentials of a known shape in
 * any; a token-like value given with `--server-env` or `source.env` whatever its name), the
 * secrets of its command line, or the values of an HTTP source's credential headers (and the
 * credentials after a scheme such as `Bearer` in any header) and of its URL's user info and
 * secret query parameters.
 */
function sourceSecrets(source: ResolvedSource, io: Io): KnownSecret[] {
  const { spec } = source;
  const out: KnownSecret[] = [];
  if (spec.kind === 'server') {
    for (const [name, value] of Object.entries(serverEnvironment(io, spec.env))) {
      if (value !== undefined) for (const v of environmentSecrets({ [name]: value })) out.push({ label: `the value of the server's environment variable ${name}`, value: v });
    }
    // A token-like value given on purpose, whatever its name (as the source's messages hide it).
    for (const [name, value] of Object.entries(spec.env)) for (const v of givenValueSecrets(value)) out.push({ label: `the value of the server's environment variable ${name}`, value: v });
    for (const v of commandLineSecrets([spec.command, ...spec.args].join(' '))) out.push({ label: 'a secret of the server\'s command line', value: v });
  } else if (spec.kind === 'url') {
    for (const [name, value] of Object.entries(spec.headers)) {
      const credential = /^\s*(?:bearer|basic|token)\s+(\S+)\s*$/i.exec(value);
      if (SECRET_HEADER.test(name)) out.push({ label: `the value of the --header "${name}"`, value: value.trim() });
      if (credential !== null) out.push({ label: `the value of the --header "${name}"`, value: credential[1]! });
    }
    for (const v of commandLineSecrets(spec.url)) out.push({ label: 'a secret of the --url', value: v });
    // The user info (`https://<token>@host/…` passes a token as the user name) and the query
    // values the source's messages hide (named like a secret, or not plain: `?k=<token>`), as
    // written and decoded.
    if (URL.canParse(spec.url)) for (const v of requestSecrets(new URL(spec.url), {})) out.push({ label: 'a secret of the --url', value: v });
  }
  return out;
}

/** The values of {@link sourceSecrets}, each once. */
const secretValues = (secrets: readonly KnownSecret[]): string[] => [...new Set(secrets.map((s) => s.value))];

async function record(flags: Flags, io: Io, ctx: ProbeContext): Promise<number> {
  const format = formatFlag(flags, ['text', 'json'] as const, 'probe record');
  const update = boolFlag(flags, 'update');
  const todo = ctx.selected.filter((p) => update || p.baseline === undefined);
  const kept = ctx.selected.filter((p) => !todo.includes(p)).map((p) => p.id);
  const updates: BaselineUpdate[] = [];
  const failures: string[] = [];
  let secrets: KnownSecret[] = [];
  if (todo.length === 0) checkIdleSource(flags, io, ctx.config);
  else {
    // Calls can change the server's state (a probe may create or refund something): a probe file
    // that cannot be written (a read-only folder or file, a pipe) stops the run before the first.
    try {
      assertCanReplace(ctx.abs, { flag: '--probes' });
    } catch (e) {
      if (e instanceof InputError) throw new InputError(`${e.message}; no probe was called`, { cause: e });
      throw e;
    }
    const source = liveSource(flags, io, ctx.config);
    secrets = sourceSecrets(source, io);
    const session = await (await import('../sources/session.ts')).openSourceSession(source, io);
    try {
      await mapLimit(todo, ctx.concurrency, async (probe) => {
        try {
          const raw = await session.callTool(probe.tool, probeCallArguments(probe), { timeoutMs: ctx.timeoutMs });
          const output = tryReadCallToolOutput(raw);
          if (!output) {
            failures.push(`${probe.id}: the tool returned something that is not a CallToolResult: ${callToolResultProblem(raw)}`);
            return;
          }
          if (output.isError && !ctx.quiet) io.stderr(`warning: probe "${probe.id}": the tool reported an error (isError); recorded as the baseline\n`);
          updates.push({ index: ctx.file.probes.indexOf(probe), output });
        } catch (error) {
          failures.push(`${probe.id}: ${(error as Error).message}`);
        }
      });
    } finally {
      await closeSession(session, io, ctx.quiet);
    }
  }
  if (failures.length > 0) {
    throw new SourceError(`Cannot record ${failures.length} of ${todo.length} probe${todo.length === 1 ? '' : 's'}; "${ctx.shown}" is unchanged:\n${failures.sort().map((f) => `  ${f}`).join('\n')}`);
  }
  updates.sort((a, b) => a.index - b.index);
  // The secrets the source was given never reach the probe file: each is stored as the
  // placeholder, which `probe run` puts in today's answer too before comparing.
  const values = secretValues(secrets);
  const stored = updates.map((u) => ({ ...u, output: redactJson(u.output, values) }));
  if (!ctx.quiet) {
    for (const [i, u] of stored.entries()) {
      const id = ctx.file.probes[u.index]!.id;
      const left = outputSecrets(u.output, secrets);
      const replaced = outputSecrets(updates[i]!.output, secrets).filter((f) => !left.includes(f) && !f.startsWith('a credential of a known shape'));
      if (replaced.length > 0) io.stderr(`note: probe "${id}": the tool's answer holds ${replaced.join(', ')}; stored in the baseline as ${SECRET_PLACEHOLDER}\n`);
      if (left.length > 0) io.stderr(`warning: probe "${id}": the tool's answer holds ${left.join(', ')}; the baseline stores it verbatim in "${ctx.shown}": review the file before committing it, or probe with arguments whose answer holds no secret\n`);
    }
  }
  const next = setBaselines(ctx.text, stored);
  parseProbeFile(next, ctx.shown); // the edit must leave a valid file; a bug here must not write
  const written = next !== ctx.text;
  if (written) writeFileAtomic(ctx.abs, ctx.byteOrderMark ? `\ufeff${next}` : next, { flag: '--probes' });
  const recorded = updates.map((u) => ctx.file.probes[u.index]!.id);
  if (format === 'json') {
    io.stdout(`${JSON.stringify({ file: ctx.shown, recorded, kept, written }, null, 2)}\n`);
  } else {
    const lines = [`recorded ${recorded.length} probe${recorded.length === 1 ? '' : 's'}${recorded.length > 0 ? `: ${recorded.join(', ')}` : ''}`];
    if (kept.length > 0) lines.push(`kept ${kept.length} existing baseline${kept.length === 1 ? '' : 's'} (--update re-records): ${kept.join(', ')}`);
    lines.push(written ? `wrote "${ctx.shown}"` : `"${ctx.shown}" unchanged`);
    io.stdout(`${lines.join('\n')}\n`);
  }
  return 0;
}

async function closeSession(session: McpSession, io: Io, quiet: boolean): Promise<void> {
  const notes = await session.close();
  if (!quiet) for (const n of notes) io.stderr(`warning: ${n}\n`);
}

/** The contracts the judge gets: from the lockfile when there is one, else from the live surface. */
async function judgeContracts(flags: Flags, io: Io, ctx: ProbeContext, session: McpSession): Promise<{ set: ContractSet | undefined; from: string }> {
  const explicit = stringFlag(flags, 'lockfile') !== undefined;
  const path = lockfilePath(flags, io, configuredLockfile(stringFlag(flags, 'config'), io.cwd, io.env));
  if (explicit || !isMissingFile(path.abs)) {
    const lock = parseLockfile(readLockfileText(path.abs, path.shown), path.shown);
    return { set: contractSetFromLockfile(lock), from: `lockfile "${path.shown}"` };
  }
  try {
    // A list request, bounded by the source's request timeout (--request-timeout, timeouts.request).
    const tools = await session.listTools();
    return { set: materializeServer({ tools }, ctx.config?.config.tools ?? {}), from: 'the live tools/list' };
  } catch (error) {
    if (!ctx.quiet) io.stderr(`warning: the judge gets no contracts: reading the live tools/list failed: ${(error as Error).message.split('\n')[0]}\n`);
    return { set: undefined, from: 'nowhere' };
  }
}

async function runCommand(flags: Flags, io: Io, ctx: ProbeContext): Promise<number> {
  const format = formatFlag(flags, ['text', 'json', 'markdown'] as const, 'probe run');
  const failOn = parseProbeFailOn(stringFlag(flags, 'failOn'));
  const thresholdsFlag = stringFlag(flags, 'thresholds');
  const thresholds = thresholdsFlag !== undefined ? parseThresholds(thresholdsFlag) : ctx.file.thresholds ?? { ...DEFAULT_THRESHOLDS };
  const missing = ctx.selected.filter((p) => p.baseline === undefined).map((p) => p.id);
  if (missing.length > 0) {
    throw new InputError(`${missing.length} probe${missing.length === 1 ? ' has' : 's have'} no baseline in "${ctx.shown}" (${missing.join(', ')}); run \`mcpfusion probe record\` first`);
  }
  const judgeLine = stringFlag(flags, 'judgeCommand');
  const home = commandLineHome(io.env, process.platform);
  const judgeOptions = { env: io.env, cwd: io.cwd, ...(home !== undefined ? { home } : {}) };
  const cannotStart = judgeLine !== undefined ? judgeStartProblem(judgeLine, judgeOptions) : undefined;
  if (cannotStart !== undefined) throw new InputError(`Cannot use --judge-command: ${cannotStart}`);
  const adapter = judgeLine !== undefined ? commandJudge(judgeLine, judgeOptions) : offlineJudge();
  const resolved = ctx.selected.length > 0 ? liveSource(flags, io, ctx.config) : undefined;
  if (!resolved) checkIdleSource(flags, io, ctx.config);
  let report;
  if (resolved) {
    // The secrets the source was given reach the judge as the placeholder `probe record` stored,
    // wherever they stand in its request (today's answer, a baseline recorded before verbatim,
    // the probe's arguments, the contract): the same answer under the same secret compares equal.
    const values = secretValues(sourceSecrets(resolved, io));
    const judge: SemanticProbeAdapter = {
      name: adapter.name,
      evaluate: (_prompt, context) => {
        const request = redactJson(context.request, values);
        return adapter.evaluate(buildProbePrompt(request), { ...context, request });
      },
    };
    const { openSourceSession, serverErrorAnswer } = await import('../sources/session.ts');
    const session = await openSourceSession(resolved, io);
    try {
      const contracts = await judgeContracts(flags, io, ctx, session);
      // The live tool names, read once when a call fails (undefined when listing fails too).
      let live: Promise<Set<string> | undefined> | undefined;
      const liveToolNames = (): Promise<Set<string> | undefined> => (live ??= contracts.from === 'the live tools/list' && contracts.set
        ? Promise.resolve(new Set(Object.keys(contracts.set.tools)))
        : session.listTools().then(
          (tools) => new Set(tools.flatMap((t) => (typeof t === 'object' && t !== null && !Array.isArray(t) && typeof t['name'] === 'string' ? [t['name']] : []))),
          () => undefined,
        ));
      const absent = [...new Set(ctx.selected.map((p) => p.tool))].filter((t) => contracts.set && !Object.hasOwn(contracts.set.tools, t));
      if (!ctx.quiet) {
        io.stderr(`probe: ${ctx.selected.length} probe${ctx.selected.length === 1 ? '' : 's'} against ${session.label}, judge ${adapter.name}, contracts from ${contracts.from}\n`);
        for (const t of absent) io.stderr(`warning: the tool "${t}" is not in ${contracts.from}; its judge gets no contract\n`);
      }
      report = await runProbes(ctx.selected, {
        adapter: judge,
        thresholds,
        concurrency: ctx.concurrency,
        timeoutMs: ctx.timeoutMs,
        // The SDK's own limit is set past ours, so the probe's time limit decides (and aborts the
        // call); never past the longest timer, which Node would fire after 1 ms instead.
        callTool: async (tool, args, signal) => {
          try {
            return await session.callTool(tool, args, { signal, timeoutMs: Math.min(ctx.timeoutMs + 1000, MAX_TIMEOUT_MS) });
          } catch (error) {
            // A server on an older SDK answers a call of a tool it no longer has with a JSON-RPC
            // error, where newer ones answer isError: either way the tool is gone, which is drift
            // to judge, not a failed call to set aside as a fallback.
            const answer = serverErrorAnswer(error);
            if (answer === undefined || (await liveToolNames())?.has(tool) !== false) throw error;
            if (!ctx.quiet) io.stderr(`warning: the tool "${tool}" is not in the live tools/list and its call failed (${answer.text}); judged as the server's error answer\n`);
            return { content: [{ type: 'text', text: answer.text }], isError: true };
          }
        },
        contractFor: (probe) => (contracts.set?.tools[probe.tool] ?? null) as unknown as JsonValue,
      });
    } finally {
      await closeSession(session, io, ctx.quiet);
    }
  } else {
    report = await runProbes([], { adapter, thresholds });
  }
  const render = format === 'json' ? formatProbeReportJson : format === 'markdown' ? formatProbeReportMarkdown : formatProbeReportText;
  io.stdout(render(report, failOn));
  const failed = probeGateFailed(report.results, failOn);
  if (failed && format !== 'text') io.stderr(`mcpfusion probe: drift ${report.summary.level} reaches --fail-on ${failOn}\n`);
  return failed ? 1 : 0;
}

/** `mcpfusion probe record|run`. */
export const probeCommand: CommandSpec = {
  name: 'probe <action>',
  description: 'Semantic probes: `probe record` writes baseline outputs, `probe run` replays them and judges the drift',
  formatHelp: 'text (default), json or markdown (markdown: run only)',
  options: [
    // No settle time: a probe session lists tools once, to call them (an unknown option, never ignored).
    // --request-timeout bounds only run's list requests (record lists nothing: exit 2 there).
    ...LIVE_SOURCE_OPTIONS.filter((o) => !o.flags.startsWith('--tools-list') && !o.flags.startsWith('--settle-timeout'))
      .map((o) => (o.flags.startsWith('--request-timeout') ? { ...o, description: 'run: time for each list request (the tools/list for the judge\'s contracts; default 30000)' } : o)),
    // Declared so that they get the explanation instead of "unknown option".
    { flags: '--contracts <file>', description: 'Refused: probes call tools, so they need a live source (--server or --url)' },
    { flags: '--tools-list <file>', description: 'Refused, as --contracts' },
    { flags: '--probes <file>', description: `Probe file (default: ./${PROBE_FILE_NAME})` },
    { flags: '--id <id>', description: 'Only this probe (repeatable)', repeatable: true },
    { flags: '--update', description: 'record: re-record probes that already have a baseline' },
    { flags: '--judge-command <command>', description: 'run: judge with this command (reads one JSON request on stdin, prints {"similarityScore": n, "reasoning": "…"}); default: the offline judge' },
    { flags: '--thresholds <list>', check: (f) => parseThresholds(stringFlag(f, 'thresholds')!), description: 'run: lower bounds of none,low,medium (default 0.95,0.75,0.5, or "thresholds" in the probe file)' },
    { flags: '--fail-on <level>', check: (f) => parseProbeFailOn(stringFlag(f, 'failOn')), description: 'run: exit 1 when a probe reaches this drift: none, low, medium, high (default) or never' },
    { flags: '--concurrency <n>', check: (f) => positiveIntFlag(f, 'concurrency'), description: `Probes at once (default ${DEFAULT_CONCURRENCY})` },
    { flags: '--timeout <ms>', check: (f) => timeoutFlag(f, 'timeout'), description: `Time limit per probe for the tool call, and again for the judge (default ${DEFAULT_PROBE_TIMEOUT_MS})` },
    { flags: LOCKFILE_OPTION.flags, description: `run: the lockfile to take the tools' contracts from (default: the config's lockfile, else ./${LOCKFILE_NAME}, when present; else the live tools/list)` },
  ],
  examples: [
    'mcpfusion probe record --server "node dist/server.js"',
    'mcpfusion probe run --server "node dist/server.js" --format markdown',
    'mcpfusion probe run --url http://127.0.0.1:3001/mcp --judge-command "python3 judge.py" --fail-on medium',
  ],
  precheck(args, flags) {
    const action = args[0];
    assertAction('probe', action, ['record', 'run'] as const);
    if (action === 'record') {
      refuseUnreadFlags(flags, ['--judge-command', '--thresholds', '--fail-on', '--lockfile'], '`probe record`', 'it is read by `probe run`, which judges; record writes baselines and judges nothing', 'drop it, or use `probe run`');
      // record lists nothing: it only calls the probes' tools, each bounded by --timeout.
      refuseUnreadFlags(flags, ['--request-timeout'], '`probe record`', 'it bounds list requests, and record lists nothing (each tool call is bounded by --timeout)', 'use --timeout, or drop it');
    } else {
      refuseUnreadFlags(flags, ['--update'], '`probe run`', 'it re-records baselines, which `probe record` writes; run only reads them', 'drop it, or use `probe record --update`');
    }
    refuseFileSources(flags);
  },
  async run(args, flags, io) {
    const action = args[0];
    assertAction('probe', action, ['record', 'run'] as const);
    // Every flag value was checked before (OptionSpec.check), and the format is, before the
    // probe file is read: a bad flag is named first, not after the file has been written or fixed.
    formatFlag(flags, action === 'record' ? ['text', 'json'] as const : ['text', 'json', 'markdown'] as const, `probe ${action}`);
    const ctx = readProbeContext(flags, io);
    return action === 'record' ? record(flags, io, ctx) : runCommand(flags, io, ctx);
  },
};
