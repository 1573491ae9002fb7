/**
 * The guard's stdio proxy: start the server (no shell, its own process group), pass the client's
 * bytes to the server's stdin and the server's bytes to the client unchanged, except the
 * `initialize` response, which gets the `mcpfusionTrust` capability. Until that response is seen,
 * bytes are forwarded line by line (a line must be complete to be read); after it, chunks pass
 * straight through with no parsing at all. The server's stderr goes to ours, never to stdout.
 * When the client closes stdin the server's stdin is closed, and the server is given a grace
 * period, then SIGTERM, then SIGKILL (to its whole process group).
 *
 * @module
 */
import { spawn } from 'node:child_process';
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { TrustCapability } from '../attest/build-trust-capability.ts';
import { SourceError } from '../errors.ts';
import { createInitializeTracker } from './initialize-tracker.ts';

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
  /** The capability to add to the `initialize` result. */
  capability: TrustCapability;
  /** Milliseconds after each shutdown step before the next (default 2000). */
  graceMs?: number;
  /** Called once the server runs, with its pid. */
  onSpawn?: (pid: number) => void;
}

/** How the proxied session ended. */
export interface StdioProxyExit {
  /** The server's exit code, or null when a signal ended it. */
  code: number | null;
  /** The signal that ended it, or null. */
  signal: string | null;
  /** Whether the guard ended it (the client closed stdin, or the guard was signalled). */
  stoppedByGuard: boolean;
}

const SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const NEWLINE = 10;

/**
 * Run the proxy until the server exits.
 *
 * @param options Server command, streams, capability.
 * @returns How the server ended.
 * @throws {SourceError} When the server cannot be started.
 * @example await runStdioProxy({ command: 'node', args: ['server.js'], env: process.env, input: process.stdin, output: process.stdout, errorOutput: process.stderr, capability })
 */
export function runStdioProxy(options: StdioProxyOptions): Promise<StdioProxyExit> {
  const { input, output, errorOutput, graceMs = 2000 } = options;
  const tracker = createInitializeTracker(options.capability);
  const posix = process.platform !== 'win32';
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: options.env,
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: posix,
  });
  let stoppedByGuard = false;
  let exited = false;
  const timers: ReturnType<typeof setTimeout>[] = [];

  const signalGroup = (signal: NodeJS.Signals): void => {
    if (exited || child.pid === undefined) return;
    try {
      if (posix) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch (cause) {
      if ((cause as NodeJS.ErrnoException).code !== 'ESRCH') throw cause;
    }
  };
  const stop = (): void => {
    if (stoppedByGuard) return;
    stoppedByGuard = true;
    child.stdin.end();
    timers.push(setTimeout(() => {
      signalGroup('SIGTERM');
      timers.push(setTimeout(() => signalGroup('SIGKILL'), graceMs));
    }, graceMs));
  };
  const killNow = (): void => signalGroup('SIGKILL');
  const onSignal = (): void => {
    stoppedByGuard = true;
    signalGroup('SIGTERM');
    timers.push(setTimeout(() => signalGroup('SIGKILL'), graceMs));
  };

  return new Promise<StdioProxyExit>((resolve, reject) => {
    child.once('error', (cause: NodeJS.ErrnoException) => {
      cleanup();
      const why = cause.code === 'ENOENT' ? 'it was not found; check its name, the PATH, or give its path' : cause.message;
      reject(new SourceError(`Cannot start the server ${JSON.stringify(options.command)}: ${why}`, { cause }));
    });
    child.once('spawn', () => {
      for (const s of SIGNALS) process.on(s, onSignal);
      process.on('exit', killNow);
      options.onSpawn?.(child.pid!);
    });

    // Client → server: forward every chunk as is; read lines only until initialize is answered.
    let clientBuf: Uint8Array = new Uint8Array(0);
    const onInput = (chunk: Buffer): void => {
      if (!tracker.done) {
        clientBuf = concat(clientBuf, chunk);
        let nl: number;
        while ((nl = clientBuf.indexOf(NEWLINE)) >= 0) {
          tracker.clientLine(clientBuf.subarray(0, nl + 1));
          clientBuf = clientBuf.subarray(nl + 1);
        }
      } else if (clientBuf.length > 0) {
        clientBuf = new Uint8Array(0);
      }
      if (!child.stdin.write(chunk)) {
        input.pause();
        child.stdin.once('drain', () => input.resume());
      }
    };
    input.on('data', onInput);
    input.once('end', stop);
    // The client went away (stdout closed): stop the server the same way.
    output.once('error', stop);
    child.stdin.on('error', (e: NodeJS.ErrnoException) => {
      // The server closed its stdin (it is exiting): the exit handler reports how it ended.
      if (e.code !== 'EPIPE' && e.code !== 'ERR_STREAM_DESTROYED') errorOutput.write(`guard: writing to the server failed: ${e.message}\n`);
    });

    // Server → client: hold back only incomplete lines, and only until initialize is answered.
    let serverBuf: Uint8Array = new Uint8Array(0);
    const send = (bytes: Uint8Array): void => {
      if (bytes.length === 0) return;
      if (!output.write(bytes)) {
        child.stdout.pause();
        output.once('drain', () => child.stdout.resume());
      }
    };
    child.stdout.on('data', (chunk: Buffer) => {
      if (tracker.done && serverBuf.length === 0) {
        send(chunk);
        return;
      }
      serverBuf = concat(serverBuf, chunk);
      let nl: number;
      while (!tracker.done && (nl = serverBuf.indexOf(NEWLINE)) >= 0) {
        send(tracker.serverLine(serverBuf.subarray(0, nl + 1)));
        serverBuf = serverBuf.subarray(nl + 1);
      }
      if (tracker.done) {
        send(serverBuf);
        serverBuf = new Uint8Array(0);
      }
    });
    child.stderr.on('data', (chunk: Buffer) => errorOutput.write(chunk));

    child.once('close', (code, signal) => {
      exited = true;
      cleanup();
      // Anything left without a final newline still belongs to the client.
      if (serverBuf.length > 0) output.write(serverBuf);
      resolve({ code, signal, stoppedByGuard });
    });

    function cleanup(): void {
      for (const t of timers) clearTimeout(t);
      input.off('data', onInput);
      input.off('end', stop);
      output.off('error', stop);
      input.pause();
      for (const s of SIGNALS) process.off(s, onSignal);
      process.off('exit', killNow);
    }
  });
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  if (a.length === 0) return b;
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}
