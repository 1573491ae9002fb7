import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanFiles } from '../../src/scan/scan-files.ts';
import type { ReadSourceWithListing } from '../../src/scan/go/go-packages.ts';
import { goLocalReplacements, goWorkUses } from '../../src/scan/go/go-files.ts';

/** An in-memory tree: a readSource that lists directories when `listing` is on. */
function tree(files: Record<string, string>, listing = true): ReadSourceWithListing {
  const read = (path: string): string | undefined => files[path];
  if (!listing) return read;
  return Object.assign(read, {
    listDirectory: (dir: string): string[] | undefined => {
      const names = Object.keys(files).filter((p) => p.startsWith(`${dir}/`) && !p.slice(dir.length + 1).includes('/')).map((p) => p.slice(dir.length + 1));
      return names.length > 0 || Object.keys(files).some((p) => p.startsWith(`${dir}/`)) ? names : undefined;
    },
  });
}

const SERVER: Record<string, string> = {
  '/srv/go.mod': 'module example.com/srv\n\ngo 1.22\n',
  '/srv/tools/search.go': 'package tools\n\nimport "example.com/srv/store"\n\nfunc Search() { show(store.Read("x")) }\n',
  '/srv/tools/export.go': 'package tools\n\nimport "os/exec"\n\nfunc Export() { exec.Command("tar").Run() }\n',
  '/srv/tools/common.go': 'package tools\n\nimport "fmt"\n\nfunc show(s string) { fmt.Println(s) }\n',
  '/srv/tools/search_test.go': 'package tools\n\nimport "os"\n\nfunc TestX() { os.RemoveAll("/") }\n',
  '/srv/tools/gen.go': '//go:build ignore\n\npackage main\n\nfunc show() {}\n',
  '/srv/store/read.go': 'package store\n\nimport "os"\n\nfunc Read(p string) string { b, _ := os.ReadFile(p); return string(b) }\n',
  '/srv/store/write.go': 'package store\n\nimport "os"\n\nfunc Write(p string) { os.WriteFile(p, nil, 0o600) }\n',
  '/srv/store/init.go': 'package store\n\nimport "os"\n\nfunc init() { os.Getenv("STORE") }\n',
};

test('a Go file brings in the files of its package and of local packages that declare the names it uses', async () => {
  const r = await scanFiles(['/srv/tools/search.go'], { readSource: tree(SERVER) });
  assert.equal(r.files, ['/srv/tools/search.go', '/srv/tools/common.go', '/srv/store/init.go', '/srv/store/read.go']);
  assert.equal(r.findings.map((f) => [f.identifier, f.chain]), [['os.Getenv', ['/srv/tools/search.go', '/srv/store/init.go']], ['os.ReadFile', ['/srv/tools/search.go', '/srv/store/read.go']]]);
  assert.equal(r.packages, ['fmt', 'os']);
});

test('a blank import of a local package, or a name declared in none of its files, brings in all of them', async () => {
  const files = { ...SERVER, '/srv/main.go': 'package main\n\nimport (\n\t_ "example.com/srv/store"\n\t"example.com/srv/tools"\n)\n\nfunc main() { tools.Generated() }\n' };
  const r = await scanFiles(['/srv/main.go'], { readSource: tree(files) });
  assert.equal(r.files, ['/srv/main.go', '/srv/store/init.go', '/srv/store/read.go', '/srv/store/write.go', '/srv/tools/common.go', '/srv/tools/export.go', '/srv/tools/search.go']);
});

test('a local import whose directory does not exist or has no Go files is not analyzed', async () => {
  const files = { ...SERVER, '/srv/empty/README.md': 'x', '/srv/main.go': 'package main\n\nimport (\n\t"example.com/srv/missing"\n\t"example.com/srv/empty"\n\t"github.com/lib/pq"\n)\n\nfunc main() { missing.X(); empty.Y() }\n' };
  const r = await scanFiles(['/srv/main.go'], { readSource: tree(files) });
  const na = r.findings.filter((f) => f.kind === 'not-analyzed');
  assert.equal(na.map((f) => f.line), [4, 5]);
  assert.match(na[0]!.detail!, /^import "example.com\/srv\/missing" names the local package \/srv\/missing \(module example.com\/srv in \/srv\/go.mod\), but the directory does not exist or has no Go files$/);
  assert.equal(r.packages, ['github.com/lib/pq']);
});

