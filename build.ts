/**
 * Build script: `npm run build` bundles the CLI into `dist/mcpfusion.js` (one file, runnable as
 * `node dist/mcpfusion.js`, WASM core embedded), the same CLI split into lazily loaded chunks
 * into `dist/bin-src/` (what the standalone executables embed), and the library into `dist/lib/`.
 *
 * Usage: `tsx build.ts [--lib]`.
 *
 * @module
 */
import { build, type BuildOptions, type Plugin } from 'esbuild';
import { chmodSync, mkdirSync, rmSync } from 'node:fs';

/**
 * Load Node built-ins on first use instead of at start-up, for the one-file bundle. esbuild
 * hoists every `import … from 'node:x'` of a bundle to its top, so a command that never opens a
 * socket would still load `node:net`, `node:child_process` and the stream machinery. Measured
 * under Node 20: `--version` 48.6 -> 44.3 ms, `check` of 50 tools 68.6 -> 65.3 ms. (It once saved
 * ~10 ms of a `check` in the executables too; they now embed the split build instead, where a
 * chunk's static imports load only with the chunk.)
 *
 * Each built-in becomes a small module that `require`s it when the first module importing it is
 * initialised, and reads each export only when it is used (unused reads are pure and dropped).
 * An import of a name the build host's Node does not export fails the build.
 */
export const lazyBuiltins: Plugin = {
  name: 'lazy-builtins',
  setup(b) {
    b.onResolve({ filter: /^node:/ }, (args) =>
      args.kind === 'import-statement' ? { path: args.path, namespace: 'lazy-builtin' } : { path: args.path, external: true },
    );
    b.onLoad({ filter: /.*/, namespace: 'lazy-builtin' }, async (args) => {
      const names = Object.keys(await import(args.path)).filter((n) => n !== 'default' && /^[A-Za-z_$][\w$]*$/.test(n));
      const lines = [`const m = require(${JSON.stringify(args.path)});`, 'export default m;'];
      for (const n of names) lines.push(`export const ${n} = /* @__PURE__ */ (() => m.${n})();`);
      return { contents: lines.join('\n'), loader: 'js' };
    });
  },
};

/** What both CLI builds share: every dependency inlined, minified ESM for Node >= 20. */
const CLI_BUILD = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  // Prefer ESM builds: jsonc-parser's "main" is a UMD file whose dynamic require() cannot be bundled.
  mainFields: ['module', 'main'],
  // Some CommonJS dependencies call require() for Node built-ins; give the ESM bundle one.
  banner: { js: "import { createRequire as __mcpfusionRequire } from 'node:module'; const require = __mcpfusionRequire(import.meta.url);" },
  logLevel: 'warning',
} satisfies BuildOptions;

/** Bundle the CLI into one file. */
export async function buildCli(outfile = 'dist/mcpfusion.js'): Promise<void> {
  mkdirSync('dist', { recursive: true });
  await build({ ...CLI_BUILD, entryPoints: ['src/cli-main.ts'], outfile, plugins: [lazyBuiltins] });
  chmodSync(outfile, 0o755);
}

/**
 * The CLI for the standalone executables: the same source as {@link buildCli}, split at every
 * dynamic `import()` (each command, each source kind) into chunks, entry `mcpfusion.js`. An
 * executable then loads only the chunks a command reaches: `--version` reads 18 kB of code
 * instead of the whole bundle, `check` about 100 kB. Node built-ins stay static imports here (Bun
 * resolves a named import of a built-in at link time, cheaper than `require` at run time), and
 * a chunk imports them only when it is loaded. `scripts/build-bin.ts` compiles this directory.
 */
export async function buildBinSource(outdir = 'dist/bin-src'): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({ ...CLI_BUILD, entryPoints: { mcpfusion: 'src/cli-main.ts' }, outdir, splitting: true, chunkNames: 'chunks/[name]-[hash]' });
}

/**
 * Bundle the library entries (`mcpfusion`, `mcpfusion/canonical`, `/diff`, `/scan`, `/attest`)
 * into `dist/lib/` with shared chunks (one copy of each class), dependencies left external.
 */
export async function buildLib(outdir = 'dist/lib'): Promise<void> {
  // Chunk names carry content hashes: without a clean directory every build would leave the
  // previous chunks behind, and `npm pack` would ship them.
  rmSync(outdir, { recursive: true, force: true });
  await build({
    entryPoints: {
      mod: 'src/mod.ts',
      canonical: 'src/canonical/mod.ts',
      diff: 'src/diff/mod.ts',
      scan: 'src/scan/mod.ts',
      attest: 'src/attest-entry.ts',
      probe: 'src/probe/mod.ts',
    },
    outdir,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    logLevel: 'warning',
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildCli();
  await buildBinSource();
  await buildLib();
}
