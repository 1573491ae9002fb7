/**
 * The stdio proxy of `guard` and `heal`: start the server (no shell, its own process group), pass
 * the client's bytes to the server's stdin and the server's bytes to the client unchanged, except
 * (with `capability`) the `initialize` response, which gets the `mcpfusionTrust` capability,
 * (with `attestedTools`) a `tools/call` of a tool that is not attested, which the proxy answers
 * itself instead of passing it on, and the server lines a `watch` rewrites. Server output is read
 * line by line until that response is seen, and while a `tools/list` answer (or an answer the
 * `watch` waits for) is awaited (a line longer than the watch's `maxServerLine` excepted);
 * otherwise its chunks pass straight through. The server's
 * stderr goes to ours, never to stdout. When the client closes stdin the server's stdin is
 * closed (once the `watch` no longer needs it, when it says so); once the server has answered
 * every request the client sent (at most `answerWaitMs`), it is given a grace period, then
 * SIGTERM, then SIGKILL (to its whole process group); a client that stops reading (a write to it
 * fails) ends the session the same way, without waiting for answers. SIGINT, SIGTERM and SIGHUP
 * sent to the proxy are passed on to the server's group as they came.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { TrustCapability } from '../attest/build-trust-capability.ts';
import { SourceError } from '../errors.ts';
import { windowsShimHint } from '../sources/windows-shim-hint.ts';
import { createInitializeTracker, type InitializeTracker } from './initialize-tracker.ts';
import { joinBytes } from './json-lines.ts';
import { createPendingAnswers } from './pending-answers.ts';
import { createToolsCallFilter } from './tools-call-filter.ts';
import { createToolsListWatch, type ServedToolsCheck } from './tools-list-watch.ts';

/** How to run the proxy. */
export interface StdioProxyOptions {
  /** Program (looked up in PATH when it has no slash). */
  command: string;
  /** Its arguments. */
  args: string[];
  /** The server's environment. */
  env: Record<string, string | undefined>;
  /** The server's working directory. */
  cwd?: string;
  /** Client → server bytes (the guard's stdin). */
  input: Readable;
  /** Server → client bytes (the guard's stdout). */
  output: Writable;
  /** Where the server's stderr goes (the guard's stderr). */
  errorOutput: Writable;
  /** The capability to add to the `initialize` result (guard); without it the handshake passes as is. */
  capability?: TrustCapability;
  /** Reads the session's lines after the handshake and may rewrite server lines (heal). */
  watch?: SessionWatch;
  /** The name the proxy's own stderr lines start with (default `guard`). */
  name?: string;
  /** Milliseconds after each shutdown step before the next (default 2000). */
  graceMs?: number;
  /**
   * After the client closed its input, how long the server may take to answer the requests the
   * client sent before the grace period begins anyway (default {@link ANSWER_WAIT_MS}).
   */
  answerWaitMs?: number;
  /** Called once the server runs, with its pid. */
  onSpawn?: (pid: number) => void;
  /**
   * Checks every `tools/list` answer of the served session against the attested tools; one that
   * does not hold is answered with a JSON-RPC error and ends the session (`refused`).
   */
  checkTools?: ServedToolsCheck;
  /**
   * The names of the attested tools. When given, client lines are passed to the server only once
   * complete, and a `tools/call` of any other tool is not passed on: the proxy answers it with a
   * JSON-RPC error itself and the session goes on.
   */
  attestedTools?: ReadonlySet<string>;
  /** Called with the tool names of each call refused under `attestedTools`. */
  onRefusedCall?: (names: string[]) => void;
  /**
   * Called for each client line refused whole under `attestedTools` because it is not strict JSON
   * (the server might read it otherwise than the guard), with the reason.
   */
  onRejectedLine?: (why: string) => void;
}

/**
 * Something that follows the session after the handshake: it sees every complete client line (up
 * to 1 MiB) and, while `waiting`, every complete server line, which it returns as is or rewritten.
 */
