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

// Labels: 58 cases, 73 expected (file, family) pairs, 9 cases with none; committed at 5c1afa32
// (main at 253e2c1d) before the scanner ran on them.
// First run, before any scanner change: 72 of 73 found, 2 over-reaches, no file not analyzed; 55 of
// 58 cases exact. The miss: j25's `const Module = module.constructor; Module._load(resolved, module,
// false)` gave only evasion findings (aliased and dynamic require), while the same call through
// `require('module')` is `code-evaluation.module-internals`. After the fix (module.constructor is
// the `module` built-in in CommonJS, test/scan/heldout-code19-fixes.test.ts): 73 of 73.
// The two over-reaches are kept visible here rather than relabelled: p14's `shutil.which('rsync')`
// is `filesystem.python-shutil-read`, a documented row (it stats the PATH's directories; shelljs's
// `which`, the npm `which` package and Rust's `which` crate are filesystem reads too), where the
// labels call it a lookup; p03's `os.read(fd, 1024)` in the callback handed to `pty.spawn` reads
// the terminal's descriptor, not a file, but `filesystem.python-os-read` counts `os.read` of any
// descriptor.
// Second batch (labels2.json): 44 cases, 49 expected pairs, 4 cases with none, written after the
// fix above and committed at 578e698f before the scanner ran on them. First run: 47 of 49 found, no
// over-reach, 42 of 44 exact. The misses: k01's `const dynamicImport = new Function('specifier',
// 'return import(specifier)'); await dynamicImport('execa')` (tsc's CommonJS import() shim: only the
// body's dynamic import was reported, execa was not), fixed (test/scan/heldout-code19-fixes.test.ts);
// and s04's libloading, a fixture mistake, not the scanner's: its Cargo.toml named the package
// `libloading`, so `libloading::` was the crate itself (Cargo refuses a package depending on its own
// name); renamed `codec-info`, the label unchanged. Both batches: 122 of 122, the 2 over-reaches above.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code19/', import.meta.url)), ['labels.json', 'labels2.json', 'labels3.json'], {
  wrong: {
    p03_pty_spawn_record: ['server.py:filesystem'],
    p14_os_spawnvp: ['server.py:filesystem'],
  },
});

test.run();
