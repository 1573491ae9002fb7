/**
 * `--judge-command`: a judge that crashes, hangs (with a helper process in its group), prints
 * garbage or returns 1.7 yields a medium fallback with the reason while the run completes, and no
 * judge process is left running; exact boundary scores through a judge command; the adapter on
 * its own (library use) kills the group on abort.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { chmodSync, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { runCli, tempDir } from '../helpers/cli.ts';
import { commandJudge } from '../../src/sources/judge-command.ts';
import { runProbes } from '../../src/probe/run-probes.ts';
import { EVERYTHING_SERVER, judge, probeDir } from './_probe.ts';
import { writeFileSync } from 'node:fs';

interface Result { id: string; score: number; level: string; judge: string; fallback: { code: string; message: string } | null; reasoning: string }

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function nextDown(x: number): number {
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  view.setBigUint64(0, view.getBigUint64(0) - 1n);
  return view.getFloat64(0);
}

const dir = probeDir();
const recorded = runCli(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'echo', '--id', 'sum'], { cwd: dir });

function runWith(judgeLine: string, env: Record<string, string> = {}, extra: string[] = []): { code: number; results: Result[]; stderr: string; stdout: string } {
  const r = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'echo', '--id', 'sum', '--judge-command', judgeLine, '--format', 'json', '--fail-on', 'medium', ...extra], { cwd: dir, env });
  return { code: r.code, stderr: r.stderr, stdout: r.stdout, results: r.code <= 1 && r.stdout ? (JSON.parse(r.stdout) as { probes: Result[] }).probes : [] };
}

test('the probes were recorded', () => {
  assert.is(recorded.code, 0, recorded.stderr);
});

test('a judge that crashes: medium fallback with its exit code and stderr; run completes', () => {
  const r = runWith(judge('crash'));
  assert.is(r.code, 0, r.stderr);
  for (const p of r.results) {
    assert.equal([p.score, p.level, p.judge, p.fallback?.code], [0.5, 'medium', 'command:node', 'judge-failed']);
    assert.match(p.fallback!.message, /the judge command exited with exit code 3; its stderr ends with: judge exploded: no model available/);
  }
});

test('--timeout above 2147483647 ms (the largest Node timer) is refused with exit 2', () => {
  const r = runWith(judge('garbage'), {}, ['--timeout', '2147483648']);
  assert.is(r.code, 2, r.stderr);
  assert.match(r.stderr, /--timeout must be at most 2147483647 ms \(about 24\.8 days\), got "2147483648"/);
});

test('--timeout 2147483647 (the largest accepted) is a long limit for the tool call too, not a 1 ms one', () => {
  const r = runWith(judge('score-by-id'), {}, ['--timeout', '2147483647']);
  assert.is(r.code, 0, r.stderr);
  assert.is(r.results.length, 2);
  for (const p of r.results) assert.equal([p.id, p.fallback, p.score], [p.id, null, 1], JSON.stringify(p.fallback));
});

test('a judge that prints garbage: judge-unparsable', () => {
  const r = runWith(judge('garbage'));
  assert.is(r.code, 0, r.stderr);
  for (const p of r.results) {
    assert.equal([p.score, p.level, p.fallback?.code], [0.5, 'medium', 'judge-unparsable']);
    assert.match(p.fallback!.message, /not a JSON object: "Sure! These outputs look pretty similar to me\."/);
  }
});

test('a judge that returns 1.7: judge-out-of-range', () => {
  const r = runWith(judge('out-of-range'));
  assert.is(r.code, 0, r.stderr);
  for (const p of r.results) {
    assert.equal([p.score, p.level, p.fallback?.code], [0.5, 'medium', 'judge-out-of-range']);
    assert.match(p.fallback!.message, /similarityScore 1\.7 is outside 0\.\.1/);
  }
});

test('a judge that hangs: killed with its helper at the time limit, judge-timeout, nothing left running', () => {
  const pids = tempDir('mcpfusion-judge-pids-');
  // The judge is a node process that must start and write its pids before the time limit: node's
  // start alone took 1.1-3 s on a loaded 2-core machine, so the limit is well above that.
  const r = runWith(judge('hang'), { JUDGE_PIDS: pids }, ['--timeout', '10000']);
  assert.is(r.code, 0, r.stderr);
  for (const p of r.results) {
    assert.equal([p.score, p.level, p.fallback?.code], [0.5, 'medium', 'judge-timeout']);
    assert.match(p.fallback!.message, /the judge did not answer within 10000 ms/);
  }
  const files = readdirSync(pids);
  assert.is(files.length, 2, 'one judge per probe started');
  for (const f of files) {
    const [judgePid, helperPid] = readFileSync(join(pids, f), 'utf8').split(' ').map(Number) as [number, number];
    assert.ok(!alive(judgePid), `judge ${judgePid} is gone`);
    assert.ok(!alive(helperPid), `its helper ${helperPid} is gone`);
  }
});

test('a judge command that does not exist is exit 2 before any probe runs (a typo must not pass the gate as "no judgement")', () => {
  const byPath = runWith('/nonexistent/judge --x');
  assert.is(byPath.code, 2, byPath.stderr);
  // --format json: the error as a JSON document, no probe result (servers27).
  assert.equal(JSON.parse(byPath.stdout), { error: { exitCode: 2, message: 'Cannot use --judge-command: the judge command "/nonexistent/judge" was not found; check the path', name: 'InputError' } });
  assert.match(byPath.stderr, /Cannot use --judge-command: the judge command "\/nonexistent\/judge" was not found; check the path/);
  const byName = runWith('pyhton3-not-here judge.py');
  assert.is(byName.code, 2, byName.stderr);
  assert.match(byName.stderr, /the judge command "pyhton3-not-here" was not found; check its name and the PATH, or give its path/);
  assert.not.match(byName.stderr, /^probe: /m, 'no probe ran');
  // A folder given as the judge is named as one (it said "was not found; check the path").
  const folder = runWith(tempDir('mcpfusion-judge-folder-'));
  assert.is(folder.code, 2, folder.stderr);
  assert.match(folder.stderr, /Cannot use --judge-command: the judge command "[^"]+" is a directory, not a program; give the path of the judge program in it/);
});

test('a judge file without the execute permission is exit 2; one found through PATH runs', () => {
  const bin = tempDir('mcpfusion-judge-bin-');
  writeFileSync(join(bin, 'myjudge'), `#!${process.execPath}\nprocess.stdin.resume();process.stdin.on('end',()=>console.log(JSON.stringify({similarityScore:1})))\n`, { mode: 0o644 });
  const denied = runWith(join(bin, 'myjudge'));
  assert.is(denied.code, 2, denied.stderr);
  assert.match(denied.stderr, /cannot be executed \(permission denied\); make it executable or run it through its interpreter/);
  chmodSync(join(bin, 'myjudge'), 0o755);
  const found = runWith('myjudge', { PATH: `${bin}${delimiter}${process.env['PATH'] ?? ''}` });
  assert.is(found.code, 0, found.stderr);
  assert.equal(found.results.map((p) => [p.fallback, p.level]), [[null, 'none'], [null, 'none']]);
});

test('library: a judge command that cannot start is a judge-failed fallback naming it', async () => {
  const adapter = commandJudge('/nonexistent/judge --x', { env: process.env });
  const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
  const report = await runProbes([{ id: 'n', tool: 't', arguments: {}, baseline, current: baseline }], { adapter });
  assert.is(report.results[0]!.fallback?.code, 'judge-failed');
  assert.match(report.results[0]!.fallback!.message, /the judge command "\/nonexistent\/judge" was not found/);
  assert.is(report.results[0]!.judge, 'command:judge');
});

test('a judge command line that needs a shell is an input error', () => {
  const r = runWith('node judge.mjs | tee log');
  assert.is(r.code, 2);
  assert.match(r.stderr, /Cannot parse the judge command line at column 16: the operator "\|" needs a shell, and mcpfusion runs the judge without one/);
  assert.not.match(r.stderr, /server/);
  const empty = runWith('FOO=1');
  assert.is(empty.code, 2);
  assert.match(empty.stderr, /The judge command line is empty \(it only sets variables\); give the program to run, e\.g\. --judge-command "node judge\.mjs"/);
});

test('exact boundaries through a judge command: 0.95, 0.75, 0.5 and the next double below each', () => {
  const scores = [0.95, nextDown(0.95), 0.75, nextDown(0.75), 0.5, nextDown(0.5)];
  const d = tempDir('mcpfusion-probe-bounds-');
  const baseline = { content: [{ type: 'text', text: 'Echo: x' }], isError: false };
  writeFileSync(join(d, 'mcpfusion.probes.jsonc'), JSON.stringify({ probes: scores.map((s) => ({ id: `s=${s}`, tool: 'echo', arguments: { message: 'x' }, baseline })) }));
  const r = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--judge-command', judge('score-by-id'), '--format', 'json', '--fail-on', 'never'], { cwd: d });
  assert.is(r.code, 0, r.stderr);
  const results = (JSON.parse(r.stdout) as { probes: Result[] }).probes;
  assert.equal(results.map((p) => p.score), scores);
  assert.equal(results.map((p) => p.level), ['none', 'low', 'low', 'medium', 'medium', 'high']);
  assert.ok(results.every((p) => p.fallback === null && p.reasoning.startsWith('scored by id')));
  const gate = runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--judge-command', judge('score-by-id'), '--id', `s=${nextDown(0.5)}`], { cwd: d });
  assert.is(gate.code, 1, 'just below 0.5 is high, which fails the default gate');
  assert.is(runCli(['probe', 'run', '--server', EVERYTHING_SERVER, '--judge-command', judge('score-by-id'), '--id', 's=0.5'], { cwd: d }).code, 0);
});

test('library: the command judge kills its process group when the probe runs out of time', async () => {
  const pids = tempDir('mcpfusion-judge-pids-');
  const adapter = commandJudge(judge('hang'), { env: { ...process.env, JUDGE_PIDS: pids } });
  const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
  // A limit above a loaded machine's node start (the judge writes its pids once it runs).
  const report = await runProbes([{ id: 'h', tool: 't', arguments: {}, baseline, current: baseline }], { adapter, timeoutMs: 10_000 });
  assert.is(report.results[0]!.fallback?.code, 'judge-timeout');
  const [judgePid, helperPid] = readFileSync(join(pids, readdirSync(pids)[0]!), 'utf8').split(' ').map(Number) as [number, number];
  assert.ok(!alive(judgePid) && !alive(helperPid), 'judge and helper are gone before runProbes resolved');
});

test('library: a process the judge started in a session of its own (setsid) is ended with the judge, at its exit and at the time limit (Linux)', async () => {
  if (process.platform !== 'linux') return; // found through /proc/<pid>/environ
  const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
  const dir = tempDir('mcpfusion-judge-setsid-');
  /** The pids of processes running exactly `sleep <seconds>`, started by this test's judges. */
  const sleeping = (seconds: string): number[] => readdirSync('/proc').filter((e) => /^\d+$/.test(e)).filter((e) => {
    try { return readFileSync(`/proc/${e}/cmdline`, 'utf8') === `sleep\0${seconds}\0`; } catch { return false; }
  }).map(Number);
  // Durations of this run's own (its pid in the fraction): a sleep left by another run, before the
  // fix or by another test process, is not this run's to count.
  const own = (s: string): string => `${s}${process.pid}`;
  const cases: [string, string, string, number][] = [
    // It answers and exits at once; the process it left in a new session holds no pipe of its.
    [own('4321.25'), `setsid sleep ${own('4321.25')} </dev/null >/dev/null 2>&1 & echo '{"similarityScore":1}'`, 'none', 10_000],
    // setsid forks (the judge leads its group), its parent exits: the judge is gone at once, the shell and sleep run on.
    [own('4321.5'), `exec setsid sh -c 'sleep ${own('4321.5')}'`, 'judge-unparsable', 10_000],
    // The same, with a shell that forks sleep (a second command after it) instead of becoming it.
    [own('4321.6'), `exec setsid sh -c 'sleep ${own('4321.6')}; true'`, 'judge-unparsable', 10_000],
    // It keeps the judge waiting: the time limit ends it and what it started.
    [own('4321.75'), `setsid sleep ${own('4321.75')} & wait`, 'judge-timeout', 1_000],
  ];
  for (const [seconds, script, code, timeoutMs] of cases) {
    const file = join(dir, `judge-${seconds}.sh`);
    writeFileSync(file, `${script}\n`);
    const adapter = commandJudge(`sh ${file}`, { env: { ...process.env } });
    const report = await runProbes([{ id: 's', tool: 't', arguments: {}, baseline, current: baseline }], { adapter, timeoutMs });
    assert.is(report.results[0]!.fallback?.code ?? 'none', code, JSON.stringify(report.results[0]));
    const left = sleeping(seconds);
    for (const pid of left) process.kill(pid, 'SIGKILL'); // the test's own, were it left
    assert.equal(left, [], `sleep ${seconds} outlived its judge`);
  }
});

