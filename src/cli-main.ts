#!/usr/bin/env node
/**
 * The executable entry: real process I/O around `run`. The only place that exits the process.
 *
 * @module
 */
import process from 'node:process';
import { run } from './cli.ts';
import type { Io } from './commands/command.ts';

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const { decodeUtf8 } = await import('./io/read-file.ts');
  return decodeUtf8(Buffer.concat(chunks), 'stdin');
}

const io: Io = {
  stdout: (s) => void process.stdout.write(s),
  stderr: (s) => void process.stderr.write(s),
  cwd: process.cwd(),
  env: process.env,
  readStdin,
  color: !process.env['NO_COLOR'] && Boolean(process.stdout.isTTY),
};

const code = await run(process.argv.slice(2), io);
process.exitCode = code;
// Flush both streams before leaving, so piped output is never cut short.
process.stdout.write('', () => process.stderr.write('', () => process.exit(code)));
