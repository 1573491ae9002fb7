/**
 * A held-out corpus of JavaScript and TypeScript MCP-server-like handlers (scanner13): 90 cases in
 * the idioms of the official SDK (McpServer.registerTool / server.tool, the low-level Server's
 * setRequestHandler), fastmcp, Cloudflare's agents and Vercel's mcp-handler: child_process through
 * util.promisify, execa, zx, fs/promises through re-exports and aliases, dynamic import(), CJS
 * require, fetch/undici/axios/got/ky, ws, net/tls/dgram, process.env destructuring, Bun and Deno
 * APIs, worker_threads, eval/new Function/vm, class methods, closures as handlers, handlers in
 * other files, and test files and examples a directory walk must leave out. Written with their
 * expected findings before the scanner ran on them: each expected capability is a
 * `// want: <family>` comment on its line; labels.json holds them per case with the entry files
 * (`.`: the case's directory, walked as `mcpfusion scan DIR` walks it), scored at (file, family)
 * level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// labels.json: the first 60 cases (j01-j60); labels2.json: 30 more (k01-k30), written and hashed after the first ran.
// No known misses or over-reaches are left.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-scanner13/', import.meta.url)), ['labels.json', 'labels2.json']);

test.run();
