/**
 * Python files and imports: which files are Python, and the candidate files of a Python import.
 * The Python scanner records `from <module> import <name>` for each imported name (so
 * `from .tools import files` can find `tools/files.py` as well as a `files` defined in
 * `tools/__init__.py`) and `a.b.c` for `import a.b.c`; relative modules keep their dots.
 * Pure path arithmetic on `/`-separated paths.
 *
 * @module
 */
import { dirname, extensionOf, joinPath } from '../import-candidates.ts';

/** Extensions the scanner reads as Python. */
export const PYTHON_EXTENSIONS: readonly string[] = ['.py', '.pyw'];

/** A `#!` line that runs Python. */
const PYTHON_INTERPRETER = /^#!.*\b(?:python[0-9.]*|pypy[0-9.]*)(?:\s|$)/;

/**
 * Whether a file is Python: a `.py`/`.pyw` extension, or none and a `#!` line naming python.
 *
 * @param file The file name.
 * @param text Its text (for an extensionless file).
 * @returns True for Python.
 * @example
 * isPythonFile('bin/tool', '#!/usr/bin/env python3\n') // true
 */
export function isPythonFile(file: string, text = ''): boolean {
  const ext = extensionOf(file);
  if (ext !== '') return PYTHON_EXTENSIONS.includes(ext);
  return text.startsWith('#!') && PYTHON_INTERPRETER.test(text.slice(0, Math.min(text.length, 200)).split(/\r?\n/, 1)[0]!);
}

const FROM_IMPORT = /^from (\.*)([\w.]*) import (\*|[\w]+)$/u;

/**
 * Whether a specifier is a Python from-import as the Python scanner records it.
 *
 * @param specifier An import specifier.
 * @returns True for `from <module> import <name>`.
 * @example
 * isPythonSpecifier('from .tools import files') // true
 */
export function isPythonSpecifier(specifier: string): boolean {
  return FROM_IMPORT.test(specifier);
}

/**
 * The module a Python specifier loads (`from a.b import c` → `a.b`; `a.b` → `a.b`).
 *
 * @param specifier A specifier recorded by the Python scanner.
 * @returns The dotted module, relative dots kept.
 * @example
 * pythonModuleOf('from requests.adapters import HTTPAdapter') // 'requests.adapters'
 */
export function pythonModuleOf(specifier: string): string {
  const m = FROM_IMPORT.exec(specifier);
  return m === null ? specifier : m[1]! + m[2]!;
}

/**
 * The name a from-import takes from its module (`from .tools import files` → `files`), or
 * undefined for `import a.b` and `from m import *`.
 *
 * @param specifier A specifier recorded by the Python scanner.
 * @returns The imported name.
 * @example
 * pythonImportedName('from . import x') // 'x'
 */
export function pythonImportedName(specifier: string): string | undefined {
  const m = FROM_IMPORT.exec(specifier);
  return m === null || m[3] === '*' ? undefined : m[3];
}

/** Candidates for `segments` (and an imported `name`) under `base`. */
function candidatesIn(base: string, segments: readonly string[], name: string | undefined): string[] {
  const dir = segments.length === 0 ? base : joinPath(base, segments.join('/'));
  const out: string[] = [];
  // The imported name may be a submodule (`from .tools import files` → tools/files.py), a package
  // first: Python looks for a package directory before a module file in each directory.
  if (name !== undefined && name !== '*') out.push(`${dir}/${name}/__init__.py`, `${dir}/${name}.py`);
  out.push(`${dir}/__init__.py`);
  if (segments.length > 0) out.push(`${dir}.py`);
  return out;
}

/**
 * Candidate files of a relative Python import, in the order to try them.
 *
 * @param specifier `from .mod import y`, `from . import x`, `from ..pkg.mod import z`.
 * @param fromFile The importing file.
 * @returns Paths: the imported name as a subpackage or submodule, then the module's package `__init__.py`, then `mod.py`.
 * @example
 * pythonImportCandidates('from .mod import y', '/srv/server.py') // ['/srv/mod/y/__init__.py', '/srv/mod/y.py', '/srv/mod/__init__.py', '/srv/mod.py']
 */
