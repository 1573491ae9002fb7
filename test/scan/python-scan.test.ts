import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync, readFileSync } from 'node:fs';
import { scanSource } from '../../src/scan/scan-source.ts';
import type { ScanFinding } from '../../src/scan/types.ts';
import { checkViolations } from '../../src/scan/check-violations.ts';

const scan = (src: string, file = 'handler.py'): ScanFinding[] => scanSource(src, { file }).findings;
/** Capability findings as `identifier` or `identifier:access`, in source order. */
const caps = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => (f.access !== undefined ? `${f.identifier}:${f.access}` : f.identifier!));
const ids = (src: string): string[] => scan(src).map((f) => f.id);
const find = (src: string, id: string): ScanFinding | undefined => scan(src).find((f) => f.id === id);

test('.py, .pyw and a python #! line go to the Python scanner; other languages stay not analyzed', () => {
  const src = 'import subprocess\nsubprocess.run(["ls"])\n';
  assert.equal(ids(src), ['subprocess.python-subprocess']);
  assert.equal(scan(src, 'tool.pyw').map((f) => f.id), ['subprocess.python-subprocess']);
  assert.equal(scan(`#!/usr/bin/env python3\n${src}`, 'bin/tool').map((f) => f.id), ['subprocess.python-subprocess']);
  assert.equal(scan(`#!/usr/bin/python3.12 -u\n${src}`, 'bin/tool').map((f) => f.id), ['subprocess.python-subprocess']);
  for (const file of ['tool.rb', 'run.sh']) assert.equal(scan(src, file).map((f) => f.id), ['scan.not-analyzed'], file);
  assert.match(scan(src, 'tool.rb')[0]!.detail!, /, Python \(\.py \.pyw\), Go \(\.go\) and Rust \(\.rs\)/);
});

test('decoys: names in comments, strings, docstrings and f-string literal parts are no hits', () => {
  assert.equal(caps('# open(p, "w") and os.system("x")\nx = "subprocess.run(cmd)"\n'), []);
  assert.equal(caps('def f():\n    """Call open(p, "w") or eval(s)."""\n    return 1\n'), []);
  assert.equal(caps('x = f"open eval {name} exec"\n'), []);
  assert.equal(caps("x = f'{open(p, \"w\")}'\n"), ['open:write']);
  assert.equal(caps("x = f'{y:{open(p).read()}}'\n"), ['open:read']);
  // Attributes and keyword arguments named like a capability are not the built-in.
  assert.equal(caps('db.open(p)\nf(open=True, eval=1)\nx.exec("q")\nre.compile("x")\n'), []);
});

test('an f-string field formatted with a "=" spec ({n:=#10x}) hides no later code and binds no name', () => {
  assert.equal(ids('import os\ns = f"{n:=#10x}"\nos.system(c)\n'), ['subprocess.python-os-exec']);
  assert.equal(caps('s = f"{open:=^10}"\nopen(p, "w")\n'), ['open:write', 'open:write']);
});

test('match/case: an inline case body is its own statement (imports in it bind), capture patterns bind and are no uses', () => {
  // `case 1: import subprocess` imports, as `if x: import subprocess` does.
  assert.equal(caps('match x:\n    case 1: import subprocess\n    case _: from os import system\nsubprocess.run(c)\nsystem(c)\n'), ['subprocess.run', 'os.system']);
  const imports = scanSource('match x:\n    case "a": from .helpers import run\n', { file: 'h.py' }).imports.map((r) => r.specifier);
  assert.equal(imports, ['from .helpers import run']);
  // Capture names (also in class, mapping, sequence, star and as patterns) are bindings, not an `open` or `eval` taken as a value.
  const captures = 'match v:\n    case [open, *rest]:\n        pass\n    case {"k": eval, **exec}:\n        pass\n    case Point(x=0, y=compile) | str(open):\n        pass\n    case (1 as open):\n        pass\n';
  assert.equal(scan(captures), []);
  // Value patterns, class patterns and guards are still uses; the body is code.
  assert.equal(caps('import os, subprocess\nmatch v:\n    case os.sep if os.system(c):\n        subprocess.run(c)\n    case subprocess.Popen():\n        pass\n'), ['os.system', 'subprocess.run']);
  // `match` and `case` stay names elsewhere.
  assert.equal(caps('import re, os\nmatch = re.match(r"x", s)\ncase: int = 1\nif match:\n    os.system(c)\n'), ['os.system']);
});

test('match/case: a capture hides a built-in or module in its own clause only; a dotted value pattern binds nothing', () => {
  const body = (pattern: string, use = 'open(p)'): string => `def f(x, p):\n    match x:\n        case ${pattern}:\n            ${use}\n`;
  for (const pattern of ['open', '[open, *rest]', '{"k": open}', 'Point(x=open)', '_ as open', 'Point(open)', '[*open]', '{**open}', '(open, 2)', '1 | open']) {
    assert.equal(caps(body(pattern)), [], pattern);
  }
  // The capture is no use of the module: only its import counts, at the import.
  assert.equal(scan('import subprocess\n' + body('subprocess', 'subprocess.run(p)')).map((f) => [f.identifier, f.line]), [['subprocess', 1]]);
  // A dotted name is a value pattern: `open` and `os` keep their meaning.
  assert.equal(caps('import os\n' + body('os.sep')), ['open:read']);
  assert.equal(caps('import os\n' + body('{os.sep: v}', 'os.system(p)')), ['os.system']);
  // A sibling clause, an `else` branch or a later `if` block did not run the binding: the built-in and the import stay.
  assert.equal(caps('match x:\n    case [open]:\n        pass\n    case _:\n        open(p)\n'), ['open:read']);
  assert.equal(caps('import os\nmatch x:\n    case [os]:\n        pass\n    case _:\n        os.system(c)\n'), ['os.system']);
  assert.equal(caps('import os\nif a:\n    os = None\nelse:\n    os.system(c)\n'), ['os.system']);
  assert.equal(caps('import subprocess\nif a:\n    subprocess = None\nif b:\n    subprocess.run(c)\n'), ['subprocess.run']);
  assert.equal(caps('try:\n    eval = None\nexcept E:\n    eval(s)\n'), ['eval']);
  // In the same block after the binding, it still hides them.
  assert.equal(caps('import os\nif a:\n    os = None\n    os.system(c)\n'), []);
  // `match` and `case` as plain names.
  assert.equal(caps('import re\nmatch = re.match("a", s)\ncase = 1\nmatch(x)\ncase[0] = 2\nopen(p)\n'), ['open:read']);
  assert.equal(caps('def f(match, case):\n    match.group(0)\n    case(1)\n    return open(p, "w")\n'), ['open:write']);
});

