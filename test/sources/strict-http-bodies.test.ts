import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { StrictBodyError, strictJsonFetch } from '../../src/sources/strict-http-bodies.ts';

/** A fetch that answers with `chunks` (split exactly there) and a content type. */
function answering(type: string, chunks: string[], status = 200): typeof fetch {
  return async () => {
    const bytes = chunks.map((c) => new TextEncoder().encode(c));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const b of bytes) controller.enqueue(b);
        controller.close();
      },
    });
    return new Response(body, { status, headers: { 'content-type': type } });
  };
}

/** uvu has no rejects(): await the promise and test what it threw. */
async function rejects(work: () => Promise<unknown>, expected: (e: unknown) => boolean, message?: string): Promise<void> {
  try {
    await work();
  } catch (e) {
    assert.ok(expected(e), `${message ?? ''} wrong error: ${String(e)}`);
    return;
  }
  assert.unreachable(`${message ?? ''} did not throw`);
}

async function readAll(f: typeof fetch): Promise<string> {
  return (await f('http://127.0.0.1/x')).text();
}

const DUP = '{"a":1,"a":2}';

test('JSON bodies: strict ones pass byte for byte; a duplicate key or lone surrogate is refused; other text is left to the SDK', async () => {
  assert.is(await readAll(strictJsonFetch(answering('application/json', ['{"b":', '[1,2]}']))), '{"b":[1,2]}');
  await rejects(() => strictJsonFetch(answering('application/json; charset=utf-8', [DUP]))('u'), (e: unknown) => e instanceof StrictBodyError && /duplicate key "a"/.test((e as Error).message));
  await rejects(() => strictJsonFetch(answering('application/json', ['"\\ud800"']))('u'), (e: unknown) => e instanceof StrictBodyError);
  assert.is(await readAll(strictJsonFetch(answering('application/json', ['<html>not json</html>']))), '<html>not json</html>');
  assert.is(await readAll(strictJsonFetch(answering('application/json', [DUP], 500))), DUP, 'error responses are the SDK\'s to report');
  assert.is(await readAll(strictJsonFetch(answering('text/plain', [DUP]))), DUP);
});

test('event streams: every event is checked whatever the line endings and chunk boundaries', async () => {
  const good = 'event: message\r\ndata: {"x":\r\ndata: 1}\r\n\r\n: comment\n\ndata:{"y":2}\r\rdata: [3]\n\n';
  for (let cut = 1; cut < good.length; cut += 3) {
    const text = await readAll(strictJsonFetch(answering('text/event-stream', [good.slice(0, cut), good.slice(cut)])));
    assert.is(text, good, `cut at ${cut}`);
  }
  const bad = `data: {"ok":true}\n\nevent: message\r\ndata: ${DUP}\r\n\r\n`;
  for (let cut = 1; cut < bad.length; cut += 5) {
    const res = await strictJsonFetch(answering('text/event-stream', [bad.slice(0, cut), bad.slice(cut)]))('u');
    await rejects(() => res.text(), (e: unknown) => e instanceof StrictBodyError, `cut at ${cut}`);
  }
  // An event cut off by the end of the stream is checked too.
  const cut = await strictJsonFetch(answering('text/event-stream', [`data: ${DUP}`]))('u');
  await rejects(() => cut.text(), (e: unknown) => e instanceof StrictBodyError);
  assert.is(await readAll(strictJsonFetch(answering('text/event-stream', ['data: {"a":1}']))), 'data: {"a":1}');
});

test.run();
