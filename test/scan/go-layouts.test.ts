import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { readSourceListing } from '../../src/io/read-source.ts';
import { tempDir } from '../helpers/cli.ts';

// Go layouts written to disk and scanned through the CLI's own reader, which lists directories.
// When a Go toolchain is on the PATH, each layout is first checked with `go vet` (offline: only the
// standard library and the layout's own module), so what the test calls Go is Go.
const GO = spawnSync('go', ['version'], { encoding: 'utf8' }).status === 0;
if (!GO) console.log('NOTE test/scan/go-layouts: no go on the PATH, layouts are not checked with go vet');

function layout(files: Record<string, string>): string {
  const root = tempDir('mcpfusion-go-layout-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, rel)), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
  if (GO) {
    const vet = spawnSync('go', ['vet', './...'], { cwd: root, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local', CGO_ENABLED: '0' } });
    assert.is(vet.status, 0, `go vet: ${vet.stderr}`);
  }
  return root;
}

async function reached(root: string, handler: string): Promise<{ files: string[]; raw: string[] }> {
  const r = await scanFiles([join(root, handler)], { readSource: readSourceListing });
  return { files: r.files.map((f) => f.slice(root.length + 1)).sort(), raw: [...new Set(r.findings.map((f) => f.identifier ?? f.id))].sort() };
}

const MOD = 'module example.com/m\n\ngo 1.19\n';

test('a method the standard library calls through an interface (String, ServeHTTP, Error) is followed into the file declaring it', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/types.go': 'package tools\n\ntype Runner struct{ name string }\n\ntype handler struct{}\n\ntype failure struct{}\n',
    // fmt calls String, net/http calls ServeHTTP, errors and fmt call Error: none is written at the call.
    'tools/runner_string.go': 'package tools\n\nimport "os/exec"\n\nfunc (r *Runner) String() string {\n\tout, _ := exec.Command("id").Output()\n\treturn string(out)\n}\n',
    'tools/handler_http.go': 'package tools\n\nimport (\n\t"net/http"\n\t"os"\n)\n\nfunc (handler) ServeHTTP(w http.ResponseWriter, r *http.Request) { os.RemoveAll("/tmp/x") }\n',
    'tools/failure_error.go': 'package tools\n\nimport "net"\n\nfunc (failure) Error() string { net.Dial("tcp", "h:1"); return "" }\n',
    'tools/print.go': 'package tools\n\nimport "fmt"\n\nfunc Print() { fmt.Println(&Runner{name: "a"}) }\n',
    'tools/serve.go': 'package tools\n\nimport "net/http"\n\nfunc Serve(mux *http.ServeMux) { mux.Handle("/", handler{}) }\n',
    'tools/fail.go': 'package tools\n\nimport "fmt"\n\nfunc Fail() error { return fmt.Errorf("wrapped: %w", failure{}) }\n',
    // A method the standard library does not call stays with the tools that call it.
    'tools/runner_other.go': 'package tools\n\nimport "os"\n\nfunc (r *Runner) Wipe() { os.RemoveAll("/") }\n',
  });
  assert.equal(await reached(root, 'tools/print.go'), { files: ['tools/print.go', 'tools/runner_string.go', 'tools/types.go'], raw: ['os/exec.Command'] });
  assert.equal(await reached(root, 'tools/serve.go'), { files: ['tools/handler_http.go', 'tools/serve.go', 'tools/types.go'], raw: ['os.RemoveAll'] });
  assert.equal(await reached(root, 'tools/fail.go'), { files: ['tools/fail.go', 'tools/failure_error.go', 'tools/types.go'], raw: ['net.Dial'] });
});

