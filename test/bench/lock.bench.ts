/**
 * Benchmark: `digest` + `lock` of a deterministic 10,000-tool contract set, against a floor
 * measured in the same run (JSON.stringify of the same objects + SHA-256 of those bytes).
 * Also the whole CLI path (`lock` on a contracts file: read, strict parse, validate, hash, write).
 *
 * @module
 */
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { computeContractSetDigests } from '../../src/canonical/digest.ts';
import { sha256Hex } from '../../src/canonical/hash.ts';
import { buildLockfile } from '../../src/lockfile/build-lockfile.ts';
import { serializeLockfile } from '../../src/lockfile/serialize-lockfile.ts';
import type { ContractSet, ToolContract } from '../../src/contract/types.ts';

/** A deterministic pseudo-random generator (LCG) so every run hashes the same set. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Generate `n` tools with 1–4 actions each. */
export function generateSet(n: number): ContractSet {
  const r = rng(42);
  const hex = () => Array.from({ length: 64 }, () => '0123456789abcdef'[Math.floor(r() * 16)]).join('');
  const tools: Record<string, ToolContract> = {};
  for (let i = 0; i < n; i++) {
    const name = `tool_${i.toString(36)}`;
    const actions: ToolContract['surface']['actions'] = {};
    const count = 1 + Math.floor(r() * 4);
    for (let a = 0; a < count; a++) {
      actions[`action${a}`] = {
        description: `Action ${a} of ${name}`,
        destructive: r() < 0.3, idempotent: r() < 0.5, readOnly: r() < 0.5,
        requiredFields: ['id', 'scope'].slice(0, Math.floor(r() * 3)),
        inputSchemaDigest: hex(), hasMiddleware: r() < 0.2,
      };
    }
    tools[name] = {
      surface: { name, description: `Tool number ${i} does things with records`, tags: ['bench', `group${i % 17}`], actions, inputSchemaDigest: hex() },
      behavior: {
        egressSchemaDigest: r() < 0.5 ? hex() : null, systemRulesFingerprint: 'none',
        cognitiveGuardrails: { agentLimitMax: r() < 0.5 ? 50 : null, egressMaxBytes: null },
        middlewareChain: ['auth'], stateSyncFingerprint: null, concurrencyFingerprint: null,
        affordanceTopology: [], embeddedPresenters: [],
      },
      tokenEconomics: { schemaFieldCount: Math.floor(r() * 30), unboundedCollection: false, baseOverheadTokens: 0, inflationRisk: 'low' },
      entitlements: { filesystem: false, network: r() < 0.5, subprocess: false, crypto: false, codeEvaluation: false, raw: [] },
    };
  }
  return { serverName: 'bench', tools, prompts: {}, resources: {} };
}

function best(fn: () => void, runs = 5): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    fn();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

const set = generateSet(10_000);
const floor = best(() => {
  for (const name of Object.keys(set.tools)) sha256Hex(JSON.stringify(set.tools[name]));
});
const ours = best(() => {
  const digests = computeContractSetDigests(set);
  serializeLockfile(buildLockfile(set, { serverName: 'bench', mcpfusionVersion: '0', generatedAt: '2026-01-01T00:00:00.000Z', digests }));
});
console.log(`lock.bench: 10,000 tools`);
console.log(`  floor (JSON.stringify + SHA-256 per tool):  ${floor.toFixed(1)} ms`);
console.log(`  digest + lock (library):                     ${ours.toFixed(1)} ms   ratio ${(ours / floor).toFixed(2)}x (goal <= 1.5x)`);

const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-bench-'));
try {
  writeFileSync(join(dir, 'contracts.json'), JSON.stringify(set));
  const bundle = new URL('../../dist/mcpfusion.js', import.meta.url).pathname;
  const cli = best(() => {
    rmSync(join(dir, 'mcpfusion.lock'), { force: true });
    const r = spawnSync(process.execPath, [bundle, 'lock', '--contracts', 'contracts.json'], { cwd: dir });
    if (r.status !== 0) throw new Error(String(r.stderr));
  }, 3);
  const node = best(() => void spawnSync(process.execPath, ['-e', '0']), 3);
  console.log(`  CLI lock from a contracts file (end to end): ${cli.toFixed(1)} ms   (node -e 0: ${node.toFixed(1)} ms)`);
} finally {
  rmSync(dir, { recursive: true, force: true });
}
