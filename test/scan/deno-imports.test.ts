/**
 * Deno-ecosystem imports: `jsr:` specifiers, Deno standard library URLs (deno.land/std, jsr.io),
 * deno.land/x and npm CDN URLs name packages whose rows apply; the standard library modules with
 * capabilities (@std/fs, @std/dotenv, @std/http, @std/net, @std/crypto, @std/log, @std/tar) and
 * dax have rows; a static import of any other URL is "not analyzed".
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isRemoteFileSpecifier, lookupModule, normalizeSpecifier } from '../../src/scan/pattern-index.ts';

test('jsr: specifiers lose the version (any range) like npm: ones; subpaths stay', () => {
  assert.is(normalizeSpecifier('jsr:@std/fs@^1.0.0'), '@std/fs');
  assert.is(normalizeSpecifier('jsr:@std/fs@1.0.0/copy'), '@std/fs/copy');
  assert.is(normalizeSpecifier('jsr:/@std/fs@>=1.0.0-rc.1/ensure-dir'), '@std/fs/ensure-dir');
  assert.is(normalizeSpecifier('jsr:@std/dotenv'), '@std/dotenv');
  assert.is(normalizeSpecifier('npm:/execa@8/sub'), 'execa/sub');
  assert.is(normalizeSpecifier('npm:@scope/name@~1.2/a/b'), '@scope/name/a/b');
  assert.equal(lookupModule('jsr:/execa@8'), { source: 'execa', display: 'execa' });
});

test('standard library, jsr.io, deno.land/x and npm CDN URLs name their package', () => {
  const cases: Array<[string, string]> = [
    ['https://deno.land/std@0.224.0/fs/mod.ts', '@std/fs'],
    ['https://deno.land/std/fs/ensure_dir.ts', '@std/fs/ensure-dir'],
    ['https://deno.land/std@0.224.0/dotenv/load.ts', '@std/dotenv/load'],
    ['https://deno.land/std@0.224.0/media_types/mod.ts', '@std/media-types'],
    ['https://deno.land/std@0.170.0/node/child_process.ts', 'child_process'],
    ['https://jsr.io/@std/fs/1.0.0/empty_dir.ts', '@std/fs/empty-dir'],
    ['https://jsr.io/@david/dax/0.42.0/mod.ts', '@david/dax'],
    ['https://deno.land/x/dax@0.39.2/mod.ts', 'deno.land/x/dax'],
    ['https://esm.sh/v135/execa@8.0.1/es2022/execa.mjs', 'execa/es2022/execa.mjs'],
    ['https://esm.sh/jsr/@std/fs@1', '@std/fs'],
    ['https://cdn.jsdelivr.net/npm/execa@8/+esm', 'execa/+esm'],
    ['https://ga.jspm.io/npm:execa@8.0.1/index.js', 'execa/index.js'],
  ];
  for (const [url, expected] of cases) {
    assert.is(normalizeSpecifier(url), expected, url);
    assert.not.ok(isRemoteFileSpecifier(url), url);
  }
  assert.equal(lookupModule('https://unpkg.com/execa@8'), { source: 'execa', display: 'execa' });
  for (const url of ['https://example.com/mod.ts', 'http://example.com/a.js', 'https://raw.githubusercontent.com/o/r/main/mod.ts', 'https://cdn.jsdelivr.net/gh/o/r/mod.ts']) {
    assert.is(normalizeSpecifier(url), url);
    assert.ok(isRemoteFileSpecifier(url), url);
  }
});

test.run();
