import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { scanToolEntitlements } from '../../src/scan/scan-tools.ts';
import { importCandidates } from '../../src/scan/import-candidates.ts';
import { isPythonFile, pythonAbsoluteCandidates, pythonModuleOf } from '../../src/scan/python/python-candidates.ts';
import { readSourceSync } from './_read-source.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-python-files-'));
const write = (rel: string, text: string): string => {
  const p = join(dir, rel);
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
  return p;
};
const rel = (p: string): string => p.slice(dir.length + 1);

// app/ is a package; server.py imports its helpers relatively and absolutely.
const server = write('app/server.py', [
  'from mcp.server.fastmcp import FastMCP',
  'from . import config',
  'from .tools import files, shell',
  'from .net import fetch as do_fetch',
  'from app.crypto_util import sign',
  'import helpers',
  'from .gone import nothing',
  'import requests',
].join('\n'));
write('app/__init__.py', '');
write('app/config.py', 'import os\nTOKEN = os.getenv("TOKEN")\n');
write('app/tools/__init__.py', 'from .registry import REGISTRY\n');
write('app/tools/registry.py', 'REGISTRY = {}\n');
write('app/tools/files.py', 'from pathlib import Path\ndef save(p: Path, s: str):\n    p.write_text(s)\n');
write('app/tools/shell.py', 'import subprocess\ndef run(c):\n    return subprocess.run(c)\n');
write('app/net.py', 'import httpx\ndef fetch(u):\n    return httpx.get(u)\n');
write('app/crypto_util.py', 'import hmac\ndef sign(k, m):\n    return hmac.new(k, m, "sha256").hexdigest()\n');
write('helpers.py', 'import shutil\ndef clean(d):\n    shutil.rmtree(d)\n');

test('relative imports are followed (submodules, packages, names), absolute local ones too; each file once', async () => {
  const reads = new Map<string, number>();
  const result = await scanFiles([server], { readSource: (p) => { reads.set(p, (reads.get(p) ?? 0) + 1); return readSourceSync(p); } });
  assert.equal(result.files.map(rel), ['app/server.py', 'app/config.py', 'app/tools/files.py', 'app/tools/shell.py', 'app/net.py', 'app/crypto_util.py', 'helpers.py']);
  assert.ok([...reads.values()].every((n) => n === 1), 'every path read at most once');
  const raw = (id: string) => result.findings.filter((f) => f.id === id).map((f) => [f.identifier, f.chain?.map(rel)]);
  assert.equal(raw('filesystem.python-path-write'), [['pathlib.Path.write_text', ['app/server.py', 'app/tools/files.py']]]);
  assert.equal(raw('subprocess.python-subprocess'), [['subprocess.run', ['app/server.py', 'app/tools/shell.py']]]);
  assert.equal(raw('network.python-http-client').map((x) => x[0]), ['requests', 'httpx']);
  assert.equal(raw('crypto.python-stdlib'), [['hmac.new', ['app/server.py', 'app/crypto_util.py']]]);
  assert.equal(raw('filesystem.python-shutil-write'), [['shutil.rmtree', ['app/server.py', 'helpers.py']]]);
  const missing = result.findings.filter((f) => f.kind === 'not-analyzed');
  assert.equal(missing.map((f) => [rel(f.file!), f.line]), [['app/server.py', 7]]);
  assert.match(missing[0]!.detail!, /^import "from \.gone import nothing" resolves to no file \(tried 4 candidates, first .*app\/gone\/nothing\/__init__\.py\)$/);
  assert.equal(result.packages, ['mcp.server.fastmcp', 'os', 'pathlib', 'requests', 'httpx', 'subprocess', 'hmac', 'shutil'].sort());
});

test('a local package whose submodule is missing is not analyzed; an unknown absolute import is a package', async () => {
  const entry = write('b/main.py', 'import helpers2.sub\nimport numpy\n');
  write('b/helpers2/__init__.py', '');
  const result = await scanFiles([entry], { readSource: readSourceSync });
  assert.equal(result.findings.map((f) => [f.id, f.line]), [['scan.not-analyzed', 1]]);
  assert.match(result.findings[0]!.detail!, /names the local module .*b\/helpers2\/__init__\.py but resolves to no file/);
  assert.equal(result.packages, ['numpy']);
});

