/**
 * RFC 8785 canonical bytes of a JSON text, written in pieces, without building the document's
 * value: `canonicalize(parseStrictJson(text))` needs the whole tree and the whole output string
 * in the heap at once, which for a 150 MB document of small objects is more than a 512 MiB heap
 * holds (the engine then aborts).
 *
 * Two passes over the text. The first is the strict reader in validate-only mode (the same
 * errors, line and column as `parseStrictJson`), so nothing is written for a document that
 * is refused; it records where each object member that is itself an object or array starts and
 * ends. The second writes the canonical form: arrays element by element; an object by reading
 * its keys and where each value starts (jumping over container values with the recorded ends),
 * sorting the keys by UTF-16 code units, then writing each member. Memory beyond the text is the
 * recorded ends (two 32-bit numbers per member container) and the keys of the objects being
 * written.
 *
 * @module
 */
import { type ContainerTape, validateStrictJson } from './strict-json.ts';

/** Pieces are handed to the writer when they reach this many UTF-16 code units. */
const CHUNK = 1 << 16;

/** A growable record of member-container extents, starts increasing (document order). */
class Extents implements ContainerTape {
  starts = new Uint32Array(1024);
  ends = new Uint32Array(1024);
  length = 0;

  open(start: number): number {
    if (this.length === this.starts.length) {
      const starts = new Uint32Array(this.length * 2);
      starts.set(this.starts);
      this.starts = starts;
      const ends = new Uint32Array(this.length * 2);
      ends.set(this.ends);
      this.ends = ends;
    }
    this.starts[this.length] = start;
    return this.length++;
  }

  close(slot: number, end: number): void {
    this.ends[slot] = end;
  }

  /** The end of the container recorded as starting at `start`. */
  endOf(start: number): number {
    let lo = 0;
    let hi = this.length - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const s = this.starts[mid]!;
      if (s === start) return this.ends[mid]!;
      if (s < start) lo = mid + 1;
      else hi = mid - 1;
    }
    throw new Error(`internal: no container recorded at offset ${start}`);
  }
}

/** The second pass, over a text the first pass accepted. */
class Writer {
  private buf = '';
  constructor(private readonly text: string, private readonly extents: Extents, private readonly write: (chunk: string) => void) {}

  emit(piece: string): void {
    this.buf += piece;
    if (this.buf.length >= CHUNK) this.flush();
  }

  flush(): void {
    if (this.buf.length > 0) this.write(this.buf);
    this.buf = '';
  }

  ws(i: number): number {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else return i;
    }
  }

  /** Whether the last literal {@link stringEnd} read holds an escape. */
  escaped = false;

  /** One past the closing quote of the string literal at `i`. */
  stringEnd(i: number): number {
    const t = this.text;
    this.escaped = false;
    for (i++; ; i++) {
      const c = t.charCodeAt(i);
      if (c === 34) return i + 1;
      if (c === 92) {
        this.escaped = true;
        i++;
      }
    }
  }

  /**
   * The canonical literal of the string literal from `i` to `end`. One without escapes is its
   * own canonical form: the first pass refused raw control characters and lone surrogates, and a
   * raw quote or backslash would be an escape.
   */
  literal(i: number, end: number, escaped: boolean): string {
    const raw = this.text.slice(i, end);
    return escaped ? JSON.stringify(JSON.parse(raw) as string) : raw;
  }

  /** One past the value at `i` (a container by its recorded end). */
  skip(i: number): number {
    const c = this.text.charCodeAt(i);
    if (c === 34) return this.stringEnd(i);
    if (c === 123 || c === 91) return this.extents.endOf(i);
    const t = this.text;
    for (;;) {
      const d = t.charCodeAt(i);
      if (d === 44 || d === 125 || d === 93 || d === 32 || d === 10 || d === 13 || d === 9 || Number.isNaN(d)) return i;
      i++;
    }
  }

  /** Write the value at `i`; returns one past it. */
  value(i: number): number {
    const t = this.text;
    const c = t.charCodeAt(i);
    if (c === 123) return this.object(i);
    if (c === 91) return this.array(i);
    if (c === 34) {
      const end = this.stringEnd(i);
      this.emit(this.literal(i, end, this.escaped));
      return end;
    }
    const end = this.skip(i);
    const word = t.slice(i, end);
    if (c === 116 || c === 102 || c === 110) this.emit(word);
    else this.emit(String(Number(word))); // -0 prints as 0
    return end;
  }

  array(i: number): number {
    this.emit('[');
    i = this.ws(i + 1);
    if (this.text.charCodeAt(i) === 93) {
      this.emit(']');
      return i + 1;
    }
    for (let first = true; ; first = false) {
      if (!first) this.emit(',');
      i = this.ws(this.value(this.ws(i)));
      if (this.text.charCodeAt(i) === 93) {
        this.emit(']');
        return i + 1;
      }
      i++; // the comma
    }
  }

  object(i: number): number {
    const t = this.text;
    const keys: string[] = [];
    const quoted: string[] = [];
    const at: number[] = [];
    let sorted = true;
    i = this.ws(i + 1);
    let end: number;
    if (t.charCodeAt(i) === 125) {
      end = i + 1;
    } else {
      for (;;) {
        i = this.ws(i);
        const keyEnd = this.stringEnd(i);
        const escaped = this.escaped;
        const key = escaped ? (JSON.parse(t.slice(i, keyEnd)) as string) : t.slice(i + 1, keyEnd - 1);
        if (keys.length > 0 && keys[keys.length - 1]! > key) sorted = false;
        keys.push(key);
        quoted.push(this.literal(i, keyEnd, escaped));
        i = this.ws(this.ws(keyEnd) + 1); // past the colon
        at.push(i);
        i = this.ws(this.skip(i));
        if (t.charCodeAt(i) === 125) {
          end = i + 1;
          break;
        }
        i++; // the comma
      }
    }
    this.emit('{');
    if (sorted) {
      for (let k = 0; k < keys.length; k++) {
        this.emit(k > 0 ? ',' + quoted[k]! + ':' : quoted[k]! + ':');
        this.value(at[k]!);
      }
    } else {
      const order = Array.from(keys, (_, k) => k);
      // Code-unit order (the default string comparison); keys are unique (the first pass refused duplicates).
      order.sort((a, b) => (keys[a]! < keys[b]! ? -1 : 1));
      for (let k = 0; k < order.length; k++) {
        const m = order[k]!;
        this.emit(k > 0 ? ',' + quoted[m]! + ':' : quoted[m]! + ':');
        this.value(at[m]!);
      }
    }
    this.emit('}');
    return end;
  }
}

/**
 * Write the RFC 8785 canonical form of a JSON text in pieces, without building its value. The
 * text is checked first with the strict reader (duplicate keys, lone surrogates, numbers beyond a
 * double, nesting deeper than 512 levels, syntax), so for a refused text nothing is written.
 *
 * @param text The JSON text (a leading byte-order mark is skipped).
 * @param source What to call the text in errors (`"big.json"`, `stdin`).
 * @param write Receives the canonical text in order, in pieces of about 64 K code units.
 * @returns Nothing.
 * @throws {JsonParseError} As `parseStrictJson`, before anything is written.
 * @example canonicalizeJsonText('{"b":1,"a":[1.0]}', 'inline', (s) => out.push(s)) // out.join('') === '{"a":[1],"b":1}'
 */
export function canonicalizeJsonText(text: string, source: string, write: (chunk: string) => void): void {
  const extents = new Extents();
  validateStrictJson(text, source, extents);
  const writer = new Writer(text, extents, write);
  const start = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  writer.value(writer.ws(start));
  writer.flush();
}
