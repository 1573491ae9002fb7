import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { tempDir } from '../helpers/cli.ts';
import { readSourceSync } from './_read-source.ts';

const project = (files: Record<string, string>): string => {
  const dir = tempDir('mcpfusion-py-subclass-');
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  return dir;
};

/** `file:line id identifier` of the data downloads a scan from `entry` finds. */
const downloads = async (dir: string, entry: string): Promise<string[]> => {
  const scan = await scanFiles([join(dir, entry)], { readSource: readSourceSync });
  return scan.findings.filter((f) => f.id === 'network.python-data-download').map((f) => `${(f.file ?? "").slice(dir.length + 1)}:${f.line} ${f.identifier}`).sort();
};

test('a torchvision data set subclass defined in another module of the package downloads where it is constructed', async () => {
  const dir = project({
    'pkg/__init__.py': '',
    'pkg/data.py': 'from torchvision.datasets import MNIST\n\nclass Digits(MNIST):\n    """MNIST with our labels."""\n    classes = ["zero", "one"]\n\nclass Tuned(Digits):\n    pass\n',
    'pkg/server.py': 'from .data import Digits\nfrom pkg.data import Tuned as T\n\ndef load(root):\n    a = Digits(root, download=True)\n    b = T(root, train=False, download=True)\n    c = Digits(root)\n    return a, b, c\n',
  });
  assert.equal(await downloads(dir, 'pkg/server.py'), ['pkg/server.py:5 torchvision.datasets.MNIST', 'pkg/server.py:6 torchvision.datasets.MNIST']);
});

test('an imported subclass with its own __init__ is not the library constructor (its super().__init__ is judged in its module)', async () => {
  const dir = project({
    'pkg/__init__.py': '',
    'pkg/data.py': 'from torchvision import datasets\n\nclass Local(datasets.CIFAR10):\n    def __init__(self, root, **kwargs):\n        super().__init__(root, download=False)\n\nclass Fetching(datasets.CIFAR10):\n    def __init__(self, root):\n        super().__init__(root, download=True)\n',
    'pkg/server.py': 'from .data import Local, Fetching\n\nLocal("/data", download=True)\nFetching("/data")\n',
  });
  assert.equal(await downloads(dir, 'pkg/server.py'), ['pkg/data.py:9 torchvision.datasets.CIFAR10']);
});

test('a class of the same name that is no data set, or a name the module does not define at top level, is not followed', async () => {
  const dir = project({
    'pkg/__init__.py': '',
    'pkg/data.py': 'class Digits:\n    pass\n\ndef make():\n    from torchvision.datasets import MNIST\n    class Inner(MNIST):\n        pass\n    return Inner\n',
    'pkg/server.py': 'from .data import Digits, make\n\nDigits("/d", download=True)\nmake()("/d", download=True)\n',
  });
  assert.equal(await downloads(dir, 'pkg/server.py'), []);
});

test('such a class reached through its module imported whole (import pkg.data, as d, from pkg import data) downloads too; import pkg.data binds pkg, not data', async () => {
  const dir = project({
    'pkg/__init__.py': '',
    'pkg/data.py': 'from torchvision.datasets import MNIST\n\nclass Digits(MNIST):\n    pass\n',
    'pkg/server.py': [
      'import pkg.data',
      'import pkg.data as d',
      'from pkg import data as d2',
      'from . import data as d3',
      '',
      'def load(root):',
      '    a = pkg.data.Digits(root, download=True)',
      '    b = d.Digits(root, download=True)',
      '    c = d2.Digits(root, download=True)',
      '    e = d3.Digits(root, download=True)',
      '    f = pkg.data.Digits(root)',
      '    return a, b, c, e, f',
      '',
    ].join('\n'),
    // `import pkg.data` binds `pkg`: a bare `data` is another name (a NameError in Python), never the module.
    'pkg/other.py': 'import pkg.data\n\ndef load(root):\n    return data.Digits(root, download=True)\n',
  });
  assert.equal(await downloads(dir, 'pkg/server.py'), ['pkg/server.py:10 torchvision.datasets.MNIST', 'pkg/server.py:7 torchvision.datasets.MNIST', 'pkg/server.py:8 torchvision.datasets.MNIST', 'pkg/server.py:9 torchvision.datasets.MNIST']);
  assert.equal(await downloads(dir, 'pkg/other.py'), []);
});

test.run();