test('a capability class handed on whole counts: passed, stored, returned or extended; not tested, cast, annotated or caught', () => {
  const how = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.identifier} ${/\(([^)]*)\)/.exec(f.detail ?? '')?.[1] ?? '-'}`);
  assert.equal(how('import subprocess\nfrom functools import partial\nrun = partial(subprocess.Popen, c)\n'), ['subprocess.Popen passed to a call']);
  assert.equal(how('from subprocess import Popen\nclass Runner(Popen):\n    pass\n'), ['subprocess.Popen extended by a class']);
  assert.equal(how('import multiprocessing\nclass W[T](Base, multiprocessing.Process, metaclass=M):\n    pass\n'), ['multiprocessing.Process extended by a class']);
  assert.equal(how('import subprocess\nclass K:\n    popen = subprocess.Popen\ndef f():\n    return subprocess.Popen\n'), ['subprocess.Popen a class attribute', 'subprocess.Popen returned']);
  // A class whose mode decides the access: unknown where it is constructed, so a write.
  assert.equal(scan('import zipfile\nopeners = {"zip": zipfile.ZipFile}\n').map((f) => f.access), ['write']);
  const inert = 'import subprocess, socket, pdb, types\nfrom typing import cast, Optional\n'
    + 'def f(p: subprocess.Popen, q: Optional[subprocess.Popen] = None, fam=socket.AddressFamily.AF_INET) -> subprocess.Popen:\n'
    + '    if isinstance(p, subprocess.Popen) or isinstance(p, (subprocess.Popen, X)) or issubclass(T, subprocess.Popen):\n'
    + '        x = cast(subprocess.Popen, p)\n'
    + '    try:\n        pass\n    except (subprocess.TimeoutExpired, OSError):\n        pass\n'
    + '    pdb.Pdb.__init__ = init\n    add_representer(types.FunctionType, rep)\n    return x\n';
  assert.equal(how(inert), []);
});

test('a lower-case class in an annotation, a type test or an except clause is no use; a call there still is', () => {
  // socket.socket and ctypes.c_void_p are classes too: naming them as a type uses no socket.
  const typed = 'import socket, ssl, subprocess, ctypes\nfrom typing import Optional\n'
    + 'def f(s: socket.socket, t: Optional[socket.socket] = None, *a: ctypes.c_void_p, **k: socket.socket) -> socket.socket:\n'
    + '    if isinstance(s, socket.socket) or isinstance(s, (socket.socket, ssl.SSLSocket)) or issubclass(type(s), socket.socket):\n'
    + '        return s\n'
    + '    try:\n        pass\n    except socket.timeout:\n        pass\n'
    + 'x: subprocess.Popen | None = None\ny: list[socket.socket] = []\n'
    + 'class C:\n    sock: socket.socket\n    def m(self) -> "socket.socket": ...\n'
    + 'type Sock = socket.socket\ntype Pair[T] = tuple[T, socket.socket]\n';
  assert.equal(caps(typed), []);
  // A call in a default, an annotated assignment's value or a tested call's argument counts.
  assert.equal(caps('import socket, subprocess\ndef f(s: socket.socket = socket.socket(), x=subprocess.run(["ls"])):\n    pass\n'), ['socket.socket', 'subprocess.run']);
  assert.equal(caps('import socket\ns: socket.socket = socket.socket()\nif isinstance(socket.create_connection(a), object): pass\n'), ['socket.socket', 'socket.create_connection']);
  // Handed on outside a type position, the class is a use as before.
  assert.equal(caps('import socket\nfactory = g(socket.socket)\n'), ['socket.socket']);
});

test('presence tests are no use: a member only tested, a guarded import in a function never referenced', () => {
  const probes = 'import os, importlib.util, pkgutil\n'
    + 'HAS_FORK = getattr(os, "fork", None) is not None\nif getattr(os, "posix_spawn", None):\n    pass\n'
    + 'if not getattr(os, "system", None): pass\nok = bool(getattr(os, "fork", None)) and callable(getattr(os, "execv", None))\n'
    + 'assert os.fork\nwhile os.forkpty is None: pass\nx = 1 if os.fork else 2\nif None is not os.fork: pass\n'
    + 'if importlib.util.find_spec("ctypes") is not None and pkgutil.find_loader("paramiko"): pass\n'
    + 'def has_ssl():\n    try:\n        import ssl\n        import paramiko\n        from subprocess import Popen\n        return True\n    except (ValueError, ImportError):\n        return False\n';
  assert.equal(scan(probes), []);
  // What is tested and then used, handed on or called still counts; so does a key built by tricks.
  assert.equal(caps('import os\nif getattr(os, "fork", None):\n    os.fork()\nf = getattr(os, "system", None)\n(getattr(os, "execv", None) or g)(p, a)\nw = os.fork if os.fork else None\n'), ['os.fork', 'os.system', 'os.execv', 'os.fork']);
  assert.equal(ids('import os\nok = getattr(os, "sys" + "tem", None) is None\n'), ['evasion.computed-member']);
  // A guarded import that is used, caught by another exception, made global or at module level
  // (another file may import the name from this one) still counts.
  const kept = 'def a():\n    try:\n        import ssl\n    except ImportError:\n        return None\n    return ssl.create_default_context()\n'
    + 'def b():\n    try:\n        import subprocess\n    except ValueError:\n        pass\n'
    + 'def c():\n    global requests\n    try:\n        import requests\n    except ImportError:\n        pass\n'
    + 'try:\n    import paramiko\nexcept ImportError:\n    paramiko = None\n';
  assert.equal(caps(kept), ['ssl.create_default_context', 'subprocess', 'requests', 'paramiko']);
});

test('only the type argument of isinstance/issubclass/cast is a type position; a tested environment value is read', () => {
  // Found on installed packages: isinstance(os.environ, …) looks at os.environ, cast(T, shutil.rmtree)
  // hands the function on, `not os.environ["HOME"]` reads the variable.
  assert.equal(caps('import os, shutil\nfrom typing import cast\nok = isinstance(os.environ, dict)\nf = cast("Callable", shutil.rmtree)\nif not os.environ["HOME"]: pass\nif os.environ: pass\n'), ['os.environ', 'shutil.rmtree:write', 'os.environ', 'os.environ']);
  assert.equal(caps('import socket, ssl\nfrom typing import cast\nok = isinstance(s, (int, socket.socket)) or issubclass(T, (ssl.SSLSocket, socket.socket))\nx = cast(socket.socket, y)\n'), []);
});

test('type(x) is the module type only for a module: not for a free name or a variable bound in a branch', () => {
  assert.equal(scan('def f(e, k):\n    try:\n        x = g(e)\n    except Exception:\n        return\n    return getattr(type(x), k)\n'), []);
  assert.equal(scan('def f(k):\n    return getattr(type(undefined_name), k)\n'), []);
  assert.equal(ids('import os\nm = type(os).__getattribute__(os, k)\n'), ['evasion.computed-member']);
});

test('opening the null device is no file access: os.devnull and "/dev/null"', () => {
  assert.equal(caps('import os, sys, io\nsys.stdout = open(os.devnull, "w")\nfd = os.open(os.devnull, os.O_RDWR)\nf = io.open(file=os.devnull, mode="w")\nnull = open("/dev/null", "w")\n'), []);
  assert.equal(caps('from os import devnull\nopen(devnull, "w")\n'), []);
  // Any other path, a computed one, "nul" (a file named nul on POSIX) or a rebound name still count.
  assert.equal(caps('import os\nopen("nul", "w")\nopen("/dev/null/x", "w")\nopen(os.devnull + "x", "w")\nopen(*a)\n'), ['open:write', 'open:write', 'open:write', 'open:write']);
  assert.equal(caps('devnull = "/etc/passwd"\nopen(devnull, "w")\n'), ['open:write']);
});

test('del at module or class level unbinds: a later use is the built-in again', () => {
  assert.equal(caps('open = None\ndel open\nopen(p, "w")\n'), ['open:write']);
  assert.equal(caps('class C:\n    eval = 1\n    del eval\n    eval(s)\n'), ['eval']);
  // A deletion that may not have run leaves the built-in possible; a rebinding after it hides it again.
  assert.equal(caps('open = None\nif a:\n    del open\nopen(p, "w")\n'), ['open:write']);
  assert.equal(caps('open = g\ndel open\nopen = h\nopen(p)\n'), []);
  // In a function the name stays local (a use after del fails); the deleted name is no use.
  assert.equal(caps('def f(p):\n    open = g\n    del open\n    open(p)\n'), []);
  assert.equal(scan('del open\nimport os\ndel os, x\n'), []);
});

test('PEP 695: a generic def binds its parameters, a type alias binds its name and not the built-in type', () => {
  assert.equal(caps('from pathlib import Path\ndef save[T](p: Path, data: T) -> None:\n    p.write_text(str(data))\n'), ['pathlib.Path.write_text:write']);
  assert.equal(caps('async def run[T: (int, str), *Ts, **P](open: T):\n    return open(p, "w")\n'), []);
  assert.equal(ids('import os\ntype Alias[T] = list[T]\nm = type(os).__getattribute__(os, "system")\n'), ['evasion.computed-member', 'subprocess.python-os-exec']);
  assert.equal(caps('type = lambda *a: None\ntype(x)\ntype Open = int\nopen(p)\n'), ['open:read']);
  // A generic class's type parameters are names of its body, not a use of the built-in.
  assert.equal(scan('class Box[eval, *open](Base):\n    eval(s)\n    x = open\n'), []);
});

test('an annotation without a value binds nothing: a later call is the built-in; the annotated name is no use', () => {
  assert.equal(caps('eval: object\neval(s)\n'), ['eval']);
  assert.equal(caps('from dataclasses import dataclass\n@dataclass\nclass C:\n    open: bool\n    exec: str = "x"\n'), []);
  assert.equal(caps('open: object = lambda *a: None\nopen(p, "w")\n'), []);
});

test('Path.open called on the class: the path is the first argument, the mode the second', () => {
  assert.equal(caps('from pathlib import Path\nimport pathlib\nPath.open(p)\nPath.open(p, "r")\npathlib.Path.open(p, "w")\nPath.open(p, mode="rb")\nPath(p).open("r")\n'), ['pathlib.Path.open:read', 'pathlib.Path.open:read', 'pathlib.Path.open:write', 'pathlib.Path.open:read', 'pathlib.Path.open:read']);
});

test('open: the mode decides read or write; a mode that is not a literal counts as a write', () => {
  const f = (src: string): Array<string | undefined> => scan(src).filter((x) => x.kind === 'capability').map((x) => `${x.access} ${x.detail}`);
  assert.equal(f("open(p)\nopen(p, 'rb')\nopen(p, 'w')\nopen(p, mode='a')\nopen(p, 'r+')\nopen(p, 'x')\n"), ['read default mode "r"', 'read mode "rb"', 'write mode "w"', 'write mode "a"', 'write mode "r+"', 'write mode "x"']);
  assert.equal(f('open(p, m)\nopen(*args)\n'), ['write mode is not a literal: counted as a write', 'write mode is not a literal: counted as a write']);
  assert.equal(f("M = 'w'\nopen(p, M)\n"), ['write mode "w"']);
  assert.equal(caps("import io, codecs, gzip\nio.open(p, 'w')\ncodecs.open(p)\ngzip.open(p, 'wt')\n"), ['io.open:write', 'codecs.open:read', 'gzip.open:write']);
  assert.equal(caps("import os\nos.open(p, os.O_WRONLY | os.O_CREAT)\nos.open(p, os.O_RDONLY)\nos.open(p, flags)\n"), ['os.open:write', 'os.open:read', 'os.open:write']);
  assert.equal(caps("import zipfile, tarfile\nzipfile.ZipFile(f)\nzipfile.ZipFile(f, 'w')\ntarfile.open(n, 'w:gz')\n"), ['zipfile.ZipFile:read', 'zipfile.ZipFile:write', 'tarfile.open:write']);
  // os.fdopen wraps a descriptor in a file object with a mode; io.open_code only reads.
  assert.equal(caps("import os, io\nos.fdopen(fd, 'w')\nos.fdopen(fd)\nio.open_code(p)\n"), ['os.fdopen:write', 'os.fdopen:read', 'io.open_code:read']);
});

test('a name defined in the file shadows the built-in; a method of a class does not', () => {
  assert.equal(caps("def open(p, mode='r'):\n    return p\nopen(x, 'w')\n"), []);
  assert.equal(caps("open = my_open\nopen(x, 'w')\n"), []);
  assert.equal(caps("def f(open):\n    return open(x, 'w')\nopen(y, 'w')\n"), ['open:write']);
  assert.equal(caps("class Store:\n    def open(self):\n        return open(self.path, 'a')\n"), ['open:write']);
  assert.equal(caps("from .compat import open\nopen(x, 'w')\n"), []);
  assert.equal(caps("for eval in items:\n    eval(x)\n"), []);
  assert.equal(caps("with ctx() as exec:\n    exec(x)\n"), []);
  assert.equal(caps("f = lambda eval: eval(x)\n"), []);
  // A rebinding that may not have run hides nothing: a function's `global` assignment (it runs
  // only if called), one under `if`, a loop target (the loop may not run), one after the use.
  assert.equal(caps("def f():\n    global open\n    open = wrap\nopen(x, 'w')\n"), ['open:write']);
  assert.equal(caps('import os\nif False:\n    os = None\nos.system("id")\n'), ['os.system']);
  assert.equal(caps('import os\ndef _reset():\n    global os\n    os = None\ndef run(c):\n    return os.system(c)\n'), ['os.system']);
  assert.equal(caps('import subprocess\ntry:\n    pass\nexcept Exception:\n    subprocess = None\nsubprocess.run(["x"])\n'), ['subprocess.run']);
  assert.equal(caps('exec("print(1)")\ndef exec(s):\n    pass\n'), ['exec']);
  assert.equal(caps('for open in []:\n    pass\nopen("x", "w")\n'), ['open:write']);
  assert.equal(caps('import os\ndef f():\n    return os.system("x")\nos = None\n'), ['os.system']);
  // One that certainly ran before the use does hide.
  assert.equal(caps('import os\nos = None\nos.system("x")\n'), []);
  assert.equal(caps("def f():\n    open(x, 'w')\ndef open(*a):\n    pass\n"), []);
});

test('anyio and trio (the MCP SDK\'s async layer), os\'s posix/nt originals, comprehension paths', () => {
  assert.equal(caps('import anyio\nasync def f():\n    await anyio.run_process(["ls"])\n    await anyio.open_file("x", "w")\n    await anyio.connect_tcp("h", 1)\n').sort(), ['anyio.connect_tcp', 'anyio.open_file:write', 'anyio.run_process']);
  assert.equal(caps('from trio import open_tcp_stream, run_process\nasync def f():\n    await run_process(["ls"])\n    await open_tcp_stream("h", 1)\n').sort(), ['trio.open_tcp_stream', 'trio.run_process']);
  assert.equal(caps('import posix\nposix.system("id")\nfrom nt import remove\nremove("x")\n').sort(), ['nt.remove:write', 'posix.system']);
  assert.equal(caps('from pathlib import Path\n[p.unlink() for p in Path(".").glob("*.tmp")]\n').sort(), ['pathlib.Path.glob:read', 'pathlib.Path.unlink:write']);
});

test('nesting far beyond what CPython parses keeps the findings before it', () => {
  for (const tail of ['('.repeat(3000) + '1' + ')'.repeat(3000), 'getattr('.repeat(3000) + 'os' + ', "a")'.repeat(3000), 'f"{'.repeat(2000) + '1' + '}"'.repeat(2000)]) {
    assert.ok(caps(`import os\nos.system("x")\nx = ${tail}\n`).includes('os.system'), tail.slice(0, 12));
  }
});

test('strings that double at each step (constants of constants, replace) stop being folded instead of exhausting memory', () => {
  const doubling = Array.from({ length: 40 }, (_, i) => `c${i + 1} = c${i} + c${i}\n`).join('');
  assert.equal(caps(`import os\nc0 = "ab"\n${doubling}os.system("x")\n`), ['os.system']);
  assert.equal(caps(`import os\nx = "a"${'.replace("a", "aa")'.repeat(40)}\nos.system("x")\n`), ['os.system']);
  // Short folds still work.
  assert.equal(caps('import os\nk = "sxstem".replace("x", "y")\ngetattr(os, k)("id")\n'), ['os.system']);
});

test('a name rebound under if thousands of times keeps every capability it may still hold', () => {
  const rebinds = (n: number): string => Array.from({ length: n }, (_, i) => `if c:\n    os = f${i}\nos.system("x")\n`).join('');
  // Far more conditional rebindings than a use looks back over: the import may still be in effect.
  assert.equal(caps(`import os\n${rebinds(100)}`).length, 100);
  assert.equal(caps(`import os\n${rebinds(100)}os = None\nos.system("x")\n`).length, 100);
  // Quadratic, this took over ten seconds; the time is measured by test/bench/scan-worst-case.bench.ts.
  assert.equal(caps(`import os\n${rebinds(6000)}`).length, 6000);
});

test('thousands of for clauses or lambdas on one line keep their scopes and what follows them', () => {
  // A generator with n for clauses: each target is bound in the generator, not in the module.
  const clauses = Array.from({ length: 4000 }, (_, i) => `a${i} in b${i}`).join(' for ');
  assert.equal(caps(`import os\nx = (os.system(a0) for ${clauses})\nos.system("x")\n`), ['os.system', 'os.system']);
  assert.equal(caps(`import os\nx = [os for ${clauses.replace('a0 ', 'os ')}]\nos.system("x")\n`), ['os.system']);
  // n lambdas on one logical line: a parameter shadows inside the lambdas, not after the line.
  const lambdas = (param: string): string => Array.from({ length: 4000 }, (_, i) => `lambda ${param}p${i}: os.system(p${i})`).join(', ');
  assert.equal(caps(`import os\nx = ${lambdas('os, ')}\nos.system("y")\n`), ['os.system']);
  assert.equal(caps(`import os\nx = ${lambdas('')}\nos.system("y")\n`).length, 4001);
});

test('thousands of star imports: a free name is the member of the first one that provides it', () => {
  const stars = Array.from({ length: 4000 }, (_, i) => `from m${i} import *\nf${i}()\n`).join('');
  assert.equal(caps(`${stars}from subprocess import *\nfrom os import *\nrun("x")\nsystem("y")\nprint(z)\n`), ['subprocess.run', 'os.system']);
  // `open` is not a member of a row of os (os.open is): from os import * binds it to os.open.
  assert.equal(caps(`${stars}from os import *\nopen(p, O_RDONLY)\n`), ['os.open:read']);
});

test('a store into globals() and the caller\'s module name are no evasion; a read with a run-time key is', () => {
  assert.equal(ids('globals()[name] = value\ndel globals()[name]\nglobals()["x"] += 1\nimport sys\nmod = sys._getframe(1).f_globals.get("__name__", "__main__")\n'), []);
  assert.equal(ids('g = globals()[name]\n'), ['evasion.computed-global']);
  assert.equal(ids('import sys\ng = sys._getframe(1).f_globals\n'), ['evasion.python-introspection']);
});

test("locals() in a function is its own namespace: a run-time key reaches a module only when the function binds one", () => {
  // gitpython's Submodule.exists: `loc = locals()` … `setattr(self, attr, loc[attr])`.
  assert.equal(ids('import os\ndef exists(self):\n    loc = locals()\n    for attr in self._cache_attrs:\n        setattr(self, attr, loc[attr])\ndef h(name):\n    return vars()[name]\n'), []);
  // A local import, or one of an enclosing function (a free variable is in locals() too), can be reached.
  assert.equal(ids('def g(name):\n    import subprocess\n    return locals()[name]\n'), ['subprocess.python-subprocess', 'evasion.computed-global']);
  assert.equal(ids('def outer():\n    import shutil\n    def inner(k):\n        shutil\n        return locals()[k]\n'), ['evasion.computed-global']);
  // At module and class level locals() is globals() (httpx's `__locals = locals()`).
  assert.equal(ids('import os\n__locals = locals()\nx = __locals[name]\nclass C:\n    y = locals()[k]\n'), ['evasion.computed-global', 'evasion.computed-global']);
});

test('a package imported with several names is one finding', () => {
  assert.equal(caps('from requests import Session, get\nfrom cryptography.hazmat import a, b, c\n'), ['requests', 'cryptography']);
});

test('namespace .get(key) reads like [key]; sys.modules with a built key is an evasion', () => {
  assert.equal(caps('import sys\nsys.modules.get("subprocess").run(["x"])\n'), ['subprocess.run']);
  assert.equal(caps('import builtins\nvars(builtins).get("exec")("1")\nbuiltins.__dict__.get("eval")("1")\nimport os\nos.__dict__.get("system")("id")\n'), ['exec', 'eval', 'os.system']);
  assert.is(find('import sys\nsys.modules.get("sub" + "process", None).run(["x"])\n', 'evasion.computed-global')?.confidence, 'high');
  assert.is(find('import sys\nsys.modules["sub" + "process"].run(["x"])\n', 'evasion.computed-global')?.confidence, 'high');
  assert.equal(ids('import sys\nm = sys.modules.get(__name__)\nd = {}\nd.get("exec")\n'), []);
});

test('an archive that is extracted is a write; one only listed is a read', () => {
  assert.equal(caps('import tarfile, zipfile\ntarfile.open("a.tar").extractall("/tmp")\nwith tarfile.open(p, "r:gz") as t:\n    t.extractall()\nz = zipfile.ZipFile("a.zip")\nz.extract("x", "/tmp")\nwith zipfile.ZipFile("b.zip") as zz:\n    print(zz.namelist())\n'), ['tarfile.open:write', 'tarfile.open:write', 'zipfile.ZipFile:write', 'zipfile.ZipFile:read']);
});

test('many archives opened in one file: only the extracted one is a write', () => {
  // Each open searched the rest of the file for an extraction (quadratic); the time is measured
  // by test/bench/scan-worst-case.bench.ts.
  const opens = 'import tarfile\n' + Array.from({ length: 16000 }, (_, i) => `t${i} = tarfile.open(p)\n`).join('') + 't1.extractall(d)\n';
  const found = caps(opens);
  assert.is(found.length, 16000);
  assert.equal(found.filter((c) => c.endsWith(':write')).length, 1);
  assert.equal(caps('import tarfile\nt0 = tarfile.open(p)\nt1 = tarfile.open(p)\nt1.extractall(d)\n'), ['tarfile.open:read', 'tarfile.open:write']);
});

test('TYPE_CHECKING blocks are type-only only when the name is typing\'s and the branch is not negated', () => {
  assert.equal(caps('from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    import subprocess\n'), []);
  assert.equal(caps('import typing\nif typing.TYPE_CHECKING:\n    import socket\n'), []);
  assert.equal(caps('from typing import TYPE_CHECKING\nif not TYPE_CHECKING:\n    import subprocess\nsubprocess.run(["x"])\n'), ['subprocess.run']);
  assert.equal(caps('TYPE_CHECKING = True\nif TYPE_CHECKING:\n    import subprocess\n'), ['subprocess']);
});

test('bindings: import forms, aliases, star imports, getattr and importlib with literals', () => {
  assert.equal(caps('import os\nos.system("x")\n'), ['os.system']);
  assert.equal(caps('import os.path as p\np.exists(x)\n'), ['os.path.exists:read']);
  assert.equal(caps('import os.path\nos.path.isfile(x)\nos.remove(x)\n'), ['os.path.isfile:read', 'os.remove:write']);
  assert.equal(caps('import urllib.request\nurllib.request.urlopen(u)\n'), ['urllib.request.urlopen']);
  assert.equal(caps('from os import system as s\ns("x")\n'), ['os.system']);
  assert.equal(caps('from subprocess import *\nrun(["ls"])\nprint(x)\n'), ['subprocess.run']);
  assert.equal(caps('from os import *\nsystem("x")\nlistdir(".")\ngetcwd()\n'), ['os.system', 'os.listdir:read']);
  assert.equal(caps('import subprocess\nrun = subprocess.run\nrun(["x"])\n'), ['subprocess.run', 'subprocess.run']);
  assert.equal(caps('import subprocess\nsp = subprocess\nsp.Popen(["x"])\n'), ['subprocess', 'subprocess.Popen']);
  assert.equal(caps('import os\ngetattr(os, "system")("x")\n'), ['os.system']);
  assert.equal(caps('import importlib\nm = importlib.import_module("subprocess")\nm.check_output(["x"])\n'), ['subprocess', 'subprocess.check_output']);
  assert.equal(caps('__import__("os").system("x")\n'), ['os.system']);
  // An assignment expression aliases a module, a path or a constant as `=` does.
  assert.equal(caps('if (m := __import__("os")):\n    m.system("id")\n'), ['os.system']);
  assert.equal(caps('import os\nif (k := "sys" + "tem"):\n    getattr(os, k)("x")\n'), ['os.system']);
  assert.equal(caps('from pathlib import Path\nif (p := Path(x)).exists():\n    p.unlink()\n'), ['pathlib.Path.unlink:write']);
  assert.equal(caps('import concurrent.futures\nconcurrent.futures.ProcessPoolExecutor()\nconcurrent.futures.ThreadPoolExecutor()\n'), ['concurrent.futures.ProcessPoolExecutor']);
});

test('imported capabilities never referenced still count, at the import; classes only when called', () => {
  assert.equal(scan('from os import remove\n').map((f) => [f.identifier, f.line, f.detail]), [['os.remove', 1, 'imported but not referenced in this file']]);
  assert.equal(caps('import subprocess\n'), ['subprocess']);
  assert.equal(caps('import os\nimport shutil\n'), []);
  assert.equal(caps('import subprocess\ndef f(p: subprocess.Popen) -> None:\n    pass\n'), []);
  assert.equal(caps('import subprocess\ntry:\n    pass\nexcept subprocess.CalledProcessError:\n    pass\nx = subprocess.PIPE\n'), []);
  assert.equal(caps('if TYPE_CHECKING:\n    from subprocess import Popen, run\n'), []);
  // A class that starts the capability, imported at module level and not used here, is taken
  // from this file by another (`from .util import launch`): it counts at the import.
  assert.equal(scan('from subprocess import Popen as launch\n').map((f) => [f.id, f.identifier, f.detail]), [['subprocess.python-subprocess', 'subprocess.Popen', 'imported but not referenced in this file']]);
  assert.equal(caps('from multiprocessing import Process\n'), ['multiprocessing.Process']);
  assert.equal(caps('from subprocess import Popen\ndef f(p: Popen) -> None:\n    pass\n'), []);
  assert.equal(caps('from subprocess import CalledProcessError, PIPE, CompletedProcess\n'), []);
});

test('pathlib: methods on constructor results, variables, annotated parameters, / and loop variables', () => {
  const src = [
    'from pathlib import Path',
    'import pathlib',
    'base = Path(__file__).parent / "data"',
    'base.mkdir(exist_ok=True)',
    'Path("x").read_text()',
    '(base / "a.txt").write_text("hi")',
    'pathlib.Path.home().joinpath("y").unlink()',
    'def f(p: Path, q: "str") -> None:',
    '    p.touch()',
    '    q.touch()',
    'for child in base.iterdir():',
    '    child.rename("z")',
    'with base.open("w") as fh: pass',
    'name.touch()',
  ].join('\n');
  // `name` is not known to be a path: touch, a name other types have too, is no path write there.
  assert.equal(caps(src), ['pathlib.Path.mkdir:write', 'pathlib.Path.read_text:read', 'pathlib.Path.write_text:write', 'pathlib.Path.unlink:write', 'pathlib.Path.touch:write', 'pathlib.Path.iterdir:read', 'pathlib.Path.rename:write', 'pathlib.Path.open:write']);
  // A quoted annotation (a forward reference, often to a TYPE_CHECKING import) types the parameter too.
  const quoted = 'from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from pathlib import Path\nimport pathlib\ndef w(p: "Path", q: "pathlib.Path | None", r: "MyPath"):\n    p.write_text("x")\n    q.unlink()\n    r.unlink()\n';
  assert.equal(caps(quoted), ['pathlib.Path.write_text:write', 'pathlib.Path.unlink:write']);
});

test('capability rows of every family', () => {
  assert.equal(caps('import shutil, tempfile, glob, sqlite3\nshutil.rmtree(d)\nshutil.which("git")\ntempfile.mkdtemp()\nglob.glob("*")\nsqlite3.connect(db)\n'), ['shutil.rmtree:write', 'shutil.which:read', 'tempfile.mkdtemp:write', 'glob.glob:read', 'sqlite3.connect:read']);
  assert.equal(caps('import aiofiles\nimport aiofiles.os\naiofiles.open(p, "w")\naiofiles.os.remove(p)\n'), ['aiofiles.open:write', 'aiofiles.os.remove:write']);
  assert.equal(caps('import socket, ssl\nsocket.create_connection(a)\nsocket.gethostname()\nssl.create_default_context()\n'), ['socket.create_connection', 'ssl.create_default_context']);
  // A private constant used as a default and pure URL helpers touch no network.
  assert.equal(caps('import socket, urllib.request\ndef connect(timeout=socket._GLOBAL_DEFAULT_TIMEOUT):\n    return urllib.request.url2pathname(u), urllib.request.pathname2url(p)\n'), []);
  // Proxy settings come from the environment (httpx/_utils.py).
  assert.equal(caps('from urllib.request import getproxies\nimport urllib.request\nproxies = getproxies()\nurllib.request.proxy_bypass(h)\n'), []);
  assert.equal(caps('import requests\nimport httpx\nfrom aiohttp import ClientSession\nimport boto3\nimport paramiko\nfrom mcp.client.sse import sse_client\n'), ['requests', 'httpx', 'aiohttp', 'boto3', 'paramiko', 'mcp.client.sse']);
  assert.equal(caps('import http.client\nhttp.client.HTTPSConnection(h)\nimport smtplib, ftplib\n'), ['http.client.HTTPSConnection', 'smtplib', 'ftplib']);
  assert.equal(caps('import os, asyncio, multiprocessing, pty, webbrowser\nos.popen("x")\nos.execvp("x", a)\nasyncio.create_subprocess_shell("x")\nmultiprocessing.Process(target=f)\nmultiprocessing.cpu_count()\npty.spawn("sh")\nwebbrowser.open(u)\n'), ['os.popen', 'os.execvp', 'asyncio.create_subprocess_shell', 'multiprocessing.Process', 'pty.spawn', 'webbrowser.open']);
  assert.equal(caps('import pexpect\nfrom mcp.client.stdio import stdio_client\nimport sh\n'), ['pexpect', 'mcp.client.stdio', 'sh']);
  const browser = scan('from playwright.async_api import async_playwright\n').map((f) => [f.id, f.family]);
  assert.equal(browser, [['network.python-browser-automation', 'network'], ['subprocess.python-browser-automation', 'subprocess']]);
  assert.equal(caps('import hashlib, hmac, secrets\nhashlib.sha256(b)\nhmac.new(k)\nsecrets.token_hex()\nimport jwt\nfrom cryptography.fernet import Fernet\nfrom Crypto.Cipher import AES\nimport nacl.secret\n'), ['hashlib.sha256', 'hmac.new', 'secrets.token_hex', 'jwt', 'cryptography', 'Crypto', 'nacl']);
  assert.equal(caps('eval(s)\nexec(s)\ncompile(s, "f", "exec")\nimport runpy, pickle, marshal, types, ctypes, cffi\nrunpy.run_path(p)\npickle.loads(b)\npickle.dumps(o)\nmarshal.loads(b)\ntypes.FunctionType(c, g)\nctypes.CDLL(p)\ncffi.FFI()\n'), ['eval', 'exec', 'compile', 'runpy.run_path', 'pickle.loads', 'marshal.loads', 'types.FunctionType', 'ctypes.CDLL', 'cffi.FFI']);
  assert.equal(caps('import yaml\nyaml.load(s, Loader=yaml.SafeLoader)\nyaml.unsafe_load(s)\n'), ['yaml.unsafe_load']);
  // yaml.load is unsafe when its loader argument says so, by keyword, by position or imported by name.
  assert.equal(caps('import yaml\nyaml.load(s, Loader=yaml.Loader)\nyaml.load(s, yaml.UnsafeLoader)\nyaml.load_all(s, Loader=yaml.CLoader)\n'), ['yaml.load', 'yaml.load', 'yaml.load_all']);
  assert.equal(caps('from yaml import load, Loader\nload(s, Loader=Loader)\n'), ['yaml.load']);
  // Pickles read by data libraries: pandas.read_pickle always, numpy.load only with allow_pickle=True
  // (numpy.load always reads its file).
  const pickles = 'import pandas as pd, numpy as np\npd.read_pickle(p)\nnp.load(p, allow_pickle=True)\nnp.load(p, None, True)\nnp.load(p)\nnp.load(p, allow_pickle=False)\n';
  assert.equal(scan(pickles).filter((f) => f.family === 'codeEvaluation').map((f) => `${f.line}:${f.identifier}`), ['2:pandas.read_pickle', '3:numpy.load', '4:numpy.load']);
  assert.equal(scan(pickles).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.identifier}:${f.access}`), ['3:numpy.load:read', '4:numpy.load:read', '5:numpy.load:read', '6:numpy.load:read']);
  assert.equal(caps('import yaml\nfrom yaml import load\nyaml.load(s)\nyaml.load(s, Loader=yaml.FullLoader)\nyaml.load(s, Loader=loader)\nf = yaml.load\n'), []);
  assert.is(find('import yaml\nyaml.load(s, Loader=yaml.Loader)\n', 'code-evaluation.python-yaml-unsafe-loader')?.family, 'codeEvaluation');
  // An event loop from asyncio (or uvloop) starts processes and opens connections.
  assert.equal(caps('import asyncio\nasync def run(c):\n    loop = asyncio.get_running_loop()\n    await loop.subprocess_exec(P, c)\n    await loop.create_connection(P, h, 80)\n    loop.run_in_executor(None, f)\nasyncio.get_event_loop().subprocess_shell(P, c)\n'), ['asyncio.AbstractEventLoop.subprocess_exec', 'asyncio.AbstractEventLoop.create_connection', 'asyncio.AbstractEventLoop.subprocess_shell']);
  assert.equal(caps('import asyncio\nloop = asyncio.new_event_loop()\nloop.run_until_complete(main())\nloop.close()\n'), []);
  // fileinput rewrites its files when inplace is true; timeit compiles and runs its statement string.
  assert.equal(caps('import fileinput\nfileinput.input(fs)\nfileinput.input(fs, inplace=True)\nfileinput.FileInput(fs, True)\nfileinput.input(fs, inplace=False)\nfileinput.input(fs, inplace=flag)\n'), ['fileinput.input:read', 'fileinput.input:write', 'fileinput.FileInput:write', 'fileinput.input:read', 'fileinput.input:write']);
  assert.equal(caps('import timeit\ntimeit.timeit(code, number=1)\ntimeit.default_timer()\nfrom timeit import Timer\nTimer(stmt, setup).repeat()\n'), ['timeit.timeit', 'timeit.Timer']);
  assert.equal(scan('import os\nos.environ["A"]\nos.getenv("B")\nos.putenv("C", "1")\nfrom dotenv import load_dotenv\n').map((f) => [f.id, f.identifier]), [
    ['environment.python-os-environ', 'os.environ'], ['environment.python-os-environ', 'os.getenv'], ['environment.python-os-environ', 'os.putenv'], ['environment.python-dotenv', 'dotenv.load_dotenv'],
    // load_dotenv reads the .env file: a filesystem read beside the environment (an imported name counts where it is bound).
    ['filesystem.python-dotenv-load', 'dotenv.load_dotenv'],
  ]);
});

