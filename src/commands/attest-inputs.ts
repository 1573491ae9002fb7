/**
 * What `attest` and `guard` read from flags: the HMAC secret (only from an environment variable
 * or a file, never argv), the signer, the Ed25519 keys, the attestation file and the digest to
 * sign or verify (from any contract source, or from a lockfile). Secrets never reach a message.
 *
 * @module
 */
import { closeSync, openSync, readSync } from 'node:fs';
import { resolve } from 'node:path';
import { computeContractSetDigests, computeServerDigest } from '../canonical/digest.ts';
import { InputError } from '../errors.ts';
import { isMissingFile, readTextFile } from '../io/read-file.ts';
import { parseLockfile } from '../lockfile/parse-lockfile.ts';
import { SOURCE_FLAG_NAMES, loadContractSet } from '../sources/load.ts';
import { SOURCE_MODIFIER_FLAGS } from '../sources/source-options.ts';
import { redactCommandStderr } from '../sources/redact-command.ts';
import {
  ATTESTATION_FILE,
  COMMAND_SIGNER_NAME,
  ED25519_SIGNER_NAME,
  parseAttestation,
  type AttestationDocument,
} from '../attest/attestation-document.ts';
import { createCommandSigner } from '../attest/command-signer.ts';
import type { AttestationSubject } from '../attest/create-attestation.ts';
import { parseEd25519PrivateKeyPem, parseEd25519PublicKeyPem } from '../attest/ed25519-keys.ts';
import { HMAC_SIGNER_NAME } from '../attest/hmac-signer.ts';
import { checkSecretStrength } from '../attest/secret-policy.ts';
import type { ZeroTrustConfig } from '../attest/zero-trust-config.ts';
import { createCommandRunner } from '../guard/run-command.ts';
import type { Io, OptionSpec } from './command.ts';
import { boolFlag, literalSecretRefusal, refuseUnreadFlags, stringFlag, type Flags } from './flags.ts';

/** Options that say how to verify (shared by `attest verify|capability` and `guard`). */
export const VERIFY_OPTIONS: OptionSpec[] = [
  { flags: '--attestation <file>', description: `Attestation file (default: ./${ATTESTATION_FILE})` },
  { flags: '--secret-env <name>', description: 'HMAC: read the secret from this environment variable' },
  { flags: '--secret-file <path>', description: 'HMAC: read the secret from this file (one trailing newline is ignored)' },
  { flags: '--secret <value>', description: 'Refused: a secret on the command line leaks into shell history and `ps`; use --secret-env or --secret-file' },
  // Declared so that they get the same explanation instead of "unknown option".
  { flags: '--hmac-secret <value>', description: 'Refused, as --secret' },
  { flags: '--signing-secret <value>', description: 'Refused, as --secret' },
  { flags: '--public-key <file>', description: 'Ed25519: the PEM public key to verify with' },
  { flags: '--verify-command <cmd>', description: 'External signer: a command that gets the digest on stdin and MCPFUSION_SIGNATURE, exits 0 (valid) or 1' },
  { flags: '--production', description: 'Refuse HMAC secrets shorter than 32 characters (also when NODE_ENV=production)' },
];

/** The signers the CLI offers. */
export type CliSigner = { kind: 'hmac' } | { kind: 'ed25519' } | { kind: 'command'; command: string };

/**
 * Refuse secrets passed on the command line.
 *
 * @param flags Parsed flags.
 * @throws {InputError} When `--secret` (or `--hmac-secret`, `--signing-secret`) was given; the value is never echoed.
 */
export function refuseLiteralSecret(flags: Flags): void {
  for (const name of ['secret', 'hmacSecret', 'signingSecret']) {
    if (flags[name] !== undefined) {
      const shown = `--${name.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}`;
      throw new InputError(literalSecretRefusal(shown));
    }
  }
}

/** Whether production rules apply (`--production` or `NODE_ENV=production`). */
export function isProduction(flags: Flags, io: Io): boolean {
  return boolFlag(flags, 'production') || io.env['NODE_ENV'] === 'production';
}

/** Whether any HMAC secret flag was given. */
export function hasSecretFlag(flags: Flags): boolean {
  return flags['secretEnv'] !== undefined || flags['secretFile'] !== undefined;
}

