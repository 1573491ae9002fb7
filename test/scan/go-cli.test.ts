import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cpSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { sarifSchemaErrors } from './_sarif-validator.ts';

const FIXTURE = 'test/fixtures/go-mcp-server';
const copyFixture = (): string => {
  const dir = tempDir('mcpfusion-go-server-');
  cpSync(join(ROOT, FIXTURE), dir, { recursive: true });
  return dir;
};

interface Finding { id: string; kind: string; file: string; identifier?: string; access?: string; chain?: string[] }

test('scan of the mcp-go fixture from main.go follows its own module\'s packages into every helper', () => {
  const r = runCli(['scan', `${FIXTURE}/main.go`, '--format', 'json'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const out = JSON.parse(r.stdout) as { entitlements: Record<string, unknown>; files: string[]; findings: Finding[]; packages: string[] };
  assert.equal(out.entitlements, {
    filesystem: true, network: true, subprocess: true, crypto: true, codeEvaluation: false,
    raw: ['crypto/sha256.Sum256', 'net/http.Get', 'os.MkdirAll', 'os.OpenFile', 'os.ReadFile', 'os/exec.CommandContext', 'path/filepath.Glob'],
  });
  // Test files, the `//go:build ignore` generator, testdata and vendor are not part of the server.
  assert.equal(out.files.map((f) => f.slice(FIXTURE.length + 1)).sort(), [
    'internal/store/dir.go', 'internal/store/read.go', 'internal/store/write.go', 'internal/tools/common.go', 'internal/tools/export.go',
    'internal/tools/fetch.go', 'internal/tools/save.go', 'internal/tools/search.go', 'main.go',
  ]);
  assert.equal(out.findings.filter((f) => f.kind === 'not-analyzed'), []);
  const write = out.findings.find((f) => f.identifier === 'os.OpenFile')!;
  assert.equal([write.access, write.chain?.map((c) => c.slice(FIXTURE.length + 1))], ['write', ['main.go', 'internal/tools/save.go', 'internal/store/write.go']]);
  assert.equal(out.packages, ['context', 'crypto/sha256', 'encoding/hex', 'github.com/mark3labs/mcp-go/mcp', 'github.com/mark3labs/mcp-go/server', 'io', 'log', 'net/http', 'os', 'os/exec', 'path/filepath', 'strings']);
});

test('a directory walk reads .go files and skips _test.go, testdata and a module\'s vendor directory', () => {
  const r = runCli(['scan', FIXTURE, '--format', 'json', '--no-follow'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const files = (JSON.parse(r.stdout) as { files: string[] }).files.map((f) => f.slice(FIXTURE.length + 1));
  // internal/store/gen.go is `//go:build ignore` (a generator run by hand): left out, and said so.
  assert.equal(files.filter((f) => f.endsWith('.go')).length, 9);
  assert.not.ok(files.some((f) => f.includes('_test.go') || f.startsWith('testdata/') || f.startsWith('vendor/') || f === 'internal/store/gen.go'), files.join(' '));
  assert.match(r.stderr, /left out 1 Go file\(s\) no build includes \(\/\/go:build ignore\): test\/fixtures\/go-mcp-server\/internal\/store\/gen\.go;/);
  // A path that points into one of them is scanned as given.
  const vendored = runCli(['scan', `${FIXTURE}/vendor/github.com/acme/evil`, '--format', 'json'], { cwd: ROOT });
  assert.equal((JSON.parse(vendored.stdout) as { entitlements: { raw: string[] } }).entitlements.raw, ['os/exec.Command']);
});

test('lock records each tool\'s Go entitlements from the files mapped; check fails when a handler gains a capability', () => {
  const dir = copyFixture();
  const lock = runCli(['lock'], { cwd: dir });
  assert.is(lock.code, 0, lock.stderr);
  assert.not.match(lock.stderr, /not analyzed|lower bound/);
  const ent = (t: string): unknown => (JSON.parse(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8')) as { capabilities: { tools: Record<string, { entitlements: unknown }> } }).capabilities.tools[t]!.entitlements;
  assert.equal(ent('search_notes'), { codeEvaluation: false, crypto: false, filesystem: true, network: false, raw: ['os.ReadFile', 'path/filepath.Glob'], subprocess: false });
  assert.equal(ent('save_note'), { codeEvaluation: false, crypto: true, filesystem: true, network: false, raw: ['crypto/sha256.Sum256', 'os.MkdirAll', 'os.OpenFile'], subprocess: false });
  assert.equal(ent('fetch_note'), { codeEvaluation: false, crypto: false, filesystem: false, network: true, raw: ['net/http.Get'], subprocess: false });
  assert.equal(ent('export_notes'), { codeEvaluation: false, crypto: false, filesystem: false, network: false, raw: ['os/exec.CommandContext'], subprocess: true });
  assert.is(runCli(['check'], { cwd: dir }).code, 0);
  const search = join(dir, 'internal/tools/search.go');
  writeFileSync(search, `${readFileSync(search, 'utf8')}\nfunc purge(name string) error { return os.Remove(name) }\n`.replace('import (\n', 'import (\n\t"os"\n'));
  const check = runCli(['check'], { cwd: dir });
  assert.is(check.code, 1, check.stderr);
  assert.match(check.stdout, /tool changed: +search_notes \(entitlements\)/);
});

test('lock finds the rest of a Go package and its local imports from the handler file alone', () => {
  const dir = copyFixture();
  const full = runCli(['lock'], { cwd: dir });
  assert.is(full.code, 0, full.stderr);
  const locked = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  const config = join(dir, 'mcpfusion.jsonc');
  writeFileSync(config, readFileSync(config, 'utf8').replace('"internal/tools/search.go", "internal/tools/common.go", "internal/store/read.go", "internal/store/dir.go"', '"internal/tools/search.go"'));
  const check = runCli(['check'], { cwd: dir });
  assert.is(check.code, 0, check.stdout + check.stderr);
  assert.not.match(check.stderr, /search_notes[^\n]*(not analyzed|names the local package|declared in another file)/);
  assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), locked);
});

test('scan of the configured tools: a read-only tool that spawns a process, uses the network or writes files is a violation', () => {
  const dir = copyFixture();
  const violations = (text: string): string[][] => (JSON.parse(text) as { violations: Array<{ id: string; tool: string }> }).violations.map((v) => [v.id, v.tool]).sort();
  const first = runCli(['scan', '--format', 'json'], { cwd: dir });
  assert.is(first.code, 1, first.stderr);
  assert.equal(violations(first.stdout), [['violation.read-only-spawns-process', 'export_notes'], ['violation.read-only-uses-network', 'fetch_note']]);
  const read = join(dir, 'internal/store/read.go');
  writeFileSync(read, `${readFileSync(read, 'utf8')}\n// Touch marks a note as read.\nfunc Touch(name string) error { return os.Chtimes(name, now, now) }\n`);
  const search = join(dir, 'internal/tools/search.go');
  writeFileSync(search, readFileSync(search, 'utf8').replace('hits = append(hits, name)', 'hits = append(hits, name)\n\t\t\tstore.Touch(name)'));
  const second = runCli(['scan', '--format', 'json'], { cwd: dir });
  assert.equal(violations(second.stdout), [['violation.read-only-spawns-process', 'export_notes'], ['violation.read-only-uses-network', 'fetch_note'], ['violation.read-only-writes-files', 'search_notes']]);
});

test('SARIF output of the fixture names the Go rules and validates against the schema', () => {
  const r = runCli(['scan', `${FIXTURE}/main.go`, '--format', 'sarif'], { cwd: ROOT });
  assert.is(r.code, 0, r.stderr);
  const log = JSON.parse(r.stdout);
  assert.equal(sarifSchemaErrors(log), []);
  const rules = (log.runs[0].tool.driver.rules as Array<{ id: string }>).map((x) => x.id);
  for (const id of ['filesystem.go-open-file', 'subprocess.go-exec', 'network.go-http-client', 'crypto.go-stdlib']) assert.ok(rules.includes(id), id);
});

test('a directory walk leaves out Go files no build includes (//go:build ignore generators and cgo -godefs inputs); built neighbours stay', () => {
  // golang.org/x/sys/unix's mksyscall.go (a generator go generate runs) and types_linux.go (an
  // input of cgo -godefs, with import "C"), reduced, beside files every build or some build takes.
  const dir = tempDir('mcpfusion-go-ignored-');
  const put = (rel: string, text: string): void => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  put('go.mod', 'module example.com/srv\n\ngo 1.21\n');
  put('mksyscall.go', '//go:build ignore\n\npackage main\n\nimport "os"\n\nfunc main() { os.WriteFile("z.go", nil, 0o644) }\n');
  put('types_linux.go', '// +build ignore\n\npackage unix\n\n/*\n#include <stdlib.h>\n*/\nimport "C"\n');
  put('gen_and.go', '//go:build ignore && linux\n\npackage main\n\nimport "os/exec"\n\nfunc main() { exec.Command("x").Run() }\n');
  put('tool.go', 'package srv\n\nimport "os"\n\nfunc Read() { os.ReadFile("a") }\n');
  put('tool_linux.go', '//go:build linux\n\npackage srv\n\nimport "os"\n\nfunc Rm() { os.Remove("a") }\n');
  put('either.go', '//go:build ignore || linux\n\npackage srv\n\nimport "os/exec"\n\nfunc Run() { exec.Command("y").Run() }\n');
  // `// +build ignore` right above `package` (no blank line) is no constraint: built.
  put('attached.go', '// +build ignore\npackage srv\n\nimport "os"\n\nfunc Env() string { return os.Getenv("X") }\n');
  const r = runCli(['scan', '.', '--format', 'json'], { cwd: dir });
  const out = JSON.parse(r.stdout) as { files: string[] };
  assert.equal(out.files, ['attached.go', 'either.go', 'tool.go', 'tool_linux.go']);
  assert.match(r.stderr, /left out 3 Go file\(s\) no build includes \(\/\/go:build ignore\): gen_and\.go, mksyscall\.go, types_linux\.go; give a file's path to scan it/);
  // Named on the command line, the generator is scanned as given.
  const given = runCli(['scan', 'mksyscall.go', '--format', 'json'], { cwd: dir });
  assert.equal((JSON.parse(given.stdout) as { entitlements: { raw: string[] } }).entitlements.raw, ['os.WriteFile']);
});

test.run();
