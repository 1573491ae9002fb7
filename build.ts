/**
 * Build script: `npm run build` bundles the CLI into `dist/mcpfusion.js` (one file, runnable as
 * `node dist/mcpfusion.js`, WASM core embedded) and the library into `dist/mod.js`.
 *
 * Usage: `tsx build.ts [--lib]`.
 *
 * @module
 */
import { build } from 'esbuild';
import { chmodSync, mkdirSync } from 'node:fs';

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
