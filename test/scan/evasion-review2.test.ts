/**
 * A second adversarial review of the code scanner (evade2): 214 hostile handlers, mostly Go and
 * Rust (79 and 60) plus TypeScript and Python forms the first review did not try (75), each labelled
 * before the scanner ran with what it must report: a family (a capability finding of it), or
 * `evasion>=warning` (an evasion finding at that level or above); `a|b` accepts either. Beside them,
 * 55 benign handlers written next to each fix (executable memory, raw system calls, nix, inline
 * assembly, bodyless Go functions, string timers, blob: URLs, macro paths, `self::` paths, globs, profilers) must report exactly the families listed and no
 * evasion or not-analyzed finding above a note.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { scanSource } from '../../src/scan/scan-source.ts';
import { missedHostile, wrongBenign } from './_evasion-labels.ts';

const root = fileURLToPath(new URL('../fixtures/scan/evasion-review2/', import.meta.url));

/** Misses left, kept visible (each is listed with why in the review's report and docs/scan.md's limits). */
const KNOWN_MISSES: Record<string, string[]> = {
  go: [
    'g66-vendor-pkg', // vendor/ is not read: a dependency is a package by name
  ],
  rust: [],
  'ts-py': [],
};

for (const set of Object.keys(KNOWN_MISSES)) {
  test(`hostile ${set}: every label met, apart from the known misses`, async () => {
    const missed = await missedHostile(join(root, 'hostile', set));
    assert.equal(missed, KNOWN_MISSES[set]);
  });
}

test('benign neighbours of the fixes: exactly the families expected, nothing above a note', async () => {
  const wrong = await wrongBenign(join(root, 'benign'));
  assert.equal(wrong, []);
});

const ids = (text: string, file: string): string[] => scanSource(text, { file }).findings.map((f) => `${f.id}:${f.identifier ?? f.confidence}`).sort();

test('Go: executable memory and purego are code evaluation, golang.org/x/net/proxy is network', () => {
  const go = (imp: string, body: string) => `package main\n\nimport ${imp}\n\nfunc H() { ${body} }\n`;
  assert.equal(ids(go('"syscall"', 'syscall.Mmap(-1, 0, 1, syscall.PROT_READ|syscall.PROT_EXEC, 0)'), 'x.go'), ['code-evaluation.go-exec-memory:syscall.PROT_EXEC']);
  assert.equal(ids(go('"golang.org/x/sys/windows"', 'windows.VirtualAlloc(0, 1, 0, windows.PAGE_EXECUTE_READWRITE)'), 'x.go'), ['code-evaluation.go-exec-memory:golang.org/x/sys/windows.PAGE_EXECUTE_READWRITE']);
  assert.equal(ids(go('"github.com/ebitengine/purego"', 'purego.Dlopen("x", 0)'), 'x.go'), ['code-evaluation.go-native-package:github.com/ebitengine/purego']);
  assert.equal(ids(go('"golang.org/x/net/proxy"', 'proxy.FromEnvironment()'), 'x.go'), ['network.go-client-package:golang.org/x/net/proxy']);
  assert.equal(ids(go('"syscall"', 'syscall.Mmap(-1, 0, 1, syscall.PROT_READ, 0)'), 'x.go'), []);
});

test('Go: a package-level function without a body is assembly, unless a directive links or imports it', () => {
  assert.equal(ids('package main\n\n//go:noescape\nfunc doit(p *byte)\n\nfunc H() { doit(nil) }\n', 'x.go'), ['code-evaluation.go-assembly:assembly']);
  assert.equal(ids('package main\n\nfunc (s *S) fast(\n\tp *byte,\n) (n int)\n\ntype S struct{}\n', 'x.go'), ['code-evaluation.go-assembly:assembly']);
  assert.equal(ids('package main\n\n//go:wasmimport env log\nfunc hostLog(p uint32)\n', 'x.go'), []);
  assert.equal(ids('package main\n\nimport _ "unsafe"\n\n//go:linkname now runtime.nanotime\nfunc now() int64\n', 'x.go'), ['code-evaluation.go-unsafe:unsafe', 'evasion.go-linkname:medium']);
  assert.equal(ids('package main\n\ntype F func(int) int\n\nfunc G[T any](x T) T {\n\treturn x\n}\n\nfunc P() struct{ a int } { return struct{ a int }{} }\n', 'x.go'), []);
});

