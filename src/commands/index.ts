/**
 * Every CLI command, listed once, each loaded only when it runs: a run evaluates the code of
 * its own command and nothing else (the MCP SDK, the curve library and the tokenizer stay
 * unloaded unless the command needs them), which keeps start-up close to the bare runtime.
 * Add a command: one file in this folder exporting a `CommandSpec`, one entry here.
 *
 * @module
 */
import type { CommandSpec } from './command.ts';

/** Command name → loader of its spec, in help order. */
export const COMMAND_LOADERS: Record<string, () => Promise<CommandSpec>> = {
  lock: async () => (await import('./lock.ts')).lockCommand,
  check: async () => (await import('./check.ts')).checkCommand,
  diff: async () => (await import('./diff.ts')).diffCommand,
  digest: async () => (await import('./digest.ts')).digestCommand,
  inspect: async () => (await import('./inspect.ts')).inspectCommand,
  canonicalize: async () => (await import('./canonicalize.ts')).canonicalizeCommand,
  attest: async () => (await import('./attest.ts')).attestCommand,
  guard: async () => (await import('./guard.ts')).guardCommand,
  heal: async () => (await import('./heal.ts')).healCommand,
  scan: async () => (await import('./scan.ts')).scanCommand,
  probe: async () => (await import('./probe.ts')).probeCommand,
};

/**
 * Load every command (for the global help and for tests that audit all of them).
 *
 * @returns All command specs in help order.
 */
export async function loadAllCommands(): Promise<CommandSpec[]> {
  return Promise.all(Object.values(COMMAND_LOADERS).map((load) => load()));
}
