/**
 * Checks on values a library caller hands over where mcpfusion needs JSON: what is not JSON becomes
 * a {@link NotJsonError} that names what was handed over and the path inside it, instead of a
 * canonicalization error about some inner value deep in the work.
 *
 * @module
 */
import { CanonicalizationError, NotJsonError } from '../errors.ts';
import { canonicalize } from './jcs.ts';

/**
 * Throw when a value is not JSON (members that are `undefined` are left out, as JSON.stringify
 * leaves them out).
 *
 * @param value The value handed over.
 * @param subject What it is, as the message starts: `The probe "refund"`.
 * @throws {NotJsonError} Naming the subject and the JSON path inside it.
 * @example assertJson({ when: new Date(0) }, 'The options') // throws: The options holds a value that is not JSON: $.when is a Date object; …
 */
export function assertJson(value: unknown, subject: string): void {
  try {
    canonicalize(value);
  } catch (error) {
    if (error instanceof CanonicalizationError) throw new NotJsonError(subject, error);
    throw error;
  }
}

/**
 * Run work over a value handed over, at no extra cost: only when the work refuses something as
 * not JSON is the value itself searched, so the error names what was handed over and the path
 * inside it. Nested calls name the outermost value (a tool inside a contract set is named by its
 * place in the set). When the value is JSON, the work's own error stands.
 *
 * @param value The value handed over.
 * @param subject What it is, as the message starts: `The tools list`.
 * @param work The work over it.
 * @returns What the work returns.
 * @throws {NotJsonError} When the work refused a value and `value` is not JSON.
 * @example withJsonInput(set, 'The contract set', () => digestsOf(set))
 */
export function withJsonInput<T>(value: unknown, subject: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof CanonicalizationError) assertJson(value, subject);
    throw error;
  }
}
