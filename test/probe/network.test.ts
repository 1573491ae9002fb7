/**
 * The probe module opens no network connection of its own: with a guard preloaded into the CLI
 * (test/fixtures/probe/net-guard.mjs records every TCP connect, UDP send and DNS lookup), a
 * record and a run against server-everything over Streamable HTTP on 127.0.0.1 contact only that
 * server's port (with the offline judge and with a judge command), and a run over stdio contacts
 * nothing but the Unix socket pair that carries the server's stdin. In process, runProbes with the offline judge makes no attempt whatsoever.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import dgram from 'node:dgram';
import dns from 'node:dns';
import net from 'node:net';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { LOOPBACK_PRELOAD, realServer, startHttpServer, type StartedServer } from '../sources/_live.ts';
import { offlineJudge } from '../../src/probe/offline-judge.ts';
import { runProbes } from '../../src/probe/run-probes.ts';
import { EVERYTHING_SERVER, judge, probeDir } from './_probe.ts';

const GUARD = join(ROOT, 'test/fixtures/probe/net-guard.mjs');

interface Attempt { pid: number; kind: string; host?: string; port?: number; path?: string }

/** Run the CLI with the guard; returns the result and the CLI process's own attempts. */
function guarded(args: string[], cwd: string): { code: number; stdout: string; stderr: string; attempts: Attempt[]; children: number } {
  const log = join(tempDir('mcpfusion-net-guard-'), 'log.jsonl');
  const r = runCli(args, { cwd, env: { NODE_OPTIONS: `--import=${GUARD}`, NET_GUARD_LOG: log } });
  assert.ok(existsSync(log), `the guard ran: ${r.stderr}`);
  const all = readFileSync(log, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Attempt);
  const cliPid = all[0]!.pid; // the CLI loads first; servers and judges it starts come later
  const pids = new Set(all.map((a) => a.pid));
  return { ...r, attempts: all.filter((a) => a.pid === cliPid && a.kind !== 'guard-loaded'), children: pids.size - 1 };
}

let server: StartedServer | undefined;

test('over HTTP on loopback: record and run contact only the source port', async () => {
  server = await startHttpServer(['--import', LOOPBACK_PRELOAD, realServer('everything'), 'streamableHttp']);
  const url = `http://127.0.0.1:${server.port}/mcp`;
  const dir = probeDir();
  const allowed = (a: Attempt): boolean =>
    (a.kind === 'tcp' && a.host === '127.0.0.1' && a.port === server!.port) || (a.kind === 'dns-lookup' && a.host === '127.0.0.1');
  const runs = [
    guarded(['probe', 'record', '--url', url], dir),
    guarded(['probe', 'run', '--url', url, '--format', 'json'], dir),
    guarded(['probe', 'run', '--url', url, '--format', 'json', '--judge-command', judge('score-by-id')], dir),
  ];
  for (const [i, r] of runs.entries()) {
    assert.is(r.code, 0, `run ${i}: ${r.stderr}`);
    assert.ok(r.attempts.some((a) => a.kind === 'tcp' && a.port === server!.port), `run ${i}: the guard saw the connections to the source (positive control)`);
    assert.equal(r.attempts.filter((a) => !allowed(a)), [], `run ${i}: only 127.0.0.1:${server.port}; saw ${JSON.stringify(r.attempts)}`);
  }
  assert.is(runs[2]!.children, 5, 'the judge command ran once per probe, in its own processes');
  for (const r of runs.slice(1)) {
    const report = JSON.parse(r.stdout) as { summary: { level: string; fallbacks: number; probes: number } };
    assert.equal(report.summary.level, 'none');
    assert.equal([report.summary.probes, report.summary.fallbacks], [5, 0]);
  }
});

test('over stdio: no network attempt at all', () => {
  const dir = probeDir();
  const rec = guarded(['probe', 'record', '--server', EVERYTHING_SERVER, '--id', 'echo'], dir);
  assert.is(rec.code, 0, rec.stderr);
  const run = guarded(['probe', 'run', '--server', EVERYTHING_SERVER, '--id', 'echo'], dir);
  assert.is(run.code, 0, run.stderr);
  // The one connect a stdio source makes is local: the Unix socket pair that carries the server's
  // stdin, through a socket file in a fresh directory of the temporary directory (src/sources/stdin-pair.ts).
  const stdinPair = (a: Attempt): boolean => a.host === undefined && a.path !== undefined && /[\\/]mcpfusion-[^\\/]+[\\/]s$/.test(a.path);
  assert.equal([...rec.attempts, ...run.attempts].filter((a) => !stdinPair(a)), []);
});

test('in process: runProbes with the offline judge makes no network attempt', async () => {
  const attempts: string[] = [];
  const restore: (() => void)[] = [];
  const wrap = <T extends object>(owner: T, key: keyof T & string, label: string): void => {
    const original = owner[key] as unknown as (...a: unknown[]) => unknown;
    (owner as Record<string, unknown>)[key] = function (this: unknown, ...a: unknown[]) {
      attempts.push(label);
      return original.apply(this, a);
    };
    restore.push(() => ((owner as Record<string, unknown>)[key] = original));
  };
  wrap(net.Socket.prototype, 'connect', 'tcp');
  wrap(dgram.Socket.prototype, 'send', 'udp');
  wrap(dns, 'lookup', 'dns');
  wrap(dns.promises, 'lookup', 'dns');
  try {
    // positive control: the wrappers see a connection attempt
    await new Promise<void>((resolve) => {
      const s = net.connect({ host: '127.0.0.1', port: 9 });
      s.on('error', () => resolve());
      s.on('connect', () => { s.destroy(); resolve(); });
    });
    assert.equal(attempts, ['tcp']);
    attempts.length = 0;
    const baseline = { content: [{ type: 'text', text: 'x' }], isError: false };
    const report = await runProbes(
      [{ id: 'a', tool: 't', arguments: {}, baseline }, { id: 'b', tool: 't', arguments: {}, baseline }],
      { adapter: offlineJudge(), callTool: async () => ({ content: [{ type: 'text', text: 'x' }] }) },
    );
    assert.is(report.summary.level, 'none');
    assert.equal(attempts, []);
  } finally {
    for (const r of restore) r();
  }
});

test.after(() => server?.stop());

test.run();
