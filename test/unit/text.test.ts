import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { codePointLength, countWords } from '../../server/engines/shared/text.ts';

describe('word count and code points (what every charge and offset uses)', () => {
  test('words are whitespace-separated; each CJK character is a word', () => {
    assert.equal(countWords('The quick  brown\tfox\n\njumps.'), 5);
    assert.equal(countWords('   '), 0);
    assert.equal(countWords('a\u3000b\u00a0c'), 3); // ideographic and no-break spaces separate words
    assert.equal(countWords('東京 is 大きい city'), 7);
    assert.equal(countWords('abc日本def ghi'), 5); // 2 CJK characters, abc+def as one rest, ghi
  });

  test('property: the count of two texts joined by a space is the sum of their counts', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '1', '.', ' ', '\n', '\u3000', '東', 'あ', 'ㄱ', '😀', 'é'), maxLength: 60 });
    fc.assert(fc.property(text, text, (a, b) => countWords(`${a} ${b}`) === countWords(a) + countWords(b)));
  });

  test('property: a text without CJK has as many words as non-empty whitespace-separated tokens', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '-', ' ', '\t', '\n', '\u00a0', '😀'), maxLength: 80 });
    fc.assert(fc.property(text, (t) => countWords(t) === t.split(/\s+/u).filter(Boolean).length));
  });

  test('every UTF-16 code unit that \\s matches separates words, and no other does (CJK aside)', () => {
    for (let c = 0; c <= 0xffff; c++) {
      const ch = String.fromCharCode(c);
      if ((c >= 0xd800 && c <= 0xdfff) || /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}|\p{Script=Hangul}/u.test(ch)) continue;
      assert.equal(countWords(`a${ch}b`), /\s/u.test(ch) ? 2 : 1, `U+${c.toString(16)}`);
    }
  });

  test('property: code points are what iterating a string yields', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (t) => codePointLength(t) === [...t].length));
  });
});
