import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { scanFiles } from '../../src/scan/scan-files.ts';
import { checkViolations } from '../../src/scan/check-violations.ts';
import { EVASION_RULES } from '../../src/scan/patterns/evasion.ts';
import { VIOLATION_RULES } from '../../src/scan/patterns/violations.ts';
import type { ScanFinding, ToolClaims } from '../../src/scan/types.ts';
import { readSourceSync } from './_read-source.ts';

const CORPUS = fileURLToPath(new URL('../fixtures/scan/corpus/', import.meta.url));

interface Snippet {
  file: string;
  covers: string[];
  families: string[];
  access: string[];
  raw: string[];
  evasions: string[];
  violations: string[];
  notAnalyzed: boolean;
  claims?: ToolClaims;
}
const manifest = JSON.parse(readFileSync(join(CORPUS, 'manifest.json'), 'utf8')) as { snippets: Snippet[] };

function expectedLabels(s: Snippet): Set<string> {
  return new Set([
    ...s.families.map((f) => `family:${f}`),
    ...s.access.map((a) => `access:${a}`),
    ...s.raw.map((r) => `raw:${r}`),
    ...s.evasions.map((e) => `evasion:${e}`),
    ...s.violations.map((v) => `violation:${v}`),
    ...(s.notAnalyzed ? ['not-analyzed'] : []),
  ]);
}

function predictedLabels(findings: ScanFinding[], violations: ScanFinding[]): Set<string> {
  const out = new Set<string>();
  for (const f of findings) {
    if (f.kind === 'capability') {
      out.add(`family:${f.family}`);
      if (f.access !== undefined) out.add(`access:${f.access}`);
      if (f.family !== 'environment' && f.identifier !== undefined) out.add(`raw:${f.identifier}`);
    } else if (f.kind === 'evasion') out.add(`evasion:${f.id}`);
    else if (f.kind === 'not-analyzed') out.add('not-analyzed');
  }
  for (const v of violations) out.add(`violation:${v.id}`);
  return out;
}

const results = await Promise.all(manifest.snippets.map(async (s) => {
  const scan = await scanFiles([join(CORPUS, s.file)], { readSource: readSourceSync });
  const violations = checkViolations('corpus', s.claims ?? {}, scan.findings);
  return { snippet: s, scan, violations, expected: expectedLabels(s), predicted: predictedLabels(scan.findings, violations) };
}));

test('the corpus has at least 60 labelled snippets', () => {
  assert.ok(manifest.snippets.length >= 60, `${manifest.snippets.length} snippets`);
});

test('precision and recall are both at least 0.95 over all labels', () => {
  let tp = 0;
  let fp = 0;
  let fn = 0;
  const misses: string[] = [];
  for (const r of results) {
    for (const label of r.predicted) {
      if (r.expected.has(label)) tp++;
      else {
        fp++;
        misses.push(`FP ${r.snippet.file}: ${label}`);
      }
    }
    for (const label of r.expected) {
      if (!r.predicted.has(label)) {
        fn++;
        misses.push(`FN ${r.snippet.file}: ${label}`);
      }
    }
  }
  const precision = tp / (tp + fp);
  const recall = tp / (tp + fn);
  console.log(`corpus: ${results.length} snippets, ${tp} true positives, ${fp} false positives, ${fn} false negatives; precision ${precision.toFixed(3)}, recall ${recall.toFixed(3)}`);
  if (misses.length > 0) console.log(misses.map((m) => `  ${m}`).join('\n'));
  assert.ok(precision >= 0.95, `precision ${precision.toFixed(3)} < 0.95`);
  assert.ok(recall >= 0.95, `recall ${recall.toFixed(3)} < 0.95`);
});

test('the corpus covers every family, evasion heuristic, violation rule and trap', () => {
  const expected = new Set(results.flatMap((r) => [...r.expected]));
  for (const family of ['filesystem', 'network', 'subprocess', 'crypto', 'codeEvaluation', 'environment']) assert.ok(expected.has(`family:${family}`), family);
  for (const rule of EVASION_RULES) assert.ok(expected.has(`evasion:${rule.id}`), `no snippet for ${rule.id}`);
  for (const rule of VIOLATION_RULES) assert.ok(expected.has(`violation:${rule.id}`), `no snippet for ${rule.id}`);
  const raw = [
    'fs.readFile', 'fs.writeFileSync', 'fs-extra.outputJson', 'graceful-fs.readdir', 'fs.FileHandle.write', 'Deno.readTextFile', 'Deno.writeTextFile',
    'Deno.open', 'Bun.file', 'Bun.write', 'fetch', 'http.get', 'https.request', 'http2.connect', 'net.createConnection', 'tls.connect',
    'dgram.createSocket', 'undici', 'axios', 'got', 'node-fetch', 'ws', 'WebSocket', 'XMLHttpRequest', 'Deno.connect', 'Bun.connect',
    'child_process.exec', 'child_process.execSync', 'child_process.execFile', 'child_process.spawn', 'child_process.fork', 'worker_threads.Worker',
    'cluster.fork', 'Deno.Command', 'Deno.run', 'Bun.spawn', 'Bun.$', 'crypto.createHmac', 'crypto.createSign', 'crypto.createCipheriv',
    'crypto.generateKeyPairSync', 'crypto.subtle', 'eval', 'Function', 'vm.runInNewContext', 'WebAssembly.instantiate', 'WebAssembly.compile',
    'process.binding', 'process.dlopen', 'native-addon',
  ];
  for (const id of raw) assert.ok(expected.has(`raw:${id}`), `no snippet for ${id}`);
  const covers = new Set(manifest.snippets.flatMap((s) => s.covers));
  for (const trap of ['names inside comments and strings', 'RegExp#exec', 'db.exec', 'user.rename', 'type-only imports', 'template-literal specifiers', 'aliased imports', 'a capability two imports away']) {
    assert.ok(covers.has(trap), `trap "${trap}" not covered`);
  }
});

test('a capability two imports away records the import chain', () => {
  const r = results.find((x) => x.snippet.file === 'traps/two-hops/entry.ts')!;
  const fetchFinding = r.scan.findings.find((f) => f.identifier === 'fetch')!;
  assert.ok(fetchFinding, 'fetch found');
  assert.equal(fetchFinding.chain?.map((p) => p.slice(CORPUS.length)), ['traps/two-hops/entry.ts', 'traps/two-hops/service.ts', 'traps/two-hops/http/index.ts']);
  assert.equal(r.scan.files.length, 3);
});

test('per-action claims name the action that is violated', () => {
  const r = results.find((x) => x.snippet.file === 'claims/per-action.ts')!;
  assert.equal(r.violations.map((v) => [v.id, v.action]), [['violation.read-only-writes-files', 'get']]);
});

test.run();
