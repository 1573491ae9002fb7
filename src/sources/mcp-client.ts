/**
 * Read everything a live MCP server lists, over any transport, with the official SDK `Client`:
 * `initialize` (protocol version negotiated by the SDK), `notifications/initialized`,
 * `tools/list` following every `nextCursor`, then `prompts/list`, `resources/list` and
 * `resources/templates/list` when the server advertises those capabilities; `resources/read` of
 * the MCP Fusion manifest when the resource list holds one (see `fusion-manifest-read.ts`); then
 * shut down.
 *
 * Results are read as raw JSON (the SDK's loose result schema), so fields the SDK does not know
 * are kept and hashed exactly as the server sent them. Every step has a timeout; every failure
 * becomes a {@link SourceError} (exit 3) naming the stage, the reason and the server's stderr tail.
 *
 * @module
 */
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type * as SdkTypes from '@modelcontextprotocol/sdk/types.js';
import type { JsonValue } from '../canonical/strict-json.ts';
import type { ServerSnapshot } from '../contract/materialize.ts';
import { SourceError } from '../errors.ts';
import { DEFAULT_TIMEOUTS, type SourceTimeouts } from './timeouts.ts';
import { readFusionManifest, type ResourceReader } from './fusion-manifest-read.ts';
import type { ListingClient } from './listing-client.ts';
import { mcpErrorText } from './json-rpc-error-text.ts';
import { isSdkTimeout } from './sdk-timeout.ts';
import { isSdkConnectionClosed } from './sdk-closed.ts';
import { redactQuotedText } from './redact-command.ts';
import { shorten } from '../format/shorten.ts';
import { strayResponseError } from './stray-response.ts';
import { checkListBytes, checkListSize, jsonTextSize, nextCursor } from './list-pages.ts';

export { DEFAULT_TIMEOUTS, type SourceTimeouts } from './timeouts.ts';
export { checkListBytes, checkListSize, jsonTextSize, MAX_LIST_BYTES, MAX_LIST_ITEMS, nextCursor } from './list-pages.ts';

/** How many times lists said to have changed (`notifications/…/list_changed`) are read again, at most. */
const LIST_CHANGED_ROUNDS = 3;

/**
 * How many times lists are read again in all, at most: within the settle time a server may announce
 * the tools it registers one at a time, and those rounds do not count towards
 * {@link LIST_CHANGED_ROUNDS}; this bounds a server that announces changes without end.
 */
const MAX_LIST_ROUNDS = 50;

/** The timeouts a stage fails on (the settle time is a wait, never a failure). */
type StageLimit = Exclude<keyof SourceTimeouts, 'settle'>;

/** Where each timeout is set, for messages. */
const TIMEOUT_SETTING: Record<StageLimit, string> = {
  start: '--start-timeout or timeouts.start',
  handshake: '--handshake-timeout or timeouts.handshake',
  request: '--request-timeout or timeouts.request',
};

/** A transport plus what the reader needs to start it, explain failures and shut it down. */
export interface LiveConnection {
  /** The SDK transport given to `Client.connect` (its `start()` must be idempotent or a no-op after {@link LiveConnection.start}). */
  transport: Transport;
  /** How the source is named in messages (the command line or the URL without credentials). */
  label: string;
  /** Name of the start stage in messages: `spawn` (stdio) or `connect` (HTTP). */
  startStage: string;
  /** The start stage (spawn, or reach the endpoint). */
  start(): Promise<void>;
  /** Register a listener for fatal failures outside a request (protocol violation, exit). */
  onFailure(listener: (error: Error) => void): void;
  /**
   * Extra context for error messages (the stderr tail), or ''.
   *
   * @param failure What ended the run, as far as it shapes the context: `answered` when the server
   *   answered a request with a JSON-RPC error (its stderr may name what it lacks).
   */
  diagnostics(failure?: { answered?: boolean }): string;
  /**
   * A message with the secrets the source was given hidden (HTTP: the header values and the URL's
   * password and query values; stdio: those of its command line and environment), which a server
   * may repeat in what it answers: every failure, warning and note a reader of the connection
   * shows goes through it.
   */
  redact?(text: string): string;
  /** Why the connection closed, when it closed on its own (e.g. `the server exited (exit code 1)`). */
  explainClose(): string | undefined;
  /** Shut down (terminate the session / end the process); safe after a failure. */
  shutdown(): Promise<string[]>;
  /** Warnings about the connection itself, asked after the handshake (e.g. a deprecated transport). */
  warnings?(): string[];
  /**
   * Whether `error` says the server lost the session (HTTP: a 404 to a request carrying the
   * session id, or to the HTTP+SSE message endpoint), so it did not run the request and
   * {@link LiveConnection.newSession} may replace the session. Callers replace it at most once.
   */
  sessionLost?(error: unknown): boolean;
  /**
   * Drop the lost session (close the client on it first), so that the next `start` and
   * `initialize` open a new one; returns the first half of the warning to show
   * (`the server lost the HTTP session (…), so mcpfusion started a new session`).
   */
  newSession?(): string;
}

