/**
 * What a failure adds for a server that stopped on a native addon (compiled code Node.js loads
 * from a `.node` file): not built (installed with `--ignore-scripts`, or its build failed), built
 * for another Node.js (`NODE_MODULE_VERSION`), or not loadable here (`ERR_DLOPEN_FAILED`). Such a
 * server got only its own stack (better-sqlite3 installed with `--ignore-scripts`: `Could not
 * locate the bindings file. Tried: …` and 13 paths), or was read as missing a package.
 *
 * @module
 */

/** Which way the addon failed; a stable id each. */
export type NativeAddonId = 'addon.not-built' | 'addon.other-node' | 'addon.not-loadable' | 'addon.build-failed';

/** A native addon the server stopped on, read from its stderr. */
export interface NativeAddon {
  id: NativeAddonId;
  /** The line that says so, trimmed. */
  line: string;
  /** The npm package the addon belongs to (from a `node_modules/…` path on or below the line). */
  pkg?: string;
  /** `NODE_MODULE_VERSION` it was built for, and the one of the Node.js it ran on (`addon.other-node`). */
  built?: number;
  needs?: number;
}

/** The rows: what a line says, in the order they are tried on each line. */
const ROWS: readonly { id: NativeAddonId; test: RegExp }[] = [
  { id: 'addon.other-node', test: /was compiled against a different Node\.js version using\s+NODE_MODULE_VERSION (\d+)\. This version of Node\.js requires\s+NODE_MODULE_VERSION (\d+)/ },
  // bindings: `Error: Could not locate the bindings file. Tried:`; node-gyp-build: `No native build was found for platform=linux …`.
  { id: 'addon.not-built', test: /Could not locate the bindings file|No native build was found for |Cannot find module '[^']*\.node'|Cannot find module "[^"]*\.node"/ },
  { id: 'addon.not-loadable', test: /ERR_DLOPEN_FAILED|\.node: (?:cannot open shared object file|invalid ELF header|undefined symbol)/ },
  // A build an installer ran as the server started (npx): node-gyp's or prebuild-install's own errors.
  { id: 'addon.build-failed', test: /^gyp ERR! |^prebuild-install (?:warn|WARN|ERR!) |node-gyp(?:-build)? .*(?:failed|not found)/ },
];

/** The package of the last `node_modules/<name>` in a path (`@scope/name` kept). */
const PACKAGE_IN_PATH = /node_modules[\\/]((?:@[\w.-]+[\\/])?[\w.-]+)/g;

function packageIn(lines: readonly string[]): string | undefined {
  for (const line of lines) {
    const names = [...line.matchAll(PACKAGE_IN_PATH)].map((m) => m[1]!.replace('\\', '/'));
    if (names.length > 0) return names[names.length - 1];
  }
  return undefined;
}

/**
 * Find the native addon a server stopped on in its stderr: the first line that says one is not
 * built, built for another Node.js, not loadable, or failed to build (in that order of rows).
 *
 * @param lines The server's stderr lines.
 * @returns What was found, or undefined.
 * @example nativeAddon(["Error: Could not locate the bindings file. Tried:", " → /srv/node_modules/better-sqlite3/build/better_sqlite3.node"])?.pkg // 'better-sqlite3'
 */
export function nativeAddon(lines: readonly string[]): NativeAddon | undefined {
  for (const row of ROWS) {
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.trim();
      // Node's message on another NODE_MODULE_VERSION runs over four lines: read from this one on.
      const m = row.test.exec([line, ...lines.slice(i + 1, i + 4).map((l) => l.trim())].join(' '));
      if (m === null || m.index >= line.length) continue;
      // The path is on the line (a require of the .node file), the one above it (Node's "The module
      // '…'" before "was compiled against …") or the lines below it (bindings' list, a stack).
      const pkg = packageIn([line, ...lines.slice(Math.max(0, i - 1), i), ...lines.slice(i + 1, i + 20)]);
      const found: NativeAddon = { id: row.id, line, ...(pkg === undefined ? {} : { pkg }) };
      if (row.id === 'addon.other-node') return { ...found, built: Number(m[1]), needs: Number(m[2]) };
      return found;
    }
  }
  return undefined;
}

const BUILD_TOOLS = 'building needs python3, make and a C++ compiler: build-essential on Debian or Ubuntu, the Xcode command line tools on macOS, the C++ build tools of Visual Studio on Windows';

/**
 * The hint for a server that stopped on a native addon.
 *
 * @param addon What {@link nativeAddon} found.
 * @returns The hint, starting with "; ".
 * @example nativeAddonHint({ id: 'addon.not-built', line: 'Error: Could not locate the bindings file. Tried:', pkg: 'better-sqlite3' }) // '; the server stopped on a native addon of better-sqlite3 …'
 */
export function nativeAddonHint(addon: NativeAddon): string {
  const of = addon.pkg === undefined ? 'a native addon' : `a native addon of ${addon.pkg}`;
  const rebuild = `npm rebuild${addon.pkg === undefined ? '' : ` ${addon.pkg}`} where its node_modules folder is`;
  const quoted = JSON.stringify(addon.line.length > 200 ? `${addon.line.slice(0, 199)}…` : addon.line);
  switch (addon.id) {
    case 'addon.other-node':
      return `; the server stopped on ${of} (compiled code Node.js loads from a .node file) built for another Node.js (NODE_MODULE_VERSION ${addon.built}) than the one it ran on (NODE_MODULE_VERSION ${addon.needs}): ` +
        `rebuild it for this Node.js (${rebuild}; ${BUILD_TOOLS}), or run the server with the Node.js it was installed with`;
    case 'addon.not-loadable':
      return `; the server stopped on ${of} (compiled code Node.js loads from a .node file) that this system cannot load (${quoted}): ` +
        `it may be built for another system or need a library that is not installed; rebuild it here (${rebuild}; ${BUILD_TOOLS}), or install the library it names`;
    case 'addon.build-failed':
      return `; a native addon (compiled code Node.js loads from a .node file) failed to build as the server was installed (${quoted}): ` +
        `install the build tools (${BUILD_TOOLS}), or a Node.js for which the package publishes a prebuilt addon, then install again`;
    case 'addon.not-built':
      return `; the server stopped on ${of} (compiled code Node.js loads from a .node file) that is not built (${quoted}): ` +
        `its install script builds or downloads it, and did not run (installed with --ignore-scripts) or failed. Run ${rebuild} (${BUILD_TOOLS})`;
  }
}
