/**
 * `npm run build:bin`: turn the split CLI bundle `dist/bin-src/` (entry `mcpfusion.js`, written
 * by `npm run build`) into standalone executables
 * `dist/bin/mcpfusion-{linux-x64,linux-arm64,darwin-x64,darwin-arm64,windows-x64.exe}` and
 * `dist/bin/SHA256SUMS`, with `bun build --compile` and the Bun runtimes pinned in
 * `scripts/bin/targets.ts` (fetched from the npm registry with `npm pack`, checked against their
 * pinned integrity, cached under `node_modules/.cache/mcpfusion-bin/`).
 *
 * The executables never read `.env`, `bunfig.toml`, `tsconfig.json` or `package.json` from the
 * user's directory. darwin executables get a fresh ad-hoc signature over their final bytes
 * (`scripts/bin/macho-codesign.ts`); every executable's format and CPU is checked before it is
 * written. Output is written only when every target built.
 *
 * Usage: `tsx scripts/build-bin.ts [--bundle FILE|DIR] [--out DIR] [--targets id,id] [--check-reproducible]`
 *
 * @module
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sha256Hex } from '../src/canonical/hash.ts';
import { fetchRuntime } from './bin/fetch-runtime.ts';
import { inspectExecutable } from './bin/inspect-executable.ts';
import { adhocSignMacho, verifyMachoSignature } from './bin/macho-codesign.ts';
import { BIN_TARGETS, BUN_VERSION, findBinTarget, type BinTarget } from './bin/targets.ts';

/** The repository root (this file lives in `scripts/`). */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Where runtimes and the staging directory are cached. */
export const BIN_CACHE_DIR = join(REPO_ROOT, 'node_modules', '.cache', 'mcpfusion-bin');
/** JavaScriptCore's tier-up threshold scale the executables start with (1 = Bun's default). */
export const JIT_POLICY = 10;
/** The identifier written into the darwin executables' ad-hoc signatures. */
export const MACOS_SIGNING_IDENTIFIER = 'mcpfusion';

/** Options of {@link buildBinaries}. */
export interface BuildBinOptions {
  /** The ESM bundle to embed: one file, or a directory whose entry is `mcpfusion.js`. */
  bundle: string;
  /** Output directory. */
  outDir: string;
  /** Targets to build. */
  targets: readonly BinTarget[];
  /** Progress lines. */
  log: (line: string) => void;
}

/** One built executable. */
export interface BuiltBinary {
  target: BinTarget;
  path: string;
  sha256: string;
  size: number;
}

function hostTarget(): BinTarget {
  const host = `${process.platform}-${process.arch}`;
  const target = BIN_TARGETS.find((t) => t.host === host);
  if (!target) throw new Error(`No pinned Bun runtime runs on this host (${host}); build on one of ${BIN_TARGETS.map((t) => t.host).join(', ')}`);
  return target;
}

function compile(compiler: string, stageDir: string, target: BinTarget, runtime: string, outFile: string): void {
  const args = [
    'build',
    'mcpfusion.js',
    '--compile',
    // Precompiled JavaScriptCore bytecode: start-up drops by a third (docs/binaries.md).
    '--bytecode',
    // Chunks stay separate modules, loaded when a dynamic import() reaches them.
    '--splitting',
    // JIT tier-up thresholds x10 while the command runs: a one-shot command's code mostly runs
    // once, and compiling it on a second thread only competes with it (docs/binaries.md).
    // Long-running commands (guard) restore the normal policy once they serve.
    `--compile-jit-policy=${JIT_POLICY}`,
    '--format=esm',
    `--target=${target.bunTarget}`,
    `--compile-executable-path=${runtime}`,
    '--no-compile-autoload-dotenv',
    '--no-compile-autoload-bunfig',
    '--no-compile-autoload-tsconfig',
    '--no-compile-autoload-package-json',
    '--outfile',
    outFile,
  ];
  const result = spawnSync(compiler, args, {
    cwd: stageDir,
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '', HOME: stageDir, NO_COLOR: '1', BUN_RUNTIME_TRANSPILER_CACHE_PATH: '0' },
  });
  if (result.status !== 0) {
    throw new Error(`bun build --compile for ${target.id} failed (exit ${result.status}): ${`${result.stdout}${result.stderr}`.trim().slice(-3000)}`);
  }
}

function finishMacho(bytes: Uint8Array, target: BinTarget): Uint8Array {
  const signed = adhocSignMacho(bytes, MACOS_SIGNING_IDENTIFIER);
  const check = verifyMachoSignature(signed);
  if (!check.valid) throw new Error(`Ad-hoc signature of ${target.id} does not verify: ${check.problems.join('; ')}`);
  return signed;
}

function stage(bundle: string): string {
  if (!existsSync(bundle)) throw new Error(`Bundle "${bundle}" does not exist: run "npm run build" first`);
  const isDir = statSync(bundle).isDirectory();
  if (isDir && !existsSync(join(bundle, 'mcpfusion.js'))) throw new Error(`Bundle directory "${bundle}" has no mcpfusion.js entry: run "npm run build"`);
  // A fixed staging name makes the embedded module paths (/$bunfs/root/...) the same whatever
  // the bundle's own path is, so the output depends only on the bundle's bytes.
  const stageDir = join(BIN_CACHE_DIR, `stage-${process.pid}`);
  rmSync(stageDir, { recursive: true, force: true });
  mkdirSync(stageDir, { recursive: true });
  if (isDir) cpSync(bundle, stageDir, { recursive: true });
  else copyFileSync(bundle, join(stageDir, 'mcpfusion.js'));
  return stageDir;
}

