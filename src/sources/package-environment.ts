/**
 * The environment variables a package's JavaScript files read ({@link environmentReads}), for the
 * hint on a server silent at the handshake timeout: its own files only (not its `node_modules`),
 * read at that failure alone, and bounded (files, bytes) so a large package costs little.
 *
 * @module
 */
import { readdirSync, type Dirent } from 'node:fs';
import { join } from 'node:path';
import { readFileHead } from '../io/file-head.ts';
import { environmentReads, type EnvironmentRead } from './environment-reads.ts';

/** At most this many folders are listed (a package is a few; a repository's test fixtures are thousands). */
const MAX_FOLDERS = 60;
/** At most this many files are read. */
const MAX_FILES = 150;
/** At most this much of each file. */
const MAX_FILE_BYTES = 256 * 1024;
/** At most this much in all, every file read counted. */
const MAX_TOTAL_BYTES = 3 * 1024 * 1024;

/**
 * Every `process.env` read in a package's `.js`, `.mjs` and `.cjs` files (breadth first, without
 * `node_modules` and hidden folders; at most 60 folders, 150 files, 256 KiB of each, 3 MiB in all).
 *
 * @param dir The package folder.
 * @returns The reads, file by file.
 * @example packageEnvironmentReads('/srv/node_modules/@falkordb/mcpserver').find((r) => r.name === 'FALKORDB_HOST')?.fallback // 'localhost'
 */
export function packageEnvironmentReads(dir: string): EnvironmentRead[] {
  const reads: EnvironmentRead[] = [];
  const queue = [dir];
  let files = 0;
  let bytes = 0;
  let folders = 0;
  while (queue.length > 0 && folders < MAX_FOLDERS && files < MAX_FILES && bytes < MAX_TOTAL_BYTES) {
    const folder = queue.shift()!;
    folders++;
    let entries: Dirent[];
    try {
      entries = readdirSync(folder, { withFileTypes: true });
    } catch {
      // A folder that cannot be listed is skipped, as an unreadable file is.
      continue;
    }
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (entry.name.startsWith('.') || entry.name === 'node_modules') continue;
      const path = join(folder, entry.name);
      if (entry.isDirectory()) queue.push(path);
      else if (entry.isFile() && /\.[cm]?js$/.test(entry.name) && files < MAX_FILES && bytes < MAX_TOTAL_BYTES) {
        const text = readFileHead(path, Math.min(MAX_FILE_BYTES, MAX_TOTAL_BYTES - bytes));
        files++;
        if (text === undefined) continue;
        bytes += text.length;
        if (text.includes('process.env')) reads.push(...environmentReads(text));
      }
    }
  }
  return reads;
}
