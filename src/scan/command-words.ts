/**
 * The words of the command lines a project file runs, read past what runs them: the prefixes
 * (`sudo`, `env -u X`, `cross-env A=1`, `timeout 60`), package runners (`npx -y pkg`, `pnpm dlx`),
 * and the command lines wrappers hand on (`sh -c '…'`, `env -S '…'`, `cross-env-shell '…'`,
 * concurrently's arguments). Used by project-commands.ts and dockerfile-commands.ts. Pure.
 *
 * @module
 */
import { shellCommands, type ShellWord } from './shell-words.ts';
import { COMMAND_PREFIXES, CONCURRENT_RUNNERS, CONCURRENT_VALUE_OPTIONS, PACKAGE_RUNNERS, PACKAGE_RUNNER_VALUE_OPTIONS, SHELLS } from './patterns/project-commands.ts';

/** How deep `npm run x`, `sh -c '…'` and substitutions are followed. */
export const COMMAND_DEPTH = 4;

/** A text matched literally in a regular expression. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The arguments of a command that are no option (nor an option's value), up to the end (after `--` all are arguments). */
export function plainArguments(args: readonly string[], valueOptions: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (let k = 0; k < args.length; k++) {
    const a = args[k]!;
    if (a === '--') return [...out, ...args.slice(k + 1)];
    if (a.startsWith('-') && a.length > 1) {
      if (valueOptions.has(a)) k++;
      continue;
    }
    out.push(a);
  }
  return out;
}

/**
 * The simple commands a line runs, each as its words after the wrappers that run it (see
 * {@link withoutPrefixes}), and, a few levels deep, the command lines those hand on: a shell's
 * `-c` line, `env -S`, `cross-env-shell`, concurrently's arguments and a package runner's `-c`.
 */
export function effectiveCommands(line: string, depth: number): string[][] {
  if (depth > COMMAND_DEPTH) return [];
  const out: string[][] = [];
  for (const c of shellCommands(line)) {
    const { words, lines } = unwrap(c.words);
    const texts = words.map((w) => w.text);
    if (texts.length > 0) out.push(texts);
    for (const inner of [...lines, ...handedLines(texts)]) out.push(...effectiveCommands(inner, depth + 1));
  }
  return out;
}

/** The command lines a command hands to a shell: `sh -c '…'`, `cmd /c …`, `cross-env-shell '…'`, concurrently's commands. */
export function handedLines(words: readonly string[]): string[] {
  const name = commandName(words[0] ?? '');
  if (SHELLS.has(name)) {
    const flag = words.findIndex((w, k) => k > 0 && (/^-[a-z]*c[a-z]*$/.test(w) || w.toLowerCase() === '/c'));
    if (flag > 0 && words[flag + 1] !== undefined) return [name === 'cmd' ? words.slice(flag + 1).join(' ') : words[flag + 1]!];
    return [];
  }
  if (name === 'cross-env-shell') {
    let k = 1;
    while (k < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[k]!)) k++;
    return k < words.length ? [words.slice(k).join(' ')] : [];
  }
  if (CONCURRENT_RUNNERS.has(name)) return plainArguments(words.slice(1), CONCURRENT_VALUE_OPTIONS).filter((a) => !/^(?:npm|yarn|pnpm|bun):/.test(a));
  return [];
}

/** What {@link unwrap} finds before a command. */
export interface Unwrapped {
  /** The command's words, from its program on (a package runner's package as its program's name). */
  words: ShellWord[];
  /** Command lines the wrappers hand on (`env -S '…'`, `npx -c '…'`). */
  lines: string[];
  /** A package a package runner starts (`npx -y create-x@latest`): its name, and whether the runner fetches it. */
  runner?: { runner: string; name: string; yes: boolean; alwaysFetches: boolean };
}

/**
 * The words of a simple command after what runs it: environment assignments (`FOO=1 curl`), the
 * prefixes of {@link COMMAND_PREFIXES} with their options and values (`sudo -E`, `env -u HOME
 * -i`, `cross-env NODE_ENV=production`, `timeout 60`), and a package runner with its options
 * (`npx -y tsx x.ts` runs `tsx x.ts`, `pnpm dlx pkg`, `npm exec -- pkg`).
 */
