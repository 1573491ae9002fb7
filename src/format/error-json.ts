/**
 * The JSON document a failed run writes to stdout when `--format json` was asked for. Before, a
 * run that failed with exit 2 or 3 (`lock --server … --format json` whose server did not start)
 * wrote nothing to stdout, so a script reading it (`| jq`) got an empty input and had only the
 * exit code and stderr's prose; now it reads what failed, with the same message as stderr's line.
 *
 * @module
 */

/** What a failed run reports: the exit code, the error's class and its message. */
export interface FailedRun {
  /** 2 (usage or input), 3 (the source failed), 1 (an attestation refused). */
  exitCode: number;
  /** `InputError` (exit 2), `SourceError` (3), `AttestationError` (1), `UsageError` for a command line refused before it ran (2), `InternalError` for a bug (2), `McpfusionError` for any other. */
  name: 'InputError' | 'SourceError' | 'AttestationError' | 'UsageError' | 'InternalError' | 'McpfusionError';
  /** The message stderr's `error:` line carries, unshortened, as the process had it (not escaped for a terminal). */
  message: string;
}

/**
 * The `{"error": …}` document for a failed run, keys sorted, one line with a newline.
 *
 * @param failed The exit code, error class and message.
 * @returns The JSON text to write to stdout.
 * @example formatErrorJson({ exitCode: 3, name: 'SourceError', message: 'The MCP server "x" failed at stage "spawn"' })
 * // '{"error":{"exitCode":3,"message":"The MCP server \\"x\\" failed at stage \\"spawn\\"","name":"SourceError"}}\n'
 */
export function formatErrorJson(failed: FailedRun): string {
  return `${JSON.stringify({ error: { exitCode: failed.exitCode, message: failed.message, name: failed.name } })}\n`;
}