test('dynamic imports: a literal is an import, a computed name is code evaluation and evasion', () => {
  const r = scanSource('import importlib\nimportlib.import_module("requests")\n__import__(name)\nimportlib.import_module("sub" + "process").run(c)\n', { file: 'h.py' });
  assert.equal(r.imports.map((i) => [i.specifier, i.kind, i.line]), [['importlib', 'builtin', 1], ['requests', 'package', 2], ['subprocess', 'builtin', 4]]);
  assert.equal(r.findings.map((f) => [f.id, f.identifier ?? f.confidence, f.line]), [
    ['network.python-http-client', 'requests', 2],
    ['code-evaluation.python-dynamic-import', '__import__', 3],
    ['evasion.dynamic-import', 'medium', 3],
    ['evasion.obfuscated-name', 'high', 4],
    ['subprocess.python-subprocess', 'subprocess.run', 4],
  ]);
  // The name given by keyword is the same import.
  assert.equal(caps('import importlib\nm = importlib.import_module(name="os")\nm.system("id")\n__import__(name="subprocess").run(c)\n'), ['os.system', 'subprocess.run']);
  assert.equal(scanSource('import importlib\nimportlib.import_module(package=p, name="httpx")\n', { file: 'h.py' }).imports.map((i) => i.specifier), ['importlib', 'httpx']);
  // A dynamic import that is the target of getattr or vars is still an import, with its evasion.
  const target = scanSource("getattr(__import__('requests'), 'get')(u)\nvars(__import__('sub' + 'process'))['run'](c)\n", { file: 'h.py' });
  assert.equal(target.imports.map((i) => i.specifier), ['requests', 'subprocess']);
  assert.equal(target.findings.filter((f) => f.kind === 'capability').map((f) => f.identifier), ['requests', 'subprocess.run']);
  assert.is(target.findings.find((f) => f.id === 'evasion.obfuscated-name')?.confidence, 'high');
  assert.equal(ids('import os\ngetattr(getattr(os, "pa" + "th"), "exists")\n').filter((id) => id === 'evasion.computed-member').length, 2);
});

test('getattr and namespace access: confidence follows the JavaScript policy', () => {
  const one = (src: string, id: string): string | undefined => find(src, id)?.confidence;
  assert.is(one('import os\ngetattr(os, "system")("x")\n', 'evasion.computed-member'), 'low');
  assert.is(one('import os\ngetattr(os, "sys" + "tem")("x")\n', 'evasion.computed-member'), 'high');
  assert.is(one('import os\ngetattr(os, "get" + "cwd")()\n', 'evasion.computed-member'), 'medium');
  assert.is(one('import os\ngetattr(os, name)\n', 'evasion.computed-member'), 'medium');
  // getattr on an object or a module without capabilities is ordinary Python.
  assert.equal(ids('import logging\ngetattr(self, name)\ngetattr(logging, level)\n'), []);
  assert.is(one('globals()["ev" + "al"]("1")\n', 'evasion.computed-global'), 'high');
  assert.is(one('__builtins__["eval"]("1")\n', 'evasion.computed-global'), 'medium');
  assert.is(one('import builtins\ngetattr(builtins, k)\n', 'evasion.computed-global'), 'medium');
  assert.is(one('import builtins\nbuiltins.__dict__["open"](p, "w")\n', 'evasion.computed-global'), 'medium');
  // A store reaches nothing (it defines a global): no finding.
  assert.is(one('globals()["CONFIG"] = 1\n', 'evasion.computed-global'), undefined);
  assert.equal(caps('globals()["ev" + "al"]("1")\n__builtins__["exec"]("2")\nimport sys\nsys.modules["os"].system("x")\nvars(__builtins__)["open"](p, "w")\n'), ['eval', 'exec', 'os.system', 'open:write']);
  assert.equal(ids('import sys\nmod = sys.modules[__name__]\n'), []);
  // The module itself is a namespace of its globals: getattr on it is globals()[key].
  assert.equal(caps('import os, sys\ngetattr(sys.modules[__name__], "o" + "s").system("x")\nsys.modules[__name__].__dict__["ev" + "al"]("1")\n'), ['os.system', 'eval']);
  assert.is(one('import sys\ngetattr(sys.modules[__name__], "o" + "s")\n', 'evasion.computed-global'), 'high');
  assert.equal(ids('import sys\nsys.modules[__name__] = Wrapper()\nsetattr(sys.modules[__name__], "x", 1)\n'), []);
  // __getattribute__ is getattr spelled as a method.
  assert.equal(caps('import os\nos.__getattribute__("system")("id")\nobject.__getattribute__(os, "sys" + "tem")("id")\n'), ['os.system', 'os.system']);
  assert.is(one('import os\nobject.__getattribute__(os, "sys" + "tem")("id")\n', 'evasion.computed-member'), 'high');
  assert.is(one('import builtins\nbuiltins.__getattribute__(k)\n', 'evasion.computed-global'), 'medium');
  assert.equal(ids('class A:\n    def __getattribute__(self, n):\n        return object.__getattribute__(self, n)\n'), []);
  // The unbound method of the module's type, and operator's getters, are getattr too.
  assert.equal(caps('import os, types\ntype(os).__getattribute__(os, "system")("id")\ntypes.ModuleType.__getattribute__(os, "system")("id")\n'), ['os.system', 'os.system']);
  assert.equal(caps('import operator, os\noperator.attrgetter("system")(os)("id")\noperator.methodcaller("system", "id")(os)\noperator.attrgetter("path.exists")(os)(p)\n'), ['os.system', 'os.system', 'os.path.exists:read']);
  assert.is(one('import operator, os\noperator.attrgetter("sys" + "tem")(os)("id")\n', 'evasion.computed-member'), 'high');
  // methodcaller's arguments after the name are the call's: the mode is the third.
  assert.equal(caps('from operator import methodcaller\nimport builtins\nmethodcaller("open", p, "w")(builtins)\nmethodcaller("open", p)(builtins)\n'), ['open:write', 'open:read']);
  assert.equal(ids('import operator\noperator.attrgetter("name")(self)\noperator.methodcaller("close")(f)\n'), []);
  // A getter stored in a name and applied later reaches the member the same way.
  assert.equal(caps('import operator, os\ng = operator.attrgetter("system")\ng(os)("id")\nfrom operator import methodcaller\nm = methodcaller("open", p, "w")\nimport builtins\nm(builtins)\n'), ['os.system', 'open:write']);
  assert.equal(ids('import operator\nkey = operator.attrgetter("name")\nsorted(users, key=key)\nkey(user)\n'), []);
  // An f-string whose fields fold is folded; a conversion or a format spec keeps it unknown.
  assert.equal(find('import os\ngetattr(os, f"sys{chr(116)}em")("id")\n', 'evasion.computed-member')?.detail, 'os["system"] (the key folded from char-codes, f-string)');
  assert.equal(caps('import os\nT = "tem"\ngetattr(os, f"sys{T}")("id")\n__import__(f"{\'o\'}s").system(c)\nopen(p, f"{\'w\'}")\n'), ['os.system', 'os.system', 'open:write']);
  assert.is(one('import os\ngetattr(os, f"sys{T!r}")\n', 'evasion.computed-member'), 'medium');
  assert.match(find('import os\ngetattr(os, f"sys{T:>3}")\n', 'evasion.computed-member')?.detail ?? '', /computed at run time/);
});

test('character codes, base64, hex and rot13 literals that spell capabilities or code', () => {
  const chars = find("n = ''.join(chr(c) for c in [101, 118, 97, 108])\n", 'evasion.from-char-code')!;
  assert.equal([chars.confidence, chars.detail], ['high', 'decodes to "eval"']);
  assert.is(find("n = ''.join(map(chr, [104, 101, 108, 108, 111]))\n", 'evasion.from-char-code')!.confidence, 'medium');
  assert.is(find('n = chr(115) + chr(121) + chr(115) + chr(116) + chr(101) + chr(109)\n', 'evasion.from-char-code')!.confidence, 'high');
  assert.is(find('n = bytes([111, 115]).decode()\n__import__(n)\n', 'evasion.obfuscated-name')!.confidence, 'high');
  assert.equal(ids('sep = chr(10)\nx = chr(65 + i)\n'), []);
  // Indexes and slices with literals are folded as Python reads them.
  assert.equal(caps('__import__("xxos"[2:]).system("id")\nimport os\ngetattr(os, "_system_"[1:-1])("id")\ngetattr(os, "mxextxsxyxs"[::-2])("id")\n'), ['os.system', 'os.system', 'os.system']);
  assert.is(find('import os\ngetattr(os, "xsystem"[1:])("id")\n', 'evasion.computed-member')!.confidence, 'high');
  // So are str.format and % of constants (plain fields and %s only).
  assert.equal(caps('__import__("{}{}".format("o", "s")).system("id")\n__import__("%s%s" % ("o", "s")).system("id")\nimport os\ngetattr(os, "sys%s" % "tem")("id")\ngetattr(os, "{a}{b}".format(a="sys", b="tem"))("id")\n'), ['os.system', 'os.system', 'os.system', 'os.system']);
  assert.is(find('import os\ngetattr(os, "{:>6}".format("system"))\n', 'evasion.computed-member')!.detail, 'os[…] with a key computed at run time');
  const b64 = find("import base64\nexec(base64.b64decode('aW1wb3J0IG9zOyBvcy5zeXN0ZW0oJ2lkJyk='))\n", 'evasion.base64-decode')!;
  assert.equal([b64.confidence, b64.detail], ['high', `decodes to "import os; os.system('id')", evaluated by exec`]);
  assert.is(find("import base64\nx = base64.b64decode('SGVsbG8sIHdvcmxkIGFnYWluIQ==')\n", 'evasion.base64-decode')!.confidence, 'low');
  assert.is(find("m = bytes.fromhex('73756270726f63657373').decode()\n", 'evasion.base64-decode')!.detail, 'decodes to "subprocess"');
  assert.is(find("import codecs\nm = codecs.decode('fhocebprff', 'rot13')\n", 'evasion.base64-decode')!.confidence, 'high');
  assert.equal(caps("import codecs\ngetattr(__import__(codecs.decode('bf', 'rot13')), 'system')('id')\n"), ['os.system']);
});

