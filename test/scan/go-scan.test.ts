import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { scanSource } from '../../src/scan/scan-source.ts';
import { goSymbols } from '../../src/scan/go/go-symbols.ts';
import { goDefaultImportName, goFileHeader, goModulePath } from '../../src/scan/go/go-files.ts';
import type { ScanFinding } from '../../src/scan/types.ts';

const scan = (src: string, file = 'handler.go'): ScanFinding[] => scanSource(src, { file }).findings;
/** Capability findings as `identifier` or `identifier:access`, in source order. */
const caps = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => (f.access !== undefined ? `${f.identifier}:${f.access}` : f.identifier!));
const find = (src: string, id: string): ScanFinding | undefined => scan(src).find((f) => f.id === id);
const go = (imports: string, body: string): string => `package h\n\nimport (\n${imports}\n)\n\nfunc f() {\n${body}\n}\n`;

test('.go files go to the Go scanner', () => {
  assert.equal(scan(go('"os/exec"', 'exec.Command("ls").Run()')).map((f) => f.id), ['subprocess.go-exec']);
  assert.equal(scanSource('package h\n', { file: 'h.go' }).findings, []);
});

test('decoys: names in comments, strings and raw strings are no hits; a method on a value is not the package function', () => {
  assert.equal(caps(go('"os/exec"\n"os"', '// exec.Command("rm")\n/* os.Remove(p) */\ns := "exec.Command(x)"\nr := `os.WriteFile(p)`\n_ = s + r\nvar c runner\nc.Command("ls")\nx.Remove(p)\n_ = exec.ErrNotFound\n_ = os.Args')), ['os/exec']);
  // The only use of os/exec is an error value: the import still counts, at the import.
  assert.equal(find(go('"os/exec"', '_ = exec.ErrNotFound'), 'subprocess.go-exec')!.detail, 'imported, but no use of a capability member is recognized in this file');
});

test('local shadowing: a variable, parameter or function named like the import hides it there', () => {
  assert.equal(caps(go('"os/exec"', 'exec := runner{}\nexec.Command("ls")')), ['os/exec']);
  assert.equal(caps('package h\nimport "os/exec"\nfunc f(exec Runner) { exec.Command("ls") }\nfunc g() { exec.Command("ls") }\n'), ['os/exec.Command']);
  assert.equal(caps('package h\nimport "os"\nfunc f() {\n\tfor _, os := range list {\n\t\tos.Remove(x)\n\t}\n}\nfunc g() { os.Remove(y) }\n'), ['os.Remove:write']);
  assert.equal(caps('package h\nimport "net/http"\nfunc (http *Client) Do() { http.Get(u) }\n'), []);
  assert.equal(caps('package h\nimport "net/http"\nvar h = func(http int) { http.Get(u) }\nfunc g() { http.Get(u) }\n'), ['net/http.Get']);
});

test('imports: grouped, aliased, dot and blank imports; cgo', () => {
  assert.equal(caps('package h\nimport x "os/exec"\nfunc f() { x.Command("ls") }\n'), ['os/exec.Command']);
  assert.equal(caps('package h\nimport . "os"\nfunc f() { WriteFile(p, b, 0o600); ReadFile(p) }\n'), ['os.WriteFile:write', 'os.ReadFile:read']);
  const blank = find('package h\nimport _ "net/http/pprof"\n', 'network.go-server-package')!;
  assert.equal([blank.identifier, blank.line, blank.detail], ['net/http/pprof', 2, 'blank import of "net/http/pprof": its init runs']);
  assert.equal(caps('package h\nimport _ "github.com/lib/pq"\nimport _ "image/png"\n'), ['github.com/lib/pq']);
  assert.equal(caps('package h\n// #include <stdio.h>\nimport "C"\n'), ['C']);
  assert.equal(caps(go('"github.com/jackc/pgx/v5/pgxpool"\n"gopkg.in/square/go-jose.v2"\n"golang.org/x/crypto/ssh"\n"golang.org/x/crypto/bcrypt"', '')), ['github.com/jackc/pgx', 'gopkg.in/square/go-jose', 'golang.org/x/crypto/ssh', 'golang.org/x/crypto']);
  assert.equal(scanSource(go('"os"\nx "os/exec"\n"github.com/lib/pq"', ''), { file: 'h.go' }).imports.map((i) => [i.specifier, i.kind]), [['os', 'builtin'], ['os/exec', 'builtin'], ['github.com/lib/pq', 'package']]);
});

test('os.OpenFile: the flags decide read or write; flags that are not a literal count as a write', () => {
  const f = (body: string): string[] => scan(go('"os"\n"syscall"', body)).filter((x) => x.kind === 'capability').map((x) => `${x.access} ${x.detail}`);
  assert.equal(f('os.OpenFile(p, os.O_RDONLY, 0)\nos.OpenFile(p, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o644)\nos.OpenFile(p, flags, 0)\nos.OpenFile(p, 0, 0)\nsyscall.Open(p, syscall.O_RDWR, 0)'), [
    'read flags O_RDONLY', 'write flags O_WRONLY|O_CREATE|O_TRUNC', 'write flags are not a literal: counted as a write', 'read flags 0', 'write flags O_RDWR',
  ]);
  assert.equal(f('open := os.OpenFile\n_ = open'), ['write taken as a value: counted as a write']);
});

test('rows: standard packages that read files, listen for tests, dial syslog or trace processes', () => {
  // go/parser reads the file only when src is nil.
  assert.equal(caps(go('"go/parser"', 'parser.ParseFile(fset, name, nil, 0)\nparser.ParseFile(fset, name, src, 0)\nparser.ParseExprFrom(fset, name, nil, 0)\nparser.ParseDir(fset, d, nil, 0)')),
    ['go/parser.ParseFile:read', 'go/parser.ParseExprFrom:read', 'go/parser.ParseDir:read']);
  assert.equal(caps('package h\nimport . "go/parser"\nfunc f() { ParseFile(fset, name, nil, 0); ParseFile(fset, name, b, 0) }\n'), ['go/parser.ParseFile:read']);
  assert.equal(caps(go('"debug/buildinfo"\n"go/build"\n"debug/macho"\n"debug/plan9obj"', 'buildinfo.ReadFile(p); buildinfo.Read(r); build.Import(p, d, 0); build.ImportDir(d, 0); macho.OpenFat(p); plan9obj.Open(p)')),
    ['debug/buildinfo.ReadFile:read', 'go/build.Import:read', 'go/build.Import', 'go/build.ImportDir:read', 'debug/macho.OpenFat:read', 'debug/plan9obj.Open:read']);
  // A test server listens on a local port; a recorder, a request or the type alone do not.
  assert.equal(caps(go('"net/http/httptest"', 's := httptest.NewServer(h); httptest.NewTLSServer(h); httptest.NewUnstartedServer(h); var t *httptest.Server; httptest.NewRecorder(); httptest.NewRequest("GET", "/", nil); _, _ = s, t')),
    ['net/http/httptest.NewServer', 'net/http/httptest.NewTLSServer', 'net/http/httptest.NewUnstartedServer']);
  assert.equal(caps(go('"log/syslog"', 'syslog.New(syslog.LOG_INFO, "x"); syslog.NewLogger(syslog.LOG_INFO, 0)')), ['log/syslog.New', 'log/syslog.NewLogger']);
  // A key pair read from files: a filesystem read, and cryptography (without a direction).
  const keys = scan(go('"crypto/tls"', 'tls.LoadX509KeyPair(c, k)')).map((f) => `${f.id}:${f.access ?? '-'}`);
  assert.equal(keys, ['crypto.go-stdlib:-', 'filesystem.go-key-files:read']);
  assert.equal(caps(go('"syscall"\n"golang.org/x/sys/unix"', 'syscall.PtraceAttach(pid); unix.PtracePokeData(pid, a, b); syscall.Kill(pid, 9)')), ['syscall.PtraceAttach', 'golang.org/x/sys/unix.PtracePokeData']);
  // embed and archive writers are no capability.
  assert.equal(caps(go('"embed"\n"archive/zip"\n"archive/tar"', 'var fs embed.FS; zip.NewWriter(w); tar.NewWriter(w); _ = fs')), []);
});

