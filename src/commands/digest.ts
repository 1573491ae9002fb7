/**
 * `mcpfusion digest`: print every digest of the source (server, integrity, per tool with its
 * four components, per prompt, per resource).
 *
 * @module
 */
import { redactShown } from '../sources/output-secrets.ts';
import { computeContractSetDigests, sortedKeys } from '../canonical/digest.ts';
import { stringifySorted } from '../canonical/pretty.ts';
import { SOURCE_OPTIONS, loadContractSet } from '../sources/load.ts';
import { terminalLine } from '../format/reveal-hidden.ts';
import type { CommandSpec } from './command.ts';
import { formatFlag } from './flags.ts';

/** `mcpfusion digest`. */
export const digestCommand: CommandSpec = {
  name: 'digest',
  description: 'Print the server, integrity, tool (with section components), prompt and resource digests',
  formatHelp: 'text (default) or json',
  options: [...SOURCE_OPTIONS],
  examples: ['mcpfusion digest --contracts examples/billing/contracts.json --format json'],
  async run(_args, flags, io) {
    const format = formatFlag(flags, ['text', 'json'] as const, 'digest');
    const { set, redact } = await loadContractSet(flags, io);
    // A name that repeats a secret given to a live server in this run is printed with it hidden.
    const d = redactShown(computeContractSetDigests(set), redact);
    if (format === 'json') {
      // Keys in code-unit order by the writer itself (SPEC §4): JSON.stringify would list
      // integer-like tool names ("9" before "10") first.
      io.stdout(stringifySorted({ serverDigest: d.serverDigest, integrityDigest: d.integrityDigest, tools: d.tools, prompts: d.prompts, resources: d.resources }));
      return 0;
    }
    const lines = [`server     ${d.serverDigest}`, `integrity  ${d.integrityDigest}`];
    for (const name of sortedKeys(d.tools)) {
      const t = d.tools[name]!;
      lines.push('', `tool ${name}`, `  digest          ${t.digest}`, `  surface         ${t.components.surface}`,
        `  behavior        ${t.components.behavior}`, `  tokenEconomics  ${t.components.tokenEconomics}`,
        `  entitlements    ${t.components.entitlements}`);
    }
    for (const name of sortedKeys(d.prompts)) {
      lines.push('', `prompt ${name}`, `  digest          ${d.prompts[name]!.digest}`, `  arguments       ${d.prompts[name]!.argumentsDigest}`);
    }
    for (const uri of sortedKeys(d.resources)) lines.push('', `resource ${uri}`, `  digest          ${d.resources[uri]!}`);
    // Names come from the server: escaped and hidden characters shown, as in every text report.
    io.stdout(lines.map(terminalLine).join('\n') + '\n');
    return 0;
  },
};