test('Python-only evasion: introspection chains and NFKC identifiers; escapes and entropy as in JavaScript', () => {
  assert.is(find('().__class__.__bases__[0].__subclasses__()\n', 'evasion.python-introspection')!.confidence, 'high');
  assert.is(find('Plugin.__subclasses__()\n', 'evasion.python-introspection')!.confidence, 'low');
  assert.is(find('g = f.__globals__\n', 'evasion.python-introspection')!.confidence, 'medium');
  const nfkc = scan('ｅｖａｌ("1")\n');
  assert.equal(nfkc.map((f) => [f.id, f.identifier ?? f.confidence]), [['code-evaluation.python-eval', 'eval'], ['evasion.python-normalized-identifier', 'high']]);
  assert.is(find(`x = "${'\\x65\\x76\\x61\\x6c'.repeat(20)}"\n`, 'evasion.escape-density')!.confidence, 'high');
  assert.is(find('x = "eval"\n', 'evasion.escape-density'), undefined);
  assert.is(find(`k = "${'Zq8!xW2#pL9@rT5$mN3%bV7^cX1&dF4*gH6(jK0)'.repeat(2)}"\n`, 'evasion.high-entropy-literal')!.confidence, 'low');
  assert.is(find('x = 1  # \u202e hidden\n', 'evasion.bidi-control')!.confidence, 'high');
  assert.is(find('e\u200bval = 1\n', 'evasion.invisible-character')!.confidence, 'high');
  assert.is(find('msg = "می\u200cبایست"  # می\u200cبایست\n', 'evasion.invisible-character'), undefined);
  assert.is(find('msg = "a\u200cb"\n', 'evasion.invisible-character')!.confidence, 'low');
  assert.is(find('e = eval\n', 'evasion.indirect-eval')!.confidence, 'medium');
});

test('a file that does not tokenize is not analyzed, and what came before the problem is still reported', () => {
  const r = scan("import os\nos.system('x')\ns = 'never closed\nos.remove(p)\n");
  assert.equal(r.map((f) => [f.id, f.line]), [['subprocess.python-os-exec', 2], ['scan.not-analyzed', 3], ['filesystem.python-os-write', 4]]);
  assert.match(r[1]!.detail!, /^unclosed-string: the tokenizer lost track here/);
  const bracket = scan('import os\nos.system(\n');
  assert.equal(bracket.map((f) => f.id), ['subprocess.python-os-exec', 'scan.not-analyzed']);
  assert.match(bracket[1]!.detail!, /^unclosed-bracket "\(": opened here and never closed/);
  assert.equal(scan('x = 1)\n').map((f) => [f.id, f.line, f.column]), [['scan.not-analyzed', 1, 6]]);
});

test('imports are recorded as written, relative ones as from-imports, stdlib as builtin', () => {
  const r = scanSource('import os.path, requests as rq\nfrom . import helpers\nfrom ..pkg.mod import a, b as c\nfrom mcp.server.fastmcp import FastMCP\nif TYPE_CHECKING:\n    from .types import T\n', { file: 'h.py' });
  assert.equal(r.imports.map((i) => [i.specifier, i.kind, i.typeOnly]), [
    ['os.path', 'builtin', false], ['requests', 'package', false], ['from . import helpers', 'relative', false],
    ['from ..pkg.mod import a', 'relative', false], ['from ..pkg.mod import b', 'relative', false],
    ['from mcp.server.fastmcp import FastMCP', 'package', false], ['from .types import T', 'relative', true],
  ]);
});


test('a module object handed on whole is reported in the families of its rows, without a direction', () => {
  const src = [
    'import os, shutil, pickle',
    'class H:',
    '    o = os',
    '    def __init__(self): self.sh = shutil',
    '    def run(self, c): self.o.system(c); self.sh.rmtree(c)',
    'def helper(m, c): return m.system(c)',
    'helper(os, "id")',
    'mods = {"o": pickle}',
  ].join('\n');
  const found = scan(src).map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access ?? '-'}`);
  assert.equal(found, [
    '3:filesystem.python-module-object:os:-',
    '3:subprocess.python-module-object:os:-',
    '4:filesystem.python-module-object:shutil:-',
    '7:filesystem.python-module-object:os:-',
    '7:subprocess.python-module-object:os:-',
    '8:code-evaluation.python-module-object:pickle:-',
  ]);
  assert.match(find(src, 'subprocess.python-module-object')!.detail!, /module object itself is handed on \(a class attribute\); its uses there are not followed/);
  // Returned, yielded, a default, a keyword argument, in a tuple, list or set, a lambda's result, through sys.modules or __import__.
  const forms = 'import os, pickle, tempfile, importlib, sys\ndef f(m=pickle):\n    return pickle\ndef g():\n    yield tempfile\nh = lambda: importlib\nrun(mod=pickle)\nx = [pickle]\nt = pickle, 1\nw = pickle if a else None\nuse(sys.modules["pickle"])\nuse(__import__("pickle"))\n';
  const lines = scan(forms).filter((f) => f.id.endsWith('python-module-object')).map((f) => f.line);
  assert.equal(lines, [2, 3, 5, 6, 7, 8, 9, 10, 11, 12]);
  // A module that only reads (os.path, glob) handed on is a read.
  assert.equal(caps('import os.path, glob\nuse(os.path)\nuse(glob)\n'), ['os.path:read', 'glob:read']);
});

test('a module object that is only looked at, tested, aliased or patched is not handed on', () => {
  const src = [
    'import os, shutil, pickle, sys, inspect, importlib, unittest, builtins',
    'os.path.join("a", "b")',
    'hasattr(os, "fork"); getattr(os, "name"); setattr(os, "x", 1); isinstance(os, type(sys))',
    'print(os); repr(os); id(os); str(pickle); callable(pickle); dir(shutil); vars(shutil)',
    'x = os is None',
    'if os: pass',
    'if not (shutil): pass',
    '__all__ = ["os"]',
    'inspect.getfile(os); importlib.reload(pickle)',
    's = f"{os} {os!r}"',
    'o = os',
    'a = b = shutil',
    'p: object = pickle',
    'q = (m := pickle)',
    'table = {}; table[os]',
    'self.assertIs(mod, os); mock.assert_called_with(shutil)',
    '@unittest.skipUnless(pickle, "needs pickle")',
    'def t(): pass',
    'support.swap_attr(os, "chdir", fake); monkeypatch.setattr(os, "environ", env); mock.patch.object(shutil, "rmtree")',
    'self.addCleanup(setattr, os, "listdir", os.listdir)',
    'del os',
  ].join('\n');
  assert.equal(scan(src).filter((f) => f.id.endsWith('python-module-object')), []);
  // The alias is still followed to its use; getattr with a literal is still the member.
  assert.equal(caps('import os, pickle\no = os\no.system(c)\nfn = pickle\nfn.loads(b)\ngetattr(os, "system")(c)\n'), ['os.system', 'pickle.loads', 'os.system']);
  // A patching call stores a module passed as the value: that one is handed on.
  assert.equal(caps('import ntpath\nsupport.swap_attr(server.os, "path", ntpath)\n'), ['ntpath:read']);
});

test('a module object handed on in a read-only tool: the filesystem is undecided (warning), a process module errs', () => {
  const warn = checkViolations('t', { readOnly: true }, scan('import shutil\nhelper(shutil)\n')).map((v) => `${v.id}:${v.level}`);
  assert.equal(warn, ['violation.read-only-filesystem-undecided:warning']);
  const os = checkViolations('t', { readOnly: true }, scan('import os\nhelper(os)\n')).map((v) => `${v.id}:${v.level}`);
  assert.equal(os, ['violation.read-only-filesystem-undecided:warning', 'violation.read-only-spawns-process:error']);
  assert.equal(checkViolations('t', { readOnly: true }, scan('import os.path\nhelper(os.path)\n')), []);
});
test('a parameter whose default is a module is followed inside the function like an alias', () => {
  const at = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.identifier}${f.access === undefined ? '' : `:${f.access}`}`);
  // Positional, keyword-only, a member default, a lambda: the uses are the findings, with direction.
  assert.equal(at('import os\ndef f(m=os):\n    m.system(c)\n'), ['3:os.system']);
  assert.equal(at('import shutil, subprocess\ndef g(p, *, sh=shutil, run=subprocess.run):\n    sh.rmtree(p)\n    run(["ls"])\n'), ['2:subprocess.run', '3:shutil.rmtree:write', '4:subprocess.run']);
  assert.equal(at('import os\nk = lambda mod=os: mod.remove(p)\n'), ['2:os.remove:write']);
  assert.equal(at('import os\ndef r(m=os.path, *a):\n    return m.exists(p)\n'), ['3:os.path.exists:read']);
  // Bound again before the use: not the module; the default stays the finding.
  assert.equal(at('import os\ndef h(m=os):\n    m = other\n    m.system(c)\n'), ['2:os', '2:os']);
  // Never used in the function: the default stays the finding; handed on again: reported there.
  assert.equal(at('import os\ndef u(m=os):\n    pass\n'), ['2:os', '2:os']);
  assert.equal(at('import os\ndef p(m=os):\n    helper(m)\n'), ['3:os', '3:os']);
  // A default evaluated in the enclosing scope: `def f(os=os)` is the module.
  assert.equal(at('import os\ndef f(os=os):\n    os.unlink(p)\n'), ['3:os.unlink:write']);
});

test('a lambda\'s defaults in an assignment are no targets: `g = lambda a=os, b=1: …` does not rebind os', () => {
  assert.equal(caps('import os\ng = lambda a=os, b=1: os.system(c)\n').filter((c) => c === 'os.system'), ['os.system']);
  assert.equal(caps('g = lambda p=1, mode="w": open(p, mode)\n'), ['open:write']);
  // The lambda's own parameters still shadow: `open` here is the parameter.
  assert.equal(caps('g = lambda a=1, open=None: open(p, "w")\n'), []);
});

test('path-only methods (read_text, write_text, iterdir, ...) count on receivers of unknown type', () => {
  const src = [
    'from .config import NOTES_DIR',
    'class Store:',
    '    def __init__(self, root):',
    '        self.root = Path(root)',
    '    def get(self, key):',
    '        return (self.root / key).read_text()',
    'NOTES_DIR.write_bytes(b"x")',
    'for p in load_dirs()[0].iterdir(): pass',
  ].join('\n');
  assert.equal(caps(src), ['pathlib.Path.read_text:read', 'pathlib.Path.write_bytes:write', 'pathlib.Path.iterdir:read']);
  assert.match(find(src, 'filesystem.python-path-read')!.detail!, /not known to be a path/);
  // A module's own function of that name is the module's (importlib.resources.read_text has no row).
  assert.equal(caps('import importlib.resources\nimportlib.resources.read_text("pkg", "x.txt")\n'), []);
  assert.equal(caps('from importlib import resources\nresources.read_text("pkg", "x.txt")\n'), []);
  // A name imported by an absolute import is no module for that: a flat server's own settings.
  assert.equal(caps('from config import NOTES_DIR\nNOTES_DIR.write_bytes(b"x")\nfrom settings import paths\npaths.data.read_text()\n'), ['pathlib.Path.write_bytes:write', 'pathlib.Path.read_text:read']);
  // A file that defines a method of that name may be calling its own.
  assert.equal(caps('class Doc:\n    def write_text(self, s):\n        self.parts.append(s)\ndoc = Doc()\ndoc.write_text("x")\n'), []);
  // Known paths are reported once, without the detail.
  assert.equal(scan('from pathlib import Path\nPath("a").read_text()\n').map((f) => f.detail), [undefined]);
});

test('mkdir given parents= or exist_ok=, and touch given exist_ok=, are pathlib writes on receivers of unknown type', () => {
  // Modeled on a DuckDB tool server: the database directory is created from a config attribute's parent
  // (ktanaka101/mcp-server-duckdb: dir_path = config.db_path.parent; dir_path.mkdir(parents=True)).
  const src = 'from app import Config\ndef init(config: Config):\n    dir_path = config.db_path.parent\n    dir_path.mkdir(parents=True)\n    self.cache.mkdir(exist_ok=True)\n    settings.marker.touch(exist_ok=True)\n';
  assert.equal(caps(src), ['pathlib.Path.mkdir:write', 'pathlib.Path.mkdir:write', 'pathlib.Path.touch:write']);
  assert.match(find(src, 'filesystem.python-path-write')!.detail!, /not known to be a path/);
  // Without those keywords the names are shared with other types (an SFTP client's mkdir(path, mode), a model's touch()).
  assert.equal(caps('sftp.mkdir(remote, 0o755)\nrecord.touch()\nfs.mkdir(p, create_parents=True)\n'), []);
  // A module's own mkdir is the module's row (os.mkdir has no parents), and a class that defines mkdir may call its own.
  assert.equal(caps('class Store:\n    def mkdir(self, parents=False):\n        pass\nStore().mkdir(parents=True)\n'), []);
});

test('data, image, XML, document and log-file libraries: reads and writes; in-memory buffers are no file', () => {
  assert.equal(caps('import pandas as pd\ndf = pd.read_csv(path)\npl_df = pd.read_parquet("x.parquet")\n'), ['pandas.read_csv:read', 'pandas.read_parquet:read']);
  assert.equal(caps('import numpy as np\nnp.save(p, a)\nnp.loadtxt(q)\n'), ['numpy.save:write', 'numpy.loadtxt:read']);
  assert.equal(caps('from PIL import Image\nImage.open(p)\nimport cv2\ncv2.imwrite(out, img)\n'), ['PIL.Image.open:read', 'cv2.imwrite:write']);
  assert.equal(caps('import xml.etree.ElementTree as ET\nET.parse(p)\nET.fromstring(s)\n'), ['xml.etree.ElementTree.parse:read']);
  assert.equal(caps('import logging\nfrom logging.handlers import RotatingFileHandler\nlogging.FileHandler(p)\nRotatingFileHandler(q)\nlogging.getLogger().info("x")\n'), ['logging.FileHandler:write', 'logging.handlers.RotatingFileHandler:write']);
  assert.equal(caps('import pypdf, docx\npypdf.PdfReader(p)\ndocx.Document()\ndocx.Document(p)\n'), ['pypdf.PdfReader:read', 'docx.Document:read']);
  // In-memory buffers and databases touch no file.
  const memory = [
    'import io, sqlite3, zipfile, pandas as pd',
    'from PIL import Image',
    'sqlite3.connect(":memory:")',
    'pd.read_csv(io.StringIO(text))',
    'Image.open(io.BytesIO(data))',
    'buf = io.BytesIO()',
    'with zipfile.ZipFile(buf, "w") as z: pass',
    'with io.BytesIO() as out:',
    '    zipfile.ZipFile(out, "w")',
    'other = io.BytesIO()',
    'other = open(p)',
    'zipfile.ZipFile(other, "w")',
  ].join('\n');
  assert.equal(caps(memory), ['open:read', 'zipfile.ZipFile:write']);
  // A name bound to a buffer somewhere is no buffer where another binding of it is in effect: a
  // parameter, a loop or tuple target, a walrus, a lambda's parameter.
  for (const use of [
    'def load(buf):\n    return pd.read_csv(buf)',
    'for buf in paths:\n    pd.read_csv(buf)',
    'buf, n = path, 1\npd.read_csv(buf)',
    'if (buf := path):\n    pd.read_csv(buf)',
    'f = lambda buf: pd.read_csv(buf)',
    'def f(*, buf):\n    pd.read_csv(buf)',
  ]) assert.equal(caps(`import io, pandas as pd\nbuf = io.StringIO()\n${use}\n`), ['pandas.read_csv:read'], use);
  // The buffer binding in effect where it is used still counts.
  assert.equal(caps('import io, pandas as pd\nbuf: str = path\nbuf = io.StringIO()\npd.read_csv(buf)\ndef g():\n    pd.read_csv(buf)\n'), []);
});

test('secure random, FastMCP clients, SQLAlchemy server URLs, expression evaluators and more packages', () => {
  assert.equal(scan('import os, random\nos.urandom(16)\nrandom.SystemRandom()\nrandom.randint(1, 6)\n').map((f) => f.id), ['crypto.python-os-random', 'crypto.python-os-random']);
  assert.equal(scan('from fastmcp import Client, FastMCP\nmcp = FastMCP("x")\nc = Client(url)\n').map((f) => f.id), ['network.python-mcp-client', 'subprocess.python-mcp-client']);
  assert.equal(scan('from fastmcp.client.transports import StdioTransport, StreamableHttpTransport\nStdioTransport("python", ["s.py"])\nStreamableHttpTransport(u)\n').map((f) => f.id), ['subprocess.python-mcp-transport', 'network.python-mcp-transport']);
  const engines = 'from sqlalchemy import create_engine\ncreate_engine("postgresql+psycopg://db/app")\ncreate_engine("sqlite:///x.db")\ncreate_engine(os.environ["URL"])\nURL = "mysql://h/d"\ncreate_engine(URL)\n';
  assert.equal(scan(engines).filter((f) => f.kind === 'capability' && f.family === 'network').map((f) => f.line), [2, 4, 6]);
  assert.equal(scan('import sympy\nsympy.sympify(expr)\nsympy.Symbol("x")\n').map((f) => f.id), ['code-evaluation.python-expression-eval']);
  assert.equal(ids('import feedparser\nimport yt_dlp\nimport nmap\nimport asteval\nimport watchdog\nimport jwcrypto\n'), ['network.python-http-client', 'network.python-service-sdk', 'subprocess.python-spawn-package', 'code-evaluation.python-interpreter-package', 'filesystem.python-file-package', 'crypto.python-package']);
});