export interface SessionWatch {
  /** Feed one complete client → server line. */
  clientLine(line: Uint8Array): void;
  /**
   * Feed one complete server → client line.
   *
   * @returns The line to send: the same bytes, or a rewritten line.
   */
  serverLine(line: Uint8Array): Uint8Array;
  /** Whether an answer is awaited (then server lines must be fed). */
  readonly waiting: boolean;
  /**
   * Server lines longer than this many bytes are not held until their newline: what was held is
   * sent, and the rest of the line passes as it comes, unread (without it, every line is read).
   */
  readonly maxServerLine?: number;
  /**
   * Server bytes passed on without being read as lines (nothing was awaited), in order: a watch
   * may look into them, never change them.
   */
  serverUnread?(bytes: Uint8Array): void;
  /** Called when a server line was passed on unread because it is longer than `maxServerLine`. */
  serverLineTooLong?(): void;
  /**
   * A server line longer than `maxServerLine` begins with these bytes: true when it is the
   * watch's own (the answer to a request of its own), which is then dropped whole instead; else
   * it passes unread (the watch no longer waits for what it answers).
   */
  takeLongLine?(head: Uint8Array): boolean;
  /**
   * Called once, before any line is fed: how the watch sends its own lines. A line for the server
   * is written between the client's lines (never inside one); a line for the client between the
   * server's (a line `serverLine` held back, answered as an empty line, is sent this way later).
   */
  attach?(link: SessionLink): void;
  /**
   * The client closed its input. The server's input is closed then, or, when this returns a
   * promise, once it settles (the watch still needs the server: its own requests, or answers the
   * client's closing left waiting; the watch bounds the wait). Its own lines still reach the
   * server until then.
   */
  clientEnded?(): Promise<void> | undefined;
  /**
   * The server's output ended: the lines the watch still holds back, to be sent now as they are
   * (after this, the watch sends nothing more).
   */
  end?(): Uint8Array[];
}

/** How a {@link SessionWatch} writes its own lines into the session. */
export interface SessionLink {
  /** Send a complete line to the server (after the client's line in progress, if any). */
  toServer(line: Uint8Array): void;
  /** Send a complete line to the client (after the server's line in progress, if any). */
  toClient(line: Uint8Array): void;
}

/** The tracker of a proxy that adds no capability: nothing to wait for in the handshake. */
const NO_TRACKER: InitializeTracker = { done: true, refused: null, clientCapabilities: [], clientLine: () => undefined, serverLine: (line) => line };

