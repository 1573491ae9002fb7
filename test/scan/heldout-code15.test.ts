/**
 * A held-out corpus of real MCP server handler code (heldout-code15): 38 cases, the handler files
 * of 33 npm MCP servers no earlier corpus named (copied unchanged from `npm pack`, with the relative
 * files they import), the Python scripts two of them ship, and three Python servers written for the
 * set. labels.json gives each case's entry files and the capability families each file really has,
 * read from the code and written before the scanner ran on it (see the folder's README.md), scored
 * at (file, family) level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// Misses of the first run, kept visible (113 of 116 found, no over-reach):
// - n17: ts-caldav, a CalDAV client, is in no table.
// - n19: @genwave/svgmaker-sdk, a vendor's API SDK, is in no table.
// - n31: youtube-caption-extractor, which fetches YouTube pages, is in no table.
const KNOWN_MISSED: Record<string, string[]> = {
  n17_caldav: ['dist/index.js:network'],
  n19_svgmaker: ['build/services/svgmakerService.js:network'],
  n31_youtube: ['dist/clients/youtube-client.js:network'],
};

heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code15/', import.meta.url)), ['labels.json'], { missed: KNOWN_MISSED });

test.run();
