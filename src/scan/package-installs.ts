/**
 * Commands that install packages by name (`npm install x`, `pip install x`, `go install x@latest`,
 * `cargo install x`) or browser builds (`playwright install`), for the
 * `network.command-package-install` row of project-commands.ts (since scanner24). Pure.
 *
 * @module
 */
import { commandName } from './command-words.ts';
import { PACKAGE_INSTALLERS, PACKAGE_MANAGER_VALUE_OPTIONS, type PackageInstaller } from './patterns/project-commands.ts';

/**
 * A command that installs named packages or browser builds ({@link PACKAGE_INSTALLERS}): `npm
 * install x`, `pip install x`, `python -m pip install x`, `go install x@latest`, `playwright
 * install`. Installing what the project declares (`npm ci`, `npm install`, `pip install -r
 * requirements.txt`, `pip install -e .`) names no package and is no finding.
 *
 * @param words A simple command's words, after what runs it (command-words.ts `unwrap`).
 * @returns The raw identifier (`command:npm-install`) and the detail, or undefined when it installs no named package.
 * @example
 * packageInstall(['npm', 'i', '-g', 'pnpm'])?.identifier // 'command:npm-install'
 */
export function packageInstall(words: readonly string[]): { identifier: string; detail: string } | undefined {
  let all = words;
  // `python -m pip install x` is `pip install x`.
  if (/^(?:python[0-9.]*|py)$/.test(commandName(all[0] ?? '')) && all[1] === '-m' && all[2] !== undefined) all = all.slice(2);
  const program = commandName(all[0] ?? '');
  // The first words that are no option after the program, by place: `npm --silent install x`, `yarn global add x`.
  const plain: number[] = [];
  for (let k = 1; k < all.length && plain.length < 2; k++) {
    const w = all[k]!;
    if (w.startsWith('-') && w.length > 1) {
      if (!w.includes('=') && PACKAGE_MANAGER_VALUE_OPTIONS.has(w)) k++;
      continue;
    }
    plain.push(k);
  }
  for (const n of [2, 1]) {
    if (plain.length < n) continue;
    const key = [program, ...plain.slice(0, n).map((k) => all[k]!)].join(' ');
    const installer = Object.hasOwn(PACKAGE_INSTALLERS, key) ? PACKAGE_INSTALLERS[key]! : undefined;
    if (installer === undefined) continue;
    const specs = installedPackages(installer, all.slice(plain[n - 1]! + 1));
    if (specs === undefined) return undefined;
    const names = specs.map((spec) => (spec.includes('$') ? 'a package named at run time' : spec));
    const named = names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');
    // A URL or repository (`git+https://…`, `--git URL`) says where by itself.
    const where = specs.some((spec) => /^(?:git\+|git@|[a-z][\w+.-]*:\/\/)/i.test(spec)) ? '' : ` from ${installer.from}`;
    return { identifier: `command:${installer.name}`, detail: installer.reads === 'always' ? `${key} downloads ${installer.from}` : `${key} fetches ${named}${where}` };
  }
  return undefined;
}

/** The packages an installer's arguments name (none for `always`), or undefined when they name none it fetches. */
function installedPackages(installer: PackageInstaller, args: readonly string[]): string[] | undefined {
  if (installer.reads === 'always') return [];
  const specs: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') {
      specs.push(...args.slice(k + 1, installer.firstOnly === true ? k + 2 : undefined));
      break;
    }
    if (a.startsWith('-') && a.length > 1) {
      const bare = a.replace(/=.*$/s, '');
      const takes = installer.valueOptions?.includes(bare) === true || installer.sourceOptions?.includes(bare) === true;
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : takes ? args[++k] : undefined;
      if (installer.sourceOptions?.includes(bare) === true && value !== undefined) specs.push(value);
      continue;
    }
    specs.push(a);
    if (installer.firstOnly === true) break;
  }
  const names = specs.filter((spec) => !isLocalSpec(spec) && (installer.reads !== 'versioned' || /^[^@]+@./.test(spec)));
  return names.length > 0 ? names : undefined;
}

/**
 * Whether a package argument names no package fetched: a path (`.`, `./pkg`, `/abs`, `~/x`,
 * `C:\x`), `file:`, `link:`, `workspace:` and `portal:` specifiers, an archive file (`x.tgz`,
 * `x.whl`). A variable (`$PKG`, a word computed at run time) is a package fetched: installers are
 * given registry names far more often than paths.
 */
function isLocalSpec(spec: string): boolean {
  if (spec === '') return true;
  if (/^(?:\.|\/|~|[A-Za-z]:[\\/]|file:|link:|workspace:|portal:)/.test(spec)) return true;
  return !spec.includes('://') && /\.(?:tgz|tar\.gz|tar|whl|zip|gem|crate)$/i.test(spec);
}