export function unwrap(all: readonly ShellWord[]): Unwrapped {
  let k = 0;
  const words = all;
  const lines: string[] = [];
  let runner: Unwrapped['runner'];
  const isAssignment = (w: ShellWord | undefined): boolean => w !== undefined && /^[A-Za-z_][A-Za-z0-9_]*=/.test(w.text) && w.subs.length === 0;
  for (let guard = 0; k < words.length && guard < 16; guard++) {
    if (isAssignment(words[k])) {
      k++;
      continue;
    }
    const name = commandName(words[k]!.text);
    const prefix = Object.hasOwn(COMMAND_PREFIXES, name) ? COMMAND_PREFIXES[name]! : undefined;
    const two = `${name} ${words[k + 1]?.text ?? ''}`;
    const runs = Object.hasOwn(PACKAGE_RUNNERS, name) ? name : Object.hasOwn(PACKAGE_RUNNERS, two) ? two : undefined;
    if (prefix !== undefined) {
      k++;
      while (k < words.length && words[k]!.text.startsWith('-') && words[k]!.text.length > 1) {
        const option = words[k]!.text;
        k++;
        if (option === '--') break;
        // `command -v curl`: says where curl is, runs nothing.
        if (prefix.describeOptions?.includes(option)) return { words: [], lines };
        const bare = option.replace(/=.*$/s, '');
        if (prefix.lineOptions?.includes(bare)) {
          const value = option.includes('=') ? option.slice(option.indexOf('=') + 1) : words[k++]?.text;
          // `env -S 'curl … | sh'`: the split string is the command with the words after it.
          if (value !== undefined) lines.push([value, ...words.slice(k).map((w) => quote(w.text))].join(' '));
          return { words: [], lines };
        }
        if (!option.includes('=') && prefix.valueOptions?.includes(option)) k++;
      }
      if (prefix.assignments === true) while (isAssignment(words[k])) k++;
      k += prefix.positionals ?? 0;
      continue;
    }
    if (runs !== undefined) {
      k += runs.includes(' ') ? 2 : 1;
      let yes = false;
      let packageName: string | undefined;
      while (k < words.length && words[k]!.text.startsWith('-') && words[k]!.text.length > 1) {
        const option = words[k]!.text;
        k++;
        if (option === '--') break;
        if (option === '-y' || option === '--yes') yes = true;
        const bare = option.replace(/=.*$/s, '');
        const value = option.includes('=') ? option.slice(option.indexOf('=') + 1) : PACKAGE_RUNNER_VALUE_OPTIONS.has(option) ? words[k++]?.text : undefined;
        if ((bare === '-c' || bare === '--call') && value !== undefined) lines.push(value);
        if ((bare === '-p' || bare === '--package') && value !== undefined) packageName ??= value;
      }
      const program = words[k];
      const pkg = packageName ?? program?.text;
      if (pkg !== undefined) runner = { runner: runs, name: packageNameOf(pkg), yes, alwaysFetches: PACKAGE_RUNNERS[runs]!.alwaysFetches };
      if (program === undefined) return { words: [], lines, ...(runner !== undefined ? { runner } : {}) };
      // The package's program has the package's name (`create-x@latest` runs `create-x`, `@scope/tool` runs `tool`).
      const bin = packageName === undefined ? packageNameOf(program.text).replace(/^@[^/]+\//, '') : program.text;
      return { words: [{ ...program, text: bin }, ...words.slice(k + 1)], lines, ...(runner !== undefined ? { runner } : {}) };
    }
    break;
  }
  return { words: words.slice(k), lines };
}

/** A package specifier's name without its version or tag (`@scope/pkg@1.2` → `@scope/pkg`). */
export function packageNameOf(spec: string): string {
  const at = spec.indexOf('@', spec.startsWith('@') ? 1 : 0);
  return at < 0 ? spec : spec.slice(0, at);
}

/** A command word's name: lower case, without a directory or `.exe`. */
export function commandName(word: string): string {
  return word.replace(/^.*[\\/]/, '').replace(/\.exe$/i, '').toLowerCase();
}

/** Whether a runner's arguments name a file to run (`sh install.sh`), not standard input (`sh`, `sh -s --`, `bash -`). */
export function runsFile(name: string, args: readonly string[]): boolean {
  if (name === 'eval' || name === 'source' || name === '.' || name === 'iex' || name === 'invoke-expression') return false;
  for (const a of args) {
    if (a === '-' || a === '--' || a === '-s') return false;
    if (!a.startsWith('-')) return true;
  }
  return false;
}

/** A word quoted for the shell lexer. */
export function quote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}