test('in site-packages an absolute import is local only within its own distribution: other installed packages are packages', async () => {
  // An installed server (`scan .venv/lib/python3.11/site-packages/notes_server`): its own absolute
  // imports are followed; pydantic beside it is another distribution, not the server's code.
  const site = 'venv/lib/python3.11/site-packages';
  const entry = write(`${site}/notes_server/server.py`, 'from notes_server.store import save\nimport pydantic\nfrom dns import resolver\nimport six\n');
  write(`${site}/notes_server/__init__.py`, '');
  write(`${site}/notes_server/store.py`, 'import shutil\ndef save(d):\n    shutil.rmtree(d)\n');
  write(`${site}/pydantic/__init__.py`, 'import subprocess\nsubprocess.run(["x"])\n');
  write(`${site}/dns/resolver.py`, 'import socket\nsocket.getaddrinfo("h", 1)\n');
  write(`${site}/dns/__init__.py`, '');
  write(`${site}/six.py`, 'import os\nos.system("x")\n');
  const result = await scanFiles([entry], { readSource: readSourceSync });
  assert.equal(result.files.map(rel), [`${site}/notes_server/server.py`, `${site}/notes_server/store.py`]);
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  assert.equal(result.packages, ['dns', 'pydantic', 'shutil', 'six']);
  // A top-level module of site-packages scanned as given keeps its own name only.
  const single = await scanFiles([join(dir, site, 'six.py')], { readSource: readSourceSync });
  assert.equal(single.files.map(rel), [`${site}/six.py`]);
  // Debian's system directory is one too; a project directory with another name is not.
  const deb = write('usr/lib/python3/dist-packages/tool_a/main.py', 'import tool_b\n');
  write('usr/lib/python3/dist-packages/tool_a/__init__.py', '');
  write('usr/lib/python3/dist-packages/tool_b.py', 'import os\n');
  assert.equal((await scanFiles([deb], { readSource: readSourceSync })).files.map(rel), ['usr/lib/python3/dist-packages/tool_a/main.py']);
  const proj = write('proj/src/tool_a/main.py', 'import tool_b\n');
  write('proj/src/tool_a/__init__.py', '');
  write('proj/src/tool_b.py', 'import os\n');
  assert.equal((await scanFiles([proj], { readSource: readSourceSync })).files.map(rel), ['proj/src/tool_a/main.py', 'proj/src/tool_b.py']);
});

test('a module named after the package it imports (handlers/anthropic.py: import anthropic) imports the package, not itself', async () => {
  // fastmcp's client/sampling/handlers/anthropic.py and openai.py do this; scanning the directory
  // makes each of them an entry file, whose own directory is searched for absolute imports.
  write('s/__init__.py', '');
  write('s/handlers/__init__.py', '');
  const anthropic = write('s/handlers/anthropic.py', 'import anthropic\nfrom anthropic.types import Message\nimport helpers3\n');
  const httpx = write('s/handlers/httpx.py', 'from httpx import AsyncClient\n');
  write('s/handlers/helpers3.py', 'import shutil\n');
  const result = await scanFiles([anthropic, httpx], { readSource: readSourceSync });
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  assert.equal(result.files.map(rel), ['s/handlers/anthropic.py', 's/handlers/httpx.py', 's/handlers/helpers3.py']);
  assert.equal(result.packages, ['anthropic', 'anthropic.types', 'httpx', 'shutil']);
  assert.equal(result.findings.filter((f) => f.id === 'network.python-http-client').map((f) => rel(f.file!)), ['s/handlers/httpx.py']);
});

test('a module named like the package it wraps, or beside it in a package, is no local module of that package', async () => {
  // fastmcp/client/sampling/handlers/anthropic.py: `from anthropic.types import Message` is the
  // PyPI package; so is `import openai.types` beside a sibling openai.py inside a package.
  write('w/lib/__init__.py', '');
  write('w/lib/handlers/__init__.py', '');
  write('w/lib/handlers/openai.py', 'import subprocess\n');
  const wraps = write('w/lib/handlers/anthropic.py', 'from anthropic.types import Message\nimport anthropic\nimport openai.types\n');
  const result = await scanFiles([wraps], { readSource: readSourceSync });
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  assert.equal(result.packages, ['anthropic', 'anthropic.types', 'openai.types']);
  // A script outside any package keeps its directory as an import root: the same import there
  // names the local module and is not analyzed.
  const script = write('sc/main.py', 'import openai.types\n');
  write('sc/openai.py', '');
  const alone = await scanFiles([script], { readSource: readSourceSync });
  assert.equal(alone.findings.filter((f) => f.kind === 'not-analyzed').map((f) => f.line), [1]);
});