test('without a directory lister a package is the files given; a name none of them declares is not analyzed', async () => {
  const alone = await scanFiles(['/srv/tools/search.go'], { readSource: tree(SERVER, false) });
  assert.equal(alone.files, ['/srv/tools/search.go']);
  assert.equal(alone.findings.map((f) => [f.line, f.detail]), [
    [5, 'uses "show", declared in another file of /srv/tools, whose files cannot be listed here: add the files that declare them to the tool\'s handlers'],
    [3, 'import "example.com/srv/store" names the local package /srv/store (module example.com/srv in /srv/go.mod), whose files cannot be listed here ("Read" declared in none of the files given): add its files to the tool\'s handlers'],
  ]);
  const given = await scanFiles(['/srv/tools/search.go', '/srv/tools/common.go', '/srv/store/read.go'], { readSource: tree(SERVER, false) });
  assert.equal(given.findings.filter((f) => f.kind === 'not-analyzed'), []);
  // --no-follow: nothing is followed, nothing is reported missing.
  const noFollow = await scanFiles(['/srv/tools/search.go'], { readSource: tree(SERVER), followImports: false });
  assert.equal([noFollow.files, noFollow.findings], [['/srv/tools/search.go'], []]);
});

test('without go.mod every non-standard import is a package', async () => {
  const r = await scanFiles(['/x/a.go'], { readSource: tree({ '/x/a.go': 'package a\n\nimport "example.com/srv/store"\n\nfunc A() { store.Read() }\n' }) });
  assert.equal([r.packages, r.findings], [['example.com/srv/store'], []]);
});

test('a file whose package-level initializers run a call is followed like init; an inert one is not', async () => {
  const files = {
    '/m/go.mod': 'module example.com/m\n\ngo 1.22\n',
    '/m/tools/h2.go': 'package tools\n\nimport "example.com/m/lib"\n\nfunc H2() { lib.Foo() }\n',
    '/m/tools/side.go': 'package tools\n\nimport "os"\n\nvar _ = func() int { os.RemoveAll("/tmp/x"); return 0 }()\n',
    '/m/tools/errs.go': 'package tools\n\nimport (\n\t"errors"\n\t"os"\n)\n\nvar ErrX = errors.New("x")\n\nfunc Other() { os.WriteFile("a", nil, 0o600) }\n',
    '/m/lib/foo.go': 'package lib\n\nfunc Foo() {}\n',
    '/m/lib/side.go': 'package lib\n\nimport "os/exec"\n\nvar started = exec.Command("sh", "-c", "x").Start()\n',
  };
  const r = await scanFiles(['/m/tools/h2.go'], { readSource: tree(files) });
  assert.equal([...r.files].sort(), ['/m/lib/foo.go', '/m/lib/side.go', '/m/tools/h2.go', '/m/tools/side.go']);
  assert.equal(r.findings.map((f) => f.identifier).sort(), ['os.RemoveAll', 'os/exec.Command']);
});

test('a method of a local package type declared in another of its files is followed', async () => {
  const files = {
    '/m/go.mod': 'module example.com/m\n\ngo 1.22\n',
    '/m/tools/h.go': 'package tools\n\nimport "example.com/m/lib2"\n\nfunc H() { var c lib2.Client; c.Send() }\n',
    '/m/lib2/types.go': 'package lib2\n\ntype Client struct{}\n',
    '/m/lib2/send.go': 'package lib2\n\nimport "net"\n\nfunc (Client) Send() { net.Dial("tcp", "h:1") }\n',
    '/m/lib2/other.go': 'package lib2\n\nimport "os"\n\nfunc Wipe() { os.RemoveAll("/") }\n',
  };
  const r = await scanFiles(['/m/tools/h.go'], { readSource: tree(files) });
  assert.equal([...r.files].sort(), ['/m/lib2/send.go', '/m/lib2/types.go', '/m/tools/h.go']);
  assert.equal(r.findings.map((f) => f.identifier), ['net.Dial']);
});