test('go/build and go/importer: reads of package files, and the go command they may run', () => {
  const ids = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.id}:${f.identifier}:${f.access ?? '-'}`);
  // A method on build.Default is the package function; Import may run go list, ImportDir never does.
  assert.equal(ids(go('"go/build"', 'build.Default.Import(p, d, 0)\nbuild.Default.ImportDir(d, 0)\nbuild.Import(p, d, build.FindOnly)')), [
    'filesystem.go-build-import:go/build.Default.Import:read', 'subprocess.go-toolchain:go/build.Default.Import:-',
    'filesystem.go-stdlib-read:go/build.Default.ImportDir:read',
    'filesystem.go-build-import:go/build.Import:read', 'subprocess.go-toolchain:go/build.Import:-',
  ]);
  assert.equal(caps('package h\nimport . "go/build"\nfunc f() { Default.Import(p, d, 0); _ = Default.GOROOT }\n'), ['go/build.Default.Import:read', 'go/build.Default.Import']);
  // With AllowBinary or IgnoreVendor in the mode, go/build never runs go list: a read only.
  assert.equal(caps(go('"go/build"', 'build.Import(p, d, build.FindOnly|build.AllowBinary)\nbuild.Default.Import(p, d, build.IgnoreVendor)\nbuild.Import(p, d, mode)')), ['go/build.Import:read', 'go/build.Default.Import:read', 'go/build.Import:read', 'go/build.Import']);
  assert.equal(ids(go('"go/importer"', 'importer.Default().Import("fmt")\nimporter.ForCompiler(fset, "source", nil)\nimporter.For("gc", nil)')), [
    'filesystem.go-importer:go/importer.Default:read', 'subprocess.go-toolchain:go/importer.Default:-',
    'filesystem.go-importer:go/importer.ForCompiler:read', 'subprocess.go-toolchain:go/importer.ForCompiler:-',
    'filesystem.go-importer:go/importer.For:read', 'subprocess.go-toolchain:go/importer.For:-',
  ]);
  // golang.org/x/tools/go/packages loads packages through go list: its import is the capability.
  assert.equal(ids('package h\nimport "golang.org/x/tools/go/packages"\nfunc f() { packages.Load(cfg, "./...") }\n'), ['subprocess.go-toolchain:golang.org/x/tools/go/packages:-']);
  assert.equal(caps('package h\nimport "golang.org/x/tools/go/gcexportdata"\n'), []);
  // The configuration fields of build.Default, the Context type and a copy of it are no capability
  // (a method called on the copy is not followed); neither is a local variable named Default.
  assert.equal(caps(go('"go/build"\n"go/importer"', 'ctx := build.Default\nctx.GOOS = "linux"\n_ = build.Default.GOPATH\nvar c build.Context\n_ = c\nvar t importer.Lookup\n_ = t')), []);
  assert.equal(caps('package h\nimport "go/build"\nfunc f(build Ctx) { build.Default.Import(p, d, 0) }\n'), []);
});

test('standard reads of fixed system files are no capability: time zones, users, host name, system certificates', () => {
  // Like os.userInfo() in Node and pwd/socket.gethostname in Python: the caller names no path.
  assert.equal(caps(go('"time"\n"os/user"\n"os"\n"mime"', 'time.LoadLocation(name)\nuser.Current()\nuser.Lookup(n)\nuser.LookupGroup(g)\nos.Hostname()\nos.UserHomeDir()\nmime.TypeByExtension(".x")')), []);
  // crypto/x509 is cryptography, SystemCertPool included; it is not a filesystem read.
  assert.equal(scan(go('"crypto/x509"', 'x509.SystemCertPool()')).map((f) => f.id), ['crypto.go-stdlib']);
});

test('Windows network system calls: connects, sends and name lookups through syscall and x/sys/windows', () => {
  assert.equal(caps(go('"syscall"\n"golang.org/x/sys/windows"', 'syscall.DnsQuery(n, t, 0, nil, &r, nil); syscall.GetAddrInfoW(h, s, &x, &y); windows.ConnectEx(fd, sa, nil, 0, nil, o); syscall.GetHostByName(n); windows.WSASendTo(s, b, 1, &n, 0, to, o, nil)')),
    ['syscall.DnsQuery', 'syscall.GetAddrInfoW', 'golang.org/x/sys/windows.ConnectEx', 'syscall.GetHostByName', 'golang.org/x/sys/windows.WSASendTo']);
  // Buffers, handles and error values are no network use.
  assert.equal(caps(go('"syscall"', 'syscall.UTF16PtrFromString(n); syscall.CloseHandle(h); syscall.DnsRecordListFree(r, 1); _ = syscall.Errno(1)')), []);
});

test('opening the null device is no file access: os.DevNull and "/dev/null"', () => {
  assert.equal(caps(go('"os"', 'os.Open(os.DevNull); os.OpenFile(os.DevNull, os.O_WRONLY, 0); os.Create("/dev/null"); os.OpenFile(`/dev/null`, os.O_RDWR, 0)')), []);
  assert.equal(caps('package h\nimport . "os"\nfunc f() { Open(DevNull); OpenFile(DevNull, O_RDWR, 0) }\n'), []);
  assert.equal(caps(go('"os"', 'os.Open(os.DevNull + "x"); os.Create(p); os.WriteFile(os.DevNull, b, 0)')), ['os.Open:read', 'os.Create:write', 'os.WriteFile:write']);
  // A local DevNull is not os.DevNull.
  assert.equal(caps('package h\nimport . "os"\nfunc f(DevNull string) { Open(DevNull) }\n'), ['os.Open:read']);
});

test('rows: filesystem, network, subprocess, crypto, code evaluation, environment', () => {
  assert.equal(caps(go('"os"\n"io/ioutil"\n"path/filepath"', 'os.Create(p); os.RemoveAll(d); os.Stat(p); os.DirFS(d); ioutil.ReadFile(p); ioutil.TempDir("", "x"); filepath.WalkDir(d, fn); filepath.Join(a, b)')),
    ['os.Create:write', 'os.RemoveAll:write', 'os.Stat:read', 'os.DirFS:read', 'io/ioutil.ReadFile:read', 'io/ioutil.TempDir:write', 'path/filepath.WalkDir:read']);
  assert.equal(caps(go('"net"\n"net/http"\n"crypto/tls"', 'net.Dial("tcp", a); net.ParseIP(s); http.ListenAndServe(":80", nil); c := &http.Client{}; _ = http.StatusOK; tls.Dial("tcp", a, nil); _ = c')),
    ['net.Dial', 'net/http.ListenAndServe', 'net/http.Client', 'crypto/tls.Dial']);
  assert.equal(caps(go('"os"\n"syscall"\n"golang.org/x/sys/unix"', 'os.StartProcess(p, a, attr); syscall.Exec(p, a, e); unix.Exec(p, a, e); os.Getpid()')), ['os.StartProcess', 'syscall.Exec', 'golang.org/x/sys/unix.Exec']);
  assert.equal(caps(go('"crypto/sha256"\n"math/rand"\n"hash/fnv"', 'sha256.Sum256(b); rand.Intn(3); fnv.New32()')), ['crypto/sha256.Sum256']);
  assert.equal(caps(go('"plugin"\n"unsafe"\n"github.com/traefik/yaegi/interp"', 'plugin.Open(p); _ = unsafe.Pointer(nil); interp.New(o)')), ['unsafe', 'github.com/traefik/yaegi', 'plugin.Open']);
  assert.equal(scan(go('"os"\n"github.com/joho/godotenv"', 'os.Getenv("HOME"); os.LookupEnv("X")')).filter((x) => x.family === 'environment').map((x) => x.identifier), ['github.com/joho/godotenv', 'os.Getenv', 'os.LookupEnv']);
  // godotenv: Load/Overload/Read read the .env files, Exec also starts the command; Unmarshal reads no file.
  assert.equal(caps(go('"github.com/joho/godotenv"', 'godotenv.Load(); godotenv.Overload(".env.local"); m, _ := godotenv.Read(); godotenv.Unmarshal(s); godotenv.Exec(fs, "ls", nil); _ = m')),
    ['github.com/joho/godotenv', 'github.com/joho/godotenv.Load:read', 'github.com/joho/godotenv.Overload:read', 'github.com/joho/godotenv.Read:read', 'github.com/joho/godotenv.Exec:read', 'github.com/joho/godotenv.Exec']);
  assert.equal(scan(go('"github.com/chromedp/chromedp"', '')).map((x) => x.id), ['network.go-browser-automation', 'subprocess.go-browser-automation']);
  // `embed`, `io/fs`, `archive/zip` and `database/sql` alone are no capability.
  assert.equal(caps(go('"embed"\n"io/fs"\n"archive/zip"\n"database/sql"', 'fs.ReadFile(fsys, p); zip.NewReader(r, n); sql.Open("x", d)')), []);
});

test('MCP transports of mcp-go and the Go SDK', () => {
  assert.equal(caps(go('"github.com/mark3labs/mcp-go/client"\n"github.com/mark3labs/mcp-go/server"', 'client.NewStdioMCPClient("node", nil); client.NewSSEMCPClient(u); server.ServeStdio(s)')), ['github.com/mark3labs/mcp-go/client.NewStdioMCPClient', 'github.com/mark3labs/mcp-go/client.NewSSEMCPClient']);
  assert.equal(scan(go('"github.com/modelcontextprotocol/go-sdk/mcp"', 't := &mcp.CommandTransport{}; s := &mcp.StreamableClientTransport{}; mcp.NewServer(i, nil)')).filter((x) => x.kind === 'capability').map((x) => x.id), ['subprocess.go-mcp-stdio-client', 'network.go-mcp-transport']);
});

test('evasion: base64 and hex decoding of literals, character codes, reflection by name, linkname', () => {
  const b64 = find(go('"encoding/base64"', 'b, _ := base64.StdEncoding.DecodeString("ZXhlYy5Db21tYW5kKCJzaCIp")\n_ = b'), 'evasion.base64-decode')!;
  assert.equal([b64.confidence, b64.detail], ['high', 'decodes to "exec.Command("sh")"']);
  assert.is(find(go('"encoding/base64"', 'base64.RawURLEncoding.DecodeString("aGVsbG8gd29ybGQgZnJvbSBnbw")'), 'evasion.base64-decode')!.confidence, 'low');
  assert.is(find(go('"encoding/hex"', 'hex.DecodeString("2f62696e2f7368202d63")'), 'evasion.base64-decode')!.detail, 'decodes to "/bin/sh -c"');
  assert.equal(find(go('', 'n := string([]byte{101, 120, 101, 99})\n_ = n'), 'evasion.from-char-code')!.confidence, 'high');
  assert.equal(find(go('', "n := string(rune(0x6c)) + string(rune('s')) + string(rune(111))\n_ = n"), 'evasion.from-char-code')!.detail, 'decodes to "lso"');
  assert.is(find(go('', 'n := string(rune(10))\nb := string([]byte{0xef, 0xbb, 0xbf})\n_ = n + b'), 'evasion.from-char-code'), undefined);
  assert.equal(scan(go('"reflect"', 'reflect.ValueOf(x).MethodByName(name).Call(nil)\nreflect.ValueOf(x).MethodByName("Com" + "mand").Call(nil)\nreflect.ValueOf(x).MethodByName("String")')).filter((x) => x.id === 'evasion.go-reflect-call').map((x) => x.confidence), ['medium', 'high', 'low']);
  assert.is(find(go('', 'v.MethodByName(name)'), 'evasion.go-reflect-call'), undefined);
  const link = find('package h\nimport _ "unsafe"\n//go:linkname forkExec syscall.forkExec\nfunc forkExec() int\n//go:linkname nanotime runtime.nanotime\nfunc nanotime() int64\n', 'evasion.go-linkname')!;
  assert.equal([link.line, link.confidence], [3, 'high']);
  assert.is(scan('package h\n//go:linkname nanotime runtime.nanotime\nfunc nanotime() int64\n').find((f) => f.id === 'evasion.go-linkname')!.confidence, 'medium');
});

test('evasion: escape density, entropy, bidi and invisible characters', () => {
  assert.is(find(`package h\nvar s = "${'\\x65'.repeat(40)}"\n`, 'evasion.escape-density')!.confidence, 'high');
  assert.ok(find('package h\nvar k = "3q2+7w==Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFiY2RlZmdoaWprbG1ub3BxcnN0dXZ3eHl6QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo="\n', 'evasion.high-entropy-literal') !== undefined);
  assert.is(find('package h\nvar s = "a\u202eb"\n', 'evasion.bidi-control')!.confidence, 'high');
  assert.is(find('package h\nvar s\u200b = 1\n', 'evasion.invisible-character')!.confidence, 'high');
  assert.is(find('package h\nvar s = "ಇನ್\u200cಪುಟ್" // ಇನ್\u200cಪುಟ್\n', 'evasion.invisible-character'), undefined);
  assert.is(find('package h\nvar s = "a\u200cb"\n', 'evasion.invisible-character') !== undefined, true);
});

test('not analyzed: reason and line, findings before the problem still reported, never clean', () => {
  const r = scan('package h\nimport "os"\nfunc f() {\n\tos.Remove(p)\n\tx := "open\n}\n');
  assert.equal(r.map((f) => `${f.id}@${f.line}`), ['filesystem.go-os-write@4', 'scan.not-analyzed@5']);
  assert.match(r[1]!.detail!, /^unclosed-string: the tokenizer lost track here/);
  const b = scan('package h\nfunc f() {\n\tg())\n}\n').find((f) => f.kind === 'not-analyzed')!;
  assert.equal([b.line, b.detail], [3, 'unmatched-bracket ")": closes nothing opened before it, so the file does not parse and its findings are unreliable']);
});

test('symbols: declared names, bare uses, selectors and qualified uses decide which files are followed', () => {
  const s = goSymbols('package tools\nimport "example.com/m/store"\ntype T struct {\n\tName string\n\tbase\n}\nfunc (t *T) Run() { helper(t.Name); store.Read(Dir); x := other(); x.save() }\nfunc g() {\nloop:\n\tfor { break loop }\n}\n');
  assert.equal([...s.declares].sort(), ['Run', 'T', 'g']);
  // The embedded field `base` is a use of the type base (its promoted methods come with it); `Name` is a field.
  assert.equal([...s.bare.keys()].sort(), ['Dir', 'base', 'helper', 'other']);
  assert.ok(s.selectors.has('save') && s.selectors.has('Name'));
  assert.equal([...s.qualified.get('example.com/m/store')!], ['Read']);
  assert.is(s.packageName, 'tools');
  assert.equal([...goSymbols('package t\nfunc (r *Runner) String() string { return "" }\nfunc (l List[T]) Len() int { return 0 }\nfunc (Runner) Wipe() {}\n').implicitReceivers].sort(), ['List', 'Runner']);
});

test('go.mod, package clauses, build constraints and default import names', () => {
  assert.is(goModulePath('// x\nmodule example.com/notes // comment\n\ngo 1.22\n'), 'example.com/notes');
  assert.equal(goFileHeader('//go:build ignore\n\n// Doc.\npackage main\n'), { name: 'main', ignored: true });
  assert.equal(goFileHeader('//go:build linux && !ignore\npackage x\n'), { name: 'x', ignored: false });
  assert.equal(['github.com/mattn/go-sqlite3', 'github.com/jackc/pgx/v5', 'gopkg.in/yaml.v3', 'github.com/mark3labs/mcp-go', 'github.com/playwright-community/playwright-go', 'os/exec'].map(goDefaultImportName), ['sqlite3', 'pgx', 'yaml', 'mcp', 'playwright', 'exec']);
});

test('//go:cgo_import_dynamic of a libc function with a capability row is that capability (golang.org/x/sys zsyscall_solaris_amd64.go, reduced)', () => {
  // x/sys links libc into a package without cgo; so can a handler: `system` through two directives.
  const src = 'package h\n\nimport _ "unsafe"\n\n//go:cgo_import_dynamic libc_system system "libc.so.6"\n//go:cgo_import_dynamic libc_open open "libc.so"\n//go:cgo_import_dynamic libc_fork fork@FBSD_1.0 "libc.so.7"\n//go:cgo_import_dynamic libc_getenv getenv#GLIBC_2.2.5 "libc.so.6"\n//go:linkname libc_system libc_system\nvar libc_system uintptr\n';
  const found = scan(src);
  assert.equal(found.filter((f) => f.kind === 'capability' && f.identifier !== 'unsafe').map((f) => [f.id, f.identifier, f.line, f.access ?? '']), [
    ['subprocess.go-cgo-libc', 'C.system', 5, ''],
    ['filesystem.go-cgo-libc-write', 'C.open', 6, 'write'],
    ['subprocess.go-cgo-libc', 'C.fork', 7, ''],
    ['environment.go-cgo-libc', 'C.getenv', 8, ''],
  ]);
  // The linkname to the imported symbol stays an evasion finding, worded as the C function it is.
  assert.equal(found.filter((f) => f.id === 'evasion.go-linkname').map((f) => [f.confidence, f.detail]), [['medium', 'links to the C library function system of "libc.so.6", imported as libc_system by //go:cgo_import_dynamic']]);
  // A bare symbol the file does not import: no Go package's either.
  assert.equal(scan('package h\n\nimport _ "unsafe"\n\n//go:linkname f my_asm_helper\nfunc f()\n').filter((f) => f.id === 'evasion.go-linkname').map((f) => f.detail), ['links to the symbol my_asm_helper, which names no Go package (a C or assembly symbol)']);
  // Benign neighbours: a libc function with no row, the blank form, a directive with a space (a
  // plain comment to the go tool), one in a block comment or a string, and a file that names none.
  const benign = 'package h\n\n//go:cgo_import_dynamic libc_getpid getpid "libc.so"\n//go:cgo_import_dynamic _ _ "libc.so"\n// go:cgo_import_dynamic libc_system system "libc.so"\n/*\n//go:cgo_import_dynamic libc_unlink unlink "libc.so"\n*/\nvar s = "//go:cgo_import_dynamic libc_exec execve \\"libc.so\\""\n';
  assert.equal(caps(benign), []);
});

test('audit: a lone CR stays in a line comment; linkname to an exported function; header parsing; local O_ constants', () => {
  // Go ends a line comment at \n only: a backquote after a lone \r is comment text, not a raw string.
  assert.equal(caps('package main\nimport "os"\n// note\r`\nfunc main() { os.RemoveAll("/tmp/x") }\n// `\n'), ['os.RemoveAll:write']);
  const linked = scan('package main\n\nimport _ "unsafe"\n\n//go:linkname rm os.RemoveAll\nfunc rm(path string) error\n');
  assert.ok(linked.some((f) => f.identifier === 'os.RemoveAll' && f.access === 'write'));
  assert.is(linked.find((f) => f.id === 'evasion.go-linkname')?.confidence, 'high');
  assert.equal(goFileHeader('//go:build ignore || linux\n\npackage x\n'), { name: 'x', ignored: false });
  assert.equal(goFileHeader('// +build ignore linux\n\npackage x\n'), { name: 'x', ignored: false });
  assert.equal(goFileHeader('/*\n//go:build ignore\n*/\npackage x\n'), { name: 'x', ignored: false });
  assert.equal(goFileHeader('/*\npackage docs\n*/\npackage tools\n'), { name: 'tools', ignored: false });
  assert.equal(goFileHeader('// +build ignore\n\npackage main\n'), { name: 'main', ignored: true });
  assert.equal(caps('package main\n\nimport "os"\n\nconst O_RDONLY = os.O_RDWR | os.O_CREATE\n\nfunc f() { os.OpenFile("/etc/passwd", O_RDONLY, 0) }\n'), ['os.OpenFile:write']);
  assert.equal(caps('package main\n\nimport (\n\t"archive/zip"\n\t"log/syslog"\n\t"net/http/cgi"\n)\n\nfunc f() {\n\tzip.OpenReader("x.zip")\n\tsyslog.Dial("tcp", "h:514", 0, "x")\n\t_ = cgi.Handler{Path: "/bin/sh"}\n}\n'), ['archive/zip.OpenReader:read', 'log/syslog.Dial', 'net/http/cgi.Handler']);
});