/** What a live read yields: the listing plus warnings worth showing on stderr. */
export interface LiveReadResult {
  snapshot: ServerSnapshot;
  /** The protocol version the server agreed to. */
  protocolVersion: string | undefined;
  warnings: string[];
}

export { CLIENT_INFO } from './client-info.ts';

/** A class no value is an instance of: `McpError` until the SDK is loaded (no error of its exists then). */
let McpError: typeof SdkTypes.McpError = class {} as never;
let ErrorCode: typeof SdkTypes.ErrorCode;
let ResultSchema: typeof SdkTypes.ResultSchema;

/**
 * Load the SDK's client (once), when a live read starts: importing the library never loads it (the
 * SDK costs more CPU at start-up than the rest of the library together, docs/library.md).
 */
async function loadSdk(): Promise<{ types: typeof SdkTypes; ListingClient: typeof ListingClient }> {
  const [types, { ListingClient }] = await Promise.all([import('@modelcontextprotocol/sdk/types.js'), import('./listing-client.ts')]);
  ({ McpError, ErrorCode, ResultSchema } = types);
  return { types, ListingClient };
}

class StageTimeout extends Error {
  constructor(readonly ms: number, readonly which: StageLimit) {
    super(`no answer within ${ms} ms (set ${TIMEOUT_SETTING[which]})`);
  }
}

type JsonObject = { [key: string]: JsonValue };

function isObject(v: unknown): v is JsonObject {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}


/**
 * Read a live server's full listing.
 *
 * @param connection The transport and its lifecycle hooks.
 * @param timeouts Start, handshake and per-request timeouts.
 * @returns The snapshot (raw tools, prompts, resources, templates, serverInfo, and the validated
 *   MCP Fusion manifest when the server exposes a well-formed one) and warnings.
 * @throws {SourceError} When any stage fails or times out (exit 3); the server is shut down first.
 * @example await readLiveServer(stdioConnection({ command: 'node', args: ['server.js'], env }), DEFAULT_TIMEOUTS)
 */
