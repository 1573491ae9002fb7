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
// Third batch (labels3.json): 25 cases, 27 expected pairs, 6 cases with none, written after that fix
// and committed at 9c2bb27d before the scanner ran on them. First run: 25 of 27 found, 3
// over-reaches, 21 of 25 exact. Misses: l05's `storage.bucket(b).upload(localPath)` of
// @google-cloud/storage (the local file read), and o02's `git2::Repository::open(path)` (git2 was a
// network client crate only). Fixed: `filesystem.cloud-storage-upload`/`-download` (GCS `upload`,
// `download({ destination })`, Azure `uploadFile`/`downloadToFile`) and `filesystem.rust-git-package`
// with its `network.rust-git-package` companion, as pygit2 and dulwich are in Python (tests in
// test/scan/heldout-code19-fixes.test.ts). Over-reaches kept visible: l04 imports puppeteer-core only
// to `connect` to a remote browser, but a browser automation package counts as subprocess (it starts
// the browser) and network at its import, whatever is called; o03's `Connection::open_in_memory()`
// opens no file, but rusqlite is reported at its `use`; and o02's git2 is now network too (it clones
// and fetches; the import cannot tell a local-only use), where the label says filesystem alone.
// All three batches: 149 of 149, 5 over-reaches.
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-code19/', import.meta.url)), ['labels.json', 'labels2.json', 'labels3.json'], {
  wrong: {
    p03_pty_spawn_record: ['server.py:filesystem'],
    p14_os_spawnvp: ['server.py:filesystem'],
    l04_puppeteer_connect_only: ['src/index.ts:subprocess'],
    o02_git2_open: ['src/main.rs:network'],
    o03_rusqlite_memory: ['src/main.rs:filesystem'],
  },
});

test.run();