const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Why a name or path that leads nowhere is not repeated in a message. */
const NOT_REPEATED = 'it may be the secret itself, pasted in place of a name';

/**
 * Whether a `--secret-env` name or `--secret-file` path that leads nowhere may be repeated in a
 * message. A secret pasted there by mistake (`--secret-env "$SECRET"`) would otherwise be
 * echoed: `openssl rand -hex 32` starts with a letter six times in sixteen, and then passes as
 * a variable name. Repeated are names in the conventional form of environment variables (upper
 * case, digits, `_`) that are not a run of hex digits, and paths with a `/`, `\` or `.` in them.
 *
 * @param text The name or path as given.
 * @returns True when it may appear in a message.
 */
function showableName(text: string): boolean {
  if (/[/\\.]/.test(text)) return true;
  return /^[A-Z_][A-Z0-9_]*$/.test(text) && !/^[0-9A-F]{16,}$/.test(text);
}

/**
 * The run's I/O with the variable named by `--secret-env` withheld from the servers it starts
 * (a server under attestation must not see the secret that signs for it).
 *
 * @param flags Parsed flags.
 * @param io The command's I/O.
 * @returns The I/O to run with.
 */
export function withholdSecretEnv(flags: Flags, io: Io): Io {
  const name = stringFlag(flags, 'secretEnv');
  // The I/O may inherit its members (cli.ts wraps the caller's): derive, never spread.
  return name === undefined ? io : Object.create(io, { withheldEnv: { value: [...(io.withheldEnv ?? []), name] } }) as Io;
}

/**
 * Read the HMAC secret from `--secret-env NAME` or `--secret-file PATH` and apply the length
 * policy (refused below 32 characters in production, a warning on stderr otherwise).
 *
 * @param flags Parsed flags.
 * @param io Environment, working directory and stderr.
 * @returns The secret.
 * @throws {InputError} When no or both sources are given, the variable is unset or holds U+FFFD
 *   (bytes that are not UTF-8), the file is unreadable or empty, or the secret is too short in
 *   production. Never quotes the secret.
 */
export function readHmacSecret(flags: Flags, io: Io): string {
  refuseLiteralSecret(flags);
  const envName = stringFlag(flags, 'secretEnv');
  const file = stringFlag(flags, 'secretFile');
  if (envName !== undefined && file !== undefined) throw new InputError('Give one of --secret-env and --secret-file, not both');
  let secret: string;
  let from: string;
  if (envName !== undefined) {
    if (!ENV_NAME.test(envName)) {
      throw new InputError('--secret-env takes the NAME of an environment variable (letters, digits, _), not the secret itself');
    }
    const v = io.env[envName];
    if (v === undefined || v === '') {
      const which = showableName(envName) ? `The environment variable ${envName} (from --secret-env)` : `The environment variable named by --secret-env (not repeated here: ${NOT_REPEATED})`;
      throw new InputError(`${which} is not set or empty`);
    }
    // Node reads an environment value's bytes that are not UTF-8 as U+FFFD, so random bytes
    // (`head -c 32 /dev/urandom`) would collapse into a run of U+FFFD: different secrets signing
    // alike, far weaker than their length says, and unlike what `openssl dgst -hmac` computes
    // from the raw bytes. A --secret-file is read strictly and refuses such bytes the same way.
    if (v.includes('\uFFFD')) {
      const which = showableName(envName) ? `The environment variable ${envName} (from --secret-env)` : `The environment variable named by --secret-env (not repeated here: ${NOT_REPEATED})`;
      throw new InputError(`${which} holds U+FFFD, the replacement character that bytes which are not UTF-8 are read as, so different secrets would sign alike; store a text secret such as the output of \`openssl rand -hex 32\``);
    }
    secret = v;
    from = `environment variable ${envName}`;
  } else if (file !== undefined) {
    const abs = resolve(io.cwd, file);
    if (!showableName(file) && isMissingFile(abs)) throw new InputError(`The secret file given to --secret-file does not exist (its path is not repeated here: ${NOT_REPEATED})`);
    // Named as given (not resolved), and not at all when the path may be the secret itself.
    const named = showableName(file) ? `secret file "${file}"` : `the secret file given to --secret-file (its path is not repeated here: ${NOT_REPEATED})`;
    secret = readTextFile(abs, 'secret file', undefined, file, named).replace(/\r?\n$/, '');
    from = `secret file "${file}"`;
    if (secret === '') throw new InputError(`The secret file "${file}" is empty`);
  } else {
    throw new InputError('The hmac signer needs a secret: give --secret-env NAME or --secret-file PATH');
  }
  const verdict = checkSecretStrength(secret, { production: isProduction(flags, io) });
  if (verdict.level === 'refuse') {
    throw new InputError(`The HMAC secret from ${from} is ${verdict.length} characters long; production requires at least ${verdict.minimum}: generate one with \`openssl rand -hex 32\``);
  }
  if (verdict.level === 'warn') {
    io.stderr(`warning: the HMAC secret from ${from} is ${verdict.length} characters long; use at least ${verdict.minimum} (shorter secrets are refused with --production or NODE_ENV=production)\n`);
  }
  const edges = edgeWhitespace(secret);
  if (edges !== undefined) {
    io.stderr(`warning: the HMAC secret from ${from} ${edges}, which is part of the secret: one read without it signs otherwise (a --secret-file drops one trailing line break, --secret-env none)\n`);
  }
  return secret;
}

