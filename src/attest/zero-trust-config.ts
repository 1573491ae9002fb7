/**
 * The configuration shared by signing and verifying (MCP Fusion's `ZeroTrustConfig`, extended
 * with the Ed25519 mode), and its resolution into a concrete signer.
 *
 * @module
 */
import { isAttestationTime } from './attestation-time.ts';
import { InputError } from '../errors.ts';
import type { AttestationSigner } from './attestation-signer.ts';
import type { Ed25519KeyPair } from './ed25519-keys.ts';
import { createHmacSigner } from './hmac-signer.ts';
import { checkSecretStrength } from './secret-policy.ts';
import type { DigestInput } from './normalize-digest.ts';

/** How to sign or verify. */
export interface ZeroTrustConfig {
  /** `hmac` (shared secret), `ed25519` (DSSE + in-toto, asymmetric) or a custom signer. */
  readonly signer: 'hmac' | 'ed25519' | AttestationSigner;
  /** `hmac`: the shared secret (from the environment or a file, never from source code or argv). */
  readonly secret?: string;
  /** `ed25519` signing: the key pair. */
  readonly privateKey?: Ed25519KeyPair;
  /** `ed25519` verification: the trusted 32-byte public key. */
  readonly publicKey?: Uint8Array;
  /** The digest of a known-good build; signing and pinning compare against it when set. */
  readonly expectedDigest?: DigestInput;
  /** `verifyCapabilityPin`: throw on failure (default true). */
  readonly failOnMismatch?: boolean;
  /** The clock for `attestedAt` (default: the system clock). */
  readonly now?: () => Date;
  /**
   * `hmac`: refuse secrets shorter than 32 characters instead of warning (default, through the
   * package entry: true when `NODE_ENV` is `production`).
   */
  readonly production?: boolean;
  /**
   * Where a warning goes (a short `hmac` secret outside production); default, through the package
   * entry: `console.warn`. The message never contains the secret.
   */
  readonly onWarning?: (warning: { id: string; message: string }) => void;
}

/** What a config that leaves `production` or `onWarning` out gets. */
export interface ZeroTrustDefaults {
  /** Whether this is production (the package entry reads `NODE_ENV`). */
  production(): boolean;
  /** Where warnings go (the package entry: `console.warn`). */
  onWarning(warning: { id: string; message: string }): void;
}

// The pure core reads no environment and prints nothing itself: the package entry (src/mod.ts)
// installs the runtime defaults; a core module imported on its own warns nowhere.
let defaults: ZeroTrustDefaults = { production: () => false, onWarning: () => {} };

/**
 * Set the defaults for configs without `production` / `onWarning` (the package entry does, from
 * `NODE_ENV` and `console.warn`).
 *
 * @param next The defaults to replace.
 * @returns Nothing.
 * @example setZeroTrustDefaults({ onWarning: (w) => log.warn(w.message) })
 */
export function setZeroTrustDefaults(next: Partial<ZeroTrustDefaults>): void {
  defaults = { ...defaults, ...next };
}

/**
 * The signer of a non-Ed25519 config.
 *
 * @param config The config.
 * @returns The HMAC signer or the custom one.
 * @throws {InputError} When `hmac` has no secret, a short one in production, or the signer is unknown.
 * @example resolveSigner({ signer: 'hmac', secret }).name // "hmac-sha256"
 */
export function resolveSigner(config: ZeroTrustConfig): AttestationSigner {
  if (config.signer === 'hmac') {
    if (typeof config.secret !== 'string' || config.secret.length === 0) {
      throw new InputError('The hmac signer needs a secret: pass it with --secret-env NAME or --secret-file PATH (library: { secret })');
    }
    const verdict = checkSecretStrength(config.secret, { production: config.production ?? defaults.production() });
    if (verdict.level === 'refuse') {
      throw new InputError(`The HMAC secret is ${verdict.length} characters long; production requires at least ${verdict.minimum}: generate one with \`openssl rand -hex 32\``);
    }
    if (verdict.level === 'warn') {
      const warning = { id: verdict.id, message: `the HMAC secret is ${verdict.length} characters long; use at least ${verdict.minimum} (shorter secrets are refused in production)` };
      (config.onWarning ?? defaults.onWarning)(warning);
    }
    return createHmacSigner(config.secret);
  }
  if (typeof config.signer === 'object' && config.signer !== null
      && typeof config.signer.name === 'string' && typeof config.signer.sign === 'function'
      && typeof config.signer.verify === 'function') {
    return config.signer;
  }
  throw new InputError(`Unknown signer ${JSON.stringify(typeof config.signer === 'string' ? config.signer : typeof config.signer)}: use "hmac", "ed25519" or an AttestationSigner`);
}

/**
 * The current time of a config as an RFC 3339 UTC date-time (`2026-12-06T10:00:00.000Z`), the
 * one form `parseAttestation` reads back.
 *
 * @param config The config.
 * @returns `config.now()` or the system time, as `toISOString` writes it.
 * @throws {InputError} When the clock returns an invalid date, or one outside the years 0000 to
 *   9999 (which `toISOString` writes as `+010000-…`, no RFC 3339 time).
 */
export function attestationTime(config: ZeroTrustConfig): string {
  const d = config.now ? config.now() : new Date();
  if (!(d instanceof Date) || Number.isNaN(d.getTime())) throw new InputError('The attestation clock returned an invalid date');
  const iso = d.toISOString();
  if (!isAttestationTime(iso)) throw new InputError(`The attestation clock returned ${iso}, outside the years 0000 to 9999 that an RFC 3339 time can name`);
  return iso;
}
