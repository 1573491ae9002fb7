/**
 * The secret policy: how long an HMAC secret must be, as data. Refusing and warning are the
 * caller's job; this only judges, and never puts the secret (or any part of it) in its result.
 *
 * @module
 */

/** Minimum secret length in characters (Unicode code points). */
export const MIN_SECRET_LENGTH = 32;

/** The verdict on a secret. `length` is its length in code points; the secret itself is never included. */
export type SecretVerdict =
  | { level: 'ok'; length: number }
  | { level: 'warn' | 'refuse'; id: 'attest.secret-too-short'; length: number; minimum: number }
  | { level: 'refuse'; id: 'attest.secret-empty'; length: 0; minimum: number };

/**
 * Judge an HMAC secret: empty is refused; shorter than {@link MIN_SECRET_LENGTH} characters is
 * refused in production and a warning otherwise.
 *
 * @param secret The secret.
 * @param options `production`: true when `NODE_ENV=production` or `--production`.
 * @returns The verdict (never containing the secret).
 * @example checkSecretStrength('short', { production: true }) // { level: 'refuse', id: 'attest.secret-too-short', … }
 */
export function checkSecretStrength(secret: string, options: { production: boolean }): SecretVerdict {
  const length = codePointCount(secret);
  if (length === 0) return { level: 'refuse', id: 'attest.secret-empty', length: 0, minimum: MIN_SECRET_LENGTH };
  if (length >= MIN_SECRET_LENGTH) return { level: 'ok', length };
  return { level: options.production ? 'refuse' : 'warn', id: 'attest.secret-too-short', length, minimum: MIN_SECRET_LENGTH };
}

/** The code points of `s` (a lone surrogate counts as one), without an array of them: a secret file of 50 MB made one of 2 GB. */
function codePointCount(s: string): number {
  let pairs = 0;
  for (let i = 0; i < s.length - 1; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const d = s.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        pairs++;
        i++;
      }
    }
  }
  return s.length - pairs;
}
