import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanSource } from '../../src/scan/scan-source.ts';
import { runCli, tempDir } from '../helpers/cli.ts';

const caps = (text: string): string[] => scanSource(text, { file: 'server.py' }).findings.filter((f) => f.kind === 'capability' && f.family === 'codeEvaluation').map((f) => `${f.id}:${f.identifier}:${f.line}`);

test('a directory put on the import path, or an import hook, is code loaded from there (code evaluation)', () => {
  assert.equal(caps('import sys\nsys.path.insert(0, "/tmp")\nimport evil\n'), ['code-evaluation.python-import-path:sys.path.insert:2']);
  assert.equal(caps('import sys, os\nsys.path.append(os.environ["PLUGIN_DIR"])\n'), ['code-evaluation.python-import-path:sys.path.append:2']);
  assert.equal(caps('import sys\nsys.path.extend(dirs)\n'), ['code-evaluation.python-import-path:sys.path.extend:2']);
  assert.equal(caps('import site\nsite.addsitedir("/opt/plugins")\n'), ['code-evaluation.python-import-path:site.addsitedir:2']);
  assert.equal(caps('import sys\nsys.meta_path.insert(0, RemoteFinder(url))\n'), ['code-evaluation.python-import-path:sys.meta_path.insert:2']);
  assert.equal(caps('from sys import path\npath.insert(0, "/x")\n'), ['code-evaluation.python-import-path:sys.path.insert:2']);
  assert.equal(caps('import sys\nd = get_dir()\nsys.path.insert(0, d)\n'), ['code-evaluation.python-import-path:sys.path.insert:3']);
  // Loading a file as a module was code evaluation already.
  assert.equal(caps('import importlib.machinery\nimportlib.machinery.SourceFileLoader("m", p).load_module()\n'), ['code-evaluation.python-dynamic-import:importlib.machinery.SourceFileLoader:2']);
});

test('a directory put on the import path by a statement (+=, a slice or item assignment, a new list) is code evaluation too', () => {
  assert.equal(caps('import sys\nsys.path[:0] = ["/tmp/x"]\n'), ['code-evaluation.python-import-path:sys.path.__setitem__:2']);
  assert.equal(caps('import sys\nsys.path[0:0] = dirs\n'), ['code-evaluation.python-import-path:sys.path.__setitem__:2']);
  assert.equal(caps('import sys\nsys.path += ["/tmp/y"]\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:2']);
  assert.equal(caps('import sys\nsys.path[0] = plugin_dir\n'), ['code-evaluation.python-import-path:sys.path.__setitem__:2']);
  assert.equal(caps('import sys\nsys.path = ["/opt/plugins"] + sys.path\n'), ['code-evaluation.python-import-path:sys.path:2']);
  assert.equal(caps('import sys\nsys.meta_path[:0] = [RemoteFinder(url)]\n'), ['code-evaluation.python-import-path:sys.meta_path.__setitem__:2']);
  // The package's own files (and the list itself) on the right-hand side: none, as for insert.
  assert.equal(caps('import sys, os\nsys.path[:0] = [os.path.dirname(__file__)]\n'), []);
  assert.equal(caps('import sys\nfrom pathlib import Path\nHERE = Path(__file__).parent\nsys.path += [str(HERE)]\nsys.path = [str(HERE / "lib")] + sys.path\n'), []);
  // Reads, comparisons and other lists are no writes of the import path.
  assert.equal(caps('import sys\nfirst = sys.path[0]\nif sys.path[0] == "": pass\nold = sys.path[:]\nsys.argv[1:] = ["x"]\nprint(sys.path)\n'), []);
});