/** How the proxied session ended. */
export interface StdioProxyExit {
  /** The server's exit code, or null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, or null. */
  signal: string | null;
  /** Whether the guard ended it (the client closed stdin, or the guard was signalled). */
  stoppedByGuard: boolean;
  /** The first of SIGINT, SIGTERM and SIGHUP the proxy got and passed on to the server, or null. */
  passedOn: NodeJS.Signals | null;
  /** Why the guard refused to go on serving (a `tools/list` answer that does not hold), or null. */
  refused: string | null;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
/**
 * After the client closed its input, how long (ms) the server may still take to answer what the
 * client sent, by default, before it is ended: a client that writes its requests and closes its
 * input at once (a pipe) still gets the answers of a server that starts or works slowly.
 */
export const ANSWER_WAIT_MS = 30_000;
const NEWLINE = 10;
/** Client lines longer than this are forwarded but not read (a tools/list request is tiny). */
const MAX_CLIENT_LINE = 1024 * 1024;

/**
 * Run the proxy until the server exits.
 *
 * @param options Server command, streams, capability.
 * @returns How the server ended.
 * @throws {SourceError} When the server cannot be started.
 * @example await runStdioProxy({ command: 'node', args: ['server.js'], env: process.env, input: process.stdin, output: process.stdout, errorOutput: process.stderr, capability })
 */
export function runStdioProxy(options: StdioProxyOptions): Promise<StdioProxyExit> {
  const { input, output, errorOutput, graceMs = 2000, answerWaitMs = ANSWER_WAIT_MS } = options;
  if (options.checkTools && options.watch) throw new TypeError('runStdioProxy takes checkTools or watch, not both');
  const tracker = options.capability ? createInitializeTracker(options.capability) : NO_TRACKER;
  const name = options.name ?? 'guard';
  const posix = process.platform !== 'win32';
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: posix,
  });
  // Node destroys a child's stdin when that child exits, even while a process it started still
  // reads the pipe: a launcher that starts the server in the background and exits left the server
  // reading end-of-file. The proxy holds the pipe itself and closes it when the session ends.
  const serverInput = child.stdin;
  (child as ChildProcess).stdin = null;
  let stoppedByGuard = false;
  let passedOn: NodeJS.Signals | null = null;
  /** Writing to the client failed (it went away): nothing more is written. */
  let outputGone = false;
  /** The client closed its input: it ended the session (the server's input may close later). */
  let clientClosed = false;
  let exited = false;
  let refused: string | null = null;
  const checkTools = options.checkTools;
  const listWatch = checkTools ? createToolsListWatch((tools, complete) => checkTools(tools, complete, tracker.clientCapabilities)) : undefined;
  const watch = listWatch ?? options.watch;
  const filter = options.attestedTools ? createToolsCallFilter(options.attestedTools) : undefined;
  const timers: ReturnType<typeof setTimeout>[] = [];
  const pending = createPendingAnswers();

  const signalGroup = (signal: NodeJS.Signals): void => {
    if (exited || child.pid === undefined) return;
    try {
      if (posix) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ESRCH') throw cause;
    }
  };
  /**
   * End the session: close the server's input; once the server has answered the client's
   * requests (unless the client is gone: `awaitAnswers` false), or after `answerWaitMs`, give it
   * the grace period, then SIGTERM, then SIGKILL.
   */
  const stop = (awaitAnswers: boolean): void => {
    if (stoppedByGuard || exited) return;
    stoppedByGuard = true;
    serverInput.end();
    let graceStarted = false;
    const grace = (): void => {
      if (graceStarted || exited) return;
      graceStarted = true;
      timers.push(setTimeout(() => {
        signalGroup('SIGTERM');
        timers.push(setTimeout(() => signalGroup('SIGKILL'), graceMs));
      }, graceMs));
    };
    if (!awaitAnswers || pending.size === 0) {
      grace();
      return;
    }
    pending.whenSettled(grace);
    timers.push(setTimeout(grace, answerWaitMs));
  };
  const killNow = (): void => signalGroup('SIGKILL');
  /** Serve nothing more: drop the client's input and the server's output, and end the server now. */
  const refuse = (why: string): void => {
    refused = why;
    stoppedByGuard = true;
    serverInput.end();
    signalGroup('SIGTERM');
    timers.push(setTimeout(() => signalGroup('SIGKILL'), graceMs));
  };
  /**
   * A signal sent to the proxy goes on to the server's group as it came (a server may clean up on
   * SIGINT alone, as server-everything's stdio entry does); one it ignores is followed by SIGTERM
   * after the grace period, then SIGKILL.
   */
  const onSignal = (signal: NodeJS.Signals): void => {
    stoppedByGuard = true;
    passedOn ??= signal;
    signalGroup(signal);
    const kill = (): void => void timers.push(setTimeout(() => signalGroup('SIGKILL'), graceMs));
    if (signal === 'SIGTERM') kill();
    else timers.push(setTimeout(() => { signalGroup('SIGTERM'); kill(); }, graceMs));
  };
  // One listener per signal, so the signal passed on never depends on what a runtime hands a listener.
  const signalListeners = SIGNALS.map((s) => [s, () => onSignal(s)] as const);

  return new Promise<StdioProxyExit>((resolve, reject) => {
    child.once('error', (cause: NodeJS.ErrnoException) => {
      cleanup();
      const why = `${cause.code === 'ENOENT' ? 'it was not found; check its name, the PATH, or give its path' : cause.message}${windowsShimHint(options.command, cause.code, process.platform)}`;
      reject(new SourceError(`Cannot start the server ${JSON.stringify(options.command)}: ${why}`, { cause }));
    });
    child.once('spawn', () => {
      for (const [s, listener] of signalListeners) process.on(s, listener);
      process.on('exit', killNow);
      options.onSpawn?.(child.pid!);
    });

    // Client → server: forward every chunk as is. Lines are read (a copy, for the initialize
    // request and tools/list requests); the bytes themselves are never held back.
    let clientLine: Uint8Array[] = [];
    let clientLineSize = 0;
    const clientLineDone = (line: Uint8Array): void => {
      pending.clientLine(line);
      if (!tracker.done) tracker.clientLine(line);
      // The watch follows the client's requests from the first line: a client that writes its
      // tools/list before the initialize response came (a pipe: `printf '…' | mcpfusion guard`)
      // had the answer passed unchecked, the server's list with tools the attestation does not cover.
      watch?.clientLine(line);
    };
    const toServer = (bytes: Uint8Array): void => {
      if (bytes.length > 0 && !serverInput.write(bytes)) {
        input.pause();
        serverInput.once('drain', () => input.resume());
      }
    };
    // The watch's own lines for the server wait while the client's bytes are being passed on and
    // while the server has been sent part of a client line (they go between the client's lines).
    let inputAtLineStart = true;
    let passingInput = false;
    let ownRequests: Uint8Array[] = [];
    const flushOwnRequests = (): void => {
      if (passingInput || !inputAtLineStart || stoppedByGuard || ownRequests.length === 0) return;
      const lines = ownRequests;
      ownRequests = [];
      for (const l of lines) toServer(l);
    };
    // With the call filter: every line is judged whole before any of it reaches the server, so
    // only an incomplete last line waits (a server cannot act on it before its newline anyway).
    const judgeLine = (line: Uint8Array, judge: NonNullable<typeof filter>, forward: Uint8Array[]): void => {
      const verdict = judge(line);
      if (verdict.forward !== null) {
        clientLineDone(verdict.forward);
        forward.push(verdict.forward);
      }
      if (verdict.reply !== null) toClient(verdict.reply);
      if (verdict.refused.length > 0) options.onRefusedCall?.(verdict.refused);
      if (verdict.rejected !== null) options.onRejectedLine?.(verdict.rejected);
    };
    const onFilteredInput = (chunk: Buffer, judge: NonNullable<typeof filter>): void => {
      const forward: Uint8Array[] = [];
      let start = 0;
      let nl: number;
      while (refused === null && (nl = chunk.indexOf(NEWLINE, start)) >= 0) {
        const piece = chunk.subarray(start, nl + 1);
        const line = clientLine.length === 0 ? piece : joinBytes([...clientLine, piece]);
        clientLine = [];
        start = nl + 1;
        judgeLine(line, judge, forward);
      }
      if (start < chunk.length) clientLine.push(Uint8Array.from(chunk.subarray(start)));
      if (forward.length > 0) toServer(joinBytes(forward));
    };
    // The client closed its input: a last line without a newline is judged like any other, then
    // the server's input is closed.
    const onEnd = (): void => {
      if (filter && clientLine.length > 0 && refused === null) {
        const forward: Uint8Array[] = [];
        judgeLine(joinBytes(clientLine), filter, forward);
        clientLine = [];
        if (forward.length > 0) toServer(joinBytes(forward));
      }
      clientClosed = true;
      const hold = refused === null ? options.watch?.clientEnded?.() : undefined;
      if (hold === undefined) stop(true);
      else void hold.then(() => stop(true), () => stop(true));
    };
    const onInput = (chunk: Buffer): void => {
      if (refused !== null) return;
      if (filter) {
        onFilteredInput(chunk, filter);
        return;
      }
      passingInput = true;
      {
        // Lines are read for the watch and for the requests that wait for an answer.
        let start = 0;
        let nl: number;
        while ((nl = chunk.indexOf(NEWLINE, start)) >= 0) {
          const piece = chunk.subarray(start, nl + 1);
          if (clientLineSize <= MAX_CLIENT_LINE) clientLineDone(clientLine.length === 0 ? piece : joinBytes([...clientLine, piece]));
          clientLine = [];
          clientLineSize = 0;
          start = nl + 1;
        }
        if (start < chunk.length) {
          clientLineSize += chunk.length - start;
          if (clientLineSize <= MAX_CLIENT_LINE) clientLine.push(Uint8Array.from(chunk.subarray(start)));
          else clientLine = [];
        }
      }
      toServer(chunk);
      passingInput = false;
      if (chunk.length > 0) inputAtLineStart = chunk[chunk.length - 1] === NEWLINE;
      flushOwnRequests();
    };
    input.on('data', onInput);
    input.once('end', onEnd);
    // The client went away (stdout closed): stop the server the same way, and write nothing more
    // (a line sent later, one held back or the rest of the server's output, would fail again).
    const onOutputError = (): void => {
      outputGone = true;
      stop(false);
    };
    output.on('error', onOutputError);
    serverInput.on('error', (e: NodeJS.ErrnoException) => {
      // The server closed its stdin (it is exiting): the exit handler reports how it ended.
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') errorOutput.write(`${name}: writing to the server failed: ${e.message}\n`);
    });

    // Server → client: lines are read until initialize is answered, and again while a tools/list
    // request waits for its answer; otherwise chunks pass straight through. Only the incomplete
    // last line is held back while reading (a chunk list, joined once its newline arrives).
    let serverLine: Uint8Array[] = [];
    let serverLineSize = 0;
    let serverAtLineStart = true;
    // The guard's own answers (refused calls) go to the client between the server's lines: while
    // the client has been sent part of a server line, they wait for that line's newline.
    let clientAtLineStart = true;
    let ownAnswers: Uint8Array[] = [];
    let outputFull = false;
    const write = (bytes: Uint8Array): void => {
      if (bytes.length === 0 || outputGone) return;
      if (!output.write(bytes)) outputFull = true;
      clientAtLineStart = bytes[bytes.length - 1] === NEWLINE;
    };
    const flushOwnAnswers = (): void => {
      const answers = ownAnswers;
      ownAnswers = [];
      for (const a of answers) write(a);
    };
    const afterWrite = (): void => {
      if (!outputFull) return;
      outputFull = false;
      child.stdout.pause();
      output.once('drain', () => child.stdout.resume());
    };
    const send = (bytes: Uint8Array): void => {
      if (bytes.length === 0 || refused !== null) return;
      const nl = ownAnswers.length > 0 && !clientAtLineStart ? bytes.indexOf(NEWLINE) : -1;
      if (nl < 0) write(bytes);
      else {
        write(bytes.subarray(0, nl + 1));
        flushOwnAnswers();
        write(bytes.subarray(nl + 1));
      }
      afterWrite();
    };
    /** Server bytes passed on without being read as lines: the watch may look into them first. */
    const sendUnread = (bytes: Uint8Array): void => {
      options.watch?.serverUnread?.(bytes);
      send(bytes);
    };
    function toClient(bytes: Uint8Array): void {
      if (refused !== null) return;
      if (!clientAtLineStart) {
        ownAnswers.push(bytes);
        return;
      }
      write(bytes);
      afterWrite();
    }
    const reading = (): boolean => !tracker.done || (watch?.waiting ?? false) || serverLine.length > 0;
    const serverLineDone = (line: Uint8Array): void => {
      if (!tracker.done) {
        const out = tracker.serverLine(line);
        if (tracker.refused !== null && refused === null) {
          send(out);
          refuse(tracker.refused);
          return;
        }
        // A server may answer a tools/list before (or with) the initialize response: the list
        // watch reads these lines too.
        send(listWatch && out.length > 0 ? listWatch.serverLine(out) : out);
        if (listWatch && listWatch.refused !== null && refused === null) refuse(listWatch.refused);
        return;
      }
      if (!watch) {
        send(line);
        return;
      }
      const out = watch.serverLine(line);
      send(out);
      if (listWatch && listWatch.refused !== null && refused === null) refuse(listWatch.refused);
    };
    // The rest of a long line the watch took as its own is dropped up to its newline.
    let droppingLine = false;
    child.stdout.on('data', (data: Buffer) => {
      pending.serverBytes(data);
      if (refused !== null) return;
      let chunk = data;
      if (droppingLine) {
        const end = chunk.indexOf(NEWLINE);
        if (end < 0) return;
        droppingLine = false;
        serverAtLineStart = true;
        chunk = chunk.subarray(end + 1);
        if (chunk.length === 0) return;
      }
      let start = 0;
      if (!reading()) {
        sendUnread(chunk);
        serverAtLineStart = chunk[chunk.length - 1] === NEWLINE;
        return;
      }
      if (!serverAtLineStart) {
        // The rest of a line that began while nothing was read: it answers nothing we wait for.
        const nl = chunk.indexOf(NEWLINE);
        if (nl < 0) {
          sendUnread(chunk);
          return;
        }
        sendUnread(chunk.subarray(0, nl + 1));
        start = nl + 1;
        serverAtLineStart = true;
      }
      let nl: number;
      while (refused === null && (nl = chunk.indexOf(NEWLINE, start)) >= 0) {
        const piece = chunk.subarray(start, nl + 1);
        const line = serverLine.length === 0 ? piece : joinBytes([...serverLine, piece]);
        serverLine = [];
        serverLineSize = 0;
        start = nl + 1;
        serverLineDone(line);
        if (!reading()) {
          const rest = chunk.subarray(start);
          sendUnread(rest);
          serverAtLineStart = rest.length === 0 || rest[rest.length - 1] === NEWLINE;
          return;
        }
      }
      if (start < chunk.length) {
        serverLine.push(Uint8Array.from(chunk.subarray(start)));
        serverLineSize += chunk.length - start;
        // A watch that reads lines only up to a size (never the tools/list check): a longer
        // line passes as it comes.
        const max = tracker.done ? options.watch?.maxServerLine : undefined;
        if (max !== undefined && serverLineSize > max) {
          const held = joinBytes(serverLine);
          serverLine = [];
          serverLineSize = 0;
          serverAtLineStart = false;
          if (options.watch?.takeLongLine?.(held) === true) droppingLine = true;
          else {
            send(held);
            options.watch?.serverLineTooLong?.();
          }
        }
      }
    });
    child.stderr.on('data', (chunk: Buffer) => errorOutput.write(chunk));

    options.watch?.attach?.({
      toServer: (line) => {
        ownRequests.push(line);
        flushOwnRequests();
      },
      toClient: (line) => toClient(line),
    });

    child.once('close', (code, signal) => {
      exited = true;
      serverInput.destroy();
      cleanup();
      // Anything left without a final newline still belongs to the client (not after a refusal).
      if (serverLine.length > 0 && refused === null) write(joinBytes(serverLine));
      // Then what the watch held back, as the server sent it.
      for (const held of options.watch?.end?.() ?? []) {
        if (refused !== null) break;
        if (!clientAtLineStart) write(new Uint8Array([NEWLINE]));
        write(held);
      }
      if (ownAnswers.length > 0 && refused === null) {
        if (!clientAtLineStart) write(new Uint8Array([NEWLINE]));
        flushOwnAnswers();
      }
      resolve({ code, signal, stoppedByGuard: stoppedByGuard || clientClosed, passedOn, refused });
    });

    function cleanup(): void {
      for (const t of timers) clearTimeout(t);
      input.off('data', onInput);
      input.off('end', onEnd);
      // The output's error listener stays: what the close still writes may fail (the client is
      // gone), and the error comes after this.
      input.pause();
      for (const [s, listener] of signalListeners) process.off(s, listener);
      process.off('exit', killNow);
    }
  });
}
