/**
 * `cognitiveGuardrails` limits have one domain in both readers: a non-negative integer or null
 * (docs/contracts-file.md, docs/config.md). A negative or fractional limit bounds nothing; the
 * config file always refused it, the contracts file used to lock it.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { runCli, tempDir, ROOT } from '../helpers/cli.ts';

const EXAMPLE = JSON.parse(readFileSync(join(ROOT, 'examples/billing/contracts.json'), 'utf8'));

test('a negative or fractional guardrail is refused by the contracts file and the config file alike: file, JSON path, exit 2', () => {
  for (const [key, bad] of [['agentLimitMax', -1], ['egressMaxBytes', 1.5], ['agentLimitMax', 0.5], ['egressMaxBytes', -65536]] as const) {
    const dir = tempDir();
    const doc = structuredClone(EXAMPLE);
    doc.tools.invoices.behavior.cognitiveGuardrails[key] = bad;
    writeFileSync(join(dir, 'contracts.json'), JSON.stringify(doc));
    const c = runCli(['digest', '--contracts', 'contracts.json'], { cwd: dir });
    assert.is(c.code, 2, `contracts ${key}=${bad}: ${c.stderr}`);
    assert.match(c.stderr, 'Invalid contracts file "contracts.json"');
    assert.match(c.stderr, `$.tools.invoices.behavior.cognitiveGuardrails.${key}: expected a non-negative integer or null, found number ${bad}`);

    writeFileSync(join(dir, 'mcpfusion.config.json'), JSON.stringify({ source: { contracts: 'contracts.json' }, tools: { invoices: { guardrails: { [key]: bad } } } }));
    writeFileSync(join(dir, 'contracts.json'), JSON.stringify(EXAMPLE));
    const k = runCli(['digest', '--config', 'mcpfusion.config.json'], { cwd: dir });
    assert.is(k.code, 2, `config ${key}=${bad}: ${k.stderr}`);
    assert.match(k.stderr, `$.tools.invoices.guardrails.${key}`);
    assert.match(k.stderr, `found number ${bad}`);
  }
});

test('the limits both readers accept still read: 0, a large integer, null, absent', () => {
  for (const guardrails of [{ agentLimitMax: 0, egressMaxBytes: 2 ** 40 }, { agentLimitMax: null, egressMaxBytes: null }, {}]) {
    const dir = tempDir();
    const doc = structuredClone(EXAMPLE);
    doc.tools.invoices.behavior.cognitiveGuardrails = guardrails;
    writeFileSync(join(dir, 'contracts.json'), JSON.stringify(doc));
    const c = runCli(['digest', '--contracts', 'contracts.json'], { cwd: dir });
    assert.is(c.code, 0, `${JSON.stringify(guardrails)}: ${c.stderr}`);
  }
});

test.run();
