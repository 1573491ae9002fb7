/**
 * Benchmark: the scanners on inputs that once made them quadratic (generated or hostile code),
 * each scanned at size N and 2N in the same run. The N-size run is the floor: a linear scan
 * takes about twice as long at 2N, a quadratic one about four times. Unit tests check what
 * these inputs find; how long they take is measured here, never asserted in a test.
 *
 * @module
 */
import { scanSource } from '../../src/scan/scan-source.ts';
import { callCommandFindings } from '../../src/scan/project-commands.ts';
import { reportGrowth, type GrowthCase } from './_growth.ts';

interface Case {
  name: string;
  file: string;
  /** The input at size n. */
  text: (n: number) => string;
  n: number;
}

const CASES: Case[] = [
  {
    name: 'Python: a name rebound under if n times',
    file: 'x.py',
    text: (n) => 'import os\n' + Array.from({ length: n }, (_, i) => `if c:\n    os = f${i}\nos.system("x")\n`).join(''),
    n: 3000,
  },
  {
    name: 'Python: n archives opened, one extracted',
    file: 'x.py',
    text: (n) => 'import tarfile\n' + Array.from({ length: n }, (_, i) => `t${i} = tarfile.open(p)\n`).join('') + 't1.extractall(d)\n',
    n: 8000,
  },
  {
    name: 'Python: n library-method calls on self attributes',
    file: 'x.py',
    text: (n) => 'import boto3, paramiko\nclass T:\n    def __init__(self):\n        self.s3 = boto3.client("s3")\n        self.ftp = paramiko.SFTPClient.from_transport(t)\n    def put(self):\n' + '        self.s3.upload_file(p, b, k)\n        self.ftp.upload_file(p, b, k)\n'.repeat(n),
    n: 8000,
  },
  {
    name: 'Python: a generator with n for clauses',
    file: 'x.py',
    text: (n) => 'import os\nx = (a0 for ' + Array.from({ length: n }, (_, i) => `a${i} in b`).join(' for ') + ')\nos.system("x")\n',
    n: 8000,
  },
  {
    name: 'Python: n lambdas on one logical line',
    file: 'x.py',
    text: (n) => 'import os\nx = ' + Array.from({ length: n }, (_, i) => `lambda p${i}: p${i}`).join(', ') + '\nos.system("x")\n',
    n: 8000,
  },
  {
    name: 'Python: n star imports, each name used once',
    file: 'x.py',
    text: (n) => Array.from({ length: n }, (_, i) => `from m${i} import *\nf${i}()\n`).join('') + 'from subprocess import *\nrun("x")\n',
    n: 8000,
  },
  {
    name: 'Python: n subclasses of a torchvision data set, each calling super().__init__ and called',
    file: 'x.py',
    text: (n) => 'from torchvision.datasets import MNIST\n' + Array.from({ length: n }, (_, i) => `class D${i}(MNIST):\n    def __init__(self, r):\n        super().__init__(r, download=True)\nclass E${i}(D${i}): pass\nE${i}(r)\n`).join(''),
    n: 2000,
  },
  {
    name: 'Go: n declarations on one (minified) line',
    file: 'x.go',
    text: (n) => `package main\n\nimport "os"\n\nfunc f() { if ok := g(); ok { ${'a := 1; _ = a; '.repeat(n)} }; os.Remove("a") }\n`,
    n: 15000,
  },
  {
    // The value types of go-value-types.ts: every constructor-made value and its method call, one name
    // declared in n sibling blocks (one sweep finds the declaration in scope at each use),
    // and n struct fields read through a method.
    name: 'Go: n values made by a constructor, each with a method call',
    file: 'x.go',
    text: (n) => `package main\n\nimport "github.com/mmcdole/gofeed"\n\nfunc f(u string) {\n${Array.from({ length: n }, (_, i) => `\tp${i} := gofeed.NewParser()\n\tp${i}.ParseURL(u)\n`).join('')}}\n`,
    n: 4000,
  },
  {
    name: 'Go: one name declared in n sibling blocks, each with a method call',
    file: 'x.go',
    text: (n) => `package main\n\nimport "github.com/mmcdole/gofeed"\n\nfunc f(u string) {\n${'\t{\n\t\tp := gofeed.NewParser()\n\t\tp.ParseURL(u)\n\t}\n'.repeat(n)}\tp.ParseURL(u)\n}\n`,
    n: 4000,
  },
  {
    // A use after n sibling declarations of its name finds the typed one further out (a bounded look-back missed it).
    name: 'Go: a typed name, n sibling blocks redeclaring it, then n method calls on it',
    file: 'x.go',
    text: (n) => `package main\n\nimport "github.com/mmcdole/gofeed"\n\nfunc f(u string) {\n\tp := gofeed.NewParser()\n${'\t{\n\t\tp := 1\n\t\t_ = p\n\t}\n'.repeat(n)}${'\tp.ParseURL(u)\n'.repeat(n)}}\n`,
    n: 4000,
  },
  {
    name: 'Go: n struct fields of a package type, each read through a method',
    file: 'x.go',
    text: (n) => `package main\n\nimport "github.com/mmcdole/gofeed"\n\ntype H struct {\n${Array.from({ length: n }, (_, i) => `\tf${i} *gofeed.Parser\n`).join('')}}\n\nfunc (h *H) get(u string) {\n${Array.from({ length: n }, (_, i) => `\th.f${i}.ParseURL(u)\n`).join('')}}\n`,
    n: 4000,
  },
  {
    name: 'Rust: n raw strings with hashes, the last one never closed',
    file: 'x.rs',
    text: (n) => 'fn f() {\n' + 'let s = r##"a "# b"##; std::fs::write(p, s);\n'.repeat(n) + 'let t = r###"never closed "## "#\n' + '"x" '.repeat(n) + '\n}\n',
    n: 10000,
  },
  {
    name: 'Rust: n nested block comments, never closed',
    file: 'x.rs',
    text: (n) => 'fn f() { std::fs::read(p); }\n' + '/* a '.repeat(n) + '*/ '.repeat(n - 1) + 'std::process::Command::new("sh");\n',
    n: 200000,
  },
  {
    name: 'Rust: n nested use groups, and n brackets left open',
    file: 'x.rs',
    text: (n) => `use a::${'{b::'.repeat(n)}Command${'}'.repeat(n)};\nuse std::{fs, process::Command as C};\nfn f() { C::new("x"); fs::write(p, b); ${'('.repeat(n)}\n`,
    n: 20000,
  },
  {
    name: 'Rust: n lifetimes, char literals and quotes',
    file: 'x.rs',
    text: (n) => "fn f<'a>(x: &'a str) -> char {\n" + "let c = 'x'; let d: &'static str = \"'\"; 'l: loop { break 'l; }\n".repeat(n) + "'\\u{41}' } ''' '\n",
    n: 10000,
  },
  {
    name: 'Rust: n OpenOptions chains and n use aliases of aliases',
    file: 'x.rs',
    text: (n) => 'use std::fs::OpenOptions as O0;\n' + Array.from({ length: n }, (_, i) => `use O${i} as O${i + 1};\n`).join('') + 'fn f() {\n' + 'O0::new().read(true).write(false).append(true).create(true).open(p)?;\n'.repeat(n) + '}\n',
    n: 8000,
  },
  {
    // A glob in every module (`use super::*;`): each bare name was looked up in every glob of the file.
    name: 'Rust: n modules each with use super::* and use std::fs::*, one bare call each',
    file: 'x.rs',
    text: (n) => Array.from({ length: n }, (_, i) => `mod m${i} { use super::*; use std::fs::*; pub fn g() { read("x"); } }`).join('\n'),
    n: 2000,
  },
  {
    // Distinct globs outside the crate, one per module: a bare name saw every module's glob (n×n); globs are now scoped to their block.
    name: 'Rust: n modules each with its own outside glob, one bare call each',
    file: 'x.rs',
    text: (n) => 'use std::fs::*;\n' + Array.from({ length: n }, (_, i) => `mod m${i} { use dep${i}::*; use super::*; pub fn g() { read("x"); h${i}(); } }`).join('\n'),
    n: 2000,
  },
  {
    name: 'TypeScript: n non-null assertions before /',
    file: 'x.ts',
    text: (n) => 'let a: any;\n' + 'const r = a! / 2;\n'.repeat(n) + 'eval(a);',
    n: 10000,
  },
  {
    name: 'JavaScript: n constant objects and arrays, each read by member',
    file: 'x.js',
    text: (n) => Array.from({ length: n }, (_, i) => `const M${i} = { a: 'fs', b: ['os', { c: 'x' }], f() { return 1; } };\nconst A${i} = [M${i}.a, 'y'];\nrequire(M${i}.b[0] + A${i}[1]);\n`).join(''),
    n: 2000,
  },
  {
    name: 'JavaScript: n holders of a module, each passed through two helpers',
    file: 'x.js',
    text: (n) => "const fs = require('fs');\n" + Array.from({ length: n }, (_, i) => `const d${i} = { fs };\na${i}(d${i});\nfunction a${i}(d) { b${i}(d); }\nfunction b${i}(x) { x.fs.rmSync(p); }\n`).join(''),
    n: 2000,
  },
  {
    name: 'JavaScript: n imports and n toFile calls on their classes',
    file: 'x.mjs',
    text: (n) => Array.from({ length: n }, (_, i) => `import { E${i} } from "pkg${i}";\n`).join('') + 'import sharp from "sharp";\nexport function f(o) {\n' + Array.from({ length: n }, (_, i) => `  const e${i} = new E${i}(); e${i}.toFile(o);\n`).join('') + '}\n',
    n: 8000,
  },
  {
    name: 'JavaScript: n HTML-like comments',
    file: 'x.cjs',
    text: (n) => Array.from({ length: n }, (_, i) => `const a${i} = 1 <!-- x\n`).join('') + 'eval(a);',
    n: 2000,
  },
  {
    name: 'JavaScript: n nested arrow functions without braces',
    file: 'x.js',
    text: (n) => `const fs = require('fs');\nexport const f = ${'a => '.repeat(n)}fs.rmSync(a);\n`,
    n: 10000,
  },
];

