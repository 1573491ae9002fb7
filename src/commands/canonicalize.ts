/**
 * `mcpfusion canonicalize [FILE|-]`: print the RFC 8785 canonical bytes of a JSON document
 * (no trailing newline), written in pieces without building the document's value. Duplicate keys
 * and lone surrogates are rejected (exit 2) before anything is written.
 *
 * @module
 */
import { canonicalizeJsonText } from '../canonical/canonicalize-text.ts';
import { readInput } from '../sources/load.ts';
import type { CommandSpec } from './command.ts';
import { boolFlag, formatFlag, refuseUnreadFlags } from './flags.ts';

/** `mcpfusion canonicalize`. */
export const canonicalizeCommand: CommandSpec = {
  name: 'canonicalize [file]',
  description: 'Print the RFC 8785 (JCS) canonical form of a JSON document (FILE or - for stdin)',
  formatHelp: 'text (default) or json: the same canonical bytes either way',
  options: [],
  readsConfig: false,
  examples: ['mcpfusion canonicalize schema.json | sha256sum', 'echo \'{"b":1,"a":2}\' | mcpfusion canonicalize -'],
  async run(args, flags, io) {
    // The canonical bytes are JSON and text alike; any other format is a typo, never ignored.
    formatFlag(flags, ['text', 'json'] as const, 'canonicalize');
    // A config would change nothing (--quiet is trivially kept: it prints the bytes alone).
    refuseUnreadFlags(flags, ['--config'], '`canonicalize`', 'it reads no config');
    const file = args[0] === undefined ? '-' : String(args[0]);
    const text = await readInput(file, io, 'JSON document', { what: 'the JSON document', pipe: 'mcpfusion canonicalize < schema.json', path: 'mcpfusion canonicalize schema.json' }, boolFlag(flags, 'quiet'));
    // Written in pieces from the text, never as a parsed tree: a 150 MB document of small
    // objects fits a 512 MiB heap this way (test/bench/canonicalize-memory.bench.ts).
    canonicalizeJsonText(text, file === '-' ? 'stdin' : `"${file}"`, (chunk) => io.stdout(chunk));
    return 0;
  },
};
