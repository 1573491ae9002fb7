/**
 * What `scan` reads from a Python project file as its entry points (`pythonEntryPoints`): the same
 * paths as before, and read in linear time from a hostile project file (the project scanned is
 * the one not trusted). Before, 90 KB of `scripts=[` or 40 KB of `a/` took seconds and a few
 * hundred KB minutes; these inputs are 1 MB each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { pythonEntryPoints } from '../../src/commands/scan.ts';

test('script paths and script lists are read as written', () => {
  const setup = 'from setuptools import setup\nsetup(\n  entry_points={"console_scripts": ["srv=pkg.server:main"]},\n' +
    '  scripts=["bin/mytool", "examples/run_server.py"],\n  data_files=[("share", ["/abs/path/tool.py", "./local/x.pyw", "docs/a.pyc", "c.py"])],\n)\n';
  const { modules, files } = pythonEntryPoints('setup.py', setup);
  assert.equal(modules, ['pkg.server']);
  assert.equal(files.sort(), ['./local/x.pyw', 'abs/path/tool.py', 'bin/mytool', 'examples/run_server.py'].sort());
  const cfg = pythonEntryPoints('setup.cfg', '[options]\nscripts =\n  bin/one\n  bin/two.py\n');
  assert.equal(cfg.files.sort(), ['bin/one', 'bin/two.py']);
  const toml = pythonEntryPoints('pyproject.toml', '[tool.setuptools]\nscript-files = ["scripts/a", "scripts/b.py"]\n');
  assert.equal(toml.files.sort(), ['scripts/a', 'scripts/b.py']);
});

test('a list never closed, and lists after it, give nothing; one closed later gives its text', () => {
  assert.equal(pythonEntryPoints('setup.py', 'scripts=["bin/a"\n').files, []);
  assert.equal(pythonEntryPoints('setup.py', 'scripts=["bin/a"]\nscripts=("bin/b",)\n').files.sort(), ['bin/a', 'bin/b']);
});

test('hostile project files of 1 MB are read without backtracking over the rest of the text at each start', () => {
  const lists = pythonEntryPoints('setup.py', 'scripts=['.repeat(120_000));
  assert.equal(lists.files, []);
  const slashes = pythonEntryPoints('setup.py', `"${'a/'.repeat(500_000)}"`);
  assert.equal(slashes.files, []);
  // A long run that does end in .py is no script path a project names (over 300 characters).
  assert.equal(pythonEntryPoints('setup.py', `"${'a/'.repeat(500_000)}x.py"`).files, []);
  const cfg = pythonEntryPoints('setup.cfg', `[options]\n${'scripts =\n'.repeat(100_000)}`);
  assert.equal(cfg.files, []);
});

test.run();
