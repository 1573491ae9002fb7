import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, tempDir } from './helpers/cli.ts';

// The built library entries, as a consumer imports them through the package's exports map.
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const entry = async (sub: string) => import(join(ROOT, pkg.exports[sub].default ?? pkg.exports[sub].import));

test('every exports-map entry loads and exports what docs/library.md promises', async () => {
  const mod = await entry('.');
  for (const name of ['canonicalize', 'sha256Hex', 'createSha256', 'hmacSha256Hex', 'computeToolDigest', 'computeContractSetDigests',
    'buildLockfile', 'serializeLockfile', 'parseLockfile', 'checkLockfile', 'contractSetFromLockfile', 'parseContractsFile',
    'materializeToolsList', 'materializeServer', 'diffContracts', 'buildContractAwareness', 'attestServerDigest', 'verifyAttestation',
    'buildTrustCapability', 'scanSource', 'runProbes', 'commandJudge', 'readLiveServer', 'stdioConnection', 'httpConnection', 'run', 'InputError', 'AttestationError', 'VERSION']) {
    assert.ok(name in mod, `mcpfusion lacks ${name}`);
  }
  for (const sub of Object.keys(pkg.exports).filter((k) => k !== '.' && k !== './package.json')) {
    const m = await entry(sub);
    assert.ok(Object.keys(m).length > 3, `${sub} exports almost nothing`);
  }
});

test('entries share one copy of each class and of the WASM core', async () => {
  const mod = await entry('.');
  const canonical = await entry('./canonical');
  const diff = await entry('./diff');
  assert.is(mod.canonicalize, canonical.canonicalize);
  assert.is(mod.diffContracts, diff.diffContracts);
  assert.is(mod.sha256Hex('abc'), 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
});

test('mcpfusion/attest and mcpfusion/probe export the error classes their functions throw (the same classes as the main entry)', async () => {
  const mod = await entry('.');
  const attest = await entry('./attest');
  const probe = await entry('./probe');
  for (const name of ['AttestationError', 'InputError', 'SourceError', 'CanonicalizationError', 'NotJsonError']) assert.is(attest[name], mod[name], `mcpfusion/attest ${name}`);
  for (const name of ['InputError', 'CanonicalizationError', 'NotJsonError']) assert.is(probe[name], mod[name], `mcpfusion/probe ${name}`);
  // What the functions throw is an instance of what the entry exports.
  try {
    await attest.verifyAttestation('00'.repeat(32), 'sig', { signer: 'ed25519' });
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof attest.InputError, String(e));
  }
  try {
    await attest.verifyCapabilityPin('00'.repeat(32), { signer: 'hmac', secret: 'x'.repeat(40), expectedDigest: '11'.repeat(32) });
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof attest.AttestationError, String(e));
  }
  try {
    await probe.runProbes([{ id: 'a', tool: 't', arguments: {} }], { adapter: probe.offlineJudge() });
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof probe.InputError, String(e));
  }
  try {
    const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
    await probe.runProbes([{ id: 'a', tool: 't', arguments: { when: new Date(0) }, baseline, current: baseline }], { adapter: probe.offlineJudge() });
    assert.unreachable();
  } catch (e) {
    assert.ok(e instanceof probe.NotJsonError && e instanceof probe.CanonicalizationError, String(e));
  }
});

test('the library computes the same lockfile as the CLI wrote for the example', async () => {
  const m = await entry('.');
  const set = m.parseContractsFile(readFileSync(join(ROOT, 'examples/billing/contracts.json'), 'utf8'), 'contracts.json');
  const committed = m.parseLockfile(readFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), 'utf8'), 'mcpfusion.lock');
  const lock = m.buildLockfile(set, { serverName: committed.serverName, mcpfusionVersion: committed.mcpfusionVersion, generatedAt: committed.generatedAt });
  assert.is(m.serializeLockfile(lock), readFileSync(join(ROOT, 'examples/billing/mcpfusion.lock'), 'utf8'));
  assert.ok(m.checkLockfile(committed, set).ok);
});

test('a CommonJS project can require() every entry (Node >= 20.19 / 22.12 load ES modules by require), or gets ERR_REQUIRE_ESM', () => {
  // A project of its own with the package under node_modules, so the exports map decides what require() finds,
  // run by plain node (not tsx, whose require hook would load the files itself).
  const dir = tempDir('mcpfusion-cjs-');
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(ROOT, join(dir, 'node_modules/mcpfusion'));
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', type: 'commonjs' }));
  const names = Object.keys(pkg.exports).filter((k) => k !== './package.json').map((k) => (k === '.' ? 'mcpfusion' : `mcpfusion/${k.slice(2)}`));
  writeFileSync(join(dir, 'index.js'), `
    const out = {};
    for (const name of ${JSON.stringify(names)}) {
      try { out[name] = Object.keys(require(name)).length; } catch (e) { out[name] = e.code; }
    }
    if (typeof out.mcpfusion === 'number') {
      const main = require('mcpfusion');
      out.canonical = require('mcpfusion/canonical').canonicalize({ b: 1, a: 2 });
      out.sameClass = require('mcpfusion/attest').InputError === main.InputError;
    }
    process.stdout.write(JSON.stringify(out));
  `);
  const r = spawnSync(process.execPath, ['index.js'], { cwd: dir, encoding: 'utf8', timeout: 120_000 });
  assert.is(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout) as Record<string, unknown>;
  if ((process.features as { require_module?: boolean }).require_module === true) {
    for (const name of names) assert.ok(typeof out[name] === 'number' && out[name] > 3, `${name}: ${String(out[name])}`);
    assert.is(out['canonical'], '{"a":2,"b":1}');
    assert.is(out['sameClass'], true);
  } else {
    for (const name of names) assert.is(out[name], 'ERR_REQUIRE_ESM', name);
  }
});

test.run();
