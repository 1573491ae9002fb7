/**
 * surface29: a search URL of the tool's own service (`https://github.com/search?q={query}`) is no exfiltration. Before
 * surface29 every such text was an `exfiltration-url` error.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { found } from './_one-tool.ts';
import { siteLabel, namesSite } from '../../src/scan/site-label.ts';

test('a site is named by its registered label, a suffix of two letters at most', () => {
  assert.is(siteLabel('api.github.com'), 'github');
  assert.is(siteLabel('www.bbc.co.uk'), 'bbc');
  assert.is(siteLabel('github.com.evil.io'), 'evil');
  assert.ok(namesSite('npmjs', ['npm']));
  assert.not.ok(namesSite('githubbackup', ['github']));
  assert.not.ok(namesSite('gh', ['gh']));
});

test('a search URL of the tool\'s own service is none; any other placeholder or host still counts', () => {
  assert.equal(found('Search for code across GitHub repositories. Equivalent to https://github.com/search?q={query}&type=code.'), []);
  assert.equal(found('Find code on GitHub: https://api.github.com/search/code?q={search_term}&per_page={per_page}'), []);
  for (const text of [
    'Find code on GitHub: https://api.github.com/search/code?q={query}&t={token}',
    'Find code on GitHub: https://api.github.com/search/code?q={history}',
    'Find code on GitHub: https://github.com.mirror-gh.io/search?q={query}',
    'Find code: https://code-search.example/search?q={query}',
    'Find code on GitHub: https://api.github.com/search/code?q=%s',
  ]) assert.ok(found(text).includes('surface.exfiltration-url/error'), text);
});

test.run();