test('a method called on a value whose type is in a package reached through another package is followed', async () => {
  const files = {
    '/m/go.mod': 'module example.com/m\n\ngo 1.22\n',
    // The value comes from lib (a local import), its type and methods from lib2, which only lib imports.
    '/m/tools/search.go': 'package tools\n\nimport "example.com/m/lib"\n\nfunc Search(q string) string { c := lib.New(); return c.Fetch(q) }\n',
    // The value comes from a helper of the handler's own package.
    '/m/tools/find.go': 'package tools\n\nfunc Find(q string) string { return client().Fetch(q) }\n',
    '/m/tools/client.go': 'package tools\n\nimport "example.com/m/lib2"\n\nfunc client() *lib2.Client { return &lib2.Client{} }\n',
    '/m/lib/new.go': 'package lib\n\nimport "example.com/m/lib2"\n\nfunc New() *lib2.Client { return &lib2.Client{} }\n',
    '/m/lib2/types.go': 'package lib2\n\ntype Client struct{ base string }\n',
    '/m/lib2/fetch.go': 'package lib2\n\nimport "net/http"\n\nfunc (c *Client) Fetch(q string) string { r, _ := http.Get(c.base + q); return r.Status }\n',
    '/m/lib2/other.go': 'package lib2\n\nimport "os"\n\nfunc Wipe() { os.RemoveAll("/") }\n',
  };
  for (const handler of ['/m/tools/search.go', '/m/tools/find.go']) {
    const r = await scanFiles([handler], { readSource: tree(files) });
    assert.ok(r.files.includes('/m/lib2/fetch.go'), handler);
    assert.not.ok(r.files.includes('/m/lib2/other.go'), handler);
    assert.equal(r.findings.map((f) => [f.identifier, f.chain?.[0], f.file]), [['net/http.Get', handler, '/m/lib2/fetch.go']], handler);
  }
});

test('a file whose +build line is not followed by a blank line is built by go, so it is followed', async () => {
  const files = {
    '/m/tools/search.go': 'package tools\n\nfunc Search(q string) string { return helper(q) }\n',
    '/m/tools/helper.go': '// +build ignore\npackage tools\n\nimport "os/exec"\n\nfunc helper(q string) string { out, _ := exec.Command("sh", "-c", q).Output(); return string(out) }\n',
  };
  const r = await scanFiles(['/m/tools/search.go'], { readSource: tree(files) });
  assert.equal(r.findings.map((f) => [f.identifier, f.file]), [['os/exec.Command', '/m/tools/helper.go']]);
});

test('a module replaced with a directory, and the modules of a go.work, are local code and followed', async () => {
  const files = {
    '/w/go.work': 'go 1.22\n\nuse (\n\t./srv\n\t./lib\n)\n',
    '/w/srv/go.mod': 'module example.com/srv\n\ngo 1.22\n\nrequire github.com/acme/helpers v0.0.0\n\nreplace github.com/acme/helpers => ../helpers // local fork\n',
    '/w/srv/tools/run.go': 'package tools\n\nimport (\n\t"example.com/lib/nets"\n\t"github.com/acme/helpers"\n\t"github.com/other/dep"\n)\n\nfunc Run(q string) { helpers.Run(q); nets.Get(q); dep.X() }\n',
    '/w/helpers/go.mod': 'module github.com/acme/helpers\n\ngo 1.22\n',
    '/w/helpers/run.go': 'package helpers\n\nimport "os/exec"\n\nfunc Run(q string) { exec.Command("sh", "-c", q).Run() }\n',
    '/w/lib/go.mod': 'module example.com/lib\n\ngo 1.22\n',
    '/w/lib/nets/get.go': 'package nets\n\nimport "net/http"\n\nfunc Get(u string) { http.Get(u) }\n',
  };
  const r = await scanFiles(['/w/srv/tools/run.go'], { readSource: tree(files) });
  assert.equal(r.findings.map((f) => [f.identifier, f.file]), [['net/http.Get', '/w/lib/nets/get.go'], ['os/exec.Command', '/w/helpers/run.go']]);
  assert.equal(r.packages, ['github.com/other/dep', 'net/http', 'os/exec']);
  // Only directory targets: a replacement by another module version is a package.
  assert.equal(goLocalReplacements('module m\nreplace (\n\tgithub.com/a/b v1.0.0 => ../b // fork\n\tgithub.com/c/d => github.com/e/d v1.2.0\n\t"q.io/r" => "/abs/r"\n)\nreplace z.io/z=>.\n'), [
    { path: 'github.com/a/b', target: '../b' }, { path: 'q.io/r', target: '/abs/r' }, { path: 'z.io/z', target: '.' },
  ]);
  assert.equal(goWorkUses('go 1.22\nuse (\n\t./srv\n\t./lib\n)\nuse ./x // c\n'), ['./srv', './lib', './x']);
});