/**
 * Compile one target exactly as Bun leaves it, before our own signing and checks (used by the
 * build and by the tests that compare our Mach-O signer with Bun's).
 *
 * @param bundle The ESM bundle to embed (a file, or a directory with a `mcpfusion.js` entry).
 * @param target The target.
 * @param outFile Where to write the executable.
 * @param log Progress lines.
 * @returns Nothing; the file is at `outFile`.
 * @throws {Error} When the bundle is missing, a runtime cannot be fetched, or Bun fails.
 * @example await compileRaw('dist/mcpfusion.js', findBinTarget('darwin-arm64'), '/tmp/raw', console.error)
 */
export async function compileRaw(bundle: string, target: BinTarget, outFile: string, log: (line: string) => void): Promise<void> {
  const stageDir = stage(bundle);
  try {
    const compiler = await fetchRuntime(hostTarget(), BIN_CACHE_DIR, log);
    compile(compiler, stageDir, target, await fetchRuntime(target, BIN_CACHE_DIR, log), resolve(outFile));
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}

/**
 * Build the executables for some targets into `outDir` and write `SHA256SUMS` listing them.
 *
 * @param options Bundle, output directory, targets and logger.
 * @returns What was built, in target order.
 * @throws {Error} When the bundle is missing, a runtime cannot be fetched or fails its integrity
 *   check, a compile fails, or an output has the wrong format or architecture.
 * @example await buildBinaries({ bundle: 'dist/bin-src', outDir: 'dist/bin', targets: BIN_TARGETS, log: console.error })
 */
export async function buildBinaries(options: BuildBinOptions): Promise<BuiltBinary[]> {
  const { bundle, outDir, targets, log } = options;
  const stageDir = stage(bundle);
  try {
    const compiler = await fetchRuntime(hostTarget(), BIN_CACHE_DIR, log);
    mkdirSync(outDir, { recursive: true });
    const built: BuiltBinary[] = [];
    const staged: { temp: string; final: string }[] = [];
    for (const target of targets) {
      const runtime = await fetchRuntime(target, BIN_CACHE_DIR, log);
      const raw = join(stageDir, target.file);
      compile(compiler, stageDir, target, runtime, raw);
      let bytes: Uint8Array = new Uint8Array(readFileSync(raw));
      if (target.format === 'macho') bytes = finishMacho(bytes, target);
      const info = inspectExecutable(bytes);
      if (info.format !== target.format || info.arch !== target.arch) {
        throw new Error(`${target.id}: built a ${info.format}/${info.arch} file, expected ${target.format}/${target.arch}`);
      }
      const final = join(outDir, target.file);
      const temp = `${final}.${process.pid}.tmp`;
      writeFileSync(temp, bytes);
      chmodSync(temp, 0o755);
      staged.push({ temp, final });
      built.push({ target, path: final, sha256: sha256Hex(bytes), size: bytes.length });
      log(`built ${target.file} (${(bytes.length / 1048576).toFixed(1)} MiB, Bun ${BUN_VERSION})`);
    }
    // Only now that every target built: move them into place, then the checksums.
    for (const s of staged) renameSync(s.temp, s.final);
    const sums = join(outDir, 'SHA256SUMS');
    writeFileSync(`${sums}.${process.pid}.tmp`, built.map((b) => `${b.sha256}  ${b.target.file}\n`).join(''));
    renameSync(`${sums}.${process.pid}.tmp`, sums);
    return built;
  } finally {
    rmSync(stageDir, { recursive: true, force: true });
  }
}

function parseArgs(argv: string[]): { bundle: string; outDir: string; targets: BinTarget[]; checkReproducible: boolean } {
  let bundle = join(REPO_ROOT, 'dist', 'bin-src');
  let outDir = join(REPO_ROOT, 'dist', 'bin');
  let targets: BinTarget[] = [...BIN_TARGETS];
  let checkReproducible = false;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined) throw new Error(`${arg} needs a value`);
      return v;
    };
    if (arg === '--bundle') bundle = resolve(value());
    else if (arg === '--out') outDir = resolve(value());
    else if (arg === '--targets') targets = value().split(',').map((id) => findBinTarget(id.trim()));
    else if (arg === '--check-reproducible') checkReproducible = true;
    else throw new Error(`Unknown argument "${arg}": use --bundle FILE|DIR, --out DIR, --targets id,id, --check-reproducible`);
  }
  return { bundle, outDir, targets, checkReproducible };
}

async function main(argv: string[]): Promise<number> {
  const options = parseArgs(argv);
  const log = (line: string): void => void process.stderr.write(`build:bin: ${line}\n`);
  const first = await buildBinaries({ ...options, log });
  process.stdout.write(readFileSync(join(options.outDir, 'SHA256SUMS'), 'utf8'));
  if (!options.checkReproducible) return 0;
  const again = join(BIN_CACHE_DIR, 'repro-check');
  rmSync(again, { recursive: true, force: true });
  const second = await buildBinaries({ ...options, outDir: again, log });
  let same = true;
  for (const [i, b] of first.entries()) {
    const other = second[i]!;
    const ok = other.sha256 === b.sha256;
    same &&= ok;
    log(`${ok ? 'reproducible' : 'DIFFERS     '} ${b.target.file} ${b.sha256}${ok ? '' : ` vs ${other.sha256}`}`);
  }
  rmSync(again, { recursive: true, force: true });
  return same ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      process.stderr.write(`build:bin: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exit(2);
    },
  );
}
