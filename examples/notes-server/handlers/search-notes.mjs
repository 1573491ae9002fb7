// search_notes: read-only. Its filesystem reads happen in ./lib/store.mjs (found through the import).
import { listNotes, readNote } from './lib/store.mjs';

export async function searchNotes({ query, limit = 10 }) {
  const titles = [];
  for (const file of await listNotes()) {
    if ((await readNote(file)).includes(query)) titles.push(file.replace(/\.md$/, ''));
    if (titles.length >= limit) break;
  }
  return { content: [{ type: 'text', text: titles.join('\n') }], structuredContent: { titles } };
}
