/**
 * How a child process ended, in words (shared by the stdio source and the judge command; no MCP
 * SDK here).
 *
 * @module
 */

/** How the server process ended. */
export interface ExitInfo {
  code: number | null;
  signal: string | null;
}

/**
 * Describe how a process ended.
 *
 * @param exit The exit code and signal.
 * @returns E.g. `exit code 1` or `killed by SIGKILL`.
 */
export function describeExit(exit: ExitInfo | undefined): string {
  if (!exit) return 'still running';
  if (exit.signal) return `killed by ${exit.signal}`;
  return `exit code ${exit.code ?? 'unknown'}`;
}