test('one name declared thousands of times is still looked up quickly enough to finish', () => {
  // 40,000 short declarations of one name took 7.6 s when every use scanned every range; the
  // answers must stay the same: the later os.Remove is the package, the shadowed one is not.
  const body = 'x := 1; _ = x\n'.repeat(40000);
  assert.equal(caps(`package main\n\nimport "os"\n\nfunc f() {\n${body}os.Remove("a")\n}\n\nfunc g(os int) { os.Remove("b") }\n`), ['os.Remove:write']);
});

test('a name declared in an if/for/switch header is scoped to that statement, not the rest of the block', () => {
  const lines = (body: string): number[] => scan(`package main\n\nimport "os"\n\n${body}`).filter((f) => f.kind === 'capability').map((f) => f.line!);
  assert.equal(lines('func f(xs []int) {\n\tfor os := range xs {\n\t\t_ = os\n\t}\n\tos.WriteFile("a", nil, 0)\n}\n'), [9]);
  assert.equal(lines('func f(v any) {\n\tswitch os := v.(type) {\n\tdefault:\n\t\t_ = os\n\t}\n\tos.Remove("x")\n}\n'), [10]);
  assert.equal(lines('func f() {\n\tif os, ok := g(); ok {\n\t\tos.Remove("in-if")\n\t} else {\n\t\tos.Remove("in-else")\n\t}\n\tos.Remove("after")\n}\n'), [11]);
  assert.equal(lines('func f() {\n\tfor os := range []int{1, 2} {\n\t\t_ = os\n\t}\n\tos.Remove("after")\n}\n'), [9]);
  // A plain := still hides the package to the end of its block.
  assert.equal(lines('func f() {\n\tos := 1\n\t_ = os\n\tos.Remove("shadowed")\n}\n'), []);
});