test('audio and video libraries that run ffmpeg are subprocess use (openai-whisper, pydub, moviepy, ffmpeg-python)', () => {
  // bosh-wang/Youtube-video-transcription-MCP-server transcribe.py: whisper's transcribe of the downloaded file runs ffmpeg;
  // load_model downloads the checkpoint first.
  const src = 'import whisper\nfrom pydub import AudioSegment\nfrom moviepy.editor import VideoFileClip\nimport ffmpeg\n\n@mcp.tool()\ndef t(path: str) -> str:\n    model = whisper.load_model("base")\n    return model.transcribe(path)["text"] + whisper.transcribe(model, whisper.load_audio(path))["text"]\n';
  assert.equal(scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.id} ${f.identifier}`), [
    '2:subprocess.python-spawn-package pydub', '3:subprocess.python-spawn-package moviepy', '4:subprocess.python-spawn-package ffmpeg',
    '8:network.python-whisper-model whisper.load_model', '8:subprocess.python-whisper-ffmpeg whisper.load_model',
    '9:subprocess.python-whisper-transcribe whisper.model.Whisper.transcribe', '9:subprocess.python-whisper-transcribe whisper.transcribe', '9:subprocess.python-whisper-transcribe whisper.load_audio',
  ]);
});

test('a module named whisper goes by what is called: Graphite\'s whisper reads and writes its database file and runs nothing', () => {
  // Graphite's whisper (a fixed-size time-series file format) shares the module name with openai-whisper.
  const src = 'import whisper\n\n@mcp.tool()\ndef series(path: str, start: int, end: int):\n    (info, values) = whisper.fetch(path, start, end)\n    return whisper.info(path), values\n\ndef store(path, points):\n    whisper.create(path, [(60, 1440)])\n    whisper.update_many(path, points)\n';
  assert.equal(scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.id} ${f.identifier} ${f.access}`), [
    '5:filesystem.python-whisper-db-read whisper.fetch read', '6:filesystem.python-whisper-db-read whisper.info read',
    '9:filesystem.python-whisper-db-write whisper.create write', '10:filesystem.python-whisper-db-write whisper.update_many write',
  ]);
  assert.equal(scan('import whisper\nVERSION = whisper.__version__\n').filter((f) => f.kind === 'capability'), []);
});

test('document-to-text helpers open the path they are given: pymupdf4llm to_markdown, pdfminer extract_text and extract_pages', () => {
  // A FastMCP "markdowngiver" tool (code-search excerpt) returns pymupdf4llm.to_markdown(path); scanned alone it showed nothing.
  const src = 'import pymupdf4llm\nfrom pdfminer.high_level import extract_text, extract_pages\n\n@mcp.tool()\ndef md(path: str) -> str:\n    return pymupdf4llm.to_markdown(path) + extract_text(path) + str(list(extract_pages(path)))\n';
  assert.equal(scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.id} ${f.identifier} ${f.access}`), [
    '6:filesystem.python-document-read pymupdf4llm.to_markdown read', '6:filesystem.python-document-read pdfminer.high_level.extract_text read', '6:filesystem.python-document-read pdfminer.high_level.extract_pages read',
  ]);
});

test('a pandas data frame\'s query and eval evaluate their expression string; query on other receivers is no evaluation', () => {
  // Modeled on a FastMCP retail server whose tools filter a frame with a caller's pandas query string
  // (read_file id 60901973939: df = get_inventory_df() ... df = df.query(filter_query)).
  const read = 'import pandas as pd\ndef tool(p, q):\n    df = pd.read_csv(p)\n    return df.query(q)\n';
  assert.equal(scan(read).filter((f) => f.family === 'codeEvaluation').map((f) => `${f.line}:${f.id}:${f.identifier}`), ['4:code-evaluation.python-dataframe-expression:pandas.core.frame.DataFrame.query']);
  // A parameter annotated as a frame, a frame built in place, a chained call, and a method that returns a frame.
  const typed = 'import pandas as pd\nfrom pandas import DataFrame\ndef f(frame: pd.DataFrame, expr):\n    return frame.eval(expr)\ndef g(rows, e):\n    d = DataFrame(rows)\n    d.query(e, inplace=True)\npd.read_json(u).query(e)\nx = pd.read_csv(p).dropna()\nx.eval(e)\n';
  assert.equal(caps(typed).filter((c) => !c.endsWith(':read')), ['pandas.core.frame.DataFrame.eval', 'pandas.core.frame.DataFrame.query', 'pandas.core.frame.DataFrame.query', 'pandas.core.frame.DataFrame.eval']);
  // A typed frame's writers count once, and only given a target (to_csv() returns the text).
  assert.equal(caps('import pandas as pd\ndf = pd.read_csv(p)\ns = df.to_csv()\ndf.to_csv(out)\n'), ['pandas.read_csv:read', 'pandas.DataFrame.to_csv:write']);
  // query and eval on receivers of another or unknown type: an ORM session, a database, a rules engine.
  assert.equal(caps('import pandas as pd\nsession.query(User).all()\ndb.query(sql)\nengine.eval(rule)\ndef h(t):\n    return t.query(q)\n'), []);
});

test('pydantic-settings reads the environment, and the .env file a SettingsConfigDict names', () => {
  // A settings class loads its fields from environment variables; env_file makes it read that file too.
  const src = 'from pydantic_settings import BaseSettings, SettingsConfigDict\nclass Settings(BaseSettings):\n    model_config = SettingsConfigDict(env_file=".env", extra="ignore")\n    api_key: str = ""\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}${f.access !== undefined ? `:${f.access}` : ''}`), ['1:environment.python-settings', '3:filesystem.python-settings-env-file:read']);
  // No env_file (or env_file=None): the environment only.
  assert.equal(scan('import pydantic_settings\nclass S(pydantic_settings.BaseSettings):\n    model_config = pydantic_settings.SettingsConfigDict(env_prefix="APP_", env_file=None)\n').map((f) => f.id), ['environment.python-settings']);
  // pydantic 1 kept BaseSettings in pydantic itself; BaseModel reads nothing.
  assert.equal(scan('from pydantic import BaseModel, BaseSettings\nclass S(BaseSettings):\n    x: int = 1\nclass M(BaseModel):\n    y: int\n').map((f) => `${f.line}:${f.id}`), ['1:environment.python-settings']);
});

test('getattr on a module used mostly for something else (logging, numpy, pandas) is no evasion unless the key reaches a row', () => {
  assert.equal(ids('import logging, numpy as np, random\ngetattr(logging, level.upper())\ngetattr(np, dtype)\ngetattr(random, "choice")\n'), []);
  assert.equal(ids('import logging\ngetattr(logging, "File" + "Handler")(p)\n'), ['evasion.computed-member', 'filesystem.python-logging-file']);
});

test('embedded databases, pyarrow files and chromadb clients: local files or a server', () => {
  assert.equal(caps('import duckdb\nimport tinydb\nimport h5py\n'), ['duckdb:read', 'tinydb:read', 'h5py:read']);
  assert.equal(caps('import pyarrow.parquet as pq\nimport io\npq.read_table(p)\npq.write_table(t, out)\npq.read_table(io.BytesIO(b))\n'), ['pyarrow.parquet.read_table:read', 'pyarrow.parquet.write_table:write']);
  assert.equal(scan('import chromadb\nchromadb.PersistentClient(path="db")\nchromadb.HttpClient(host="h")\nchromadb.Client()\n').map((f) => f.id), ['filesystem.python-vector-store-file', 'network.python-vector-store-client']);
});

test('data-frame writers count on any receiver when given a target; without one they return text', () => {
  const src = 'import pandas as pd, io\ndf = load()\ndf.to_csv(path, index=False)\ns = df.to_csv(index=False)\nj = df.to_json(orient="records")\nbuf = io.BytesIO()\ndf.to_parquet(buf)\nframe.write_parquet(file=p)\nself.frame.to_excel("out.xlsx")\n';
  assert.equal(caps(src), ['pandas.DataFrame.to_csv:write', 'polars.DataFrame.write_parquet:write', 'pandas.DataFrame.to_excel:write']);
  assert.equal(caps('frame.write_parquet(p)\nframe.write_json()\n'), ['polars.DataFrame.write_parquet:write']);
  // The file's own method of that name is its own.
  assert.equal(caps('class Report:\n    def to_csv(self, p):\n        return p\nReport().to_csv("x")\n'), []);
});


test('library objects that write: a Pillow image, an office document, a plot, a shelf (the receiver must come from the library)', () => {
  // An image made by Pillow (a call, a `with … as`, a method returning an image) writes on save.
  const images = 'from PIL import Image, ImageOps\nimg = Image.open(p)\nimg.save(q)\nwith Image.open(p) as im:\n    im.convert("L").resize((8, 8)).save(q)\nImage.new("RGB", (1, 1)).save(q)\nImageOps.grayscale(img).save(q)\n';
  assert.equal(caps(images).filter((c) => c.endsWith(':write')), ['PIL.Image.Image.save:write', 'PIL.Image.Image.save:write', 'PIL.Image.Image.save:write', 'PIL.Image.Image.save:write']);
  // save on a receiver of unknown type, or of another library, is nothing; a buffer is no file.
  assert.equal(caps('def f(obj, model, p):\n    obj.save(p)\n    model.save(p)\n    self.image.save(p)\n'), []);
  assert.equal(caps('import io\nfrom PIL import Image\nbuf = io.BytesIO()\nImage.new("RGB", (1, 1)).save(buf, "PNG")\n'), []);
  // Office and PDF documents.
  const docs = 'import openpyxl, docx, xlsxwriter\nfrom openpyxl import load_workbook\nwb = openpyxl.Workbook()\nwb.save(p)\nload_workbook(p).save(q)\nd = docx.Document()\nd.save(out)\nxlsxwriter.Workbook(p)\nimport pypdf\nw = pypdf.PdfWriter()\nw.write(out)\n';
  assert.equal(caps(docs).filter((c) => c.endsWith(':write')), ['openpyxl.workbook.Workbook.save:write', 'openpyxl.workbook.Workbook.save:write', 'docx.document.Document.save:write', 'xlsxwriter.Workbook:write', 'pypdf.PdfWriter.write:write']);
  // Plots: pyplot's savefig, a figure's, and savefig on any receiver where matplotlib is imported.
  const plots = 'import io\nimport matplotlib.pyplot as plt\nplt.savefig(p)\nfig, ax = plt.subplots()\nfig.savefig(p)\nf2 = plt.figure()\nf2.savefig(p)\nbuf = io.BytesIO()\nfig.savefig(buf, format="png")\n';
  assert.equal(caps(plots), ['matplotlib.pyplot.savefig:write', 'matplotlib.figure.Figure.savefig:write', 'matplotlib.figure.Figure.savefig:write']);
  assert.equal(caps('def f(g, p):\n    g.savefig(p)\n'), []);
  // A shelf is a file (created by default) and a deserializer.
  assert.equal(scan('import shelve\nshelve.open(p)\nshelve.open(p, "r")\n').map((f) => `${f.id}:${f.access ?? ''}`), ['code-evaluation.python-deserialize:', 'filesystem.python-shelve:write', 'code-evaluation.python-deserialize:', 'filesystem.python-shelve:read']);
  // getattr on such an object is no evasion.
  assert.equal(ids('from PIL import Image\nimg = Image.open(p)\ngetattr(img, name)\n'), ['filesystem.python-image-read']);
});
test('template engines that compile a template string to code, and cloud transfers by local path (import-gated methods)', () => {
  const templates = 'from jinja2 import Environment, FileSystemLoader, Template\nfrom mako.template import Template as Mako\nenv = Environment(loader=FileSystemLoader("t"))\nenv.get_template("a.html").render()\nenv.from_string(src).render()\nTemplate(src).render()\nMako(src).render()\nimport tornado.template\ntornado.template.Template(src)\n';
  assert.equal(scan(templates).map((f) => `${f.line}:${f.id}`), ['5:code-evaluation.python-template-engine', '6:code-evaluation.python-template-engine', '7:code-evaluation.python-template-engine', '9:code-evaluation.python-template-engine']);
  // A string.Template substitutes; it runs no code.
  assert.equal(scan('from string import Template\nTemplate(s).safe_substitute(x=1)\n'), []);
  const s3 = 'import boto3\ns3 = boto3.client("s3")\ns3.upload_file(path, bucket, key)\ns3.download_file(bucket, key, path)\ns3.upload_fileobj(fh, bucket, key)\n';
  assert.equal(caps(s3), ['boto3', 'boto3.S3.upload_file:read', 'boto3.S3.download_file:write']);
  // Without the SDK's import, an upload_file method is the file's own business.
  assert.equal(caps('def f(client, p):\n    client.upload_file(p, "b", "k")\n'), []);
  assert.equal(caps('from google.cloud import storage\nstorage.Client().bucket(b).blob(k).download_to_filename(p)\n'), ['google.cloud', 'google.cloud.storage.Blob.download_to_filename:write']);
  // A browser page's screenshot to path= writes a file; without a path it returns the bytes.
  assert.equal(caps('from playwright.sync_api import sync_playwright\ndef f(page, out):\n    page.screenshot(path=out)\n    return page.screenshot(full_page=True)\n'), ['playwright', 'playwright', 'playwright.Page.screenshot:write']);
  assert.equal(caps('def f(driver, out):\n    driver.save_screenshot(out)\n'), []);
});

test('audio files, wave, model and object dumps, logging to a file, pandas ExcelWriter', () => {
  const src = 'import wave, joblib, torch, logging, soundfile as sf, librosa, pandas as pd, io\nfrom scipy.io import wavfile\nwave.open(p, "wb")\nwave.open(p)\njoblib.dump(m, p)\ntorch.save(m, p)\ntorch.save(m, io.BytesIO())\nlogging.basicConfig(filename=p)\nlogging.basicConfig(level=logging.INFO)\nlogging.basicConfig(filename=None)\nsf.write(p, d, 16000)\nwavfile.read(p)\nlibrosa.load(p)\npd.ExcelWriter(p)\npd.ExcelWriter(io.BytesIO())\n';
  assert.equal(scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.identifier}:${f.access}`), [
    '3:wave.open:write', '4:wave.open:read', '5:joblib.dump:write', '6:torch.save:write', '8:logging.basicConfig:write', '11:soundfile.write:write', '12:scipy.io.wavfile.read:read', '13:librosa.load:read', '14:pandas.ExcelWriter:write',
  ]);
  // getattr on these incidental modules is no evasion.
  assert.equal(ids('import torch, librosa\ngetattr(torch, dtype)\ngetattr(librosa, fn)\n'), []);
});

test('review: torch.save and joblib.dump to an in-memory buffer by keyword (f=, filename=) write no file', () => {
  const src = 'import torch, joblib, io\ntorch.save(m, f=io.BytesIO())\njoblib.dump(m, filename=io.BytesIO())\ntorch.save(m, f=p)\n';
  assert.equal(scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.identifier}:${f.access}`), ['4:torch.save:write']);
});

test('document converters, fsspec, git implementations, archive packages and cloud filesystems are reported at their import', () => {
  // markitdown's MarkItDown().convert(source) reads a local file or fetches a URL (microsoft/markitdown's MCP server converts what the model names).
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}${f.access !== undefined ? `:${f.access}` : ''}`);
  assert.equal(rows('from markitdown import MarkItDown\ndef convert(uri):\n    return MarkItDown().convert(uri).markdown\n'), ['filesystem.python-document-converter:read', 'network.python-document-converter']);
  assert.equal(rows('from docling.document_converter import DocumentConverter\n'), ['filesystem.python-document-converter:read', 'network.python-document-converter']);
  assert.equal(rows('import fsspec\n'), ['filesystem.python-fsspec']);
  assert.equal(rows('from dulwich import porcelain\nimport pygit2\n'), ['filesystem.python-git-package', 'network.python-git-package', 'filesystem.python-git-package', 'network.python-git-package']);
  assert.equal(rows('import py7zr\nimport rarfile\n'), ['filesystem.python-archive-package', 'filesystem.python-archive-package']);
  assert.equal(rows('import gcsfs\nimport adlfs\n'), ['network.python-service-sdk', 'network.python-service-sdk']);
  // Look-alike names that are other packages stay clean.
  assert.equal(rows('import markdown\nimport gitignore_parser\n'), []);
});

test('a ConfigParser reads the files given to read(); parsing a string or a file object it was handed reads none', () => {
  const src = 'import configparser\ndef load(p, text, fh):\n    c = configparser.ConfigParser()\n    c.read(p)\n    c.read_string(text)\n    c.read_file(fh)\n    return c\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), ['4:filesystem.python-config-read:configparser.ConfigParser.read:read']);
  assert.equal(caps('from configparser import RawConfigParser\nRawConfigParser().read(["a.ini", "b.ini"])\n'), ['configparser.ConfigParser.read:read']);
  // read on values of other types is theirs.
  assert.equal(caps('import configparser\nf = open_stream()\nf.read()\n'), []);
});

test('the arXiv API client (arxiv) is a remote-service SDK', () => {
  assert.equal(ids('import arxiv\ndef latest(q):\n    return list(arxiv.Client().results(arxiv.Search(query=q, max_results=3)))\n'), ['network.python-service-sdk']);
  assert.equal(ids('from arxiv import Client, Search\n'), ['network.python-service-sdk']);
});

test('SFTP transfers touch local files: paramiko and pysftp get writes the local path, put reads it; the host-key files are read', () => {
  // Modeled on SSH tool servers (VitalyMalakanov/mcp-ssh-toolkit-py): a client per call, an SFTP session from it.
  const src = [
    'import paramiko',
    'def upload(host, local_path, remote_path):',
    '    with paramiko.SSHClient() as ssh:',
    '        ssh.load_system_host_keys()',
    '        ssh.connect(host)',
    '        with ssh.open_sftp() as sftp:',
    '            sftp.put(local_path, remote_path)',
    '            sftp.get(remote_path, local_path + ".bak")',
    '            sftp.listdir(".")',
  ].join('\n');
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}:${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`), [
    '1:network.python-protocol-client:paramiko',
    '4:filesystem.python-ssh-host-keys:paramiko.SSHClient.load_system_host_keys:read',
    '7:filesystem.python-sftp-upload:paramiko.SFTPClient.put:read',
    '8:filesystem.python-sftp-download:paramiko.SFTPClient.get:write',
  ]);
  // A transport's SFTP client and pysftp's connection are the same; getfo/putfo move a file object, not a path.
  const other = 'import paramiko, pysftp\nt = paramiko.Transport((h, 22))\nsftp = paramiko.SFTPClient.from_transport(t)\nsftp.get(r, l)\nsftp.getfo(r, buf)\nwith pysftp.Connection(h) as c:\n    c.put(l)\n';
  assert.equal(caps(other).filter((c) => c.includes('.')), ['paramiko.SFTPClient.get:write', 'pysftp.Connection.put:read']);
  // get and put on other objects are not transfers.
  assert.equal(caps('import paramiko\nimport requests\nd = {}\nd.get("k")\nrequests.put(u, data=x)\n').filter((c) => c.startsWith('paramiko.')), []);
});

