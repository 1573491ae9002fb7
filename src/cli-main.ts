#!/usr/bin/env node
/**
 * The executable entry: real process I/O around `run`. The only place that exits the process.
 *
 * @module
 */
import process from 'node:process';
import { run } from './cli.ts';
import type { Io } from './commands/command.ts';
import { colorWanted, isTerminal, writeFdSync } from './io/std-write.ts';
import { useCompiledRegExps } from './io/regexp-policy.ts';

// Before any rule pattern runs (src/io/regexp-policy.ts).
useCompiledRegExps();

async function readStdinBytes(): Promise<Uint8Array> {
  // Loaded by a command about to read stdin only (src/io/read-stdin-bytes.ts).
  return (await import('./io/read-stdin-bytes.ts')).readStdinBytes();
}

async function readStdin(): Promise<string> {
  const { decodeAndRelease } = await import('./io/read-stdin-bytes.ts');
  return decodeAndRelease(await readStdinBytes(), 'stdin');
}

// On Windows a console needs the stream's UTF-8 → UTF-16 conversion (WriteConsoleW); raw bytes
// written to fd 1 would show non-ASCII text in the console's code page. Elsewhere reports go to
// fd 1/2 directly and synchronously: nothing is buffered at exit, and the stream machinery
// behind process.stdout is never loaded by a command that does not need it (src/io/std-write.ts).
const viaStreams = process.platform === 'win32';

// A report that cannot be written (a full disk, an I/O error; not a reader that went away, which
// writeFdSync drops quietly) must not end as an "internal error" with a stack: the first failure
// is kept, later writes to that stream are dropped, and the run ends with a named error.
const writeFailures = new Map<number, string>();
function writeOrRecord(fd: 1 | 2, text: string): void {
  if (writeFailures.has(fd)) return;
  try {
    writeFdSync(fd, text);
  } catch (e) {
    const err = e as NodeJS.ErrnoException;
    writeFailures.set(fd, err.code && !err.message.includes(err.code) ? `${err.code}: ${err.message}` : err.message);
  }
}

const io: Io = {
  stdout: viaStreams ? (s) => void process.stdout.write(s) : (s) => writeOrRecord(1, s),
  stderr: viaStreams ? (s) => void process.stderr.write(s) : (s) => writeOrRecord(2, s),
  cwd: process.cwd(),
  env: process.env,
  readStdin,
  readStdinBytes,
  // Asked only by a command about to read stdin.
  get stdinIsTerminal() {
    const value = isTerminal(0);
    Object.defineProperty(this, 'stdinIsTerminal', { value });
    return value;
  },
  // Asked only by the commands that can colour their output.
  get color() {
    const value = colorWanted(process.env, () => isTerminal(1));
    Object.defineProperty(this, 'color', { value });
    return value;
  },
};

let code = await run(process.argv.slice(2), io);
// A signal that came while a file was written waited for the write to finish
// (src/io/write-atomic.ts: its listener re-raises it); let it arrive before leaving, so a
// cancelled run ends on the signal rather than with the code of the run it cut short. Two turns
// of the event loop: the first may start in its check phase, after the poll that hands signals
// to JavaScript. Only a run that listens for signals waits.
if (process.listenerCount('SIGTERM') + process.listenerCount('SIGINT') + process.listenerCount('SIGHUP') > 0) {
  await new Promise((done) => setImmediate(() => setImmediate(done)));
}
const lost = writeFailures.get(1);
if (lost !== undefined) {
  writeOrRecord(2, `error: could not write the output to standard output: ${lost}; free space or write elsewhere and run again\n`);
  // A gate that failed keeps its code; a run that succeeded did not deliver what was asked.
  if (code === 0) code = 2;
}
// Leave even if a library left a handle open: at once when the reports were written
// synchronously (a command that streams through process.stdout, guard's proxy, drains it before
// it returns), else once both streams have flushed.
if (viaStreams) process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
else process.exit(code);
