/**
 * A fourth adversarial review of the code scanner (evade4): 144 hostile handlers, mostly Go and Rust
 * (64 and 56: cgo, reflect, plugin, unsafe, raw system calls, go:linkname, interfaces, aliases,
 * internal and replaced modules; traits, macros, extern blocks, libloading, build scripts, a proc
 * macro, cfg attributes, re-exports, raw identifiers, compile-time reads) plus 24 TypeScript
 * handlers in newer syntax (decorators, using, satisfies, static blocks with #private fields, ?.(),
 * tagged templates, Proxy traps, import.meta.resolve, WebAssembly, createRequire, vm, workers),
 * each labelled before the scanner ran (labels hashed in the commit that added them) with what it
 * must report: a family (a capability finding of it), or `evasion>=warning`; `a|b` accepts either.
 * 40 benign look-alikes, hashed with them, and the benign neighbours written next to each fix must
 * report exactly the families listed and no evasion or not-analyzed finding above a note; the
 * hostile neighbours are further hostile cases written with the fixes.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSource } from '../../src/scan/scan-source.ts';
import { missedHostile, wrongBenign } from './_evasion-labels.ts';

const root = fileURLToPath(new URL('../fixtures/scan/evasion-review4/', import.meta.url));

/** Misses left, kept visible (each listed with why in docs/scan.md). */
// Before the fixes 22 of the 144 were missed (go 5, rust 16, ts 1); the benign set had no
// difference from the start (0 of 40). r11 (build.rs), r12 (a local proc macro) and r51 (a path
// dependency) were met by scanner18.
const KNOWN_MISSES: Record<string, string[]> = {
  go: [],
  // r10 (build.rs writes a fixed string literal to $OUT_DIR/gen.rs, which main.rs include!s) was
  // met by scanner20: the literal is scanned as the included code.
  rust: [],
  ts: [],
};

for (const set of Object.keys(KNOWN_MISSES)) {
  test(`hostile ${set}: every label met, apart from the known misses`, async () => {
    const missed = await missedHostile(join(root, 'hostile', set));
    assert.equal(missed, KNOWN_MISSES[set]);
  });
}

test('hostile neighbours of the fixes: every label met', async () => {
  assert.equal(await missedHostile(join(root, 'hostile-neighbours')), []);
});

test('benign look-alikes (hashed with the hostile set): exactly the families expected, nothing above a note', async () => {
  assert.equal(await wrongBenign(join(root, 'benign')), []);
});

test('benign neighbours of the fixes: exactly the families expected, nothing above a note', async () => {
  assert.equal(await wrongBenign(join(root, 'benign-neighbours')), []);
});

const ids = (text: string, file: string): string[] => scanSource(text, { file }).findings.map((f) => `${f.id}:${f.identifier ?? f.confidence}`).sort();

test('cgo: a C library call from Go or from the preamble is its family; the preamble\'s own functions are not', () => {
  assert.equal(ids('package main\n\n// #include <stdlib.h>\nimport "C"\n\nfunc f(s *C.char) { C.getenv(s) }\n', 'a.go'), ['code-evaluation.go-cgo:C', 'environment.go-cgo-libc:C.getenv']);
  assert.equal(ids('package main\n\n/*\nstatic void r(const char *c) { popen(c, "r"); }\n*/\nimport "C"\n\nfunc f() { C.r(nil) }\n', 'a.go'), ['code-evaluation.go-cgo:C', 'subprocess.go-cgo-libc:C.popen']);
  assert.equal(ids('package main\n\n// int twice(int x) { return 2 * x; }\nimport "C"\n\nfunc f() { C.twice(1) }\n', 'a.go'), ['code-evaluation.go-cgo:C']);
});

test('extern blocks: a declared function binds the C library symbol of its name or link_name', () => {
  assert.equal(ids('extern "C" {\n    #[link_name = "unlink"]\n    fn tidy(p: *const u8) -> i32;\n    fn strlen(s: *const u8) -> usize;\n}\n', 'a.rs'), ['code-evaluation.rust-ffi:extern "C"', 'filesystem.rust-libc-write:libc::unlink']);
  // A Rust function defined with the C ABI declares nothing foreign.
  assert.equal(ids('pub extern "C" fn system(x: i32) -> i32 { x }\n', 'a.rs'), []);
});

test('compile-time reads: env! of a build variable and an include inside the package are nothing', () => {
  assert.equal(ids('const A: &str = env!("CARGO_PKG_NAME");\nconst B: &str = env!("API_KEY");\n', 'src/a.rs'), ['environment.rust-env-macro:env!']);
  assert.equal(scanSource('const K: &str = include_str!("../k.txt");\n', { file: 'pkg/src/a.rs', rustPackageDir: 'pkg' }).findings, []);
  assert.equal(scanSource('const K: &str = include_str!("../../k.txt");\n', { file: 'pkg/src/a.rs', rustPackageDir: 'pkg' }).findings.map((f) => f.id), ['filesystem.rust-include-outside']);
});

test.run();