test('an embedded field is a use of its type: the promoted String of a type embedded in a struct literal is followed', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/types.go': 'package tools\n\ntype Runner struct{}\n\ntype List[T any] struct{ items []T }\n',
    'tools/string.go': 'package tools\n\nimport "os/exec"\n\nfunc (Runner) String() string { exec.Command("id").Run(); return "" }\n',
    'tools/list_string.go': 'package tools\n\nimport "os"\n\nfunc (l List[T]) String() string { os.Remove("/tmp/l"); return "" }\n',
    'tools/big.go': 'package tools\n\nimport "fmt"\n\ntype Big struct {\n\tRunner\n\tLabel string `json:"label"`\n}\n\ntype Wide struct {\n\tList[int]\n}\n\nfunc Show() { fmt.Println(Big{}, Wide{}) }\n',
  });
  assert.equal(await reached(root, 'tools/big.go'), { files: ['tools/big.go', 'tools/list_string.go', 'tools/string.go', 'tools/types.go'], raw: ['os.Remove', 'os/exec.Command'] });
});

test('the String method of a local package\'s type, declared in another of its files, is followed', async () => {
  const root = layout({
    'go.mod': MOD,
    'lib/client.go': 'package lib\n\ntype Client struct{}\n',
    'lib/client_string.go': 'package lib\n\nimport "net/http"\n\nfunc (c Client) String() string { http.Post("http://h", "", nil); return "" }\n',
    'lib/other.go': 'package lib\n\nimport "os"\n\nfunc Wipe() { os.RemoveAll("/") }\n',
    'app/show.go': 'package app\n\nimport (\n\t"fmt"\n\n\t"example.com/m/lib"\n)\n\nfunc Show() { fmt.Println(lib.Client{}) }\n',
  });
  assert.equal(await reached(root, 'app/show.go'), { files: ['app/show.go', 'lib/client.go', 'lib/client_string.go'], raw: ['net/http.Post'] });
});

test('a file of the package with a blank import is followed: the imported package\'s init runs whichever file is reached', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/search.go': 'package tools\n\nimport "net/http"\n\nfunc Search(w http.ResponseWriter) { w.Write(nil) }\n',
    // Registering pprof's handlers and a local plugin's init run with the package, as an init function does.
    'tools/debug.go': 'package tools\n\nimport _ "net/http/pprof"\n',
    'tools/plugins.go': 'package tools\n\nimport _ "example.com/m/plugins/shell"\n',
    'plugins/shell/shell.go': 'package shell\n\nimport "os/exec"\n\nfunc init() { exec.Command("true").Run() }\n',
    // `_ "embed"` (for //go:embed) and `_ "time/tzdata"` run nothing that counts: not followed.
    'tools/assets.go': 'package tools\n\nimport (\n\t_ "embed"\n\t"os"\n\t_ "time/tzdata"\n)\n\n//go:embed search.go\nvar source string\n\nfunc Wipe() { os.RemoveAll(source) }\n',
  });
  assert.equal(await reached(root, 'tools/search.go'), {
    files: ['plugins/shell/shell.go', 'tools/debug.go', 'tools/plugins.go', 'tools/search.go'],
    raw: ['net/http/pprof', 'os/exec.Command'],
  });
});

test('the init of a local package that another file of the package imports runs too: its init files are followed', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/search.go': 'package tools\n\nimport "strings"\n\nfunc Search(q string) string { return strings.ToUpper(q) }\n',
    // export.go is not reached from search.go, but its import of telemetry is built with the package.
    'tools/export.go': 'package tools\n\nimport (\n\t"os/exec"\n\n\t"example.com/m/telemetry"\n)\n\nfunc Export() { telemetry.Count(); exec.Command("tar").Run() }\n',
    'telemetry/count.go': 'package telemetry\n\nimport "os"\n\nfunc Count() { os.WriteFile("/tmp/count", nil, 0o600) }\n',
    'telemetry/init.go': 'package telemetry\n\nimport "net/http"\n\nfunc init() { http.Get("http://127.0.0.1:9/ping") }\n',
  });
  const r = await scanFiles([join(root, 'tools/search.go')], { readSource: readSourceListing });
  // export.go's own capability (exec) and telemetry's Count stay out; telemetry's init comes in.
  assert.equal(r.findings.map((f) => [f.identifier, f.chain?.map((c) => c.slice(root.length + 1))]), [['net/http.Get', ['tools/search.go', 'tools/export.go', 'telemetry/init.go']]]);
  assert.equal(r.files.map((f) => f.slice(root.length + 1)), ['tools/search.go', 'telemetry/init.go']);
});

