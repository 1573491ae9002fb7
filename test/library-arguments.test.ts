/**
 * Arguments of the wrong type or shape from a JavaScript caller (no type checker in between):
 * a typed, documented error that says what was handed over, where it is wrong and how to make it
 * right, not a TypeError from deep inside (`Cannot read properties of undefined (reading 'actions')`).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as m from '../src/mod.ts';
import * as diffEntry from '../src/diff/mod.ts';
import * as scanEntry from '../src/scan/mod.ts';
import { ROOT } from './helpers/cli.ts';

const set = m.parseContractsFile(readFileSync(join(ROOT, 'examples/billing/contracts.json'), 'utf8'), 'contracts.json');
const tool = Object.values(set.tools)[0]!;
const { surface: _surface, ...toolWithoutSurface } = tool;
const untyped = (v: unknown): never => v as never;
const lock = m.buildLockfile(set, { serverName: 's', mcpfusionVersion: '0', generatedAt: '2020-01-01T00:00:00Z' });

/** [call, message pattern] — each must throw an InputError whose message matches. */
const CASES: [string, () => unknown, RegExp][] = [
  ['parseStrictJson(123)', () => m.parseStrictJson(untyped(123)), /the input: expected the text of a JSON document \(a string\), got a number/],
  ['parseStrictJson(null, src)', () => m.parseStrictJson(untyped(null), 'x.json'), /x\.json: expected the text .*got null/],
  ['tryParseStrictJson(undefined)', () => m.tryParseStrictJson(untyped(undefined)), /got undefined/],
  ['parseLockfile(Buffer)', () => m.parseLockfile(untyped(new Uint8Array([123, 125])), 'mcpfusion.lock'), /mcpfusion\.lock.*got an object.*readFileSync\(path, 'utf8'\)/],
  ['parseContractsFile(object)', () => m.parseContractsFile(untyped({ tools: {} }), 'c.json'), /c\.json.*got an object.*contractSetFromJson/],
  ['parseConfig(Buffer)', () => m.parseConfig(untyped(new Uint8Array([123, 125])), 'mcpfusion.jsonc'), /^Cannot read config file "mcpfusion\.jsonc": expected the text of a JSON or JSONC document \(a string\), got an object/],
  ['parseProbeFile(5)', () => m.parseProbeFile(untyped(5), 'p.jsonc'), /^Cannot read probe file "p\.jsonc": .*got a number/],
  ['parseEd25519PrivateKeyPem(undefined)', () => m.parseEd25519PrivateKeyPem(untyped(undefined)), /^Cannot read the private key: expected the text of a PEM file \(a string\), got undefined/],
  ['parseEd25519PublicKeyPem(bytes)', () => m.parseEd25519PublicKeyPem(untyped(new Uint8Array(3)), 'ci.pub'), /^Cannot read ci\.pub: .*got an object/],
  ['scanSource(123, {file})', () => m.scanSource(untyped(123), { file: 'h.js' }), /^Cannot read h\.js: expected the text of a source file \(a string\), got a number/],
  ['computeToolDigest({})', () => m.computeToolDigest(untyped({})), /^The tool contract is not a ToolContract: \$\.surface is undefined, not an object; make one with/],
  ['computeToolDigest(null)', () => m.computeToolDigest(untyped(null)), /^The tool contract is not a ToolContract: \$ is null, not a tool contract object/],
  ['computeToolDigest(no surface)', () => m.computeToolDigest(untyped(toolWithoutSurface)), /\$\.surface is undefined/],
  ['computeContractSetDigests({})', () => m.computeContractSetDigests(untyped({})), /^The contract set is not a ContractSet: \$\.tools is undefined, not an object of tool contracts by name/],
  ['computeContractSetDigests(no prompts)', () => m.computeContractSetDigests(untyped({ tools: set.tools })), /\$\.prompts is undefined/],
  ['computeContractSetDigests(tool as string)', () => m.computeContractSetDigests(untyped({ ...set, tools: { a: 'x' } })), /\$\.tools\.a is a string, not a tool contract object/],
  ['buildLockfile({}, …)', () => m.buildLockfile(untyped({}), { serverName: 's', mcpfusionVersion: '0', generatedAt: '2020-01-01T00:00:00Z' }), /^The contract set is not a ContractSet: \$\.tools is undefined/],
  ['diffContracts(null, set)', () => m.diffContracts(untyped(null), set), /^The contract set before is not a ContractSet: \$ is null/],
  ['diffContracts(set, tool actions null)', () => m.diffContracts(set, untyped({ ...set, tools: { ...set.tools, t: { ...tool, surface: { ...tool.surface, actions: null } } } })), /^The contract set after is not a ContractSet: \$\.tools\.t\.surface\.actions is null, not an object/],
  ['materializeServer(null)', () => m.materializeServer(untyped(null)), /^materializeServer\(snapshot, overlays, options\): snapshot is null, expected an object/],
  ['materializeServer({})', () => m.materializeServer(untyped({})), /snapshot\.tools is undefined, expected an array/],
  ['buildLockfile(set) without options', () => m.buildLockfile(set, untyped(undefined)), /^buildLockfile\(set, options\): options is undefined, expected an object \{ serverName/],
  ['computeServerDigest(null)', () => m.computeServerDigest(untyped(null)), /^computeServerDigest\(tools\): tools is null/],
  ['contractSetFromLockfile({})', () => m.contractSetFromLockfile(untyped({})), /lock\.capabilities is undefined, expected an object; give the lockfile parseLockfile returns/],
  ['verifyLockfileDigests({})', () => m.verifyLockfileDigests(untyped({})), /^verifyLockfileDigests\(lock\): lock\.capabilities is undefined/],
  ['diffRecorded(lock, set) not wrapped', () => m.diffRecorded(untyped(lock), untyped(set)), /^diffRecorded\(before, after, options\): before is an object without "lockfile" or "contracts" \(it holds .*capabilities.*\), expected \{ lockfile \} or \{ contracts \}/],
  ['diffRecorded(side, null)', () => m.diffRecorded({ contracts: set }, untyped(null)), /after is null, expected \{ lockfile \} or \{ contracts \}/],
  ['formatDiffText({})', () => m.formatDiffText(untyped({})), /^formatDiffText\(result, options\): result\.deltas is undefined, expected an array of deltas/],
  ['scanSource(text) without options', () => m.scanSource('x', untyped(undefined)), /^scanSource\(text, options\): options is undefined/],
  ['scanFiles(paths, {})', () => m.scanFiles(['a.js'], untyped({})), /^scanFiles\(entryFiles, options\): options\.readSource is undefined, expected a function/],
  ['scanFiles(path string, …)', () => m.scanFiles(untyped('a.js'), { readSource: () => 'x' }), /entryFiles is a string, expected an array of file paths/],
  ['entitlementsFromFindings(null)', () => m.entitlementsFromFindings(untyped(null)), /findings is null, expected an array of scan findings/],
  ['scanSurface(null)', () => m.scanSurface(untyped(null)), /^The contract set is not a ContractSet: \$ is null/],
  ['attestServerDigest(d, null)', () => m.attestServerDigest('00'.repeat(32), untyped(null)), /^attestServerDigest\(digest, config, subject\): config is null, expected an object/],
  ['verifyAttestation(d, null, config)', () => m.verifyAttestation('00'.repeat(32), untyped(null), { signer: 'hmac', secret: 'x'.repeat(40) }), /attestation is null, expected the document parseAttestation returns, or a bare signature/],
  ['buildTrustCapability(null, 1)', () => m.buildTrustCapability(untyped(null), 1), /attestation is null, expected an object/],
  ['runProbes(null, options)', () => m.runProbes(untyped(null), { adapter: m.offlineJudge() }), /^runProbes\(probes, options\): probes is null, expected an array of probes/],
  ['runProbes([null], options)', () => m.runProbes(untyped([null]), { adapter: m.offlineJudge() }), /probes\[0\] is null, expected an object/],
  ['runProbes([], null)', () => m.runProbes([], untyped(null)), /options is null, expected an object/],
  ['formatProbeReportText(null)', () => m.formatProbeReportText(untyped(null), 'high'), /^formatProbeReportText\(report, failOn\): report is null/],
  ['stdioConnection(null)', () => m.stdioConnection(untyped(null)), /^stdioConnection\(options, label\): options is null, expected an object \{ command/],
  ['run("lock", {})', () => m.run(untyped('lock'), untyped({})), /^run\(argv, io\): argv is a string, expected an array/],
  ['scanSurfaceText(5)', () => m.scanSurfaceText(untyped(5), { field: 'description' }), /^scanSurfaceText\(text, location, options\): text is a number, expected a string/],
  ['scanSurfaceText(text) without location', () => m.scanSurfaceText('x', untyped(undefined)), /location is undefined, expected an object \{ tool, field \}/],
  ['scanSurfaceText(text, location, null)', () => m.scanSurfaceText('x', { field: 'description' }, untyped(null)), /options is null, expected an object or nothing/],
  ['generateEd25519KeyPair("x")', () => m.generateEd25519KeyPair(untyped('x')), /^generateEd25519KeyPair\(seed\): seed is a string, expected 32 bytes \(a Uint8Array\); give 32 random bytes/],
  ['generateEd25519KeyPair(16 bytes)', () => m.generateEd25519KeyPair(new Uint8Array(16)), /seed is 16 bytes, expected 32 bytes/],
  // These encoded a string or short bytes into a PEM no reader takes, silently.
  ['encodeEd25519PrivateKeyPem("x")', () => m.encodeEd25519PrivateKeyPem(untyped('x')), /^encodeEd25519PrivateKeyPem\(secretKey\): secretKey is a string, expected 32 bytes/],
  ['encodeEd25519PublicKeyPem(3 bytes)', () => m.encodeEd25519PublicKeyPem(new Uint8Array(3)), /^encodeEd25519PublicKeyPem\(publicKey\): publicKey is 3 bytes, expected 32 bytes/],
  ['ed25519KeyId({})', () => m.ed25519KeyId(untyped({})), /^ed25519KeyId\(publicKey\): publicKey is an object, expected 32 bytes/],
  ['run([…], {})', () => m.run(['--version'], untyped({})), /io\.stdout is undefined, expected a function/],
  // Guarded through the table in each entry module (src/*/mod.ts, guardArguments): the argument by kind or member.
  ['applyAcknowledgements(null)', () => m.applyAcknowledgements(untyped(null), new Set()), /^applyAcknowledgements\(result, fingerprints, formerly\): result is null, expected an object; see its type declaration/],
  ['behaviorPreimage({})', () => m.behaviorPreimage(untyped({})), /^behaviorPreimage\(contract\): contract\.behavior is undefined, expected an object/],
  ['surfacePreimage(null)', () => m.surfacePreimage(untyped(null)), /^surfacePreimage\(contract\): contract is null, expected an object/],
  ['computePromptDigest({})', () => m.computePromptDigest(untyped({})), /prompt\.tags is undefined, expected an array/],
  ["buildContractAwareness('x', 'x')", () => m.buildContractAwareness(untyped('x'), untyped('x')), /^buildContractAwareness\(result, options\): result is a string, expected an object/],
  ['checkViolations(null)', () => m.checkViolations(untyped(null), untyped(null), untyped(null)), /^checkViolations\(tool, claims, findings\): tool is null, expected a string/],
  ['checkViolations(tool, {}, [null])', () => m.checkViolations('t', untyped({}), untyped([null])), /findings\[0\] is null, expected an object/],
  ['diffReport({}, {})', () => m.diffReport(untyped({}), untyped({})), /^diffReport\(result, meta\): result\.verdict is undefined, expected a string/],
  ['formatDiffMarkdown({})', () => m.formatDiffMarkdown(untyped({})), /result\.verdict is undefined/],
  ['renderScanText({})', () => m.renderScanText(untyped({})), /^renderScanText\(report, options\): report\.files is undefined, expected an array/],
  ['renderScanGithub(null)', () => m.renderScanGithub(untyped(null)), /report is null, expected an object/],
  ['scanToSarif(5)', () => m.scanToSarif(untyped(5), untyped(5)), /^scanToSarif\(findings, options\): findings is a number, expected an array of objects/],
  ['signDsseEnvelope(type, "x", key)', () => m.signDsseEnvelope('t', untyped('x'), untyped({})), /^signDsseEnvelope\(payloadType, payload, key\): payload is a string, expected bytes \(a Uint8Array\)/],
  ['createAttestation(null) rejects', () => m.createAttestation(untyped(null), untyped(null)), /^createAttestation\(subject, config\): subject is null, expected an object/],
  ['verifyCapabilityPin(d, null) rejects', () => m.verifyCapabilityPin('00'.repeat(32), untyped(null)), /^verifyCapabilityPin\(currentDigest, config\): config is null, expected an object/],
  ['compareOutputs({}, {})', () => m.compareOutputs(untyped({}), untyped({})), /^compareOutputs\(baseline, current\): baseline\.content is undefined, expected an array/],
  ['tokenize(5)', () => m.tokenize(untyped(5)), /^tokenize\(text\): text is a number, expected a string/],
  ['mapLimit([], 1, null) rejects', () => m.mapLimit([1], 1, untyped(null)), /fn is null, expected a function/],
  ['summarizeProbeResults(undefined)', () => m.summarizeProbeResults(untyped(undefined)), /results is undefined, expected an array of objects/],
  ['isCompleteLockfile({})', () => m.isCompleteLockfile(untyped({})), /^isCompleteLockfile\(lock\): lock\.capabilities is undefined, expected an object/],
  ['undescribedPresenters({})', () => m.undescribedPresenters(untyped({})), /manifest\.tools is undefined, expected an object/],
  ['parseCommandLine(null)', () => m.parseCommandLine(untyped(null)), /^parseCommandLine\(line, home, role\): line is null, expected a string/],
  ['diff subpath: diffReport(null)', () => diffEntry.diffReport(untyped(null), untyped(null)), /^diffReport\(result, meta\): result is null/],
  ['scan subpath: describeFinding(null)', () => scanEntry.describeFinding(untyped(null)), /^describeFinding\(finding\): finding is null/],
];

test('wrong types and shapes from JavaScript callers are InputErrors that say what, where and how', async () => {
  const failures: string[] = [];
  for (const [name, call, pattern] of CASES) {
    try {
      await call();
      failures.push(`${name}: did not throw`);
    } catch (e) {
      if (!(e instanceof m.InputError)) failures.push(`${name}: ${e instanceof Error ? `${e.name}: ${e.message}` : String(e)}`);
      else if (!pattern.test(e.message)) failures.push(`${name}: message ${JSON.stringify(e.message)} does not match ${pattern}`);
    }
  }
  assert.equal(failures, []);
});

test('a well-formed set still works, and a TypeError that is not about the shape is not hidden', () => {
  assert.is(m.computeContractSetDigests(set).serverDigest.length, 64);
  // A getter that throws a TypeError of its own inside a well-shaped set: that error stands.
  const odd = { ...set, tools: { ...set.tools } };
  Object.defineProperty(odd.tools, 'zz', { enumerable: true, get() { throw new TypeError('from the getter'); } });
  assert.throws(() => m.computeContractSetDigests(odd), (e: unknown) => e instanceof TypeError && e.message === 'from the getter');
});

test('a guarded call with good arguments returns what the work returns, and an error about a value, not a kind, stands', async () => {
  assert.equal(m.tokenize('Hello world'), ['hello', 'world']);
  assert.equal(await m.mapLimit([1, 2], 1, async (n) => n * 2), [2, 4]);
  assert.match(m.renderScanGithub({ files: [], findings: [], violations: [], entitlements: {}, failed: false }), /0 file\(s\) scanned/);
  // Every argument of its kind and shape: the TypeError from inside (a finding without its members) stands.
  assert.throws(() => m.renderScanText(untyped({ files: [], findings: [{}], violations: [], entitlements: {}, failed: false })), (e: unknown) => e instanceof TypeError);
  // A value of the right kind that is wrong keeps the function's own message.
  assert.throws(() => m.parseProbeFailOn('worst'), /^Invalid --fail-on "worst"/);
});

test.run();
