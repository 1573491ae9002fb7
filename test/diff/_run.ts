/**
 * Test helper: run the CLI in process (`run(argv, io)`) with captured output.
 *
 * @module
 */
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';

/** Captured result of one run. */
export interface Captured { code: number; stdout: string; stderr: string }

/**
 * Run `mcpfusion <argv>` in process.
 *
 * @param argv Arguments.
 * @param cwd Working directory.
 * @param env Environment (default: none besides PATH and HOME).
 * @param stdin What stdin holds.
 * @returns Exit code and output.
 */
export async function mcpfusion(argv: string[], cwd: string, env: Record<string, string | undefined> = {}, stdin = ''): Promise<Captured> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (t) => { stdout += t; },
    stderr: (t) => { stderr += t; },
    cwd,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...env },
    readStdin: async () => stdin,
    color: false,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}