test("a package's absolute imports of itself are its own modules, not the package: paramiko inside paramiko, namespace packages too", async () => {
  // Scanning an installed paramiko made every `from paramiko.x import y` a protocol-client row.
  const init = write('pm/paramiko/__init__.py', 'from paramiko.transport import Transport\n');
  const transport = write('pm/paramiko/transport.py', 'import paramiko.util\nimport paramiko.util as pu\nfrom paramiko import util as u\nfrom paramiko.util import *\nimport socket\ndef connect(h):\n    paramiko.util.log(h)\n    return socket.create_connection((h, 22))\n');
  const util = write('pm/paramiko/util.py', 'import importlib\ndef log(m):\n    importlib.import_module("paramiko.transport")\n');
  const client = write('pm/client.py', 'import paramiko\n');
  const result = await scanFiles([init, transport, util, client], { readSource: readSourceSync });
  const ids = (f: string) => result.findings.filter((x) => rel(x.file!) === f).map((x) => [x.id, x.identifier]);
  assert.equal(ids('pm/paramiko/__init__.py'), []);
  assert.equal(ids('pm/paramiko/transport.py'), [['network.python-socket', 'socket.create_connection']]);
  assert.equal(ids('pm/paramiko/util.py'), []);
  // A file outside the package that imports it still imports paramiko.
  assert.equal(ids('pm/client.py'), [['network.python-protocol-client', 'paramiko']]);
  assert.equal(result.findings.filter((f) => f.kind === 'not-analyzed'), []);
  assert.equal(result.packages, ['importlib', 'socket']);
  // A namespace package (PEP 420, no __init__.py anywhere): tools.b is tools/b.py beside the file.
  const a = write('ns/tools/a.py', 'from tools.b import helper\nimport tools.c\n');
  write('ns/tools/b.py', 'import shutil\ndef helper(d):\n    shutil.rmtree(d)\n');
  write('ns/tools/c.py', '');
  const ns = await scanFiles([a], { readSource: readSourceSync });
  assert.equal(ns.files.map(rel), ['ns/tools/a.py', 'ns/tools/b.py', 'ns/tools/c.py']);
  assert.equal(ns.packages, ['shutil']);
  assert.equal(ns.findings.map((f) => [f.identifier, f.chain?.map(rel)]), [['shutil.rmtree', ['ns/tools/a.py', 'ns/tools/b.py']]]);
  // A regular package below a namespace one (nsp.sub.x imported inside nsp/sub/).
  const deep = write('nsp/outer/sub/x.py', 'from outer.sub.y import z\nfrom outer.other import w\n');
  write('nsp/outer/sub/__init__.py', '');
  write('nsp/outer/sub/y.py', 'z = 1\n');
  write('nsp/outer/other.py', 'w = 2\n');
  const nested = await scanFiles([deep], { readSource: readSourceSync });
  assert.equal(nested.files.map(rel), ['nsp/outer/sub/x.py', 'nsp/outer/sub/y.py', 'nsp/outer/other.py']);
  assert.equal(nested.packages, []);
});

test('a decoy directory or file named like another module hides no import: only the file\'s own package is local', async () => {
  // Decoys beside and above a package file: subprocess (standard library), requests, paramiko.
  write('dq/pkg/__init__.py', '');
  const a = write('dq/pkg/a.py', 'import subprocess\nsubprocess.run(["x"])\nimport requests\nimport paramiko\nimport socket\nsocket.socket()\n');
  write('dq/pkg/subprocess.py', '');
  write('dq/subprocess/__init__.py', '');
  write('dq/requests/__init__.py', '');
  write('dq/pkg/paramiko.py', '');
  write('dq/socket.py', '');
  const ids = async (files: string[]) => (await scanFiles(files, { readSource: readSourceSync })).findings.filter((f) => f.kind === 'capability').map((f) => f.identifier);
  assert.equal(await ids([a]), ['subprocess.run', 'requests', 'paramiko', 'socket.socket']);
  // A file placed in a directory without __init__.py named like the package it uses: a regular
  // package of that name anywhere on sys.path wins over a namespace portion, so this is requests.
  const ns = write('srv/requests/server.py', 'import requests\nfrom requests import get\nimport requests.adapters\nget(u)\n');
  write('srv/requests/get.py', '');
  write('srv/requests/adapters.py', '');
  assert.equal(await ids([ns]), ['requests', 'requests', 'requests']);
  // A standard library name is never a file's own package, whether a namespace or a regular one.
  const sock = write('srv2/socket/handler.py', 'import socket\nsocket.socket()\n');
  write('srv2/socket/socket.py', '');
  write('srv3/subprocess/__init__.py', '');
  const sub = write('srv3/subprocess/h.py', 'import subprocess\nsubprocess.run(["x"])\nfrom subprocess import Popen\nPopen(["y"])\n');
  assert.equal(await ids([sock, sub]), ['socket.socket', 'subprocess.run', 'subprocess.Popen']);
});

