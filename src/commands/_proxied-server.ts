/**
 * Private helper of the stdio proxy commands (`guard`, `heal`): the server command after `--`,
 * its environment and working directory, and the source options that shape how it runs.
 *
 * @module
 */
import { constants } from 'node:os';
import { resolve } from 'node:path';
import process from 'node:process';
import type { StdioProxyExit, StdioProxyOptions } from '../guard/stdio-proxy.ts';
import { InputError, SourceError } from '../errors.ts';
import { SOURCE_OPTIONS } from '../sources/load.ts';
import { parseEnvFlag } from '../sources/resolve-source.ts';
import { messageRedactor, redactCommandLine, serverSecrets } from '../sources/redact-command.ts';
import { serverEnvironment } from '../sources/server-environment.ts';
import type { Io, OptionSpec } from './command.ts';
import { stringFlag, stringsFlag, type Flags } from './flags.ts';

/** Source options that also shape how the proxied server runs (its environment, cwd, timeouts). */
const SERVER_RUN_FLAGS = ['--server-env', '--server-cwd', '--start-timeout', '--handshake-timeout', '--request-timeout'];

/**
 * The options of a proxy command about its server: the server-run source options, and `--server`
 * declared so that it gets the explanation instead of "unknown option".
 *
 * @param command The command name, for the example.
 * @returns The option specs.
 */
export function proxiedServerOptions(command: string): OptionSpec[] {
  return [
    // A proxied server is spawned, never reached by URL: the start timeout is about spawning only.
    ...SOURCE_OPTIONS.filter((o) => SERVER_RUN_FLAGS.includes(o.flags.split(' ')[0]!))
      .map((o) => (o.flags.startsWith('--start-timeout ') ? { ...o, description: 'Time to spawn the server (default 10000)' } : o)),
    { flags: '--server <command>', description: `Refused: give the server command after "--" (mcpfusion ${command} … -- node server.js)` },
  ];
}

/**
 * Quote argv as one command line that the `--server` parser splits back into the same words
 * (every word single-quoted, so nothing is expanded and no `NAME=value` word becomes environment).
 *
 * @param argv Program and arguments.
 * @returns The command line.
 * @example quoteArgv(['node', "it's.js"]) // `'node' 'it'\''s.js'`
 */