test('paramiko private keys: from_private_key_file reads the key file, write_private_key_file of a key writes one', () => {
  // heldout-code17 p08: `paramiko.Ed25519Key.from_private_key_file(KEY_FILE)` read the SSH key and gave no finding
  // (its file counted filesystem only for load_system_host_keys).
  const src = [
    'import io, paramiko',
    'from paramiko import RSAKey',
    'from paramiko.ed25519key import Ed25519Key',
    'a = paramiko.Ed25519Key.from_private_key_file(key_path)',
    'b = RSAKey.from_private_key_file(p, password=pw)',
    'c = Ed25519Key.from_private_key_file(p)',
    'k = paramiko.RSAKey.generate(2048)',
    'k.write_private_key_file(out)',
    'm = paramiko.RSAKey.from_private_key(io.StringIO(text))',
    'm.get_fingerprint()',
  ].join('\n');
  assert.equal(scan(src).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '4:filesystem.python-ssh-key-file:paramiko.Ed25519Key.from_private_key_file:read',
    '5:filesystem.python-ssh-key-file:paramiko.RSAKey.from_private_key_file:read',
    '6:filesystem.python-ssh-key-file:paramiko.ed25519key.Ed25519Key.from_private_key_file:read',
    '8:filesystem.python-ssh-key-file-write:paramiko.PKey.write_private_key_file:write',
  ]);
});

test('an attribute of self that every store in the file makes a library object is that object: its methods count', () => {
  // scanpy9 held-out corpus (an SSH executor class, read_file id 11161422672): self._client = paramiko.SSHClient() in
  // __init__, then sftp = self._client.open_sftp(); sftp.put(local_path, remote) uploaded a local file and said nothing.
  const src = [
    'import paramiko',
    'from PIL import Image',
    'class Executor:',
    '    def __init__(self, host):',
    '        self._ssh = paramiko.SSHClient()',
    '        self.picture = None',
    '    def push(self, local, remote):',
    '        sftp = self._ssh.open_sftp()',
    '        sftp.put(local, remote)',
    '    def load(self, p):',
    '        self.picture = Image.open(p)',
    '    def keep(self, q):',
    '        self.picture.save(q)',
  ].join('\n');
  assert.equal(caps(src), ['paramiko', 'paramiko.SFTPClient.put:read', 'PIL.Image.open:read', 'PIL.Image.Image.save:write']);
  // Unknown: a store from a call of another module, a tuple or augmented store, setattr, two stores of different types
  // (two classes sharing a name), and an annotation alone; a plain local named like the attribute is no self attribute.
  const unknown = [
    'import paramiko',
    'from PIL import Image',
    'from .conn import make',
    'class A:',
    '    def __init__(self):',
    '        self.a = make()',
    '        self.b, self.c = Image.open("x"), Image.open("y")',
    '        self.d = Image.open("z")',
    '        self.d += 1',
    '        setattr(self, "e", v)',
    '        self.e = Image.open("w")',
    '        self.f = paramiko.SSHClient()',
    '        self.g: Image.Image',
    'class B:',
    '    def __init__(self):',
    '        self.f = Image.open("v")',
    '    def run(self, q):',
    '        self.a.open_sftp().put(q, q)',
    '        self.b.save(q)',
    '        self.c.save(q)',
    '        self.d.save(q)',
    '        self.e.save(q)',
    '        self.f.save(q)',
    '        self.g.save(q)',
    '        picture = other()',
    '        picture.save(q)',
  ].join('\n');
  assert.equal(caps(unknown).filter((c) => c.endsWith(':write') || c.includes('SFTP')), []);
});

test('GitPython reaches the network when it clones, fetches, pulls or pushes (beside the git process at the import)', () => {
  const src = 'from git import Repo\ndef f(url, d):\n    repo = Repo.clone_from(url, d)\n    repo.remote("origin").pull()\n    Repo(d).git.push("origin", "main")\n    Repo(d).git.status()\n    repo.index.add(["x"])\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}`), [
    '1:subprocess.python-spawn-package', '3:network.python-git-remote', '4:network.python-git-remote', '5:filesystem.python-git-open', '5:network.python-git-remote',
    // Opening the repository and staging change its files (see the next test).
    '6:filesystem.python-git-open', '7:filesystem.python-git-worktree-write',
  ]);
});


test('GitPython reads and writes the repository on disk: opening a Repo, its index add/commit, repo.git working-tree commands (queries add nothing)', () => {
  // Modeled on git tool servers: the handler opens the repository it is given and stages, commits,
  // switches branches or diffs; the git process is already the import's finding, the files are not.
  const src = 'import git\ndef stage(path, names, text):\n    r = git.Repo(path)\n    r.index.add(names)\n    r.index.commit(text)\n    r.git.checkout("-b", "topic")\n    return r.git.diff("--cached")\n';
  assert.equal(scan(src).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '3:filesystem.python-git-open:git.Repo:read',
    '4:filesystem.python-git-worktree-write:git.Repo.index.add:write',
    '5:filesystem.python-git-worktree-write:git.Repo.index.commit:write',
    '6:filesystem.python-git-worktree-write:git.Repo.git.checkout:write',
  ]);
  // `from git import Repo`, Repo.init and a branch created on a typed value; a method of the same name on another object is nothing.
  const other = 'from git import Repo\nrepo = Repo.init(d)\nrepo.create_head("x")\nrepo.iter_commits(max_count=3)\nidx.add(p)\nthing.git.checkout(b)\n';
  assert.equal(scan(other).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.identifier}:${f.access}`), ['2:git.Repo.init:write', '3:git.Repo.create_head:write']);
  // A class whose methods have rows of their own is still a member of its module when it is
  // constructed whole: PyMuPDF's Document, like python-docx's.
  assert.equal(caps('import fitz, docx\nfitz.Document(p)\ndocx.Document(p)\n'), ['fitz.Document:read', 'docx.Document:read']);
  // A value the class made, handed on, is not the class handed on.
  assert.equal(scan('import git\nr = git.Repo(p)\nhelper(r)\nkeep = [r]\n').filter((f) => f.family === 'filesystem').map((f) => f.line), [2]);
});

test('a parameter annotated with a library object type is that object: repo: git.Repo, img: Image.Image, wb: Workbook', () => {
  // Tool servers open the object once and pass it to one function per tool, annotated.
  const src = 'import git, openpyxl\nfrom PIL import Image\nfrom typing import Optional\ndef commit(repo: git.Repo, text: str) -> str:\n    repo.index.commit(text)\n    return repo.git.status()\ndef export(img: Image.Image, wb: openpyxl.Workbook, other: Optional[git.Repo] = None):\n    img.save(p)\n    wb.save(q)\n    other.git.stash()\ndef plain(repo, img: str):\n    repo.index.commit(m)\n    img.save(p)\n';
  assert.equal(scan(src).filter((f) => f.family === 'filesystem').map((f) => `${f.line}:${f.identifier}:${f.access}`), [
    '5:git.Repo.index.commit:write', '8:PIL.Image.Image.save:write', '9:openpyxl.workbook.Workbook.save:write', '10:git.Repo.git.stash:write',
  ]);
});

test('a SQLAlchemy engine is a server connection unless its URL names a SQLite or DuckDB file, also when the URL comes at run time', () => {
  const net = (src: string): number[] => scan(src).filter((f) => f.id === 'network.python-sqlalchemy-server').map((f) => f.line!);
  const file = (src: string): number[] => scan(src).filter((f) => f.id === 'filesystem.python-database-url-file').map((f) => f.line!);
  // A URL from the environment, a parameter, a settings object or a dict of options: a server, as psycopg or pymongo are.
  const runtime = 'import os, sqlalchemy\nfrom sqlalchemy.ext.asyncio import create_async_engine\nsqlalchemy.create_engine(os.environ["DATABASE_URL"])\ncreate_async_engine(os.getenv("DB"))\ndef f(url):\n    return sqlalchemy.create_engine(url, echo=True)\nsqlalchemy.create_engine(**opts)\nsqlalchemy.engine_from_config(cfg, prefix="db.")\n';
  assert.equal(net(runtime), [3, 4, 6, 7, 8]);
  assert.equal(file(runtime), []);
  // A literal or constant URL: by scheme; an f-string or concatenation by the literal it starts with.
  const literal = 'from sqlmodel import create_engine\nDB = "sqlite:///data/app.db"\ncreate_engine(DB)\ncreate_engine(f"sqlite:///{path}")\ncreate_engine("duckdb:///x.duckdb")\ncreate_engine(f"postgresql://{user}@{host}/db")\ncreate_engine("mysql+pymysql://" + host)\n';
  assert.equal(net(literal), [6, 7]);
  assert.equal(file(literal), [3, 4, 5]);
  assert.equal(caps('import sqlalchemy\nsqlalchemy.create_engine("sqlite:///x.db")\n'), ['sqlalchemy.create_engine:read']);
  // In memory, not called, or imported and never used: nothing.
  assert.equal(ids('import sqlalchemy\nfrom sqlalchemy import create_engine\nsqlalchemy.create_engine("sqlite://")\nsqlalchemy.create_engine("sqlite:///:memory:")\nsqlalchemy.create_engine(url="sqlite+aiosqlite://")\nmake = sqlalchemy.create_engine\n'), []);
});


test('a library-only method name counts on a receiver the file made with another library or its own class, not that library', () => {
  // boto3 is imported, but the receivers of upload_file / savefig are an SFTP client, an own class and a paramiko attribute.
  const other = 'import boto3, paramiko\nfrom ftpkit import Ftp\nclass Store:\n    def __init__(self):\n        self.sftp = paramiko.SFTPClient.from_transport(t)\n    def put(self, p):\n        self.sftp.upload_file(p, "r")\nftp = Ftp(host)\nftp.upload_file(p, "r")\nstore = Store()\nstore.upload_file(p, "b", "k")\n';
  assert.equal(caps(other), ['boto3', 'paramiko']);
  const plots = 'import matplotlib.pyplot as plt\nfrom reportlab.pdfgen import canvas\nc = canvas.Canvas(p)\nc.savefig(p)\n';
  assert.equal(caps(plots), []);
  // Made by the library, or not known (a parameter, a local factory, a with target, self.x set by the library): still counted.
  const same = 'import boto3, paramiko\ns3 = boto3.client("s3")\ns3.upload_file(p, b, k)\ndef f(client):\n    client.upload_file(p, b, k)\ndef make():\n    return boto3.client("s3")\nc = make()\nc.upload_file(p, b, k)\nd = from_star()\nd.upload_file(p, b, k)\nclass T:\n    def __init__(self):\n        self.s3 = boto3.resource("s3").meta.client\n    def put(self):\n        self.s3.upload_file(p, b, k)\n';
  assert.equal(caps(same).filter((c) => c.includes('upload_file')).length, 5);
});


test('self.x also set by a tuple target, an annotated assignment or setattr may hold the library value: still counted', () => {
  const head = 'import boto3\nfrom ftpkit import Ftp\nclass A:\n    def __init__(self):\n        self.c = Ftp(h)\n    def s(self, c):\n';
  const tail = '    def put(self):\n        self.c.upload_file("a", "b", "c")\n';
  const uploads = (src: string): number => caps(src).filter((c) => c.includes('upload_file')).length;
  assert.is(uploads(head + '        self.c, self.d = boto3.client("s3"), 1\n' + tail), 1);
  assert.is(uploads(head + '        self.d, self.c = 1, boto3.client("s3")\n' + tail), 1);
  assert.is(uploads(head + '        self.c: object = boto3.client("s3")\n' + tail), 1);
  assert.is(uploads(head + '        setattr(self, "c", boto3.client("s3"))\n' + tail), 1);
  // Read, not set: the Ftp receiver stays another library's.
  assert.is(uploads(head + '        log(self.c, level=1)\n        x = {self.c: 1}\n' + tail), 0);
});

test('an instance of a class the file derives from another class may inherit the library method: still counted', () => {
  assert.equal(caps('import matplotlib.pyplot as plt\nfrom matplotlib.figure import Figure\nclass F(Figure):\n    pass\nf = F()\nf.savefig(path)\n'), ['matplotlib.figure.Figure.savefig:write']);
  // A class with no base, or only object, has no library method to inherit.
  assert.equal(caps('import matplotlib.pyplot as plt\nclass F:\n    def savefig(self, p): pass\nclass G(object):\n    def savefig(self, p): pass\nf = F()\nf.savefig(path)\ng = G()\ng.savefig(path)\n'), []);
});

test('databases, peewee and Tortoise ORM: a server unless the URL or class names a SQLite file', () => {
  const net = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability' && f.family === 'network').map((f) => `${f.id}@${f.line}`);
  const file = (src: string): number[] => scan(src).filter((f) => f.kind === 'capability' && f.family === 'filesystem').map((f) => f.line!);
  const src = 'import os\nfrom databases import Database\nfrom playhouse.db_url import connect\nfrom tortoise import Tortoise\nfrom peewee import PostgresqlDatabase, SqliteDatabase, Model\nDatabase(os.environ["DATABASE_URL"])\nDatabase("sqlite:///./test.db")\nconnect("postgresql://u@h/db")\nconnect("sqlite:///:memory:")\nTortoise.init(db_url="sqlite://db.sqlite3", modules={"models": ["app"]})\nTortoise.init(db_url=settings.DB_URL, modules={})\nTortoise.init(db_url="sqlite://:memory:", modules={})\nPostgresqlDatabase("app", host=h)\nSqliteDatabase("app.db")\nclass M(Model):\n    pass\n';
  assert.equal(net(src), ['network.python-database-url@6', 'network.python-database-url@8', 'network.python-tortoise-url@11', 'network.python-peewee-server@13']);
  assert.equal(file(src), [7, 10, 14]);
});


test('many library-method calls on self attributes: each origin is found (the assignments are indexed once; time in scan-worst-case.bench)', () => {
  const src = 'import boto3, paramiko\nclass T:\n    def __init__(self):\n        self.s3 = boto3.client("s3")\n        self.ftp = paramiko.SFTPClient.from_transport(t)\n    def put(self):\n' + '        self.s3.upload_file(p, b, k)\n        self.ftp.upload_file(p, b, k)\n'.repeat(4000);
  assert.is(caps(src).filter((c) => c === 'boto3.S3.upload_file:read').length, 4000);
});


test('a database URL held in a name bound once is read through the name: a sqlite f-string is a file, an env URL a server', () => {
  const ids2 = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.id}@${f.line}`);
  const src = 'import os\nfrom pathlib import Path\nfrom sqlalchemy import create_engine\nDB_PATH = Path(__file__).parent / "app.db"\nDATABASE_URL = f"sqlite:///{DB_PATH}"\nengine = create_engine(DATABASE_URL, connect_args={"check_same_thread": False})\nSERVER = os.getenv("DB", f"sqlite:///{DB_PATH}")\ncreate_engine(SERVER)\n';
  assert.equal(ids2(src).filter((x) => !x.startsWith('environment')), ['filesystem.python-database-url-file@6', 'network.python-sqlalchemy-server@8']);
  // Bound twice: which value reaches the call is not known, a server.
  assert.equal(ids2('from sqlalchemy import create_engine\nu = f"sqlite:///{p}"\nif x:\n    u = f"postgresql://{h}/db"\ncreate_engine(u)\n'), ['network.python-sqlalchemy-server@5']);
});


