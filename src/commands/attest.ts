/**
 * `mcpfusion attest sign|verify|capability|keygen`: sign the server digest into
 * `mcpfusion.attestation.json` (HMAC-SHA256, Ed25519 over DSSE + in-toto, or an external
 * command), verify that the digest recomputed from the source is the attested one (exit 1 with
 * `AttestationError: …` otherwise), print the `mcpfusionTrust` capability, or create an Ed25519
 * key pair.
 *
 * @module
 */
import { lstatSync, rmSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { serializeAttestation } from '../attest/attestation-document.ts';
import { AttestationFailure } from '../attest/attestation-result.ts';
import { buildTrustCapability } from '../attest/build-trust-capability.ts';
import { createAttestation } from '../attest/create-attestation.ts';
import {
  ed25519KeyId,
  encodeEd25519PrivateKeyPem,
  encodeEd25519PublicKeyPem,
  generateEd25519KeyPair,
} from '../attest/ed25519-keys.ts';
import { verifyAttestation } from '../attest/verify-attestation.ts';
import { InputError } from '../errors.ts';
import { writeFileAtomic } from '../io/write-atomic.ts';
import { assertReplaceableAttestation, sameFileText } from './attestation-target.ts';
import { SOURCE_OPTIONS } from '../sources/load.ts';
import { VERSION } from '../version.ts';
import {
  VERIFY_OPTIONS,
  attestationPath,
  loadSubject,
  readAttestation,
  refuseLiteralSecret,
  secretEdgeNote,
  withholdSecretEnv,
  signerFlag,
  signingConfig,
  verifyingConfig,
} from './attest-inputs.ts';
import type { CommandSpec, Io } from './command.ts';
import { assertAction, boolFlag, formatFlag, refuseUnreadFlags, stringFlag, type Flags } from './flags.ts';
import { generatedAt } from './lockfile-io.ts';

const ACTIONS = ['sign', 'verify', 'capability', 'keygen'] as const;
type Action = (typeof ACTIONS)[number];

/** Default private key file of `attest keygen`. */
export const DEFAULT_KEY_FILE = 'mcpfusion-attest.key';

/** The clock of a run: `SOURCE_DATE_EPOCH` when set (reproducible attestations), else now. */
function clock(io: Io): () => Date {
  const at = generatedAt(io.env);
  return () => new Date(at);
}

async function sign(flags: Flags, io: Io): Promise<number> {
  const format = formatFlag(flags, ['text', 'json'] as const, 'attest sign');
  const config = signingConfig(flags, io, clock(io));
  const path = attestationPath(flags, io);
  // Before the source is read (a live server may take a while): a mistyped --attestation naming
  // the lockfile being signed, the contracts or a key would otherwise be replaced by the attestation.
  assertReplaceableAttestation(path);
  const subject = await loadSubject(flags, io);
  const doc = await createAttestation({ ...subject, mcpfusionVersion: VERSION }, config);
  const text = serializeAttestation(doc);
  const written = !sameFileText(path, text);
  if (written) writeFileAtomic(path.abs, text, { flag: '--attestation' });
  if (format === 'json') {
    io.stdout(`${JSON.stringify({
      attestation: path.shown,
      written,
      serverName: doc.serverName,
      serverDigest: doc.serverDigest,
      integrityDigest: doc.integrityDigest,
      toolCount: doc.toolCount,
      signer: doc.signer,
      attestedAt: doc.attestedAt,
    }, null, 2)}\n`);
  } else if (!boolFlag(flags, 'quiet')) {
    io.stdout(`${written ? 'Wrote' : 'Unchanged:'} ${path.shown}: ${doc.serverDigest} (${doc.toolCount} tool${doc.toolCount === 1 ? '' : 's'}) from ${subject.label}, signed with ${doc.signer}\n`);
  }
  return 0;
}

/** Whether anything is at `abs`, a dangling symbolic link included (existsSync follows links). */
/** Whether a directory is at `abs` (a link to one too). */
function isDirectory(abs: string): boolean {
  try {
    return statSync(abs).isDirectory();
  } catch {
    return false;
  }
}

function occupied(abs: string): boolean {
  try {
    lstatSync(abs);
    return true;
  } catch {
    return false;
  }
}

async function verifyFromFlags(flags: Flags, io: Io) {
  const { doc, path } = readAttestation(flags, io);
  const config = verifyingConfig(doc, flags, io);
  const subject = await loadSubject(flags, io);
  const checked = await verifyAttestation(subject.serverDigest, doc, config);
  const result = checked.valid ? checked : { ...checked, error: `${checked.error}${secretEdgeNote(checked.failure, config)}` };
  return { doc, path, subject, result };
}

/**
 * Whether the source's integrity digest (tools, prompts and resources) equals the one recorded
 * in the attestation; null when either is unknown. The signature covers the server digest (tools)
 * only, so a difference here is a warning, never a failure.
 *
 * @param recorded The attestation's `integrityDigest`.
 * @param current The source's integrity digest (bare hex), when known.
 * @returns Whether they match, or null.
 */
export function integrityMatches(recorded: string | null, current: string | null | undefined): boolean | null {
  if (recorded === null || current == null) return null;
  return recorded === `sha256:${current}`;
}

async function verify(flags: Flags, io: Io): Promise<number> {
  const format = formatFlag(flags, ['text', 'json'] as const, 'attest verify');
  const { doc, path, subject, result } = await verifyFromFlags(flags, io);
  const integrity = integrityMatches(doc.integrityDigest, subject.integrityDigest as string | null | undefined);
  if (format === 'json') {
    io.stdout(`${JSON.stringify({ attestation: path.shown, source: subject.label, ...result, envelope: undefined, integrityDigestMatches: integrity }, null, 2)}\n`);
  }
  if (result.valid && integrity === false) {
    io.stderr(`warning: the tools match the attestation, but the prompts changed: ${subject.label} has integrity digest sha256:${String(subject.integrityDigest)}, ${path.shown} recorded ${doc.integrityDigest} (the signature covers the tools' server digest only)\n`);
  }
  if (!result.valid) throw new AttestationFailure({ ...result, error: `${result.error} (${path.shown}, ${subject.label})` });
  if (format === 'text' && !boolFlag(flags, 'quiet')) {
    io.stdout(`Verified: ${subject.label} has sha256:${result.computedDigest}, attested in ${path.shown} (${result.signerName}, ${result.attestedAt})\n`);
  }
  return 0;
}

async function capability(flags: Flags, io: Io): Promise<number> {
  formatFlag(flags, ['json'] as const, 'attest capability');
  const { path, subject, result } = await verifyFromFlags(flags, io);
  const cap = buildTrustCapability(result, Object.keys(subject.tools).length);
  io.stdout(`${JSON.stringify(cap, null, 2)}\n`);
  if (!result.valid) throw new AttestationFailure({ ...result, error: `${result.error} (${path.shown}, ${subject.label})` });
  return 0;
}

async function keygen(flags: Flags, io: Io): Promise<number> {
  const format = formatFlag(flags, ['text', 'json'] as const, 'attest keygen');
  const keyShown = stringFlag(flags, 'key') ?? DEFAULT_KEY_FILE;
  const pubShown = stringFlag(flags, 'publicKey') ?? `${keyShown.replace(/\.key$/, '')}.pub`;
  const keyAbs = resolve(io.cwd, keyShown);
  const pubAbs = resolve(io.cwd, pubShown);
  if (keyAbs === pubAbs) throw new InputError(`--key and --public-key name the same file "${keyShown}"`);
  // `--key ci.pub --public-key ci.key` (the two swapped) wrote the private key to "ci.pub", the
  // name of the file that is handed out to verifiers.
  if (/\.pub$/i.test(keyShown)) throw new InputError(`--key "${keyShown}" is where keygen writes the private key, but it has the public key's ".pub" extension, and a .pub file is handed out; were --key and --public-key swapped? Give the private key another name (ci.key)`);
  for (const [abs, shown] of [[keyAbs, keyShown], [pubAbs, pubShown]] as const) {
    // A symbolic link counts as existing even when it dangles: writing through it would put the
    // private key wherever the link points.
    if (isDirectory(abs)) {
      const flag = abs === keyAbs ? '--key' : '--public-key';
      throw new InputError(`${flag} "${shown}" is a directory; give the path of the file to write (in that folder: "${join(shown, abs === keyAbs ? DEFAULT_KEY_FILE : DEFAULT_KEY_FILE.replace(/\.key$/, '.pub'))}")`);
    }
    if (occupied(abs)) throw new InputError(`"${shown}" already exists; keygen never overwrites a key: move it away or choose another path (--key, --public-key)`);
  }
  const pair = generateEd25519KeyPair(globalThis.crypto.getRandomValues(new Uint8Array(32)));
  writeFileAtomic(keyAbs, encodeEd25519PrivateKeyPem(pair.secretKey), { mode: 0o600, flag: '--key' });
  pair.secretKey.fill(0);
  try {
    writeFileAtomic(pubAbs, encodeEd25519PublicKeyPem(pair.publicKey), { mode: 0o644, flag: '--public-key' });
  } catch (cause) {
    // Half a pair is useless, and left behind it would make the next keygen refuse: remove the
    // private key this run wrote.
    rmSync(keyAbs, { force: true });
    throw cause;
  }
  const keyid = ed25519KeyId(pair.publicKey);
  if (format === 'json') io.stdout(`${JSON.stringify({ privateKey: keyShown, publicKey: pubShown, keyid }, null, 2)}\n`);
  else if (!boolFlag(flags, 'quiet')) {
    io.stdout(`Wrote ${keyShown} (private, mode 0600: keep it secret, e.g. in a CI secret) and ${pubShown} (public, for verifiers); key id ${keyid}\n`);
  }
  return 0;
}

/**
 * A flag that the action does not read is an error, never silently ignored: `keygen` reads only
 * where to write the pair, `sign` takes no public key and no verify command (a verifier's flags), and `verify` and
 * `capability` record nothing, so they have no use for a server name. `--quiet` is refused where
 * the output is the JSON result alone: keygen's JSON, and a digest from `--lockfile` (no source
 * is read, so there are no source notes to leave out) with JSON output.
 */
function refuseActionFlags(action: Action, flags: Flags): void {
  const where = `\`attest ${action}\``;
  if (action === 'keygen') {
    const own = attestCommand.options.map((o) => o.flags.split(' ')[0]!);
    refuseUnreadFlags(flags, [...own.filter((f) => f !== '--key' && f !== '--public-key'), '--config'], where, 'it reads no source and no config, and writes only --key and --public-key');
  } else if (action === 'sign') {
    refuseUnreadFlags(flags, ['--public-key'], where, 'a public key verifies (attest verify, guard); sign with --key, a secret flag or --signer command:"<cmd>"');
    // Signing never checks the signature it writes, whatever the signer.
    refuseUnreadFlags(flags, ['--verify-command'], where, 'signing runs no check of the signature it writes; the verify command is for attest verify, capability and guard');
  } else {
    refuseUnreadFlags(flags, ['--name'], where, 'it checks the server digest, which the name does not feed, and records nothing (the attested name is the one `attest sign` recorded)');
  }
}

/** `mcpfusion attest <sign|verify|capability|keygen>`. */
export const attestCommand: CommandSpec = {
  name: 'attest <action>',
  description: 'Sign the server digest (sign), check it (verify), print the mcpfusionTrust capability (capability), or create an Ed25519 key pair (keygen)',
  formatHelp: 'text (default) or json (capability: json only)',
  options: [
    ...SOURCE_OPTIONS,
    { flags: '--lockfile <path>', description: 'Take the digest from this lockfile instead of a contract source' },
    { flags: '--name <serverName>', description: 'Server name to record (default: from the source)' },
    { flags: '--signer <signer>', check: signerFlag, description: 'sign: hmac | ed25519 | command:"<cmd>" (default: from --key or the secret flags)' },
    { flags: '--key <file>', description: 'ed25519: the PEM private key (sign) or where keygen writes it (default ./mcpfusion-attest.key)' },
    // keygen writes the public key where verify reads it.
    ...VERIFY_OPTIONS.map((o) => (o.flags.startsWith('--public-key ') ? { ...o, description: `${o.description} (keygen: where to write it; default: the --key path with .pub)` } : o)),
  ],
  examples: [
    'MCPFUSION_SECRET=$(openssl rand -hex 32) mcpfusion attest sign --lockfile mcpfusion.lock --secret-env MCPFUSION_SECRET',
    'mcpfusion attest verify --contracts contracts.json --secret-env MCPFUSION_SECRET',
    'mcpfusion attest keygen --key ci.key && mcpfusion attest sign --lockfile mcpfusion.lock --key ci.key',
    'mcpfusion attest verify --server "node server.js" --public-key ci.pub',
    'mcpfusion attest sign --lockfile mcpfusion.lock --signer command:"kms-sign --key-id ci"',
  ],
  precheck(args, flags) {
    const action = args[0];
    assertAction('attest', action, ACTIONS);
    // Before anything is read: a missing file must not hide that the secret flag is refused.
    refuseLiteralSecret(flags);
    refuseActionFlags(action, flags);
  },
  async run(args, flags, io) {
    const action = args[0];
    // A library caller's run() goes through cli.ts as well; the precheck ran.
    assertAction('attest', action, ACTIONS);
    io = withholdSecretEnv(flags, io);
    switch (action) {
      case 'sign': return sign(flags, io);
      case 'verify': return verify(flags, io);
      case 'capability': return capability(flags, io);
      case 'keygen': return keygen(flags, io);
    }
  },
};
