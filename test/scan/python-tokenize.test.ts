import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tokenizePython, type PyToken } from '../../src/scan/python/python-tokenize.ts';
import { pythonStructure } from '../../src/scan/python/python-statements.ts';

const shown = (t: PyToken): string => (t.type === 'newline' ? 'NL' : t.type === 'string' ? `S<${t.value}>` : t.synthetic === true ? `~${t.value}` : t.value);
const tokens = (src: string): string[] => tokenizePython(src).tokens.map(shown);
const problems = (src: string): string[] => tokenizePython(src).problems.map((p) => `${p.reason}@${p.line}:${p.column}`);

test('comments and strings are dropped from code; a name in them is no name token', () => {
  assert.equal(tokens("open(p)  # open(p, 'w')\n"), ['open', '(', 'p', ')', 'NL']);
  assert.equal(tokens('x = "open(p)"\n'), ['x', '=', 'S<open(p)>', 'NL']);
  assert.equal(tokens('"""doc\nopen(p)\n"""\nf()\n'), ['S<doc\nopen(p)\n>', 'NL', 'f', '(', ')', 'NL']);
});

test('string prefixes in any case: r b u f rb br fr rf (and t-strings); a lone name before a quote is no prefix', () => {
  for (const prefix of ['r', 'R', 'b', 'B', 'u', 'U', 'f', 'F', 'rb', 'Rb', 'bR', 'BR', 'fr', 'Rf', 'rF', 't', 'tr']) {
    const r = tokenizePython(`x = ${prefix}'a'\n`);
    assert.is(r.tokens[2]!.type, 'string', prefix);
    assert.is(r.tokens.length, 4, prefix);
  }
  assert.is(tokenizePython("x = ub'a'\n").tokens[2]!.type, 'name');
  assert.is(tokenizePython("x = rb'a'\n").tokens[2]!.bytes, true);
});

test('escapes: cooked values, raw strings keep backslashes, \\N{} names, counted escapes', () => {
  const cooked = (src: string): string | undefined => tokenizePython(src).tokens[0]!.cooked;
  assert.is(cooked("'a\\x62\\143\\u0064\\N{LATIN SMALL LETTER E}\\n'"), 'abcde\n');
  assert.is(cooked("r'a\\x62\\''"), "a\\x62\\'");
  assert.is(cooked("'\\N{SNOWMAN}'"), undefined);
  assert.is(cooked("b'\\u0041'"), '\\u0041');
  assert.is(cooked("'a\\\nb'"), 'ab');
  assert.is(cooked("'\\d'"), '\\d');
  assert.is(tokenizePython("'\\x65\\x76'").escapedChars, 8);
  assert.is(tokenizePython("'\\n\\t\\\\\\u3000'").escapedChars, 0);
  assert.is(tokenizePython("r'\\x65'").escapedChars, 0);
});

test('triple quotes span lines; the quote kind must match; lines are counted inside', () => {
  const r = tokenizePython("s = '''a\n\"\"\"\nb'''\nz = 1\n");
  assert.is(r.tokens[2]!.value, 'a\n"""\nb');
  assert.equal([r.tokens[4]!.value, r.tokens[4]!.line], ['z', 4]);
  assert.equal(problems("s = '''a\n"), ['unclosed-string@1:5']);
});

test('backslash continuation and implicit joining inside brackets end no logical line', () => {
  assert.equal(tokens('a = 1 + \\\n    2\nb = (1,\n 2)\n'), ['a', '=', '1', '+', '2', 'NL', 'b', '=', '(', '1', ',', '2', ')', 'NL']);
  assert.equal(problems('a = 1 \\ 2\n'), ['invalid-character@1:7']);
});

