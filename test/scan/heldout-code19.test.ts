/**
 * A held-out corpus written for the code scan (heldout-code19): 58 cases of MCP server code in
 * shapes no earlier corpus used (npm wrappers for processes, HTTP, WebSocket, database and archive
 * clients in new import shapes, keytar, `os.homedir()` paths, `process.env` whole, indirect eval,
 * `Reflect.construct(Function)`, `vm.Script`, WebAssembly, `module.constructor._load`,
 * `process.dlopen`; Python `__import__`, `getattr` with a folded name, pty, sockets, urllib, aiohttp,
 * requests, boto3, tempfile, pickle, yaml; Go `os/exec` aliased, `http.DefaultClient.Do`,
 * `os.WriteFile`; Rust qualified `Command`, reqwest, `remove_dir_all`) and benign near-misses.
 * labels.json gives each case's entry files and the capability families each file really has,
 * written before the scanner ran (see the folder's README.md), scored at (file, family) level: a
 * finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// Labels: 58 cases, 73 expected (file, family) pairs, 9 cases with none; written before the
// scanner ran on them.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code19/', import.meta.url)), ['labels.json']);

test.run();
