/**
 * `mcpfusion probe record|run` end to end (the built CLI) against the real
 * @modelcontextprotocol/server-everything over stdio: record then run gives drift none for every
 * probe; edited baselines give the level their offline score implies; record keeps ids unless
 * --update and keeps comments; the gate, formats, --id, the lockfile as the judge's contract
 * source, and exit codes 2 and 3.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { applyEdits, modify } from 'jsonc-parser';
import { runCli, tempDir } from '../helpers/cli.ts';
import { EVERYTHING_SERVER, TRICKY_PROBES, TRICKY_SERVER, judge, probeDir, probeText } from './_probe.ts';

const IDS = ['echo', 'sum', 'weather', 'image', 'annotated'];

interface JsonReport {
  judge: string;
  failOn: string;
  gateFailed: boolean;
  thresholds: Record<string, number>;
  summary: { level: string | null; probes: number; fallbacks: number; counts: Record<string, number> };
  probes: { id: string; tool: string; action: string | null; score: number; level: string; judge: string; fallback: { code: string; message: string } | null; reasoning: string }[];
}

function edit(dir: string, path: (string | number)[], value: unknown): void {
  const file = join(dir, 'mcpfusion.probes.jsonc');
  const text = readFileSync(file, 'utf8');
  writeFileSync(file, applyEdits(text, modify(text, path, value, {})));
}

const dir = probeDir();

test('record writes every baseline, keeps comments, then run gives none for every probe', () => {
  const rec = runCli(['probe', 'record', '--server', EVERYTHING_SERVER], { cwd: dir });
  assert.is(rec.code, 0, rec.stderr);
  assert.is(rec.stdout, `recorded 5 probes: ${IDS.join(', ')}\nwrote "mcpfusion.probes.jsonc"\n`);
  const text = probeText(dir);
  for (const c of ['// Deterministic tools of @modelcontextprotocol/server-everything', '// integers only']) assert.ok(text.includes(c), c);
  assert.match(text, /"text": "The sum of 2 and 3 is 5\."/);
  assert.match(text, /"structuredContent": \{\n\s+"conditions": "Light rain \/ drizzle"/);

  const run = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--format', 'json'], { cwd: dir });
  assert.is(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as JsonReport;
  assert.equal(report.probes.map((p) => [p.id, p.score, p.level, p.fallback]), IDS.map((id) => [id, 1, 'none', null]));
  assert.equal(report.summary, { level: 'none', probes: 5, fallbacks: 0, counts: { none: 5, low: 0, medium: 0, high: 0 } });
  assert.equal([report.judge, report.failOn, report.gateFailed], ['offline', 'high', false]);
  assert.equal(report.thresholds, { none: 0.95, low: 0.75, medium: 0.5 });
  assert.match(run.stderr, /probe: 5 probes against .* judge offline, contracts from the live tools\/list/);
});

test('record again keeps existing baselines (no write); --update re-records an edited one', () => {
  const before = probeText(dir);
  const mtime = statSync(join(dir, 'mcpfusion.probes.jsonc')).mtimeMs;
  const again = runCli(['probe', 'record', '--server', EVERYTHING_SERVER], { cwd: dir });
  assert.is(again.code, 0, again.stderr);
  assert.is(again.stdout, `recorded 0 probes\nkept 5 existing baselines (--update re-records): ${IDS.join(', ')}\n"mcpfusion.probes.jsonc" unchanged\n`);
  assert.is(probeText(dir), before);
  assert.is(statSync(join(dir, 'mcpfusion.probes.jsonc')).mtimeMs, mtime, 'not rewritten');

  edit(dir, ['probes', 1, 'baseline', 'content', 0, 'text'], 'edited by hand');
  const kept = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--format', 'json'], { cwd: dir });
  assert.equal(JSON.parse(kept.stdout), { file: 'mcpfusion.probes.jsonc', recorded: [], kept: IDS, written: false });
  assert.match(probeText(dir), /edited by hand/);
  const updated = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--update', '--id', 'sum', '--format', 'json'], { cwd: dir });
  assert.is(updated.code, 0, updated.stderr);
  assert.equal(JSON.parse(updated.stdout), { file: 'mcpfusion.probes.jsonc', recorded: ['sum'], kept: [], written: true });
  assert.is(probeText(dir), before, 'the re-recorded baseline is byte-identical to the first recording');
});

test('edited baselines give the drift their offline score implies', () => {
  const d = probeDir();
  assert.is(runCli(['probe', 'record', '--server', EVERYTHING_SERVER], { cwd: d }).code, 0);
  // sum: one of 8 tokens changed -> 7/9 = 0.777778 (low)
  edit(d, ['probes', 1, 'baseline', 'content', 0, 'text'], 'The sum of 2 and 3 is 6.');
  // weather: structured "conditions" changed, text unchanged -> mean(1, 2.5/3) = 0.916667 (low)
  edit(d, ['probes', 2, 'baseline', 'structuredContent', 'conditions'], 'Sunny');
  // echo: {echo, goodbye} vs {echo, hello, world} -> 1/4 (high)
  edit(d, ['probes', 0, 'baseline', 'content', 0, 'text'], 'Echo: goodbye');
  // image: isError flipped -> capped at 0.25 (high)
  edit(d, ['probes', 3, 'baseline', 'isError'], true);
  const run = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--format', 'json'], { cwd: d });
  assert.is(run.code, 1, 'high drift reaches the default --fail-on high');
  const report = JSON.parse(run.stdout) as JsonReport;
  assert.equal(report.probes.map((p) => [p.id, p.score, p.level]), [
    ['echo', 0.25, 'high'],
    ['sum', 0.777778, 'low'],
    ['weather', 0.916667, 'low'],
    ['image', 0.25, 'high'],
    ['annotated', 1, 'none'],
  ]);
  assert.is(report.probes[2]!.reasoning, 'text 1 (token multiset), structuredContent 0.833333 (JSON leaves); isError unchanged; score 0.916667');
  assert.match(report.probes[3]!.reasoning, /isError changed, score capped at 0\.25/);
  assert.equal([report.summary.level, report.gateFailed], ['high', true]);
  assert.match(run.stderr, /drift high reaches --fail-on high/);

  // The gate follows --fail-on; custom thresholds move the levels.
  assert.is(runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--id', 'weather'], { cwd: d }).code, 0);
  assert.is(runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--fail-on', 'low'], { cwd: d }).code, 1);
  assert.is(runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--fail-on', 'never'], { cwd: d }).code, 0);
  const custom = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--thresholds', '0.7,0.5,0.2', '--fail-on', 'low', '--format', 'json'], { cwd: d });
  assert.is(custom.code, 0, 'at 0.7,0.5,0.2 the 0.777778 of sum is none, below --fail-on low');
  assert.equal((JSON.parse(custom.stdout) as JsonReport).probes.map((p) => p.level), ['none']);
  assert.is(runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--thresholds', '0.7,0.5,0.2', '--fail-on', 'none'], { cwd: d }).code, 1);

  // Text and Markdown reports.
  const text = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--id', 'echo'], { cwd: d });
  assert.is(text.stdout, [
    'echo  echo  score 0.2500  high  judge offline',
    '  text 0.25 (token multiset); isError unchanged; score 0.25',
    'sum  get-sum  score 0.7778  low  judge offline',
    '  text 0.777778 (token multiset); isError unchanged; score 0.777778',
    '',
    'overall drift: high; 2 probes: 0 none, 1 low, 0 medium, 1 high, 0 fallbacks; gate FAILED (--fail-on high)',
    '',
  ].join('\n'));
  const md = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--format', 'markdown', '--id', 'weather'], { cwd: d });
  assert.is(md.code, 0);
  assert.match(md.stdout, /^## mcpfusion probe: low\n/);
  assert.match(md.stdout, /\| weather \| get-structured-content \| 0\.9167 \| low \| offline \|  \| text 1 \(token multiset\), structuredContent 0\.833333 \(JSON leaves\); isError unchanged; score 0\.916667 \|/);
});

test('the judge gets the contract from the lockfile when there is one, else from the live surface', () => {
  const d = probeDir();
  assert.is(runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'sum'], { cwd: d }).code, 0);
  const dump = tempDir('mcpfusion-judge-dump-');
  const live = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--judge-command', judge('score-by-id')], { cwd: d, env: { JUDGE_DUMP: dump } });
  assert.is(live.code, 0, live.stderr);
  assert.match(live.stderr, /contracts from the live tools\/list/);
  const request = JSON.parse(readFileSync(join(dump, 'sum.json'), 'utf8'));
  assert.equal(Object.keys(request).sort(), ['action', 'baseline', 'contract', 'current', 'id', 'input', 'prompt', 'tool', 'version']);
  assert.equal([request.version, request.id, request.tool, request.action], [1, 'sum', 'get-sum', null]);
  assert.equal(request.input, { a: 2, b: 3 });
  assert.equal(request.current, { content: [{ type: 'text', text: 'The sum of 2 and 3 is 5.' }], isError: false });
  assert.equal(request.baseline, request.current);
  assert.is(request.contract.surface.name, 'get-sum');
  assert.equal(request.contract.surface.actions.default.requiredFields, ['a', 'b']);
  assert.match(request.prompt, /The tool "get-sum" was called twice/);

  assert.is(runCli(['lock', '--server', EVERYTHING_SERVER], { cwd: d }).code, 0);
  const locked = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--judge-command', judge('score-by-id')], { cwd: d, env: { JUDGE_DUMP: dump } });
  assert.is(locked.code, 0, locked.stderr);
  assert.match(locked.stderr, /contracts from lockfile "mcpfusion\.lock"/);
  const fromLock = JSON.parse(readFileSync(join(dump, 'sum.json'), 'utf8'));
  assert.is(fromLock.contract.surface.name, 'get-sum');
  assert.equal(fromLock.contract.surface.inputSchemaDigest, request.contract.surface.inputSchemaDigest);
  const missing = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--lockfile', 'nope.lock'], { cwd: d });
  assert.is(missing.code, 2);
  assert.match(missing.stderr, /No lockfile at "nope\.lock"/);
});

test('input errors exit 2; a source that fails exits 3 and leaves the file unchanged', () => {
  const d = probeDir();
  const noBaseline = runCli(['probe', 'run', '--server', EVERYTHING_SERVER], { cwd: d });
  assert.is(noBaseline.code, 2);
  assert.match(noBaseline.stderr, /5 probes have no baseline in "mcpfusion\.probes\.jsonc" \(echo, sum, weather, image, annotated\); run `mcpfusion probe record` first/);
  const unknownId = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'nope'], { cwd: d });
  assert.is(unknownId.code, 2);
  assert.match(unknownId.stderr, /No probe with the id "nope"/);
  const action = runCli(['probe', 'replay'], { cwd: d });
  assert.is(action.code, 2);
  assert.match(action.stderr, /Unknown probe action "replay"/);
  assert.is(runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--fail-on', 'low'], { cwd: d }).code, 2);
  assert.is(runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--update'], { cwd: d }).code, 2);
  const thresholds = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--thresholds', '0.5,0.7,0.9'], { cwd: d });
  assert.is(thresholds.code, 2);
  assert.match(thresholds.stderr, /strictly/);
  writeFileSync(join(d, 'mcpfusion.jsonc'), '{ "source": { "contracts": "c.json" } }');
  const contracts = runCli(['probe', 'record'], { cwd: d });
  assert.is(contracts.code, 2);
  assert.match(contracts.stderr, /needs a live source \(--server "<command>" or --url URL\), but the source is the contracts file "c\.json"/);
  writeFileSync(join(d, 'mcpfusion.jsonc'), '{}');
  const noSource = runCli(['probe', 'record'], { cwd: d });
  assert.is(noSource.code, 2);
  assert.match(noSource.stderr, /No live source/);
  const noFile = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--probes', 'missing.jsonc'], { cwd: d });
  assert.is(noFile.code, 2);
  assert.match(noFile.stderr, /No probe file at "missing\.jsonc"/);
  symlinkSync('loop-b.jsonc', join(d, 'loop-a.jsonc'));
  symlinkSync('loop-a.jsonc', join(d, 'loop-b.jsonc'));
  const loop = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--probes', 'loop-a.jsonc'], { cwd: d });
  assert.is(loop.code, 2);
  assert.match(loop.stderr, /ELOOP/);
  writeFileSync(join(d, 'bad.jsonc'), '{\n  "probes": [\n    { "id": "a", "tool": "echo", "args": {} }\n  ]\n}\n');
  const bad = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--probes', 'bad.jsonc'], { cwd: d });
  assert.is(bad.code, 2);
  assert.match(bad.stderr, /Invalid probe file "bad\.jsonc": 1 problem\n  \$\.probes\[0\]\.args \(line 3, column 34\): unknown key/);

  const before = probeText(d);
  const dead = runCli(['probe', 'record', '--server', `'${process.execPath}' -e 'process.exit(4)'`], { cwd: d });
  assert.is(dead.code, 3, dead.stderr);
  assert.match(dead.stderr, /failed at stage "initialize"/);
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), '{ "probes": [{ "id": "e", "tool": "echo" }, { "id": "f", "tool": "fail" }, { "id": "i", "tool": "invalid" }] }');
  const failedCall = runCli(['probe', 'record', '--server', TRICKY_SERVER], { cwd: d });
  assert.is(failedCall.code, 3);
  assert.match(failedCall.stderr, /Cannot record 2 of 3 probes; "mcpfusion\.probes\.jsonc" is unchanged:\n  f: the server answered with JSON-RPC error -32603: Internal error: backend down\n  i: the tool returned something that is not a CallToolResult: its "content" is not an array/);
  assert.ok(!probeText(d).includes('"baseline"'), 'nothing was written');
});

test('calls that fail, hang or return garbage during run are medium fallbacks; the run completes', () => {
  const d = tempDir('mcpfusion-probe-tricky-');
  // The calls that answer must do so within --timeout on a loaded machine too.
  const run = runCli(['probe', 'run', '--server', TRICKY_SERVER, '--probes', TRICKY_PROBES, '--timeout', '5000', '--format', 'json', '--fail-on', 'medium'], { cwd: d });
  assert.is(run.code, 0, run.stderr);
  const report = JSON.parse(run.stdout) as JsonReport;
  assert.equal(report.probes.map((p) => [p.id, p.score, p.level, p.fallback?.code ?? null]), [
    ['echo', 1, 'none', null],
    ['fail', 0.5, 'medium', 'call-failed'],
    ['hang', 0.5, 'medium', 'call-timeout'],
    ['invalid', 0.5, 'medium', 'call-invalid-result'],
  ]);
  assert.match(report.probes[1]!.fallback!.message, /JSON-RPC error -32603: Internal error: backend down/);
  assert.match(report.probes[2]!.fallback!.message, /did not finish within 5000 ms/);
  assert.equal(report.summary, { level: 'none', probes: 4, fallbacks: 3, counts: { none: 1, low: 0, medium: 0, high: 0 } });
  const text = runCli(['probe', 'run', '--server', TRICKY_SERVER, '--probes', TRICKY_PROBES, '--id', 'fail'], { cwd: d });
  assert.is(text.stdout, 'fail  fail  score 0.5000  medium (fallback)  judge offline\n  fallback call-failed: the tool call failed: the server answered with JSON-RPC error -32603: Internal error: backend down\n\noverall drift: no judgement (every probe fell back); 1 probe: 0 none, 0 low, 0 medium, 0 high, 1 fallback; gate passed (--fail-on high)\n');
});

test('a tool that disappeared answers with isError: recorded with a warning, high drift on run', () => {
  const d = probeDir();
  assert.is(runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'sum'], { cwd: d }).code, 0);
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), probeText(d).replace('"tool": "get-sum"', '"tool": "no-such-tool"'));
  const run = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'sum', '--format', 'json'], { cwd: d });
  assert.is(run.code, 1, run.stderr);
  const p = (JSON.parse(run.stdout) as JsonReport).probes[0]!;
  assert.equal([p.tool, p.level, p.fallback], ['no-such-tool', 'high', null]);
  assert.match(p.reasoning, /isError changed/);
  assert.match(run.stderr, /warning: the tool "no-such-tool" is not in the live tools\/list; its judge gets no contract/);
  const rec = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'sum', '--update'], { cwd: d });
  assert.is(rec.code, 0);
  assert.match(rec.stderr, /warning: probe "sum": the tool reported an error \(isError\); recorded as the baseline/);
  assert.match(probeText(d), /"isError": true/);
});

test('a tool that disappeared from a server answering unknown tools with a JSON-RPC error (older SDKs) is high drift, not a fallback', () => {
  const d = tempDir('mcpfusion-probe-gone-');
  const baseline = { content: [{ type: 'text', text: 'Echo: hi' }] };
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes: [
    { id: 'gone', tool: 'gone', arguments: { message: 'hi' }, baseline },
    { id: 'fail', tool: 'fail', arguments: { message: 'hi' }, baseline },
  ] }));
  const run = runCli(['probe', 'run', '--server', TRICKY_SERVER, '--format', 'json'], { cwd: d });
  assert.is(run.code, 1, run.stderr);
  const [gone, fail] = (JSON.parse(run.stdout) as JsonReport).probes;
  assert.equal([gone!.level, gone!.fallback], ['high', null]);
  assert.match(gone!.reasoning, /isError changed/);
  assert.match(run.stderr, /warning: the tool "gone" is not in the live tools\/list and its call failed \(JSON-RPC error -32602: Unknown tool: gone\); judged as the server's error answer/);
  // A listed tool whose call fails is still a fallback: the server may only be down for a moment.
  assert.equal([fail!.level, fail!.fallback?.code], ['medium', 'call-failed']);
});

test('record stores the secrets the server was given as a placeholder and warns about a credential it was not given; run compares equal and the judge never gets the secrets', () => {
  const d = tempDir();
  const token = ['ghp', 'A1b2C3d4E5f6A1b2C3d4E5f6A1b2C3d4E5f6'].join('_');
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes: [
    { id: 'plain', tool: 'echo', arguments: { message: 'hello world' } },
    { id: 'shaped', tool: 'echo', arguments: { message: `token ${token}` } },
    { id: 'given', tool: 'echo', arguments: { message: 'key=swordfish-0123' } },
    // Given with --server-env under a name like no secret's, but like a token.
    { id: 'cred', tool: 'echo', arguments: { message: 'cred pg-given-5555' } },
  ] }));
  const given = ['--server-env', 'DEMO_API_KEY=swordfish-0123', '--server-env', 'SERVICE_CRED=pg-given-5555'];
  const rec = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, ...given], { cwd: d });
  assert.is(rec.code, 0, rec.stderr);
  const said = rec.stderr.split('\n').filter((l) => /^(?:warning|note): probe/.test(l));
  assert.equal(said, [
    'warning: probe "shaped": the tool\'s answer holds a credential of a known shape (credential.github-token); the baseline stores it verbatim in "mcpfusion.probes.jsonc": review the file before committing it, or probe with arguments whose answer holds no secret',
    'note: probe "given": the tool\'s answer holds the value of the server\'s environment variable DEMO_API_KEY; stored in the baseline as <redacted-secret>',
    'note: probe "cred": the tool\'s answer holds the value of the server\'s environment variable SERVICE_CRED; stored in the baseline as <redacted-secret>',
  ]);
  assert.ok(!rec.stderr.includes('swordfish-0123') && !rec.stderr.includes('pg-given-5555'), 'the secret itself is never shown');
  // The probes' arguments are the user's own text; the baselines are the tool's answers.
  const baselines = JSON.stringify((JSON.parse(readFileSync(join(d, 'mcpfusion.probes.jsonc'), 'utf8')) as { probes: { baseline: unknown }[] }).probes.map((p) => p.baseline));
  assert.ok(baselines.includes(token), 'a credential the source was not given is recorded verbatim (with the warning)');
  assert.not.match(baselines, /swordfish-0123|pg-given-5555/);
  assert.match(baselines, /key=<redacted-secret>/);
  // run puts the same placeholder into today's answers: they compare equal, and the judge gets neither secret.
  const dump = tempDir();
  const run = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, ...given, '--format', 'json'], { cwd: d });
  assert.is(run.code, 0, run.stderr);
  assert.equal((JSON.parse(run.stdout) as JsonReport).probes.map((p) => p.level), ['none', 'none', 'none', 'none']);
  const judged = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, ...given, '--judge-command', judge('score-by-id')], { cwd: d, env: { JUDGE_DUMP: dump } });
  assert.is(judged.code, 0, judged.stderr);
  const request = JSON.parse(readFileSync(join(dump, 'given.json'), 'utf8')) as { baseline: unknown; current: unknown };
  assert.match(JSON.stringify([request.baseline, request.current]), /^\[\{"content":\[\{"text":"Echo: key=<redacted-secret>"[^]*"Echo: key=<redacted-secret>"/);
  // Nowhere in the request, the probe's arguments included.
  assert.not.match(readFileSync(join(dump, 'given.json'), 'utf8'), /swordfish-0123/);
  // A baseline recorded before (holding the secret verbatim) is compared, and judged, with it replaced.
  edit(d, ['probes', 2, 'baseline'], { content: [{ type: 'text', text: 'Echo: key=swordfish-0123' }] });
  const old = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, ...given, '--id', 'given', '--judge-command', judge('score-by-id')], { cwd: d, env: { JUDGE_DUMP: dump } });
  assert.is(old.code, 0, old.stderr);
  assert.not.match(readFileSync(join(dump, 'given.json'), 'utf8'), /swordfish-0123/);
  const quiet = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--update', '--quiet'], { cwd: d });
  assert.is(quiet.code, 0, quiet.stderr);
  assert.not.match(quiet.stderr, /(?:warning|note): probe/);
});

test.run();
