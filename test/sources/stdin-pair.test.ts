/**
 * The server's stdin is a socket pair made for each start (`stdin-pair.ts`). A start that fails
 * before any process runs must not keep our end open: `spawn` throws at once for a command line
 * it cannot hand to the system (a NUL byte in an argument; E2BIG, ENAMETOOLONG), and our end of
 * the pair was left open for every such start (one socket per attempt, for the life of the
 * process that embeds mcpfusion).
 */
import { readdirSync, readlinkSync } from 'node:fs';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StdioProcessTransport } from '../../src/sources/stdio.ts';

/** The sockets this process holds (Linux's /proc). */
function socketCount(): number {
  let n = 0;
  for (const fd of readdirSync('/proc/self/fd')) {
    try {
      if (readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:')) n++;
    } catch {
      // closed since the listing (the listing's own descriptor)
    }
  }
  return n;
}

test('a start that spawn refuses at once leaves no socket of the stdin pair open', async () => {
  if (process.platform !== 'linux') return;
  const before = socketCount();
  for (let i = 0; i < 5; i++) {
    const t = new StdioProcessTransport({ command: process.execPath, args: ['-e', '1', 'a\u0000b'], env: { ...process.env } });
    let error: unknown;
    await t.start().catch((e: unknown) => { error = e; });
    assert.ok(error instanceof Error && /null bytes/.test(error.message), String(error));
    await t.close();
  }
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(socketCount(), before, 'sockets left open by the failed starts');
});

test.run();
