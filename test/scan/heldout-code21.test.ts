/**
 * A held-out corpus written for the code scan (heldout-code21): 56 cases of MCP server code in
 * shapes no earlier corpus used (see the folder's README.md), scored at (file, family) level: a
 * finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// Labels: 56 cases, 85 expected (file, family) pairs, 5 cases with none; committed at 1e399554
// (main at de422f52) before the scanner ran on them.
// First run, before any scanner change: 82 of 85 found, 4 over-reaches, no file not analyzed; 50 of
// 56 cases exact. Misses: w02's `Deno.openKv(`https://api.deno.com/databases/${id}/connect`)` (a
// remote database) was filesystem.deno-kv, no network; y04's `joblib.load(MODEL_PATH)` was code
// evaluation only (the file it opens: no row); y06's `MozillaCookieJar('cookies.txt').load()` (no
// row). Over-reaches: w02's filesystem (the same call), g02's `store_mem.go` (afero on
// `NewMemMapFs()`: filesystem.go-file-write-package at the afero import), u14's `index.js`
// (`new Worker(new URL('./hash-worker.js', import.meta.url))`: subprocess.worker-thread) and v01's
// mathjs `evaluate` (code-evaluation.mathjs-evaluate).
// Fixed (test/scan/heldout-code21-fixes.test.ts, go-scan.test.ts): `network.deno-kv-remote`, reported
// instead of filesystem.deno-kv when openKv's first argument is an http(s) URL (a literal, a const,
// or a template whose literal head spells it; new row field `remoteWhenUrl`);
// `filesystem.python-model-load` (joblib.load, with python-deserialize beside);
// `filesystem.python-cookie-jar-read`/`-write` (load, revert, save of a FileCookieJar,
// MozillaCookieJar or LWPCookieJar); afero counts at `NewOsFs`/`OsFs` (`filesystem.go-afero-os`), no
// longer at its import. Now 85 of 85, 2 over-reaches kept visible below, 54 of 56 exact.
// Not changed, the labels disagree with two documented rows: a worker thread is counted as
// subprocess (subprocess.worker-thread; heldout-code18 kept the same disagreement visible) and
// mathjs's evaluate/compile/parse as code evaluation (its expression language, with a history of
// sandbox escapes). The labels say a thread of this process and mathjs's own language are neither;
// which reading the lockfile should take is the project's call, so both stay listed.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code21/', import.meta.url)), ['labels.json'], {
  wrong: {
    u14_worker_thread_hash: ['src/index.js:subprocess'],
    v01_mathjs_evaluate: ['server.mjs:codeEvaluation'],
  },
});

test.run();