test('a judge killed by a signal: the fallback names the signal, not an exit code', async () => {
  const adapter = commandJudge(`'${process.execPath}' -e "process.kill(process.pid, 'SIGKILL')"`, { env: process.env });
  const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
  const report = await runProbes([{ id: 'k', tool: 't', arguments: {}, baseline, current: baseline }], { adapter });
  assert.is(report.results[0]!.fallback?.code, 'judge-failed');
  assert.is(report.results[0]!.fallback?.message, 'the judge failed: the judge command ended (killed by SIGKILL)');
});

test('library: a failed judge\'s stderr tail hides its key and credentials of a known shape', async () => {
  // A judge that dies naming its provider key (from its environment, under a secret name) and a
  // token in a variable not named like a secret: neither reaches the probe report.
  const key = 'judge-provider-key-0123456789';
  const token = `ghp_${'A1b2C3d4E5'.repeat(4)}`;
  const adapter = commandJudge(`'${process.execPath}' -e "console.error('auth failed with ' + process.env.MODEL_API_KEY + ' and ' + process.env.GH); process.exit(2)"`, {
    env: { ...process.env, MODEL_API_KEY: key, GH: token },
  });
  const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
  const report = await runProbes([{ id: 's', tool: 't', arguments: {}, baseline, current: baseline }], { adapter });
  const message = report.results[0]!.fallback?.message ?? '';
  assert.match(message, /its stderr ends with: auth failed with \*\*\* and \*\*\*$/);
  assert.not.ok(message.includes(key) || message.includes(token), message);
});


test('library: a judge that floods its stdout (past 1 MiB, without end) is stopped and falls back; one that answers and exits 0 after a valid answer padded past the limit does too', async () => {
  const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
  for (const code of [
    "setInterval(() => process.stdout.write('y'.repeat(65536)), 1)",
    "process.stdout.write(JSON.stringify({ similarityScore: 1, reasoning: 'z'.repeat(2 * 1024 * 1024) }))",
  ]) {
    const adapter = commandJudge(`'${process.execPath}' -e "${code}"`, { env: process.env });
    const report = await runProbes([{ id: 'f', tool: 't', arguments: {}, baseline, current: baseline }], { adapter, timeoutMs: 60_000 });
    assert.is(report.results[0]!.fallback?.code, 'judge-failed', code);
    assert.match(report.results[0]!.fallback!.message, /the judge printed more than 1048576 bytes/);
    assert.is(report.results[0]!.score, 0.5);
  }
});

test.run();
