/**
 * An open session with a live MCP server (stdio or Streamable HTTP), for commands that do more
 * than list: `probe` calls tools on it. Built on the same {@link LiveConnection}s and the SDK
 * `Client` as `readLiveServer`: start and handshake have their time limits and fail with a
 * {@link SourceError} (exit 3) naming the stage and the server's stderr tail; each request has a
 * time limit and an optional `AbortSignal`; a fatal transport failure (the server exited, wrote
 * garbage) fails every pending and later request at once instead of letting it hang. A session
 * the server lost (see `LiveConnection.sessionLost`: the request was not run) is replaced once,
 * after the requests in flight on it have settled, and the requests it refused are sent again.
 *
 * @module
 */
import { ErrorCode, McpError, ResultSchema } from '@modelcontextprotocol/sdk/types.js';
import { isSdkTimeout } from './sdk-timeout.ts';
import { isSdkConnectionClosed } from './sdk-closed.ts';
import type { Io } from '../commands/command.ts';
import { serverEnvironment } from './server-environment.ts';
import type { JsonValue } from '../canonical/strict-json.ts';
import { InputError, SourceError } from '../errors.ts';
import { httpConnection } from './http.ts';
import { checkListBytes, checkListSize, jsonTextSize, nextCursor, type LiveConnection, type SourceTimeouts } from './mcp-client.ts';
import { ListingClient } from './listing-client.ts';
import { strayResponseError } from './stray-response.ts';
import { mcpErrorText } from './json-rpc-error-text.ts';
import type { ResolvedSource } from './resolve-source.ts';
import { stdioConnection } from './stdio.ts';
import { DEFAULT_TIMEOUTS } from './timeouts.ts';
import { redactQuotedText } from './redact-command.ts';

/** Options of one request. */
export interface SessionRequestOptions {
  /** Aborts the request (the server is sent `notifications/cancelled`). */
  signal?: AbortSignal;
  /** Time limit in ms (default: the source's request timeout). */
  timeoutMs?: number;
}

/** An open MCP session. */
export interface McpSession {
  /** How the server is named in messages. */
  label: string;
  /** The server's `serverInfo` from `initialize`, or null. */
  serverInfo: JsonValue;
  /**
   * Every tool of `tools/list` (all pages), as raw JSON.
   *
   * @param options Signal and time limit of each page.
   */
  listTools(options?: SessionRequestOptions): Promise<JsonValue[]>;
  /**
   * Call a tool; resolves with the raw `tools/call` result (not validated, `_meta` kept).
   *
   * @param name Tool name.
   * @param args Its arguments.
   * @param options Signal and time limit.
   * @throws {Error} With a one-line reason when the call fails, times out or the session broke.
   */
  callTool(name: string, args: Record<string, JsonValue>, options?: SessionRequestOptions): Promise<JsonValue>;
  /** End the session (idempotent); resolves with notes worth a warning. */
  close(): Promise<string[]>;
}

/** How a request's message quotes the JSON-RPC error the server answered. */
const ANSWERED = 'the server answered with ';

function describeError(error: unknown, connection: LiveConnection): string {
  if (error instanceof McpError) {
    if (isSdkConnectionClosed(error)) return connection.explainClose() ?? 'the connection closed';
    if (isSdkTimeout(error)) return `no answer in time (${error.message.replace(/^(MCP error -?\d+: )+/, '')})`;
    return `${ANSWERED}${mcpErrorText(error)}`;
  }
  const message = error instanceof Error ? error.message : String(error);
  const closed = connection.explainClose();
  return closed ? `${message} (${closed})` : message;
}

/**
 * The JSON-RPC error a server answered a request with, when that is why a session request failed
 * (not a timeout, a closed connection or an abort).
 *
 * @param error What a {@link McpSession} request rejected with.
 * @returns The error's code and text (`JSON-RPC error -32602: Unknown tool: x`), or undefined.
 * @example await session.callTool('gone', {}).catch(serverErrorAnswer) // { code: -32602, text: 'JSON-RPC error -32602: Unknown tool: gone' }
 */
export function serverErrorAnswer(error: unknown): { code: number; text: string } | undefined {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof McpError) || isSdkConnectionClosed(cause) || isSdkTimeout(cause)) return undefined;
  if (error instanceof Error && error.message.includes(' was aborted: ')) return undefined;
  // The request's own message holds the text with the source's secrets hidden.
  const said = error instanceof Error && error.message.startsWith(ANSWERED) ? error.message.slice(ANSWERED.length) : mcpErrorText(cause);
  return { code: cause.code, text: said };
}