export function quoteArgv(argv: readonly string[]): string {
  return argv.map((w) => `'${w.replace(/'/g, `'\\''`)}'`).join(' ');
}

/**
 * The server command after `--`.
 *
 * @param flags Parsed flags.
 * @param usage How the command is called, for the messages (`mcpfusion guard --attestation FILE`).
 * @returns Program and arguments.
 * @throws {InputError} When there is none, its program name is empty, or `--server` was given instead.
 */
export function serverArgv(flags: Flags, usage: string): string[] {
  const rest = flags['--'];
  const argv = Array.isArray(rest) ? rest.map(String) : [];
  const name = usage.split(' ')[1];
  if (flags['server'] !== undefined) throw new InputError(`${name} takes the server command after "--", not --server: ${usage} -- node server.js`);
  if (argv.length === 0) throw new InputError(`Give the server command after "--": ${usage} -- node server.js`);
  // `-- "$SERVER"` with the variable unset: no program to start, a usage error rather than a failed start.
  if (argv[0] === '') throw new InputError(`The server command after "--" starts with an empty program name (""): is a shell variable unset? ${usage} -- node server.js`);
  return argv;
}

/**
 * The proxied server's environment: mcpfusion's own (secrets withheld) plus `--server-env`.
 *
 * @param flags Parsed flags.
 * @param io The environment.
 * @returns The server's environment.
 */
export function serverEnv(flags: Flags, io: Io): Record<string, string | undefined> {
  return serverEnvironment(io, givenEnv(flags));
}

/** The variables given to the proxied server on purpose (`--server-env`). */
function givenEnv(flags: Flags): Record<string, string> {
  const explicit: Record<string, string> = {};
  for (const pair of stringsFlag(flags, 'serverEnv')) {
    const [name, value] = parseEnvFlag(pair);
    explicit[name] = value;
  }
  return explicit;
}

/**
 * How a proxy command hides, in every line it writes itself and every error it ends with, the
 * secrets its server was given (its command line's, its environment's, a token-like
 * `--server-env` value: `serverSecrets`), as a `--server` source hides them: a note that quotes
 * the server (its JSON-RPC error to heal's own read, the error reading its MCP Fusion manifest, a
 * tool name it listed) may repeat one. The server's own stderr, which the proxy passes on as it
 * comes, and the session's bytes are not changed.
 *
 * @param argv The server's program and arguments.
 * @param flags Parsed flags (`--server-env`).
 * @param io The environment the server inherits.
 * @returns `text => text with those secrets as ***`.
 */
export function proxiedServerRedactor(argv: readonly string[], flags: Flags, io: Io): (text: string) => string {
  return messageRedactor(serverSecrets(argv.join(' '), serverEnv(flags, io), givenEnv(flags)));
}

/**
 * The proxied server's working directory: `--server-cwd` (relative to ours), else ours.
 *
 * @param flags Parsed flags.
 * @param io The working directory.
 * @returns The directory.
 */
export function serverCwd(flags: Flags, io: Io): string {
  const cwdFlag = stringFlag(flags, 'serverCwd');
  return cwdFlag === undefined ? io.cwd : resolve(io.cwd, cwdFlag);
}

/**
 * What every proxy command passes to `runStdioProxy` about the server and the process's own
 * streams: the program and its arguments, environment and working directory, our stdin, stdout
 * and stderr.
 *
 * @param argv The server's program and arguments (after `--`).
 * @param flags Parsed flags (`--server-env`, `--server-cwd`).
 * @param io The environment and working directory.
 * @returns The common part of the proxy's options.
 */
export function proxiedServer(argv: string[], flags: Flags, io: Io): Pick<StdioProxyOptions, 'command' | 'args' | 'env' | 'cwd' | 'input' | 'output' | 'errorOutput'> {
  return {
    command: argv[0]!,
    args: argv.slice(1),
    env: serverEnv(flags, io),
    cwd: serverCwd(flags, io),
    input: process.stdin,
    output: process.stdout,
    errorOutput: process.stderr,
  };
}

/**
 * Names for a message: at most five, then how many more.
 *
 * @param names The names.
 * @returns `"a", "b" and 2 more`.
 */
export function listed(names: string[]): string {
  const shown = names.slice(0, 5).map((n) => JSON.stringify(n)).join(', ');
  return names.length > 5 ? `${shown} and ${names.length - 5} more` : shown;
}

/**
 * Let what the proxy wrote through process.stdout/stderr drain before the CLI exits. A stream
 * whose reader went away (EPIPE) only ends the wait: its error is heard here, not thrown.
 */
export async function drainStdio(): Promise<void> {
  const { stdout, stderr } = await import('node:process');
  const drain = (s: NodeJS.WriteStream): Promise<void> => new Promise<void>((done) => {
    s.on('error', () => done());
    s.write('', () => done());
  });
  await drain(stdout);
  await drain(stderr);
}

/**
 * The exit code of a proxy command once its session is over (the `refused` case aside, which
 * each command reports itself). After a signal the proxy passed on (SIGINT, SIGTERM, SIGHUP),
 * the server's own status, as wrappers that pass signals on (tini, dumb-init; `timeout` when it
 * did not time out) report it: its exit code, or 128 + the number of the signal that ended it
 * (SIGTERM 143, SIGKILL 137), with a line on stderr when that is not 0, since 1 to 3 are also
 * mcpfusion's own codes. Otherwise 0 when the client ended the session (the proxy then stopped
 * the server) or the server exited with 0.
 *
 * @param name The command (`guard`, `heal`), for the stderr line.
 * @param exit How the session ended.
 * @param argv The server's program and arguments, for the error.
 * @param note Writes the stderr line.
 * @returns The exit code.
 * @throws {SourceError} When the server ended on its own, without a signal passed on, with another code or a signal.
 * @example sessionExitCode('guard', { code: 1, signal: null, passedOn: 'SIGTERM', stoppedByGuard: true, refused: null }, argv, log) // 1
 */
export function sessionExitCode(name: string, exit: StdioProxyExit, argv: readonly string[], note: (line: string) => void): number {
  if (exit.passedOn !== null) {
    const number = exit.signal === null ? undefined : (constants.signals as Record<string, number | undefined>)[exit.signal];
    // A signal without a number here (none on this platform) is reported as a failure all the same.
    const code = exit.code ?? (number === undefined ? 1 : 128 + number);
    if (code !== 0) {
      note(exit.signal === null
        ? `${name}: passed ${exit.passedOn} on to the server, which then exited with code ${code}\n`
        : `${name}: passed ${exit.passedOn} on to the server, which was then ended by ${exit.signal} (exit ${code})\n`);
    }
    return code;
  }
  if (exit.stoppedByGuard || exit.code === 0) return 0;
  throw new SourceError(`The server ${JSON.stringify(redactCommandLine(argv.join(' ')))} exited on its own (${exit.signal ? `killed by ${exit.signal}` : `exit code ${exit.code}`})`);
}