test('f-strings: literal parts are a string, fields are code in synthetic parentheses, 3.12 nested quotes', () => {
  assert.equal(tokens("f'open {open(p, \"w\")} {{x}}'\n"), ['S<open  {x}>', '~(', 'open', '(', 'p', ',', 'S<w>', ')', '~)', 'NL']);
  assert.equal(tokens('f"{x!r:>{width}} {y=}"\n'), ['S< >', '~(', 'x', '~(', 'width', '~)', '~)', '~(', 'y', '~)', 'NL']);
  assert.equal(tokens('f"{f"{"deep"}"}"\n'), ['S<>', '~(', 'S<>', '~(', 'S<deep>', '~)', '~)', 'NL']);
  assert.equal(tokens("f'{a[\"k\"]:%Y}'\n"), ['S<>', '~(', 'a', '[', 'S<k>', ']', '~)', 'NL']);
  assert.equal(tokens("f'{x\n + 1}'\n"), ['S<>', '~(', 'x', '+', '1', '~)', 'NL']);
  assert.equal(tokens("rf'\\d{n}'\n"), ['S<\\d>', '~(', 'n', '~)', 'NL']);
  assert.is(tokenizePython("f'{x}'").tokens[0]!.cooked, undefined);
  assert.ok(problems("f'{x'\n").length > 0 && problems("f'{x'\n").every((p) => p.startsWith('unclosed-string')));
  assert.equal(problems("f'a } b'\n"), ['unmatched-bracket@1:5']);
});

test('f-strings: ":=" at a field\'s own depth starts a format spec ("=" fill or align), not an assignment expression', () => {
  // `#` (alternate form) and `'` (a fill character) in the spec are text, not a comment or a quote.
  assert.equal(tokens('f"{n:=#10x}"\nos\n'), ['S<>', '~(', 'n', '~)', 'NL', 'os', 'NL']);
  assert.equal(tokens("f\"{n:='^10} {m:=^{w}}\"\n"), ['S< >', '~(', 'n', '~)', '~(', 'm', '~(', 'w', '~)', '~)', 'NL']);
  assert.equal(problems('s = f"{n:=#10x}"\n'), []);
  // Inside brackets it is the walrus.
  assert.equal(tokens('f"{(x:=1)}"\n'), ['S<>', '~(', '(', 'x', ':=', '1', ')', '~)', 'NL']);
});

test('brackets that do not pair, unclosed strings and invalid characters are problems with a position', () => {
  assert.equal(problems('x = (1,\n2\n'), ['unclosed-bracket@1:5']);
  assert.equal(problems('x = 1)\n'), ['unmatched-bracket@1:6']);
  assert.equal(problems('x = [1)\n'), ['unmatched-bracket@1:7']);
  assert.equal(problems("s = 'abc\nprint(1)\n"), ['unclosed-string@1:5']);
  assert.equal(problems('a = $b\n'), ['invalid-character@1:5']);
  assert.equal(problems('a = `b`\n'), ['invalid-character@1:5', 'invalid-character@1:7']);
  assert.equal(problems('x = {"a": [1, (2, 3)]}\n'), []);
});

test('names are NFKC-normalized as Python reads them; indentation is recorded per logical line', () => {
  const r = tokenizePython('ｅval(x)\nif a:\n\tb = 1\n        c = 2\n');
  assert.equal([r.tokens[0]!.value, r.tokens[0]!.name], ['ｅval', 'eval']);
  assert.equal(r.tokens.filter((t) => t.indent >= 0).map((t) => [t.value, t.indent]), [['ｅval', 0], ['if', 0], ['b', 8], ['c', 8]]);
});

test('hidden characters are recorded with their context', () => {
  const r = tokenizePython('x = "a\u200bb"  # \u202e\ny\u200b = 1\n');
  assert.equal(r.invisibles.map((c) => [c.codePoint.toString(16), c.context, c.line]), [['200b', 'string', 1], ['202e', 'comment', 1], ['200b', 'code', 2]]);
});

