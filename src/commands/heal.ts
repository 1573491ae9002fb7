/**
 * `mcpfusion heal --lockfile FILE -- <server command>`: self-healing (SPEC 10) for any stdio MCP
 * server, in whatever language it is written. The approved lockfile is read first; the server is
 * started once to read its current contracts (exactly as `diff --against FILE --server …` reads
 * them, config overlays included), then again behind the stdio proxy, which passes the session
 * through unchanged except that a failed `tools/call` of a tool whose contract changed since the
 * lockfile, with BREAKING or RISKY deltas for that call's action, gets the `<contract_awareness>`
 * block (see `src/guard/tools-call-awareness.ts` for which failures and where). The contracts
 * the session's own `tools/list` answers show replace those of the start-up read, so a server
 * that lists other tools later is diffed as it now stands.
 *
 * @module
 */
import process from 'node:process';
import { resolve } from 'node:path';
import { getOwn } from '../canonical/own.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { ACTION_DISCRIMINATOR } from '../contract/actions.ts';
import type { ContractSet, ToolContract } from '../contract/types.ts';
import { buildContractAwareness, DEFAULT_MAX_DELTAS, relevantDeltas } from '../diff/awareness.ts';
import { diffRecorded, type RecordedSide } from '../diff/diff-recorded.ts';
import type { DiffResult } from '../diff/types.ts';
import { InputError, SourceError } from '../errors.ts';
import { createAwarenessWatch, MAX_READ_SERVER_LINE } from '../guard/tools-call-awareness.ts';
import { createStderrLines } from '../guard/stderr-lines.ts';
import { runStdioProxy } from '../guard/stdio-proxy.ts';
import { isMissingFile } from '../io/read-file.ts';
import { useLongRunningJitPolicy } from '../io/jit-policy.ts';
import { configuredLockfileIfAny } from '../sources/config-locate.ts';
import { loadContractSet } from '../sources/load.ts';
import { redactCommandLine } from '../sources/redact-command.ts';
import { LOCKFILE_NAME } from '../lockfile/types.ts';
import { loadDiffSide } from './_diff-side.ts';
import { drainStdio, listed, proxiedServer, proxiedServerOptions, quoteArgv, serverArgv } from './_proxied-server.ts';
import type { CommandSpec } from './command.ts';
import { parsePolicy } from './diff.ts';
import { boolFlag, formatFlag, positiveIntFlag, stringFlag } from './flags.ts';
import { lockfilePath } from './lockfile-io.ts';

const USAGE = 'mcpfusion heal --lockfile FILE';

/**
 * The action a call names: its `action` argument when that is an action of the tool in the
 * lockfile or now (the discriminator the contract model derives actions from); else none, and
 * the block covers every action of the tool.
 *
 * @param sides The tools of the lockfile and of the server now.
 * @param tool The tool called.
 * @param args The call's arguments.
 * @returns The action key, or undefined.
 * @example callAction([locked.tools], 'invoices', { action: 'create', amount: 3 }) // 'create'
 */
export function callAction(sides: ReadonlyArray<Readonly<Record<string, ToolContract>>>, tool: string, args: unknown): string | undefined {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return undefined;
  const value = (args as Record<string, unknown>)[ACTION_DISCRIMINATOR];
  if (typeof value !== 'string' || !Object.hasOwn(args, ACTION_DISCRIMINATOR)) return undefined;
  return sides.some((tools) => {
    const t = getOwn(tools, tool);
    return t !== undefined && getOwn(t.surface.actions, value) !== undefined;
  }) ? value : undefined;
}

/** The tools with BREAKING or RISKY deltas in a diff, sorted. */
function changedTools(result: DiffResult, names: Iterable<string>): string[] {
  return [...names].filter((n) => relevantDeltas(result.deltas, n).length > 0).sort();
}