test('a package function called from a method of the same name, or named like a local of another function, is followed', async () => {
  // `func (s *Store) Save(…) { Save(…) }` calls the package's Save in save.go; `run` is a local
  // of one function and a package function in another: both were taken as declared here, so the
  // files doing the writing and the running were never read.
  const files = {
    '/srv/go.mod': 'module example.com/srv\n',
    '/srv/tools/store.go': 'package tools\n\ntype Store struct{ dir string }\n\nfunc (s *Store) Save(b []byte) error { return Save(s.dir, b) }\n\nfunc count() { run := 0; _ = run }\n\nfunc Exec() { run("ls") }\n',
    '/srv/tools/save.go': 'package tools\n\nimport "os"\n\nfunc Save(dir string, b []byte) error { return os.WriteFile(dir+"/x", b, 0o600) }\n',
    '/srv/tools/run.go': 'package tools\n\nimport "os/exec"\n\nfunc run(c string) { exec.Command(c).Run() }\n',
    '/srv/tools/other.go': 'package tools\n\nimport "net/http"\n\nfunc Fetch() { http.Get("http://x") }\n',
  };
  const r = await scanFiles(['/srv/tools/store.go'], { readSource: tree(files) });
  assert.equal(r.files, ['/srv/tools/store.go', '/srv/tools/run.go', '/srv/tools/save.go']);
  assert.equal(r.findings.map((f) => f.identifier), ['os/exec.Command', 'os.WriteFile']);
});

test('generic type parameters and the parameter names of interface methods and func types are no uses of another file', async () => {
  const files = {
    '/srv/go.mod': 'module example.com/srv\n',
    '/srv/tools/list.go': 'package tools\n\ntype List[T any] struct{ next *List[T]; v T }\n\nfunc (l *List[T]) Each(f func(v T, path string)) {}\n\ntype Walker interface {\n\tWalk(path string) error\n}\n',
    '/srv/tools/vars.go': 'package tools\n\nimport "os"\n\nfunc path() string { return os.Getenv("P") }\n\nfunc v() {}\n\ntype T int\n',
  };
  const r = await scanFiles(['/srv/tools/list.go'], { readSource: tree(files) });
  assert.equal(r.files, ['/srv/tools/list.go']);
});



test('a module\'s imports of its own packages are its code, not the package its path looks like', async () => {
  // Scanning gin itself (or an SDK's own repository): `github.com/gin-gonic/gin/render` inside the
  // module github.com/gin-gonic/gin is followed to render/, not "imports an HTTP server framework".
  const files = {
    '/gin/go.mod': 'module github.com/gin-gonic/gin\n\ngo 1.21\n',
    '/gin/context.go': 'package gin\n\nimport "github.com/gin-gonic/gin/render"\n\nfunc Save(p string) { render.File(p) }\n',
    '/gin/render/file.go': 'package render\n\nimport "os"\n\nfunc File(p string) { os.Create(p) }\n',
    '/srv/go.mod': 'module example.com/srv\n\ngo 1.22\n\nreplace github.com/gorilla/mux => ../mux\n',
    '/srv/main.go': 'package main\n\nimport (\n\t"github.com/gin-gonic/gin"\n\t"github.com/gorilla/mux"\n)\n\nfunc main() { gin.New(); mux.NewRouter() }\n',
    '/mux/mux.go': 'package mux\n\nfunc NewRouter() {}\n',
  };
  const own = await scanFiles(['/gin/context.go'], { readSource: tree(files) });
  assert.equal(own.findings.map((f) => [f.id, f.identifier, f.file]), [['filesystem.go-os-write', 'os.Create', '/gin/render/file.go']]);
  // A server that uses gin still imports an HTTP server framework; a local replacement is its code.
  const user = await scanFiles(['/srv/main.go'], { readSource: tree(files) });
  assert.equal(user.findings.map((f) => [f.id, f.identifier]), [['network.go-server-package', 'github.com/gin-gonic/gin']]);
  // Without following imports nothing is known of the module: the rows stay.
  const unfollowed = await scanFiles(['/gin/context.go'], { readSource: tree(files), followImports: false });
  assert.equal(unfollowed.findings.map((f) => f.id), ['network.go-server-package']);
});

