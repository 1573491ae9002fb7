/**
 * A held-out corpus of Go and Rust MCP-server-like handlers (scanner12): 20 Go cases in the idioms
 * of mcp-go and the Go SDK, 20 Rust cases in rmcp's, written with their expected findings before the
 * scanner ran on them. Each expected capability is a `// want: <family>` comment on its line;
 * labels.json holds them per case with the handler file a tool maps to (ENTRY), scored at
 * (file, family) level: a finding in a file or family not expected is an over-reach.
 */
import { test } from 'uvu';
import { fileURLToPath } from 'node:url';
import { heldoutCorpus } from '../helpers/heldout-corpus.ts';

// Known over-reach, kept visible (none left: g13's (*Admin).Pull beside (*Reader).Pull was one until scanner13).
heldoutCorpus(fileURLToPath(new URL('../fixtures/scan/heldout-scanner12/', import.meta.url)), ['labels.json']);

test.run();
