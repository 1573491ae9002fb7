/**
 * One error hierarchy and one exit-code table for every command.
 *
 * Only `cli.ts` maps an error to a process exit code; library callers catch the classes.
 * A failed gate (drift, a verdict at or above `--fail-on`, a scan violation) is a result,
 * never an exception: commands return exit code 1 for it.
 *
 * @module
 */

/** Exit codes shared by every command (SPEC section 11). */
export const ExitCode = {
  /** Success. */
  ok: 0,
  /** The gate failed: drift, verdict at/above `--fail-on`, violation, attestation mismatch, probe drift. */
  gateFailed: 1,
  /** Usage or input error: bad flag, unreadable or invalid file, bad config. */
  input: 2,
  /** The source failed: the server did not start, or a handshake or request timed out. */
  source: 3,
} as const;

/** A value of {@link ExitCode}. */
export type ExitCodeValue = (typeof ExitCode)[keyof typeof ExitCode];

/**
 * Base class of every error mcpfusion throws on purpose.
 *
 * @example
 * try { parseLockfile(text) } catch (e) { if (e instanceof McpfusionError) process.exitCode = e.exitCode }
 */
export class McpfusionError extends Error {
  /** The process exit code this error maps to. */
  readonly exitCode: ExitCodeValue = ExitCode.input;
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Usage or input error (exit 2): a bad flag, an unreadable or invalid file, a bad config. */
export class InputError extends McpfusionError {
  override readonly exitCode: ExitCodeValue = ExitCode.input;
}

/**
 * A value cannot be put into canonical JSON form (exit 2): it is not JSON somewhere. `path` and
 * `problem` say where and what, for callers that word their own message.
 *
 * @example
 * try { canonicalize({ a: [NaN] }) } catch (e) { if (e instanceof CanonicalizationError) console.log(e.path, e.problem) } // $.a[0] is NaN
 */
export class CanonicalizationError extends InputError {
  /** Where the value stops being JSON, as a JSON path: `$` for the value itself, `$.tools[3].inputSchema.default` inside it. */
  readonly path: string;
  /** What is wrong there, a phrase that reads after the path: `is NaN`, `is a Date object`, `holds a lone surrogate`. */
  readonly problem: string;
  /** Why that is not JSON and what to do about it: `JSON has no non-finite numbers; use null or a string`. */
  readonly why: string;
  /**
   * @param path Where, as a JSON path.
   * @param problem What, as a phrase after the path.
   * @param why Why that is not JSON and what to do, for the message.
   */
  constructor(path: string, problem: string, why: string, options?: { cause?: unknown }) {
    super(`Cannot canonicalize the value at ${path}: it ${problem}; ${why}`, options);
    this.path = path;
    this.problem = problem;
    this.why = why;
  }
}

/**
 * A value a library caller handed over is not JSON where mcpfusion needs JSON (exit 2): a probe's
 * arguments, baseline or contract, a tools list, a contract set. `subject` names what was handed
 * over, and `path` (a JSON path from it: `$.arguments.when`) and `problem` what is wrong where.
 * A {@link CanonicalizationError}, so code that catches those catches this too.
 *
 * @example
 * try { await runProbes(probes, options) } catch (e) { if (e instanceof NotJsonError) console.error(e.subject, e.path, e.problem) }
 */
export class NotJsonError extends CanonicalizationError {
  /** What was handed over, as the message starts: `The probe "refund"`, `The tools list`. */
  readonly subject: string;
  /**
   * @param subject What was handed over; `$` in the path is that value.
   * @param found The refusal of the canonical writer over that value.
   */
  constructor(subject: string, found: CanonicalizationError) {
    super(found.path, found.problem, found.why, { cause: found });
    this.subject = subject;
    this.message = `${subject} holds a value that is not JSON: ${found.path} ${found.problem}; ${found.why}`;
  }
}

/** A JSON document is malformed or not I-JSON (duplicate keys, lone surrogates) (exit 2). */
export class JsonParseError extends InputError {
  /** Zero-based character offset of the problem in the text. */
  readonly offset: number;
  /** One-based line of the problem. */
  readonly line: number;
  /** One-based column of the problem. */
  readonly column: number;
  constructor(message: string, offset: number, line: number, column: number, options?: { cause?: unknown }) {
    super(message, options);
    this.offset = offset;
    this.line = line;
    this.column = column;
  }
}

/** A live source failed: spawn, handshake, request, or timeout (exit 3). */
export class SourceError extends McpfusionError {
  override readonly exitCode: ExitCodeValue = ExitCode.source;
}

/** What runs is not what was approved, or a signature is invalid (exit 1). */
export class AttestationError extends McpfusionError {
  override readonly exitCode: ExitCodeValue = ExitCode.gateFailed;
}
