/**
 * Work done in steps: a generator that yields at checkpoints (each some thousand units of work)
 * and returns its result. {@link finishSteps} runs it at once; {@link finishStepsInSlices} runs it
 * in slices of a few milliseconds, letting timers fire between them and stopping when a signal is
 * aborted, so that the offline judge over a huge output can be ended by `--timeout`.
 *
 * @module
 */

/** A computation that yields at checkpoints and returns a `T`. */
export type Steps<T> = Generator<void, T, void>;

/** How many units of work (tokens, leaves) pass between two checkpoints. */
export const STEP_UNITS = 4096;

/**
 * Run steps to their end at once.
 *
 * @param steps The computation.
 * @returns Its result.
 * @example finishSteps((function* () { yield; return 1; })()) // 1
 */
export function finishSteps<T>(steps: Steps<T>): T {
  let r = steps.next();
  while (r.done !== true) r = steps.next();
  return r.value;
}

/** Let timers and I/O run (a macrotask, so a timer that is due fires first). */
const breathe = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 0));

/**
 * Run steps in slices of about `sliceMs` milliseconds, with the event loop turning between them.
 *
 * @param steps The computation.
 * @param signal When it is aborted, the work stops at the next slice with its reason.
 * @param sliceMs The longest stretch of work between two turns of the event loop.
 * @returns Its result.
 * @throws The signal's reason once it is aborted.
 * @example await finishStepsInSlices(compareOutputsSteps(a, b), signal)
 */
export async function finishStepsInSlices<T>(steps: Steps<T>, signal?: AbortSignal, sliceMs = 10): Promise<T> {
  let since = performance.now();
  for (;;) {
    signal?.throwIfAborted();
    const r = steps.next();
    if (r.done === true) return r.value;
    if (performance.now() - since >= sliceMs) {
      await breathe();
      since = performance.now();
    }
  }
}
