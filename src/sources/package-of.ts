/**
 * The npm package a file of a server belongs to: its nearest package.json that has a name, read
 * only when a start failed, to say which Node.js the package asks for (`engines.node`) or which
 * other commands it installs (`bin`).
 *
 * @module
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { basename, delimiter, dirname, join, resolve } from 'node:path';

/** A package as its package.json tells it. */
export interface PackageOf {
  name: string;
  version: string | undefined;
  /** `engines.node`, when it is a string. */
  node: string | undefined;
  /** Its commands, by name, each the file it runs relative to the package folder. */
  bin: Readonly<Record<string, string>>;
  /** The names in `dependencies`, `peerDependencies` and `optionalDependencies`: what installing it installs or asks for. */
  dependencies: readonly string[];
  /** The names in `devDependencies`, which installing it does not install. */
  devDependencies: readonly string[];
  /** The package folder. */
  dir: string;
  /** `main`, when it is a string: the file to start of a package that installs no command. */
  main?: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/**
 * The most of a package.json read (1 MiB; the largest on npm are a few hundred kB): its path comes
 * from what a server wrote, and the file was read whole, however large, while a failure was reported.
 */
export const MAX_PACKAGE_JSON_BYTES = 1024 * 1024;

/** A package.json found but not read, since it holds more than {@link MAX_PACKAGE_JSON_BYTES}. */
export interface PackageNotRead {
  /** The package.json. */
  notRead: string;
  /** Its size, at least (more than the limit). */
  bytes: number;
}

/**
 * Whether {@link packageOf} read the package.
 *
 * @param found What it returned.
 * @returns True for a package, false for one not read or none.
 */
export function isPackage(found: PackageOf | PackageNotRead | undefined): found is PackageOf {
  return found !== undefined && !('notRead' in found);
}

/**
 * What a hint says of a package.json not read.
 *
 * @param found What {@link packageOf} returned for it.
 * @returns E.g. `its package.json "/srv/x/package.json" was not read: it holds 5242880 bytes, more than the 1 MiB mcpfusion reads of one`.
 */
export function packageNotReadNote(found: PackageNotRead): string {
  return `its package.json ${JSON.stringify(found.notRead)} was not read: it holds ${found.bytes} bytes, more than the 1 MiB mcpfusion reads of one`;
}

/**
 * A file's text when it is a regular file. The path comes from what the server wrote (the file Node
 * names in its error): a package.json that is a directory, a FIFO nobody writes to or a device is
 * none (opened without blocking, checked on the descriptor opened), and one of more than
 * {@link MAX_PACKAGE_JSON_BYTES} is not read (at most one byte more is, should it grow meanwhile).
 *
 * @param path The file.
 * @returns Its text, its size when too large, or undefined when it is missing, unreadable or not a regular file.
 */
function regularFileText(path: string): string | { tooLarge: number } | undefined {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'ELOOP' || code === 'ENXIO') return undefined;
    throw error;
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return undefined;
    if (stat.size > MAX_PACKAGE_JSON_BYTES) return { tooLarge: stat.size };
    const buffer = Buffer.alloc(MAX_PACKAGE_JSON_BYTES + 1);
    let read = 0;
    for (let n; read < buffer.length && (n = readSync(fd, buffer, read, buffer.length - read, null)) > 0;) read += n;
    if (read > MAX_PACKAGE_JSON_BYTES) return { tooLarge: read };
    return buffer.toString('utf8', 0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * The nearest package.json above `file` that has a name.
 *
 * @param file A file of the server.
 * @returns Its package; the nearest package.json when it is too large to read ({@link PackageNotRead}:
 *   whether it has a name is not known, so none above it is taken instead); undefined when none is found or it is not JSON.
 * @example packageOf('/srv/node_modules/@smartbear/mcp/dist/common/transport-stdio.js')?.node // '>=22'
 */
export function packageOf(file: string): PackageOf | PackageNotRead | undefined {
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    const text = regularFileText(join(dir, 'package.json'));
    if (typeof text === 'object') return { notRead: join(dir, 'package.json'), bytes: text.tooLarge };
    if (text !== undefined) {
      let json: unknown;
      try {
        json = JSON.parse(text);
      } catch (error) {
        if (error instanceof SyntaxError) return undefined;
        throw error;
      }
      const record = isRecord(json) ? json : {};
      const name = record['name'];
      if (typeof name === 'string') {
        const engines = isRecord(record['engines']) ? record['engines'] : {};
        const rawBin = record['bin'];
        const bin: Record<string, string> = {};
        // A string bin is one command named after the package (without its scope).
        if (typeof rawBin === 'string') bin[basename(name)] = rawBin;
        else if (isRecord(rawBin)) for (const [k, v] of Object.entries(rawBin)) if (typeof v === 'string') bin[k] = v;
        const names = (key: string): string[] => (isRecord(record[key]) ? Object.keys(record[key] as Record<string, unknown>) : []);
        return {
          name,
          version: typeof record['version'] === 'string' ? record['version'] : undefined,
          node: typeof engines['node'] === 'string' ? engines['node'] : undefined,
          bin,
          dependencies: [...names('dependencies'), ...names('peerDependencies'), ...names('optionalDependencies')],
          devDependencies: names('devDependencies'),
          dir,
          ...(typeof record['main'] === 'string' ? { main: record['main'] } : {}),
        };
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/**
 * A package as installed where a file looks for it: `node_modules/<name>` in the file's folder or
 * the nearest folder above that has one, as Node.js resolves a package.
 *
 * @param name The package name (`pkg`, `@scope/pkg`).
 * @param from The importing file.
 * @returns Its package (or its package.json when too large to read), or undefined when it is not installed there.
 * @example installedPackage('jsdom', '/srv/app/dist/x.js')?.version // '26.1.0'
 */
export function installedPackage(name: string, from: string): PackageOf | PackageNotRead | undefined {
  for (let dir = dirname(from); ; dir = dirname(dir)) {
    if (basename(dir) !== 'node_modules') {
      const at = join(dir, 'node_modules', name);
      const text = regularFileText(join(at, 'package.json'));
      if (text !== undefined) {
        const found = packageOf(join(at, 'package.json'));
        if (found !== undefined && (!isPackage(found) || found.dir === at)) return found;
      }
    }
    if (dirname(dir) === dir) return undefined;
  }
}

/** Runtimes whose first argument that is not an option (or its value) is the script they run. */
const RUNTIME = /^(?:node|nodejs|bun|tsx)(?:\.exe)?$/;

/**
 * Options of those runtimes whose value may follow as the next argument (`node --require x s.js`,
 * `node --import tsx s.ts`, `bun --preload x s.ts`, `tsx --tsconfig t.json s.ts`): that value is
 * no script. (`--name=value` is one argument anyway.)
 */
const VALUE_OPTIONS = new Set([
  '-r', '--require', '--import', '--loader', '--experimental-loader', '-C', '--conditions', '--env-file', '--env-file-if-exists',
  '--input-type', '--title', '--inspect-port', '--debug-port', '--disable-warning', '--watch-path', '--diagnostic-dir', '--report-dir',
  '--redirect-warnings', '--icu-data-dir', '--openssl-config', '--unhandled-rejections', '--dns-result-order', '--stack-trace-limit',
  '--max-http-header-size', '--secure-heap', '--secure-heap-min', '--heapsnapshot-signal', '--cpu-prof-dir', '--heap-prof-dir',
  '--localstorage-file', '--experimental-config-file', '--test-reporter', '--test-reporter-destination',
  '--preload', '--cwd', '--config', '-c', '--tsconfig',
]);
/** Options that run code given on the command line, or stdin: no script file is run. */
const NO_SCRIPT = /^(?:-e|--eval|-p|--print|-)$|^(?:--eval|--print)=/;

/**
 * Where a runtime's arguments name the script: the runtime's options before it, and its index.
 *
 * @param runtime The runtime's name (`node`, `bun`, `tsx`).
 * @param args Its arguments.
 * @returns The index of the script and the options before it, or undefined when none is run from a file.
 */
function runtimeScript(runtime: string, args: readonly string[]): { index: number; options: string[] } | undefined {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (arg === '--') return i + 1 < args.length ? { index: i + 1, options: args.slice(0, i) } : undefined;
    // `bun run s.ts`: the subcommand is no script (`bun -c x` is its --config, `node -c` a syntax check).
    if (runtime.startsWith('bun') && arg === 'run' && i === 0) continue;
    // `node -c s.js` (--check) only checks its syntax.
    if (NO_SCRIPT.test(arg) || (!runtime.startsWith('bun') && (arg === '-c' || arg === '--check'))) return undefined;
    if (!arg.startsWith('-')) return { index: i, options: args.slice(runtime.startsWith('bun') && args[0] === 'run' ? 1 : 0, i) };
    if (!arg.includes('=') && VALUE_OPTIONS.has(arg)) i++;
  }
  return undefined;
}

/** The script a command line runs and the package it belongs to. */
export interface CommandPackage {
  pkg: PackageOf;
  /** The file run, symbolic links resolved. */
  file: string;
  /** How the command line named it: a command of a `node_modules/.bin` folder, or a script given to a runtime. */
  via: { kind: 'bin'; binDir: string } | { kind: 'runtime'; runtime: string; options: readonly string[] } | { kind: 'path'; onPath: boolean };
}

/**
 * The npm package of the program a command line starts: the command itself (a `node_modules/.bin`
 * link, a path, a name found on `PATH`) or the script given to `node`, `bun` or `tsx`.
 *
 * @param command The program.
 * @param args Its arguments.
 * @param cwd The working directory the command runs in.
 * @param pathVar The `PATH` it is looked up in.
 * @returns The package and the file run, or undefined when no package is found.
 * @example commandPackage('./node_modules/.bin/github-mcp-server', [], '/srv', undefined)?.pkg.name // 'github-mcp-server'
 */
export function commandPackage(command: string, args: readonly string[], cwd: string, pathVar: string | undefined): CommandPackage | undefined {
  const runtime = RUNTIME.test(basename(command));
  const script = runtime ? runtimeScript(basename(command), args) : undefined;
  if (runtime && script === undefined) return undefined;
  const named = script === undefined ? command : args[script.index]!;
  const candidates = named.includes('/') || runtime
    ? [resolve(cwd, named)]
    : (pathVar ?? '').split(delimiter).map((d) => resolve(cwd, d === '' ? '.' : d, named));
  for (const candidate of candidates) {
    let file: string;
    try {
      if (!statSync(candidate).isFile()) continue;
      file = realpathSync(candidate);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EACCES' || code === 'ELOOP') continue;
      throw error;
    }
    const pkg = packageOf(file);
    // One too large to read names no other commands (nor its version) to suggest.
    if (!isPackage(pkg)) return undefined;
    const binDir = dirname(candidate);
    const via: CommandPackage['via'] = script !== undefined ? { kind: 'runtime', runtime: command, options: script.options }
      : basename(binDir) === '.bin' && basename(dirname(binDir)) === 'node_modules' ? { kind: 'bin', binDir } : { kind: 'path', onPath: !named.includes('/') };
    return { pkg, file, via };
  }
  return undefined;
}
