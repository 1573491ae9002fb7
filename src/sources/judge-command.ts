/**
 * The external judge of `probe run --judge-command "<cmd>"`: a {@link SemanticProbeAdapter} that
 * runs a command once per probe (no shell; the command line is split like `--server`'s), writes
 * one JSON request to its stdin (`version`, `id`, `tool`, `action`, `contract`, `input`,
 * `baseline`, `current`, `prompt`) and returns what it prints on stdout, which must be
 * `{ "similarityScore": n, "reasoning": "…" }`.
 *
 * The command runs in its own process group (POSIX). When it exits, anything it left running in
 * the group is killed; when the probe's time is up (the `AbortSignal`), the whole group is killed
 * with SIGKILL; if mcpfusion itself exits or is interrupted, running judges are killed first.
 * Each time, the processes that left the group (setsid) are killed too, found on Linux by the
 * variable {@link JUDGE_MARK} the judge is given with a value of its own. A
 * non-zero exit, a start failure or more than 1 MiB of output rejects with a one-line reason (and
 * the judge's stderr tail), which `runProbes` turns into a fallback. The judge's stderr never
 * reaches our stdout.
 *
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import process from 'node:process';
import { statSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { SemanticProbeAdapter } from '../probe/types.ts';
import { parseCommandLine } from './command-line.ts';
import { programProblem } from './find-program.ts';
import { windowsShimHint } from './windows-shim-hint.ts';
import { describeExit } from './stdio.ts';
import { serverSecrets } from './redact-command.ts';
import { StderrTail } from './stderr-tail.ts';
import { killMarked, sweepMarked } from './marked-processes.ts';

/** Options of {@link commandJudge}. */
export interface CommandJudgeOptions {
  /** Environment of the judge (the `NAME=value` words of the command line are added). */
  env: Record<string, string | undefined>;
  /** Working directory of the judge. */
  cwd?: string;
  /** Home directory for a leading `~` in the command line. */
  home?: string;
  /** Largest output accepted, in bytes (default 1 MiB). */
  maxOutputBytes?: number;
}

const FORWARDED_SIGNALS: NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];
const live = new Set<ChildProcess>();
/** The variable whose value, one per judge run, marks every process the judge started ({@link killMarked}). */
export const JUDGE_MARK = 'MCPFUSION_JUDGE_RUN';
/** Each running judge's mark. */
const marks = new WeakMap<ChildProcess, string>();

function killGroup(child: ChildProcess): void {
  const pid = child.pid;
  if (pid === undefined) return;
  try {
    if (process.platform !== 'win32') process.kill(-pid, 'SIGKILL');
    else child.kill('SIGKILL');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error; // ESRCH: the group is gone already
  }
}

