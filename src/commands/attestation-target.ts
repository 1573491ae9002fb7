/**
 * The file `attest sign` writes: whether the file already at `--attestation` may be replaced (an
 * attestation, a broken one, an empty file) or is something else named there by mistake (the
 * lockfile being signed, the contracts, a key), and whether it already holds the new bytes.
 *
 * @module
 */
import { readFileSync, statSync } from 'node:fs';
import { createScanner, parse as parseJsonc, type ParseError } from 'jsonc-parser';
import { ATTESTATION_VERSION } from '../attest/attestation-document.ts';
import { tryParseStrictJson } from '../canonical/strict-json.ts';
import { InputError } from '../errors.ts';
import { readTextFile } from '../io/read-file.ts';
import { assertWritableTarget } from '../io/write-atomic.ts';

/**
 * Whether the attestation file already holds exactly `text` (then it is not rewritten). A path
 * that is a directory is a usage error; a file that cannot be read counts as different, and the
 * atomic write decides whether it can be replaced.
 *
 * @param path The attestation path, absolute and as shown.
 * @param text The new file text.
 * @returns True when the file holds exactly `text`.
 * @throws {InputError} When the path is a directory, a device, a named pipe or a socket.
 */
export function sameFileText(path: { abs: string; shown: string }, text: string): boolean {
  let isDirectory = false;
  try {
    isDirectory = statSync(path.abs).isDirectory();
  } catch {
    return false; // missing (or a dangling link): nothing to compare with
  }
  if (isDirectory) throw new InputError(`Cannot write the attestation "${path.shown}": it is a directory; point --attestation at a file`);
  assertWritableTarget(path.abs, `attestation "${path.shown}"`);
  try {
    // Another size is another text: a huge file is not read to learn that.
    if (statSync(path.abs).size !== Buffer.byteLength(text)) return false;
    return readFileSync(path.abs, 'utf8') === text;
  } catch {
    return false;
  }
}

/**
 * Why the text of an existing file at the attestation path is not an attestation at all, or
 * undefined when it may be a broken one, which `sign` replaces as its error says to: empty, JSON
 * with a top-level `attestationVersion` (or the `serverDigest` and `signature` of one whose
 * version line was deleted), or text that starts like one (`{`, also after a first conflict-marker
 * line) but does not parse (truncated, hand-edited, a merge conflict) and names no key of a
 * lockfile or contracts file (`lockfileVersion`, `inputSchema`: a lockfile with a merge conflict
 * inside is not replaced). JSONC (a config or probe file) is judged as JSON is when it parses
 * so, and refused when it holds a comment and does not.
 *
 * @param text The file's text.
 * @param doc The text read as strict JSON (`tryParseStrictJson(text)`), undefined when it is not.
 * @returns Why it is not an attestation (`it is not JSON`, …), or undefined.
 * @example notAnAttestation('{"lockfileVersion": 1}', { lockfileVersion: 1 }) // 'it is JSON without an "attestationVersion"'
 */
export function notAnAttestation(text: string, doc: unknown): string | undefined {
  if (doc !== undefined) {
    if (doc === null || typeof doc !== 'object' || Array.isArray(doc)) return `it holds ${Array.isArray(doc) ? 'a JSON array' : doc === null ? 'JSON null' : `a JSON ${typeof doc}`}, not an object`;
    const attestationLike = Object.hasOwn(doc, 'attestationVersion') || (Object.hasOwn(doc, 'serverDigest') && Object.hasOwn(doc, 'signature'));
    return attestationLike ? undefined : 'it is JSON without an "attestationVersion"';
  }
  const start = text.replace(/^\uFEFF/, '').trimStart();
  const side = /^<{7}(?: [^\n]*)?\n/.test(start) ? start.slice(start.indexOf('\n') + 1).trimStart() : start;
  if (start !== '' && !side.startsWith('{')) return 'it is not JSON';
  // A config or probe file (JSONC: comments, trailing commas) is no broken attestation, which
  // mcpfusion writes as strict JSON: read as JSONC it is judged as JSON is, and one holding a
  // comment is refused even when cut short.
  const jsonc = tryParseJsonc(text);
  if (jsonc !== undefined) return notAnAttestation(JSON.stringify(jsonc), jsonc)?.replace(/^it is JSON /, 'it is JSON with comments or trailing commas (JSONC) ');
  if (holdsComment(text)) return 'it does not parse and holds a comment, as a config or probe file (JSONC) does, never an attestation';
  // A lockfile or contracts file that does not parse (a merge conflict inside it, a hand edit) is
  // not a broken attestation: an attestation never names these keys (its envelope is base64).
  const other = /"(lockfileVersion|inputSchema)"\s*:/.exec(text)?.[1];
  if (other !== undefined) return `it does not parse and names "${other}", a key of ${other === 'lockfileVersion' ? 'a lockfile' : 'a contracts or tools/list file'}, never of an attestation`;
  return undefined;
}

/** The text read as JSONC (comments, trailing commas), or undefined when it does not parse so. */
function tryParseJsonc(text: string): unknown {
  const errors: ParseError[] = [];
  let value: unknown;
  try {
    value = parseJsonc(text, errors, { allowTrailingComma: true, disallowComments: false });
  } catch (cause) {
    // Nested deeper than the parser's recursion goes: not a JSONC document it can read.
    if (cause instanceof RangeError) return undefined;
    throw cause;
  }
  return errors.length === 0 && value !== undefined ? value : undefined;
}

/** Whether the text holds a `//` or `/* *\/` comment outside strings (base64 holds `//` in strings only). */
function holdsComment(text: string): boolean {
  // jsonc-parser's SyntaxKind values (a const enum, which cannot be imported under verbatimModuleSyntax).
  const LINE_COMMENT = 12, BLOCK_COMMENT = 13, EOF = 17;
  const scanner = createScanner(text, false);
  for (let token = scanner.scan(); token !== EOF; token = scanner.scan()) {
    if (token === LINE_COMMENT || token === BLOCK_COMMENT) return true;
  }
  return false;
}

/**
 * Refuse to replace a file at the attestation path that is no attestation (the lockfile being
 * signed, the contracts file, a key or a secret named there by mistake), or one written by a
 * newer mcpfusion (never downgraded). A missing path, a directory, a device or a pipe is left to
 * {@link sameFileText} and the atomic write, which name it.
 *
 * @param path The attestation path, absolute and as shown.
 * @throws {InputError} What the file is and how to go on; the file is left as it is.
 */
export function assertReplaceableAttestation(path: { abs: string; shown: string }): void {
  try {
    if (!statSync(path.abs).isFile()) return;
  } catch {
    return;
  }
  const text = readTextFile(path.abs, 'attestation', undefined, path.shown);
  const doc = tryParseStrictJson(text);
  const why = notAnAttestation(text, doc);
  if (why !== undefined) {
    throw new InputError(`"${path.shown}" is not an attestation (${why}); attest sign will not overwrite it. Point --attestation at the attestation file (default ./mcpfusion.attestation.json), or move the file away to sign there`);
  }
  const version = (doc as { attestationVersion?: unknown } | undefined)?.attestationVersion;
  if (typeof version === 'number' && version > ATTESTATION_VERSION) {
    throw new InputError(`The attestation "${path.shown}" is attestationVersion ${version}, written by a newer mcpfusion; this one writes version ${ATTESTATION_VERSION} and will not downgrade it. Upgrade mcpfusion, or delete the file to sign again with this version`);
  }
}
