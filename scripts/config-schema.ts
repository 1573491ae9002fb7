/**
 * Write the shipped JSON Schema of `mcpfusion.jsonc` (`schema/mcpfusion.schema.json`) from the
 * one declared config shape in `src/sources/config-shape.ts`. A test fails when the committed
 * file differs from what this prints; run `tsx scripts/config-schema.ts` after changing the shape.
 *
 * Usage: `tsx scripts/config-schema.ts [--check]`.
 *
 * @module
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { configJsonSchema } from '../src/sources/config-shape.ts';

const path = new URL('../schema/mcpfusion.schema.json', import.meta.url).pathname;
const text = `${JSON.stringify(configJsonSchema(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(path, 'utf8');
  } catch (error) {
    current = `(unreadable: ${(error as Error).message})`;
  }
  if (current !== text) {
    process.stderr.write(`${path} is out of date; run tsx scripts/config-schema.ts\n`);
    process.exit(1);
  }
} else {
  writeFileSync(path, text);
  process.stdout.write(`wrote ${path}\n`);
}
