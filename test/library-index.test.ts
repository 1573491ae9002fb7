/**
 * docs/library.md ends with an index of every export of every entry of the exports map, with the
 * signature the type checker reads (scripts/library-index.ts writes it). A new, renamed or
 * re-typed export, or an entry that starts or stops exporting a name, fails here until the page
 * is written again.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from './helpers/cli.ts';
import { INDEX_HEADING, libraryEntries, renderLibraryIndex, withIndex } from '../scripts/library-index.ts';

test('the index of exports in docs/library.md is what the entry modules export, signature for signature', () => {
  const page = readFileSync(join(ROOT, 'docs/library.md'), 'utf8');
  assert.ok(page.includes(`\n${INDEX_HEADING}\n`), `docs/library.md has no "${INDEX_HEADING}" section`);
  const index = renderLibraryIndex();
  // Not empty, and it reaches every entry of the exports map.
  assert.ok((index.match(/^- /gm) ?? []).length > 300, index.slice(0, 400));
  for (const entry of libraryEntries()) assert.ok(index.includes(`(\`${entry.key}\``) || index.includes(`, \`${entry.key}\``), `no export of ${entry.key} in the index`);
  const documented = page.slice(page.indexOf(`\n${INDEX_HEADING}\n`) + 1);
  if (documented !== index) {
    const want = index.split('\n');
    const have = documented.split('\n');
    const diff = [...want.filter((l) => !have.includes(l)).map((l) => `+ ${l}`), ...have.filter((l) => !want.includes(l)).map((l) => `- ${l}`)];
    assert.unreachable(`docs/library.md: the index of exports is out of date (run npx tsx scripts/library-index.ts):\n${diff.slice(0, 20).join('\n')}`);
  }
  assert.is(withIndex(page, index), page);
});

test.run();
