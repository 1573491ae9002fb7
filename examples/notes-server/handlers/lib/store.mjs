// Where notes live. Reading helpers only: tools that must not write import this module.
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const NOTES_DIR = process.env.NOTES_DIR ?? join(process.cwd(), 'notes');

export async function listNotes() {
  try {
    return (await readdir(NOTES_DIR)).filter((f) => f.endsWith('.md'));
  } catch {
    return [];
  }
}

export async function readNote(file) {
  return readFile(join(NOTES_DIR, file), 'utf8');
}
