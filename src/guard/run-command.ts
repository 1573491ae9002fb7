/**
 * The process edge of the external-command signer: run one command line through the system
 * shell (`/bin/sh -c` on POSIX, `cmd.exe` on Windows) so a CI step can pipe into a KMS client,
 * feed it the digest on stdin, collect its output, and stop it after a time limit.
 *
 * @module
 */
import { spawn } from 'node:child_process';
import type { CommandOutcome, CommandRunner } from '../attest/command-signer.ts';
import { SourceError } from '../errors.ts';

/** Default limit for one signer command, in milliseconds. */
export const COMMAND_TIMEOUT_MS = 120_000;

/**
 * A {@link CommandRunner} over `child_process.spawn` with a shell.
 *
 * @param baseEnv The environment the command inherits (extra variables are added on top).
 * @param options `timeoutMs` (default {@link COMMAND_TIMEOUT_MS}), `cwd`.
 * @returns The runner.
 * @throws {SourceError} (from the runner) When the command cannot be started or times out.
 * @example createCommandRunner(process.env)('kms-sign', digest, { MCPFUSION_DIGEST: digest })
 */
export function createCommandRunner(
  baseEnv: Record<string, string | undefined>,
  options: { timeoutMs?: number; cwd?: string } = {},
): CommandRunner {
  const timeoutMs = options.timeoutMs ?? COMMAND_TIMEOUT_MS;
  return (command, stdin, env) =>
    new Promise<CommandOutcome>((resolve, reject) => {
      const child = spawn(command, {
        shell: true,
        cwd: options.cwd,
        env: { ...baseEnv, ...env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: process.platform !== 'win32',
      });
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        killTree(child.pid);
      }, timeoutMs);
      child.stdout.on('data', (d: Buffer) => out.push(d));
      child.stderr.on('data', (d: Buffer) => err.push(d));
      child.on('error', (cause) => {
        clearTimeout(timer);
        reject(new SourceError(`Cannot run the signer command ${JSON.stringify(command)}: ${cause.message}`, { cause }));
      });
      child.on('close', (code) => {
        clearTimeout(timer);
        if (timedOut) {
          reject(new SourceError(`The signer command ${JSON.stringify(command)} did not finish within ${timeoutMs} ms and was stopped`));
          return;
        }
        resolve({ exitCode: code, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') });
      });
      // A command that does not read its stdin closes the pipe early: that is not an error.
      child.stdin.on('error', (e: NodeJS.ErrnoException) => {
        if (e.code !== 'EPIPE') err.push(Buffer.from(`(stdin: ${e.message})\n`));
      });
      child.stdin.end(stdin);
    });
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