test('statements: split at newlines, ";" and a compound header\'s ":", with the header\'s block', () => {
  const src = 'def f(x: int) -> str:\n    a = 1; b = 2\n    if a: return b\nc = lambda: 1\n';
  const { tokens: toks } = tokenizePython(src);
  const s = pythonStructure(toks).statements.map((st) => [toks.slice(st.start, st.end).map((t) => t.value).join(' '), st.header ? toks[st.blockEnd - 1]?.value : '']);
  assert.equal(s, [['def f ( x : int ) -> str :', 'b'], ['a = 1', ''], ['b = 2', ''], ['if a :', 'b'], ['return b', ''], ['c = lambda : 1', '']]);
});

test('statements: match and case headers (soft keywords) end at their ":", an inline case body is a statement', () => {
  const src = 'match = re.match(p, s)\nmatch cmd.split():\n    case [x] if x: import os\n    case _:\n        y = 1\ncase: int = 2\n';
  const { tokens: toks } = tokenizePython(src);
  const s = pythonStructure(toks).statements.map((st) => [toks.slice(st.start, st.end).map((t) => t.value).join(' '), st.header ? toks[st.blockEnd - 1]?.value : '']);
  assert.equal(s, [['match = re . match ( p , s )', ''], ['match cmd . split ( ) :', '1'], ['case [ x ] if x :', 'os'], ['import os', ''], ['case _ :', '1'], ['y = 1', ''], ['case : int = 2', '']]);
});

// Oracle: CPython's own tokenize module. Every NAME it reports outside a string is a name token
// here, at the same place, and no other name is (f-string fields aside, which 3.11 keeps inside STRING).
const LIB = '/usr/lib/python3.11';
const python = spawnSync('python3', ['--version']).status === 0;
if (!python || !existsSync(LIB)) {
  console.log(`SKIP python tokenize oracle: ${python ? `${LIB} is absent` : 'python3 is not installed'}`);
} else {
  test('CPython tokenize agrees on every name of a sample of the standard library', () => {
    const files = readdirSync(LIB).filter((n) => n.endsWith('.py')).sort().filter((_, k) => k % 8 === 0).map((n) => join(LIB, n));
    const script = `import sys, tokenize, json
out = {}
for path in sys.argv[1:]:
    with open(path, 'rb') as f:
        toks = list(tokenize.tokenize(f.readline))
    out[path] = {'names': [[t.start[0], t.start[1], t.string] for t in toks if t.type == tokenize.NAME],
                 'strings': [[t.start[0], t.start[1], t.end[0], t.end[1]] for t in toks if t.type == tokenize.STRING]}
json.dump(out, sys.stdout)`;
    const r = spawnSync('python3', ['-c', script, ...files], { encoding: 'utf8', maxBuffer: 1 << 28 });
    assert.is(r.status, 0, r.stderr);
    const oracle = JSON.parse(r.stdout) as Record<string, { names: Array<[number, number, string]>; strings: number[][] }>;
    let names = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const o = oracle[file]!;
      // Strings come in source order: one pointer walks them beside the names.
      let s = 0;
      const before = (l: number, c: number, line: number, column: number): boolean => l < line || (l === line && c < column);
      const inString = (l: number, c: number): boolean => {
        while (s < o.strings.length && !before(l, c, o.strings[s]![2]!, o.strings[s]![3]!)) s++;
        const str = o.strings[s];
        return str !== undefined && !before(l, c, str[0]!, str[1]!);
      };
      const lex = tokenizePython(text);
      assert.equal(lex.problems, [], file);
      const mine = lex.tokens.filter((t) => t.type === 'name' && !inString(t.line, t.column - 1)).map((t) => `${t.line}:${t.column - 1}:${t.value}`);
      assert.equal(mine, o.names.map(([l, c, n]) => `${l}:${c}:${n}`), file);
      names += mine.length;
    }
    assert.ok(names > 5_000, `${names} names compared`);
  });
}

test.run();
