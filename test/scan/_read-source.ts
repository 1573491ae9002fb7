/**
 * Test helper: a real `readSource` over the file system (missing file or directory → undefined).
 *
 * @module
 */
import { readFileSync } from 'node:fs';

/**
 * Read a file as UTF-8, or `undefined` when it does not exist.
 *
 * @param path Absolute path.
 * @returns The text or undefined.
 */
export function readSourceSync(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return undefined;
    throw error;
  }
}
