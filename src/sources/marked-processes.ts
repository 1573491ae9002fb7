/**
 * Processes found by a variable of their environment (Linux, `/proc/<pid>/environ`): mcpfusion
 * gives a judge command a variable with a value of its own, which every process it starts
 * inherits, also one that leaves the judge's process group and session (`setsid sh -c 'sleep
 * 100'`) and is no longer its descendant once its parent exits. A process that clears its
 * environment (`env -i`) or runs as another user is not found.
 *
 * @module
 */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The pids of the processes whose initial environment holds `name=value`.
 *
 * @param name The variable's name.
 * @param value Its value.
 * @returns Those pids (never mcpfusion's own), `[]` where `/proc` cannot tell (not Linux).
 * @example markedProcesses('MCPFUSION_JUDGE_RUN', '3f2a…') // [4242]
 */
export function markedProcesses(name: string, value: string): number[] {
  if (process.platform !== 'linux') return [];
  let entries: string[];
  try {
    entries = readdirSync('/proc');
  } catch {
    return [];
  }
  const entry = Buffer.from(`\0${name}=${value}\0`);
  const found: number[] = [];
  for (const e of entries) {
    if (!/^\d+$/.test(e) || Number(e) === process.pid) continue;
    let environ: Buffer;
    try {
      environ = readFileSync(`/proc/${e}/environ`);
    } catch {
      continue; // gone since the listing, or another user's
    }
    // A whole variable: at the start of the block or after the NUL that ends another one.
    if (Buffer.concat([Buffer.from([0]), environ]).indexOf(entry) >= 0) found.push(Number(e));
  }
  return found;
}

/**
 * Send SIGKILL to the processes {@link markedProcesses} finds.
 *
 * @param name The variable's name.
 * @param value Its value.
 * @returns How many were sent the signal.
 * @example killMarked('MCPFUSION_JUDGE_RUN', token)
 */
export function killMarked(name: string, value: string): number {
  let n = 0;
  for (const pid of markedProcesses(name, value)) {
    try {
      process.kill(pid, 'SIGKILL');
      n++;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error; // gone already
    }
  }
  return n;
}

/** How long {@link sweepMarked} waits between two looks at `/proc` (ms). */
const SWEEP_PAUSE_MS = 25;
/** The most looks {@link sweepMarked} takes. */
const SWEEP_PASSES = 8;

/**
 * {@link killMarked} until a look finds none, a little apart: a process caught between its fork and
 * the look (`setsid` forking `sh`, `sh` forking `sleep` while the first look listed `/proc`) is
 * found by the next one. At least two looks, at most {@link SWEEP_PASSES}.
 *
 * @param name The variable's name.
 * @param value Its value.
 * @returns How many were sent the signal in all.
 * @example await sweepMarked('MCPFUSION_JUDGE_RUN', token)
 */
export async function sweepMarked(name: string, value: string): Promise<number> {
  if (process.platform !== 'linux') return 0;
  let total = 0;
  for (let pass = 0; pass < SWEEP_PASSES; pass++) {
    const n = killMarked(name, value);
    total += n;
    if (n === 0 && pass > 0) break;
    await new Promise((resolve) => setTimeout(resolve, SWEEP_PAUSE_MS));
  }
  return total;
}
