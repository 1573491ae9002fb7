/**
 * Test helper: run the CLI in process with captured output, in a temp directory holding a copy
 * of the billing example contracts.
 *
 * @module
 */
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { run } from '../../src/cli.ts';
import type { Io } from '../../src/commands/command.ts';

export const ROOT = new URL('../..', import.meta.url).pathname.replace(/\/$/, '');

/** The result of one in-process CLI run. */
export interface Ran { code: number; stdout: string; stderr: string }

/** A fresh directory with `contracts.json` (the billing example). */
export function workspace(): string {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-attest-'));
  copyFileSync(join(ROOT, 'examples/billing/contracts.json'), join(dir, 'contracts.json'));
  return dir;
}

/** Run `mcpfusion <argv>` in process. */
export async function cli(dir: string, argv: string[], env: Record<string, string | undefined> = {}): Promise<Ran> {
  let stdout = '';
  let stderr = '';
  const io: Io = {
    stdout: (s) => void (stdout += s),
    stderr: (s) => void (stderr += s),
    cwd: dir,
    env: { PATH: process.env['PATH'], HOME: process.env['HOME'], ...env },
    readStdin: async () => '',
    color: false,
  };
  const code = await run(argv, io);
  return { code, stdout, stderr };
}
