/**
 * Reading handler source files for the entitlement scanner: strict UTF-8, `undefined` for a file
 * that is not there (the scanner reports it as "not analyzed", never as clean).
 *
 * @module
 */
import type { Dirent } from 'node:fs';
import { InputError } from '../errors.ts';
import { decodeUtf8Source, MAX_INPUT_BYTES, tooLargeError } from './read-file.ts';

/**
 * Read a source file for the scanner.
 *
 * @param path Absolute path.
 * @returns The text, or `undefined` when the file does not exist.
 * @throws {InputError} When it exists but cannot be read, is a device or a pipe, is longer than {@link MAX_INPUT_BYTES} or is not UTF-8.
 * @example await readSourceFile('/srv/tools/read.ts')
 */
export async function readSourceFile(path: string): Promise<string | undefined> {
  // Loaded here, not at start-up: most runs scan no handler files.
  const { readFile, stat } = await import('node:fs/promises');
  let bytes: Uint8Array;
  try {
    // A device or a pipe is no source file: `/dev/zero` would be read until memory runs out, and
    // opening a named pipe waits for a writer. Asked before the file is opened.
    const info = await stat(path);
    if (!info.isFile() && !info.isDirectory()) {
      throw new InputError(`Cannot read source file "${path}": it is not a regular file (a device, pipe or socket); give the handler's source files or their directory`);
    }
    if (info.size > MAX_INPUT_BYTES) throw tooLargeError(`source file "${path}"`, info.size);
    bytes = await readFile(path);
  } catch (cause) {
    if (cause instanceof InputError) throw cause;
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return undefined;
    if (code === 'EACCES' || code === 'EPERM') throw new InputError(`Cannot read source file "${path}": permission denied`, { cause });
    throw new InputError(`Cannot read "${path}": ${(cause as Error).message}`, { cause });
  }
  return decodeUtf8Source(bytes, `source file "${path}"`);
}

/**
 * List the file names of a directory for the scanner (a Go package is a directory).
 *
 * @param dir Absolute path.
 * @returns The names of its files, or `undefined` when it does not exist.
 * @throws {InputError} When it exists but cannot be listed.
 * @example await listSourceDirectory('/srv/internal/tools') // ['search.go', 'fetch.go']
 */
export function listSourceDirectory(dir: string): Promise<string[] | undefined> {
  return listEntries(dir, (e) => e.isFile());
}

/**
 * List the subdirectory names of a directory for the scanner (a `*.dist-info` directory marks a
 * Python installation directory).
 *
 * @param dir Absolute path.
 * @returns The names of its subdirectories, or `undefined` when it does not exist.
 * @throws {InputError} When it exists but cannot be listed.
 * @example await listSourceSubdirectories('/srv/lib') // ['requests', 'requests-2.32.3.dist-info']
 */
export function listSourceSubdirectories(dir: string): Promise<string[] | undefined> {
  return listEntries(dir, (e) => e.isDirectory());
}

/** The names of a directory's entries that `keep` accepts; undefined when it does not exist. */
async function listEntries(dir: string, keep: (entry: Dirent) => boolean): Promise<string[] | undefined> {
  const { readdir } = await import('node:fs/promises');
  try {
    return (await readdir(dir, { withFileTypes: true })).filter(keep).map((e) => e.name);
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
    throw new InputError(`Cannot list "${dir}": ${(cause as Error).message}`, { cause });
  }
}

/** {@link readSourceFile} carrying {@link listSourceDirectory} and {@link listSourceSubdirectories}: what `scan`, `lock` and `check` hand the scanner. */
export const readSourceListing: ((path: string) => Promise<string | undefined>) & { listDirectory: typeof listSourceDirectory; listSubdirectories: typeof listSourceSubdirectories } = Object.assign((path: string) => readSourceFile(path), { listDirectory: listSourceDirectory, listSubdirectories: listSourceSubdirectories });
