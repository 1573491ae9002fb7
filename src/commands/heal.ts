/**
 * `mcpfusion heal --lockfile FILE -- <server command>`: self-healing (SPEC 10) for any stdio MCP
 * server, in whatever language it is written. The approved lockfile is read first; then the
 * server is started once, behind the stdio proxy, which passes the session through unchanged
 * except that a failed `tools/call` of a tool whose contract changed since the lockfile, with
 * BREAKING or RISKY deltas for that call's action, gets the `<contract_awareness>` block (see
 * `src/guard/tools-call-awareness.ts` for which failures and where). The server's current
 * contracts come from the session itself: its `tools/list` answers (a whole list). When a call
 * fails before the session has listed the tools, heal asks the server itself (`tools/list`, and
 * for a server with resources `resources/list` and the MCP Fusion manifest, as a `--server` read
 * does), holding that one failed answer back until the answers come or `--request-timeout` passes;
 * its own requests and their answers never reach the client.
 *
 * @module
 */
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import { resolve } from 'node:path';
import { getOwn } from '../canonical/own.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { ACTION_DISCRIMINATOR } from '../contract/actions.ts';
import type { FusionManifest } from '../contract/fusion-manifest.ts';
import type { ContractSet, ToolContract } from '../contract/types.ts';
import { buildContractAwareness, DEFAULT_MAX_DELTAS, relevantDeltas } from '../diff/awareness.ts';
import { diffRecorded, type RecordedSide } from '../diff/diff-recorded.ts';
import type { DiffResult } from '../diff/types.ts';
import { InputError } from '../errors.ts';
import { isObject, type Json } from '../guard/json-lines.ts';
import { createOwnRequests, OwnRequestError, type OwnRequests } from '../guard/own-requests.ts';
import { createAwarenessWatch, MAX_READ_SERVER_LINE, type FailureKind } from '../guard/tools-call-awareness.ts';
import { failureFromChange } from '../guard/failure-from-change.ts';
import { createStderrLines } from '../guard/stderr-lines.ts';
import { runStdioProxy } from '../guard/stdio-proxy.ts';
import { isMissingFile } from '../io/read-file.ts';
import { useLongRunningJitPolicy } from '../io/jit-policy.ts';
import { configuredLockfileIfAny } from '../sources/config-locate.ts';
import { readFusionManifest } from '../sources/fusion-manifest-read.ts';
import { checkListBytes, checkListSize, jsonTextSize, nextCursor } from '../sources/list-pages.ts';
import { liveToolsMaterializer } from '../sources/load.ts';
import { LOCKFILE_NAME } from '../lockfile/types.ts';
import { loadDiffSide } from './_diff-side.ts';
import { drainStdio, listed, proxiedServer, proxiedServerOptions, proxiedServerRedactor, serverArgv, sessionExitCode } from './_proxied-server.ts';
import type { CommandSpec } from './command.ts';
import { parsePolicy } from './diff.ts';
import { boolFlag, formatFlag, positiveIntFlag, stringFlag, timeoutFlag } from './flags.ts';
import { defaultLockfileNote, lockfilePath } from './lockfile-io.ts';

/**
 * The start of the ids of heal's own requests; each session adds a random part
 * ({@link healIdPrefix}), so that a client whose ids look the same cannot collide with them.
 */
export const HEAL_ID_PREFIX = 'mcpfusion-heal-';

/**
 * The id prefix of one session's own requests: {@link HEAL_ID_PREFIX}, 64 random bits, a dash
 * (`mcpfusion-heal-3f9a1c2b4d5e6f70-`). A client never sees these ids, so it cannot reuse one,
 * and one that happens to write `mcpfusion-heal-1` (or any fixed string) does not meet them.
 *
 * @returns The prefix.
 * @example healIdPrefix() // 'mcpfusion-heal-3f9a1c2b4d5e6f70-'
 */
export function healIdPrefix(): string {
  return `${HEAL_ID_PREFIX}${randomBytes(8).toString('hex')}-`;
}

/** How long a failed answer waits for heal's own read of the server's tools, by default (ms). */
export const HEAL_READ_TIMEOUT = 5000;

/**
 * Every page of a list, asked by heal itself, by the rules of every list read
 * (`src/sources/list-pages.ts`: a repeated cursor, endless pages or too many entries fail the read).
 *
 * @param own The own requests.
 * @param method `tools/list` or `resources/list`.
 * @param key The result's array (`tools`, `resources`).
 * @param left Milliseconds left of the read.
 * @param log Where the note about an empty cursor goes.
 * @returns Every item, pages in order.
 * @throws {OwnRequestError} When a request or the list's rules fail.
 */