/**
 * What a failed HMAC verification adds when the secret has whitespace at an end: a secret file
 * written with an extra line break (`echo` into a file, an editor's final newline beside one
 * already there) verifies nothing, and the mismatch alone does not say why.
 *
 * @param failure The verification's failure id.
 * @param config The verifying config.
 * @returns `; the secret ends with a line break, …`, or `''`.
 */
export function secretEdgeNote(failure: string | null | undefined, config: ZeroTrustConfig): string {
  if (failure !== 'attest.bad-signature' || config.signer !== 'hmac' || config.secret === undefined) return '';
  const edges = edgeWhitespace(config.secret);
  return edges === undefined ? '' : `; the secret ${edges}, which is part of it: if the attestation was signed with the secret without it, remove it (a --secret-file drops one trailing line break, --secret-env none)`;
}

/** The name of a whitespace character at an end of a secret. */
function whitespaceName(c: string): string {
  return c === ' ' ? 'a space' : c === '\t' ? 'a tab' : c === '\n' || c === '\r' ? 'a line break' : `whitespace (U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')})`;
}

/**
 * Whitespace at either end of a secret, in words (`ends with a line break`), or undefined. Such a
 * character is part of the secret, and a copy read from elsewhere (an environment variable set
 * from a file, a file written by `echo` twice) without it signs otherwise: verification then
 * fails with no hint why. The secret itself is never described beyond its first and last character's kind.
 */
function edgeWhitespace(secret: string): string | undefined {
  const first = /^\s/u.exec(secret)?.[0];
  const last = /\s$/u.exec(secret)?.[0];
  if (first === undefined && last === undefined) return undefined;
  if (last === undefined) return `starts with ${whitespaceName(first!)}`;
  if (first === undefined) return `ends with ${whitespaceName(last)}`;
  return `starts with ${whitespaceName(first)} and ends with ${whitespaceName(last)}`;
}

/**
 * The `--signer` flag: `hmac`, `ed25519` or `command:<cmd>`; inferred when absent (`--key` →
 * ed25519, a secret flag → hmac).
 *
 * @param flags Parsed flags.
 * @returns The signer.
 * @throws {InputError} When the value is unknown or nothing says which signer to use.
 */
export function signerFlag(flags: Flags): CliSigner {
  const v = stringFlag(flags, 'signer');
  if (v === undefined) {
    if (flags['key'] !== undefined) return { kind: 'ed25519' };
    if (hasSecretFlag(flags)) return { kind: 'hmac' };
    throw new InputError('Say how to sign: --signer hmac with --secret-env/--secret-file, --signer ed25519 with --key FILE, or --signer command:"<cmd>"');
  }
  if (v === 'hmac' || v === HMAC_SIGNER_NAME) return { kind: 'hmac' };
  if (v === 'ed25519' || v === ED25519_SIGNER_NAME) return { kind: 'ed25519' };
  if (v.startsWith('command:')) {
    const command = v.slice('command:'.length).trim();
    if (command === '') throw new InputError('--signer command: needs the command after the colon, e.g. --signer command:"kms-sign --key ci"');
    return { kind: 'command', command };
  }
  throw new InputError(`Unknown --signer ${JSON.stringify(v)}: use hmac, ed25519 or command:"<cmd>"`);
}