export async function readLiveServer(connection: LiveConnection, timeouts: SourceTimeouts = DEFAULT_TIMEOUTS): Promise<LiveReadResult> {
  // Before any stage's time limit runs: loading the SDK is no part of the server's time.
  const { ListingClient } = await loadSdk();
  let stage = connection.startStage;
  let failure: Error | undefined;
  let rejectFailure: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    rejectFailure = reject;
  });
  failed.catch(() => {}); // observed through Promise.race below; this only marks it handled
  connection.onFailure((error) => {
    failure ??= error;
    rejectFailure(error);
  });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const bounded = <T>(work: Promise<T>, which: StageLimit): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new StageTimeout(timeouts[which], which)), timeouts[which]);
      timers.add(timer);
    });
    return Promise.race([work, failed, timeout]).finally(() => {
      clearTimeout(timer);
      timers.delete(timer!);
    });
  };

  /**
   * A response whose id matches no open request (the id of another request, or a second answer
   * to one already answered): the SDK only reports it to `onerror` and the request waits for its
   * timeout, or the first of two different answers is locked. It fails the source at once.
   */
  let stray: Error | undefined;
  const watched = (c: ListingClient): ListingClient => {
    c.onerror = (error) => {
      const problem = strayResponseError(error);
      if (problem === undefined || c !== client) return;
      stray ??= problem;
      failure ??= problem;
      rejectFailure(problem);
    };
    return c;
  };
  let client = watched(new ListingClient());
  let warnings: string[] = [];
  let protocolVersion: string | undefined;
  let started = false;
  let renewed = false;
  for (;;) {
    try {
      if (!started) await bounded(connection.start(), 'start');
      started = true;
      stage = 'initialize';
      // The SDK's own per-request limit (60 s unless told) must not cut a longer one short.
      await bounded(client.connect(connection.transport, { timeout: timeouts.handshake }), 'handshake');
      const handshakeEnd = Date.now();
      protocolVersion = (connection.transport as { protocolVersion?: string }).protocolVersion;
      warnings.push(...client.initializeWarnings);
      warnings.push(...(connection.warnings?.() ?? []));
      const capabilities = client.getServerCapabilities() ?? {};
      /**
       * Every page of a list. `optional` names what is locked from it: a server that advertises
       * the capability but answers "Method not found" (as some real servers do for prompts and
       * resources they never registered) then locks none, with a warning; tools are never optional.
       */
      const listAll = async (method: string, key: string, optional?: { capability: string; what: string }): Promise<JsonValue[]> => {
        stage = method;
        const items: JsonValue[] = [];
        const seen = new Set<string>();
        let bytes = 0;
        let cursor: string | undefined;
        for (let page = 1; ; page++) {
          let result: unknown;
          try {
            result = await bounded(
              client.request({ method, params: cursor === undefined ? {} : { cursor } } as never, ResultSchema, { timeout: timeouts.request }),
              'request',
            );
          } catch (error) {
            if (optional !== undefined && page === 1 && error instanceof McpError && error.code === ErrorCode.MethodNotFound) {
              warnings.push(`The server advertises ${optional.capability} but does not implement ${method} (JSON-RPC -32601 Method not found); no ${optional.what} are locked`);
              return [];
            }
            // Any other error the server answers its first page with (terraform-mcp-server 0.13.0
            // answers resources/list with -32603 "Missing or invalid 'uri' parameter", @vuetify/mcp
            // 0.5.0 with -32603 ENOENT for a cache folder it never made) is a fault in a list the
            // tools do not need: none of them are locked, with a warning, rather than no lock at
            // all. A timeout or a closed connection still fails the run, as does a later page (a
            // part of a list would lock as the whole).
            if (optional !== undefined && page === 1 && error instanceof McpError && !isSdkConnectionClosed(error) && !isSdkTimeout(error)) {
              warnings.push(
                `The server advertises ${optional.capability} but answered ${method} with an error (${shorten(mcpErrorText(error), 400)}); no ${optional.what} are locked, ` +
                  `and \`check\` reports them as added once the server lists them`,
              );
              return [];
            }
            throw error;
          }
          if (isObject(result) && result[key] === null) {
            // What a Go server writes for an empty (nil) slice.
            warnings.push(`The server answered page ${page} of ${method} with "${key}": null instead of an array; read as an empty page`);
            result[key] = [];
          }
          if (!isObject(result) || !Array.isArray(result[key])) {
            const found = isObject(result) ? `its keys: ${Object.keys(result).slice(0, 10).map((k) => JSON.stringify(shorten(k, 40))).join(', ') || 'none'}` : 'it is no object';
            // An optional list answered without its array on the first page (terraform-mcp-server
            // 0.13.0 answers resources/templates/list with {"type":"success","templates":[]}) is
            // as unusable as one answered with an error: none locked, with a warning.
            if (optional !== undefined && page === 1) {
              warnings.push(
                `The server advertises ${optional.capability} but its answer to ${method} has no "${key}" array (${found}); no ${optional.what} are locked, ` +
                  `and \`check\` reports them as added once the server lists them`,
              );
              return [];
            }
            throw new Error(`the result of page ${page} has no "${key}" array (${found})`);
          }
          checkListSize(items.length + (result[key] as JsonValue[]).length, page, method);
          bytes += jsonTextSize(result);
          checkListBytes(bytes, page, method);
          items.push(...(result[key] as JsonValue[]));
          const next = nextCursor(result['nextCursor'], page, seen, method, warnings);
          if (next === undefined) return items;
          cursor = next;
          stage = `${method} (page ${page + 1})`;
        }
      };
      const snapshot: ServerSnapshot = {
        serverInfo: (client.getServerVersion() ?? null) as JsonValue,
        tools: capabilities.tools !== undefined ? await listAll('tools/list', 'tools') : [],
        prompts: capabilities.prompts !== undefined ? await listAll('prompts/list', 'prompts', { capability: 'prompts', what: 'prompts' }) : [],
        resources: capabilities.resources !== undefined ? await listAll('resources/list', 'resources', { capability: 'resources', what: 'resources' }) : [],
        resourceTemplates: capabilities.resources !== undefined
          ? await listAll('resources/templates/list', 'resourceTemplates', { capability: 'resources', what: 'resource templates' })
          : [],
      };
      // A server that registers tools after it connected (loading them from elsewhere) says so with
      // notifications/tools/list_changed, and SDK clients list again when told: so does mcpfusion,
      // for each list said to change while it listed, a few rounds at most. A server that
      // advertises listChanged may say so only after mcpfusion has read every list (a tool it
      // registers 200 ms after it connected): until the settle time after the handshake has
      // passed, mcpfusion waits for the notification before it shuts the server down.
      const settle = timeouts.settle ?? DEFAULT_TIMEOUTS.settle;
      const announces = (['tools', 'prompts', 'resources'] as const).some((k) => isObject(capabilities[k]) && capabilities[k].listChanged === true);
      const relisted = new Set<string>();
      let rounds = 0;
      // Rounds begun after the settle time: a server still changing its lists then may never stop.
      let roundsAfterSettle = 0;
      let settled = true;
      for (;;) {
        const wait = announces ? handshakeEnd + settle - Date.now() : 0;
        const changed = (await client.waitForChangedLists(wait, failed)).filter((k) => capabilities[k] !== undefined);
        // A notification for a list the server does not serve ends the wait but changes nothing:
        // the settle time still runs (a tool may be announced after it).
        if (changed.length === 0 && failure === undefined && wait > 0 && handshakeEnd + settle > Date.now()) continue;
        if (changed.length === 0) break;
        const withinSettle = announces && Date.now() < handshakeEnd + settle;
        if (roundsAfterSettle === LIST_CHANGED_ROUNDS || rounds === MAX_LIST_ROUNDS) {
          // Said again after lists that came back the same: nothing is moving, nothing to say.
          if (settled) break;
          warnings.push(`the server still said ${changed.join(', ')} changed after mcpfusion had listed them again ${rounds} times; it locks the last list, which may differ from run to run`);
          break;
        }
        rounds++;
        if (!withinSettle) roundsAfterSettle++;
        const before = JSON.stringify([snapshot.tools, snapshot.prompts, snapshot.resources, snapshot.resourceTemplates]);
        if (changed.includes('tools')) snapshot.tools = await listAll('tools/list', 'tools');
        if (changed.includes('prompts')) snapshot.prompts = await listAll('prompts/list', 'prompts', { capability: 'prompts', what: 'prompts' });
        if (changed.includes('resources')) {
          snapshot.resources = await listAll('resources/list', 'resources', { capability: 'resources', what: 'resources' });
          snapshot.resourceTemplates = await listAll('resources/templates/list', 'resourceTemplates', { capability: 'resources', what: 'resource templates' });
        }
        // A server that says so on every start without changing anything (server-everything) gets no warning.
        settled = JSON.stringify([snapshot.tools, snapshot.prompts, snapshot.resources, snapshot.resourceTemplates]) === before;
        if (!settled) for (const k of changed) relisted.add(k);
      }
      if (relisted.size > 0) {
        const kinds = [...relisted];
        warnings.push(
          `the server sent ${kinds.map((k) => `notifications/${k}/list_changed`).join(', ')} while mcpfusion listed, so mcpfusion listed ${kinds.join(', ')} again` +
            `${rounds > 1 ? ` (${rounds} times)` : ''}; what is locked is the list after the change`,
        );
      }
      if (capabilities.tools === undefined) warnings.push('The server does not advertise the tools capability; it has no tools to lock');
      if (snapshot.resources !== undefined && snapshot.resources.length > 0) {
        const read: ResourceReader = async (uri) => {
          stage = 'resources/read';
          try {
            return { result: await bounded(client.request({ method: 'resources/read', params: { uri } }, ResultSchema, { timeout: timeouts.request }), 'request') };
          } catch (error) {
            // A JSON-RPC error answer only loses the manifest; a closed connection or a timeout fails the run.
            if (error instanceof McpError && !isSdkConnectionClosed(error) && !isSdkTimeout(error)) {
              return { error: mcpErrorText(error) };
            }
            throw error;
          }
        };
        const fusion = await readFusionManifest(snapshot.resources, snapshot.tools, read);
        warnings.push(...fusion.warnings);
        if (fusion.manifest) snapshot.fusionManifest = fusion.manifest;
      }
      const settleOver = Date.now() >= handshakeEnd + settle;
      stage = 'shutdown';
      warnings.push(...(await connection.shutdown()));
      // Said while the server shut down: what changed then is not locked, and the user is told how
      // to give it longer.
      const late = client.takeChangedLists().filter((k) => capabilities[k] !== undefined);
      if (late.length > 0) {
        const sent = `the server sent ${late.map((k) => `notifications/${k}/list_changed`).join(', ')} after mcpfusion had finished listing`;
        warnings.push(
          !announces
            ? `${sent}, so what changed then is not locked; the server does not advertise listChanged, so mcpfusion does not wait for changes ` +
                '(a server that loads its tools after it starts should advertise it)'
            : `${sent} (${settleOver ? `the settle time, ${settle} ms after the handshake, had passed` : 'it had stopped reading lists that kept changing'}), ` +
                'so what changed then is not locked; if the server loads its tools after it starts, give it longer with --settle-timeout or timeouts.settle',
        );
      }
      // A stray response that came with or after the last answer (the server's output is read
      // until it exits) fails the run as one that came earlier.
      if (stray !== undefined) throw stray;
      // A warning quotes the server too (a list's error answer, a line it wrote, its reason for a
      // refused DELETE): hidden as a failure's message is.
      // What it labels a secret or prints in a credential's shape too (redactQuotedText).
      return { snapshot, protocolVersion, warnings: warnings.map((w) => redactQuotedText(connection.redact?.(w) ?? w)) };
    } catch (error) {
      if (!renewed && failure === undefined && connection.newSession !== undefined && connection.sessionLost?.(error) === true) {
        // The server lost the session (an HTTP session expired): list again, from the start, in a
        // new one; a cursor of the lost session may mean nothing in the new. Once per read: a
        // second lost session fails the run.
        renewed = true;
        await client.close();
        warnings = [`${connection.newSession()} and read the listing again from the start`];
        client = watched(new ListingClient());
        continue;
      }
      for (const timer of timers) clearTimeout(timer);
      const reason = explain(error, failure, connection, stage === 'initialize' ? new StageTimeout(timeouts.handshake, 'handshake') : new StageTimeout(timeouts.request, 'request'), stage); // before shutdown, which ends the server itself
      const shutdownNotes = await connection.shutdown().catch((e: unknown) => [`shutting down also failed: ${(e as Error).message}`]);
      const message = `The MCP server ${connection.label} failed at stage "${stage}": ${reason}${shutdownNotes.length > 0 ? ` (${shutdownNotes.join('; ')})` : ''}${connection.diagnostics({ answered: failure === undefined && isErrorAnswer(error) })}`;
      throw new SourceError(
        redactQuotedText(connection.redact?.(message) ?? message),
        { cause: error },
      );
    }
  }
}

