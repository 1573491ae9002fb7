/**
 * The fixes of the heldout-code21 round, each on handlers written beside it: `Deno.openKv` given an
 * http(s) URL opens a remote database (network, no file). Neighbours that must still count, or stay
 * nothing, sit beside each.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { scanSource } from '../../src/scan/scan-source.ts';

/** `id identifier` of each JavaScript capability finding, sorted. */
const js = (text: string, file = 'main.ts'): string[] => scanSource(text, { file }).findings.filter((f) => f.kind === 'capability').map((f) => `${f.id} ${f.identifier ?? ''}`.trim()).sort();

test('Deno.openKv of an http(s) URL is a remote database; a path, a variable or no argument is a local file', () => {
  assert.equal(js('const kv = await Deno.openKv(`https://api.deno.com/databases/${id}/connect`);'), ['network.deno-kv-remote Deno.openKv']);
  assert.equal(js("const kv = await Deno.openKv('https://api.deno.com/databases/0f1e/connect');"), ['network.deno-kv-remote Deno.openKv']);
  assert.equal(js("const KV_URL = 'http://127.0.0.1:4512';\nconst kv = await Deno.openKv(KV_URL);"), ['network.deno-kv-remote Deno.openKv']);
  assert.equal(js('const kv = await Deno.openKv();'), ['filesystem.deno-kv Deno.openKv']);
  assert.equal(js("const kv = await Deno.openKv('./data/app.sqlite');"), ['filesystem.deno-kv Deno.openKv']);
  assert.equal(js('const kv = await Deno.openKv(`${dir}/kv.sqlite`);'), ['filesystem.deno-kv Deno.openKv']);
  assert.equal(js("const kv = await Deno.openKv(Deno.args[0]);"), ['filesystem.deno-kv Deno.openKv']);
});

test.run();
