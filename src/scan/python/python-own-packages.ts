/**
 * The top-level package a Python file belongs to on disk, whose absolute imports of itself
 * (`from paramiko.transport import Transport` inside paramiko) are the package's own modules,
 * not a third-party package. Pure: whether a directory holds `__init__.py` is asked of the caller.
 *
 * Only the file's OWN package counts, so no decoy can hide another import: a directory or file
 * named `subprocess`, `requests` or `paramiko` beside or above the file changes nothing. A standard
 * library name is never a file's own package: `os`, `sys` and the other modules loaded at start-up
 * are never shadowed, and which local file another one would resolve to depends on how the program
 * is started (the script's directory comes first on `sys.path`), so the finding stays.
 *
 * @module
 */
import { dirname, joinPath } from '../import-candidates.ts';
import { isPythonStdlib } from './python-stdlib.ts';
import { isPythonCapabilityTop } from './python-index.ts';

/** A Python identifier as a directory name may spell one (ASCII and letters of other scripts). */
const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;

/** How deep a file may sit below its top-level package (a guard against pathological paths). */
const MAX_DEPTH = 64;

/**
 * The file's own top-level packages: name → the directory its absolute imports resolve under (the
 * package directory's parent). Walking up from the file's directory, the nearest ancestor of each
 * name is the candidate:
 *
 * - a regular package (`__init__.py`) whose parent is none (the top of the file's package): its own;
 * - a namespace package (PEP 420, no `__init__.py`, and a parent that is no package either): its
 *   own unless the name is the top of a module some capability row names (`requests`, `git`,
 *   `google` of `google.cloud`): a regular package of that name anywhere on `sys.path` wins over
 *   a namespace portion, so Python most likely imports the installed package, and the finding stays.
 *
 * A file directly in a directory without `__init__.py` (a flat layout) belongs to the namespace of
 * that directory's name. The walk stops at a directory whose name is no identifier
 * (`site-packages`, `python3.12`, `my-project`) or at an installation directory (`pip install
 * --target lib`: `lib` holds `*.dist-info`): nothing above it can be a package holding the file.
 *
 * @param file The Python file.
 * @param hasInit Whether a directory holds `__init__.py`.
 * @param installDir Whether a directory is one Python installs distributions into (the walk stops there).
 * @returns Own top-level names and the directory each resolves under.
 * @example
 * await pythonOwnPackages('/site/paramiko/transport.py', hasInit) // Map { 'paramiko' => '/site' }
 */
export async function pythonOwnPackages(file: string, hasInit: (dir: string) => Promise<boolean>, installDir: (dir: string) => Promise<boolean> = async () => false): Promise<Map<string, string>> {
  const own = new Map<string, string>();
  const seen = new Set<string>();
  let dir = dirname(joinPath('.', file));
  let init = await hasInit(dir);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const up = dirname(dir);
    const name = dir.slice(dir.lastIndexOf('/') + 1);
    // Packages are named by identifiers: above `site-packages` or `python3.12` no package holds the file.
    if (up === dir || !IDENTIFIER.test(name) || (await installDir(dir))) break;
    const parentInit = await hasInit(up);
    if (!seen.has(name)) {
      seen.add(name);
      const top = !parentInit && !isPythonStdlib(name);
      // A namespace directory named like a capability package is no proof: see above.
      if (top && (init || !isPythonCapabilityTop(name))) own.set(name, up);
    }
    dir = up;
    init = parentInit;
  }
  return own;
}
