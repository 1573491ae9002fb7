/**
 * The environment of a stdio server mcpfusion starts: mcpfusion's own, without the variables that
 * hold its own secrets (the HMAC secret named by `--secret-env`: a server under attestation must
 * not be able to sign for itself), plus what was given to the server explicitly (`--server-env`,
 * `source.env`).
 *
 * @module
 */
import type { Io } from '../commands/command.ts';

/**
 * The environment for a server process.
 *
 * @param io mcpfusion's environment and the names it withholds.
 * @param explicit Variables given to the server on purpose; they are passed even when withheld.
 * @returns The server's environment.
 * @example serverEnvironment({ env: { PATH: '/bin', S: 'x' }, withheldEnv: ['S'] }, {}) // { PATH: '/bin' }
 */
export function serverEnvironment(io: Pick<Io, 'env' | 'withheldEnv'>, explicit: Readonly<Record<string, string>>): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...io.env };
  for (const name of io.withheldEnv ?? []) delete env[name];
  return Object.assign(env, explicit);
}