export function pythonImportCandidates(specifier: string, fromFile: string): string[] {
  const m = FROM_IMPORT.exec(specifier);
  if (m === null) return [];
  let base = dirname(fromFile);
  for (let k = 1; k < m[1]!.length; k++) base = dirname(base);
  const segments = m[2] === '' ? [] : m[2]!.split('.');
  return candidatesIn(base, segments, m[3]);
}

/**
 * Candidate files of an absolute Python import under a root directory (the importing file's
 * top-level package root, or the entry file's directory).
 *
 * @param specifier `a.b` or `from a.b import c`.
 * @param root The directory to look in.
 * @returns Paths to try, in order.
 * @example
 * pythonAbsoluteCandidates('helpers', '/srv') // ['/srv/helpers/__init__.py', '/srv/helpers.py']
 */
export function pythonAbsoluteCandidates(specifier: string, root: string): string[] {
  const m = FROM_IMPORT.exec(specifier);
  const module = m === null ? specifier : m[2]!;
  if (module === '' || module.startsWith('.')) return [];
  return candidatesIn(root, module.split('.'), m === null ? undefined : m[3]);
}

/**
 * Whether a file name is a compiled extension module named `name` (`_speedups.so`,
 * `_speedups.abi3.so`, `_speedups.cpython-311-x86_64-linux-gnu.so`, `_speedups.cp311-win_amd64.pyd`).
 *
 * @param fileName A file name (no directory).
 * @param name The module's last name.
 * @returns True for a compiled extension of that module.
 * @example
 * isPythonExtensionOf('_speedups.cpython-311-x86_64-linux-gnu.so', '_speedups') // true
 */
export function isPythonExtensionOf(fileName: string, name: string): boolean {
  if (!fileName.startsWith(`${name}.`)) return false;
  return /^(?:[\w-]+\.)?(?:so|pyd)$/.test(fileName.slice(name.length + 1));
}

/**
 * The file names a compiled extension module may have when the directory cannot be listed (the
 * ABI-tagged names need a listing).
 *
 * @param stem The module's path without extension (`/site/markupsafe/_speedups`).
 * @returns Paths to look for.
 * @example
 * pythonExtensionGuesses('/a/_x') // ['/a/_x.so', '/a/_x.abi3.so', '/a/_x.pyd']
 */
export function pythonExtensionGuesses(stem: string): string[] {
  return [`${stem}.so`, `${stem}.abi3.so`, `${stem}.pyd`];
}

/** Files that mark a project's source tree (a develop-mode `*.egg-info` sits beside or below them). */
export const PYTHON_PROJECT_FILES: readonly string[] = ['pyproject.toml', 'setup.py', 'setup.cfg'];

/**
 * Whether a directory is one Python installs distributions into, by what it holds (as
 * `site-packages` and `dist-packages` are by name): a `*.dist-info` directory (what pip, uv and
 * `pip install --target` write per distribution), or a `*.egg-info` directory when neither the
 * directory nor its parent is a project's source tree (`setup.py develop` and editable installs
 * write `<name>.egg-info` beside the sources, in the project root or its `src/`).
 *
 * @param subdirectories Names of the directory's subdirectories.
 * @param project Whether the directory or its parent holds `pyproject.toml`, `setup.py` or `setup.cfg`.
 * @returns True for an installation directory.
 * @example
 * isPythonInstallDirectory(['requests', 'requests-2.32.3.dist-info'], false) // true
 */
export function isPythonInstallDirectory(subdirectories: readonly string[], project: boolean): boolean {
  return subdirectories.some((n) => n.endsWith('.dist-info') || (!project && n.endsWith('.egg-info')));
}
