/**
 * The /proc reader behind the detection of a silent server in its HTTP mode: addresses of
 * /proc/net/tcp and tcp6 (host byte order, little-endian on x86 and arm64), LISTEN rows only,
 * matched by socket inode; and, on Linux, the listeners of a real process group.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawn } from 'node:child_process';
import { createServer } from 'node:http';
import { describeListeners, listenersIn, listeningPorts, procAddress, suggestedUrl } from '../../src/sources/listening-ports.ts';

test('addresses as /proc writes them: IPv4, IPv6 loopback and wildcard, IPv4-mapped, big-endian hosts', () => {
  assert.is(procAddress('0100007F', true), '127.0.0.1');
  assert.is(procAddress('7F000001', false), '127.0.0.1');
  assert.is(procAddress('00000000', true), '0.0.0.0');
  assert.is(procAddress('00000000000000000000000001000000', true), '::1');
  assert.is(procAddress('00000000000000000000000000000000', true), '::');
  assert.is(procAddress('0000000000000000FFFF00000100007F', true), '127.0.0.1');
  assert.is(procAddress('B80D0120000000000000000001000000', true), '2001:db8:0:0:0:0:0:1');
});

test('only LISTEN rows (state 0A) of the given inodes count', () => {
  const table = [
    '  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode',
    '   0: 0100007F:0BB9 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 111 1 0000000000000000 100 0 0 10 0',
    '   1: 0100007F:0BBA 00000000:0000 0A 00000000:00000000 00:00000000 00000000  1000        0 222 1 0000000000000000 100 0 0 10 0',
    '   2: 0100007F:9C40 0100007F:0BB9 01 00000000:00000000 00:00000000 00000000  1000        0 111 1 0000000000000000 20 4 30 10 -1',
    '',
  ].join('\n');
  assert.equal(listenersIn(table, new Set(['111'])), [{ address: '127.0.0.1', port: 3001 }]);
  assert.equal(listenersIn(table, new Set(['333'])), []);
});

test('how listeners are named, and the URL suggested for them', () => {
  assert.is(describeListeners([{ address: '127.0.0.1', port: 3001 }]), 'TCP port 3001 (127.0.0.1)');
  assert.is(describeListeners([{ address: '0.0.0.0', port: 3001 }, { address: '::', port: 9464 }]), 'TCP ports 3001 (0.0.0.0) and 9464 (::)');
  assert.is(describeListeners([1, 2, 3, 4, 5, 6].map((p) => ({ address: '::1', port: p }))), 'TCP ports 1 (::1), 2 (::1), 3 (::1), 4 (::1) and 2 more');
  assert.is(suggestedUrl({ address: '0.0.0.0', port: 3001 }), 'http://127.0.0.1:3001/mcp');
  assert.is(suggestedUrl({ address: '::', port: 3001 }), 'http://127.0.0.1:3001/mcp');
  assert.is(suggestedUrl({ address: '::1', port: 80 }), 'http://[::1]:80/mcp');
  assert.is(suggestedUrl({ address: '10.1.2.3', port: 8000 }), 'http://10.1.2.3:8000/mcp');
});

test('a real process group: its listener is found, another process\'s is not; where /proc cannot tell, undefined', async () => {
  if (process.platform !== 'linux') {
    assert.is(await listeningPorts(process.pid), undefined);
    return;
  }
  // This process listens, but it is not in the child's group.
  const own = createServer().listen(0, '127.0.0.1');
  await new Promise((r) => own.once('listening', r));
  const child = spawn(process.execPath, ['-e', "require('node:http').createServer().listen(0, '127.0.0.1', () => console.log('ready'))"], { detached: true, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    await new Promise<void>((resolve, reject) => {
      child.stdout.once('data', () => resolve());
      child.once('exit', () => reject(new Error('the child exited')));
    });
    const found = await listeningPorts(child.pid!);
    assert.ok(found !== undefined && found.length === 1, JSON.stringify(found));
    assert.is(found![0]!.address, '127.0.0.1');
    assert.is.not(found![0]!.port, (own.address() as { port: number }).port);
    // No process group of that id.
    assert.is(await listeningPorts(2 ** 22 + 12345), undefined);
  } finally {
    child.kill();
    own.close();
  }
});

test.run();
