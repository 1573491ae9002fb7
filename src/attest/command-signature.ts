/**
 * What an external sign command may print as a signature: one line without control characters,
 * small enough to reach a verify command in the `MCPFUSION_SIGNATURE` environment variable
 * (Linux caps one variable at 128 KiB). The sign side refuses anything else, so a command
 * attestation holding anything else was edited.
 *
 * @module
 */

/** Largest command signature, in UTF-8 bytes. */
export const MAX_COMMAND_SIGNATURE_BYTES = 100_000;

/**
 * Why a text cannot be a command signature, or undefined when it can.
 *
 * @param signature The signature text.
 * @returns A one-line problem (without the signature), or undefined.
 * @example commandSignatureProblem('a\nb') // 'must be one line without control characters'
 */
export function commandSignatureProblem(signature: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(signature)) return 'must be one line without control characters';
  const bytes = new TextEncoder().encode(signature).length;
  if (bytes > MAX_COMMAND_SIGNATURE_BYTES) return `must be at most ${MAX_COMMAND_SIGNATURE_BYTES} bytes (it is ${bytes})`;
  return undefined;
}