test('an import that resolves to a compiled extension module is not analyzed as one, by name', async () => {
  write('ext/speed/__init__.py', 'from . import _speedups\nfrom ._native import escape\nVERSION = 1\n');
  write('ext/speed/_speedups.cpython-311-x86_64-linux-gnu.so', '\u007fELF');
  write('ext/speed/_native.abi3.so', '\u007fELF');
  const user = write('ext/speed/user.py', 'from speed._speedups import escape\nfrom . import VERSION\n');
  const listing = Object.assign((p: string) => readSourceSync(p), { listDirectory: (d: string) => { try { return readdirSync(d); } catch { return undefined; } } });
  const why = (r: Awaited<ReturnType<typeof scanFiles>>) => r.findings.filter((f) => f.kind === 'not-analyzed').map((f) => [rel(f.file!), f.line, f.detail!.replace(dir + '/', '')]);
  const listed = await scanFiles([join(dir, 'ext/speed/__init__.py'), user], { readSource: listing });
  assert.equal(why(listed), [
    ['ext/speed/__init__.py', 1, 'import "from . import _speedups" resolves to ext/speed/_speedups.cpython-311-x86_64-linux-gnu.so, a compiled extension module (native code the scanner cannot read)'],
    ['ext/speed/__init__.py', 2, 'import "from ._native import escape" resolves to ext/speed/_native.abi3.so, a compiled extension module (native code the scanner cannot read)'],
    ['ext/speed/user.py', 1, 'import "from speed._speedups import escape" resolves to ext/speed/_speedups.cpython-311-x86_64-linux-gnu.so, a compiled extension module (native code the scanner cannot read)'],
  ]);
  // A compiled module beside a source module of the same name is what Python loads: not analyzed,
  // and the source is still followed.
  write('ext/speed/tools.py', 'import shutil\n');
  write('ext/speed/tools.cpython-311-x86_64-linux-gnu.so', '\u007fELF');
  const shadow = write('ext/speed/server.py', 'from . import tools\n');
  const shadowAbsolute = write('ext/speed/server2.py', 'import speed.tools\n');
  const shadowed = await scanFiles([shadow, shadowAbsolute], { readSource: listing });
  assert.equal(why(shadowed).map((x) => [x[0], x[1], x[2]]), [1, 2].map((n) => [`ext/speed/server${n === 1 ? '' : '2'}.py`, 1, `import "${n === 1 ? 'from . import tools' : 'speed.tools'}" resolves to ext/speed/tools.cpython-311-x86_64-linux-gnu.so, a compiled extension module (native code the scanner cannot read), which Python loads instead of ${join(dir, 'ext/speed/tools.py')}`]));
  assert.equal(shadowed.files.map(rel), ['ext/speed/server.py', 'ext/speed/server2.py', 'ext/speed/tools.py']);
  // Without a directory listing the ABI-tagged name cannot be found; the untagged ones can.
  const unlisted = await scanFiles([join(dir, 'ext/speed/__init__.py')], { readSource: readSourceSync });
  assert.equal(why(unlisted).map((x) => x[2]), ['import "from ._native import escape" resolves to ext/speed/_native.abi3.so, a compiled extension module (native code the scanner cannot read)']);
});

