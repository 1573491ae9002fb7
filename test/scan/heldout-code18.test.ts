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

// Labels: 47 cases, 69 expected (file, family) pairs, 5 cases with none; written on main at
// d9f67c7f before the scanner ran on them.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code18/', import.meta.url)), ['labels.json']);

test.run();
