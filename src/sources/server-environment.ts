/**
 * The environment of a stdio server mcpfusion starts: mcpfusion's own, without the variables that
 * hold its own secrets (the HMAC secret named by `--secret-env`: a server under attestation must
 * not be able to sign for itself), plus what was given to the server explicitly (`--server-env`,
 * `source.env`).
 *
 * @module
 */
import process from 'node:process';
import type { Io } from '../commands/command.ts';

/**
 * The environment for a server process.
 *
 * @param io mcpfusion's environment and the names it withholds.
 * @param explicit Variables given to the server on purpose; they are passed even when withheld,
 *   and where names ignore case they replace an inherited variable of any spelling.
 * @param caseInsensitive Whether variable names ignore case (Windows: `--secret-env mcpfusion_secret`
 *   reads `MCPFUSION_SECRET`, so that one is withheld).
 * @returns The server's environment.
 * @example serverEnvironment({ env: { PATH: '/bin', S: 'x' }, withheldEnv: ['S'] }, {}) // { PATH: '/bin' }
 */
export function serverEnvironment(io: Pick<Io, 'env' | 'withheldEnv'>, explicit: Readonly<Record<string, string>>, caseInsensitive = process.platform === 'win32'): Record<string, string | undefined> {
  const env: Record<string, string | undefined> = { ...io.env };
  const withheld = new Set((io.withheldEnv ?? []).map((n) => (caseInsensitive ? n.toUpperCase() : n)));
  // Where names ignore case, an explicit `node_env` replaces an inherited `NODE_ENV`: of two
  // spellings, Node on Windows passes only the first in code-unit order, the inherited one here.
  const given = new Set(caseInsensitive ? Object.keys(explicit).map((n) => n.toUpperCase()) : []);
  for (const name of Object.keys(env)) {
    const key = caseInsensitive ? name.toUpperCase() : name;
    if (withheld.has(key) || given.has(key)) delete env[name];
  }
  return Object.assign(env, explicit);
}