test('raw Syscall: a SYS_ constant is the capability, any other number is evasion; Windows file calls and DLL loading', () => {
  const src = go('"syscall"\n"golang.org/x/sys/unix"', 'syscall.RawSyscall6(syscall.SYS_EXECVE, 0, 0, 0, 0, 0, 0)\nunix.Syscall(unix.SYS_OPENAT, 0, 0, 0)\ntrap := unix.SYS_CONNECT\nunix.Syscall(trap, 0, 0, 0)\nsyscall.Syscall(59, 0, 0, 0)\nsyscall.Syscall(syscall.SYS_GETPID, 0, 0, 0)\nunix.Syscall(unix.SYS_STATX, 0, 0, 0)\nunix.Syscall(unix.SYS_PTRACE, 0, 0, 0)');
  const found = scan(src);
  assert.equal(found.filter((x) => x.kind === 'capability').map((x) => `${x.id} ${x.identifier}${x.access ? ':' + x.access : ''}`), [
    'subprocess.go-syscall-trap syscall.SYS_EXECVE', 'filesystem.go-syscall-trap-write golang.org/x/sys/unix.SYS_OPENAT:write', 'network.go-syscall-trap golang.org/x/sys/unix.SYS_CONNECT',
    'filesystem.go-syscall-trap-read golang.org/x/sys/unix.SYS_STATX:read', 'code-evaluation.go-syscall-trap golang.org/x/sys/unix.SYS_PTRACE',
  ]);
  // The variable and the literal number are evasion; a call by a SYS_ constant (even one without a row, SYS_GETPID) is not.
  assert.equal(found.filter((x) => x.id === 'evasion.go-raw-syscall').map((x) => `${x.line} ${x.confidence}`), ['12 medium', '13 high']);
  // A Windows DLL procedure called through Syscall/SyscallN is the DLL load's finding, not a system call number.
  assert.equal(scan(go('"syscall"', 'k := syscall.NewLazyDLL("kernel32.dll")\np := k.NewProc("WinExec")\nsyscall.SyscallN(p.Addr(), 0)\nsyscall.Syscall(p.Addr(), 1, 0, 0, 0)')).map((x) => x.id), ['code-evaluation.go-native-library']);
  assert.equal(scan(go('"syscall"', 'syscall.SyscallN(n, 0)')).map((x) => x.id), ['evasion.go-raw-syscall']);
  const win = (body: string): string[] => scan(go('"golang.org/x/sys/windows"\n"syscall"', body)).filter((x) => x.kind === 'capability').map((x) => `${x.identifier}:${x.access ?? x.family}`);
  assert.equal(win('windows.CreateFile(p, windows.GENERIC_READ, windows.FILE_SHARE_READ, nil, windows.OPEN_EXISTING, 0, 0)'), ['golang.org/x/sys/windows.CreateFile:read']);
  assert.equal(win('windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE, 0, nil, windows.OPEN_EXISTING, 0, 0)'), ['golang.org/x/sys/windows.CreateFile:write']);
  assert.equal(win('windows.CreateFile(p, windows.GENERIC_READ, 0, nil, windows.CREATE_ALWAYS, 0, 0)'), ['golang.org/x/sys/windows.CreateFile:write']);
  assert.equal(win('syscall.CreateFile(p, access, 0, nil, syscall.OPEN_EXISTING, 0, 0)'), ['syscall.CreateFile:write']);
  assert.equal(win('windows.DeleteFile(p)\nwindows.FindFirstFile(p, &d)\nsyscall.NewLazyDLL("kernel32.dll").NewProc("WinExec").Call(0)'), [
    'golang.org/x/sys/windows.DeleteFile:write', 'golang.org/x/sys/windows.FindFirstFile:read', 'syscall.NewLazyDLL:codeEvaluation',
  ]);
});

test('each case/default clause of a switch or select is its own block: a name declared in one hides nothing in the next', () => {
  const lines = (body: string): number[] => scan(`package main\n\nimport "os"\n\n${body}`).filter((f) => f.kind === 'capability').map((f) => f.line!);
  // A local os in case 1 used to hide the package for the rest of the switch body.
  assert.equal(lines('func f(v int) {\n\tswitch v {\n\tcase 1:\n\t\tos := 1\n\t\t_ = os\n\tdefault:\n\t\tos.RemoveAll("/")\n\t}\n}\n'), [11]);
  assert.equal(lines('func f(c chan int) {\n\tselect {\n\tcase os := <-c:\n\t\t_ = os\n\tcase <-c:\n\t\tos.Remove("x")\n\t}\n}\n'), [10]);
  // In its own clause the local still hides the package, also with a nested block between.
  assert.equal(lines('func f(v int) {\n\tswitch v {\n\tcase 1:\n\t\tos := g()\n\t\tif v > 0 {\n\t\t\tswitch { case true: }\n\t\t}\n\t\tos.Remove("local")\n\tcase 2:\n\t}\n}\n'), []);
  // A var spec in a clause, and a plain block (not a clause) still lasts to its end.
  assert.equal(lines('func f(v int) {\n\tswitch v {\n\tcase 1:\n\t\tvar os T\n\t\tos.Remove("local")\n\tcase 2:\n\t\tos.Remove("pkg")\n\t}\n}\n'), [11]);
});

