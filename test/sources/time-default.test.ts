import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';

// A server whose listing holds the time it was made (@currents/mcp 2.1.1: schema defaults set from
// new Date() when it starts) locks differently on every run. lock says so and still writes the
// listing as it is; check's drift then comes with the same explanation.

const NODE = process.execPath;
const SERVER = `${NODE} ${join(ROOT, 'test/fixtures/servers/time-default.mjs')}`;
const LIMITS = ['--start-timeout', '30000', '--handshake-timeout', '30000', '--request-timeout', '30000'];

test('lock warns of values computed from the time of listing, names each, and writes the lockfile; check explains its drift', () => {
  const dir = tempDir();
  // The server's "today" is its start's UTC date, read by lock a moment later: a run across
  // midnight UTC would see yesterday's date, so such a run is made again (once is enough).
  const day = (): string => new Date().toISOString().slice(0, 10);
  let lock: ReturnType<typeof runCli>;
  for (let tries = 0; ; tries++) {
    const before = day();
    lock = runCli(['lock', '--server', SERVER, ...LIMITS], { cwd: dir });
    if (before === day() || tries === 1) break;
  }
  assert.is(lock.code, 0, lock.stderr);
  assert.ok(existsSync(join(dir, 'mcpfusion.lock')));
  const warning = lock.stderr.split('\n').find((l) => l.startsWith('warning: the server lists 3 values in 2 tools that look computed from the time it listed them'));
  assert.ok(warning !== undefined, lock.stderr);
  assert.ok(/tool "spec_performance" inputSchema \$\.properties\.from\.default "[^"]+" \(30 days before now\)/.test(warning!), warning);
  assert.ok(/tool "spec_performance" inputSchema \$\.properties\.to\.default "[^"]+" \(now\)/.test(warning!), warning);
  assert.ok(/tool "tests_performance" inputSchema \$\.properties\.day\.default "\d{4}-\d{2}-\d{2}" \(today\)/.test(warning!), warning);
  // The example and the description's date are written by hand: not named.
  assert.not.ok(warning!.includes('2024-01-15'), warning);
  // --quiet leaves it out.
  const quiet = runCli(['lock', '--server', SERVER, '--quiet', '--lockfile', 'q.lock', ...LIMITS], { cwd: dir });
  assert.is(quiet.code, 0, quiet.stderr);
  assert.not.ok(quiet.stderr.includes('look computed from the time'), quiet.stderr);
  // The next run lists other times: drift, with the reason beside it.
  const check = runCli(['check', '--server', SERVER, ...LIMITS], { cwd: dir });
  assert.is(check.code, 1, check.stderr + check.stdout);
  assert.ok(check.stderr.includes('look computed from the time it listed them'), check.stderr);
  assert.ok(check.stdout.includes('spec_performance') || check.stderr.includes('spec_performance'), check.stdout);
  assert.ok(warning!.includes('(a schema default set when the server starts, such as new Date().toISOString())') && warning!.includes('(an input schema changed)'), warning);
});

test('a time written into a description is named as such, not as a schema default (servers24: agent-orchestrator-mcp-server 0.8.11)', () => {
  const r = runCli(['lock', '--server', SERVER, '--server-env', 'TIME_DEFAULT_DESCRIPTION=1', ...LIMITS], { cwd: tempDir() });
  assert.is(r.code, 0, r.stderr);
  const warning = r.stderr.split('\n').find((l) => l.startsWith('warning: the server lists 1 value in 1 tool that look computed from the time it listed them'));
  assert.ok(warning !== undefined, r.stderr);
  assert.match(warning!, /\(a time written into a tool's description when the server lists it, such as "Current server time: …"\): tool "wake_me_up_later" description "\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z" \(now\); .*drift \(a description changed\)\. .*leave it out of the description \(a tool can tell the time when called\)$/);
  assert.not.ok(warning!.includes('schema default'), warning);
});

test('lock names the local date and time of a server in any time zone: Kiritimati (UTC+14) and Pago Pago (UTC-11), one of which is off the UTC date at every hour', () => {
  const dir = tempDir();
  for (const [tz, offset] of [['Pacific/Kiritimati', 'UTC+14:00'], ['Pacific/Pago_Pago', 'UTC-11:00']] as const) {
    const local = (): string => new Date().toLocaleDateString('sv-SE', { timeZone: tz });
    let lock: ReturnType<typeof runCli>;
    // The server's date is read a moment after it started: a run across its midnight is made again.
    for (let tries = 0; ; tries++) {
      const before = local();
      lock = runCli(['lock', '--server', SERVER, '--lockfile', `${tz.replace('/', '-')}.lock`, ...LIMITS], { cwd: dir, env: { TZ: tz, TIME_DEFAULT_LOCAL: '1' } });
      if (before === local() || tries === 1) break;
    }
    assert.is(lock.code, 0, lock.stderr);
    const warning = lock.stderr.split('\n').find((l) => l.includes('look computed from the time it listed them'));
    assert.ok(warning !== undefined, `${tz}: ${lock.stderr}`);
    assert.ok(warning!.startsWith('warning: the server lists 2 values in 1 tool '), `${tz}: ${warning}`);
    const day = local();
    // Its date is today in UTC or, off it, today in a zone ahead of (Kiritimati) or behind (Pago Pago) UTC.
    assert.ok(new RegExp(`tool "local_report" inputSchema \\$\\.properties\\.day\\.default "${day}" \\(today(?: in a time zone ${offset.startsWith('UTC+') ? 'ahead of' : 'behind'} UTC)?\\)`).test(warning!), `${tz}: ${warning}`);
    assert.ok(new RegExp(`tool "local_report" inputSchema \\$\\.properties\\.at\\.default "${day}T\\d{2}:\\d{2}:\\d{2}\\.\\d{6}" \\(now in ${offset.replace('+', '\\+')}\\)`).test(warning!), `${tz}: ${warning}`);
  }
});

test.run();
