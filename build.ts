/**
 * Build script: `npm run build` bundles the CLI into `dist/mcpfusion.js` (one file, runnable as
 * `node dist/mcpfusion.js`, WASM core embedded) and the library into `dist/mod.js`.
 *
 * Usage: `tsx build.ts [--lib]`.
 *
 * @module
 */
import { build, type Plugin } from 'esbuild';
import { chmodSync, mkdirSync } from 'node:fs';

/**
 * Load Node built-ins on first use instead of at start-up. esbuild hoists every `import … from
 * 'node:x'` of a bundle to its top, so a command that never opens a socket would still load
 * `node:net`, `node:child_process` and the stream machinery; Bun builds these modules lazily, and
 * binding an ES namespace (or copying one, as esbuild's CommonJS interop does) evaluates every
 * lazy getter of `node:fs`. Measured: ~10 ms of a ~30 ms `check` in the executable.
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

/** Bundle the CLI: every dependency inlined, ESM for Node >= 20. */
export async function buildCli(outfile = 'dist/mcpfusion.js'): Promise<void> {
  mkdirSync('dist', { recursive: true });
  await build({
    entryPoints: ['src/cli-main.ts'],
    outfile,
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
    plugins: [lazyBuiltins],
    logLevel: 'warning',
  });
  chmodSync(outfile, 0o755);
}

/**
 * Bundle the library entries (`mcpfusion`, `mcpfusion/canonical`, `/diff`, `/scan`, `/attest`)
 * into `dist/lib/` with shared chunks (one copy of each class), dependencies left external.
 */
export async function buildLib(outdir = 'dist/lib'): Promise<void> {
  await build({
    entryPoints: {
      mod: 'src/mod.ts',
      canonical: 'src/canonical/mod.ts',
      diff: 'src/diff/mod.ts',
      scan: 'src/scan/mod.ts',
      attest: 'src/attest/mod.ts',
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
  await buildLib();
}