/** `mcpfusion heal`. */
export const healCommand: CommandSpec = {
  name: 'heal',
  takesRest: true,
  description: 'Run a stdio MCP server behind a proxy that adds the <contract_awareness> block (what changed since the lockfile) to failed calls of changed tools',
  formatHelp: 'text (default; the only one: stdout is the server\'s protocol stream)',
  options: [
    { flags: '--lockfile <path>', description: `The approved lockfile the agent was calibrated on (default: the config's lockfile, else ./${LOCKFILE_NAME}); also git:<ref>[:path]` },
    { flags: '--max-deltas <n>', description: `At most n deltas per block (default ${DEFAULT_MAX_DELTAS})` },
    { flags: '--policy <policy>', description: 'seed (default: the SPEC table) or semantic (property-level schema rules decide), as for diff' },
    ...proxiedServerOptions('heal'),
  ],
  examples: [
    'mcpfusion heal -- node dist/server.js',
    'mcpfusion heal --lockfile approved.lock --max-deltas 3 -- python -m my_server',
  ],
  async run(_args, flags, io) {
    // Its stdout is the server's protocol stream and its own lines are text on stderr.
    formatFlag(flags, ['text'] as const);
    const argv = serverArgv(flags, USAGE);
    const maxDeltas = positiveIntFlag(flags, 'maxDeltas') ?? DEFAULT_MAX_DELTAS;
    const policy = parsePolicy(flags);
    const quiet = boolFlag(flags, 'quiet');
    // The server's stderr and heal's notes share stderr: a note waits for the server's line to end.
    const stderrLines = createStderrLines((bytes) => process.stderr.write(bytes), (line) => io.stderr(line));
    const log = (s: string): void => { if (!quiet) stderrLines.note(`heal: ${s}\n`); };

    // 1. The approved lockfile, before any server process starts (a bad one is exit 2).
    const configFlag = stringFlag(flags, 'config');
    const configured = await configuredLockfileIfAny(configFlag, io.cwd, io.env);
    const path = lockfilePath(flags, io, configured);
    if (!path.shown.startsWith('git:') && isMissingFile(resolve(io.cwd, path.shown))) {
      throw new InputError(`No lockfile at "${path.shown}": lock the version the agent was calibrated on first (\`mcpfusion lock\`), or point --lockfile at it`);
    }
    // git:<ref> without a path reads the configured lockfile at that revision, as diff does.
    const old = await loadDiffSide(path.shown, io, configured ?? LOCKFILE_NAME, configFlag);
    if (old.kind !== 'lockfile') throw new InputError(`--lockfile "${path.shown}" is a ${old.kind}, not a lockfile; give the lockfile the agent was calibrated on`);
    const before: RecordedSide = old.recorded !== undefined ? { lockfile: old.recorded } : { contracts: old.set };

    // 2. The server's current contracts, read as `diff --against` reads a live server.
    const { set, materializeTools } = await loadContractSet({ ...flags, server: quoteArgv(argv), '--': undefined }, io);
    let current: ContractSet = set;
    let result: DiffResult | undefined;
    const diffNow = (): DiffResult => (result ??= diffRecorded(before, { contracts: current }, { policy }));
    const changed = changedTools(diffNow(), new Set([...Object.keys(old.set.tools), ...Object.keys(current.tools)]));
    log(changed.length === 0
      ? `the server's tools have no BREAKING or RISKY change since ${path.shown}; serving (a block is added only if they change during the session)`
      : `${changed.length === 1 ? 'the tool' : 'the tools'} ${listed(changed)} changed since ${path.shown} with BREAKING or RISKY deltas; serving, with the <contract_awareness> block on their failed calls`);

    // The session's own tools/list answers say what the server offers now.
    let lastListed = '';
    const onToolsListed = (tools: JsonValue[], complete: boolean): void => {
      if (!materializeTools) return;
      let key: string;
      let listedSet: ContractSet;
      try {
        key = `${complete}:${JSON.stringify(tools)}`;
        if (key === lastListed) return;
        listedSet = materializeTools(tools);
      } catch (cause) {
        // A schema nested deeper than the stack allows overflows it (a RangeError): the session
        // goes on, as for any list that cannot be read.
        if (!(cause instanceof InputError) && !(cause instanceof RangeError)) throw cause;
        const why = cause instanceof RangeError ? 'it is nested too deeply' : (cause as Error).message.split('\n')[0];
        log(`the server's tools/list answer cannot be read as contracts (${why}); the contracts read before stay in use`);
        return;
      }
      lastListed = key;
      current = { ...current, tools: complete ? listedSet.tools : { ...current.tools, ...listedSet.tools } };
      result = undefined;
    };

    // 3. Serve behind the proxy (for as long as the client stays: the normal JIT from here on).
    useLongRunningJitPolicy();
    const watch = createAwarenessWatch({
      blockFor: (tool, args) => {
        const action = callAction([old.set.tools, current.tools], tool, args);
        return buildContractAwareness(diffNow(), { tool, ...(action !== undefined ? { action } : {}), maxDeltas }).block;
      },
      onToolsListed,
      onInjected: (tool, where) => log(`added <contract_awareness> to the failed call of the tool ${JSON.stringify(tool)} (${where})`),
      onSkipped: (tool, why) => log(`no <contract_awareness> for the failed call of the tool ${JSON.stringify(tool)}: ${why}; passed on unchanged`),
      onLongLine: () => log(`a server line longer than ${MAX_READ_SERVER_LINE / (1024 * 1024)} MiB was passed on unread, as it came: a failed call answered in it gets no block, tools listed in it are not learnt`),
    });
    const exit = await runStdioProxy({
      ...proxiedServer(argv, flags, io),
      errorOutput: stderrLines.stream,
      watch,
      name: 'heal',
    });
    stderrLines.end();
    await drainStdio();
    if (exit.stoppedByGuard || exit.code === 0) return 0;
    throw new SourceError(`The server ${JSON.stringify(redactCommandLine(argv.join(' ')))} exited on its own (${exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`})`);
  },
};