test('the Kubernetes client\'s config loaders read the kubeconfig or the in-cluster service-account files', () => {
  // Modeled on cluster tool servers: a helper loads the in-cluster config, falls back to the
  // user's kubeconfig, and hands out an API object per tool call.
  const src = 'from kubernetes import client, config\ndef core():\n    try:\n        config.load_incluster_config()\n    except config.ConfigException:\n        config.load_kube_config(context=ctx)\n    return client.CoreV1Api()\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}${f.access !== undefined ? `:${f.access}` : ''}`), [
    '1:network.python-service-sdk', '4:filesystem.python-kube-config:read', '6:filesystem.python-kube-config:read',
  ]);
  assert.equal(caps('import kubernetes\nkubernetes.config.load_kube_config(config_file=p)\n'), ['kubernetes', 'kubernetes.config.load_kube_config:read']);
  assert.equal(caps('from kubernetes.config import new_client_from_config\napi = new_client_from_config(config_file=p)\n'), ['kubernetes', 'kubernetes.config.new_client_from_config:read']);
  // Building a configuration in memory reads no file.
  assert.equal(scan('from kubernetes import client\nc = client.Configuration()\nc.host = h\n').filter((f) => f.family === 'filesystem'), []);
});

test('google-auth and google-auth-oauthlib load credentials from the file they are given', () => {
  // Modeled on Google API tool servers (BigQuery, Gmail, Drive): a service-account key file, or a
  // stored user token with the OAuth client secrets as the fallback.
  const src = 'from google.oauth2 import service_account\nfrom google.oauth2.credentials import Credentials\nfrom google_auth_oauthlib.flow import InstalledAppFlow\nimport google.auth\ndef creds(key, token, secrets, info):\n    a = service_account.Credentials.from_service_account_file(key, scopes=S)\n    b = Credentials.from_authorized_user_file(token, S)\n    c = InstalledAppFlow.from_client_secrets_file(secrets, S)\n    d, _ = google.auth.load_credentials_from_file(key)\n    e = service_account.Credentials.from_service_account_info(info)\n    return a, b, c, d, e\n';
  assert.equal(caps(src), [
    'google.oauth2.service_account.Credentials.from_service_account_file:read', 'google.oauth2.credentials.Credentials.from_authorized_user_file:read',
    'google_auth_oauthlib.flow.InstalledAppFlow.from_client_secrets_file:read', 'google.auth.load_credentials_from_file:read',
  ]);
  assert.equal(find(src, 'filesystem.python-credentials-file')!.line, 6);
});

test('jupyter_client starts a kernel process: a KernelManager\'s start_kernel, start_new_kernel', () => {
  // Modeled on notebook tool servers: a kernel per session, code sent to it over its channels.
  const src = 'from jupyter_client import KernelManager\nfrom jupyter_client.manager import start_new_kernel\ndef open_kernel(name):\n    km = KernelManager(kernel_name=name)\n    km.start_kernel()\n    kc = km.client()\n    kc.execute("1+1")\n    return km, kc\ndef quick():\n    return start_new_kernel(kernel_name="python3")\ndef again(km: KernelManager):\n    km.restart_kernel(now=True)\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}:${f.identifier}`), [
    '5:subprocess.python-jupyter-kernel:jupyter_client.KernelManager.start_kernel',
    '10:subprocess.python-jupyter-kernel:jupyter_client.manager.start_new_kernel',
    '12:subprocess.python-jupyter-kernel:jupyter_client.KernelManager.restart_kernel',
  ]);
  // A client connected to a kernel some other process runs starts nothing; neither does a start_kernel of another object.
  assert.equal(scan('from jupyter_client import BlockingKernelClient\nkc = BlockingKernelClient(connection_file=f)\nkc.load_connection_file()\nkc.start_channels()\nsvc.start_kernel()\n').filter((f) => f.family === 'subprocess'), []);
});

test('a parameter annotated as a SQLite connection (sqlite3, aiosqlite) reads the database through it', () => {
  // Modeled on database tool servers: the connection is opened once elsewhere and handed to one
  // helper per tool, annotated.
  const src = 'import sqlite3\nimport aiosqlite\nfrom typing import Optional\ndef tables(conn: sqlite3.Connection) -> list:\n    return conn.execute("select name from sqlite_master").fetchall()\nasync def schema(db: aiosqlite.Connection, name: str):\n    cur = await db.execute(f"pragma table_info({name})")\n    return await cur.fetchall()\ndef script(conn: Optional[sqlite3.Connection], sql):\n    conn.executescript(sql)\ndef other(conn, sql):\n    conn.execute(sql)\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}:${f.identifier}:${f.access}`), [
    '5:filesystem.python-sqlite-connection:sqlite3.Connection.execute:read',
    '7:filesystem.python-sqlite-connection:aiosqlite.Connection.execute:read',
    '10:filesystem.python-sqlite-connection:sqlite3.Connection.executescript:read',
  ]);
  // A connection the file opens is already the connect call's finding; its queries add none.
  assert.equal(scan('import sqlite3\nconn = sqlite3.connect(p)\nconn.execute(q)\n').map((f) => `${f.line}:${f.id}`), ['2:filesystem.python-sqlite']);
});

test('psutil reads system information, keyring reads and writes the OS credential store, readabilipy with use_readability runs node', () => {
  // Held-out tool servers: husams/process-manager-mcp (read_file id 43762841157) and misiektoja/kill-process-mcp (id 60817379677)
  // list processes with their command lines through psutil and showed nothing but os.environ; the official fetch server
  // (modelcontextprotocol/servers mcp_server_fetch/server.py, id 56131760639) simplifies pages with
  // simple_json_from_html_string(html, use_readability=True), which starts node; only httpx was reported.
  const rows = (src: string): string[] => scan(src).map((f) => `${f.id}:${f.identifier}${f.access !== undefined ? `:${f.access}` : ''}`);
  assert.equal(rows('import psutil\n\ndef f(pid):\n    p = psutil.Process(pid)\n    p.terminate()\n    return [q.info for q in psutil.process_iter(["pid"])]\n'), ['filesystem.python-system-info:psutil:read']);
  const kr = 'def save(s, u, v):\n    import keyring\n    keyring.set_password(s, u, v)\n\ndef load(s, u):\n    import keyring\n    return keyring.get_password(s, u)\n\ndef drop(s, u):\n    import keyring\n    keyring.delete_password(s, u)\n';
  assert.equal(rows(kr), ['filesystem.python-keyring-write:keyring.set_password:write', 'filesystem.python-keyring-read:keyring.get_password:read', 'filesystem.python-keyring-write:keyring.delete_password:write']);
  // Choosing a backend or an error class touches no secret.
  assert.equal(rows('import keyring\nfrom keyring.errors import PasswordDeleteError\nb = keyring.get_keyring()\n'), []);
  const rd = 'import readabilipy.simple_json\nfrom readabilipy import simple_json_from_html_string\n\ndef f(h):\n    a = readabilipy.simple_json.simple_json_from_html_string(h, use_readability=True)\n    b = simple_json_from_html_string(h, True)\n    return a, b\n';
  assert.equal(rows(rd), [
    'subprocess.python-readability-node:readabilipy.simple_json.simple_json_from_html_string', 'subprocess.python-readability-node:readabilipy.simple_json_from_html_string',
  ]);
  // Without use_readability (the default False), or given False, None or 0, readabilipy parses in Python.
  assert.equal(rows('from readabilipy import simple_json_from_html_string\nx = simple_json_from_html_string(h)\ny = simple_json_from_html_string(h, use_readability=False)\nz = simple_json_from_html_string(h, 0)\n'), []);
  // A flag whose value is not seen (a name, 1, **options) may be true: it counts.
  assert.equal(rows('from readabilipy import simple_json_from_html_string\na = simple_json_from_html_string(h, flag)\nb = simple_json_from_html_string(h, use_readability=1)\nc = simple_json_from_html_string(h, **opts)\n').length, 3);
});

test('a frame returned by the file\'s own function annotated -> pd.DataFrame is a frame: its query and eval count', () => {
  // The retail server of the last round (read_file id 60901973939) filtered sales = get_sales_df(); sales.query(q): its helper
  // lives in another module there, which a one-file scan cannot type; a helper in the same file with its return annotation can.
  const src = 'import pandas as pd\nfrom sqlalchemy.orm import Session\n\ndef get_sales_df() -> pd.DataFrame:\n    return pd.DataFrame({"a": [1]})\n\n'
    + 'def get_frames() -> list[pd.DataFrame]:\n    return []\n\nasync def load() -> pd.DataFrame | None:\n    return None\n\n'
    + 'async def tool(q: str, session: Session):\n    sales = get_sales_df()\n    sales = sales.query(q)\n    frames = get_frames()\n    x = frames.query(q)\n    s = session.query(q)\n    df = await load()\n    return sales, x, s, df.eval(q)\n';
  assert.equal(scan(src).map((f) => `${f.line}:${f.id}`), ['15:code-evaluation.python-dataframe-expression', '20:code-evaluation.python-dataframe-expression']);
  // A function without a return annotation, or from another module, stays unknown: query there is an ORM's or a client's as often.
  assert.equal(scan('from database import get_sales_df\n\ndef f():\n    return 1\n\ndef tool(q):\n    a = get_sales_df()\n    b = f()\n    return a.query(q), b.query(q)\n'), []);
});

