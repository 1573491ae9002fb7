/**
 * Reading all of standard input as bytes, held once. A file redirected to stdin (`< old.lock`) is
 * read at once into bytes of its size. A pipe (`cat old.lock |`) has no size: before, it was read
 * as stream chunks kept in a list and joined at the end, so at the join the input was held twice
 * (a 64 MB lockfile piped to `diff -` peaked 60 MiB above the same file redirected). Now its bytes
 * are read from the descriptor into one buffer that grows in place (a resizable `ArrayBuffer`:
 * pages are taken as they are written, nothing is copied when it grows). The engine does not count
 * such a buffer toward the memory that prompts a collection, and reads views of it slower (a
 * lockfile read from one took a fifth more CPU time), so the code that uses the bytes either
 * decodes them and gives the buffer back at once ({@link decodeAndRelease}) or moves them into
 * ordinary bytes of their size ({@link plainBytes}), a step at a time from the end, the buffer
 * shrunk behind each step.
 *
 * @module
 */
import process from 'node:process';
import { fstatSync, readFileSync, readSync, type Stats } from 'node:fs';
import { decodeUtf8, MAX_INPUT_BYTES, tooLargeError } from './read-file.ts';

/** How much the buffer grows by, is read at a time, and is moved at a time. */
const STEP = 1 << 20;

/** A resizable `ArrayBuffer` (ES2024; the project's types are ES2022). */
interface ResizableArrayBuffer extends ArrayBuffer {
  resize(byteLength: number): void;
}
const Resizable = ArrayBuffer as unknown as new (byteLength: number, options: { maxByteLength: number }) => ResizableArrayBuffer;

/** The resizable buffers {@link readStdinBytes} handed out, which {@link plainBytes} moves. */
const made = new WeakSet<ArrayBufferLike>();

/**
 * Bytes {@link readStdinBytes} read from a pipe, moved into an ordinary Buffer of their size a step
 * at a time from the end, the resizable buffer shrunk behind each step (its pages given back as
 * the copy's are taken; it is empty after, and so is any view of it); other bytes as they are.
 *
 * @param bytes What {@link readStdinBytes} gave.
 * @returns The same bytes, in memory the engine counts and reads at full speed.
 * @example const bytes = plainBytes(await readStdinBytes())
 */
export function plainBytes(bytes: Uint8Array): Uint8Array {
  const buffer = bytes.buffer as ResizableArrayBuffer;
  if (!made.has(buffer)) return bytes;
  made.delete(buffer);
  const out = Buffer.allocUnsafe(bytes.length);
  // A view past a byte-order mark starts after the buffer's start.
  const from = bytes.byteOffset;
  for (let end = bytes.length; end > 0;) {
    const start = Math.max(0, end - STEP);
    out.set(new Uint8Array(buffer, from + start, end - start), start);
    buffer.resize(from + start);
    end = start;
  }
  buffer.resize(0);
  return out;
}

/**
 * Decode bytes as {@link decodeUtf8} does; bytes {@link readStdinBytes} read from a pipe are given
 * back at once (the resizable buffer emptied, and so any view of it), not left to a collection
 * that the engine, not counting such a buffer, may not start before the text is parsed.
 *
 * @param bytes What {@link readStdinBytes} gave, or any bytes (left as they are).
 * @param what What they are, for the error message.
 * @returns The text.
 * @throws {InputError} When the bytes are not valid UTF-8 (exit 2); they are given back all the same.
 * @example const text = decodeAndRelease(await readStdinBytes(), 'stdin')
 */
export function decodeAndRelease(bytes: Uint8Array, what: string): string {
  try {
    return decodeUtf8(bytes, what);
  } finally {
    const buffer = bytes.buffer as ResizableArrayBuffer;
    if (made.delete(buffer)) buffer.resize(0);
  }
}

/** Bytes read so far, in one buffer that grows in place up to one byte past the limit (to see that it was passed). */
class GrowingBytes {
  readonly #buffer: ResizableArrayBuffer;
  #length = 0;

  constructor(readonly max: number) {
    this.#buffer = new Resizable(0, { maxByteLength: max + 1 });
  }

  /**
   * A view of free room to read into, at most `STEP` bytes and never past one byte over the limit.
   * The buffer grows by a step at a time, never more: shrinking it (in {@link GrowingBytes.bytes})
   * zeroes what is cut off, which would take pages never written.
   */
  room(): Uint8Array {
    const want = Math.min(this.#length + STEP, this.max + 1);
    if (want > this.#buffer.byteLength) this.#buffer.resize(want);
    return new Uint8Array(this.#buffer, this.#length, this.#buffer.byteLength - this.#length);
  }

  /** Count `n` bytes just written into {@link GrowingBytes.room}; past the limit, the error. */
  wrote(n: number): void {
    this.#length += n;
    if (this.#length > this.max) throw tooLargeError('stdin', undefined, this.max);
  }

  /** Append a chunk (read from a stream). */
  append(chunk: Uint8Array): void {
    let at = 0;
    while (at < chunk.length) {
      const room = this.room();
      const n = Math.min(room.length, chunk.length - at);
      room.set(chunk.subarray(at, at + n));
      at += n;
      this.wrote(n);
    }
  }

  /** What was read, as a view of the resizable buffer (for {@link plainBytes} or {@link decodeAndRelease}). */
  bytes(): Uint8Array {
    this.#buffer.resize(this.#length);
    made.add(this.#buffer);
    return new Uint8Array(this.#buffer, 0, this.#length);
  }
}

/** Whether a read from a descriptor failed only because it would wait (a non-blocking descriptor) or has ended (Windows' `EOF` on a pipe). */
function readError(cause: unknown): 'wait' | 'end' | undefined {
  const code = (cause as NodeJS.ErrnoException).code;
  return code === 'EAGAIN' || code === 'EWOULDBLOCK' ? 'wait' : code === 'EOF' ? 'end' : undefined;
}

/**
 * Read all of standard input as bytes, at most `max`.
 *
 * @param max The most bytes read (default {@link MAX_INPUT_BYTES}); a regular file longer than
 *   that is refused before it is read, a pipe that goes on is read only that far.
 * @returns The bytes.
 * @throws {InputError} When stdin holds more than `max` bytes (exit 2).
 * @example const bytes = await readStdinBytes()
 */
export async function readStdinBytes(max = MAX_INPUT_BYTES): Promise<Uint8Array> {
  let stat: Stats | undefined;
  try {
    stat = fstatSync(0);
  } catch (cause) {
    // A closed stdin (`<&-`): read as a stream below, which says so as before.
    if ((cause as NodeJS.ErrnoException).code === undefined) throw cause;
  }
  if (stat?.isFile() === true) {
    if (stat.size > max) throw tooLargeError('stdin', stat.size, max);
    return readFileSync(0);
  }
  const sink = new GrowingBytes(max);
  // A pipe or socket is read from the descriptor straight into the buffer. A terminal, and a
  // descriptor that would make a read wait (non-blocking), are read as the stream, whose chunks
  // are copied in one by one: a writer that never stops (`yes |`) is cut off at the limit.
  if (stat !== undefined && (stat.isFIFO() || stat.isSocket())) {
    for (;;) {
      const room = sink.room();
      let n: number;
      try {
        n = readSync(0, room, 0, room.length, null);
      } catch (cause) {
        const why = readError(cause);
        if (why === 'end') return sink.bytes();
        if (why === 'wait') break;
        throw cause;
      }
      if (n === 0) return sink.bytes();
      sink.wrote(n);
    }
  }
  for await (const chunk of process.stdin) sink.append(chunk as Buffer);
  return sink.bytes();
}
