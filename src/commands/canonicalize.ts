/**
 * `mcpfusion canonicalize [FILE|-]`: print the RFC 8785 canonical bytes of a JSON document
 * (no trailing newline). Duplicate keys and lone surrogates are rejected (exit 2).
 *
 * @module
 */
import { canonicalize } from '../canonical/jcs.ts';
import { parseStrictJson } from '../canonical/strict-json.ts';
import { readInput } from '../sources/load.ts';
import type { CommandSpec } from './command.ts';
import { formatFlag, refuseUnreadFlags } from './flags.ts';

/** `mcpfusion canonicalize`. */
export const canonicalizeCommand: CommandSpec = {
  name: 'canonicalize [file]',
  description: 'Print the RFC 8785 (JCS) canonical form of a JSON document (FILE or - for stdin)',
  formatHelp: 'text (default) or json: the same canonical bytes either way',
  options: [],
  examples: ['mcpfusion canonicalize schema.json | sha256sum', 'echo \'{"b":1,"a":2}\' | mcpfusion canonicalize -'],
  async run(args, flags, io) {
    // The canonical bytes are JSON and text alike; any other format is a typo, never ignored.
    formatFlag(flags, ['text', 'json'] as const);
    // A config would change nothing (--quiet is trivially kept: it prints the bytes alone).
    refuseUnreadFlags(flags, ['--config'], '`canonicalize`', 'it reads no config');
    const file = args[0] === undefined ? '-' : String(args[0]);
    const text = await readInput(file, io, 'JSON document');
    io.stdout(canonicalize(parseStrictJson(text, file === '-' ? 'stdin' : `"${file}"`)));
    return 0;
  },
};
