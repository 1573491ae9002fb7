/**
 * Helpers for the probe CLI tests: a temp dir holding a copy of the server-everything probe
 * file, the server's stdio command line, and the judge fixtures' command lines.
 *
 * @module
 */
import { copyFileSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, tempDir } from '../helpers/cli.ts';

/** The probe file for server-everything. */
export const EVERYTHING_PROBES = join(ROOT, 'test/fixtures/probe/everything.probes.jsonc');
/** server-everything over stdio, as a --server command line. */
export const EVERYTHING_SERVER = `'${process.execPath}' '${join(ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js')}' stdio`;

/** The fixture server whose tool calls fail in every way, as a --server command line. */
export const TRICKY_SERVER = `'${process.execPath}' '${join(ROOT, 'test/fixtures/probe/servers/tricky.mjs')}'`;
/** Its probe file (hand-written baselines). */
export const TRICKY_PROBES = join(ROOT, 'test/fixtures/probe/tricky.probes.jsonc');

/** A --judge-command line running one of test/fixtures/probe/judges/<name>.mjs. */
export function judge(name: string, ...args: string[]): string {
  return [`'${process.execPath}'`, `'${join(ROOT, 'test/fixtures/probe/judges', `${name}.mjs`)}'`, ...args].join(' ');
}

/** A temp dir with the server-everything probe file as ./mcpfusion.probes.jsonc. */
export function probeDir(): string {
  const dir = tempDir('mcpfusion-probe-');
  copyFileSync(EVERYTHING_PROBES, join(dir, 'mcpfusion.probes.jsonc'));
  return dir;
}

/** Read the probe file of a dir. */
export function probeText(dir: string): string {
  return readFileSync(join(dir, 'mcpfusion.probes.jsonc'), 'utf8');
}
