/**
 * The process edge of the external-command signer: run one command line through the system
 * shell (`/bin/sh -c` on POSIX, `cmd.exe` on Windows) so a CI step can pipe into a KMS client,
 * feed it the digest on stdin, collect its output, and stop it after a time limit.
 *
 * The command runs in its own process group (POSIX): on timeout, or when it prints more than
 * {@link MAX_COMMAND_OUTPUT_BYTES} on stdout, the whole group is killed with SIGKILL, and when it
 * exits, whatever it left running in the group is killed too, so a signer that forks children
 * can neither leave them running nor keep the tool waiting on a pipe they hold.
 *
 * @module
 */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import type { CommandOutcome, CommandRunner } from '../attest/command-signer.ts';
import { SourceError } from '../errors.ts';

/** Default limit for one signer command, in milliseconds. */
export const COMMAND_TIMEOUT_MS = 120_000;

/** Largest stdout accepted from a signer command (1 MiB); a signature is far smaller. */
export const MAX_COMMAND_OUTPUT_BYTES = 1024 * 1024;

/** After the command exits, how long a process that left its group may hold the pipes. */
const PIPE_GRACE_MS = 2000;

/**
 * A {@link CommandRunner} over `child_process.spawn` with a shell.
 *
 * @param baseEnv The environment the command inherits (extra variables are added on top).
 * @param options `timeoutMs` (default {@link COMMAND_TIMEOUT_MS}), `cwd`.
 * @returns The runner.
 * @throws {SourceError} (from the runner) When the command cannot be started, times out, or
 *   prints more than {@link MAX_COMMAND_OUTPUT_BYTES} on stdout.
 * @example createCommandRunner(process.env)('kms-sign', digest, { MCPFUSION_DIGEST: digest })
 */
export function createCommandRunner(
  baseEnv: Record<string, string | undefined>,
  options: { timeoutMs?: number; cwd?: string } = {},
): CommandRunner {
  const timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  return (command, stdin, env) =>
    new Promise<CommandOutcome>((resolve, reject) => {
      let child: ChildProcessWithoutNullStreams;
      try {
        child = spawn(command, {
          shell: true,
          cwd: options.cwd,
          env: { ...baseEnv, ...env },
          stdio: ['pipe', 'pipe', 'pipe'],
          detached: process.platform !== 'win32',
        });
      } catch (cause) {
        // spawn throws at once for what cannot start at all: a NUL byte in the environment, an
        // environment or command line beyond the system's limit (E2BIG).
        reject(new SourceError(`Cannot run the signer command ${JSON.stringify(command)}: ${(cause as Error).message}`, { cause }));
        return;
      }
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let outBytes = 0;
      let errBytes = 0;
      let stopped: 'timeout' | 'overflow' | undefined;
      let grace: ReturnType<typeof setTimeout> | undefined;
      const stop = (why: 'timeout' | 'overflow'): void => {
        stopped ??= why;
        killTree(child.pid);
        child.stdout.destroy();
        child.stderr.destroy();
      };
      const timer = setTimeout(() => stop('timeout'), timeoutMs);
      child.stdout.on('data', (d: Buffer) => {
        outBytes += d.length;
        if (outBytes > MAX_COMMAND_OUTPUT_BYTES) stop('overflow');
        else out.push(d);
      });
      child.stderr.on('data', (d: Buffer) => {
        // Only the tail of stderr reaches a message; keep a bounded amount.
        errBytes += d.length;
        err.push(d);
        while (errBytes > 64 * 1024 && err.length > 1) errBytes -= err.shift()!.length;
      });
      child.on('error', (cause) => {
        clearTimeout(timer);
        reject(new SourceError(`Cannot run the signer command ${JSON.stringify(command)}: ${cause.message}`, { cause }));
      });
      child.on('exit', () => {
        // End what the command left running in its group; one that left the group may still
        // hold the pipes, so stop waiting for them after a grace period.
        killLeftovers(child.pid);
        grace = setTimeout(() => {
          child.stdout.destroy();
          child.stderr.destroy();
        }, PIPE_GRACE_MS);
      });
      child.on('close', (code, signal) => {
        clearTimeout(timer);
        clearTimeout(grace);
        if (stopped === 'timeout') {
          reject(new SourceError(`The signer command ${JSON.stringify(command)} did not finish within ${timeoutMs} ms and was stopped`));
          return;
        }
        if (stopped === 'overflow') {
          reject(new SourceError(`The signer command ${JSON.stringify(command)} printed more than 1 MiB on stdout and was stopped; it must print only the signature`));
          return;
        }
        resolve({ exitCode: code, signal, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
      });
      // A command that does not read its stdin closes the pipe early: that is not an error.
      child.stdin.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') err.push(Buffer.from(`(stdin: ${e.message})\n`));
      });
      child.stdin.end(stdin);
    });
}

/**
 * After the command's shell exited: kill what is left in its process group (POSIX). On Windows
 * nothing is done, since the exited process's id may already belong to another process. A group
 * member we may not signal (EPERM: it changed its user) is left, as is a group already gone.
 */
function killLeftovers(pid: number | undefined): void {
  if (pid === undefined || process.platform === 'win32') return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code !== 'ESRCH' && code !== 'EPERM') throw cause;
  }
}

function killTree(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    if (process.platform === 'win32') process.kill(pid, 'SIGKILL');
    else process.kill(-pid, 'SIGKILL');
  } catch (cause) {
    // ESRCH: the group is already gone, which is what we wanted.
    if ((cause as NodeJS.ErrnoException).code !== 'ESRCH') throw cause;
  }
}
