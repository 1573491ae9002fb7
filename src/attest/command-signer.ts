/**
 * The external-command signer adapter (KMS, HSM or transparency-log integrations in CI): the sign
 * command receives the 64-hex digest on stdin (and in `MCPFUSION_DIGEST`) and prints the
 * signature; the verify command receives the digest the same way and the signature in
 * `MCPFUSION_SIGNATURE`, and exits 0 (valid) or 1 (invalid). Without a verify command,
 * verification runs the sign command again and compares in constant time (deterministic
 * signers such as a KMS HMAC key). The process runner is injected: this file starts nothing.
 *
 * @module
 */
import { constantTimeEqual } from '../canonical/hash.ts';
import { SourceError } from '../errors.ts';
import { splitsPair } from '../format/shorten.ts';
import type { AttestationSigner } from './attestation-signer.ts';
import { COMMAND_SIGNER_NAME } from './attestation-document.ts';
import { commandSignatureProblem, MAX_COMMAND_SIGNATURE_BYTES } from './command-signature.ts';

/** What a finished command produced. */
export interface CommandOutcome {
  /** Exit code, or null when it was killed by a signal. */
  exitCode: number | null;
  /** The signal that killed it (e.g. `SIGKILL`), when known. */
  signal?: string | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs one shell command line with the given stdin text and extra environment variables.
 * The edge implementation lives in `src/guard/run-command.ts`.
 */
export type CommandRunner = (command: string, stdin: string, env: Record<string, string>) => Promise<CommandOutcome>;

/** Options of {@link createCommandSigner}. */
export interface CommandSignerOptions {
  /** The sign command line (required to sign; also used to verify when there is no verify command). */
  signCommand?: string;
  /** The verify command line. */
  verifyCommand?: string;
  /** Runs a command (injected). */
  run: CommandRunner;
  /**
   * Redacts a failed command's stderr before it goes into the error message (injected, like the
   * runner: the CLI hides the secrets of the command line and of its environment, and credentials
   * of a known shape). Without it the stderr is shown as written.
   */
  redact?: (stderr: string, command: string) => string;
}

function tail(text: string, command: string, redact: (stderr: string, command: string) => string): string {
  const t = redact(text.trim(), command);
  if (t.length <= 500) return t;
  // Keep the last 500 code units without starting on the low half of a surrogate pair.
  const start = splitsPair(t, t.length - 500) ? t.length - 499 : t.length - 500;
  return `…${t.slice(start)}`;
}

function howItEnded(r: CommandOutcome): string {
  if (r.exitCode !== null) return `exited with code ${r.exitCode}`;
  return r.signal ? `ended (killed by ${r.signal})` : 'ended (killed by a signal)';
}

/**
 * Create a signer that delegates to external commands.
 *
 * @param options The commands and the runner.
 * @returns A signer named `command`.
 * @throws {SourceError} (from `sign`/`verify`) When a command fails to run, exits with an
 *   unexpected code, or prints no usable signature (none, several lines, or more than
 *   {@link MAX_COMMAND_SIGNATURE_BYTES}); the message carries its stderr tail. `verify` returns
 *   false without running anything for a signature `sign` could not have returned.
 * @example createCommandSigner({ signCommand: 'kms-sign --key ci', run: runCommand })
 */
export function createCommandSigner(options: CommandSignerOptions): AttestationSigner {
  const { signCommand, verifyCommand, run, redact = (text: string) => text } = options;
  const sign = async (digest: string): Promise<string> => {
    if (!signCommand) throw new SourceError('No sign command is configured; pass --signer command:"<cmd>"');
    const r = await run(signCommand, digest, { MCPFUSION_DIGEST: digest });
    if (r.exitCode !== 0) {
      throw new SourceError(`The sign command ${howItEnded(r)}${r.stderr.trim() ? `: ${tail(r.stderr, signCommand, redact)}` : ''}`);
    }
    const sig = r.stdout.trim();
    if (sig.length === 0) throw new SourceError('The sign command printed no signature on stdout');
    if (/[\u0000-\u001f\u007f]/.test(sig)) throw new SourceError('The sign command printed more than one line or control characters; it must print the signature as one line');
    const bytes = new TextEncoder().encode(sig).length;
    if (bytes > MAX_COMMAND_SIGNATURE_BYTES) {
      throw new SourceError(`The sign command printed a signature of ${bytes} bytes; at most ${MAX_COMMAND_SIGNATURE_BYTES} fit in MCPFUSION_SIGNATURE for the verify command`);
    }
    return sig;
  };
  return {
    name: COMMAND_SIGNER_NAME,
    sign,
    async verify(digest: string, signature: string): Promise<boolean> {
      // No sign command printed this (sign refuses it): not a valid signature, and not something to
      // hand to a command (a NUL byte or an over-long value cannot go into its environment).
      if (commandSignatureProblem(signature) !== undefined) return false;
      if (!verifyCommand) return constantTimeEqual(await sign(digest), signature);
      const r = await run(verifyCommand, digest, { MCPFUSION_DIGEST: digest, MCPFUSION_SIGNATURE: signature });
      if (r.exitCode === 0) return true;
      if (r.exitCode === 1) return false;
      throw new SourceError(`The verify command ${howItEnded(r)} (expected 0 for valid or 1 for invalid)${r.stderr.trim() ? `: ${tail(r.stderr, verifyCommand, redact)}` : ''}`);
    },
  };
}
