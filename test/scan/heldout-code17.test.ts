/**
 * A held-out corpus written for the code scan (heldout-code17): 40 cases of MCP server code in
 * libraries and idioms no earlier corpus used (ky, got, undici, http2, ws, socket.io-client, execa,
 * zx, shelljs, fs-extra, globby, chokidar, tar, adm-zip, vm2, isolated-vm, lazy imports, aliases, a
 * barrel of re-exports, minified and rollup bundles, Deno; Python httpx, aiohttp, requests, asyncio
 * subprocesses, pathlib, shutil, sqlite3, boto3, paramiko, partial wrappers, importlib; mcp-go, rmcp)
 * and benign near-misses. labels.json gives each case's entry files and the capability families each
 * file really has, written before the scanner ran (see the folder's README.md), scored at
 * (file, family) level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code17/', import.meta.url)), ['labels.json']);

test.run();
