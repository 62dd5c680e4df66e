import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { humanize, humanizeChecked, type GrammarCheck } from '../../server/engines/humanize/index.ts';
import { loadTextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';

const detector = loadTextDetector();

const FIRST = 'Moreover, it is important to note that the council plays a crucial role in the town. Furthermore, numerous residents utilize its services every single day.';
const SECOND = 'The river "Avon" rose by 2 metres on 4 May 2021.';
const THIRD = 'In conclusion, the council is a testament to the enduring importance of local democracy. Additionally, it delves into the needs of individuals.';
const TEXT = `${FIRST}\n\n${SECOND}\n\n${THIRD}`;

/** A grammar stand-in that records what it reads and objects to `objection` wherever it occurs (a correction that removes nothing). */
function recording(objection?: RegExp): GrammarCheck & { read: string[] } {
  const read: string[] = [];
  return {
    read,
    correct: async (text) => {
      read.push(text);
      const diff = objection ? [...text.matchAll(new RegExp(objection.source, 'gu'))].map((m) => ({ type: 'replace' as const, original: m[0], corrected: m[0], start: m.index, end: m.index + m[0].length })) : [];
      return { diff };
    },
  };
}

/** The sentences of `text` that are not sentences of `input`: what the rewrite wrote. */
const written = (text: string, input: string): string[] => {
  const before = new Set(splitSentences(input).map((s) => s.text));
  return splitSentences(text).map((s) => s.text).filter((s) => !before.has(s));
};

describe('grammar gate, paragraph by paragraph', () => {
  it('reads only the sentences the rewrite wrote, once, and the input\'s only where the rewrite\'s have an issue', async () => {
    const grammar = recording();
    const result = await humanizeChecked(TEXT, { detector, grammar });
    const paragraphs = result.text.split('\n\n');
    assert.equal(paragraphs[1], SECOND, 'a paragraph of protected items only is left as it was');
    assert.notEqual(paragraphs[0], FIRST);
    assert.notEqual(paragraphs[2], THIRD);
    // Clean rewrites: one reading of the sentences the rewrite wrote, never the unchanged paragraph, never the input.
    assert.deepEqual(grammar.read, [written(result.text, TEXT).join('\n\n')]);
  });

  it('does not read a sentence the rewrite left as it was, even inside a paragraph it changed', async () => {
    const grammar = recording();
    const text = `${FIRST} ${SECOND}\n\n${THIRD}`;
    const result = await humanizeChecked(text, { detector, grammar });
    assert.ok(result.text.includes(SECOND) && !result.text.includes(FIRST));
    assert.equal(grammar.read.length, 1);
    assert.ok(!grammar.read[0].includes('Avon'), 'the unchanged sentence is not read');
    assert.deepEqual(grammar.read, [written(result.text, text).join('\n\n')]);
  });

  it('gives back a paragraph as the input had it when the rewrite\'s issues cannot be repaired, and keeps the others rewritten', async () => {
    const plain = humanize(TEXT, { detector }).text.split('\n\n');
    // Something the rewrite wrote in the first paragraph only, flagged by a correction that does not remove it.
    const word = plain[0].match(/\p{L}{4,}/gu)!.find((w) => !FIRST.includes(w) && !THIRD.includes(w) && !plain[2].includes(w))!;
    assert.ok(word, 'the rewrite brings a new word into the first paragraph');
    const grammar = recording(new RegExp(`\\b${word}\\b`, 'u'));
    const result = await humanizeChecked(TEXT, { detector, grammar });
    const paragraphs = result.text.split('\n\n');
    assert.equal(paragraphs[0], FIRST);
    assert.equal(paragraphs[2], plain[2]);
    assert.ok(grammar.read.includes(written(FIRST, plain[0]).join('\n\n')), 'the input\'s sentences that the rewrite replaced were counted');
    assert.equal(result.scoreAfter, detector.detect(result.text).aiScore);
  });
});
