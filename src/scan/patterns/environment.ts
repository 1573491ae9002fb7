/**
 * Environment patterns (informational sixth family, not in the lockfile): `process.env`,
 * `Deno.env`, `Bun.env`, `import.meta.env`, and the `dotenv` loader. Secrets usually live there.
 *
 * @module
 */
import type { CapabilityPattern, ModuleInfo } from '../types.ts';

/** Module specifiers of the environment family. */
export const ENVIRONMENT_MODULES: Readonly<Record<string, ModuleInfo>> = {
  dotenv: { source: 'dotenv', display: 'dotenv' },
  '@dotenvx/dotenvx': { source: 'dotenv', display: '@dotenvx/dotenvx' },
  process: { source: 'process', display: 'process' },
};

/** Environment pattern rows. */
export const ENVIRONMENT_PATTERNS: readonly CapabilityPattern[] = [
  { id: 'environment.process-env', family: 'environment', title: 'Reads process.env', sources: ['process'], members: ['env'], raw: 'member' },
  { id: 'environment.process-object', family: 'environment', title: 'Hands the process object on whole (passed to a function or returned), whose receiver can read process.env', sources: [], raw: 'member' },
  { id: 'environment.deno-env', family: 'environment', title: 'Reads Deno.env', sources: ['Deno'], members: ['env'], raw: 'member' },
  { id: 'environment.bun-env', family: 'environment', title: 'Reads Bun.env', sources: ['Bun'], members: ['env'], raw: 'member' },
  { id: 'environment.import-meta-env', family: 'environment', title: 'Reads import.meta.env', sources: ['import.meta'], members: ['env'], raw: 'member' },
  { id: 'environment.dotenv', family: 'environment', title: 'Loads a .env file into process.env with dotenv\'s config or configDotenv (reported beside its filesystem read; importing dotenv for parse alone sets no variable)', sources: [], raw: 'member' },
  { id: 'environment.dotenv-config', family: 'environment', title: 'Loads a .env file into process.env by importing dotenv/config (reported beside its filesystem read)', sources: [], raw: 'member' },
  { id: 'environment.deno-std-dotenv', family: 'environment', title: 'Loads a .env file with @std/dotenv (reported beside its filesystem read)', sources: [], raw: 'member' },
  { id: 'environment.process-load-env-file', family: 'environment', title: 'Loads a .env file into process.env with process.loadEnvFile (reported beside its filesystem read)', sources: [], raw: 'member' },
];
