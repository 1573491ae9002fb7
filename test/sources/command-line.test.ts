import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { commandLineHome, parseCommandLine } from '../../src/sources/command-line.ts';
import { InputError } from '../../src/errors.ts';

const argv = (line: string, home?: string): string[] => {
  const c = parseCommandLine(line, home);
  return [c.command, ...c.args];
};

test('splits on whitespace; quotes and escapes work like a POSIX shell', () => {
  assert.equal(argv('node  server.js\t--port 0'), ['node', 'server.js', '--port', '0']);
  assert.equal(argv(`node 'my server.js' "a b" c\\ d`), ['node', 'my server.js', 'a b', 'c d']);
  assert.equal(argv(`echo 'it'\\''s' "say \\"hi\\"" "\\$HOME" '$HOME'`), ['echo', "it's", 'say "hi"', '$HOME', '$HOME']);
  assert.equal(argv(`echo "a\\zb" 'c\\d'`), ['echo', 'a\\zb', 'c\\d'], 'backslash is literal before other characters in double quotes, always in single quotes');
  assert.equal(argv(`echo "" ''`), ['echo', '', ''], 'empty quoted words are kept');
  assert.equal(argv('echo a"b"c'), ['echo', 'abc']);
  assert.equal(argv('uvx mcp-server-git --repository .'), ['uvx', 'mcp-server-git', '--repository', '.']);
  assert.equal(argv('node x.js --glob *.ts $ 100%'), ['node', 'x.js', '--glob', '*.ts', '$', '100%']);
});

test('leading NAME=value words set the environment; quoted or escaped ones do not', () => {
  const c = parseCommandLine('DEBUG=1 TOKEN="a b" node s.js X=2');
  assert.equal(c.env, { DEBUG: '1', TOKEN: 'a b' });
  assert.equal([c.command, ...c.args], ['node', 's.js', 'X=2']);
  assert.equal(parseCommandLine('"A=1" node').command, 'A=1');
  assert.equal(parseCommandLine('__proto__=x node').env, Object.fromEntries([['__proto__', 'x']]));
});

test('a leading ~ becomes the home directory when given', () => {
  assert.equal(argv('~/bin/server ~ a~b "~/x"', '/home/u'), ['/home/u/bin/server', '/home/u', 'a~b', '~/x']);
  assert.equal(argv('~/bin/server'), ['~/bin/server']);
});

test('shell syntax that needs a shell is refused with a clear message', () => {
  for (const line of ['node s.js | tee log', 'node s.js > out', 'a; b', 'a && b', 'node $SCRIPT', 'node ${X}', 'node $(which x)', 'node `x`', 'node "$HOME/x"', '(node)']) {
    try {
      parseCommandLine(line);
      assert.unreachable(line);
    } catch (e) {
      assert.instance(e, InputError, line);
      assert.match((e as Error).message, /needs a shell/, line);
    }
  }
});

test('a refused $ names the whole variable or substitution, not its first character, and says how to pass a value', () => {
  const cases: [string, string][] = [
    ['node $HOME/s.js', '"$HOME"'],
    ['node "$SCRIPT_DIR/s.js"', '"$SCRIPT_DIR"'],
    ['node ${X}/s.js', '"${X}"'],
    ['node $(which x)', '"$(...)"'],
    ['node $1', '"$1"'],
  ];
  for (const [line, shown] of cases) {
    try {
      parseCommandLine(line);
      assert.unreachable(line);
    } catch (e) {
      const message = (e as Error).message;
      assert.ok(message.includes(`substitution ${shown} needs a shell`), `${line}: ${message}`);
      assert.match(message, /write the value itself/, line);
    }
  }
});

test('empty lines and unclosed quotes are errors', () => {
  for (const [line, re] of [['', /empty/], ['   ', /empty/], ['A=1', /only sets variables/], ["node 'x", /single quote/], ['node "x', /double quote/], ['node x\\', /lone backslash/]] as const) {
    try {
      parseCommandLine(line);
      assert.unreachable(line);
    } catch (e) {
      assert.instance(e, InputError);
      assert.match((e as Error).message, re);
    }
  }
});

test('an unquoted backslash before an ordinary character (a Windows path) is refused, not dropped', () => {
  // A POSIX shell reads `C:\srv\server.js` as `C:srvserver.js`: a path silently gone wrong.
  for (const [line, column] of [['node C:\\srv\\server.js', 8], ['node ..\\lib\\s.js', 8], ['python .\\server.py', 9], ['node a\\_b', 7]] as const) {
    try {
      parseCommandLine(line);
      assert.unreachable(line);
    } catch (e) {
      assert.instance(e, InputError, line);
      const message = (e as Error).message;
      assert.ok(message.includes(`at column ${column}:`), `${line}: ${message}`);
      assert.match(message, /single quotes/, line);
    }
  }
  // Quoted, with /, or escaping what a shell would read otherwise, it is as before.
  assert.equal(argv(`node 'C:\\srv\\server.js' "C:\\Program Files\\x.js" C:/srv/s.js`), ['node', 'C:\\srv\\server.js', 'C:\\Program Files\\x.js', 'C:/srv/s.js']);
  assert.equal(argv('node a\\ b c\\\\d e\\$ \\~ f\\*'), ['node', 'a b', 'c\\d', 'e$', '~', 'f*']);
});

test('the home directory for ~ is HOME, and on Windows, which sets no HOME, USERPROFILE', () => {
  assert.is(commandLineHome({ HOME: '/home/u', USERPROFILE: 'x' }, 'linux'), '/home/u');
  assert.is(commandLineHome({ USERPROFILE: 'C:\\Users\\u' }, 'linux'), undefined);
  assert.is(commandLineHome({ USERPROFILE: 'C:\\Users\\u' }, 'win32'), 'C:\\Users\\u');
  // Git Bash and MSYS set HOME on Windows too: it wins, as there.
  assert.is(commandLineHome({ HOME: 'C:\\msys\\home\\u', USERPROFILE: 'C:\\Users\\u' }, 'win32'), 'C:\\msys\\home\\u');
  assert.equal(argv('node ~/srv/s.js', commandLineHome({ USERPROFILE: 'C:\\Users\\u' }, 'win32')), ['node', 'C:\\Users\\u/srv/s.js']);
});

test('an empty program name (a quoted "" or \'\', an unset variable expanded before mcpfusion ran) is an input error, not a failed start', () => {
  for (const line of ['""', "'' x.js", 'A=1 "" x.js']) {
    assert.throws(() => parseCommandLine(line), (e: Error) => e.name === 'InputError' && e.message.startsWith('The server command line starts with an empty program name (""); give the program to run, e.g. '), line);
  }
  // An empty argument after the program is an argument like any other.
  assert.equal(parseCommandLine('node "" x').args, ['', 'x']);
});

test.run();