test('a package-level function named like a predeclared one (copy, print) is the package\'s: the file declaring it is followed', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/sync.go': 'package tools\n\nfunc Sync(a, b string) { copy(a, b); print(a); _ = len(a) }\n',
    // The package's copy and print hide the built-in ones everywhere in the package.
    'tools/builtins.go': 'package tools\n\nimport (\n\t"os"\n\t"os/exec"\n)\n\nfunc copy(dst, src string) { os.Rename(src, dst) }\n\nfunc print(s string) { exec.Command("echo", s).Run() }\n',
    'tools/other.go': 'package tools\n\nimport "net"\n\nfunc Other() { net.Dial("tcp", "h:1") }\n',
  });
  assert.equal(await reached(root, 'tools/sync.go'), { files: ['tools/builtins.go', 'tools/sync.go'], raw: ['os.Rename', 'os/exec.Command'] });
  // Without a lister, a built-in name is no use of another file: nothing is reported missing.
  const alone = await scanFiles([join(root, 'tools/other.go'), join(root, 'tools/sync.go')], { readSource: (p: string) => readSourceListing(p) });
  assert.equal(alone.findings.filter((f) => f.kind === 'not-analyzed'), []);
});

test('a package-level initializer calling a capability of an otherwise inert package (template.ParseFiles) runs at load: its file is followed', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/search.go': 'package tools\n\nimport "strings"\n\nfunc Search(q string) string { return strings.ToUpper(q) }\n',
    // Reads page.html when the package loads, whichever tool runs.
    'tools/pages.go': 'package tools\n\nimport "html/template"\n\nvar page = template.Must(template.ParseFiles("page.html"))\n\nfunc Page() *template.Template { return page }\n',
    // Inert calls of the same packages at load still bring nothing.
    'tools/inert.go': 'package tools\n\nimport (\n\t"errors"\n\t"os"\n\t"text/template"\n)\n\nvar (\n\tErrX = errors.New("x")\n\tname = template.HTMLEscapeString("<x>")\n)\n\nfunc Wipe() { os.RemoveAll(name) }\n',
  });
  assert.equal(await reached(root, 'tools/search.go'), { files: ['tools/pages.go', 'tools/search.go'], raw: ['html/template.ParseFiles'] });
});

test('package-level make, new and conversions run nothing at load; a built-in name the package declares itself does', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/search.go': 'package tools\n\nimport "strings"\n\nfunc Search(q string) string { return strings.ToUpper(q) }\n',
    'tools/cache.go': 'package tools\n\nimport (\n\t"os"\n\t"sync"\n)\n\nvar (\n\tcache = make(map[string][]byte)\n\tmu    = new(sync.Mutex)\n\tkey   = []byte("k")\n\tsize  = int64(len(key))\n)\n\nfunc Wipe() { mu.Lock(); cache = nil; os.RemoveAll("/") }\n',
    // The package declares its own print: the initializer calls it at load.
    'tools/boot.go': 'package tools\n\nvar booted = print("boot")\n',
    'tools/print.go': 'package tools\n\nimport "os/exec"\n\nfunc print(s string) bool { return exec.Command("logger", s).Run() == nil }\n',
  });
  assert.equal(await reached(root, 'tools/search.go'), { files: ['tools/boot.go', 'tools/print.go', 'tools/search.go'], raw: ['os/exec.Command'] });
});

test('a local package whose name differs from its directory is followed to the files declaring the names used through its real name', async () => {
  const root = layout({
    'go.mod': MOD,
    'util/run.go': 'package helpers\n\nimport "os/exec"\n\nfunc Run() { exec.Command("ls").Run() }\n',
    'util/wipe.go': 'package helpers\n\nimport "os"\n\nfunc Wipe() { os.RemoveAll("/") }\n',
    'app/h.go': 'package app\n\nimport "example.com/m/util"\n\nfunc H() { helpers.Run() }\n',
  });
  assert.equal(await reached(root, 'app/h.go'), { files: ['app/h.go', 'util/run.go'], raw: ['os/exec.Command'] });
});

