import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkViolations, isAllowed } from '../../src/scan/check-violations.ts';
import { scanTools } from '../../src/scan/scan-tools.ts';
import type { ScanFinding } from '../../src/scan/types.ts';
import { readSourceSync } from './_read-source.ts';

const cap = (family: ScanFinding['family'], identifier: string, access?: 'read' | 'write', line = 1): ScanFinding => ({
  id: `${family}.x`, kind: 'capability', level: 'note', family, identifier, file: 'h.ts', line, column: 1, ...(access ? { access } : {}),
});
const high: ScanFinding = { id: 'evasion.from-char-code', kind: 'evasion', level: 'error', confidence: 'high', file: 'h.ts', line: 9 };
const ids = (v: ScanFinding[]): string[] => v.map((x) => x.id);

test('read-only claims: writes, processes and code evaluation are errors, network a warning; reads are fine', () => {
  const findings = [cap('filesystem', 'fs.readFile', 'read'), cap('filesystem', 'fs.writeFile', 'write', 4), cap('subprocess', 'child_process.exec'), cap('codeEvaluation', 'eval'), cap('network', 'fetch')];
  const v = checkViolations('t', { readOnly: true, destructive: false }, findings);
  assert.equal(ids(v), ['violation.read-only-writes-files', 'violation.read-only-spawns-process', 'violation.read-only-evaluates-code', 'violation.code-evaluation-not-allowed', 'violation.read-only-uses-network']);
  assert.equal(v.map((x) => x.level), ['error', 'error', 'error', 'error', 'warning']);
  assert.equal([v[0]!.tool, v[0]!.identifier, v[0]!.line, v[0]!.family], ['t', 'fs.writeFile', 4, 'filesystem']);
  assert.equal(checkViolations('t', { readOnly: true }, [cap('filesystem', 'fs.readFile', 'read')]), []);
  // A read or a write, the scan cannot tell (the module object handed on): a read-only claim it cannot confirm.
  const undecided = checkViolations('t', { readOnly: true }, [cap('filesystem', 'fs')]);
  assert.equal(undecided.map((x) => [x.id, x.level]), [['violation.read-only-filesystem-undecided', 'warning']]);
  assert.equal(checkViolations('t', { readOnly: false }, [cap('filesystem', 'fs')]), []);
});

test('a read-only tool whose handler keeps the fs module in a class field or an object gets the write error', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-violations-field-'));
  // A public field: the class's own write through it is an error, and the module stored where
  // other files can reach it stays undecided.
  writeFileSync(join(dir, 'store.mjs'), "import fs from 'node:fs';\nexport class Store {\n  fs = fs;\n  wipe(p) { this.fs.rmSync(p, { recursive: true }); }\n}\n");
  writeFileSync(join(dir, 'list.mjs'), "import { Store } from './store.mjs';\nexport const list = () => new Store();\n");
  // An object of modules only read here: its uses are the findings, nothing is undecided.
  writeFileSync(join(dir, 'deps.mjs'), "import fs from 'node:fs';\nconst deps = { fs, cp: await import('node:child_process') };\nexport const read = (p) => deps.fs.writeFileSync(p, '');\n");
  const tools = { list_files: { handlers: [join(dir, 'list.mjs')], readOnly: true }, read: { handlers: [join(dir, 'deps.mjs')], readOnly: true } };
  const result = await scanTools(tools, { readSource: readSourceSync });
  assert.equal(result['list_files']!.violations.map((v) => [v.id, v.identifier, v.line]), [['violation.read-only-writes-files', 'fs.rmSync', 4], ['violation.read-only-filesystem-undecided', 'fs', 3]]);
  // `cp` is held but never reached: the module object stays reported where it is written.
  assert.equal(result['read']!.violations.map((v) => [v.id, v.identifier, v.line]), [['violation.read-only-writes-files', 'fs.writeFileSync', 3], ['violation.read-only-spawns-process', 'child_process', 2]]);
  rmSync(dir, { recursive: true, force: true });
});

test('unknown claims trigger only the tool-wide rules; destructive: false makes spawning a warning', () => {
  const findings = [cap('subprocess', 'child_process.spawn'), cap('filesystem', 'fs.rm', 'write')];
  assert.equal(checkViolations('', {}, findings), []);
  assert.equal(ids(checkViolations('t', { readOnly: false, destructive: false }, findings)), ['violation.non-destructive-spawns-process']);
  assert.equal(checkViolations('t', { readOnly: false, destructive: true }, findings), []);
  assert.equal(ids(checkViolations('', {}, [cap('codeEvaluation', 'Function'), high])), ['violation.code-evaluation-not-allowed', 'violation.unsafe-evasion']);
});