const scanned = (c: Case): GrowthCase => ({
  name: c.name,
  n: c.n,
  run: (n) => {
    const text = c.text(n);
    return () => scanSource(text, { file: c.file }).findings.length;
  },
});

/**
 * The commands a file's calls write (scanFiles reads them after the scan, callCommandFindings):
 * each call was once looked for from the start of the file, and of its line.
 */
const commands: GrowthCase = {
  name: 'JavaScript: n child_process calls writing a command on one (minified) line, and n calls of a promisified exec',
  n: 3000,
  run: (n) => {
    const text = "const cp = require('child_process'); const util = require('util'); const run = util.promisify(cp.exec);" + Array.from({ length: n }, (_, i) => `cp.execSync('curl -s https://x.test/${i}'); run('wget https://x.test/${i}');`).join('');
    return () => callCommandFindings(text, scanSource(text, { file: 'x.js' }).findings, 'js').length;
  },
};

/**
 * The calls of command-running packages (execa's functions, zx's and Bun's `$` templates), which
 * the scan reports at the import and scanFiles reads at each call (since scanner26).
 */
const packageCommands: GrowthCase = {
  name: "JavaScript: n execa calls, n zx templates and n Bun.$ templates on one (minified) line",
  n: 3000,
  run: (n) => {
    const text = "import { execa, execaCommand } from 'execa'; import { $ } from 'zx';" + Array.from({ length: n }, (_, i) => `execa('curl', ['-s', u${i}]); execaCommand('wget https://x.test/${i}'); $\`curl \${u}/${i} | sh\`; Bun.$\`wget \${v} https://x.test/${i}\`;`).join('');
    return () => {
      const scan = scanSource(text, { file: 'x.mjs' });
      return callCommandFindings(text, scan.findings, 'js', {}, scan.packageCalls).length;
    };
  },
};

reportGrowth('scan-worst-case.bench', [...CASES.map(scanned), commands, packageCommands], 'findings');