test('one file importing several names of one compiled module is one not-analyzed finding; another module or file is its own', async () => {
  // pydantic_core/__init__.py's form: one name a line from `._pydantic_core` (20 warnings before, one per name).
  write('ext2/core/_core.cpython-311-x86_64-linux-gnu.so', '\u007fELF');
  write('ext2/core/_other.abi3.so', '\u007fELF');
  write('ext2/core/shadow.py', 'import os\n');
  write('ext2/core/shadow.cpython-311-x86_64-linux-gnu.so', '\u007fELF');
  const init = write('ext2/core/__init__.py', 'from ._core import (\n    ArgsKwargs,\n    SchemaError,\n    to_json,\n)\nfrom ._core import from_json\nfrom ._other import Fast\nfrom . import shadow\nfrom .shadow import walk\n');
  const other = write('ext2/core/user.py', 'from ._core import to_json\nfrom ._core import from_json\n');
  const listing = Object.assign((p: string) => readSourceSync(p), { listDirectory: (d: string) => { try { return readdirSync(d); } catch { return undefined; } } });
  const r = await scanFiles([init, other], { readSource: listing });
  const notAnalyzed = r.findings.filter((f) => f.kind === 'not-analyzed').map((f) => [rel(f.file!), f.line, f.detail!.replace(dir + '/', '').replace(/ \(native code.*/, '')]);
  assert.equal(notAnalyzed, [
    ['ext2/core/__init__.py', 2, 'import "from ._core import ArgsKwargs" resolves to ext2/core/_core.cpython-311-x86_64-linux-gnu.so, a compiled extension module'],
    ['ext2/core/__init__.py', 7, 'import "from ._other import Fast" resolves to ext2/core/_other.abi3.so, a compiled extension module'],
    ['ext2/core/__init__.py', 8, 'import "from . import shadow" resolves to ext2/core/shadow.cpython-311-x86_64-linux-gnu.so, a compiled extension module'],
    ['ext2/core/user.py', 1, 'import "from ._core import to_json" resolves to ext2/core/_core.cpython-311-x86_64-linux-gnu.so, a compiled extension module'],
  ]);
  // The source beside the compiled module is still followed and its capability reported.
  assert.ok(r.files.map(rel).includes('ext2/core/shadow.py'));
});

test('followImports: false and a tool scan: entitlements of the handler and what it imports', async () => {
  const only = await scanFiles([server], { readSource: readSourceSync, followImports: false });
  assert.equal(only.files.map(rel), ['app/server.py']);
  assert.equal(only.packages.includes('app.crypto_util'), true);
  const tool = await scanToolEntitlements([join(dir, 'app/tools/shell.py')], { readSource: readSourceSync });
  assert.equal(tool.entitlements, { filesystem: false, network: false, subprocess: true, crypto: false, codeEvaluation: false, raw: ['subprocess.run'] });
});

test('a package directory wins over a module of the same name, as in Python', async () => {
  // `from .tools import files` with both tools/files/__init__.py and tools/files.py: Python imports
  // the package (directories are checked before module files in each path entry).
  const entry = write('order/app/server.py', 'from .tools import files\nimport helpers\n');
  write('order/app/__init__.py', '');
  write('order/app/tools/__init__.py', '');
  write('order/app/tools/files/__init__.py', 'import subprocess\nsubprocess.run(["ls"])\n');
  write('order/app/tools/files.py', 'WHO = "module"\n');
  write('order/helpers/__init__.py', 'import shutil\nshutil.rmtree("x")\n');
  write('order/helpers.py', 'WHO = "module"\n');
  const result = await scanFiles([entry], { readSource: readSourceSync });
  assert.equal(result.files.map(rel), ['order/app/server.py', 'order/app/tools/files/__init__.py', 'order/helpers/__init__.py']);
  assert.equal(result.findings.map((f) => f.id), ['subprocess.python-subprocess', 'filesystem.python-shutil-write']);
});

test("the hub's offline switch set by a module that runs first: the package's __init__.py, a local module imported before the libraries", async () => {
  const loads = async (files: string[]): Promise<string[]> => (await scanFiles(files, { readSource: readSourceSync })).findings.filter((f) => f.id === 'network.python-model-download').map((f) => `${rel(f.file!)}:${f.line}`);
  const model = 'from transformers import AutoModel\nm = AutoModel.from_pretrained("org/name")\n';
  // The package's __init__.py switches the hub offline: Python runs it before any module of the package.
  write('hub1/__init__.py', 'import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  write('hub1/sub/__init__.py', '');
  assert.equal(await loads([write('hub1/sub/embed.py', model)]), []);
  // A local module imported ahead of the libraries that sets it, followed absolutely or relatively.
  write('hub2/settings.py', 'import os\nos.environ["TRANSFORMERS_OFFLINE"] = "true"\n');
  assert.equal(await loads([write('hub2/server.py', `import settings\n${model}`)]), []);
  write('hub3/__init__.py', '');
  write('hub3/conf.py', 'import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  assert.equal(await loads([write('hub3/server.py', `from . import conf\n${model}`)]), []);
  // Not offline: the module imported after the libraries, an __init__.py that imports them before
  // the switch, a module that only uses setdefault, a module that is not a package's.
  write('hub4/settings.py', 'import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  assert.equal(await loads([write('hub4/server.py', `${model}import settings\n`)]), ['hub4/server.py:2']);
  write('hub5/__init__.py', 'import transformers\nimport os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  assert.equal(await loads([write('hub5/embed.py', model)]), ['hub5/embed.py:2']);
  write('hub6/settings.py', 'import os\nos.environ.setdefault("HF_HUB_OFFLINE", "1")\n');
  assert.equal(await loads([write('hub6/server.py', `import settings\n${model}`)]), ['hub6/server.py:3']);
  write('hub7/__init__.py', 'import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  assert.equal(await loads([write('hub7-sibling/embed.py', model)]), ['hub7-sibling/embed.py:2']);
  // An outer __init__.py that imports the libraries first wins over an inner one that switches.
  write('hub8/__init__.py', 'from transformers import pipeline\n');
  write('hub8/inner/__init__.py', 'import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  assert.equal(await loads([write('hub8/inner/embed.py', model)]), ['hub8/inner/embed.py:2']);
  // datasets has its own switch (scanpy11): HF_DATASETS_OFFLINE in the package's __init__.py keeps load_dataset off the
  // network; it does nothing for transformers, and HF_HUB_OFFLINE, which older datasets releases ignore, nothing for datasets.
  const data = async (files: string[]): Promise<string[]> => (await scanFiles(files, { readSource: readSourceSync })).findings.filter((f) => f.family === 'network').map((f) => `${rel(f.file!)}:${f.line}`);
  const ds = 'from datasets import load_dataset\nd = load_dataset("org/name")\n';
  write('hub9/__init__.py', 'import os\nos.environ["HF_DATASETS_OFFLINE"] = "1"\n');
  assert.equal(await data([write('hub9/ds.py', ds)]), []);
  assert.equal(await data([write('hub9/embed.py', model)]), ['hub9/embed.py:2']);
  write('hub10/__init__.py', 'import os\nos.environ["HF_HUB_OFFLINE"] = "1"\n');
  assert.equal(await data([write('hub10/ds.py', ds)]), ['hub10/ds.py:2']);
  write('hub11/settings.py', 'import os\nos.environ["HF_DATASETS_OFFLINE"] = "yes"\n');
  assert.equal(await data([write('hub11/server.py', `import settings\n${ds}`)]), []);
});

test('candidates: Python importers get Python candidates; JavaScript importers are unchanged', () => {
  assert.equal(importCandidates('from .mod import y', '/srv/app/server.py'), ['/srv/app/mod/y/__init__.py', '/srv/app/mod/y.py', '/srv/app/mod/__init__.py', '/srv/app/mod.py']);
  assert.equal(importCandidates('from . import x', '/srv/app/server.py'), ['/srv/app/x/__init__.py', '/srv/app/x.py', '/srv/app/__init__.py']);
  assert.equal(importCandidates('from ..pkg.mod import z', '/srv/app/sub/m.py'), ['/srv/app/pkg/mod/z/__init__.py', '/srv/app/pkg/mod/z.py', '/srv/app/pkg/mod/__init__.py', '/srv/app/pkg/mod.py']);
  assert.equal(importCandidates('from .m import *', '/srv/a.py'), ['/srv/m/__init__.py', '/srv/m.py']);
  assert.equal(pythonAbsoluteCandidates('helpers', '/srv'), ['/srv/helpers/__init__.py', '/srv/helpers.py']);
  assert.equal(pythonAbsoluteCandidates('from a.b import c', '/srv'), ['/srv/a/b/c/__init__.py', '/srv/a/b/c.py', '/srv/a/b/__init__.py', '/srv/a/b.py']);
  assert.equal(importCandidates('./helper.js', '/src/tool.ts'), ['/src/helper.ts', '/src/helper.tsx', '/src/helper.js', '/src/helper.jsx']);
  assert.equal(pythonModuleOf('from requests.adapters import HTTPAdapter'), 'requests.adapters');
  assert.equal([isPythonFile('a.PY'), isPythonFile('a.pyw'), isPythonFile('bin/x', '#!/usr/bin/env python3\n'), isPythonFile('bin/x', '#!/usr/bin/env node\n'), isPythonFile('a.js')], [true, true, true, false, false]);
});

test.after(() => rmSync(dir, { recursive: true, force: true }));

test.run();