/**
 * readHmacSecret has judged the secret and warned naming where it came from; the library's own
 * check sees the same policy and stays quiet.
 */
const SECRET_JUDGED = (flags: Flags, io: Io): Pick<ZeroTrustConfig, 'production' | 'onWarning'> =>
  ({ production: isProduction(flags, io), onWarning: () => {} });

/**
 * The signing config for `attest sign`.
 *
 * @param flags Parsed flags.
 * @param io Environment, working directory, stderr.
 * @param now The clock.
 * @returns The config and the signer kind.
 */
export function signingConfig(flags: Flags, io: Io, now: () => Date): ZeroTrustConfig {
  refuseLiteralSecret(flags);
  const signer = signerFlag(flags);
  if (signer.kind !== 'ed25519' && flags['key'] !== undefined) {
    throw new InputError(`--key is an Ed25519 private key, but the signer is ${signer.kind}; drop --key or use --signer ed25519`);
  }
  if (signer.kind !== 'hmac' && hasSecretFlag(flags)) {
    throw new InputError(`--secret-env/--secret-file are for the hmac signer, but the signer is ${signer.kind}; drop them or use --signer hmac`);
  }
  // --production is accepted with every signer: it asks for no weak secret, and a signer without one has none.
  if (signer.kind === 'hmac') return { signer: 'hmac', secret: readHmacSecret(flags, io), now, ...SECRET_JUDGED(flags, io) };
  if (signer.kind === 'ed25519') {
    const key = stringFlag(flags, 'key');
    if (key === undefined) throw new InputError('--signer ed25519 needs --key FILE (a PEM private key from `mcpfusion attest keygen`)');
    const privateKey = parseEd25519PrivateKeyPem(readKeyFile(resolve(io.cwd, key), 'key file', key, false), `key file "${key}"`);
    return { signer: 'ed25519', privateKey, now };
  }
  const run = createCommandRunner(io.env, { cwd: io.cwd });
  return { signer: createCommandSigner({ signCommand: signer.command, run, redact: redactCommandStderr(io.env) }), now };
}

/**
 * The verification config for an attestation: the signer kind comes from the file, the
 * material (secret, public key, command) from the flags.
 *
 * @param doc The attestation.
 * @param flags Parsed flags.
 * @param io Environment, working directory, stderr.
 * @returns The config.
 * @throws {InputError} When the flags lack what this attestation's signer needs, or `--signer` /
 *   `--public-key` expect another kind of attestation.
 */