test('raw system calls: sockets are network, openat decides from its flags, other path calls read or write (descriptor calls count where it was opened)', () => {
  // A socket opened and connected through syscall (or x/sys/unix) reaches the network without net.
  assert.equal(caps(go('"syscall"\n"golang.org/x/sys/unix"', 'fd, _ := syscall.Socket(syscall.AF_INET, syscall.SOCK_STREAM, 0)\nsyscall.Connect(fd, &syscall.SockaddrInet4{Port: 80})\nsyscall.Write(fd, b)\nu, _ := unix.Socket(unix.AF_INET, unix.SOCK_DGRAM, 0)\nunix.Sendto(u, b, 0, sa)')),
    ['syscall.Socket', 'syscall.Connect', 'golang.org/x/sys/unix.Socket', 'golang.org/x/sys/unix.Sendto']);
  const f = (body: string): string[] => scan(go('"syscall"\n"golang.org/x/sys/unix"', body)).filter((x) => x.kind === 'capability').map((x) => `${x.identifier}:${x.access} ${x.detail ?? ''}`.trim());
  assert.equal(f('syscall.Openat(dir, p, syscall.O_WRONLY|syscall.O_CREAT, 0o600)\nunix.Openat(dir, p, unix.O_RDONLY, 0)\nunix.Openat2(dir, p, &how)'), [
    'syscall.Openat:write flags O_WRONLY|O_CREAT', 'golang.org/x/sys/unix.Openat:read flags O_RDONLY', 'golang.org/x/sys/unix.Openat2:write flags are not a literal: counted as a write',
  ]);
  assert.equal(f('syscall.Stat(p, &st)\nsyscall.Getdents(fd, buf)\nunix.Readlink(p, buf)\nunix.Mkfifo(p, 0o600)\nsyscall.Setxattr(p, k, v, 0)\nunix.Mount(src, dst, "tmpfs", 0, "")'), [
    'syscall.Stat:read', 'golang.org/x/sys/unix.Readlink:read', 'golang.org/x/sys/unix.Mkfifo:write', 'syscall.Setxattr:write', 'golang.org/x/sys/unix.Mount:write',
  ]);
});

test('build constraints are read where the go tool reads them: a +build line needs a blank line before the package clause', () => {
  // `go build` compiles these files (`go vet` only warns "misplaced +build comment"): skipping them hid their code.
  assert.equal(goFileHeader('// +build ignore\npackage tools\n'), { name: 'tools', ignored: false });
  assert.equal(goFileHeader('/* x */\n// +build ignore\n\npackage tools\n'), { name: 'tools', ignored: false });
  assert.equal(goFileHeader('/* x */ //go:build ignore\n\npackage tools\n'), { name: 'tools', ignored: false });
  assert.equal(goFileHeader('//go:buildignore\n\npackage tools\n'), { name: 'tools', ignored: false });
  // Still ignored: a +build line followed by a blank line, a //go:build line with or without one, after a block comment too.
  assert.equal(goFileHeader('// Copyright\n// +build ignore\n\n// Doc.\npackage main\n'), { name: 'main', ignored: true });
  assert.equal(goFileHeader('//go:build ignore\npackage main\n'), { name: 'main', ignored: true });
  assert.equal(goFileHeader('/* License */\n//go:build ignore\npackage main\n'), { name: 'main', ignored: true });
  assert.equal(goFileHeader('\ufeff//+build ignore\n\npackage main\n'), { name: 'main', ignored: true });
});

test('parameter names of a func type (a result, an element, a pointer) hide nothing in the body that follows', () => {
  // `func mk() func(os string) error {`: the body is mk's, where os is the package.
  assert.equal(caps('package h\nimport "os"\nfunc mk() func(os string) error {\n\tos.RemoveAll("/")\n\treturn nil\n}\n'), ['os.RemoveAll:write']);
  assert.equal(caps('package h\nimport "os/exec"\nfunc mk[T any]() func() func(exec string) {\n\texec.Command("sh").Run()\n\treturn nil\n}\n'), ['os/exec.Command']);
  assert.equal(caps('package h\nimport "os"\nvar hs = map[string]func(os string){"rm": func(p string) { os.Remove(p) }}\n'), ['os.Remove:write']);
  // A function literal's parameters still hide the package in its own body; so do a declaration's
  // after an import group's `)`.
  assert.equal(caps('package h\nimport "os"\nvar f = func(os string) { os.Remove("x") }\nfunc g() { h(func(os int) { os.Remove("y") }) }\n'), []);
  assert.equal(caps('package h\nimport (\n\t"os"\n)\nfunc g(os int) { os.Remove("y") }\n'), []);
  assert.equal([...goSymbols('package h\nimport (\n\t"os"\n)\nfunc G(ctx int) { ctx.Do() }\n').bare.keys()], []);
});

test('thousands of declarations on one line (minified code) are scoped like the multi-line form', () => {
  // 30,000 `:=` on one line took about 30 s when each looked for its line's bounds and an
  // if-header body token by token; the answers stay those of the multi-line form (the time is
  // measured by test/bench/scan-worst-case.bench.ts).
  const line = 'a := 1; _ = a; '.repeat(30000);
  assert.equal(caps(`package main\n\nimport "os"\n\nfunc f() { if ok := g(); ok { ${line} }; os.Remove("a") }\n\nfunc g(os int) { ${line}os.Remove("b") }\n`), ['os.Remove:write']);
});

test('a line that continues an expression in a var or const group declares nothing (its package name stays the import)', () => {
  // `cfg = os.Getenv("HOME") +` goes on, so the next line's `os` is a use, not a new spec: read as
  // one, it hid the package os in the whole file (Go's crypto/tls writes `runtime.GOARCH == … ||`
  // over lines this way).
  assert.equal(caps('package h\nimport "os"\nvar (\n\tcfg = os.Getenv("HOME") +\n\t\tos.Getenv("X")\n\tn = 1\n)\nfunc g() { os.RemoveAll("/") }\n'), ['os.Getenv', 'os.Getenv', 'os.RemoveAll:write']);
  assert.equal(caps('package h\nimport "os/exec"\nfunc f() {\n\tvar (\n\t\tok = true &&\n\t\t\texec.Command("a") != nil\n\t)\n\texec.Command("b").Run()\n}\n'), ['os/exec.Command', 'os/exec.Command']);
  // A new line after a name, a literal or a closing bracket is still a new spec.
  assert.equal(caps('package h\nimport "os"\nvar (\n\ta = f(\n\t\t1)\n\tos = 2\n)\nfunc g() { os.Remove("x") }\n'), []);
  assert.equal([...goSymbols('package h\nimport "runtime"\nconst (\n\tA = runtime.GOOS == "a" ||\n\t\truntime.GOOS == "b"\n)\n').declares], ['A']);
});

test('a declared name comes into scope where its declaration ends, as in Go (not at the next line)', () => {
  // The initializer of `exec := runner{` … `}` runs before exec is declared: its later lines use
  // the package (they were hidden, so the capability went unreported).
  assert.equal(caps('package h\nimport "os/exec"\nfunc f() {\n\texec := runner{\n\t\tcmd: exec.Command("sh"),\n\t}\n\texec.Command("not the package")\n}\n'), ['os/exec.Command']);
  assert.equal(caps('package h\nimport "os"\nfunc f() {\n\tvar os = wrap(\n\t\tos.Remove)\n\tos.Remove("x")\n}\n'), ['os.Remove:write']);
  // In a header, the name is declared from the end of the simple statement: the condition uses it.
  assert.equal(caps('package h\nimport "net/http"\nfunc f(c any) {\n\tif http, ok := c.(*Client); ok && http.Get != nil {\n\t}\n}\n'), []);
  // A case clause's := ends at its `:`.
  assert.equal(caps('package h\nimport "os"\nfunc f(ch chan T) {\n\tselect {\n\tcase os := <-ch:\n\t\tos.Remove("x")\n\t}\n}\n'), []);
});

test('a dot-imported name is hidden only where a declaration of it is in scope (not by a method or another function\'s local)', () => {
  assert.equal(caps('package h\nimport . "os"\ntype S struct{}\nfunc (s S) Remove(p string) { Remove(p) }\nfunc g() { Open := 1; _ = Open }\nfunc h() { Open("x") }\n'), ['os.Remove:write', 'os.Open:read']);
});

test('golang.org/x/sys/execabs, the drop-in for os/exec, starts processes and searches PATH', () => {
  assert.equal(caps(go('"golang.org/x/sys/execabs"', 'execabs.Command("sh").Run()\nexecabs.LookPath("git")\n_ = execabs.ErrNotFound')), ['golang.org/x/sys/execabs.Command', 'golang.org/x/sys/execabs.LookPath:read']);
});

test('an if/for/switch header is recognized mid-line (a function on one line): its := does not hide the package after the statement', () => {
  assert.equal(caps('package h\nimport "os"\nfunc f() { if os := 1; os > 0 {}; os.RemoveAll("/") }\n'), ['os.RemoveAll:write']);
  assert.equal(caps('package h\nimport "os"\nfunc f(xs []int) { for os := range xs { _ = os }; os.Remove("x") }\n'), ['os.Remove:write']);
  assert.equal(caps('package h\nimport "os"\nfunc f() {\n\tx := 1; if os := x; os > 0 {\n\t}\n\tos.Remove("x")\n}\n'), ['os.Remove:write']);
  // Inside the statement the name is still the local.
  assert.equal(caps('package h\nimport "os"\nfunc f() { if os := g(); os != nil { os.Remove("x") } }\n'), []);
});

