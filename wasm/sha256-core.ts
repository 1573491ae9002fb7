/**
 * The WASM SHA-256 core and its loader.
 *
 * `hash-wasm` compiles SHA-256 to WebAssembly; its factory is asynchronous, so this module
 * instantiates exactly one hasher per process with a top-level `await` and exposes it
 * synchronously. Every digest in mcpfusion goes through this one instance: the same WASM bytes
 * run under Node, Deno, Bun and inside the standalone executables, so every platform computes
 * the same digests. Incremental hashers share the instance by saving and restoring its state
 * around each call (JavaScript is single-threaded, so no call can interleave).
 *
 * @module
 */
import { createSHA256 } from 'hash-wasm';

type Core = Awaited<ReturnType<typeof createSHA256>>;

/** The single SHA-256 instance of this process, ready before any importer runs. */
const core: Core = await createSHA256();
core.init();
const initialState: Uint8Array = core.save();

/**
 * Hash a whole message in one call.
 *
 * @param data The message bytes.
 * @returns The 32-byte digest.
 */
export function wasmSha256(data: Uint8Array): Uint8Array {
  core.init();
  core.update(data);
  return core.digest('binary');
}

/**
 * Hash a whole message in one call and return lowercase hex.
 *
 * @param data The message bytes or a string (hashed as UTF-8).
 * @returns 64 lowercase hex characters.
 */
export function wasmSha256Hex(data: Uint8Array | string): string {
  core.init();
  core.update(data);
  return core.digest('hex');
}

/**
 * Start an incremental hash: returns the saved state of a fresh hasher.
 *
 * @returns An opaque state to pass to {@link wasmSha256Update}.
 */
export function wasmSha256Init(): Uint8Array {
  return initialState.slice();
}

/**
 * Feed bytes into an incremental hash.
 *
 * @param state The state from {@link wasmSha256Init} or a previous update.
 * @param data The next chunk (a string is taken as UTF-8).
 * @returns The new state.
 */
export function wasmSha256Update(state: Uint8Array, data: Uint8Array | string): Uint8Array {
  core.load(state);
  core.update(data);
  return core.save();
}

/**
 * Finish an incremental hash.
 *
 * @param state The state after the last update.
 * @returns The 32-byte digest.
 */
export function wasmSha256Final(state: Uint8Array): Uint8Array {
  core.load(state);
  return core.digest('binary');
}
