import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { tokenizeRust } from '../../src/scan/rust/rust-tokenize.ts';

const kinds = (src: string): string[] => tokenizeRust(src).tokens.map((t) => `${t.type}:${t.value}`);
const problems = (src: string): string[] => tokenizeRust(src).problems.map((p) => `${p.reason}@${p.line}:${p.column}`);

test('comments: line comments, nested block comments, doc comments', () => {
  assert.equal(kinds('a // b c\nd'), ['ident:a', 'ident:d']);
  assert.equal(kinds('a /* x /* y */ still comment */ b'), ['ident:a', 'ident:b']);
  assert.equal(kinds('/// doc\n//! inner\n/** block doc */ x'), ['ident:x']);
  assert.equal(problems('a /* x /* y */ b'), ['unclosed-comment@1:3']);
  // A line count kept through a multi-line comment.
  assert.equal(tokenizeRust('/*\n\n*/ x').tokens[0]!.line, 3);
});

test('strings: escapes, line continuations, byte and C strings, raw strings with hashes', () => {
  assert.equal(kinds('"a\\x41\\u{1F600}\\n"'), ['string:aA\u{1F600}\n']);
  assert.equal(kinds('"a\\\n     b"'), ['string:ab']);
  assert.equal(kinds('"multi\nline" x'), ['string:multi\nline', 'ident:x']);
  assert.equal(tokenizeRust('b"x" c"y" br"z" cr#"w"#').tokens.map((t) => `${t.prefix}:${t.value}`), ['b:x', 'c:y', 'br:z', 'cr:w']);
  assert.equal(kinds('r#"a "quoted" \\n"# x'), ['string:a "quoted" \\n', 'ident:x']);
  assert.equal(kinds('r##"has "# inside"## y'), ['string:has "# inside', 'ident:y']);
  assert.equal(kinds('r"\\"'), ['string:\\']);
  assert.equal(problems('let s = r##"never closed"# ;'), ['unclosed-string@1:9']);
  assert.equal(problems('let s = "never closed'), ['unclosed-string@1:9']);
  // An escape that spells a visible character is counted for escape density.
  assert.ok(tokenizeRust('"\\x65xec"').escapedChars > 0);
});

test('a quote: a character literal when a character and a quote follow, else a lifetime or label', () => {
  assert.equal(kinds("fn f<'a>(x: &'a str) -> char { 'a' }"), ['ident:fn', 'ident:f', "op:<", "lifetime:'a", 'op:>', 'op:(', 'ident:x', 'op::', 'op:&', "lifetime:'a", 'ident:str', 'op:)', 'op:->', 'ident:char', 'op:{', 'char:a', 'op:}']);
  assert.equal(kinds("'\\n' '\\'' '\"' b'x' '\\u{41}'"), ['char:\n', "char:'", 'char:"', 'char:x', 'char:A']);
  assert.equal(kinds("'outer: loop { break 'outer; }"), ["lifetime:'outer", 'op::', 'ident:loop', 'op:{', 'ident:break', "lifetime:'outer", 'op:;', 'op:}']);
  assert.equal(kinds("&'static str"), ['op:&', "lifetime:'static", 'ident:str']);
  // A multi-byte character literal.
  assert.equal(kinds("'\u{1F600}'"), ['char:\u{1F600}']);
});

test('identifiers, raw identifiers, numbers, ranges and punctuation', () => {
  assert.equal(kinds('r#type r#match'), ['ident:type', 'ident:match']);
  assert.equal(kinds('0x1F_u8 1_000 2.5e-3f64 1..2 x.0.1 1..=3'), ['number:0x1F_u8', 'number:1_000', 'number:2.5e-3f64', 'number:1', 'op:..', 'number:2', 'ident:x', 'op:.', 'number:0', 'op:.', 'number:1', 'number:1', 'op:..=', 'number:3']);
  assert.equal(kinds('a::b -> c => d ?'), ['ident:a', 'op:::', 'ident:b', 'op:->', 'ident:c', 'op:=>', 'ident:d', 'op:?']);
  assert.equal(kinds('#![allow(x)]\nfn'), ['op:#', 'op:!', 'op:[', 'ident:allow', 'op:(', 'ident:x', 'op:)', 'op:]', 'ident:fn']);
  // A shebang line is skipped; `#![` is an inner attribute.
  assert.equal(kinds('#!/usr/bin/env rust-script\nfn main() {}'), ['ident:fn', 'ident:main', 'op:(', 'op:)', 'op:{', 'op:}']);
});

test('brackets pair; a stray closer or an unclosed opener is a problem', () => {
  const lex = tokenizeRust('f(a[0], { b })');
  assert.equal(lex.match[1], lex.tokens.length - 1);
  assert.equal(problems('f(a]'), ['unmatched-bracket@1:4']);
  assert.equal(problems('fn x() {'), ['unclosed-bracket@1:8']);
  assert.equal(problems('let a = `x`;'), ['invalid-character@1:9', 'invalid-character@1:11']);
  // U+2028, U+2029 and U+0085 are whitespace to Rust (rustfmt's tests/source/issue-2995.rs puts U+2028 between tokens).
  assert.equal(kinds('[0,\u20281]\u2029;\u0085x'), ['op:[', 'number:0', 'op:,', 'number:1', 'op:]', 'op:;', 'ident:x']);
  assert.equal(problems('[0,\u20281];'), []);
});

test.run();