test('afero touches files through its OS-backed filesystem only, not on an in-memory one', () => {
  const rows = (body: string): string[] => scan(`package p\nimport "github.com/spf13/afero"\n${body}\n`).map((f) => `${f.id} ${f.identifier}`);
  assert.equal(rows('func n() afero.Fs { return afero.NewBasePathFs(afero.NewOsFs(), "/srv") }'), ['filesystem.go-afero-os github.com/spf13/afero.NewOsFs']);
  assert.equal(rows('var fs afero.Fs = &afero.OsFs{}'), ['filesystem.go-afero-os github.com/spf13/afero.OsFs']);
  assert.equal(rows('var fs = afero.NewMemMapFs()\nfunc save(b []byte) error { return afero.WriteFile(fs, "/n", b, 0o644) }'), []);
  // A function handed an afero.Fs uses what another file made.
  assert.equal(rows('func save(fs afero.Fs, b []byte) error { return afero.WriteFile(fs, "/n", b, 0o644) }'), []);
});

test('file packages (afero, fsnotify, viper), GORM drivers, go-git and more client packages are reported at their import', () => {
  const rows = (imports: string): string[] => scan(go(imports, '')).map((f) => `${f.id}${f.access !== undefined ? `:${f.access}` : ''}`);
  // afero is an interface: its import alone touches no file (heldout-code21 g02); NewOsFs does (below).
  assert.equal(rows('"github.com/spf13/afero"'), []);
  assert.equal(rows('"github.com/otiai10/copy"'), ['filesystem.go-file-write-package:write']);
  assert.equal(rows('"github.com/fsnotify/fsnotify"\n"github.com/spf13/viper"'), ['filesystem.go-file-read-package:read', 'filesystem.go-file-read-package:read']);
  assert.equal(rows('"gorm.io/gorm"\n"gorm.io/driver/sqlite"\n"gorm.io/driver/postgres"'), ['filesystem.go-embedded-database:read', 'network.go-database-client']);
  assert.equal(rows('"github.com/go-git/go-git/v5"'), ['filesystem.go-git-package', 'network.go-git-package']);
  assert.equal(rows('"github.com/emersion/go-imap/client"\n"github.com/ollama/ollama/api"\n"github.com/atotto/clipboard"'), ['network.go-client-package', 'network.go-service-sdk', 'subprocess.go-spawn-package']);
  // Packages without a capability stay clean.
  assert.equal(rows('"github.com/google/uuid"\n"gorm.io/gorm"'), []);
});

test('Redis, Valkey, Oracle, OpenSearch, InfluxDB, Trino and other server database clients are reported at their import', () => {
  // A tool server's session store built on rueidis (seen in go-training/mcp-workshop pkg/store/redis.go) was no capability.
  const rows = (imports: string): string[] => scan(go(imports, '')).map((f) => `${f.id}:${f.identifier}`);
  assert.equal(rows('"github.com/redis/rueidis"'), ['network.go-database-client:github.com/redis/rueidis']);
  assert.equal(rows('"github.com/valkey-io/valkey-go"\n"github.com/sijms/go-ora/v2"\n"github.com/opensearch-project/opensearch-go/v4"'), [
    'network.go-database-client:github.com/valkey-io/valkey-go', 'network.go-database-client:github.com/sijms/go-ora', 'network.go-database-client:github.com/opensearch-project/opensearch-go',
  ]);
  assert.equal(rows('"github.com/influxdata/influxdb-client-go/v2"\n"github.com/trinodb/trino-go-client/trino"\n"github.com/bradfitz/gomemcache/memcache"'), [
    'network.go-database-client:github.com/influxdata/influxdb-client-go', 'network.go-database-client:github.com/trinodb/trino-go-client', 'network.go-database-client:github.com/bradfitz/gomemcache',
  ]);
  // sqlx and database/sql name no server: the driver does (its blank import is the finding).
  assert.equal(rows('"github.com/jmoiron/sqlx"'), []);
});

test('plugin hosts and tool wrappers that run a binary start processes; archivers write files', () => {
  // go-plugin starts each plugin as a child process; terraform-exec runs the terraform binary; archiver creates and extracts archives on disk.
  const rows = (imports: string): string[] => scan(go(imports, '')).map((f) => `${f.id}:${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`);
  assert.equal(rows('"github.com/hashicorp/go-plugin"\n"github.com/hashicorp/terraform-exec/tfexec"'), [
    'subprocess.go-spawn-package:github.com/hashicorp/go-plugin', 'subprocess.go-spawn-package:github.com/hashicorp/terraform-exec',
  ]);
  assert.equal(rows('"github.com/mholt/archiver/v4"\n"github.com/mholt/archives"'), [
    'filesystem.go-file-write-package:github.com/mholt/archiver:write', 'filesystem.go-file-write-package:github.com/mholt/archives:write',
  ]);
});

test('third-party file readers by path; a member row matches the package at any major version', () => {
  assert.equal(caps(go('"github.com/BurntSushi/toml"', 'toml.DecodeFile(p, &cfg)\ntoml.Decode(s, &cfg)')), ['github.com/BurntSushi/toml.DecodeFile:read']);
  // `/v2` is the same package to the rows, and the raw identifier does not change with the version.
  assert.equal(caps(go('"github.com/xuri/excelize/v2"', 'f, _ := excelize.OpenFile(p)\n_ = excelize.NewFile()\n_ = f')), ['github.com/xuri/excelize.OpenFile:read']);
  assert.equal(caps(go('"github.com/ledongthuc/pdf"', 'f, r, _ := pdf.Open(p)\n_, _ = f, r')), ['github.com/ledongthuc/pdf.Open:read']);
});

test('client-go reads the kubeconfig or the in-cluster service-account files when it builds a rest config', () => {
  // Modeled on cluster tool servers: in-cluster config first, the kubeconfig given by a flag as the fallback.
  const src = go('"k8s.io/client-go/kubernetes"\n"k8s.io/client-go/rest"\n"k8s.io/client-go/tools/clientcmd"', 'cfg, err := rest.InClusterConfig()\nif err != nil {\n\tcfg, err = clientcmd.BuildConfigFromFlags("", kubeconfig)\n}\n_, _ = kubernetes.NewForConfig(cfg)');
  assert.equal(scan(src).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '10:filesystem.go-kube-config:k8s.io/client-go/rest.InClusterConfig:read',
    '12:filesystem.go-kube-config:k8s.io/client-go/tools/clientcmd.BuildConfigFromFlags:read',
  ]);
  // Loading rules handed to a deferred client config read the files named by KUBECONFIG or ~/.kube/config.
  const deferred = go('"k8s.io/client-go/tools/clientcmd"', 'rules := clientcmd.NewDefaultClientConfigLoadingRules()\ncc := clientcmd.NewNonInteractiveDeferredLoadingClientConfig(rules, &clientcmd.ConfigOverrides{})\n_, _ = cc.ClientConfig()');
  assert.equal(caps(deferred).filter((c) => c.endsWith(':read')), ['k8s.io/client-go/tools/clientcmd.NewNonInteractiveDeferredLoadingClientConfig:read']);
  // A config parsed from bytes already in memory reads no file.
  assert.equal(scan(go('"k8s.io/client-go/tools/clientcmd"', '_, _ = clientcmd.RESTConfigFromKubeConfig(data)')).filter((f) => f.family === 'filesystem'), []);
});

test('aws-sdk-go-v2 reads the shared AWS config and credentials files when it loads the default configuration', () => {
  // Modeled on AWS tool servers: each handler loads the default configuration, then makes a service client.
  const src = go('"context"\n"github.com/aws/aws-sdk-go-v2/config"\n"github.com/aws/aws-sdk-go-v2/service/s3"', 'cfg, err := config.LoadDefaultConfig(context.TODO(), config.WithRegion("us-east-1"))\nif err != nil {\n\treturn\n}\n_ = s3.NewFromConfig(cfg)');
  assert.equal(scan(src).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '10:filesystem.go-aws-shared-config:github.com/aws/aws-sdk-go-v2/config.LoadDefaultConfig:read',
  ]);
  // A configuration option alone (config.WithRegion handed to another loader) reads nothing.
  assert.equal(scan(go('"github.com/aws/aws-sdk-go-v2/config"', 'opts := []func(*config.LoadOptions) error{config.WithRegion(r)}\n_ = opts')).filter((f) => f.family === 'filesystem'), []);
});