test('Go: a raw Syscall taken as a value is a medium evasion', () => {
  assert.equal(ids('package main\n\nimport "syscall"\n\nvar sys = syscall.Syscall\n\nfunc H() { sys(59, 0, 0, 0) }\n', 'x.go'), ['evasion.go-raw-syscall:medium']);
  assert.equal(ids('package main\n\nimport "golang.org/x/sys/unix"\n\nfunc G(run func()) {}\nfunc H() { G(unix.RawSyscall) }\n', 'x.go'), ['evasion.go-raw-syscall:medium']);
  assert.equal(ids('package main\n\nimport "syscall"\n\nfunc H() { syscall.Syscall(syscall.SYS_GETPID, 0, 0, 0) }\n', 'x.go'), []);
});

test('Rust: libc::syscall by number is an evasion, by SYS_ constant the constant\'s row', () => {
  assert.equal(ids('fn main() { unsafe { libc::syscall(59); libc::syscall(n); libc::syscall(59 as libc::c_long, 0); libc::syscall(libc::SYS_execve); } }\n', 'x.rs'), [
    'evasion.rust-raw-syscall:high', 'evasion.rust-raw-syscall:high', 'evasion.rust-raw-syscall:medium', 'subprocess.rust-syscall-trap:libc::SYS_execve',
  ]);
  assert.equal(ids('use libc::syscall;\nfn main() { unsafe { syscall(57); } }\n', 'x.rs'), ['evasion.rust-raw-syscall:high']);
  assert.equal(ids('fn main() { unsafe { libc::syscall(libc::SYS_getpid); } }\n', 'x.rs'), []);
  assert.equal(ids('fn syscall(n: i64) -> i64 { n }\nfn main() { syscall(59); }\n', 'x.rs'), []);
});

test('Rust: executable memory, ptrace, inline assembly, nix files and sockets', () => {
  assert.equal(ids('fn main() { libc::mprotect(p, 1, libc::PROT_READ | libc::PROT_EXEC); }\n', 'x.rs'), ['code-evaluation.rust-exec-memory:libc::PROT_EXEC']);
  assert.equal(ids('use nix::sys::mman::ProtFlags;\nfn main() { let _ = ProtFlags::PROT_EXEC; }\n', 'x.rs'), ['code-evaluation.rust-exec-memory:nix::sys::mman::ProtFlags::PROT_EXEC']);
  assert.equal(ids('fn main() { libc::ptrace(libc::PTRACE_ATTACH, 1, 0, 0); }\n', 'x.rs'), ['code-evaluation.rust-ptrace:libc::ptrace']);
  assert.equal(ids('use nix::sys::ptrace;\nfn main() { ptrace::attach(p); }\n', 'x.rs'), ['code-evaluation.rust-nix-ptrace:nix::sys::ptrace']);
  assert.equal(ids('use std::arch::asm;\nfn main() { unsafe { asm!("nop"); } }\n', 'x.rs'), ['code-evaluation.rust-inline-asm:std::arch::asm']);
  assert.equal(ids('macro_rules! asm { ($x:expr) => { $x } }\nfn main() { asm!(1); }\n', 'x.rs'), []);
  assert.equal(ids('use nix::fcntl::{open, OFlag};\nfn main() { open("/x", OFlag::O_RDONLY, m); }\n', 'x.rs'), ['filesystem.rust-nix-write:nix::fcntl::open']);
  assert.equal(ids('fn main() { nix::sys::socket::socket(a, b, c, None); }\n', 'x.rs'), ['network.rust-nix-socket:nix::sys::socket']);
  assert.equal(ids('use std::net::ToSocketAddrs;\nfn main() { "x:1".to_socket_addrs(); }\n', 'x.rs'), ['network.rust-net:std::net::ToSocketAddrs']);
});

test('Rust: a macro_rules! path completed by a parameter after a row\'s crate or module', () => {
  assert.equal(ids('macro_rules! go { ($m:ident, $t:ident) => { std::$m::$t::new("sh").spawn() } }\n', 'x.rs'), ['evasion.rust-macro-path:medium']);
  assert.equal(ids('macro_rules! c { ($f:ident) => { unsafe { libc::$f(0) } } }\n', 'x.rs'), ['evasion.rust-macro-path:medium']);
  assert.equal(ids('use std::process as p;\nmacro_rules! c { ($t:ident) => { p::$t::new("x") } }\n', 'x.rs'), ['evasion.rust-macro-path:medium']);
  // Constants of an FFI wrapper, operator traits, the macro's own crate, a crate without rows: none.
  assert.equal(ids('macro_rules! f { ($F:ident) => { const $F: i32 = libc::$F; } }\n', 'x.rs'), []);
  assert.equal(ids('macro_rules! ops { ($t:ident) => { impl std::ops::$t for X {} } }\n', 'x.rs'), []);
  assert.equal(ids('macro_rules! m { ($x:ident) => { $crate::inner::$x() } }\n', 'x.rs'), []);
  assert.equal(ids('macro_rules! m { ($x:ident) => { serde_json::$x(&1) } }\n', 'x.rs'), []);
});

