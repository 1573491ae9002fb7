/**
 * A held-out corpus written for the code scan (heldout-code18): 47 cases of MCP server code in
 * shapes no earlier corpus used (specifiers folded from constant parts in `import()` and
 * `require`, `createRequire`, `import.meta.resolve` of a worker, `process.binding`,
 * `process.getBuiltinModule`, Bun and Deno process and file APIs beside Node's, workers with
 * `eval: true`, `vm.runInNewContext`, `node:sqlite`, a fetch held by a wrapper class, undici
 * `Pool`, `net.Socket`, `dgram`, `http2`, the global `WebSocket`, Web Crypto, a local
 * `utils/index.ts` barrel of built-in members; Python asyncio shells, httpx in a class, pathlib and
 * shutil, importlib, `__import__`, ctypes, aiofiles/aiosqlite; mcp-go and rmcp) and benign
 * near-misses (a local `fetch`, `fs` bound to an in-memory object, `RegExp#exec`, quoted
 * `child_process`). labels.json gives each case's entry files and the capability families each
 * file really has, written before the scanner ran (see the folder's README.md), scored at
 * (file, family) level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// Labels: 47 cases, 69 expected (file, family) pairs, 5 cases with none; committed at 6851cc65
// (main at d9f67c7f) before the scanner ran on them.
// First run, before any scanner change: 68 of 69 found, 3 over-reaches, no file not analyzed; 44 of
// 47 cases exact. The miss: n04's worker script, `const workerUrl = new URL(import.meta.resolve(
// './workers/digest.mjs')); new Worker(workerUrl)`, was not followed (a const holding the script's
// URL, and `new URL(…)` around `import.meta.resolve`, were not read as the script). After the fix
// (test/scan/scan-files.test.ts): 69 of 69.
// The three over-reaches are the scanner's documented rows against this set's labels (README.md),
// kept visible here rather than relabelled: `new Worker(…)` is `subprocess.worker-thread`
// (subprocess) in n04 and n08, and `process.binding('spawn_sync')` is
// `code-evaluation.process-binding` beside `subprocess.node-binding` in n05. The labels say a
// worker thread runs in the same process (its script's own capabilities count in its file) and a
// binding whose name is known is that binding's family only; docs/scan.md says otherwise on
// purpose, and changing either would change the entitlements of every server using workers.
// Second batch (labels2.json): 17 cases, 14 expected pairs, 4 cases with none, written after the
// fixes above and committed at 4b53e8a4 before the scanner ran on them. First run: 13 of 14 found,
// no over-reach, 16 of 17 exact. The miss: m01's `import * as lib from './lib/index.js';
// lib.writeFile(…)` through `export * from 'node:fs/promises'` (a documented limit then). After the
// fix (a member of a namespace import of such a barrel is a name imported from it,
// test/scan/scan-files.test.ts): 14 of 14. Both batches: 83 of 83, the 3 over-reaches above.
// Third batch (labels3.json): 9 cases, 7 expected pairs, 2 cases with none, written after that
// fix and committed at c712dd90 before the scanner ran on them. First run: 7 of 7, no over-reach.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code18/', import.meta.url)), ['labels.json', 'labels2.json', 'labels3.json'], {
  wrong: {
    n04_meta_resolve_worker: ['main.mjs:subprocess'],
    n05_process_binding: ['index.js:codeEvaluation'],
    n08_worker_eval: ['index.js:subprocess'],
  },
});

test.run();