test('helm SDK: actions and chart repositories reach the cluster and the network, charts and the repository file are read from disk', () => {
  // Modeled on a Kubernetes tool server's helm tools (read_file id 54811969623: action.NewInstall(cfg) ... loader.Load(cp),
  // repo.LoadFile(settings.RepositoryConfig), repo.NewChartRepository(entry, getter.All(settings))): scanned alone it showed nothing.
  const src = go('"helm.sh/helm/v3/pkg/action"\n"helm.sh/helm/v3/pkg/chart/loader"\n"helm.sh/helm/v3/pkg/repo"\n"helm.sh/helm/v3/pkg/chartutil"', 'c, _ := loader.Load(p)\n_, _ = action.NewInstall(cfg).Run(c, nil)\nf, _ := repo.LoadFile(rf)\n_, _ = chartutil.ReadValues(b)\n_ = f');
  assert.equal(scan(src).map((f) => `${f.id}:${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`), [
    'network.go-service-sdk:helm.sh/helm/v3/pkg/action', 'network.go-service-sdk:helm.sh/helm/v3/pkg/repo',
    'filesystem.go-helm-chart-read:helm.sh/helm/v3/pkg/chart/loader.Load:read', 'filesystem.go-helm-chart-read:helm.sh/helm/v3/pkg/repo.LoadFile:read',
  ]);
  // Values parsed from bytes and a chart loaded from an archive stream already in memory read no file.
  assert.equal(scan(go('"helm.sh/helm/v3/pkg/chart/loader"\n"helm.sh/helm/v3/pkg/chartutil"', '_, _ = loader.LoadArchive(r)\n_, _ = chartutil.ReadValues(b)')), []);
});

test('go-gh Exec runs the gh binary', () => {
  // cli/go-gh's Exec and ExecContext start `gh` with the arguments given (gh.Exec("pr", "view", ...)); its API clients are the network.
  const src = go('gh "github.com/cli/go-gh/v2"', 'out, _, _ := gh.Exec("pr", "view", "--json", "number")\n_, _, _ = gh.ExecContext(ctx, args...)\n_ = out');
  assert.equal(caps(src), ['github.com/cli/go-gh.Exec', 'github.com/cli/go-gh.ExecContext']);
  assert.equal(scan(src).map((f) => f.id), ['subprocess.go-gh-exec', 'subprocess.go-gh-exec']);
  // Resolving the binary's path starts nothing.
  assert.equal(caps(go('"github.com/cli/go-gh"', 'p, _ := gh.Path()\n_ = p')), []);
});

test('gopsutil and other /proc readers read system information; go-keyring reads and writes the OS credential store', () => {
  // A system-monitor tool server (next-evolve-x/mcp-gosputils main.go, read_file id 13603209672) lists processes, host,
  // memory and disk usage through gopsutil; scanned alone it showed only its log file. Its net subpackage reads /proc/net/dev,
  // not the network.
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`);
  const sys = go('"github.com/shirou/gopsutil/v3/host"\n"github.com/shirou/gopsutil/v3/net"\n"github.com/shirou/gopsutil/v4/process"', 'i, _ := host.Info()\nc, _ := net.IOCounters(false)\nps, _ := process.Processes()\n_, _, _ = i, c, ps');
  assert.equal(rows(sys), [
    'filesystem.go-system-info:github.com/shirou/gopsutil:read', 'filesystem.go-system-info:github.com/shirou/gopsutil:read', 'filesystem.go-system-info:github.com/shirou/gopsutil:read',
  ]);
  assert.equal(rows(go('"github.com/prometheus/procfs"', 'fs, _ := procfs.NewDefaultFS()\n_ = fs')), ['filesystem.go-system-info:github.com/prometheus/procfs:read']);
  // mcpproxy-go's keyring provider (internal/secret/keyring_provider.go, read_file id 53542996823) holds the functions in
  // variables (keyringGetFn = keyring.Get): the references count, and errors and the test mock do not.
  const kr = go('"github.com/zalando/go-keyring"', 'getFn := keyring.Get\nsetFn := keyring.Set\n_ = keyring.Delete("svc", "u")\nkeyring.MockInit()\nif errors.Is(err, keyring.ErrNotFound) {}\n_, _ = getFn, setFn');
  assert.equal(rows(kr), [
    'filesystem.go-keyring-read:github.com/zalando/go-keyring.Get:read', 'filesystem.go-keyring-write:github.com/zalando/go-keyring.Set:write',
    'filesystem.go-keyring-write:github.com/zalando/go-keyring.Delete:write',
  ]);
  assert.equal(rows(go('"github.com/99designs/keyring"', 'r, _ := keyring.Open(keyring.Config{ServiceName: "x"})\n_ = r')), ['filesystem.go-keyring-package:github.com/99designs/keyring']);
  // os.UserHomeDir names a directory (from $HOME) and reads no file, like os.homedir() and Path.home(); the read that follows counts.
  assert.equal(rows(go('"os"', 'h, _ := os.UserHomeDir()\nd, _ := os.UserConfigDir()\n_, _ = h, d')), []);
});

test('os.OpenRoot opens a directory tree that its Root reads and writes below: a write with a read beside it', () => {
  // WinPooh32/llm-tools tools/file/common.go (read_file id 32905056028) opens every file of its read and apply tools
  // through a Root (r.OpenFile(rel, os.O_RDONLY or os.O_RDWR)); scanned alone it showed only a write.
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}:${f.access}:${f.line}`);
  assert.equal(rows(go('"os"', 'r, err := os.OpenRoot(dir)\nf, _ := r.OpenFile(rel, os.O_RDONLY, 0)\n_, _ = f, err')), [
    'filesystem.go-os-root:os.OpenRoot:write:8', 'filesystem.go-os-root-read:os.OpenRoot:read:8',
  ]);
  // os.OpenInRoot opens one file for reading, as before.
  assert.equal(rows(go('"os"', 'f, _ := os.OpenInRoot(dir, name)\n_ = f')), ['filesystem.go-os-read:os.OpenInRoot:read:8']);
});

test('methods of a value a package made: x := pkg.NewT(), &pkg.T{}, var x pkg.T, a parameter or field of type *pkg.T, then x.Method()', () => {
  // scancode7's leftover (probe/t6.go): gofeed.NewParser().ParseURL(u) fetches the feed; ParseString parses text.
  const feed = '"github.com/mmcdole/gofeed"';
  const id = 'network.go-parser-url-loader:github.com/mmcdole/gofeed.Parser.ParseURL';
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}`);
  assert.equal(rows(go(feed, 'fp := gofeed.NewParser()\nf, err := fp.ParseURL(u)\n_, _ = f, err')), [id]);
  assert.equal(rows(go(feed, 'f, _ := gofeed.NewParser().ParseURL(u)\n_ = f')), [id]);
  assert.equal(rows(go(feed, 'fp, q := gofeed.NewParser(), 1\nfp.ParseURLWithContext(u, ctx)\n_ = q')), ['network.go-parser-url-loader:github.com/mmcdole/gofeed.Parser.ParseURLWithContext']);
  assert.equal(rows(go(feed, 'p := &gofeed.Parser{}\np.ParseURL(u)\nvar q gofeed.Parser\nq.ParseURL(u)\nvar r = gofeed.NewParser()\nr.ParseURL(u)')), [id, id, id]);
  assert.equal(rows(`package h\nimport ${feed}\nfunc get(p *gofeed.Parser, u string) { p.ParseURL(u) }\n`), [id]);
  // new(pkg.T) makes a *T as &pkg.T{} does (review4: it was none); a file's own `new` or a call on the result is not followed.
  assert.equal(rows(go(feed, 'p := new(gofeed.Parser)\np.ParseURL(u)')), [id]);
  assert.equal(rows(go(feed, 'new := mk\np := new(gofeed.Parser)\np.ParseURL(u)\nq := gofeed.NewParser\n_ = q')), []);
  assert.equal(rows(`package h\nimport g ${feed}\ntype H struct {\n\tfeeds *g.Parser\n\tn int\n}\nfunc (h *H) get(u string) { h.feeds.ParseURL(u) }\n`), [id]);
  // Parsing text, a value of another package, a rebinding in an inner block and a method named alike on the file's own type are none.
  assert.equal(rows(go(feed, 'fp := gofeed.NewParser()\nfp.ParseString(s)\nq := other.NewParser()\nq.ParseURL(u)\nif ok {\n\tfp := mine{}\n\tfp.ParseURL(u)\n}')), []);
  assert.equal(rows(`package h\nimport ${feed}\nfunc a() { fp := gofeed.NewParser(); _ = fp }\nfunc b(fp Mine) { fp.ParseURL(u) }\ntype T struct{ p Mine }\nfunc (t T) c() { t.p.ParseURL(u) }\n`), []);
  // A field name two structs give different types is not followed.
  assert.equal(rows(`package h\nimport ${feed}\ntype A struct{ p *gofeed.Parser }\ntype B struct{ p Mine }\nfunc (b B) c() { b.p.ParseURL(u) }\n`), []);
  // goquery's and go-readability's loaders by URL are functions of the package; their reader forms fetch nothing.
  assert.equal(rows(go('"github.com/PuerkitoBio/goquery"\n"github.com/go-shiori/go-readability"', 'd, _ := goquery.NewDocument(u)\ngoquery.NewDocumentFromReader(r)\na, _ := readability.FromURL(u, t)\nreadability.FromReader(r, pu)\n_, _ = d, a')), [
    'network.go-parser-url-loader:github.com/PuerkitoBio/goquery.NewDocument', 'network.go-parser-url-loader:github.com/go-shiori/go-readability.FromURL',
  ]);
});

test('a value typed by a declaration is found past any number of sibling declarations of its name (the look-back was 16)', () => {
  const feed = '"github.com/mmcdole/gofeed"';
  const id = 'network.go-parser-url-loader:github.com/mmcdole/gofeed.Parser.ParseURL';
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}`);
  for (const n of [3, 16, 17, 40]) {
    const siblings = Array.from({ length: n }, () => '{\n\tfp := 1\n\t_ = fp\n}').join('\n');
    assert.equal(rows(go(feed, `fp := gofeed.NewParser()\n${siblings}\nfp.ParseURL(u)`)), [id], `${n} sibling blocks`);
    // The innermost declaration still decides: an untyped one in scope hides the typed one.
    assert.equal(rows(go(feed, `fp := gofeed.NewParser()\n${siblings}\nif ok {\n\tfp := mine{}\n${siblings}\n\tfp.ParseURL(u)\n}`)), [], `${n} sibling blocks, shadowed`);
    // Nested declarations closed before the use are no longer in scope.
    const nested = '{\n\tfp := 1\n'.repeat(n) + '_ = fp\n' + '}\n'.repeat(n);
    assert.equal(rows(go(feed, `fp := gofeed.NewParser()\n${nested}fp.ParseURL(u)`)), [id], `${n} nested blocks`);
  }
});

