/**
 * The grammar engine's diff contract: applying the diff (in code points) to the input gives
 * corrected_text exactly; operations are sorted, non-overlapping, word-level and typed by what
 * they do; changed ⇔ diff non-empty ⇔ corrected_text differs; offsets are code points, so emoji,
 * astral CJK and combining marks count as the code points they are.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGrammarEngine, type DiffOperation, type GrammarCorrection } from '../../server/engines/grammar/index.ts';
import { apply, compose, resolve, toDiff, toWords, type Edit } from '../../server/engines/grammar/edits.ts';
import { codePointLength } from '../../server/engines/shared/text.ts';

const engine = await createGrammarEngine();

/** Applies a diff to `input` by code points. */
function applyDiff(input: string, diff: DiffOperation[]): string {
  const cps = [...input];
  let out = '';
  let cursor = 0;
  for (const op of diff) {
    out += cps.slice(cursor, op.start).join('') + op.corrected;
    cursor = op.end;
  }
  return out + cps.slice(cursor).join('');
}

function assertContract(input: string, result: GrammarCorrection): void {
  const cps = [...input];
  assert.equal(applyDiff(input, result.diff), result.correctedText);
  assert.equal(result.changed, result.diff.length > 0);
  assert.equal(result.changed, result.correctedText !== input);
  let last = -1;
  for (const op of result.diff) {
    assert.ok(op.start >= 0 && op.end <= codePointLength(input) && op.start <= op.end, JSON.stringify(op));
    assert.ok(op.start >= last, `operations sorted and apart: ${JSON.stringify(result.diff)}`);
    assert.equal(cps.slice(op.start, op.end).join(''), op.original);
    assert.notEqual(op.original, op.corrected);
    assert.equal(op.type, op.original === '' ? 'insert' : op.corrected === '' ? 'delete' : 'replace');
    if (op.type === 'insert') assert.equal(op.start, op.end);
    last = op.end;
  }
  for (let k = 1; k < result.diff.length; k++) {
    const a = result.diff[k - 1];
    const b = result.diff[k];
    assert.ok(a.end <= b.start, 'non-overlapping');
    assert.ok(!(a.start === a.end && b.start === b.end && a.start === b.start), 'one insertion per point');
  }
  for (const issue of result.issues) {
    assert.equal(typeof issue.category, 'string');
    assert.ok(['low', 'medium', 'high'].includes(issue.severity));
    assert.ok(issue.message.length > 0);
  }
}

const WORDS = ['he', 'go', 'to', 'school', 'i', 'has', 'a', 'apple', 'teh', 'becuase', 'colour', 'the', 'the', 'can', 'goes', 'Many', 'student', 'is', 'its', 'very', 'However', 'we', 'informations'];
const ODD = ['😀', '👍🏽', '𠀀𠀁', '日本語', 'e\u0301', 'ñ', '\u200b', '—', '"', '…', 'x\u0308y', '🇫🇷', '.', ',', '\n', '  '];

describe('grammar diff contract (property tests)', () => {
  it('holds on random sentences of error-prone words mixed with emoji, astral CJK and combining marks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.oneof(fc.constantFrom(...WORDS), fc.constantFrom(...ODD)), { minLength: 1, maxLength: 30 }), fc.constantFrom(' ', '', '\n'), async (parts, sep) => {
        const input = parts.join(sep === '' ? ' ' : sep);
        assertContract(input, await engine.correct(input, 'auto'));
      }),
      { numRuns: 120 },
    );
  });

  it('holds on arbitrary Unicode strings, for every variant', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ unit: 'binary', maxLength: 80 }), fc.constantFrom('auto', 'en-US', 'en-GB', 'en-CA', 'en-AU', 'en-IN') as fc.Arbitrary<'auto'>, async (input, variant) => {
        assertContract(input, await engine.correct(input, variant));
      }),
      { numRuns: 150 },
    );
  });

  it('reports offsets in code points after emoji, astral CJK and combining marks', async () => {
    for (const prefix of ['😀👍🏽 ', '𠀀𠀁𠀂 ', 'Cafe\u0301 ', '🇫🇷 ']) {
      const input = `${prefix}I has a apple.`;
      const result = await engine.correct(input, 'auto');
      assertContract(input, result);
      const has = result.diff.find((op) => op.original === 'has');
      assert.ok(has, JSON.stringify(result.diff));
      assert.equal(has.start, [...prefix].length + 2);
      assert.equal(has.corrected, 'have');
      assert.equal(result.correctedText, `${prefix}I have an apple.`);
    }
  });

  it('lists every change, one operation each, never truncated', async () => {
    const sentence = 'he go to school and i has a apple. ';
    const input = sentence.repeat(60);
    const result = await engine.correct(input, 'auto');
    assertContract(input, result);
    // Per sentence: He, goes, I, have, an (capital, agreement, pronoun, agreement, article).
    assert.equal(result.diff.length, 60 * 5);
  });
});

describe('edit composition', () => {
  const edit = (start: number, end: number, replacement: string): Edit => ({ start, end, replacement, category: 'grammar', rule: 'test' });

  it('composes two stages into edits on the original with the same effect', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 0, maxLength: 30 }),
        fc.array(fc.tuple(fc.nat(30), fc.nat(4), fc.string({ maxLength: 3 })), { maxLength: 4 }),
        fc.array(fc.tuple(fc.nat(40), fc.nat(4), fc.string({ maxLength: 3 })), { maxLength: 4 }),
        (text, a, b) => {
          const first = resolve(text, a.map(([s, l, r]) => edit(Math.min(s, text.length), Math.min(s + l, text.length), r)));
          const middle = apply(text, first);
          const second = resolve(middle, b.map(([s, l, r]) => edit(Math.min(s, middle.length), Math.min(s + l, middle.length), r)));
          const composed = compose(text, first, second);
          assert.equal(apply(text, composed), apply(middle, second));
          for (let k = 1; k < composed.length; k++) assert.ok(composed[k - 1].end <= composed[k].start);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('widens edits to whole words and trims unchanged words', () => {
    const text = 'I saw a apple today';
    assert.deepEqual(toWords(text, edit(6, 13, 'an apple')), edit(6, 7, 'an'));
    // A replacement inside a word becomes the whole word.
    assert.deepEqual(toWords('colour', edit(4, 5, '')), edit(0, 6, 'color'));
    assert.equal(toWords(text, edit(0, 1, 'I')), null);
    const diff = toDiff('😀 the the cat', [edit(6, 10, '')]);
    assert.deepEqual(diff, [{ type: 'delete', original: ' the', corrected: '', start: 5, end: 9, category: 'grammar', explanation: '"the" is not needed here.' }]);
  });
});
