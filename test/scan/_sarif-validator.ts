/**
 * Test helper: validate a value against the SARIF 2.1.0 JSON schema, offline.
 *
 * The schema is the copy shipped in the npm package `@microsoft/jest-sarif`
 * (`lib/schemas/sarif-2.1.0-rtm.5.json`, draft-04). Compared with the final OASIS schema it differs only
 * in GUID checks (pattern instead of `format: uuid`), a typo in the `language` pattern and the order of one
 * enum; none of these touch what mcpfusion writes. ajv needs `unicodeRegExp: false` because of that typo.
 *
 * @module
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import * as ajvDraft04 from 'ajv-draft-04';
import * as ajvFormats from 'ajv-formats';

const require = createRequire(import.meta.url);
const schemaPath = require.resolve('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(readFileSync(schemaPath, 'utf8')) as Record<string, unknown>;
// Both packages are CommonJS with `exports.default`: reach the class and function the same way on Node and Deno.
type AjvClass = typeof import('ajv-draft-04').default;
const interop = <T>(mod: unknown): T => {
  const m = mod as { default?: { default?: T } & T };
  return (m.default?.default ?? m.default ?? mod) as T;
};
const Ajv = interop<AjvClass>(ajvDraft04);
const addFormats = interop<(a: InstanceType<AjvClass>) => void>(ajvFormats);
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

/**
 * Validate a SARIF log.
 *
 * @param log The parsed SARIF log.
 * @returns An empty list when valid, else ajv's error messages with instance paths.
 */
export function sarifSchemaErrors(log: unknown): string[] {
  if (validate(log)) return [];
  return (validate.errors ?? []).map((e: { instancePath: string; message?: string; keyword: string }) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`);
}
