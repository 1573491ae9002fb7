/**
 * The WASM SHA-256 core and its loader.
 *
 * The WebAssembly is hash-wasm's SHA-256 module, byte for byte (`wasm/sha256-binary.ts`, taken
 * from the installed package by `scripts/extract-wasm.ts`). It is compiled and instantiated
 * synchronously, once per process, when this module is first evaluated: no top-level `await`,
 * and no asynchronous factory in front of every digest. The same WASM bytes run under Node,
 * Deno, Bun and inside the standalone executables, so every platform computes the same digests.
 *
 * The module's interface (hash-wasm's build): `Hash_GetBuffer()` is the offset of a 16 KiB I/O
 * buffer in the exported memory; `Hash_Init(256)` starts SHA-256; `Hash_Update(n)` absorbs the
 * first `n` bytes of the buffer; `Hash_Final()` writes the 32-byte digest to the buffer's start;
 * `Hash_GetState()` is the offset of the running state, whose length is the 32-bit value at the
 * address held by the global `STATE_SIZE`. Incremental hashers share the one instance by saving
 * and restoring that state around each call (JavaScript is single-threaded, so no call can
 * interleave).
 *
 * @module
 */
import { SHA256_WASM_BASE64 } from './sha256-binary.ts';

interface Sha256Exports {
  memory: WebAssembly.Memory;
  Hash_GetBuffer(): number;
  Hash_Init(bits: number): void;
  Hash_Update(length: number): void;
  Hash_Final(padding: number): void;
  Hash_GetState(): number;
  STATE_SIZE: WebAssembly.Global;
}

/** Bytes the I/O buffer holds (hash-wasm's MAX_HEAP). */
const CHUNK = 16 * 1024;
const DIGEST_LENGTH = 32;
const encoder = new TextEncoder();

const wasm = new WebAssembly.Instance(new WebAssembly.Module(Buffer.from(SHA256_WASM_BASE64, 'base64')), {})
  .exports as unknown as Sha256Exports;
// The memory never grows (the module has no growth path), so these views stay valid.
const io = Buffer.from(wasm.memory.buffer, wasm.Hash_GetBuffer(), CHUNK);
const stateOffset = wasm.Hash_GetState();
const stateLength = new DataView(wasm.memory.buffer).getUint32(wasm.STATE_SIZE.value as number, true);
const stateView = new Uint8Array(wasm.memory.buffer, stateOffset, stateLength);

function absorb(data: Uint8Array | string): void {
  if (typeof data === 'string') {
    // A string that surely fits (at most 3 UTF-8 bytes per UTF-16 code unit) is encoded
    // straight into the module's buffer; a longer one is encoded once, then fed in chunks.
    if (data.length * 3 <= CHUNK) {
      const { written } = encoder.encodeInto(data, io);
      wasm.Hash_Update(written);
      return;
    }
    data = encoder.encode(data);
  }
  for (let read = 0; read < data.length; read += CHUNK) {
    const chunk = data.subarray(read, read + CHUNK);
    io.set(chunk);
    wasm.Hash_Update(chunk.length);
  }
}

function finish(): Uint8Array {
  wasm.Hash_Final(0);
  return new Uint8Array(io.subarray(0, DIGEST_LENGTH));
}

wasm.Hash_Init(256);
const initialState: Uint8Array = stateView.slice();

/**
 * Hash a whole message in one call.
 *
 * @param data The message bytes.
 * @returns The 32-byte digest.
 */
export function wasmSha256(data: Uint8Array): Uint8Array {
  wasm.Hash_Init(256);
  absorb(data);
  return finish();
}

/**
 * Hash a whole message in one call and return lowercase hex.
 *
 * @param data The message bytes or a string (hashed as UTF-8).
 * @returns 64 lowercase hex characters.
 */
export function wasmSha256Hex(data: Uint8Array | string): string {
  wasm.Hash_Init(256);
  absorb(data);
  wasm.Hash_Final(0);
  return io.toString('hex', 0, DIGEST_LENGTH);
}

/**
 * Start an incremental hash: returns the saved state of a fresh hasher.
 *
 * @returns An opaque state to pass to {@link wasmSha256Update}.
 */
export function wasmSha256Init(): Uint8Array {
  return initialState.slice();
}

function load(state: Uint8Array): void {
  if (!(state instanceof Uint8Array) || state.length !== stateLength) {
    throw new TypeError(`Not a SHA-256 state from wasmSha256Init/wasmSha256Update (expected ${stateLength} bytes)`);
  }
  stateView.set(state);
}

/**
 * Feed bytes into an incremental hash.
 *
 * @param state The state from {@link wasmSha256Init} or a previous update.
 * @param data The next chunk (a string is taken as UTF-8).
 * @returns The new state.
 */
export function wasmSha256Update(state: Uint8Array, data: Uint8Array | string): Uint8Array {
  load(state);
  absorb(data);
  return stateView.slice();
}

/**
 * Finish an incremental hash.
 *
 * @param state The state after the last update.
 * @returns The 32-byte digest.
 */
export function wasmSha256Final(state: Uint8Array): Uint8Array {
  load(state);
  return finish();
}
