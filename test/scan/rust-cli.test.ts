import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// An rmcp-style server written for these tests (test/fixtures/rust-mcp-server): a tool router in
// src/tools/mod.rs, one file per tool body, a store module, a renamed reqwest dependency.
const FIXTURE = 'test/fixtures/rust-mcp-server';
const copyFixture = (): string => {
  const dir = tempDir('mcpfusion-rust-server-');
  cpSync(join(ROOT, FIXTURE), dir, { recursive: true });
  return dir;
};

interface Finding { id: string; kind: string; file: string; identifier?: string; access?: string; chain?: string[] }

test('scan of the rmcp fixture from main.rs follows mod declarations and crate:: paths into every tool', () => {
  const r = runCli(['scan', `${FIXTURE}/src/main.rs`, '--format', 'json'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { entitlements: Record<string, unknown>; files: string[]; findings: Finding[]; packages: string[] };
  assert.equal(out.entitlements, {
    filesystem: true, network: true, subprocess: true, crypto: true, codeEvaluation: false,
    raw: ['reqwest', 'sha2', 'std::fs::OpenOptions::new', 'std::fs::read_dir', 'std::fs::read_to_string', 'std::fs::write', 'tokio::process::Command'],
  });
  assert.equal(out.files.map((f) => f.slice(FIXTURE.length + 1)).sort(), ['src/main.rs', 'src/store.rs', 'src/store/write.rs', 'src/tools/export.rs', 'src/tools/fetch.rs', 'src/tools/mod.rs', 'src/tools/save.rs', 'src/tools/search.rs']);
  assert.equal(out.findings.filter((f) => f.kind === 'not-analyzed'), []);
  const append = out.findings.find((f) => f.identifier === 'std::fs::OpenOptions::new')!;
  assert.equal([append.access, append.chain?.map((c) => c.slice(FIXTURE.length + 1))], ['write', ['src/main.rs', 'src/store.rs', 'src/store/write.rs']]);
  // The renamed dependency is recorded and matched under its crate name.
  assert.equal(out.packages, ['reqwest', 'rmcp', 'sha2', 'std', 'tokio']);
});

test('a directory walk reads .rs files and skips target, tests and benches beside Cargo.toml', () => {
  const r = runCli(['scan', FIXTURE, '--format', 'json', '--no-follow'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const files = (JSON.parse(r.stdout) as { files: string[] }).files.map((f) => f.slice(FIXTURE.length + 1));
  assert.equal(files.filter((f) => f.endsWith('.rs')).length, 8);
  assert.not.ok(files.some((f) => f.startsWith('target/') || f.startsWith('tests/')), files.join(' '));
  const test = runCli(['scan', `${FIXTURE}/tests`, '--format', 'json'], { cwd: ROOT });
  assert.equal((JSON.parse(test.stdout) as { entitlements: { raw: string[] } }).entitlements.raw, ['std::process::Command']);
});

test('lock records each tool\'s Rust entitlements; check fails when a handler gains a capability', () => {
  const dir = copyFixture();
  const lock = runCli(['lock'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  assert.not.match(lock.stderr, /not analyzed|lower bound/);
  const ent = (t: string): unknown => (JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: Record<string, { entitlements: unknown }> } }).capabilities.tools[t]!.entitlements;
  assert.equal(ent('search_notes'), { codeEvaluation: false, crypto: false, filesystem: true, network: false, raw: ['std::fs::read_dir', 'std::fs::read_to_string'], subprocess: false });
  // save.rs calls crate::store::dir() only: store.rs counts the items reached (dir builds a path,
  // no read), its child module store/write.rs is reached through crate::store::write::append;
  // search.rs reaches store::list and store::read (their reads) and never write.rs.
  assert.equal(ent('save_note'), { codeEvaluation: false, crypto: true, filesystem: true, network: false, raw: ['sha2', 'std::fs::OpenOptions::new', 'std::fs::write'], subprocess: false });
  assert.equal(ent('fetch_note'), { codeEvaluation: false, crypto: false, filesystem: false, network: true, raw: ['reqwest'], subprocess: false });
  assert.equal(ent('export_notes'), { codeEvaluation: false, crypto: false, filesystem: false, network: false, raw: ['tokio::process::Command'], subprocess: true });
  assert.is(runCli(['check'], { cwd: dir }).code, 0);
  const search = join(dir, 'src/tools/search.rs');
  writeFileSync(search, `${readFileSync(search, 'utf8')}\npub fn purge(name: &str) -> std::io::Result<()> {\n    std::fs::remove_file(name)\n}\n`);
  const check = runCli(['check'], { cwd: dir });
  assert.is(check.code, 1, check.stderr);
  assert.match(check.stdout, /tool changed: +search_notes \(entitlements\)/);
});

test('scan of the configured tools: a read-only tool that spawns a process or uses the network is a violation', () => {
  const dir = copyFixture();
  const first = runCli(['scan', '--format', 'json'], { cwd: dir });
  assert.is(first.code, 1, first.stderr);
  const violations = (JSON.parse(first.stdout) as { violations: Array<{ id: string; tool: string }> }).violations.map((v) => [v.id, v.tool]).sort();
  assert.equal(violations, [['violation.read-only-spawns-process', 'export_notes'], ['violation.read-only-uses-network', 'fetch_note']]);
});

test('a directory walk leaves out the modules a crate declares only under #[cfg(test)] and its examples folder; shipped neighbours stay', () => {
  // duct 0.13's `#[cfg(test)] mod test;` (src/test.rs) and walkdir 2.3's `#[cfg(test)] mod tests;`
  // (src/tests/mod.rs, src/tests/util.rs), reduced; notify's examples/*.rs beside its Cargo.toml.
  const dir = tempDir('mcpfusion-rust-testmods-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('Cargo.toml', '[package]\nname = "crate-a"\nversion = "0.1.0"\n');
  put('src/lib.rs', [
    'mod util;', '#[cfg(test)]', 'mod test;', '#[cfg(test)]', 'mod tests;', '#[cfg(all(test, unix))]', 'mod unix_tests;',
    '#[cfg(not(test))]', 'mod real;', '#[cfg(any(test, feature = "x"))]', 'mod either;', '#[cfg(test)]', '#[path = "pathed_impl.rs"]', 'mod pathed;',
    '#[cfg(test)]', 'mod twice;', '#[cfg(not(test))]', 'mod twice;', '',
  ].join('\n'));
  put('src/util.rs', 'pub fn run() { std::process::Command::new("ls").status().ok(); }\n');
  put('src/test.rs', 'fn t() { std::fs::remove_dir_all("/tmp/x").ok(); }\n');
  put('src/tests/mod.rs', 'mod util;\n');
  put('src/tests/util.rs', 'fn t() { std::fs::write("/tmp/x", b"x").ok(); }\n');
  put('src/unix_tests.rs', 'fn t() { std::fs::write("/tmp/y", b"y").ok(); }\n');
  put('src/real.rs', 'pub fn r() { std::fs::write("/tmp/real", b"x").ok(); }\n');
  put('src/either.rs', 'pub fn e() { std::fs::write("/tmp/either", b"x").ok(); }\n');
  put('src/pathed_impl.rs', 'pub fn p() { std::fs::write("/tmp/pathed", b"x").ok(); }\n');
  put('src/twice.rs', 'pub fn w() { std::fs::write("/tmp/twice", b"x").ok(); }\n');
  put('examples/demo.rs', 'fn main() { std::process::Command::new("rm").status().ok(); }\n');
  // A crate whose `tests` module ships (no cfg): a hostile file named like a test module stays.
  put('b/Cargo.toml', '[package]\nname = "crate-b"\nversion = "0.1.0"\n');
  put('b/src/lib.rs', 'pub mod tests;\n');
  put('b/src/tests.rs', 'pub fn go() { std::process::Command::new("sh").status().ok(); }\n');
  const r = runCli(['scan', '.', '--format', 'json', '--no-follow'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const files = (JSON.parse(r.stdout) as { files: string[] }).files;
  assert.equal(files, ['b/src/lib.rs', 'b/src/tests.rs', 'src/either.rs', 'src/lib.rs', 'src/pathed_impl.rs', 'src/real.rs', 'src/twice.rs', 'src/util.rs']);
  assert.match(r.stderr, /left out 4 Rust file\(s\) their crate declares only under #\[cfg\(test\)\]: src\/test\.rs, src\/tests\/mod\.rs, src\/tests\/util\.rs, src\/unix_tests\.rs; give a file's path to scan it/);
  assert.match(r.stderr, /left out 1 folder\(s\) a project holds as tests, fixtures or examples[^:]*: examples;/);
  // Named on the command line, a test module is scanned as given.
  const given = runCli(['scan', 'src/test.rs', '--format', 'json'], { cwd: dir });
  assert.equal((JSON.parse(given.stdout) as { entitlements: { raw: string[] } }).entitlements.raw, ['std::fs::remove_dir_all']);
});

test('a test-only mod declaration cannot hide a crate root, a Cargo target or a module another file ships', () => {
  // Hostile neighbours of the test above, walked with --no-follow so the walk alone decides: a
  // `#[cfg(test)] mod x;` names a file, but that file may still be built into the server.
  const dir = tempDir('mcpfusion-rust-testmods-hostile-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  const cargo = (name: string, extra = ''): string => `[package]\nname = "${name}"\nversion = "0.1.0"\n${extra}`;
  const sh = 'pub fn go() { std::process::Command::new("sh").status().ok(); }\n';
  // lib.rs declares handlers for tests only; main.rs (same module directory) ships it.
  put('a/Cargo.toml', cargo('a'));
  put('a/src/lib.rs', '#[cfg(test)]\nmod handlers;\n');
  put('a/src/main.rs', 'mod handlers;\nfn main() { handlers::go(); }\n');
  put('a/src/handlers.rs', sh);
  // `mod main;` under cfg(test) names the binary's root; `mod bin;` the auto-discovered binaries.
  put('b/Cargo.toml', cargo('b'));
  put('b/src/lib.rs', '#[cfg(test)]\nmod main;\n#[cfg(test)]\nmod bin;\n');
  put('b/src/main.rs', `fn main() {}\n${sh}`);
  put('b/src/bin/server.rs', `fn main() {}\n${sh}`);
  // A [[bin]] path and a build script under a test module's directory, and a #[path] module of
  // shipped code pointing into it.
  put('c/Cargo.toml', cargo('c', 'build = "src/gen.rs"\n[[bin]]\nname = "srv"\npath = "src/tests/srv.rs"\n'));
  put('c/src/lib.rs', '#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod gen;\n#[path = "tests/real.rs"]\nmod real;\n');
  put('c/src/gen.rs', `fn main() {}\n${sh}`);
  put('c/src/tests/mod.rs', '');
  put('c/src/tests/srv.rs', `fn main() {}\n${sh}`);
  put('c/src/tests/real.rs', sh);
  put('c/src/tests/only.rs', 'fn t() { std::fs::remove_dir_all("/tmp/x").ok(); }\n');
  const r = runCli(['scan', '.', '--format', 'json', '--no-follow'], { cwd: dir });
  assert.is(r.code, 0, r.stderr);
  const files = (JSON.parse(r.stdout) as { files: string[] }).files;
  assert.equal(files, [
    'a/src/handlers.rs', 'a/src/lib.rs', 'a/src/main.rs',
    'b/src/bin/server.rs', 'b/src/lib.rs', 'b/src/main.rs',
    'c/src/gen.rs', 'c/src/lib.rs', 'c/src/tests/real.rs', 'c/src/tests/srv.rs',
  ]);
  assert.match(r.stderr, /left out 2 Rust file\(s\) their crate declares only under #\[cfg\(test\)\]: c\/src\/tests\/mod\.rs, c\/src\/tests\/only\.rs;/);
});

test('a mod declaration with no file is not analyzed, never clean', () => {
  const dir = copyFixture();
  const main = join(dir, 'src/main.rs');
  writeFileSync(main, readFileSync(main, 'utf8').replace('mod tools;', 'mod tools;\nmod missing;'));
  const r = runCli(['scan', main, '--format', 'json'], { cwd: dir });
  const notAnalyzed = (JSON.parse(r.stdout) as { findings: Finding[] & Array<{ detail?: string }> }).findings.filter((f) => f.kind === 'not-analyzed');
  assert.equal(notAnalyzed.length, 1);
  assert.match((notAnalyzed[0] as { detail?: string }).detail!, /^mod missing resolves to no file/);
});

test.run();