test('libraries that download a model or data from a hub on first use are network use (transformers, sentence-transformers, ultralytics, torch.hub, nltk)', () => {
  // The Python side of transformers.js's from_pretrained (scancode8): embedding and RAG servers load a model from the
  // Hugging Face hub; a YOLO or faster-whisper model by name is fetched from its release assets; nltk.download fetches data.
  const rows = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier}`);
  const src = 'from transformers import AutoModel, AutoTokenizer, pipeline\nfrom sentence_transformers import SentenceTransformer\nfrom ultralytics import YOLO\nimport transformers\nimport torch\nimport nltk\n\ntok = AutoTokenizer.from_pretrained("bert-base-uncased")\nm = transformers.BertModel.from_pretrained("bert-base-uncased")\nclf = pipeline("sentiment-analysis")\nemb = SentenceTransformer("all-MiniLM-L6-v2")\ndet = YOLO("yolov8n.pt")\nhub = torch.hub.load("ultralytics/yolov5", "yolov5s")\nnltk.download("punkt")\n';
  assert.equal(rows(src), [
    'network.python-model-download transformers.AutoTokenizer.from_pretrained', 'network.python-model-download transformers.BertModel.from_pretrained',
    'network.python-model-download transformers.pipeline', 'network.python-model-download sentence_transformers.SentenceTransformer',
    'network.python-model-download ultralytics.YOLO', 'network.python-data-download torch.hub.load', 'network.python-nltk-download nltk.download',
  ]);
  // The imports alone, a tokenizer built from a local vocabulary, nltk's tokenizers and a model saved to disk are no download.
  assert.equal(rows('import transformers\nfrom transformers import BertTokenizer, AutoConfig\nimport nltk\nt = BertTokenizer(vocab_file="vocab.txt")\nc = AutoConfig.for_model("bert")\nnltk.word_tokenize(s)\nnltk.load("grammars/x.cfg")\n'), []);
  // tiktoken fetches an encoding's ranks on first use (scanpy10: token counters in MCP servers), gensim's downloader its
  // data sets, TensorFlow Hub its modules; an Encoding built from ranks in hand and a gensim model file read nothing.
  assert.equal(rows('import tiktoken\nimport gensim.downloader as api\nimport tensorflow_hub as hub\nenc = tiktoken.get_encoding("cl100k_base")\nfor_model = tiktoken.encoding_for_model("gpt-4o")\nv = api.load("glove-wiki-gigaword-50")\nm = hub.KerasLayer("https://tfhub.dev/x/1")\n'), [
    'network.python-data-download tiktoken.get_encoding', 'network.python-data-download tiktoken.encoding_for_model', 'network.python-data-download gensim.downloader.load', 'network.python-data-download tensorflow_hub.KerasLayer',
  ]);
  assert.equal(rows('import tiktoken\nfrom gensim.models import Word2Vec\nenc = tiktoken.Encoding(name="x", pat_str=p, mergeable_ranks=r, special_tokens={})\nw = Word2Vec.load("model.w2v")\n'), []);
  // local_files_only=True reads the cache or a folder only (review4: it was a download); a flag not written as True still counts.
  assert.equal(rows('from transformers import AutoModel\nfrom sentence_transformers import SentenceTransformer\nfrom faster_whisper import WhisperModel\nm = AutoModel.from_pretrained("bert-base-uncased", local_files_only=True)\ne = SentenceTransformer("all-MiniLM-L6-v2", local_files_only=True)\nw = WhisperModel("small", local_files_only=True)\n'), []);
  assert.equal(rows('from transformers import AutoModel\na = AutoModel.from_pretrained("bert-base-uncased", local_files_only=False)\nb = AutoModel.from_pretrained("bert-base-uncased", local_files_only=offline)\nc = AutoModel.from_pretrained("bert-base-uncased", **kw)\n'), [
    'network.python-model-download transformers.AutoModel.from_pretrained', 'network.python-model-download transformers.AutoModel.from_pretrained', 'network.python-model-download transformers.AutoModel.from_pretrained',
  ]);
});


test('downloads that depend on an argument: torchvision download=True, timm pretrained=True, keras weights, datasets load_dataset, spacy.cli.download', () => {
  // scanpy10's leftovers (scanpy11 held-out q12-q21): a data set or weights fetched on first use only when an argument says so.
  const rows = (src: string): string[] => scan(src).filter((f) => f.family === 'network').map((f) => `${f.line} ${f.id} ${f.identifier}`);
  assert.equal(rows('import torchvision\nfrom torchvision import datasets\na = torchvision.datasets.MNIST(root, train=True, download=True)\nb = datasets.CIFAR10(root=r, download=flag)\nc = datasets.MNIST(root, download=False)\nd = datasets.CIFAR10(root)\ne = datasets.ImageFolder(root)\n'), [
    '3 network.python-data-download torchvision.datasets.MNIST', '4 network.python-data-download torchvision.datasets.CIFAR10',
  ]);
  // scanpy13's leftover: download given by position, at its place in each class's signature; SBU and SEMEION download by default.
  assert.equal(rows('from torchvision import datasets\nfrom torchvision.datasets import MNIST, SEMEION, EMNIST\na = MNIST(root, True, None, None, True)\nb = MNIST(root, True, None, None, False)\nc = MNIST(root, True)\nd = datasets.STL10(root, "train", None, None, None, True)\ne = datasets.VOCSegmentation(root, "2012", "train", True)\nf = SEMEION(root)\ng = SEMEION(root, download=False)\nh = datasets.SBU(root, None, None, False)\ni = EMNIST(root, "letters", True)\nj = datasets.CelebA(root, "train", "attr", None, None, flag)\n'), [
    '3 network.python-data-download torchvision.datasets.MNIST', '6 network.python-data-download torchvision.datasets.STL10', '7 network.python-data-download torchvision.datasets.VOCSegmentation',
    '8 network.python-data-download torchvision.datasets.SEMEION', '12 network.python-data-download torchvision.datasets.CelebA',
  ]);
  assert.equal(rows('import timm\nfrom timm import create_model\na = timm.create_model(name, pretrained=True)\nb = create_model("resnet18", True)\nc = create_model(name)\nd = timm.create_model(name, pretrained=False)\n'), [
    '3 network.python-data-download timm.create_model', '4 network.python-data-download timm.create_model',
  ]);
  // keras applications load the ImageNet weights by default; weights=None or a weights file of one's own read nothing remote.
  assert.equal(rows('import keras\nimport tensorflow as tf\nfrom tensorflow.keras.applications import ResNet50\na = ResNet50(weights="imagenet")\nb = keras.applications.MobileNetV2()\nc = tf.keras.applications.VGG16(include_top=False)\nd = keras.applications.ResNet50(weights=None)\ne = ResNet50(weights="/models/resnet.h5")\nf = keras.applications.resnet50.preprocess_input(x)\ng = keras.applications.resnet50.ResNet50(weights=w)\nh = keras.utils.get_file("x.zip", origin=url)\n'), [
    '4 network.python-data-download tensorflow.keras.applications.ResNet50', '5 network.python-data-download keras.applications.MobileNetV2', '6 network.python-data-download tensorflow.keras.applications.VGG16',
    '10 network.python-data-download keras.applications.resnet50.ResNet50', '11 network.python-data-download keras.utils.get_file',
  ]);
  // load_dataset fetches from the hub unless given a local path; spacy.cli.download installs a pipeline package.
  assert.equal(rows('import datasets\nfrom datasets import load_dataset\nimport spacy\nimport spacy.cli\na = load_dataset("stanfordnlp/imdb")\nb = datasets.load_dataset(name, split="train")\nc = load_dataset("./data/corpus")\nd = datasets.load_from_disk("out")\nspacy.cli.download("en_core_web_sm")\nnlp = spacy.load("en_core_web_sm")\n'), [
    '5 network.python-data-download datasets.load_dataset', '6 network.python-data-download datasets.load_dataset', '9 network.python-data-download spacy.cli.download',
  ]);
  // The datasets offline switch set before the import keeps load_dataset off the network; the hub's own switch does not for every release of datasets, nor does this one for transformers.
  assert.equal(rows('import os\nos.environ["HF_DATASETS_OFFLINE"] = "1"\nfrom datasets import load_dataset\nds = load_dataset("imdb")\n'), []);
  assert.equal(rows('import os\nos.environ["HF_DATASETS_OFFLINE"] = "1"\nfrom transformers import AutoModel\nm = AutoModel.from_pretrained("org/name")\n'), ['4 network.python-model-download transformers.AutoModel.from_pretrained']);
  assert.equal(rows('import os\nfrom datasets import load_dataset\nos.environ["HF_DATASETS_OFFLINE"] = "1"\nds = load_dataset("imdb")\n'), ['4 network.python-data-download datasets.load_dataset']);
});

test('a torchvision data set constructed through a subclass: super().__init__ given download=True, and calls of a subclass that keeps the constructor', () => {
  // scanner14's brief: class Digits(MNIST) with super().__init__(root, download=True) downloaded unseen, as did Digits(root, download=True).
  const rows = (src: string): string[] => scan(src).filter((f) => f.family === 'network').map((f) => `${f.line} ${f.id} ${f.identifier}`);
  const src = [
    'from torchvision.datasets import MNIST, SBU',
    'import torchvision',
    'class Digits(MNIST):',
    '    def __init__(self, root):',
    '        super().__init__(root, download=True)',
    'class Cifar(torchvision.datasets.CIFAR10):',
    '    pass',
    'class Forward(MNIST):',
    '    def __init__(self, root, **kw):',
    '        super(Forward, self).__init__(root, **kw)',
    'class Local(MNIST):',
    '    def __init__(self, root):',
    '        super().__init__(root, download=False)',
    '        class Inner:',
    '            def __init__(self):',
    '                super().__init__()',
    'class Deeper(Cifar):',
    '    def __getitem__(self, i):',
    '        return super().__getitem__(i)',
    'class Captions(SBU): pass',
    'def load(root):',
    '    Digits(root)',
    '    Cifar(root, download=True)',
    '    Cifar(root)',
    '    Cifar(root, True, None, None, True)',
    '    Deeper(root, download=True)',
    '    Forward(root, download=True)',
    '    Local(root, download=True)',
    '    Captions(root)',
    '    Captions(root, download=False)',
    '    MNIST.__init__(self, root, True, None, None, False)',
    '    MNIST.__init__(self, root, True, None, None, True)',
    '',
  ].join('\n');
  assert.equal(rows(src), [
    '5 network.python-data-download torchvision.datasets.MNIST', '10 network.python-data-download torchvision.datasets.MNIST',
    '23 network.python-data-download torchvision.datasets.CIFAR10', '25 network.python-data-download torchvision.datasets.CIFAR10',
    '26 network.python-data-download torchvision.datasets.CIFAR10', '29 network.python-data-download torchvision.datasets.SBU',
    '32 network.python-data-download torchvision.datasets.MNIST',
  ]);
  assert.match(scan(src).find((f) => f.line === 5)!.detail ?? '', /super\(\)\.__init__ of Digits, a subclass of torchvision\.datasets\.MNIST/);
  // The innermost class around each super() call: back in the subclass after a nested class, and
  // not in a plain class after the subclass ended.
  assert.equal(rows([
    'from torchvision.datasets import MNIST',
    'class Outer(MNIST):',
    '    class Meta:',
    '        def __init__(self):',
    '            super().__init__(download=True)',
    '    def __init__(self, root):',
    '        super().__init__(root, download=True)',
    'class Plain:',
    '    def __init__(self):',
    '        super().__init__(download=True)',
    '',
  ].join('\n')), ['7 network.python-data-download torchvision.datasets.MNIST']);
  // A class of the same name defined twice, or a subclass of a class without such a row, is left alone.
  assert.equal(rows('from torchvision.datasets import MNIST\nclass D(MNIST): pass\nclass D: pass\nD(r, download=True)\nclass F(dict):\n    def __init__(self):\n        super().__init__(download=True)\n'), []);
});

test('a model loader given a local file reads it from disk: ultralytics weights not named like a release asset, a path for a hub loader', () => {
  // scancode8's leftover (scanpy9): YOLO("runs/train/best.pt") counted as a download. ultralytics fetches a missing
  // weights file only when its last path segment is a release asset's name (into the directory given, so
  // "checkpoints/yolov10b.pt" still downloads, as in mcp-server-cvdlt's server.py); other names are read from disk.
  const rows = (src: string): string[] => scan(src).filter((f) => f.kind === 'capability').map((f) => `${f.line} ${f.identifier}`);
  const src = [
    'from ultralytics import YOLO, SAM, RTDETR',
    'from sentence_transformers import SentenceTransformer',
    'from transformers import AutoModel',
    'from faster_whisper import WhisperModel',
    'a = YOLO("yolov8n.pt")',
    'b = YOLO("checkpoints/yolov10b.pt")',
    'c = YOLO("yolo11n")',
    'd = SAM(model="sam_b.pt")',
    'e = RTDETR("https://example.org/weights/best.pt")',
    'f = YOLO(weights)',
    'g = SentenceTransformer("sentence-transformers/all-MiniLM-L6-v2")',
    'h = AutoModel.from_pretrained("bert-base-uncased")',
    'i = WhisperModel("small")',
    'j = YOLO("runs/train/weights/best.pt")',
    'k = YOLO(r"C:\\models\\custom.pt")',
    'l = YOLO("model.onnx")',
    'm = YOLO("yolov8n.yaml")',
    'n = SentenceTransformer("/opt/models/minilm")',
    'o = AutoModel.from_pretrained("./checkpoints/bert")',
    'p = WhisperModel("~/models/whisper-small-ct2")',
    'q = AutoModel.from_pretrained("models/org/name")',
  ].join('\n');
  assert.equal(rows(src), ['5 ultralytics.YOLO', '6 ultralytics.YOLO', '7 ultralytics.YOLO', '8 ultralytics.SAM', '9 ultralytics.RTDETR', '10 ultralytics.YOLO',
    '11 sentence_transformers.SentenceTransformer', '12 transformers.AutoModel.from_pretrained', '13 faster_whisper.WhisperModel']);
});

test('HF_HUB_OFFLINE set to a true value before the hub libraries are imported keeps their loads off the network', () => {
  // scancode8's leftover (scanpy9): huggingface_hub reads HF_HUB_OFFLINE (or TRANSFORMERS_OFFLINE) when it is imported,
  // so a module-level store ahead of the import switches transformers, sentence-transformers and faster-whisper offline.
  const rows = (src: string): string[] => scan(src).filter((f) => f.id === 'network.python-model-download').map((f) => `${f.line} ${f.identifier}`);
  const load = 'from transformers import AutoModel\nfrom sentence_transformers import SentenceTransformer\nfrom ultralytics import YOLO\nm = AutoModel.from_pretrained("bert-base-uncased")\ne = SentenceTransformer("all-MiniLM-L6-v2")\ny = YOLO("yolov8n.pt")\n';
  // ultralytics does not read the hub's switch: its download stays.
  assert.equal(rows('import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n' + load), ['8 ultralytics.YOLO']);
  assert.equal(rows("from os import environ\nimport os\nos.environ['TRANSFORMERS_OFFLINE'] = 'true'\n" + load), ['9 ultralytics.YOLO']);
  // After the import (the switch was read already), under a condition, through setdefault (a value already set is
  // kept), set to a false value, or in a function: the loads still count.
  const all = ['4 transformers.AutoModel.from_pretrained', '5 sentence_transformers.SentenceTransformer', '6 ultralytics.YOLO'];
  assert.equal(rows(load.replace('\nm =', '\nimport os\nos.environ["HF_HUB_OFFLINE"] = "1"\nm =')).length, 3);
  const before = (line: string): string => line + '\n' + load;
  for (const line of ['import os\nif offline:\n    os.environ["HF_HUB_OFFLINE"] = "1"', 'import os\nos.environ.setdefault("HF_HUB_OFFLINE", "1")', 'import os\nos.environ["HF_HUB_OFFLINE"] = "0"', 'import os\ndef f():\n    os.environ["HF_HUB_OFFLINE"] = "1"', 'import os\nos.environ["HF_HUB_OFFLINE"] = flag']) {
    assert.equal(rows(before(line)).map((r) => r.split(' ')[1]), all.map((r) => r.split(' ')[1]), line);
  }
});

test('an MCP server served over HTTP listens (network.python-server); one served over stdio does not', () => {
  // scanpy11's leftover (repro q22.py): FastMCP run with an HTTP transport, uvicorn over its ASGI app and
  // FastMCP 2's http_app gave no network finding, where the JavaScript side reports the server package it listens with.
  const rows = (src: string): string[] => scan(src).filter((f) => f.family === 'network').map((f) => `${f.line} ${f.id} ${f.identifier}`);
  assert.equal(rows('from mcp.server.fastmcp import FastMCP\nmcp = FastMCP("x")\nmcp.run(transport="streamable-http", port=8000)\nmcp.run("sse")\nmcp.run()\nmcp.run(transport="stdio")\nmcp.run("stdio")\nmcp.run(transport=None)\n'), [
    '3 network.python-server fastmcp.FastMCP.run', '4 network.python-server fastmcp.FastMCP.run',
  ]);
  // FastMCP 2: transport="http", a transport computed at run time, the async runners and the ASGI apps.
  assert.equal(rows('import os\nimport fastmcp\nfrom fastmcp import FastMCP\nmcp = FastMCP(name="x")\ndef main():\n    mcp.run(transport="http", host="0.0.0.0", port=8000)\n    mcp.run(transport=os.getenv("T", "stdio"))\nasync def amain():\n    await mcp.run_http_async(port=9)\n    await mcp.run_async()\napp = mcp.http_app(path="/mcp")\nother = fastmcp.FastMCP.from_openapi(spec, client=c)\nsse = other.sse_app()\nT = "stdio"\nother.run(transport=T)\n'), [
    '6 network.python-server fastmcp.FastMCP.run', '7 network.python-server fastmcp.FastMCP.run', '9 network.python-server fastmcp.FastMCP.run_http_async',
    '11 network.python-server fastmcp.FastMCP.http_app', '13 network.python-server fastmcp.FastMCP.sse_app',
  ]);
  // MCPServer of mcp 2, and a runner handed to anyio.
  assert.equal(rows('import anyio\nfrom mcp.server.mcpserver import MCPServer\nserver = MCPServer("x")\nanyio.run(server.run_streamable_http_async)\n'), ['4 network.python-server fastmcp.FastMCP.run_streamable_http_async']);
  // Made in another module of the project: an HTTP transport named, or one computed when the receiver is the project's own.
  assert.equal(rows('from .server import mcp\nfrom .app import make\nimport argparse\na = argparse.ArgumentParser().parse_args()\nmcp.run(transport=a.transport)\nmcp.run(transport="sse")\nmcp.run(transport="stdio")\nmcp.run()\nsrv = make()\nsrv.run("streamable-http")\nasgi = srv.streamable_http_app()\n'), [
    '5 network.python-server fastmcp.FastMCP.run', '6 network.python-server fastmcp.FastMCP.run', '10 network.python-server fastmcp.FastMCP.run', '11 network.python-server fastmcp.FastMCP.streamable_http_app',
  ]);
  // Not an MCP server: another library's object, a free name with a computed transport, a module's function, a function of the file's own.
  assert.equal(rows('from flask import Flask\nimport threading\napp = Flask(__name__)\napp.run(host="0.0.0.0")\njob.run(transport=cfg)\nthreading.Thread(target=f).run()\ndef http_app():\n    return None\nx.http_app()\n'), ['1 network.python-server flask']);
  // The SDK's low-level server runs over the streams it is given (held-out c48), also when made in another module.
  assert.equal(rows('import anyio\nfrom mcp.server.lowlevel import Server\nfrom mcp.server.stdio import stdio_server\nfrom .app import server as other\nserver = Server("x")\nasync def main():\n    async with stdio_server() as (read, write):\n        await server.run(read, write, server.create_initialization_options())\n        await other.run(read, write, opts)\n'), []);
  // A value annotated with either server class may be the low-level one (mcp 2's client/_memory.py): run(read, write, options) is its run.
  assert.equal(rows('from mcp.server import Server\nfrom mcp.server.mcpserver import MCPServer\nclass C:\n    def __init__(self, server: Server | MCPServer) -> None:\n        self._server = server\n    async def go(self):\n        s = self._server\n        await s.run(read, write, s.create_initialization_options())\n        s.run(transport)\n'), ['9 network.python-server fastmcp.FastMCP.run']);
  // A stdio-only FastMCP stays clean.
  assert.equal(rows('from fastmcp import FastMCP, Context\nmcp = FastMCP("x")\n@mcp.tool\nasync def f(ctx: Context) -> str:\n    await ctx.info("x")\n    return "ok"\nif __name__ == "__main__":\n    mcp.run(transport="stdio", show_banner=False)\n'), []);
});

test('ctypes: loading a library, the C API, a called prototype and raw memory are native code; its type names are not (scanner19)', () => {
  // Type names describe data: a Structure, c_int, POINTER, sizeof, byref, ctypes.wintypes.
  assert.equal(caps('import ctypes\nfrom ctypes import wintypes\nclass S(ctypes.Structure):\n    _fields_ = [("a", ctypes.c_int), ("b", ctypes.POINTER(ctypes.c_char_p))]\nn = ctypes.sizeof(S)\nx = ctypes.c_int(3)\ny = ctypes.byref(x)\nh = wintypes.HANDLE()\n'), []);
  // A prototype only declared, or a decorator making a Python callback, loads nothing.
  assert.equal(caps('import ctypes\nCB = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int)\n@ctypes.CFUNCTYPE(None)\ndef g():\n    pass\n'), []);
  assert.equal(caps('import ctypes\nlib = ctypes.CDLL("libc.so.6")\nk = ctypes.windll.kernel32\nctypes.pythonapi.PyRun_SimpleString(b"x")\nl = ctypes.cdll.LoadLibrary("libm.so.6")\ns = ctypes.string_at(addr, 4)\n'), ['ctypes.CDLL', 'ctypes.windll', 'ctypes.pythonapi', 'ctypes.cdll', 'ctypes.string_at']);
  // A prototype called on an address, right away or through the name it is bound to.
  assert.equal(caps('import ctypes\nf = ctypes.CFUNCTYPE(None)(ctypes.addressof(buf))\nP = ctypes.CFUNCTYPE(ctypes.c_int)\ng = P(addr)\n'), ['ctypes.CFUNCTYPE', 'ctypes.CFUNCTYPE']);
  assert.equal(caps('from ctypes import *\nCDLL(None).system(b"id")\nc_int(1)\n'), ['ctypes.CDLL']);
  // The module handed on whole may be used for anything there.
  assert.equal(ids('import ctypes\nrun(ctypes)\n'), ['code-evaluation.python-module-object']);
  // Executable memory: a mapping with PROT_EXEC (evasion-review2 p29, which passed before only because `import ctypes` counted).
  assert.equal(caps('import mmap\nm = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE | mmap.PROT_EXEC)\n'), ['mmap.PROT_EXEC']);
  assert.equal(caps('import mmap\nm = mmap.mmap(-1, 4096, prot=mmap.PROT_READ | mmap.PROT_WRITE)\n'), []);
});

test('ctypes raw memory: from_address of any ctypes type is native code; type names and another from_address are not (scanner20)', () => {
  // Before scanner20 none of these was reported: from_address is a method of the type, not a ctypes member.
  assert.equal(caps('from ctypes import c_char\nv = c_char.from_address(addr).value\n'), ['ctypes.c_char.from_address']);
  assert.equal(caps('import ctypes as C\nv = C.c_int.from_address(addr)\nb = (C.c_char * n).from_address(a)\np = C.POINTER(C.py_object).from_address(id(o) + 8)\n'), ['ctypes.c_int.from_address', 'ctypes._CData.from_address', 'ctypes._CData.from_address']);
  // Not called, another module's class, or the file's own method of that name.
  assert.equal(caps('import ctypes\nf = ctypes.c_int.from_address\n'), []);
  assert.equal(caps('import ctypes, netaddr\nnetaddr.Block.from_address(a)\n'), []);
  assert.equal(caps('import ctypes\nclass C:\n    @classmethod\n    def from_address(cls, a):\n        return cls()\nC.from_address(a)\n'), []);
  assert.equal(caps('from mail import Contact\nContact.from_address(a)\n'), []);
  const dir = 'test/fixtures/scan/ctypes-raw-memory';
  const native = (name: string): string[] => scanSource(readFileSync(`${dir}/${name}`, 'utf8'), { file: `${dir}/${name}` }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.line}:${f.identifier}`);
  assert.equal(native('buffer_view.py'), ['14:ctypes._CData.from_address', '19:ctypes.c_ubyte.from_address', '24:ctypes._CData.from_address', '28:ctypes._CData.from_address', '32:ctypes._CData.from_address']);
  assert.equal(native('native_types.py'), []);
  assert.equal(native('addresses.py'), []);
  assert.equal(native('no_ctypes.py'), []);
});

const PY_LIB = '/usr/lib/python3.11';
test('ctypes in the standard library: wintypes and _aix name only types; util loads libraries; sharedctypes only writes memory', () => {
  if (!existsSync(`${PY_LIB}/ctypes/wintypes.py`)) {
    console.log(`SKIP ${PY_LIB} is absent`);
    return;
  }
  const native = (rel: string): string[] => [...new Set(scan(readFileSync(`${PY_LIB}/${rel}`, 'utf8'), `${PY_LIB}/${rel}`).filter((f) => f.id === 'code-evaluation.python-native').map((f) => f.identifier!))].sort();
  // Before, every ctypes member counted: 171 findings in wintypes.py, 22 in sharedctypes.py, 2 in _aix.py.
  assert.equal(native('ctypes/wintypes.py'), []);
  assert.equal(native('ctypes/_aix.py'), []);
  assert.equal(native('multiprocessing/sharedctypes.py'), ['ctypes.memset']);
  assert.equal(native('ctypes/util.py'), ['ctypes.CDLL', 'ctypes.cdll']);
});

test.run();
