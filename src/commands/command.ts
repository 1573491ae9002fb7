/**
 * The shape of a CLI command: one file per command under `src/commands/`, listed once in
 * `src/commands/index.ts`. `cli.ts` registers each with cac, parses flags and maps errors to exit
 * codes; a command returns its exit code (0 ok, 1 gate failed) and throws {@link McpfusionError}
 * subclasses for input (2) and source (3) failures.
 *
 * @module
 */

/** Where a command reads and writes: injected so tests and the library can capture it. */
export interface Io {
  /** Write data (machine-readable output goes here). */
  stdout(text: string): void;
  /** Write progress, warnings and logs. */
  stderr(text: string): void;
  /** Working directory for relative paths. */
  cwd: string;
  /** Environment variables. */
  env: Record<string, string | undefined>;
  /**
   * Variables of {@link Io.env} that hold mcpfusion's own secrets (`--secret-env NAME`): never
   * passed on to a server mcpfusion starts (`serverEnvironment`), unless given to it explicitly.
   */
  withheldEnv?: readonly string[];
  /** Read all of standard input as UTF-8 (for `-` arguments). */
  readStdin(): Promise<string>;
  /**
   * Read all of standard input as bytes, not decoded: `diff` keeps a big lockfile side given as
   * `-` outside the engine's heap, as it keeps a big file side. Unset: {@link Io.readStdin} is
   * used, and such a side is read as text.
   */
  readStdinBytes?(): Promise<Uint8Array>;
  /**
   * Whether standard input is a terminal, where a command reading it waits for typing: a note on
   * stderr says so first (src/sources/read-stdin.ts). Unset: not a terminal.
   */
  stdinIsTerminal?: boolean;
  /** Whether stdout may use ANSI colour (src/io/std-write.ts `colorWanted`: NO_COLOR, FORCE_COLOR, TERM=dumb, a terminal). */
  color: boolean;
}

/** One option of a command: cac's raw name (e.g. `--format <format>`), its help text and default. */
export interface OptionSpec {
  flags: string;
  description: string;
  default?: unknown;
  /**
   * The check of the value typed on the command line, the same the command reads it with: the
   * CLI runs it for every option given before the command starts, so a value that can never work
   * (`--start-timeout abc`) is the error reported, not a missing lockfile or source found first.
   * It only reads the flags (no file, no environment) and throws an `InputError`.
   */
  check?: (flags: Record<string, unknown>) => unknown;
  /**
   * Whether the option may be given more than once (`--server-env`, `--header`); any other
   * option with a value given twice is a usage error naming the values (exit 2).
   */
  repeatable?: true;
}

/** A command: its cac signature, help and runner. */
export interface CommandSpec {
  /** cac signature, e.g. `scan [...paths]` or `diff <old> <new>`. */
  name: string;
  /** One-line help. */
  description: string;
  /** Options besides the global ones (`--format`, `--quiet`, `--config`). */
  options: OptionSpec[];
  /** What `--format` accepts for this command, default first, as `--help` shows it (e.g. `text (default) or json`). */
  formatHelp: string;
  /** Example lines shown by `--help`. */
  examples?: string[];
  /** `false` for a command that reads no config and refuses `--config` (canonicalize): its help does not list `--config`. */
  readsConfig?: false;
  /** Whether the command reads arguments after `--` (`guard -- <server command>`); for the others they are a usage error. */
  takesRest?: boolean;
  /**
   * Checks that come before the flags' values (OptionSpec.check) are: the action named (with the
   * closest one when it is mistyped) and the flags that action never reads. Reads no file.
   *
   * @param args Positional arguments, as `run` gets them.
   * @param flags Parsed flags.
   * @throws {InputError} For an unknown action or a flag it refuses.
   */
  precheck?(args: unknown[], flags: Record<string, unknown>): void;
  /**
   * Run the command.
   *
   * @param args Positional arguments in order (a variadic one arrives as an array).
   * @param flags Parsed flags in camelCase (cac's conversion), including the global ones.
   * @param io Where to read and write.
   * @returns The exit code: 0 success, 1 gate failed.
   */
  run(args: unknown[], flags: Record<string, unknown>, io: Io): Promise<number>;
}