test('sys.path changed in place through a name bound to it (from sys import path, p = sys.path) is the same write', () => {
  // `path += [d]` calls list.__iadd__, which returns the list itself: the name is still sys.path.
  assert.equal(caps('from sys import path\npath += ["/tmp/x"]\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:2']);
  assert.equal(caps('from sys import meta_path\nmeta_path += [RemoteFinder(url)]\n'), ['code-evaluation.python-import-path:sys.meta_path.__iadd__:2']);
  assert.equal(caps('import sys\np = sys.path\np += [plugin_dir]\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:3']);
  // The name keeps its value after it: a later insert through it counts too.
  assert.equal(caps('from sys import path\npath += [d]\npath.insert(0, e)\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:2', 'code-evaluation.python-import-path:sys.path.insert:3']);
  // Under `global` in a function, and in a class body (which reads the module's name first).
  assert.equal(caps('from sys import path\ndef f():\n    global path\n    path += ["/tmp/x"]\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:4']);
  assert.equal(caps('from sys import path\nclass C:\n    path += ["/tmp/x"]\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:3']);
  assert.equal(caps('import sys as s\ns.path += [d]\ns.path[:0] = [e]\n'), ['code-evaluation.python-import-path:sys.path.__iadd__:2', 'code-evaluation.python-import-path:sys.path.__setitem__:3']);
  // The package's own files, as for the other writes.
  assert.equal(caps('from sys import path\nimport os\npath += [os.path.dirname(__file__)]\n'), []);
  // A function's own `path` (Python raises UnboundLocalError there), a parameter, or a name given a
  // new list (`path = [d]` rebinds the name, sys.path is untouched): none.
  assert.equal(caps('from sys import path\ndef f():\n    path += ["/tmp/x"]\n'), []);
  assert.equal(caps('def f(path):\n    path += ["/tmp/x"]\n'), []);
  assert.equal(caps('from sys import path\npath = ["/tmp/x"]\n'), []);
});

test('the package\'s own directory, a path built from __file__, is no capability', () => {
  assert.equal(caps('import sys, os\nsys.path.insert(0, os.path.dirname(__file__))\n'), []);
  assert.equal(caps('import sys\nfrom pathlib import Path\nROOT = Path(__file__).resolve().parent.parent\nsys.path.insert(0, str(ROOT / "src"))\n'), []);
  assert.equal(caps('import sys, os\nHERE = os.path.dirname(os.path.abspath(__file__))\nLIB = os.path.join(HERE, "lib")\nsys.path.append(LIB)\n'), []);
  // A parameter or local named __file__ is not the module's file.
  assert.equal(caps('import sys\ndef add(__file__):\n    sys.path.append(__file__)\n'), ['code-evaluation.python-import-path:sys.path.append:3']);
  // The path is the second argument of insert: a first one built from __file__ does not count.
  assert.equal(caps('import sys\nsys.path.insert(len(__file__), "/tmp")\n'), ['code-evaluation.python-import-path:sys.path.insert:2']);
  assert.equal(caps('import sys\nfrom os.path import dirname, join\nsys.path.insert(0, join(dirname(__file__), "..", "src"))\n'), []);
  assert.equal(caps('import sys\nfrom pathlib import Path\nsys.path.insert(0, str(Path(__file__).parents[1]))\n'), []);
});

test('a path that only mentions __file__ is not the package\'s own: an absolute part, a condition, another value or call', () => {
  const at = ['code-evaluation.python-import-path:sys.path.insert:2'];
  assert.equal(caps('import sys, os\nsys.path.insert(0, os.path.join(os.path.dirname(__file__), "/tmp/evil"))\n'), at);
  assert.equal(caps('import sys\nsys.path.insert(0, "/tmp/evil" if __file__ else "")\n'), at);
  assert.equal(caps('import sys, os\nsys.path.insert(0, os.path.dirname(__file__) + os.environ["X"])\n'), at);
  assert.equal(caps('import sys, os\nsys.path.insert(0, os.path.expanduser("~/plugins") or __file__)\n'), at);
  assert.equal(caps('import sys, os\nHERE = os.path.dirname(__file__)\nsys.path.insert(0, os.path.join(HERE, plugin_dir))\n'), ['code-evaluation.python-import-path:sys.path.insert:3']);
  assert.equal(caps('import sys, os\nBAD = os.path.join(os.path.dirname(__file__), "/opt/x")\nsys.path.append(BAD)\n'), ['code-evaluation.python-import-path:sys.path.append:3']);
});

test('scan PATHS: a server that puts /tmp on sys.path reports code evaluation and fails on the tool-wide rule', () => {
  const dir = tempDir('mcpfusion-py-import-path-');
  mkdirSync(join(dir, 'srv'), { recursive: true });
  writeFileSync(join(dir, 'srv', 'server.py'), 'import sys\nsys.path.insert(0, "/tmp")\nimport helper\n');
  const r = runCli(['scan', 'srv', '--format', 'json'], { cwd: dir });
  const out = JSON.parse(r.stdout) as { entitlements: { codeEvaluation: boolean; raw: string[] }; violations: Array<{ id: string }> };
  assert.is(out.entitlements.codeEvaluation, true);
  assert.equal(out.entitlements.raw, ['sys.path.insert']);
  assert.equal(out.violations.map((v) => v.id), ['violation.code-evaluation-not-allowed']);
  assert.is(r.code, 1);
});

test.run();