export function verifyingConfig(doc: AttestationDocument, flags: Flags, io: Io): ZeroTrustConfig {
  refuseLiteralSecret(flags);
  if (flags['key'] !== undefined) {
    throw new InputError('--key is the Ed25519 private key that attest sign uses; a verifier needs only the public key: pass --public-key FILE (or drop --key)');
  }
  if (stringFlag(flags, 'signer') !== undefined) {
    // --signer on verify states the kind the verifier expects: as with --public-key, an attestation
    // of another kind (which whoever holds a shared secret or runs a command can make) is refused.
    const expected = signerFlag(flags).kind;
    const actual = doc.signer === HMAC_SIGNER_NAME ? 'hmac' : doc.signer === ED25519_SIGNER_NAME ? 'ed25519' : doc.signer === COMMAND_SIGNER_NAME ? 'command' : undefined;
    if (expected !== actual) {
      const instead = actual === undefined ? '' : `, or with --signer ${actual === 'command' ? 'command:"<cmd>"' : actual}`;
      throw new InputError(`The attestation is signed with "${doc.signer}", but --signer says ${expected}: it may have been replaced; verify an attestation signed with "${doc.signer}" without --signer${instead}`);
    }
  }
  if (doc.signer !== ED25519_SIGNER_NAME && stringFlag(flags, 'publicKey') !== undefined) {
    // The verifier expects an Ed25519 attestation: one of another kind (which anyone holding a
    // shared secret, or running a command, can make) is not accepted in its place.
    throw new InputError(`The attestation is signed with "${doc.signer}", but --public-key expects an ${ED25519_SIGNER_NAME} attestation: it may have been replaced; verify an attestation signed with "${doc.signer}" without --public-key`);
  }
  // The material of another signer kind would be silently ignored; as with --public-key, it
  // says which kind the verifier expects, and an attestation of another kind may be a replacement.
  const where = `an attestation signed with "${doc.signer}"`;
  const needs = doc.signer === HMAC_SIGNER_NAME ? '--secret-env NAME or --secret-file PATH' : doc.signer === ED25519_SIGNER_NAME ? '--public-key FILE'
    : doc.signer === COMMAND_SIGNER_NAME ? '--verify-command "<cmd>"' : undefined;
  const fix = `drop it${needs === undefined ? '' : `; an attestation signed with "${doc.signer}" is verified with ${needs}`}`;
  if (doc.signer !== HMAC_SIGNER_NAME) {
    refuseUnreadFlags(flags, ['--secret-env', '--secret-file'], where, `a secret verifies ${HMAC_SIGNER_NAME} attestations only (this one may have been replaced)`, fix);
  }
  if (doc.signer !== COMMAND_SIGNER_NAME) {
    refuseUnreadFlags(flags, ['--verify-command'], where, `--verify-command verifies ${COMMAND_SIGNER_NAME} attestations only (this one may have been replaced)`, fix);
  }
  if (doc.signer === HMAC_SIGNER_NAME) return { signer: 'hmac', secret: readHmacSecret(flags, io), ...SECRET_JUDGED(flags, io) };
  if (doc.signer === ED25519_SIGNER_NAME) {
    const file = stringFlag(flags, 'publicKey');
    if (file === undefined) throw new InputError('This attestation is signed with ed25519-dsse: verify it with --public-key FILE (the .pub file from `mcpfusion attest keygen`)');
    return { signer: 'ed25519', publicKey: parseEd25519PublicKeyPem(readKeyFile(resolve(io.cwd, file), 'public key file', file, true), `public key file "${file}"`) };
  }
  if (doc.signer === COMMAND_SIGNER_NAME) {
    const verifyCommand = stringFlag(flags, 'verifyCommand');
    const signer = stringFlag(flags, 'signer');
    const signCommand = signer?.startsWith('command:') ? signer.slice('command:'.length).trim() : undefined;
    if (!verifyCommand && !signCommand) {
      throw new InputError('This attestation was signed by an external command: verify it with --verify-command "<cmd>" (or --signer command:"<cmd>" to sign again and compare)');
    }
    const run = createCommandRunner(io.env, { cwd: io.cwd });
    return { signer: createCommandSigner({ ...(signCommand ? { signCommand } : {}), ...(verifyCommand ? { verifyCommand } : {}), run, redact: redactCommandStderr(io.env) }) };
  }
  throw new InputError(`This attestation was signed by "${doc.signer}", a library signer the CLI cannot run; verify it with the library (verifyAttestation with that signer)`);
}

/**
 * Read a PEM key file. A key saved as binary DER (`openssl pkey -outform DER`), which is no
 * UTF-8 text, is named as such with the command that converts it, instead of "save it as UTF-8".
 *
 * @param abs The absolute path.
 * @param what `key file` or `public key file`.
 * @param shown The path as given.
 * @param isPublic Whether a public key is expected (for the conversion command).
 * @returns The file's text.
 * @throws {InputError} When the file cannot be read, or is not text.
 */
function readKeyFile(abs: string, what: string, shown: string, isPublic: boolean): string {
  try {
    return readTextFile(abs, what, undefined, shown);
  } catch (cause) {
    // A DER key starts with an ASN.1 SEQUENCE (0x30); one of Ed25519 is far from valid UTF-8.
    let first: number | undefined;
    try {
      const fd = openSync(abs, 'r');
      try {
        const b = Buffer.alloc(1);
        if (readSync(fd, b, 0, 1, 0) === 1) first = b[0];
      } finally {
        closeSync(fd);
      }
    } catch {
      throw cause;
    }
    if (first !== 0x30 || !(cause instanceof InputError) || !/not valid UTF-8/.test(cause.message)) throw cause;
    throw new InputError(`Cannot read ${what} "${shown}": it looks like a binary DER key, and a PEM file is read; convert it with \`openssl pkey${isPublic ? ' -pubin' : ''} -inform DER -in ${shown} -out ${shown}.pem\` and give that file`, { cause });
  }
}

