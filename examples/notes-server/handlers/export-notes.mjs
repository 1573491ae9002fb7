// export_notes: read-only; builds the archive in memory.
import { listNotes, readNote } from './lib/store.mjs';

export async function exportNotes({ format }) {
  const notes = [];
  for (const file of await listNotes()) notes.push({ title: file.replace(/\.md$/, ''), body: await readNote(file) });
  const text = format === 'json' ? JSON.stringify(notes) : notes.map((n) => `# ${n.title}\n\n${n.body}`).join('\n\n');
  return { content: [{ type: 'text', text }] };
}