test('a value made by a function, method or struct another file of the package declares carries its type (scanner10)', async () => {
  const id = 'network.go-parser-url-loader';
  const files: Record<string, string> = {
    '/feeds/go.mod': 'module example.com/feeds\n\ngo 1.22\n',
    '/feeds/parser.go': 'package feeds\n\nimport fp "github.com/mmcdole/gofeed"\n\nfunc newParser() (*fp.Parser, error) { return fp.NewParser(), nil }\n\ntype Reader struct {\n\t*fp.Parser\n}\n\ntype Server struct {\n\tfeeds *fp.Parser\n}\n\nfunc (s *Server) parser() *fp.Parser { return s.feeds }\n',
    '/feeds/own.go': 'package feeds\n\ntype Store struct{}\n\nfunc (s *Store) ParseURL(u string) string { return u }\n\nfunc openStore() *Store { return &Store{} }\n',
    '/feeds/a.go': 'package feeds\n\nfunc a(u string) {\n\tp, _ := newParser()\n\tp.ParseURL(u)\n}\n',
    '/feeds/b.go': 'package feeds\n\nfunc b(r *Reader, u string) { r.ParseURL(u) }\n',
    '/feeds/c.go': 'package feeds\n\nfunc (s *Server) c(u string) {\n\ts.feeds.ParseURL(u)\n\ts.parser().ParseURL(u)\n}\n',
    '/feeds/d.go': 'package feeds\n\nfunc d(u string) {\n\tst := openStore()\n\tst.ParseURL(u)\n\tnewParser := func() *Store { return nil }\n\tnewParser().ParseURL(u)\n}\n',
  };
  const at = async (entry: string): Promise<string[]> => (await scanFiles([entry], { readSource: tree(files) })).findings.filter((f) => f.file === entry).map((f) => `${f.id}:${f.line}`);
  assert.equal(await at('/feeds/a.go'), [`${id}:5`]);
  assert.equal(await at('/feeds/b.go'), [`${id}:3`]);
  assert.equal(await at('/feeds/c.go'), [`${id}:4`, `${id}:5`]);
  // A method another file declares on its own type, and a local function value hiding the package's function, are none.
  assert.equal(await at('/feeds/d.go'), []);
  // A file of another package clause in the directory adds nothing.
  const other = { ...files, '/feeds/a.go': 'package feeds_test\n\nfunc a(u string) {\n\tp, _ := newParser()\n\tp.ParseURL(u)\n}\n' };
  assert.equal((await scanFiles(['/feeds/a.go'], { readSource: tree(other) })).findings.filter((f) => f.file === '/feeds/a.go'), []);
});

test('a package-level function value another file of the package declares types its result: var mk = func() *gofeed.Parser {…} (scanner11)', async () => {
  const id = 'network.go-parser-url-loader';
  const files: Record<string, string> = {
    '/g/go.mod': 'module example.com/g\n\ngo 1.22\n',
    '/g/mk.go': 'package g\n\nimport "github.com/mmcdole/gofeed"\n\nvar mk = func() *gofeed.Parser {\n\treturn gofeed.NewParser()\n}\n\ntype Mine struct{}\n\nfunc (m *Mine) ParseURL(u string) {}\n\nvar mine = func() *Mine { return nil }\n',
    '/g/a.go': 'package g\n\nfunc a(u string) {\n\tmk().ParseURL(u)\n\tp := mk()\n\tp.ParseURL(u)\n}\n',
    '/g/b.go': 'package g\n\nfunc b(u string) {\n\tmine().ParseURL(u)\n\tmk := mine\n\tmk().ParseURL(u)\n}\n',
  };
  const at = async (entry: string): Promise<string[]> => (await scanFiles([entry], { readSource: tree(files) })).findings.filter((f) => f.file === entry).map((f) => `${f.id}:${f.line}`);
  assert.equal(await at('/g/a.go'), [`${id}:4`, `${id}:6`]);
  // A value of the package's own type, and a local name hiding the package's mk, are none.
  assert.equal(await at('/g/b.go'), []);
});