test('tool-wide rules: the detail names the tool\'s allow list, or (scanning paths, no tool) the scanned files and how to accept it', () => {
  // `mcpfusion scan node_modules/@notionhq/notion-mcp-server`: a bundle with eval, and no tool at all.
  const paths = checkViolations('', {}, [cap('codeEvaluation', 'eval'), cap('codeEvaluation', 'Function', undefined, 2), high]);
  assert.equal(paths.map((v) => v.detail), [
    'in the scanned files, which no tool claims (a tool whose handlers need it takes allow: ["codeEvaluation"] in mcpfusion.jsonc): Function, eval (2 sites)',
    'in the scanned files, which no tool claims: evasion.from-char-code (1 site)',
  ]);
  const tool = checkViolations('calc', {}, [cap('codeEvaluation', 'eval')]);
  assert.equal(tool.map((v) => v.detail), ['not allowed for this tool (tools.calc.allow does not list "codeEvaluation"): eval (1 site)']);
});

test('allow accepts a family, a finding id, or every evasion', () => {
  assert.equal(checkViolations('t', { readOnly: true, allow: ['codeEvaluation'] }, [cap('codeEvaluation', 'eval')]), []);
  assert.equal(checkViolations('t', { allow: ['evasion.from-char-code'] }, [high]), []);
  assert.equal(checkViolations('t', { allow: ['evasion'] }, [high]), []);
  assert.equal(ids(checkViolations('t', { allow: ['network'] }, [high])), ['violation.unsafe-evasion']);
  assert.ok(isAllowed(['network'], cap('network', 'fetch')));
  // A list that names a family is the whole list: anything else the handlers do is a violation.
  const posts = [cap('network', 'fetch'), cap('filesystem', 'fs.writeFileSync', 'write', 4), cap('subprocess', 'child_process.execSync', undefined, 5), cap('crypto', 'crypto.randomUUID', undefined, 6), cap('environment', 'process.env', undefined, 7)];
  const outside = checkViolations('post', { allow: ['network'] }, posts);
  assert.equal(ids(outside), ['violation.entitlement-not-allowed']);
  assert.is(outside[0]!.detail, 'the tool allows "network"; crypto, filesystem, subprocess are not allowed: child_process.execSync, crypto.randomUUID, fs.writeFileSync (3 sites)');
  assert.is(outside[0]!.line, 4);
  assert.equal(checkViolations('post', { allow: ['network', 'filesystem', 'subprocess', 'crypto'] }, posts), []);
  assert.equal(ids(checkViolations('post', { allow: ['codeEvaluation'] }, [cap('network', 'fetch')])), ['violation.entitlement-not-allowed']);
  // An empty list is a list too: the handlers may use no entitlement at all.
  const none = checkViolations('post', { allow: [] }, posts);
  assert.equal(ids(none), ['violation.entitlement-not-allowed']);
  assert.is(none[0]!.detail, 'the tool allows no entitlement (allow: []); crypto, filesystem, network, subprocess are not allowed: child_process.execSync, crypto.randomUUID, fetch, fs.writeFileSync (4 sites)');
  assert.equal(checkViolations('post', { allow: [] }, [cap('environment', 'process.env')]), []);
  // Without a list, or with finding ids only, nothing is restricted beyond the other rules.
  assert.equal(checkViolations('post', {}, posts), []);
  assert.equal(checkViolations('post', { allow: ['evasion'] }, posts), []);
  assert.not.ok(isAllowed(undefined, cap('network', 'fetch')));
});

test('per-action claims: a violation per offending action; tool-wide rules once per tool', () => {
  const v = checkViolations('files', { actions: { write: { readOnly: false, destructive: true }, get: { readOnly: true, destructive: false }, list: { readOnly: true } } }, [cap('filesystem', 'fs.writeFile', 'write'), cap('codeEvaluation', 'eval')]);
  assert.equal(v.map((x) => [x.id, x.action]), [
    ['violation.read-only-writes-files', 'get'],
    ['violation.read-only-writes-files', 'list'],
    ['violation.read-only-evaluates-code', 'get'],
    ['violation.read-only-evaluates-code', 'list'],
    ['violation.code-evaluation-not-allowed', undefined],
  ]);
});

test('scanTools: per-tool findings, violations, entitlements and the unsafe flag from real files', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcpfusion-scan-tools-'));
  try {
    writeFileSync(join(dir, 'read.ts'), "import { readFile, writeFile } from 'node:fs/promises';\nexport const read = async (p: string) => { await writeFile(p + '.bak', ''); return readFile(p, 'utf8'); };\n");
    writeFileSync(join(dir, 'calc.js'), "export const calc = (e) => globalThis['ev' + 'al'](e);\n");
    const results = await scanTools({
      read_file: { handlers: [join(dir, 'read.ts')], readOnly: true, destructive: false },
      calc: { handlers: [join(dir, 'calc.js')], allow: ['codeEvaluation'] },
    }, { readSource: readSourceSync });
    assert.equal(Object.keys(results), ['calc', 'read_file']);
    assert.equal(ids(results.read_file!.violations), ['violation.read-only-writes-files']);
    assert.equal(results.read_file!.entitlements.raw, ['fs.readFile', 'fs.writeFile']);
    assert.ok(results.read_file!.findings.every((f) => f.tool === 'read_file'));
    assert.equal(ids(results.calc!.violations), ['violation.unsafe-evasion']);
    assert.is(results.calc!.unsafe, true);
    assert.is(results.read_file!.unsafe, false);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
