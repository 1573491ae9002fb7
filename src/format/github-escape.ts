/**
 * Escaping for GitHub Actions workflow commands (`::error file=…::message`), shared by the diff
 * and scan renderers.
 *
 * @module
 */
import { revealHidden } from './reveal-hidden.ts';

/**
 * Escape a workflow-command message (`%`, CR, LF; bidi and invisible characters shown as `<U+XXXX>`).
 *
 * @param text The message.
 * @returns The escaped message.
 * @example escapeGithubData('50%\nok') // '50%25%0Aok'
 */
export function escapeGithubData(text: string): string {
  return revealHidden(text).replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/**
 * Escape a workflow-command property value (also `:` and `,`).
 *
 * @param text The property value.
 * @returns The escaped value.
 * @example escapeGithubProperty('a:b,c') // 'a%3Ab%2Cc'
 */
export function escapeGithubProperty(text: string): string {
  return escapeGithubData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