test('a method named like an interface method but of another shape (Store.Set(key, v)) stays with the tools that call it', async () => {
  const root = layout({
    'go.mod': MOD,
    'store/store.go': 'package store\n\ntype Store struct{ dir string }\n',
    'store/get.go': 'package store\n\nimport "os"\n\nfunc (s *Store) Get(key string) ([]byte, error) { return os.ReadFile(s.dir + key) }\n',
    // flag.Value's Set takes one string; io.Writer's Write takes one []byte and returns two values.
    'store/set.go': 'package store\n\nimport "os"\n\nfunc (s *Store) Set(key string, v []byte) error { return os.WriteFile(s.dir+key, v, 0o600) }\n',
    'store/write.go': 'package store\n\nimport "os"\n\nfunc (s *Store) Write(key string, v []byte) error { return os.WriteFile(s.dir+key, v, 0o600) }\n',
    // io.Closer's shape: whoever holds the Store as an io.Closer may call it.
    'store/close.go': 'package store\n\nimport "os"\n\nfunc (s *Store) Close() error { return os.RemoveAll(s.dir) }\n',
    'tools/read.go': 'package tools\n\nimport "example.com/m/store"\n\nfunc Read(s *store.Store, k string) ([]byte, error) { return s.Get(k) }\n',
  });
  assert.equal(await reached(root, 'tools/read.go'), { files: ['store/close.go', 'store/get.go', 'store/store.go', 'tools/read.go'], raw: ['os.ReadFile', 'os.RemoveAll'] });
});

test('a file whose build constraint holds on no platform whatever the tags, with ignore unset (ignore && linux), is never built: not followed', async () => {
  const root = layout({
    'go.mod': MOD,
    'tools/h.go': 'package tools\n\nfunc H() { helper() }\n',
    'tools/helper.go': 'package tools\n\nimport "os"\n\nfunc helper() { os.Remove("/tmp/h") }\n',
    'tools/old_and.go': '//go:build ignore && linux\n\npackage tools\n\nimport "os/exec"\n\nfunc helper() { exec.Command("a").Run() }\n',
    'tools/old_paren.go': '//go:build (ignore)\n\npackage tools\n\nimport "net"\n\nfunc helper() { net.Dial("tcp", "h:1") }\n',
    'tools/old_plus.go': '// +build linux,ignore\n\npackage tools\n\nimport "os"\n\nfunc helper() { os.RemoveAll("/") }\n',
    // Built on some platform or with some tag: followed, as every constraint but ignore is read as met.
    'tools/other_os.go': '//go:build !linux && (ignore || windows)\n\npackage tools\n\nimport "os"\n\nfunc helper() { os.Chmod("/tmp/h", 0o600) }\n',
  });
  if (GO) {
    const listed = spawnSync('go', ['list', '-f', '{{join .IgnoredGoFiles " "}}', './tools'], { cwd: root, encoding: 'utf8', env: { ...process.env, GOFLAGS: '-mod=mod', GOPROXY: 'off', GOTOOLCHAIN: 'local', GOOS: 'linux' } });
    assert.is(listed.stdout.trim(), 'old_and.go old_paren.go old_plus.go other_os.go');
  }
  assert.equal(await reached(root, 'tools/h.go'), { files: ['tools/h.go', 'tools/helper.go', 'tools/other_os.go'], raw: ['os.Chmod', 'os.Remove'] });
});

test('a file of another package clause in a local package directory (a generator behind a custom tag) is no part of that package', async () => {
  const root = layout({
    'go.mod': MOD,
    'lib/lib.go': 'package lib\n\nimport "os"\n\nfunc Read() ([]byte, error) { return os.ReadFile("/etc/hostname") }\n',
    'lib/lib_extra.go': 'package lib\n\nfunc Extra() {}\n',
    'lib/gen.go': '//go:build generate\n\npackage main\n\nimport "os"\n\nfunc init() { os.WriteFile("zz_generated.go", nil, 0o600) }\n\nfunc main() {}\n',
    'app/h.go': 'package app\n\nimport "example.com/m/lib"\n\nfunc H() { lib.Read() }\n',
  });
  assert.equal(await reached(root, 'app/h.go'), { files: ['app/h.go', 'lib/lib.go'], raw: ['os.ReadFile'] });
});

test.run();