/**
 * Open a session on a live connection: start it and run the `initialize` handshake.
 *
 * @param connection A stdio or HTTP connection (`stdioConnection`, `httpConnection`).
 * @param timeouts Start, handshake and per-request time limits.
 * @returns The open session.
 * @throws {SourceError} When the start or the handshake fails or times out (the connection is shut down first).
 * @example const session = await openSession(stdioConnection({ command: 'node', args: ['s.js'], env: process.env }), DEFAULT_TIMEOUTS)
 */
export async function openSession(connection: LiveConnection, timeouts: SourceTimeouts): Promise<McpSession> {
  // Every message of the session may quote the server, which may repeat a secret it was given.
  const hide = (text: string): string => connection.redact?.(text) ?? text;
  let failure: Error | undefined;
  const broken = (): Error | undefined => failure; // set by a callback, so read it through a function
  let rejectFailure: (error: Error) => void = () => {};
  const failed = new Promise<never>((_, reject) => {
    rejectFailure = reject;
  });
  failed.catch(() => {}); // observed through Promise.race in each request; this only marks it handled
  connection.onFailure((error) => {
    failure ??= error;
    rejectFailure(error);
  });
  const within = async <T>(work: Promise<T>, ms: number, what: string): Promise<T> => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms (${what})`)), ms);
    });
    try {
      return await Promise.race([work, failed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  };

  /**
   * A stray response (see `stray-response.ts`) breaks the session at once, as it fails a listing;
   * except one late answer per request given up (timed out or aborted), which the server may send
   * before it reads the cancellation.
   */
  let abandoned = 0;
  let closing: Promise<string[]> | undefined;
  const watched = (c: ListingClient): ListingClient => {
    c.onerror = (error) => {
      const problem = strayResponseError(error);
      if (problem === undefined || c !== client || closing !== undefined) return;
      if (abandoned > 0) {
        abandoned--;
        return;
      }
      failure ??= problem;
      rejectFailure(problem);
    };
    return c;
  };
  let client = watched(new ListingClient());
  let stage = connection.startStage;
  try {
    await within(connection.start(), timeouts.start, 'set --start-timeout or timeouts.start');
    stage = 'initialize';
    // The SDK's own per-request limit (60 s unless told) must not cut a longer handshake short.
    await within(client.connect(connection.transport, { timeout: timeouts.handshake }), timeouts.handshake, 'set --handshake-timeout or timeouts.handshake');
  } catch (error) {
    const sdkTimeout = isSdkTimeout(error);
    const reason = broken()?.message ??
      (sdkTimeout ? `no answer within ${timeouts.handshake} ms (set --handshake-timeout or timeouts.handshake)` : describeError(error, connection));
    const notes = await connection.shutdown().catch((e: unknown) => [`shutting down also failed: ${(e as Error).message}`]);
    throw new SourceError(
      // A failure quotes the server's output (its hints, its stderr tail): what it labels a secret or
      // prints in a credential's shape is hidden too, not only what it was given.
      redactQuotedText(hide(`The MCP server ${connection.label} failed at stage "${stage}": ${reason}${notes.length > 0 ? ` (${notes.join('; ')})` : ''}${connection.diagnostics({ answered: broken() === undefined && error instanceof McpError && !isSdkConnectionClosed(error) && !sdkTimeout })}`)),
      { cause: error },
    );
  }

  // A lost session (HTTP 404 for an unknown session: the request was not run) is replaced once.
  // Requests in flight on the lost session finish first (they may have been run; a closed client
  // would fail them), new ones wait, then every refused request is sent again in the new session.
  let generation = 0;
  let renewing: Promise<void> | undefined;
  let resent = 0;
  let renewalNote: string | undefined;
  const inFlight = new Set<Promise<unknown>>();
  const renew = async (): Promise<void> => {
    await Promise.race([Promise.allSettled([...inFlight]), failed]);
    await client.close();
    const why = connection.newSession?.() ?? 'the server lost the session';
    client = watched(new ListingClient());
    try {
      await within(client.connect(connection.transport, { timeout: timeouts.handshake }), timeouts.handshake, 'set --handshake-timeout or timeouts.handshake');
    } catch (error) {
      throw new Error(hide(`${why}, but its initialize failed: ${broken()?.message ?? describeError(error, connection)}`), { cause: error });
    }
    generation++;
    renewalNote = why;
  };
  /** Thrown by a request with `restart` when its session was replaced, so the caller starts over. */
  const RESTART = Symbol('restart');
  const request = async (
    method: string,
    params: Record<string, unknown>,
    options: SessionRequestOptions = {},
    restart = false,
  ): Promise<JsonValue> => {
    for (;;) {
      if (failure) throw new Error(hide(`the session with ${connection.label} broke earlier: ${failure.message}`));
      if (closing) throw new Error(`the session with ${connection.label} is closed`);
      if (renewing) await renewing;
      const sentIn = generation;
      const ms = options.timeoutMs ?? timeouts.request;
      const work = client.request({ method, params } as never, ResultSchema, {
        timeout: ms,
        ...(options.signal ? { signal: options.signal } : {}),
      });
      const settled = work.then(() => {}, () => {});
      inFlight.add(settled);
      void settled.then(() => inFlight.delete(settled));
      try {
        return (await Promise.race([work, failed])) as JsonValue;
      } catch (error) {
        const timedOut = isSdkTimeout(error);
        if (timedOut || options.signal?.aborted) abandoned++;
        if (options.signal?.aborted) throw new Error(hide(`${method} was aborted: ${describeError(options.signal.reason, connection)}`), { cause: error });
        if (!broken() && sentIn === 0 && !closing && connection.newSession !== undefined && connection.sessionLost?.(error) === true) {
          if (generation === 0) renewing ??= renew();
          await renewing;
          if (options.signal?.aborted) throw new Error(hide(`${method} was aborted: ${describeError(options.signal.reason, connection)}`), { cause: error });
          resent++;
          if (restart) throw RESTART;
          continue;
        }
        // The SDK says only "Request timed out": name the limit that was reached.
        throw new Error(hide(broken()?.message ?? (timedOut ? `no answer within ${ms} ms${options.timeoutMs === undefined ? ' (set --request-timeout or timeouts.request)' : ''}` : describeError(error, connection))), { cause: error });
      }
    }
  };

  return {
    label: connection.label,
    serverInfo: (client.getServerVersion() ?? null) as JsonValue,
    async listTools(options) {
      // A replaced session lists again from page 1: a cursor of the lost one may mean nothing in the new.
      for (;;) {
        const tools: JsonValue[] = [];
        const seen = new Set<string>();
        let bytes = 0;
        let cursor: string | undefined;
        // The same rules as `readLiveServer`: an empty cursor ends the list, a repeated one or
        // endless pages fail instead of looping forever.
        try {
          for (let page = 1; ; page++) {
            const result = await request('tools/list', cursor === undefined ? {} : { cursor }, options, true);
            if (typeof result !== 'object' || result === null || Array.isArray(result) || !(Array.isArray(result['tools']) || result['tools'] === null)) {
              throw new Error('the tools/list result has no "tools" array');
            }
            checkListSize(tools.length + (result['tools'] ?? []).length, page, 'tools/list');
            bytes += jsonTextSize(result);
            checkListBytes(bytes, page, 'tools/list');
            tools.push(...(result['tools'] ?? [])); // null: a Go server's empty (nil) slice, as readLiveServer reads it
            cursor = nextCursor(result['nextCursor'], page, seen, 'tools/list', []);
            if (cursor === undefined) return tools;
          }
        } catch (error) {
          if (error !== RESTART) throw error;
        }
      }
    },
    callTool(name, args, options) {
      return request('tools/call', { name, arguments: args }, options);
    },
    close() {
      closing ??= connection.shutdown().then(
        (notes) => renewalNote === undefined ? notes : [
          `${renewalNote} and sent again the ${resent} request${resent === 1 ? '' : 's'} that the lost session had refused (a server runs no request for a session it does not know)`,
          ...notes,
        ],
        (e: unknown) => [`shutting down failed: ${(e as Error).message}`],
      ).then((notes) => notes.map(hide));
      return closing;
    },
  };
}

/**
 * Open a session on the live source of a run (`--server`, `--url` or the config's `source`).
 *
 * @param resolved The source from `resolveSource`.
 * @param io Environment of a stdio server.
 * @returns The open session.
 * @throws {InputError} When the source is a file (contracts or tools/list), which cannot be called.
 * @throws {SourceError} When the server cannot be started or the handshake fails.
 * @example const session = await openSourceSession(resolveSource({ url: 'http://127.0.0.1:3001/mcp' }, io)!, io)
 */
export async function openSourceSession(resolved: ResolvedSource, io: Io): Promise<McpSession> {
  const { spec, timeouts } = resolved;
  if (spec.kind === 'contracts' || spec.kind === 'toolsList') {
    throw new InputError(
      `This command calls tools, so it needs a live source (--server "<command>" or --url URL), but the source is the ${spec.kind === 'contracts' ? 'contracts' : 'tools/list'} file "${spec.shown}"`,
    );
  }
  const connection = spec.kind === 'server'
    ? stdioConnection({ command: spec.command, args: spec.args, env: serverEnvironment(io, spec.env), givenEnv: spec.env, ...(spec.cwd !== undefined ? { cwd: spec.cwd } : {}), concludeQuietListener: timeouts.handshake <= DEFAULT_TIMEOUTS.handshake }, spec.shown)
    : httpConnection({ url: spec.url, headers: spec.headers });
  return openSession(connection, timeouts);
}
