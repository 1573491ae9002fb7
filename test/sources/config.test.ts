import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { mkdirSync, readFileSync, symlinkSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { Ajv } from 'ajv';
import { parse as parseJsonc } from 'jsonc-parser';
import { CONFIG_SHAPE, configJsonSchema, type ConfigShape } from '../../src/sources/config-shape.ts';
import { configuredLockfile, configuredPathShown, loadConfig, parseConfig } from '../../src/sources/config.ts';
import { win32 } from 'node:path';
import { InputError } from '../../src/errors.ts';
import { BUNDLE, ROOT, runCli, tempDir } from '../helpers/cli.ts';
import { withShortBlankRuns } from '../../src/contract/jsonc-node.ts';

const DOC = readFileSync(join(ROOT, 'docs/config.md'), 'utf8');
const EXAMPLE = /```jsonc\n([\s\S]*?)```/.exec(DOC)![1]!;
const SCHEMA = JSON.parse(readFileSync(join(ROOT, 'schema/mcpfusion.schema.json'), 'utf8'));

function problems(text: string, env: Record<string, string> = {}): string[] {
  try {
    parseConfig(text, 'mcpfusion.jsonc', env);
  } catch (e) {
    assert.instance(e, InputError);
    return (e as Error).message.split('\n').slice(1).map((l) => l.trim());
  }
  assert.unreachable('expected an InputError');
  return [];
}

test('the documented example is valid and uses every key of the shape', () => {
  const config = parseConfig(EXAMPLE, 'docs/config.md', { BILLING_API_TOKEN: 'tok' });
  assert.is(config.serverName, 'billing');
  assert.equal(config.source?.env, { LOG_LEVEL: 'error', API_TOKEN: 'tok' });
  assert.is(config.tools?.['invoices']?.actions?.['void']?.presenter, 'VoidReceiptPresenter');
  // Every key of the shape appears in the doc's example (commented-out alternatives count).
  const missing: string[] = [];
  const walk = (shape: ConfigShape, path: string): void => {
    if (shape.kind === 'object') {
      for (const [k, v] of Object.entries(shape.fields)) {
        if (!EXAMPLE.includes(`"${k}"`)) missing.push(`${path}.${k}`);
        walk(v, `${path}.${k}`);
      }
    } else if (shape.kind === 'map' || shape.kind === 'array' || shape.kind === 'nullable') {
      walk(shape.kind === 'map' ? shape.values : shape.kind === 'array' ? shape.items : shape.of, path);
    }
  };
  walk(CONFIG_SHAPE, '$');
  assert.equal(missing, [], `undocumented keys: ${missing.join(', ')}`);
});

test('the shipped JSON Schema is generated from the shape and up to date', () => {
  assert.equal(SCHEMA, configJsonSchema());
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts/config-schema.ts'), '--check'], { encoding: 'utf8', cwd: ROOT });
  assert.is(r.status, 0, r.stderr);
});

test('an independent validator (ajv) accepts the example and rejects what parseConfig rejects', () => {
  const validate = new Ajv({ strict: true, allErrors: true }).compile(SCHEMA);
  assert.ok(validate(parseJsonc(EXAMPLE, [], { allowTrailingComma: true })), JSON.stringify(validate.errors));
  for (const bad of ['{"x":1}', '{"timeouts":{"start":0}}', '{"timeouts":{"request":2147483648}}', '{"tools":{"a":{"allow":["net"]}}}', '{"source":{"server":5}}', '{"tools":{"a":{"guardrails":{"agentLimitMax":-1}}}}']) {
    assert.not.ok(validate(JSON.parse(bad)), `ajv accepted ${bad}`);
    assert.ok(problems(bad).length > 0, `parseConfig accepted ${bad}`);
  }
});

test('every problem is reported with its JSON path, line and column', () => {
  const text = [
    '{',
    '  // a comment',
    '  "serverName": "",',
    '  "source": { "server": "node s.js", "url": "http://x/mcp" },',
    '  "timeouts": { "start": 1.5, "handshak": 5 },',
    '  "tools": { "a": { "allow": ["net"], "tags": [1], "Handlers": [], "guardrails": { "agentLimitMax": "5" } } },',
    '  "serverName": "y",',
    '  "extra": true,',
    '}',
  ].join('\n');
  assert.equal(problems(text), [
    '$.serverName (line 3, column 17): expected a non-empty string, found the string ""',
    '$.source (line 4, column 13): give exactly one of server, url, toolsList, contracts; found server and url',
    '$.timeouts.start (line 5, column 26): expected an integer >= 1 and <= 2147483647, found number 1.5',
    '$.timeouts.handshak (line 5, column 31): unknown key; did you mean "handshake"?',
    '$.tools.a.allow[0] (line 6, column 31): expected one of "filesystem", "network", "subprocess", "crypto", "codeEvaluation", found the string "net"',
    '$.tools.a.tags[0] (line 6, column 48): expected a non-empty string, found number 1',
    '$.tools.a.Handlers (line 6, column 52): unknown key; did you mean "handlers"?',
    '$.tools.a.guardrails.agentLimitMax (line 6, column 101): expected an integer >= 0 or null, found the string "5"',
    '$.serverName (line 7, column 3): this key is given twice',
    '$.extra (line 8, column 3): unknown key; expected one of $schema, serverName, lockfile, source, timeouts, tools',
  ]);
});

test('syntax errors, empty files, misplaced env/cwd/headers and unset variables are errors', () => {
  assert.equal(problems('{ "a": '), ['$ (line 1, column 8): syntax error: a value was expected here (a missing value or an extra comma?) [ValueExpected]; the document ends here: is it cut short?']);
  // A file cut short says so; an error before the end does not.
  assert.equal(problems('{\n  "source": {"contracts": "c.json"},\n  "timeouts": {\n'), ['$ (line 4, column 1): syntax error: a closing } is missing for an object opened earlier [CloseBraceExpected]; the document ends here: is it cut short?']);
  assert.equal(problems('{ "a": , "b": 1 }'), ['$ (line 1, column 8): syntax error: a value was expected here (a missing value or an extra comma?) [ValueExpected]']);
  assert.match(problems('')[0]!, /syntax error|empty/);
  // Only the first syntax error, in words: the ones after it follow from it.
  assert.equal(problems('{\n  "source": {"contracts": "c.json"\n  /* x \n'), ['$ (line 3, column 3): syntax error: a /* comment is never closed with */ [UnexpectedEndOfComment]']);
  assert.match(problems('{"source":{"url":"http://h/mcp","env":{"A":"1"}}}')[0]!, /env and cwd apply only to a server source/);
  assert.match(problems('{"source":{"server":"x","headers":{"A":"1"}}}')[0]!, /headers apply only to a url source/);
  assert.match(problems('{"source":{"server":[]}}')[0]!, /argv array is empty/);
  assert.equal(problems('{"source":{"server":["", "x.js"]}}'), ['$.source.server[0] (line 1, column 22): the program name is empty; give the program to run first']);
  assert.throws(() => parseConfig('{"source":{"url":"http://h/mcp","headers":{"A":"${env:NOPE}"}}}', 'c', {}), /NOPE is not set/);
  const ok = parseConfig('{"source":{"url":"http://h/mcp","headers":{"Authorization":"Bearer ${env:T}"}},}', 'c', { T: 's3cr3t' });
  assert.equal(ok.source?.headers, { Authorization: 'Bearer s3cr3t' });
});

test('a lockfile, contracts file or saved tools/list given as the config is named as what it is', () => {
  const root = ROOT;
  const message = (text: string): string => {
    try {
      parseConfig(text, 'x.json', {});
    } catch (e) {
      assert.instance(e, InputError);
      return (e as Error).message;
    }
    return assert.unreachable('expected an InputError') as never;
  };
  assert.is(message(readFileSync(join(root, 'examples/billing/mcpfusion.lock'), 'utf8')),
    'Invalid config file "x.json": it is a lockfile (it has "lockfileVersion"); give it as --lockfile, or point --config at your mcpfusion.jsonc (see docs/config.md)');
  assert.match(message(readFileSync(join(root, 'examples/billing/contracts.json'), 'utf8')), /^Invalid config file "x\.json": it is a contracts file \(its tools have a "surface"\); give it as --contracts,/);
  assert.match(message('{"tools":[{"name":"a","inputSchema":{"type":"object"}}]}'), /it is a saved tools\/list result \(its "tools" is a list of tools\); give it as --tools-list/);
  // A config whose overlay map was written as an empty list is a config with a wrong type, no tools/list.
  assert.match(problems('{"tools":[]}')[0]!, /^\$\.tools \(line 1, column 10\)/);
  // A config's own per-tool overlay is still read as a config (its problems listed as before).
  assert.equal(parseConfig('{"tools":{"a":{"tags":["x"]}}}', 'c', {}).tools?.['a']?.tags, ['x']);
  assert.match(problems('{"tools":{"a":{"surfac":1}}}')[0]!, /surfac/);
  // An MCP client's server list (Claude Desktop's and Cursor's "mcpServers", VS Code's "servers"),
  // here one written on Windows: named as what it is, with the --server of a server it lists.
  assert.is(message('{"mcpServers":{"memory":{"command":"cmd","args":["/c","npx","-y","@modelcontextprotocol/server-memory"]}}}'),
    'Invalid config file "x.json": it is an MCP client\'s list of servers (it has "mcpServers"); mcpfusion reads one server: give its command as --server '
    + '(for "memory": --server "cmd /c npx -y @modelcontextprotocol/server-memory") or as "source": { "server": [...] } in an mcpfusion.jsonc, or point --config at your mcpfusion.jsonc (see docs/config.md)');
  assert.match(message('{"servers":{"a":{"type":"stdio","command":"node","args":["s.js","--dir","my files"]},"b":{"url":"http://x/mcp"}}}'),
    /it is an MCP client's list of servers \(it has "servers"\); mcpfusion reads one server: give its command as --server \(for "a": --server "node s\.js --dir 'my files'"\)/);
  // A token among a client entry's arguments is not repeated.
  const withToken = message('{"mcpServers":{"gh":{"command":"npx","args":["-y","pkg","--api-key","sekritvalue123456","postgres://u:hunter22@db/x"]}}}');
  assert.not.ok(withToken.includes('sekritvalue123456') || withToken.includes('hunter22'), withToken);
  assert.match(withToken, /--server "npx -y pkg --api-key \*\*\* postgres:\/\/u:\*\*\*@db\/x"/);
  // A config of mcpfusion with a key "servers" by mistake keeps its problems.
  assert.match(problems('{"servers":1,"serverName":"x"}')[0]!, /^\$\.servers/);
});

test('a deeply nested config file is an input error, not a stack overflow in the JSONC parser', () => {
  const deep = (n: number): string => `{"tools": {"t": {"tags": ${'['.repeat(n)}${']'.repeat(n)}}}}`;
  // 100 000 levels made jsonc-parser's recursive tree builder overflow the stack (an internal error).
  assert.equal(problems(deep(100_000)), ['$ (line 1, column 536): nesting deeper than 512 levels']);
  assert.equal(problems(deep(510)).length, 1, 'within the limit: the shape is checked, no nesting problem');
  assert.not.match(problems(deep(510))[0]!, /nesting/);
  // Brackets in comments and strings are not nesting.
  assert.not.match(problems(`// ${'['.repeat(600)}\n{"serverName": "${'{'.repeat(600)}", "x": 1}`)[0]!, /nesting/);
});

test('a run of millions of spaces costs neither gigabytes nor a different answer', () => {
  // jsonc-parser gathered 100 million spaces one by one: 39 s and 3.4 GB, and 30 million ran a
  // 200 MB heap out of memory. The run is broken up outside strings and comments only.
  const dir = tempDir();
  const file = join(dir, 'blank.jsonc');
  writeFileSync(file, `{ "serverName": "x"${' '.repeat(30_000_000)}}`);
  const r = spawnSync(process.execPath, ['--max-old-space-size=200', BUNDLE, 'digest', '--config', file], { encoding: 'utf8', timeout: 60_000 });
  assert.is(r.status, 2, r.stderr.slice(0, 300));
  assert.match(r.stderr, /^error: No contract source: give --server/);
  const blanks = (n: number): string => ' \t'.repeat(n);
  const docs = [
    `{${blanks(5000)}"a"${blanks(3000)}:${blanks(9000)}[1,${blanks(4097)}2]}`,
    `{"a": "${blanks(6000)}", "b": "x\\"${blanks(6000)}"${blanks(5000)}}`,
    `// ${blanks(6000)} "\n{"a": /* ${blanks(6000)} */ 1,${blanks(5000)}"b": 2 // ${blanks(5000)}\n}`,
    `{"a": "unterminated${blanks(5000)}\n${blanks(5000)}1}`,
  ];
  for (const doc of docs) {
    const short = withShortBlankRuns(doc);
    assert.is(short.length, doc.length);
    assert.is.not(short, doc, 'a run was broken up');
    const a: unknown[] = [];
    const b: unknown[] = [];
    assert.equal(parseJsonc(short, b as never, { allowTrailingComma: true }), parseJsonc(doc, a as never, { allowTrailingComma: true }));
    assert.equal(b, a);
  }
  // Strings and comments keep their runs whole.
  assert.match(withShortBlankRuns(docs[1]!), /"( \t){6000}"/);
  assert.match(withShortBlankRuns(docs[2]!), /^\/\/ ( \t){6000} "\n/);
  // A problem after a long run is still placed by the text as written.
  assert.equal(problems(`{${' '.repeat(10_000)}"serverName": 1}`), ['$.serverName (line 1, column 10016): expected a non-empty string, found number 1']);
});

test('a key with a lone surrogate is a problem at its line and column, as a value with one is (tool and action names are hashed)', () => {
  assert.equal(problems('{"tools": {"t": {"actions": {"\\uD800": {"readOnly": true}}}}}'), [
    '$.tools.t.actions["\\ud800"] (line 1, column 30): the key holds a lone surrogate (\\uD800-\\uDFFF escape without its pair)',
  ]);
});

test('a ${env:…} reference that is not one (a name with "-", an empty name, ${ENV:…}, no closing brace) is a problem, never sent as written', () => {
  const text = [
    '{',
    '  "source": { "url": "http://h/mcp", "headers": { "Authorization": "Bearer ${env:MCP-TOKEN}", "X-A": "${env:}", "X-B": "${ENV:T}", "X-C": "${env:T", "X-D": "${env: T}", "X-Ok": "${env:T}" } },',
    '}',
  ].join('\n');
  const found = problems(text, { T: 'tok' });
  assert.is(found.length, 5, found.join('\n'));
  assert.match(found[0]!, /^\$\.source\.headers\.Authorization \(line 2, column \d+\): "\$\{env:MCP-TOKEN\}" is not a reference mcpfusion expands: write \$\{env:NAME\}, NAME being letters, digits and _ \(not starting with a digit\)/);
  for (const [i, ref] of [[1, '${env:}'], [2, '${ENV:T}'], [3, '${env:T'], [4, '${env: T}']] as const) {
    assert.ok(found[i]!.includes(`"${ref}`), found[i]);
  }
  // The same in source.env, where a literal would reach the server as its variable's value.
  assert.equal(problems('{"source":{"server":"node s.js","env":{"A":"x${env:1X}y"}}}').length, 1);
  // Many in one value are one problem at its one line and column, not one each (a message flood).
  const many = problems(`{"source":{"server":"node s.js","env":{"A":"${'${env:x-'.repeat(1000)}"}}}`);
  assert.is(many.length, 1, many.slice(0, 3).join('\n'));
  assert.ok(many[0]!.includes('"${env:x-" (and 999 more in this value) is not a reference mcpfusion expands'), many[0]);
  // A secret pasted in place of a name is never printed, only its length.
  for (const pasted of ['sk-live-4eC39HqLyjWDarjtT1zdp7dc', 'ghp_16C7e42F292c6912E7710c838347Ae178B4a-x', 'x-'.repeat(20)]) {
    const r = problems(`{ "source": { "url": "http://h/mcp", "headers": { "Authorization": "Bearer \${env:${pasted}}" } } }`);
    assert.ok(r[0]!.includes(`a \${env:…} holding ${pasted.length} characters (not shown`), r[0]);
    assert.not.ok(r.join('\n').includes(pasted), r[0]);
  }
  // Other dollar text is no reference and passes as written.
  const ok = parseConfig('{"source":{"server":"node s.js","env":{"A":"$HOME ${HOME} $env:X ${envy} $${env:T}"}}}', 'c', { T: 't' });
  assert.is(ok.source!.env!['A'], '$HOME ${HOME} $env:X ${envy} $t');
});

test('every unset ${env:NAME} is a problem with its path, line and column, listed with the other problems', () => {
  const text = [
    '{',
    '  "source": { "server": "node s.js", "env": { "A": "${env:NOPE_A}", "B-C": "${env:SET}:${env:NOPE_B}" } },',
    '  "timeouts": { "start": 0 },',
    '}',
  ].join('\n');
  assert.equal(problems(text, { SET: '1' }), [
    '$.source.env.A (line 2, column 52): uses ${env:NOPE_A}, but the environment variable NOPE_A is not set',
    '$.source.env["B-C"] (line 2, column 76): uses ${env:NOPE_B}, but the environment variable NOPE_B is not set',
    '$.timeouts.start (line 3, column 26): expected an integer >= 1 and <= 2147483647, found number 0',
  ]);
});

test('a timeout above 2147483647 ms (the largest Node timer) is a problem, not a 1 ms timer', () => {
  assert.equal(problems('{"timeouts": {"handshake": 2147483648}}'), [
    '$.timeouts.handshake (line 1, column 28): expected an integer >= 1 and <= 2147483647, found number 2147483648',
  ]);
  assert.equal(parseConfig('{"timeouts": {"handshake": 2147483647}}', 'mcpfusion.jsonc', {}).timeouts?.handshake, 2147483647);
});

test('a number is named as written, not as the double it reads as (18446744073709551616 was shown as 18446744073709552000, 1e-400 as 0)', () => {
  for (const written of ['18446744073709551616', '1e-400', '-0', '1.50']) {
    assert.equal(problems(`{"timeouts": {"handshake": ${written}}}`).map((p) => p.replace(/^.*found /, '')), [`number ${written}`], written);
  }
  assert.is(parseConfig('{"timeouts": {"handshake": 2E3}}', 'mcpfusion.jsonc', {}).timeouts?.handshake, 2000);
});

test('loadConfig finds ./mcpfusion.jsonc, honours --config, and resolves the lockfile against the config folder', () => {
  const dir = tempDir();
  assert.is(loadConfig(undefined, dir, {}), undefined);
  assert.throws(() => loadConfig('nope.jsonc', dir, {}), /does not exist/);
  // A directory is named as the user wrote it, with the file to give instead.
  mkdirSync(join(dir, 'cfgdir'));
  assert.throws(() => loadConfig('cfgdir', dir, {}), (e: Error) => e instanceof InputError && e.message === `Cannot read config file "cfgdir": it is a directory; name the file, e.g. "${join('cfgdir', 'mcpfusion.jsonc')}"`);
  writeFileSync(join(dir, 'mcpfusion.jsonc'), '{ "serverName": "here" }');
  assert.is(loadConfig(undefined, dir, {})?.config.serverName, 'here');
  mkdirSync(join(dir, 'conf'));
  writeFileSync(join(dir, 'conf', 'other.jsonc'), '{ "lockfile": "locks/x.lock" }');
  const other = loadConfig('conf/other.jsonc', dir, {})!;
  assert.is(other.dir, join(dir, 'conf'));
  assert.is(configuredLockfile('conf/other.jsonc', dir, {}), 'conf/locks/x.lock');
  assert.is(configuredLockfile(undefined, dir, {}), undefined);
});

test('./mcpfusion.jsonc that is a link to nothing is an error naming the link, never a run without the config', () => {
  const dir = tempDir();
  writeFileSync(join(dir, 'tools.json'), '{ "tools": [{ "name": "echo", "inputSchema": { "type": "object" } }] }');
  writeFileSync(join(dir, 'shared.jsonc'), '{ "tools": { "echo": { "tags": ["reviewed"] } } }');
  symlinkSync('shared.jsonc', join(dir, 'mcpfusion.jsonc'));
  assert.is(runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir }).code, 0);
  const locked = readFileSync(join(dir, 'mcpfusion.lock'), 'utf8');
  assert.match(locked, '"reviewed"');
  // The shared config is not there (a submodule not checked out): lock rewrote the lockfile
  // without the overlay's tag, exit 0.
  unlinkSync(join(dir, 'shared.jsonc'));
  assert.throws(() => loadConfig(undefined, dir, {}), (e: Error) => e instanceof InputError && e.message === 'Cannot read config file "mcpfusion.jsonc": it is a symbolic link to "shared.jsonc", which does not exist; fix the link, or remove it to run without a config');
  const r = runCli(['lock', '--tools-list', 'tools.json'], { cwd: dir });
  assert.equal([r.code, r.stderr], [2, 'error: Cannot read config file "mcpfusion.jsonc": it is a symbolic link to "shared.jsonc", which does not exist; fix the link, or remove it to run without a config\n']);
  assert.is(readFileSync(join(dir, 'mcpfusion.lock'), 'utf8'), locked);
  // Without the link there is no config, as before.
  unlinkSync(join(dir, 'mcpfusion.jsonc'));
  assert.is(loadConfig(undefined, dir, {}), undefined);
});

test('the lockfile path a config names is shown with / on Windows too (lock and check --format json print it)', () => {
  assert.is(configuredPathShown('C:\\srv', 'C:\\srv\\conf', 'locks/x.lock', win32), 'conf/locks/x.lock');
  assert.is(configuredPathShown('C:\\srv', 'C:\\srv\\conf', 'locks\\x.lock', win32), 'conf/locks/x.lock');
  assert.is(configuredPathShown('C:\\srv\\a', 'C:\\srv\\conf', 'x.lock', win32), '../conf/x.lock');
  // On another drive there is no relative path: the absolute one, as Windows writes it.
  assert.is(configuredPathShown('C:\\srv', 'D:\\conf', 'x.lock', win32), 'D:\\conf\\x.lock');
  assert.is(configuredPathShown('/srv', '/srv/conf', 'locks/x.lock'), 'conf/locks/x.lock');
});

test('paths in the config read alike on every OS: a \\ written on Windows is a separator on Linux too', () => {
  // A config committed from Windows ("handlers\\x.mjs") must scan the same files in Linux CI, or
  // the lockfile's entitlements (and digests) differ between the two.
  const config = parseConfig(JSON.stringify({
    lockfile: 'locks\\x.lock',
    source: { contracts: 'contracts\\c.json' },
    tools: { a: { handlers: ['handlers\\x.mjs', 'lib/y.mjs'] } },
  }), 'mcpfusion.jsonc');
  assert.is(config.lockfile, 'locks/x.lock');
  assert.is(config.source?.contracts, 'contracts/c.json');
  assert.equal(config.tools?.['a']?.handlers, ['handlers/x.mjs', 'lib/y.mjs']);
  assert.is(parseConfig('{ "source": { "server": ["node", "C:\\\\srv\\\\s.js"], "cwd": "srv\\\\app" } }', 'c').source?.cwd, 'srv/app');
  // The server's argv is no path of the config's: as written.
  assert.equal(parseConfig('{ "source": { "server": ["node", "C:\\\\srv\\\\s.js"] } }', 'c').source?.server, ['node', 'C:\\srv\\s.js']);
  assert.is(parseConfig('{ "source": { "toolsList": "saved\\\\t.json" } }', 'c').source?.toolsList, 'saved/t.json');
});

test('a lockfile, contracts or toolsList path ending with a separator names a folder: a problem, never a file named like the folder', () => {
  // "lockfile": "locks/" was resolved to "locks", so lock wrote the lockfile to a file of that name (exit 0).
  assert.equal(problems('{\n  "lockfile": "locks/",\n  "source": { "contracts": "c\\\\" }\n}'), [
    '$.lockfile (line 2, column 15): "locks/" ends with "/", so it names a folder, not a file; give the path of the file (in that folder: "locks/<file name>")',
    '$.source.contracts (line 3, column 28): "c\\\\" ends with "\\", so it names a folder, not a file; give the path of the file (in that folder: "c\\\\<file name>")',
  ]);
  assert.equal(problems('{ "source": { "toolsList": "saved/" } }').map((p) => p.split(':')[0]), ['$.source.toolsList (line 1, column 28)']);
  assert.is(parseConfig('{ "lockfile": "locks/x.lock", "source": { "toolsList": "./t.json" } }', 'c').lockfile, 'locks/x.lock');
});

test('a source.headers value that holds a line break or non-ASCII after ${env:NAME} is refused by name, never shown', () => {
  const config = '{\n  "source": {\n    "url": "http://h/mcp",\n    "headers": { "Authorization": "Bearer ${env:T}", "X-Ok": "1" }\n  }\n}';
  for (const [value, what] of [['s3cr3t\nVALUE', 'a line break'], ['s3cr3t\u00e9VALUE', 'a character that is not ASCII, U+00E9']] as const) {
    const found = problems(config, { T: value });
    assert.is(found.length, 1, found.join('\n'));
    assert.ok(found[0]!.startsWith('$.source.headers.Authorization (line 4, column 35): '), found[0]);
    assert.ok(found[0]!.includes(`the value, after \${env:T} was expanded, contains ${what}`), found[0]);
    assert.not.match(found[0]!, /s3cr3t|VALUE/);
  }
  assert.match(problems('{"source":{"url":"http://h/mcp","headers":{"Bad Name":"1"}}}')[0]!, /"Bad Name" is not an HTTP header name/);
  // A secret saved with its trailing newline is sent without it, as fetch would send it.
  assert.equal(parseConfig(config, 'c', { T: 's3cr3t\n' }).source?.headers, { Authorization: 'Bearer s3cr3t', 'X-Ok': '1' });
});

test('a file with many problems lists the first 100 in file order and counts the rest', () => {
  const text = `{${Array.from({ length: 250 }, (_, i) => `"k${i}": 1`).join(', ')}}`;
  let message = '';
  try {
    parseConfig(text, 'mcpfusion.jsonc', {});
  } catch (e) {
    message = (e as Error).message;
  }
  assert.match(message, /^Invalid config file "mcpfusion\.jsonc": 250 problems\n/);
  const found = problems(text);
  assert.is(found.length, 101, found.slice(-2).join('\n'));
  assert.match(found[0]!, /^\$\.k0 \(line 1, column 2\): unknown key/);
  assert.match(found[99]!, /^\$\.k99 /);
  assert.is(found[100], '… and 150 more (fix these first)');
});

test.run();