test('Rust: self:: through a use, and a module path inside a glob', () => {
  assert.equal(ids('use std::process;\nfn main() { self::process::Command::new("x"); }\n', 'x.rs'), ['subprocess.rust-command:std::process::Command']);
  assert.equal(ids('use std::*;\nfn main() { process::Command::new("x"); fs::write("a", "b"); }\n', 'x.rs'), ['filesystem.rust-fs-write:std::fs::write', 'subprocess.rust-command:std::process::Command']);
  assert.equal(ids('mod process { pub fn run() {} }\nfn main() { self::process::run(); }\n', 'x.rs'), []);
  assert.equal(ids('use std::collections::*;\nfn main() { process::exit(0); }\n', 'x.rs'), []);
});

test('JavaScript: a string timer called through .call or .apply', () => {
  assert.equal(ids("setTimeout.call(null, 'globalThis.x = 1', 0);", 'x.mjs'), ['code-evaluation.string-timer:setTimeout']);
  assert.equal(ids("setTimeout.apply(null, ['x()', 0]);", 'x.mjs'), ['code-evaluation.string-timer:setTimeout']);
  assert.equal(ids("globalThis.setInterval.call(globalThis, 'x()', 5);", 'x.mjs'), ['code-evaluation.string-timer:setInterval']);
  assert.equal(ids("const c = 'a()'; setTimeout.call(null, c, 0);", 'x.mjs'), ['code-evaluation.string-timer:setTimeout']);
  // A function, not code: the timer's ordinary use through call/apply.
  assert.equal(ids('setTimeout.call(null, () => 1, 0);', 'x.mjs'), []);
  assert.equal(ids('setTimeout.apply(null, [fn, 0]);', 'x.mjs'), []);
  assert.equal(ids('clearTimeout.call(null, t);', 'x.mjs'), []);
});

test('JavaScript: a worker started from a blob: URL runs code written in the file', () => {
  assert.equal(ids("const u = URL.createObjectURL(new Blob(['postMessage(1)']));\nnew Worker(u);", 'x.mjs'), ['code-evaluation.worker-eval:worker-eval', 'subprocess.worker-thread:Worker']);
  assert.equal(ids("import { Worker } from 'node:worker_threads';\nnew Worker(URL.createObjectURL(b));", 'x.mjs'), ['code-evaluation.worker-eval:worker-eval', 'subprocess.worker-thread:worker_threads.Worker']);
  assert.equal(ids("const u = new URL('./w.js', import.meta.url); new Worker(u);", 'x.mjs'), ['subprocess.worker-thread:Worker']);
  assert.equal(ids("const URL = { createObjectURL: (x) => './w.js' }; new Worker(URL.createObjectURL(1));", 'x.mjs'), ['subprocess.worker-thread:Worker']);
  assert.equal(ids("const img = URL.createObjectURL(blob); new Worker('./w.js');", 'x.mjs'), ['subprocess.worker-thread:Worker']);
});

test('Python: profilers and doctest running a string, logging.config.listen', () => {
  assert.equal(ids('import cProfile, profile, doctest, trace\ncProfile.run("1")\nprofile.runctx("1", {}, {})\ndoctest.debug_src(s)\ntrace.Trace().run("1")\n', 'x.py'), [
    'code-evaluation.python-profiler-run:cProfile.run', 'code-evaluation.python-profiler-run:doctest.debug_src', 'code-evaluation.python-profiler-run:profile.runctx', 'code-evaluation.python-profiler-run:trace.Trace',
  ]);
  assert.equal(ids('import logging.config\nlogging.config.listen(9999).start()\n', 'x.py'), ['network.python-logging-listen:logging.config.listen']);
  assert.equal(ids('import cProfile\ncProfile.Profile().enable()\n', 'x.py'), []);
});

test.run();
