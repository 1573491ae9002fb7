/**
 * The standalone executables start with JavaScriptCore's JIT tier-up thresholds scaled up (the
 * build's `--compile-jit-policy`): a one-shot command runs most of its code once, and compiling
 * it on a second thread only competes with it. A command that keeps running (guard's proxy)
 * calls {@link useLongRunningJitPolicy} once it serves, so its steady state gets Bun's normal
 * JIT. Outside a Bun runtime (Node, Deno) there is nothing to restore.
 *
 * @module
 */

interface BunUnsafe {
  setJITPolicy?: (scale: number) => void;
}

/**
 * Restore the runtime's normal JIT policy (Bun's `Bun.unsafe.setJITPolicy(1)`); a no-op
 * elsewhere.
 *
 * @returns Whether a policy was set.
 * @example useLongRunningJitPolicy()
 */
export function useLongRunningJitPolicy(): boolean {
  const unsafe = (globalThis as { Bun?: { unsafe?: BunUnsafe } }).Bun?.unsafe;
  if (typeof unsafe?.setJITPolicy !== 'function') return false;
  unsafe.setJITPolicy(1);
  return true;
}
