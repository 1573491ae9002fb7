import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { randomUUID } from 'node:crypto';
import { runCli, tempDir } from '../helpers/cli.ts';
import { fixture, processesMatching } from './_live.ts';
import { escapedFrom, leftBehindNote, statFields, type SeenProcess } from '../../src/sources/left-behind.ts';

const NODE = process.execPath;
const LINUX = process.platform === 'linux';

/** Lock the fixture in `mode`; every helper it started is ended here whatever the outcome. */
function lockWith(mode: string): { code: number; stderr: string; helpers: number[] } {
  const marker = `left-behind-${randomUUID()}`;
  try {
    const r = runCli(['lock', '--server', `${NODE} ${fixture('detached-child.mjs')} ${mode} ${marker}`, '--lockfile', `${tempDir()}/a.lock`, '--handshake-timeout', '30000']);
    return { ...r, helpers: processesMatching(marker).map((p) => p.pid) };
  } finally {
    for (const p of processesMatching(marker)) {
      try { process.kill(p.pid, 'SIGKILL'); } catch { /* gone */ }
    }
  }
}

test('a helper the server started in a session of its own outlives the shutdown: a warning names it and how to end it; the lock is made', () => {
  if (!LINUX) return;
  const r = lockWith('detached');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.helpers.length, 1, r.stderr);
  const pid = r.helpers[0]!;
  assert.match(r.stderr, /warning: the server started a process outside its process group, which is still running after the server was shut down: pid \d+ "[^"]*left-behind-[^"]*" \(in a session of its own\); /, r.stderr);
  assert.ok(r.stderr.includes(`pid ${pid} `) && r.stderr.includes(`end it with "kill ${pid}"`), r.stderr);
});

test('a helper started late, after stdin closed, by a server that stays until it is signalled, is named too', () => {
  if (!LINUX) return;
  const r = lockWith('late');
  assert.is(r.code, 0, r.stderr);
  assert.is(r.helpers.length, 1, r.stderr);
  assert.ok(r.stderr.includes(`warning: the server started a process outside its process group, which is still running after the server was shut down: pid ${r.helpers[0]} `), r.stderr);
});

test('a helper the server ends on its way out, or one in the server\'s own group, gets no warning', () => {
  if (!LINUX) return;
  for (const mode of ['stops', 'grouped']) {
    const r = lockWith(mode);
    assert.is(r.code, 0, `${mode}: ${r.stderr}`);
    assert.not.ok(r.stderr.includes('outside its process group'), `${mode}: ${r.stderr}`);
    assert.equal(r.helpers, [], `${mode}: the helper is gone`);
  }
});

test('the topmost processes below the server outside its group are found; what runs under them is not named again', () => {
  const p = (pid: number, ppid: number, pgrp: number, session = 10): SeenProcess => ({ pid, ppid, pgrp, session, start: '1', command: `p${pid}` });
  const table = new Map([p(10, 1, 10), p(11, 10, 10), p(12, 11, 12, 12), p(13, 12, 12, 12), p(14, 10, 14), p(15, 1, 15, 15)].map((x) => [x.pid, x]));
  assert.equal(escapedFrom(table, 10, 10).map((x) => x.pid), [12, 14]);
  assert.is(leftBehindNote([table.get(12)!, table.get(14)!]).includes('pid 12 "p12" (in a session of its own), pid 14 "p14" (in process group 14)'), true);
  assert.ok(leftBehindNote([table.get(12)!, table.get(14)!]).endsWith('end them with "kill 12 14"'));
});

test('a stat line whose command name holds spaces and parentheses is read after its last ")"', () => {
  const line = '4242 (java (gw) x) S 1 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 30 0 987654 1 2 3';
  assert.equal(statFields(line), { comm: 'java (gw) x', ppid: 1, pgrp: 4242, session: 4242, start: '987654' });
  assert.is(statFields('garbage'), undefined);
});

test.run();
