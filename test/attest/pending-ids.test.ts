import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { createPendingIds } from '../../src/guard/pending-ids.ts';

// How the proxy pairs a server's answer with a client's pending request: exactly first, else the
// oldest request a client reads as the same number; 12 and "12" stay two requests.

test('exact first, then the oldest loose match; a miss takes nothing', () => {
  const p = createPendingIds<string>(16);
  p.add(3, 'three');
  p.add('3', 'string three');
  p.add('03', 'zero three');
  assert.is(p.take('3'), 'string three');
  assert.equal(p.find(' 3 ')?.exact, false);
  assert.is(p.take(' 3 '), 'three'); // the oldest a client reads as 3
  assert.is(p.take(3), 'zero three');
  assert.is(p.take(3), undefined);
  assert.is(p.size, 0);
  assert.is(p.take(null as never), undefined);
});

test('a request added again under its exact id is the newest; the cap forgets the oldest, also for loose answers', () => {
  const p = createPendingIds<string>(2);
  p.add(1, 'a');
  p.add('01', 'b');
  p.add(1, 'a again'); // now newer than '01'
  assert.is(p.take('1.0'), 'b');
  p.add(2, 'c');
  p.add(3, 'd'); // over the cap: 1 is forgotten
  assert.is(p.size, 2);
  assert.is(p.take('1'), undefined);
  assert.is(p.take('2'), 'c');
  p.clear();
  assert.is(p.take(3), undefined);
});

test('loose answers behind thousands of waiting requests pair in order', () => {
  const p = createPendingIds<number>(4096);
  for (let i = 0; i < 4000; i++) p.add(`never-${i}`, -1);
  for (let round = 0; round < 2000; round++) {
    p.add(100_000 + round, round);
    assert.equal(p.find(String(100_000 + round)), { value: round, key: p.find(100_000 + round)!.key, exact: false });
    assert.is(p.take(String(100_000 + round)), round);
  }
  assert.is(p.size, 4000);
});

test.run();
