/**
 * A held-out corpus written for the code scan (heldout-code21): 56 cases of MCP server code in
 * shapes no earlier corpus used (see the folder's README.md), scored at (file, family) level: a
 * finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// Labels: 56 cases, 85 expected (file, family) pairs, 5 cases with none; committed before the
// scanner ran on them.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code21/', import.meta.url)), ['labels.json']);

test.run();
