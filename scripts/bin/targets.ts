/**
 * The one place where the standalone executables' runtime is pinned: the Bun version, the npm
 * package that carries each target's runtime, and the npm `dist.integrity` (SHA-512 of the
 * package tarball) that the build checks before it uses a runtime.
 *
 * To move to a new Bun release: change {@link BUN_VERSION}, run
 * `npm view @oven/bun-<target>@<version> dist.integrity` for each target, paste the values and
 * rebuild twice to confirm that the checksums still match across builds (`--check-reproducible`).
 *
 * @module
 */

/** The Bun release whose runtimes are embedded in every executable. */
export const BUN_VERSION = '1.4.5';

/** One executable to build. */
export interface BinTarget {
  /** Our name for the target, as in the file name `mcpfusion-<id>`. */
  id: 'linux-x64' | 'linux-arm64' | 'darwin-x64' | 'darwin-arm64' | 'windows-x64';
  /** The value of `bun build --target`. */
  bunTarget: string;
  /** The npm package holding the runtime executable for this target. */
  pkg: string;
  /** The npm `dist.integrity` of `pkg@BUN_VERSION`. */
  integrity: string;
  /** Path of the runtime executable inside the package tarball. */
  runtimePath: string;
  /** Output file name under `dist/bin/`. */
  file: string;
  /** Executable format and CPU, checked structurally after the build. */
  format: 'elf' | 'macho' | 'pe';
  /** CPU architecture. */
  arch: 'x64' | 'arm64';
  /** The `process.platform-process.arch` of a host that can run this target's runtime as the compiler. */
  host: string;
}

/** All five targets, in the order they are built and listed in `SHA256SUMS`. */
export const BIN_TARGETS: readonly BinTarget[] = [
  {
    id: 'linux-x64',
    bunTarget: 'bun-linux-x64',
    pkg: '@oven/bun-linux-x64',
    integrity: 'sha512-IWX9BELoGHAUtMonkeSaNaZwXzRk+oDw6Mk+HBFXd3KHYIBNBsIGRupMZPcgNoDbJpLu6gAJjIoIVPZtt1aJ1g==',
    runtimePath: 'package/bin/bun',
    file: 'mcpfusion-linux-x64',
    format: 'elf',
    arch: 'x64',
    host: 'linux-x64',
  },
  {
    id: 'linux-arm64',
    bunTarget: 'bun-linux-arm64',
    pkg: '@oven/bun-linux-aarch64',
    integrity: 'sha512-4BXmsSKnjOrlGWqZV4x/oWa7AVoR+B6lCXddMzOAXBIm3t50eslg9wb66gmtW1AamEQ1l1CDvmmruysEhqOWMg==',
    runtimePath: 'package/bin/bun',
    file: 'mcpfusion-linux-arm64',
    format: 'elf',
    arch: 'arm64',
    host: 'linux-arm64',
  },
  {
    id: 'darwin-x64',
    bunTarget: 'bun-darwin-x64',
    pkg: '@oven/bun-darwin-x64',
    integrity: 'sha512-qkLPMGHZM9NI6CeHTWwVezzmlo6cC4Ta7yUAjYIWXS366qQcOlcp75t2uZyiuVRBMPS0h9qE0tCcvCHGaFqjJg==',
    runtimePath: 'package/bin/bun',
    file: 'mcpfusion-darwin-x64',
    format: 'macho',
    arch: 'x64',
    host: 'darwin-x64',
  },
  {
    id: 'darwin-arm64',
    bunTarget: 'bun-darwin-arm64',
    pkg: '@oven/bun-darwin-aarch64',
    integrity: 'sha512-4MIFXHmctH2EhAxLXm2/qxNtv17dFtLJylvaOCsrgq6KSqHTs6eW5YSrJjRbJxYUJaR901fsN8JfZOa+CsWpWQ==',
    runtimePath: 'package/bin/bun',
    file: 'mcpfusion-darwin-arm64',
    format: 'macho',
    arch: 'arm64',
    host: 'darwin-arm64',
  },
  {
    id: 'windows-x64',
    bunTarget: 'bun-windows-x64',
    pkg: '@oven/bun-windows-x64',
    integrity: 'sha512-FNvply651vcE/GHgNWz6mZvhmkwBuu8Hw54oNzA+CQog+HW+542rXQmZqNHRkFxazD9L3xi+iTtvO3engAgJfw==',
    runtimePath: 'package/bin/bun.exe',
    file: 'mcpfusion-windows-x64.exe',
    format: 'pe',
    arch: 'x64',
    host: 'win32-x64',
  },
];

/**
 * Look a target up by id.
 *
 * @param id A target id such as `linux-x64`.
 * @returns The target.
 * @throws {Error} When no target has that id.
 * @example findBinTarget('darwin-arm64').pkg // "@oven/bun-darwin-aarch64"
 */
export function findBinTarget(id: string): BinTarget {
  const target = BIN_TARGETS.find((t) => t.id === id);
  if (!target) {
    throw new Error(`Unknown target "${id}": expected one of ${BIN_TARGETS.map((t) => t.id).join(', ')}`);
  }
  return target;
}
