import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { detectLegacySseAnswer, firstEventType, LegacySseAnswer } from '../../src/sources/legacy-sse-answer.ts';

/** A fetch that answers with `chunks` (split exactly there) as an event stream. */
function answering(chunks: string[]): typeof fetch {
  return async () => {
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const c of chunks) controller.enqueue(new TextEncoder().encode(c));
        controller.close();
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
}

const INITIALIZE = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'initialize', params: {} }) };
const LIST = { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) };

test('firstEventType: the type of the first event with data, once its blank line came', () => {
  assert.is(firstEventType('event: endpoint\ndata: /messages?sessionId=1\n\n'), 'endpoint');
  assert.is(firstEventType('event: endpoint\r\ndata: /m\r\n\r\n'), 'endpoint');
  assert.is(firstEventType('event:endpoint\rdata:/m\r\r'), 'endpoint');
  assert.is(firstEventType('data: {"jsonrpc":"2.0"}\n\n'), '');
  assert.is(firstEventType(': keep-alive\n\nid: 0\nevent: endpoint\n\nevent: message\ndata: {}\n\n'), 'message', 'comments and data-less events are skipped');
  assert.is(firstEventType('event: endpoint\ndata: /m\n'), undefined, 'not ended yet');
  assert.is(firstEventType('event: endpoint\ndata: /m'), undefined);
  assert.is(firstEventType(''), undefined);
});

test('an initialize POST answered by an HTTP+SSE session stream rejects; other answers pass unchanged, split anywhere', async () => {
  const legacy = ['event: end', 'point\ndata: /messages?sessionId=7\n', '\n'];
  await detectLegacySseAnswer(answering(legacy))('http://x/sse', INITIALIZE).then(
    () => assert.unreachable('should reject'),
    (error: unknown) => {
      assert.instance(error, LegacySseAnswer);
      assert.match((error as Error).message, /first event is "endpoint": "data: \/messages\?sessionId=7"/);
    },
  );
  const answer = ['id: 1\ndata:\n\n', 'event: message\ndata: {"jsonrpc":"2.0","id":0,"result":{}}\n', '\n', 'event: message\ndata: {}\n\n'];
  for (const [chunks, init] of [[answer, INITIALIZE], [legacy, LIST], [answer, LIST]] as const) {
    const r = await detectLegacySseAnswer(answering([...chunks]))('http://x/mcp', init);
    assert.is(await r.text(), chunks.join(''));
    assert.is(r.headers.get('content-type'), 'text/event-stream');
  }
});

test('an error of the stream while its first event is read reaches the reader of the body, after what came before', async () => {
  const failing: typeof fetch = async () => {
    let pulls = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls++ === 0) controller.enqueue(new TextEncoder().encode('event: mess'));
        else controller.error(new Error('broken stream'));
      },
    });
    return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } });
  };
  const r = await detectLegacySseAnswer(failing)('http://x/mcp', INITIALIZE);
  const reader = r.body!.getReader();
  assert.is(new TextDecoder().decode((await reader.read()).value), 'event: mess');
  await reader.read().then(() => assert.unreachable('should fail'), (error: Error) => assert.is(error.message, 'broken stream'));
});

test.run();
