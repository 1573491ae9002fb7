// save_note: destructive (overwrites), so writing files is its declared job.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { NOTES_DIR } from './lib/store.mjs';

export async function saveNote({ title, body }) {
  await mkdir(NOTES_DIR, { recursive: true });
  await writeFile(join(NOTES_DIR, `${title.replace(/[^\w-]/g, '_')}.md`), body);
  return { content: [{ type: 'text', text: `saved ${title}` }] };
}