/**
 * Whether `error` is a JSON-RPC error the server answered with (not a closed connection, nor the
 * SDK's own timeout or abort). Only after {@link loadSdk}: `McpError` is the SDK's from then.
 */
function isErrorAnswer(error: unknown): boolean {
  return error instanceof McpError && !isSdkConnectionClosed(error) && !isSdkTimeout(error);
}

/**
 * What a `Method not found` answer to `initialize` means: the program speaks JSON-RPC, but not
 * MCP, whose every server answers `initialize` first. playwright-mcp-server 1.0.0 (servers23)
 * answers it with `-32601 … The method 'initialize' does not exist`: its methods are its own
 * (`ListOfferings`, `GenerateTest`), whatever its name says.
 */
const NOT_MCP = '; a program that does not know initialize does not speak MCP (every MCP server answers initialize first): started this way it speaks ' +
  'another JSON-RPC protocol. Check that this is the command that starts the package\'s MCP server ' +
  '(its README, another command of the package, an option such as --stdio or --mcp); a package named for MCP may still not be an MCP server';

function explain(error: unknown, failure: Error | undefined, connection: LiveConnection, timedOut: StageTimeout, stage: string): string {
  if (failure) return failure.message;
  if (error instanceof StageTimeout) return error.message;
  if (error instanceof McpError) {
    if (isSdkConnectionClosed(error)) return connection.explainClose() ?? 'the connection closed';
    // The SDK's timer for the same limit may fire a moment before ours: the same message.
    if (isSdkTimeout(error)) return timedOut.message;
    return `the server answered with ${mcpErrorText(error)}${stage === 'initialize' && error.code === ErrorCode.MethodNotFound ? NOT_MCP : ''}`;
  }
  const closed = connection.explainClose();
  const message = error instanceof Error ? error.message : String(error);
  return closed ? `${message} (${closed})` : message;
}
