/**
 * A held-out corpus of real MCP server handler code (heldout-code16): 39 cases, the handler files of
 * 34 npm MCP servers no earlier corpus named (copied unchanged from `npm pack`, with the relative
 * files they import) and two stdlib Python scripts a 35th ships. labels.json gives each case's entry
 * files and the capability families each file really has, read from the code before the scanner ran
 * on it (see the folder's README.md), scored at (file, family) level: a finding in a file or family
 * not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// First run, before any scanner change: 163 of 166 found, 4 over-reaches (two azure-devops tool files
// importing only enum constants from azure-devops-node-api/interfaces; Bun.Glob(pattern).match(path);
// Python tarfile.open(fileobj=io.BytesIO(…))), 3 misses (the everart and retell-sdk clients, and
// @paretools/shared's `run`). After the fixes (heldout-code16-fixes.test.ts): 165 of 166, no
// over-reach. Left, kept visible: n23's jvm-runner.js runs gradle and mvn through `run` from
// @paretools/shared, a helper package whose name and call say nothing of a process.
const KNOWN_MISSED: Record<string, string[]> = {
  n23_pare_jvm: ['dist/lib/jvm-runner.js:subprocess'],
};

heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code16/', import.meta.url)), ['labels.json'], { missed: KNOWN_MISSED });

test.run();
