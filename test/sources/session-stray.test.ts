import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { join } from 'node:path';
import { ROOT } from '../helpers/cli.ts';
import { openSession, type McpSession } from '../../src/sources/session.ts';
import { stdioConnection } from '../../src/sources/stdio.ts';

const STRAY = /the server sent a response whose id answers no open request/;

async function withSession(work: (session: McpSession) => Promise<void>): Promise<void> {
  const session = await openSession(
    stdioConnection({ command: process.execPath, args: [join(ROOT, 'test/fixtures/servers/stray-call.mjs')], env: process.env, graceMs: 500 }),
    // Limits a loaded machine's node start (1-3 s) never reaches: every session here opens.
    { start: 30_000, handshake: 30_000, request: 30_000 },
  );
  try {
    await work(session);
  } finally {
    await session.close();
  }
}

const failure = (work: Promise<unknown>): Promise<string> => work.then(() => 'no failure', (e: Error) => e.message);

test('session: an answer carrying the id of a request never sent fails the call at once, not at its time limit', async () => {
  await withSession(async (session) => {
    const started = Date.now();
    // A limit far above a round trip on a loaded machine: the call fails long before it.
    const message = await failure(session.callTool('other-id', {}, { timeoutMs: 60_000 }));
    assert.match(message, STRAY);
    assert.ok(message.includes(String.raw`\"text\":\"other\"`), message);
    assert.ok(Date.now() - started < 30_000, `it waited ${Date.now() - started} ms`);
    assert.match(await failure(session.callTool('echo', {})), /broke earlier: the server sent a response whose id answers no open request/);
  });
});

test('session: a second, different answer to a call already answered breaks the session (the first was not the only answer)', async () => {
  await withSession(async (session) => {
    assert.equal(await session.callTool('twice', {}), { content: [{ type: 'text', text: 'first' }] });
    // The second answer comes 30 ms after the first, later on a loaded machine: calls that pass
    // before it has come are fine; the first call after it fails.
    let message = 'no failure';
    for (const deadline = Date.now() + 10_000; message === 'no failure' && Date.now() < deadline;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      message = await failure(session.callTool('echo', {}));
    }
    assert.match(message, STRAY);
    assert.ok(message.includes(String.raw`\"text\":\"second\"`), message);
  });
});

test('session: the late answer to a call given up at its time limit is not a stray response', async () => {
  await withSession(async (session) => {
    assert.match(await failure(session.callTool('late', {}, { timeoutMs: 100 })), /no answer within 100 ms/);
    await new Promise((resolve) => setTimeout(resolve, 600)); // the late answer has come by now
    assert.equal(await session.callTool('echo', {}), { content: [{ type: 'text', text: 'echo' }] });
  });
});

test('session: the late answer to an aborted call is not a stray response', async () => {
  await withSession(async (session) => {
    const abort = new AbortController();
    const call = failure(session.callTool('late', {}, { signal: abort.signal }));
    setTimeout(() => abort.abort(new Error('stop')), 50);
    assert.match(await call, /was aborted/);
    await new Promise((resolve) => setTimeout(resolve, 600));
    assert.equal(await session.callTool('echo', {}), { content: [{ type: 'text', text: 'echo' }] });
  });
});

test.run();
