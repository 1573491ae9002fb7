/**
 * The proxy's own notes and the server's stderr on one stream, without a note landing in the
 * middle of a server line: the server's bytes pass as they come, and a note waits, while the
 * server's last line is unfinished, until that line's newline (or the end of the session).
 *
 * @module
 */
import { Writable } from 'node:stream';

const NEWLINE = 10;

/** The merged stream: `stream` takes the server's stderr, `note` the proxy's own lines. */
export interface StderrLines {
  /** Where the server's stderr goes (the proxy's `errorOutput`). */
  stream: Writable;
  /** Write one note (a whole line) now, or once the server's current line is finished. */
  note(line: string): void;
  /** The session is over: notes still waiting are written, on a line of their own. */
  end(): void;
}

/**
 * Merge the server's stderr and the proxy's notes.
 *
 * @param writeBytes Writes the server's bytes out.
 * @param writeNote Writes one note out.
 * @returns The merged stream.
 * @example const lines = createStderrLines((b) => process.stderr.write(b), (s) => io.stderr(s))
 */
export function createStderrLines(writeBytes: (bytes: Uint8Array) => void, writeNote: (line: string) => void): StderrLines {
  let atLineStart = true;
  let waiting: string[] = [];
  const flush = (): void => {
    const notes = waiting;
    waiting = [];
    for (const n of notes) writeNote(n);
  };
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if (chunk.length === 0) return done();
      const nl = waiting.length > 0 ? chunk.lastIndexOf(NEWLINE) : -1;
      if (nl < 0) writeBytes(chunk);
      else {
        writeBytes(chunk.subarray(0, nl + 1));
        flush();
        if (nl + 1 < chunk.length) writeBytes(chunk.subarray(nl + 1));
      }
      atLineStart = chunk[chunk.length - 1] === NEWLINE;
      done();
    },
  });
  return {
    stream,
    note(line) {
      if (atLineStart) writeNote(line);
      else waiting.push(line);
    },
    end() {
      if (waiting.length === 0) return;
      writeBytes(new Uint8Array([NEWLINE]));
      atLineStart = true;
      flush();
    },
  };
}