test('a method result on a field chain carries its type: h.srv.parser().ParseURL(u), h.app.srv.parser(), c := h.srv.parser() (scanner12)', async () => {
  const id = 'network.go-parser-url-loader';
  const files: Record<string, string> = {
    '/feeds/go.mod': 'module example.com/feeds\n\ngo 1.22\n',
    '/feeds/server.go': 'package feeds\n\nimport fp "github.com/mmcdole/gofeed"\n\ntype Server struct {\n\tname string\n}\n\nfunc (s *Server) parser() *fp.Parser { return fp.NewParser() }\n\nfunc (s *Server) self() *Server { return s }\n\ntype App struct {\n\tsrv *Server\n}\n\ntype Mine struct{}\n\nfunc (m *Mine) ParseURL(u string) {}\n\nfunc (s *Server) mine() *Mine { return nil }\n',
    '/feeds/h.go': 'package feeds\n\ntype Handler struct {\n\tsrv *Server\n\tapp *App\n}\n\nfunc (h *Handler) read(u string) {\n\th.srv.parser().ParseURL(u)\n\th.app.srv.parser().ParseURL(u)\n\tc := h.srv.parser()\n\tc.ParseURL(u)\n\th.srv.self().parser().ParseURL(u)\n}\n',
    // A method of the package's own type on the chain, and a field of an unknown value, are none.
    '/feeds/own.go': 'package feeds\n\nfunc (h *Handler) own(u string, x interface{ srv() *Server }) {\n\th.srv.mine().ParseURL(u)\n\tx.srv().nothing().ParseURL(u)\n}\n',
  };
  const at = async (entry: string): Promise<string[]> => (await scanFiles([entry], { readSource: tree(files) })).findings.filter((f) => f.file === entry).map((f) => `${f.id}:${f.line}`);
  assert.equal(await at('/feeds/h.go'), [`${id}:9`, `${id}:10`, `${id}:12`, `${id}:13`]);
  assert.equal(await at('/feeds/own.go'), []);
});

test('a method called on a value of a known type of the package follows that type\'s method only; on a value of unknown type, every method of the name (scanner13, held-out g13)', async () => {
  const files: Record<string, string> = {
    '/f/go.mod': 'module example.com/f\n\ngo 1.22\n',
    '/f/admin.go': 'package f\n\nimport "os"\n\ntype Admin struct{}\n\nfunc (a *Admin) Pull(u string) error { return os.RemoveAll(u) }\n',
    '/f/reader.go': 'package f\n\nimport "net/http"\n\ntype Reader struct{}\n\nfunc (r *Reader) Pull(u string) error { _, err := http.Get(u); return err }\n',
    '/f/server.go': 'package f\n\ntype Server struct {\n\tr *Reader\n}\n\nfunc (s *Server) reader() *Reader { return s.r }\n',
    '/f/typed.go': 'package f\n\ntype H struct {\n\tsrv *Server\n}\n\nfunc (h *H) A(u string) { h.srv.reader().Pull(u) }\n\nfunc (h *H) B(u string) { r := h.srv.reader(); run(r.Pull, u) }\n\nfunc run(f func(string) error, u string) { f(u) }\n',
    '/f/promoted.go': 'package f\n\ntype Both struct {\n\t*Admin\n}\n\nfunc P(b *Both, u string) { b.Pull(u) }\n',
    '/f/iface.go': 'package f\n\ntype Puller interface{ Pull(string) error }\n\nfunc I(p Puller, u string) { p.Pull(u) }\n',
    '/f/index.go': 'package f\n\nfunc X(rs []*Reader, u string) { rs[0].Pull(u) }\n',
    '/f/mixed.go': 'package f\n\nfunc M(r *Reader, p Puller, u string) { r.Pull(u); p.Pull(u) }\n',
    '/f/foreign.go': 'package f\n\nimport "example.com/lib"\n\ntype Wrapped struct {\n\tlib.Puller\n\tinner\n}\n\ntype inner struct{ *Admin }\n\nfunc W(w *Wrapped, u string) { w.Pull(u) }\n',
  };
  const reached = async (entry: string): Promise<string[]> => (await scanFiles([entry], { readSource: tree(files) })).files.filter((f) => f === '/f/admin.go' || f === '/f/reader.go');
  assert.equal(await reached('/f/typed.go'), ['/f/reader.go']);
  assert.equal(await reached('/f/promoted.go'), ['/f/admin.go']);
  // Unknown receivers (an interface, an index expression, once among known ones, a struct embedding an imported type): every Pull.
  assert.equal(await reached('/f/iface.go'), ['/f/admin.go', '/f/reader.go']);
  assert.equal(await reached('/f/index.go'), ['/f/admin.go', '/f/reader.go']);
  assert.equal(await reached('/f/mixed.go'), ['/f/admin.go', '/f/reader.go']);
  assert.equal(await reached('/f/foreign.go'), ['/f/admin.go', '/f/reader.go']);
});

test.run();