test('a value the file\'s own function returns carries that function\'s result type: c := newParser(); c.ParseURL(u), mk().ParseURL(u)', () => {
  const feed = '"github.com/mmcdole/gofeed"';
  const id = 'network.go-parser-url-loader:github.com/mmcdole/gofeed.Parser.ParseURL';
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}`);
  const file = (mk: string, body: string): string => `package h\n\nimport ${feed}\n\n${mk}\n\nfunc f(u string) {\n${body}\n}\n`;
  assert.equal(rows(file('func newParser() *gofeed.Parser { return gofeed.NewParser() }', 'c := newParser()\nc.ParseURL(u)')), [id]);
  assert.equal(rows(file('func mk() (*gofeed.Parser, error) {\n\treturn gofeed.NewParser(), nil\n}', 'p, err := mk()\n_ = err\np.ParseURL(u)\nmk().ParseURL(u)')), [id, id]);
  assert.equal(rows(file('func mk() gofeed.Parser { return gofeed.Parser{} }', 'var p = mk()\np.ParseURL(u)')), [id]);
  // A local declaration of the same name hides the function; a function of another type, a method named alike and parsing text are none.
  assert.equal(rows(file('func mk() *gofeed.Parser { return nil }', 'mk := other\np := mk()\np.ParseURL(u)')), []);
  assert.equal(rows(file('func mk() *Mine { return nil }\nfunc (m *Mine) ParseURL(u string) {}', 'p := mk()\np.ParseURL(u)\nmk().ParseURL(u)')), []);
  assert.equal(rows(file('func mk() *gofeed.Parser { return nil }', 'p := mk()\np.ParseString(u)')), []);
});

test('a method promoted from an embedded field: type S struct { *gofeed.Parser }; s.ParseURL(u), s.Parser.ParseURL(u)', () => {
  const feed = '"github.com/mmcdole/gofeed"';
  const id = 'network.go-parser-url-loader:github.com/mmcdole/gofeed.Parser.ParseURL';
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}`);
  const file = (types: string, body: string): string => `package h\n\nimport ${feed}\n\n${types}\n\nfunc f(u string) {\n${body}\n}\n`;
  assert.equal(rows(file('type S struct {\n\t*gofeed.Parser\n\tn int\n}', 's := &S{Parser: gofeed.NewParser()}\ns.ParseURL(u)')), [id]);
  assert.equal(rows(file('type S struct {\n\tgofeed.Parser\n}', 'var s S\ns.ParseURL(u)\ns.Parser.ParseURL(u)')), [id, id]);
  // Through a receiver, a parameter, new(S), an embedded type of the file that embeds the parser, and a constructor of the file.
  assert.equal(rows(`package h\n\nimport ${feed}\n\ntype S struct{ *gofeed.Parser }\n\nfunc (s *S) get(u string) { s.ParseURL(u) }\n`), [id]);
  assert.equal(rows(file('type (\n\tInner struct{ *gofeed.Parser }\n\tOuter struct {\n\t\tInner\n\t}\n)\nfunc get(o *Outer, u string) { o.ParseURL(u) }', 'n := new(Outer)\nn.ParseURL(u)')), [id, id]);
  assert.equal(rows(file('type S struct{ *gofeed.Parser }\nfunc NewS() *S { return &S{gofeed.NewParser()} }', 's := NewS()\ns.ParseURL(u)')), [id]);
  // The file's own method of that name wins over the promoted one; another method and a struct without the embed are none.
  assert.equal(rows(file('type S struct{ *gofeed.Parser }\nfunc (s *S) ParseURL(u string) {}\ntype T struct{ p int }', 's := S{}\ns.ParseURL(u)\ns.ParseString(u)\nt := T{}\nt.ParseURL(u)')), []);
});

test('a method\'s result and a function value\'s result carry their declared type: c := s.parser(); c.ParseURL(u), mk().ParseURL(u) (scanner10)', () => {
  const feed = '"github.com/mmcdole/gofeed"';
  const id = 'network.go-parser-url-loader:github.com/mmcdole/gofeed.Parser.ParseURL';
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}`);
  const file = (decls: string, body: string): string => `package h\n\nimport ${feed}\n\n${decls}\n\nfunc (s *S) f(u string) {\n${body}\n}\n`;
  const method = 'type S struct{ agent string }\nfunc (s *S) parser() *gofeed.Parser {\n\tp := gofeed.NewParser()\n\treturn p\n}';
  assert.equal(rows(file(method, 'c := s.parser()\nc.ParseURL(u)')), [id]);
  assert.equal(rows(file(method, 's.parser().ParseURL(u)')), [id]);
  assert.equal(rows(file('type S struct{}\nfunc (s S) parser() (*gofeed.Parser, error) { return gofeed.NewParser(), nil }', 'p, err := s.parser()\n_ = err\np.ParseURL(u)')), [id]);
  // Through a struct of the file the receiver's type embeds.
  assert.equal(rows(file('type Base struct{}\nfunc (b *Base) parser() *gofeed.Parser { return nil }\ntype S struct{ Base }', 'p := s.parser()\np.ParseURL(u)')), [id]);
  // A function value: called at once, or its result kept.
  assert.equal(rows(file('type S struct{}', 'mk := func() *gofeed.Parser {\n\treturn gofeed.NewParser()\n}\nmk().ParseURL(u)\nfp := mk()\nfp.ParseURL(u)')), [id, id]);
  assert.equal(rows(file('type S struct{}', 'var mk = func(a string) (*gofeed.Parser, error) { return gofeed.NewParser(), nil }\np, _ := mk("x")\np.ParseURL(u)')), [id]);
  // Another result type, a method of the file on that type, parsing text, a rebinding of the name and an unknown receiver are none.
  assert.equal(rows(file('type S struct{}\ntype Mine struct{}\nfunc (m *Mine) ParseURL(u string) {}\nfunc (s *S) parser() *Mine { return nil }', 'p := s.parser()\np.ParseURL(u)\ns.parser().ParseURL(u)\nmk := func() *Mine { return nil }\nmk().ParseURL(u)')), []);
  assert.equal(rows(file(method, 'p := s.parser()\np.ParseString(u)')), []);
  assert.equal(rows(file('type S struct{}', 'mk := func() *gofeed.Parser { return nil }\nif ok {\n\tmk := other\n\tmk().ParseURL(u)\n}\nx := thing()\nx.parser().ParseURL(u)')), []);
});

const SOLARIS = '/usr/share/gocode/src/golang.org/x/sys/unix/zsyscall_solaris_amd64.go';
test('golang.org/x/sys (Debian golang-golang-x-sys-dev): every //go:linkname to a libc_ symbol names the C function it imports, none "the unexported"', () => {
  if (!existsSync(SOLARIS)) {
    console.log(`SKIP ${SOLARIS} is absent`);
    return;
  }
  const found = scanSource(readFileSync(SOLARIS, 'utf8'), { file: SOLARIS }).findings.filter((f) => f.id === 'evasion.go-linkname');
  assert.ok(found.length >= 20, `${found.length} linkname findings`);
  assert.equal(found.filter((f) => !/^links to the C library function \S+ of "[^"]+", imported as libc_\w+ by \/\/go:cgo_import_dynamic/.test(f.detail ?? '')).map((f) => f.detail), []);
  assert.ok(found.some((f) => f.detail === 'links to the C library function pipe of "libc.so", imported as libc_pipe by //go:cgo_import_dynamic'));
});

test.run();
