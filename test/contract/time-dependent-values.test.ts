import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { timeDependentValues, timeRelation } from '../../src/contract/time-dependent-values.ts';
import { materializeServer } from '../../src/contract/materialize.ts';

// Which strings of a listing look computed from the time it was listed: the run's time, a whole
// number of days from it to the millisecond, today's date; a date written by hand does not.

const NOW = Date.parse('2026-12-06T11:45:40.007Z');

test('timeRelation: the run time, days from it to the millisecond, and today count; dates written by hand do not', () => {
  const cases: [string, string | undefined][] = [
    ['2026-12-06T11:45:32.033Z', 'now'], // @currents/mcp 2.1.1's `to`, set when the server started
    ['2026-12-06T12:45:32+01:00', 'now'], // the same instant in another zone
    ['2026-11-06T11:45:32.032Z', '30 days before now'], // its `from`
    ['2027-12-06T11:45:39.000Z', '365 days after now'],
    ['2026-12-06', 'today'],
    ['2026-12-05', undefined],
    ['2026-11-06T11:45:32Z', undefined], // whole seconds, 30 days before: as likely written by hand
    ['2024-01-15T10:30:00.000Z', undefined], // an example, far away
    // A server's local date and time, in the zone it runs in: the date of a place where it is
    // today (at 11:45 UTC, from UTC-11's 00:45 to UTC+14's 01:45 the next day), also in local formats.
    ['2026-12-07', 'today in a time zone ahead of UTC'],
    ['2026/12/6', 'today'],
    ['12/6/2026', 'today'],
    ['6.12.2026', 'today'],
    ['07.12.2026', 'today in a time zone ahead of UTC'],
    ['2026-12-08', undefined],
    ['13/13/2026', undefined],
    ['2026-12-06T20:45:39.500', 'now in UTC+09:00'], // a local time without a zone (Tokyo)
    ['2026-12-06 03:45:38.123456', 'now in UTC-08:00'], // Python's str(datetime.now()) in Los Angeles
    ['2026-12-06T11:45:32.033', 'now in UTC'],
    ['2026-12-06T17:31:40', 'now in UTC+05:45'],
    ['2026-12-06T20:40:39.500', undefined], // 5 minutes off every zone's offset
    ['2026-12-06T20:45:00', undefined], // a whole minute: as likely written by hand
    ['2026-12-06T20:45', undefined],
    ['2026-12-07T20:45:39.500', undefined], // a day past UTC+14
    ['2026-12-06T09:00:00Z', undefined], // today, hours away
    ['not a date', undefined],
    // Today's date written in words, as code writes it (found before only with digits).
    ['06 Dec 2026', 'today'], // the date of toUTCString(): "Sun, 06 Dec 2026 11:45:32 GMT" (RFC 7231, RFC 2822)
    ['Dec 06 2026', 'today'], // toString(), toDateString(): "Sun Dec 06 2026"
    ['December 6, 2026', 'today'], // en-US, dateStyle long
    ['6 December 2026', 'today'], // en-GB
    ['7 Dec 2026', 'today in a time zone ahead of UTC'],
    ['Sept. 6th, 2026', undefined], // September, not today
    ['2026年12月6日', 'today'], // ja-JP and zh-CN, dateStyle long
    ['2026년 12월 6일', 'today'], // ko-KR
    ['2026年12月8日', undefined],
    ['31 Feb 2026', undefined],
  ];
  for (const [value, relation] of cases) assert.is(timeRelation(value, NOW), relation, value);
  // Near midnight UTC: in Los Angeles it is still yesterday, in Tokyo already tomorrow; a date a
  // server set at its start, before midnight UTC, and listed after it is today.
  const early = Date.parse('2026-12-06T07:30:00Z');
  assert.is(timeRelation('2026-12-05', early), 'today in a time zone behind UTC');
  assert.is(timeRelation('12/5/2026', early), 'today in a time zone behind UTC');
  assert.is(timeRelation('2026-12-07', early), undefined);
  const late = Date.parse('2026-12-06T15:30:00Z');
  assert.is(timeRelation('2026-12-07', late), 'today in a time zone ahead of UTC');
  assert.is(timeRelation('2026-12-05', late), undefined);
  assert.is(timeRelation('2026-12-05', Date.parse('2026-12-06T00:05:00Z')), 'today');
});

test('timeDependentValues: local dates and times in a text are found', () => {
  const tool = { name: 'r', description: 'Reports up to 12/6/2026 (as of 2026-12-06 20:45:39.500).', inputSchema: { type: 'object' } };
  const found = timeDependentValues(materializeServer({ tools: [tool] } as never), NOW);
  assert.equal(found.map((f) => [f.value, f.relation]), [['12/6/2026', 'today'], ['2026-12-06 20:45:39.500', 'now in UTC+09:00']]);
});

test('timeDependentValues: dates in words in a text are found (JavaScript\'s Date strings, English and CJK long dates)', () => {
  const tool = { name: 'r', description: 'Data as of Sun, 06 Dec 2026 11:45:32 GMT; see 2026年12月6日 and Sun Dec 06 2026 11:45:32 GMT+0000.', inputSchema: { type: 'object', properties: { since: { type: 'string', default: 'December 6, 2026' } } } };
  const found = timeDependentValues(materializeServer({ tools: [tool] } as never), NOW);
  assert.equal(found.map((f) => [f.where, f.value, f.relation]), [
    ['description', '06 Dec 2026', 'today'],
    ['description', 'Dec 06 2026', 'today'],
    ['description', '2026年12月6日', 'today'],
    ['inputSchema $.properties.since.default', 'December 6, 2026', 'today'],
  ]);
  // A date in words that is not today, and a month name beside a number that is no date, are not.
  const other = { name: 'o', description: 'Since 6 Dec 2025; up to 12 May releases in 2026.', inputSchema: { type: 'object' } };
  assert.equal(timeDependentValues(materializeServer({ tools: [other] } as never), NOW), []);
});

test('timeDependentValues: a value of a tool whose actions share its schema is named once, also for thousands of actions', () => {
  const to = { type: 'string', default: '2026-12-06T11:45:32.033Z' };
  const tool = (actions: number): Record<string, unknown> => ({
    name: 'perf', description: 'Reports.',
    inputSchema: { type: 'object', properties: { action: { type: 'string', enum: Array.from({ length: actions }, (_, i) => `a${i}`) }, to } },
  });
  for (const n of [1, 3, 1000]) {
    const found = timeDependentValues(materializeServer({ tools: [tool(n)] } as never), NOW);
    assert.equal(found, [{ tool: 'perf', where: 'inputSchema $.properties.to.default', value: '2026-12-06T11:45:32.033Z', relation: 'now' }], `${n} actions`);
  }
  // An action whose schema is its own branch is named as such.
  const branches = { name: 'b', description: 'B.', inputSchema: { type: 'object', oneOf: [
    { properties: { action: { const: 'get' }, to } }, { properties: { action: { const: 'put' } } },
  ] } };
  const where = timeDependentValues(materializeServer({ tools: [branches] } as never), NOW).map((f) => f.where);
  assert.ok(where.some((w) => w.startsWith('action "get" inputSchema')), where.join('; '));
});

test.run();
