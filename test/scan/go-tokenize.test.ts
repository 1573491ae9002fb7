import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenizeGo } from '../../src/scan/go/go-tokenize.ts';

const values = (src: string): string[] => tokenizeGo(src).tokens.map((t) => t.value);
const reasons = (src: string): string[] => tokenizeGo(src).problems.map((p) => `${p.reason}@${p.line}`);

test('comments are set aside; interpreted strings and runes are cooked; raw strings span lines', () => {
  assert.equal(values('a // exec.Command("x")\n/* os.Remove */ b'), ['a', 'b']);
  assert.equal(tokenizeGo('x /* one\ntwo */ y').tokens.map((t) => `${t.value}@${t.line}`), ['x@1', 'y@2']);
  assert.equal(values('"a\\tb\\x41\\101\\u00e9\\U0001F600\\""'), ['a\tbAAé😀"']);
  assert.equal(values("'\\n' 'x' '\\''"), ['\n', 'x', "'"]);
  const raw = tokenizeGo('s := `line1\r\n"line2" \\n`\nz');
  assert.equal(raw.tokens.map((t) => t.value), ['s', ':=', 'line1\n"line2" \\n', 'z']);
  assert.is(raw.tokens[2]!.raw, true);
  assert.is(raw.tokens[3]!.line, 3);
  assert.equal(tokenizeGo('"\\x65\\x78\\x65\\x63"').escapedChars, 16);
});

test('numbers with prefixes, underscores, exponents and imaginary parts are one token', () => {
  assert.equal(values('0x1F 0b1010 0o17 017 1_000_000 1.5e10 .5 0x1p-2 3i 0.i'), ['0x1F', '0b1010', '0o17', '017', '1_000_000', '1.5e10', '.5', '0x1p-2', '3i', '0.i']);
  assert.equal(tokenizeGo('a.b').tokens.map((t) => t.type), ['ident', 'op', 'ident']);
});

test('operators: longest match first', () => {
  assert.equal(values('a &^= b <<= c ... d <- e := f && g'), ['a', '&^=', 'b', '<<=', 'c', '...', 'd', '<-', 'e', ':=', 'f', '&&', 'g']);
});

test('problems: unclosed string, rune, raw string, block comment; invalid characters; unpaired brackets', () => {
  assert.equal(reasons('x := "abc\ny'), ['unclosed-string@1']);
  assert.equal(reasons("r := 'a\n"), ['unclosed-string@1']);
  assert.equal(reasons('s := `abc'), ['unclosed-string@1']);
  assert.equal(reasons('a /* never'), ['unclosed-comment@1']);
  assert.equal(reasons('a $ b'), ['invalid-character@1']);
  assert.equal(reasons('f(\n'), ['unclosed-bracket@1']);
  assert.equal(reasons('f())\n'), ['unmatched-bracket@1']);
  assert.equal(reasons('f(]\n'), ['unmatched-bracket@1']);
  // Brackets inside strings, runes and comments do not count.
  assert.equal(reasons('f("(", \'{\', `[`) // )\n'), []);
});

test('the match table pairs brackets; hidden characters are recorded with their context', () => {
  const lex = tokenizeGo('f(a[1], {b})');
  assert.is(lex.match[1], 10);
  assert.is(lex.match[3], 5);
  assert.equal(tokenizeGo('x := "a\u202eb" // \u200b\n').invisibles.map((c) => `${c.category}:${c.context}`), ['bidi:string', 'invisible:comment']);
  assert.equal(tokenizeGo('a\u200bb').invisibles.map((c) => c.context), ['code']);
});

test.run();