/**
 * The attestation path of a run: `--attestation`, else `./mcpfusion.attestation.json`.
 *
 * @param flags Parsed flags.
 * @param io For the working directory.
 * @returns Absolute path and the path as shown.
 */
export function attestationPath(flags: Flags, io: Io): { abs: string; shown: string } {
  const shown = stringFlag(flags, 'attestation') ?? ATTESTATION_FILE;
  return { abs: resolve(io.cwd, shown), shown };
}

/**
 * Read and parse the attestation file.
 *
 * @param flags Parsed flags.
 * @param io For the working directory.
 * @returns The document and its path.
 * @throws {InputError} When it is missing, unreadable, truncated or edited (exit 2).
 */
export function readAttestation(flags: Flags, io: Io): { doc: AttestationDocument; path: { abs: string; shown: string } } {
  const path = attestationPath(flags, io);
  if (isMissingFile(path.abs)) throw new InputError(`No attestation at "${path.shown}": create it with \`mcpfusion attest sign\` (or point --attestation at it)`);
  return { doc: parseAttestation(readTextFile(path.abs, 'attestation', undefined, path.shown), `attestation "${path.shown}"`), path };
}

/** The digest to sign or verify, with what is known about the server. Digests are bare hex. */
export interface LoadedSubject extends AttestationSubject {
  serverDigest: string;
  tools: Record<string, string>;
  /** What was read, for messages. */
  label: string;
}

/**
 * Load the server digest from the run's source: `--lockfile FILE`, or any contract source
 * (`--contracts`, `--server`, `--url`, …, or the config file).
 *
 * @param flags Parsed flags.
 * @param io Where to read.
 * @returns Digest, name, tool digests, integrity digest and a label.
 * @throws {InputError} When both a source and `--lockfile` are given, or the input is invalid.
 * @throws {SourceError} When a live source fails.
 */
export async function loadSubject(flags: Flags, io: Io): Promise<LoadedSubject> {
  const lockArg = stringFlag(flags, 'lockfile');
  const sources = SOURCE_FLAG_NAMES.filter((n) => flags[n] !== undefined);
  const name = stringFlag(flags, 'name');
  if (lockArg !== undefined) {
    if (sources.length > 0) throw new InputError('Give either a contract source or --lockfile to take the digest from, not both');
    refuseUnreadFlags(flags, SOURCE_MODIFIER_FLAGS, 'a digest taken from --lockfile', 'it shapes how a --server or --url source is read, and the lockfile is read instead of a source', 'drop it, or give the source instead of --lockfile');
    refuseUnreadFlags(flags, ['--config'], 'a digest taken from --lockfile', 'the config names a source and its overlays, and the lockfile is read instead', 'drop it, or drop --lockfile to read the config\'s source');
    const abs = resolve(io.cwd, lockArg);
    if (isMissingFile(abs)) throw new InputError(`No lockfile at "${lockArg}": run \`mcpfusion lock\` first (or point --lockfile at it)`);
    const lock = parseLockfile(readTextFile(abs, 'lockfile', undefined, lockArg), lockArg);
    const tools: Record<string, string> = Object.create(null);
    for (const [tool, entry] of Object.entries(lock.capabilities.tools)) tools[tool] = entry.integrityDigest.slice(7);
    const serverDigest = computeServerDigest(Object.fromEntries(Object.entries(tools).map(([t, d]) => [t, { digest: d }])));
    return { serverDigest, serverName: name ?? lock.serverName, integrityDigest: lock.integrityDigest.slice(7), tools, label: `lockfile "${lockArg}"` };
  }
  const { set, label } = await loadContractSet(flags, io);
  const d = computeContractSetDigests(set);
  const tools: Record<string, string> = Object.create(null);
  for (const [tool, td] of Object.entries(d.tools)) tools[tool] = td.digest;
  return { serverDigest: d.serverDigest, serverName: name ?? set.serverName ?? null, integrityDigest: d.integrityDigest, tools, label };
}
