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
    ['2026-12-06T11:45:32.033', undefined], // no zone: no instant
    ['2026-12-06T09:00:00Z', undefined], // today, hours away
    ['not a date', undefined],
  ];
  for (const [value, relation] of cases) assert.is(timeRelation(value, NOW), relation, value);
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
