/**
 * `mcpfusion inspect`: print the materialized contracts of any source, exactly as `lock` would
 * hash them. The JSON form (the default) is a contracts file (`{ serverName, tools, prompts,
 * resources }`, sorted keys, full schemas beside their digests), so it can be saved and read back
 * with `--contracts`. `--format text` prints a short readable summary instead.
 *
 * @module
 */
import { stringifySorted } from '../canonical/pretty.ts';
import { sortedKeys } from '../canonical/digest.ts';
import type { ContractSet, ToolContract } from '../contract/types.ts';
import { SOURCE_OPTIONS, loadContractSet } from '../sources/load.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import type { CommandSpec } from './command.ts';
import { boolFlag, formatFlag, stringFlag } from './flags.ts';
import { redactShown } from '../sources/output-secrets.ts';
import { head } from '../format/shorten.ts';

function firstLine(text: string | null | undefined): string {
  if (!text) return '';
  const line = text.split('\n')[0]!.trim();
  return line.length > 72 ? `${head(line, 71)}…` : line;
}

function toolLines(c: ToolContract): string[] {
  const lines = [`tool ${c.surface.name}${c.surface.description ? `  ${firstLine(c.surface.description)}` : ''}`];
  for (const key of sortedKeys(c.surface.actions)) {
    const a = c.surface.actions[key]!;
    const flags = [a.readOnly ? 'read-only' : a.destructive ? 'destructive' : 'writes', ...(a.idempotent ? ['idempotent'] : []),
      ...(a.openWorld === true ? ['open-world'] : []), ...(a.hasMiddleware ? ['middleware'] : [])];
    const required = a.requiredFields.length > 0 ? `  required: ${a.requiredFields.join(', ')}` : '';
    lines.push(`  action ${key}: ${flags.join(', ')}${required}${a.presenterName ? `  presenter: ${a.presenterName}` : ''}`);
  }
  const t = c.tokenEconomics;
  lines.push(`  output: ${c.behavior.egressSchemaDigest === null ? 'no schema' : `${t.schemaFieldCount} field(s)${t.unboundedCollection ? ', unbounded collection' : ''}`}; inflation risk ${t.inflationRisk}`);
  if (c.surface.tags.length > 0) lines.push(`  tags: ${c.surface.tags.join(', ')}`);
  return lines;
}

/**
 * Render a contract set as a readable summary.
 *
 * @param set The contract set.
 * @returns Text lines ending with a newline.
 * @example formatInspectText({ tools: {}, prompts: {}, resources: {} }) // 'server (unnamed): 0 tools, 0 prompts, 0 resources\n'
 */
export function formatInspectText(set: ContractSet): string {
  const count = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;
  const lines = [`server ${set.serverName ?? '(unnamed)'}: ${count(Object.keys(set.tools).length, 'tool')}, ${count(Object.keys(set.prompts).length, 'prompt')}, ${count(Object.keys(set.resources).length, 'resource')}`];
  for (const name of sortedKeys(set.tools)) lines.push('', ...toolLines(set.tools[name]!));
  for (const name of sortedKeys(set.prompts)) {
    const p = set.prompts[name]!;
    const args = p.arguments.map((a) => `${a.name}${a.required ? '' : '?'}`).join(', ');
    lines.push('', `prompt ${name}(${args})${p.description ? `  ${firstLine(p.description)}` : ''}`);
  }
  for (const uri of sortedKeys(set.resources)) {
    const r = set.resources[uri]!;
    lines.push('', `${r.kind} ${uri}  ${r.name}${r.mimeType ? ` (${r.mimeType})` : ''}`);
  }
  // Every name and description comes from the server: no escape sequence or hidden character of
  // theirs reaches the reviewer's terminal as is.
  return `${lines.map(terminalLine).join('\n')}\n`;
}

/**
 * The contracts-file form of a contract set (what `--contracts` reads back).
 *
 * @param set The contract set.
 * @returns `{ serverName?, tools, prompts, resources }`.
 */
export function contractsDocument(set: ContractSet): object {
  return { ...(set.serverName !== undefined ? { serverName: set.serverName } : {}), tools: set.tools, prompts: set.prompts, resources: set.resources };
}

/**
 * A contract set as output shows it: the secrets this run gave a live server (see
 * `LoadedSource.redact`) hidden as `***` in every name, description and schema. A schema that
 * held one is shown by its digest only (the digest of the schema as listed), so the document
 * still reads back as a contracts file; a description that held one then hashes differently.
 *
 * @param set The contract set as read.
 * @param redact The source's redactor (live sources only).
 * @returns The set to print, and whether anything was hidden.
 */
export function shownContractSet(set: ContractSet, redact: ((text: string) => string) | undefined): { set: ContractSet; hidden: boolean } {
  if (redact === undefined) return { set, hidden: false };
  const shown = redactShown(set, redact);
  const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
  if (same(shown, set)) return { set, hidden: false };
  for (const [name, tool] of Object.entries(set.tools)) {
    const t = shown.tools[redact(name)];
    if (t === undefined) continue;
    if (!same(t.surface.inputSchema, tool.surface.inputSchema)) delete t.surface.inputSchema;
    if (!same(t.behavior.outputSchema, tool.behavior.outputSchema)) delete t.behavior.outputSchema;
    for (const [key, action] of Object.entries(tool.surface.actions)) {
      const a = t.surface.actions[redact(key)];
      if (a !== undefined && !same(a.inputSchema, action.inputSchema)) delete a.inputSchema;
    }
  }
  return { set: shown, hidden: true };
}

/** `mcpfusion inspect`. */
export const inspectCommand: CommandSpec = {
  name: 'inspect',
  description: 'Print the materialized contracts of a source (JSON: a contracts file; --format text: a summary)',
  formatHelp: 'json (default: a contracts file) or text (a summary)',
  options: [
    ...SOURCE_OPTIONS,
    { flags: '--name <serverName>', description: 'serverName to record (default: from the source or the config)' },
  ],
  examples: [
    'mcpfusion inspect --server "npx -y @modelcontextprotocol/server-memory" > contracts.json',
    'mcpfusion inspect --url http://127.0.0.1:3001/mcp --format text',
    'mcpfusion inspect --tools-list tools.json',
  ],
  async run(_args, flags, io) {
    const format = formatFlag(flags, ['json', 'text'] as const, 'inspect');
    const loaded = await loadContractSet(flags, io);
    const { set, hidden } = shownContractSet(loaded.set, loaded.redact);
    const name = stringFlag(flags, 'name');
    if (name !== undefined) set.serverName = name;
    if (hidden && !boolFlag(flags, 'quiet')) {
      io.stderr(`note: what the server listed repeats secrets given to it in this run (its command line's, its environment's, the headers and URL of --url); they are shown as ***${format === 'json' ? ', and a schema that holds one by its digest only, so this document hashes differently from the server where a name or description held one (lock from the server itself)' : ''}\n`);
    }
    io.stdout(format === 'json' ? stringifySorted(contractsDocument(set)) : formatInspectText(set));
    return 0;
  },
};
