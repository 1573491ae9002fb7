/**
 * The one form of an attestation's `attestedAt`: an RFC 3339 date-time in UTC, as
 * `Date.prototype.toISOString` writes it for the years 0000 to 9999
 * (`2026-12-06T10:00:00.000Z`). `Date.parse` also reads `Dec 6 2026`, a date without a time
 * (read as midnight UTC), times with an offset and, for some strings, local time; a reader of the
 * file would then see a different instant from the one the verifier understood.
 *
 * @module
 */

/** `YYYY-MM-DDTHH:MM:SS[.fraction]Z`, upper-case `T` and `Z`. */
const FORM = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?Z$/;

/**
 * Whether `value` is an RFC 3339 UTC date-time (`2026-12-06T10:00:00.000Z`; fraction optional,
 * 1 to 9 digits) naming a real instant: month 01–12, a day that exists in that month, hour
 * 00–23, minute and second 00–59 (no leap second: JavaScript cannot represent one).
 *
 * @param value Any value.
 * @returns True for a string of that form.
 * @example isAttestationTime('2026-12-06T10:00:00.000Z') // true
 * @example isAttestationTime('Dec 6 2026') // false
 */
export function isAttestationTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = FORM.exec(value);
  if (!m) return false;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  const days = new Date(Date.UTC(2000, mo, 0)).getUTCDate(); // days of month mo in a leap year
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (mo === 2 && !leap ? 28 : days);
}

/** An example of the form, for messages. */
export const ATTESTATION_TIME_EXAMPLE = '2026-12-06T10:00:00.000Z';