async function listAll(own: OwnRequests, method: string, key: string, left: () => number, log: (line: string) => void): Promise<Json[]> {
  const items: Json[] = [];
  const seen = new Set<string>();
  const notes: string[] = [];
  let bytes = 0;
  let cursor: string | undefined;
  for (let page = 1; ; page++) {
    const result = await own.request(method, cursor === undefined ? undefined : { cursor }, left());
    const entries = isObject(result) ? result[key] : undefined;
    if (!Array.isArray(entries)) throw new OwnRequestError(`the answer to ${method} has no "${key}" array`);
    try {
      checkListSize(items.length + entries.length, page, method);
      bytes += jsonTextSize(result);
      checkListBytes(bytes, page, method);
      items.push(...entries);
      cursor = nextCursor(isObject(result) ? result['nextCursor'] : undefined, page, seen, method, notes);
    } catch (cause) {
      throw new OwnRequestError((cause as Error).message);
    }
    for (const note of notes.splice(0)) log(note);
    if (cursor === undefined) return items;
  }
}

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
    { flags: '--max-deltas <n>', check: (f) => positiveIntFlag(f, 'maxDeltas'), description: `At most n deltas per block (default ${DEFAULT_MAX_DELTAS})` },
    { flags: '--policy <policy>', check: parsePolicy, description: 'seed (default: the SPEC table) or semantic (property-level schema rules decide), as for diff' },
    // No start or handshake timeout: heal starts the server once, behind the proxy, and the client
    // makes the handshake (such a flag is an unknown option, never silently ignored).
    ...proxiedServerOptions('heal')
      .filter((o) => !o.flags.startsWith('--start-timeout ') && !o.flags.startsWith('--handshake-timeout '))
      .map((o) => (o.flags.startsWith('--request-timeout ')
        ? { ...o, description: `How long a failed call's answer waits for heal's own read of the server's tools when the session has not listed them (default: the config's timeouts.request, else ${HEAL_READ_TIMEOUT})` }
        : o)),
  ],
  examples: [
    'mcpfusion heal -- node dist/server.js',
    'mcpfusion heal --lockfile approved.lock --max-deltas 3 -- python -m my_server',
  ],
  async run(_args, flags, io) {
    // Its stdout is the server's protocol stream and its own lines are text on stderr.
    formatFlag(flags, ['text'] as const, 'heal');
    const argv = serverArgv(flags, USAGE);
    const maxDeltas = positiveIntFlag(flags, 'maxDeltas') ?? DEFAULT_MAX_DELTAS;
    const policy = parsePolicy(flags);
    const quiet = boolFlag(flags, 'quiet');
    // The server's stderr and heal's notes share stderr: a note waits for the server's line to end.
    const stderrLines = createStderrLines((bytes) => process.stderr.write(bytes), (line) => io.stderr(line));
    // A note may quote the server (an error answer to heal's own read, a tool's name), which may
    // repeat a secret it was given: hidden as a --server source's messages hide it.
    const hide = proxiedServerRedactor(argv, flags, io);
    const log = (s: string): void => { if (!quiet) stderrLines.note(`heal: ${hide(s)}\n`); };

    // 1. The approved lockfile, before any server process starts (a bad one is exit 2).
    const configFlag = stringFlag(flags, 'config');
    const configured = await configuredLockfileIfAny(configFlag, io.cwd, io.env);
    const path = lockfilePath(flags, io, configured);
    if (!path.shown.startsWith('git:') && isMissingFile(resolve(io.cwd, path.shown))) {
      throw new InputError(`No lockfile at "${path.shown}": lock the version the agent was calibrated on first (\`mcpfusion lock\`), or point --lockfile at it${await defaultLockfileNote(flags, io)}`);
    }
    // git:<ref> without a path reads the configured lockfile at that revision, as diff does.
    const old = await loadDiffSide(path.shown, io, configured ?? LOCKFILE_NAME, configFlag, 'OLD', quiet);
    if (old.kind !== 'lockfile') throw new InputError(`--lockfile "${path.shown}" is a ${old.kind}, not a lockfile; give the lockfile the agent was calibrated on`);
    const before: RecordedSide = old.recorded !== undefined ? { lockfile: old.recorded } : { contracts: old.set };

    // 2. How the server's tools become contracts (the config's overlays, the handler scans), as a
    // `--server` read materializes them; the server itself is read from the session it serves.
    const { config, materialize } = await liveToolsMaterializer(flags, io);
    const readTimeout = timeoutFlag(flags, 'requestTimeout') ?? config?.config.timeouts?.request ?? HEAL_READ_TIMEOUT;
    /** The server's current contracts (lockfile parts other than tools unchanged), once known. */
    let current: ContractSet | undefined;
    let result: DiffResult | undefined;
    const diffNow = (): DiffResult => (result ??= diffRecorded(before, { contracts: current! }, { policy }));
    /** The server's MCP Fusion manifest: undefined until known, null when it has none. */
    let manifest: FusionManifest | null | undefined;
    /** The session's latest whole tools/list (the client's), as listed. */
    let listedTools: JsonValue[] | undefined;
    let lastChanged: string | undefined;
    const setCurrent = (tools: JsonValue[], merge: boolean): boolean => {
      let set: ContractSet;
      try {
        set = materialize(tools, manifest ?? undefined);
      } catch (cause) {
        // A schema nested deeper than the stack allows overflows it (a RangeError): the session
        // goes on, as for any list that cannot be read.
        if (!(cause instanceof InputError) && !(cause instanceof RangeError)) throw cause;
        const why = cause instanceof RangeError ? 'it is nested too deeply' : (cause as Error).message.split('\n')[0];
        log(`the server's tools/list answer cannot be read as contracts (${why}); ${current === undefined ? 'no block can be built until one can' : 'the contracts read before stay in use'}`);
        return false;
      }
      current = { ...old.set, tools: merge && current !== undefined ? { ...current.tools, ...set.tools } : set.tools };
      result = undefined;
      const changed = changedTools(diffNow(), new Set([...Object.keys(old.set.tools), ...Object.keys(current.tools)]));
      const said = changed.join('\n');
      if (said !== lastChanged) {
        lastChanged = said;
        log(changed.length === 0
          ? `the server's tools have no BREAKING or RISKY change since ${path.shown}`
          : `${changed.length === 1 ? 'the tool' : 'the tools'} ${listed(changed)} changed since ${path.shown} with BREAKING or RISKY deltas: their failed calls get the <contract_awareness> block`);
      }
      return true;
    };

    // The session's own tools/list answers say what the server offers now.
    let lastListed = '';
    const onToolsListed = (tools: JsonValue[], complete: boolean): void => {
      let key: string;
      try {
        key = `${complete}:${JSON.stringify(tools)}`;
      } catch (cause) {
        if (!(cause instanceof RangeError)) throw cause;
        log('the server\'s tools/list answer cannot be read as contracts (it is nested too deeply); it is not used');
        return;
      }
      if (key === lastListed) return;
      lastListed = key;
      if (complete) listedTools = tools;
      // Until the manifest is known, a whole list waits for the first failed call to be materialized.
      if (manifest === undefined) return;
      if (complete) setCurrent(tools, false);
      else if (current !== undefined) setCurrent(tools, true);
    };

    // 3. heal's own read, when a call fails before the session has shown what it needs.
    const own = createOwnRequests(healIdPrefix());
    let resourcesAdvertised: boolean | undefined;
    let reading: Promise<void> | undefined;
    /** How many times the server said its tools changed (a read in flight then starts again). */
    let toolsChanges = 0;
    let gaveUp = false;
    const readCurrent = async (tool: string): Promise<void> => {
      // The server answered a call: the session is open, whether or not the client said so.
      own.open();
      const deadline = Date.now() + readTimeout;
      const left = (): number => Math.max(1, deadline - Date.now());
      const asks = [...(listedTools === undefined ? ['tools/list'] : []), ...(manifest === undefined && resourcesAdvertised !== false ? ['resources/list'] : [])];
      const before = listedTools === undefined
        ? 'before the session showed the server\'s current tools'
        : 'before heal knew whether the server has an MCP Fusion manifest (the session listed its tools)';
      log(`the call of the tool ${JSON.stringify(tool)} failed ${before}: asking the server (${asks.join(', ')}); its answer waits at most ${readTimeout} ms`);
      try {
        for (;;) {
          // Answers to requests sent before the server said its tools changed may list the tools as
          // they were: the read starts again then (within the same deadline).
          const changesBefore = toolsChanges;
          const tools = listedTools ?? (await listAll(own, 'tools/list', 'tools', left, log)) as JsonValue[];
          if (manifest === undefined) {
            if (resourcesAdvertised === false) manifest = null;
            else {
              let resources: Json[] | null;
              try {
                resources = await listAll(own, 'resources/list', 'resources', left, log);
              } catch (cause) {
                // An error answer: the server has no resources to read a manifest from.
                if (!(cause instanceof OwnRequestError) || cause.rpcError === undefined) throw cause;
                resources = null;
              }
              const fusion = resources === null ? { warnings: [] } : await readFusionManifest(resources as JsonValue[], tools, async (uri) => {
                try {
                  return { result: await own.request('resources/read', { uri }, left()) };
                } catch (cause) {
                  if (cause instanceof OwnRequestError && cause.rpcError !== undefined) return { error: cause.message };
                  throw cause;
                }
              });
              for (const w of fusion.warnings) log(w);
              manifest = fusion.manifest ?? null;
            }
          }
          if (toolsChanges !== changesBefore) {
            log('the server said its tools changed (notifications/tools/list_changed) while heal read them: heal reads them again');
            continue;
          }
          // The client may have listed meanwhile: its whole list is the newer one.
          if (!setCurrent(listedTools ?? tools, false)) gaveUp = true;
          return;
        }
      } catch (cause) {
        if (!(cause instanceof OwnRequestError)) throw cause;
        gaveUp = true;
        manifest ??= null;
        // A request gets what is left of the read's time: its note gives the read's whole time.
        const why = cause.timedOut !== undefined ? `no answer to ${cause.timedOut} within ${readTimeout} ms` : cause.message;
        log(`heal's own read of the server's tools failed (${why}): failed calls pass on without a block until the client lists the tools itself`);
      }
    };
    const blockNow = (tool: string, args: Json | undefined, kind: FailureKind): string => {
      const action = callAction([old.set.tools, current!.tools], tool, args);
      const block = buildContractAwareness(diffNow(), { tool, ...(action !== undefined ? { action } : {}), maxDeltas }).block;
      // An isError result reports any failure of the tool: the block goes only where the change
      // plausibly explains it (a -32602 error already says the arguments or the name are wrong).
      if (block === '' || kind !== 'isError result' || failureFromChange(diffNow(), current!, tool, action, args) !== undefined) return block;
      log(`no <contract_awareness> for the failed call of the tool ${JSON.stringify(tool)} (an isError result): its arguments meet the tool's current input schema and use no property it no longer declares, so its change does not explain the failure; passed on unchanged`);
      return '';
    };

    // 4. Serve behind the proxy (for as long as the client stays: the normal JIT from here on).
    useLongRunningJitPolicy();
    log(`serving; the server's current tools are read from the session when a call fails (its tools/list answers, else heal asks the server)`);
    const watch = createAwarenessWatch({
      blockFor: (tool, args, kind) => {
        if (current !== undefined) return blockNow(tool, args, kind);
        if (listedTools !== undefined && manifest !== undefined && setCurrent(listedTools, false)) return blockNow(tool, args, kind);
        if (gaveUp) return '';
        // Once the read is over a later need (after the tools changed) starts another.
        reading ??= readCurrent(tool).finally(() => { reading = undefined; });
        return reading.then(() => (current !== undefined ? blockNow(tool, args, kind) : ''));
      },
      own,
      onInitializeResult: (initialized) => {
        const capabilities = isObject(initialized) ? initialized['capabilities'] : undefined;
        resourcesAdvertised = isObject(capabilities) && capabilities['resources'] !== undefined;
        // Without resources there is no manifest to read: the session's lists are used as they come.
        if (!resourcesAdvertised && manifest === undefined) {
          manifest = null;
          if (listedTools !== undefined) setCurrent(listedTools, false);
        }
      },
      // A client that writes its requests and closes its input at once (a pipe): while its calls
      // wait and the tools are unknown, the server's input stays open (at most the read's timeout)
      // so that heal can still ask once a call fails, and the server answers the calls in progress.
      onClientEnd: (callsWaiting) =>
        (callsWaiting && current === undefined && !gaveUp && !(listedTools !== undefined && manifest !== undefined) ? readTimeout : undefined),
      onToolsListed: (tools, complete) => onToolsListed(tools as JsonValue[], complete),
      // The lists seen before no longer say what the server offers: the next whole list does, or
      // heal's own read when a call fails first (also after a read that failed).
      onToolsChanged: () => {
        toolsChanges++;
        if (current === undefined && listedTools === undefined && !gaveUp) return;
        current = undefined;
        result = undefined;
        listedTools = undefined;
        lastListed = '';
        gaveUp = false;
        log('the server said its tools changed (notifications/tools/list_changed): they are read again from the session\'s next whole tools/list, or by heal when a call fails first');
      },
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
    return sessionExitCode('heal', exit, argv, (line) => io.stderr(line));
  },
};