/** Whether any process of the judge's group still exists (POSIX; on Windows only the judge counts). */
function groupAlive(child: ChildProcess): boolean {
  const pid = child.pid;
  if (pid === undefined) return false;
  if (process.platform === 'win32') return child.exitCode === null && child.signalCode === null;
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Kill the group and wait (up to `ms`) until none of its processes is left. */
async function endGroup(child: ChildProcess, ms = 2000): Promise<void> {
  for (let waited = 0; groupAlive(child) && waited < ms; waited += 20) {
    killGroup(child);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function killAll(): void {
  for (const child of live) {
    killGroup(child);
    const mark = marks.get(child);
    if (mark !== undefined) killMarked(JUDGE_MARK, mark);
  }
}

function onSignal(signal: NodeJS.Signals): void {
  killAll();
  live.clear();
  for (const s of FORWARDED_SIGNALS) process.removeListener(s, onSignal);
  process.removeListener('exit', killAll);
  process.kill(process.pid, signal); // re-raise with the default action now that the judges are gone
}

function track(child: ChildProcess): void {
  if (live.size === 0) {
    for (const s of FORWARDED_SIGNALS) process.on(s, onSignal);
    process.on('exit', killAll);
  }
  live.add(child);
}

function untrack(child: ChildProcess): void {
  if (!live.delete(child) || live.size > 0) return;
  for (const s of FORWARDED_SIGNALS) process.removeListener(s, onSignal);
  process.removeListener('exit', killAll);
}

function isDirectoryAt(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false; // not there: the caller's "not found" stands
  }
}

/**
 * Why the judge command's program cannot be started, checked before any probe runs: a
 * misspelled judge would otherwise make every probe a `judge-failed` fallback, and a run with no
 * judgement passes its gate. Looked up like `spawn` does (POSIX only).
 *
 * @param commandLine The `--judge-command` line.
 * @param options The judge's environment (its `PATH`), working directory and home.
 * @returns A sentence naming the program and what to do, or undefined when it can be started.
 * @throws {InputError} When the command line cannot be parsed.
 * @example judgeStartProblem('pyhton3 judge.py', { env: process.env }) // 'the judge command "pyhton3" was not found …'
 */
export function judgeStartProblem(commandLine: string, options: CommandJudgeOptions): string | undefined {
  const parsed = parseCommandLine(commandLine, options.home, { name: 'judge', example: '--judge-command "node judge.mjs"' });
  const env = { ...options.env, ...parsed.env };
  const problem = programProblem(parsed.command, env['PATH'], options.cwd ?? process.cwd());
  if (problem === undefined) return undefined;
  const where = parsed.command.includes('/') ? 'check the path' : 'check its name and the PATH, or give its path';
  // A folder is there, but is no program ("--judge-command ./judges"): not "not found".
  if (problem === 'not-found' && parsed.command.includes('/') && isDirectoryAt(resolve(options.cwd ?? process.cwd(), parsed.command))) {
    return `the judge command ${JSON.stringify(parsed.command)} is a directory, not a program; give the path of the judge program in it`;
  }
  return problem === 'not-found'
    ? `the judge command ${JSON.stringify(parsed.command)} was not found; ${where}`
    : `the judge command ${JSON.stringify(parsed.command)} cannot be executed (permission denied); make it executable or run it through its interpreter`;
}

/**
 * Create a judge that runs an external command per probe.
 *
 * @param commandLine The command line, e.g. `node judge.mjs --model local` (no shell runs).
 * @param options Environment, working directory, output limit.
 * @returns The adapter, named `command:<program>`.
 * @throws {InputError} When the command line cannot be parsed.
 * @example await runProbes(probes, { adapter: commandJudge('python3 judge.py', { env: process.env }), callTool })
 */
export function commandJudge(commandLine: string, options: CommandJudgeOptions): SemanticProbeAdapter {
  const parsed = parseCommandLine(commandLine, options.home, { name: 'judge', example: '--judge-command "node judge.mjs"' });
  const maxBytes = options.maxOutputBytes ?? 1024 * 1024;
  return {
    name: `command:${basename(parsed.command)}`,
    evaluate(prompt, { request, signal }) {
      return new Promise<string>((resolve, reject) => {
        if (signal.aborted) {
          reject(new Error('the judge was not started: the probe is out of time'));
          return;
        }
        // Every process the judge starts inherits it: found by it, one that left the judge's
        // process group (setsid) is ended with the group (Linux).
        const mark = randomBytes(16).toString('hex');
        const child = spawn(parsed.command, parsed.args, {
          cwd: options.cwd,
          env: { ...options.env, ...parsed.env, [JUDGE_MARK]: mark },
          stdio: ['pipe', 'pipe', 'pipe'],
          shell: false,
          detached: process.platform !== 'win32',
          windowsHide: true,
        });
        const chunks: Uint8Array[] = [];
        let size = 0;
        let problem: string | undefined;
        // The judge often holds a model provider's key (in its environment or on its command line):
        // its stderr is shown redacted, as a server's is.
        const stderr = new StderrTail(8, 4096, serverSecrets(commandLine, { ...options.env, ...parsed.env }));
        const tail = (): string => {
          const lines = stderr.redactedLines();
          return lines.length === 0 ? '' : `; its stderr ends with: ${lines.join(' | ')}`;
        };
        const onAbort = (): void => {
          problem ??= 'the judge was killed: the probe is out of time';
          killGroup(child);
          killMarked(JUDGE_MARK, mark);
          child.stdout?.destroy();
          child.stderr?.destroy();
        };
        let safety: ReturnType<typeof setTimeout> | undefined;
        child.once('error', (error: NodeJS.ErrnoException) => {
          if (child.pid === undefined) {
            const why = `${error.code === 'ENOENT' ? 'was not found' : error.code === 'EACCES' ? 'cannot be executed (permission denied)' : `could not be started: ${error.message}`}${windowsShimHint(parsed.command, error.code, process.platform)}`;
            reject(new Error(`the judge command ${JSON.stringify(parsed.command)} ${why}`, { cause: error }));
          }
        });
        signal.addEventListener('abort', onAbort, { once: true });
        marks.set(child, mark);
        child.once('spawn', () => track(child));
        child.stdout!.on('data', (chunk: Uint8Array) => {
          size += chunk.length;
          if (size > maxBytes) {
            problem ??= `the judge printed more than ${maxBytes} bytes`;
            killGroup(child);
            child.stdout?.destroy();
            return;
          }
          chunks.push(chunk);
        });
        child.stderr!.on('data', (chunk: Uint8Array) => stderr.push(chunk));
        child.stdin!.on('error', () => {
          // EPIPE: the judge exited without reading its request. Its exit status and output decide the outcome.
        });
        child.once('exit', () => {
          killGroup(child); // end whatever the judge left running in its group
          killMarked(JUDGE_MARK, mark); // and what left the group
          // A process that left the group may still hold the pipes: do not wait for it forever.
          safety = setTimeout(() => {
            child.stdout?.destroy();
            child.stderr?.destroy();
          }, 2000);
        });
        child.once('close', (code, sig) => {
          clearTimeout(safety);
          signal.removeEventListener('abort', onAbort);
          if (child.pid === undefined) return; // the start failed; 'error' rejected already
          // Settle only once the whole group is gone, so no judge process outlives its probe.
          void endGroup(child).then(() => sweepMarked(JUDGE_MARK, mark)).then(() => {
            untrack(child);
            if (problem) reject(new Error(`${problem}${tail()}`));
            else if (code !== 0) reject(new Error(`the judge command ${sig ? `ended (${describeExit({ code, signal: sig })})` : `exited with ${describeExit({ code, signal: sig })}`}${tail()}`));
            else resolve(new TextDecoder('utf-8').decode(Buffer.concat(chunks)));
          });
        });
        child.stdin!.end(`${JSON.stringify({ ...request, prompt })}\n`);
      });
    },
  };
}
