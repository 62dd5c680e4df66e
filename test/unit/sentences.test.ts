import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { splitSentences, type SentenceSpan } from '../../server/engines/shared/sentences.ts';

const texts = (input: string): string[] => splitSentences(input).map((s) => s.text);

/** Checks every guarantee of the splitter's contract on one input. */
function assertContract(input: string, spans: SentenceSpan[]): void {
  let previousEnd = 0;
  for (const s of spans) {
    assert.ok(s.start >= previousEnd, 'in order and non-overlapping');
    assert.ok(s.end > s.start, 'non-empty');
    assert.equal(s.text, input.slice(s.start, s.end), 'exact substring');
    assert.equal(s.text, s.text.trim(), 'trimmed');
    // Only whitespace lies between spans (and before the first / after the last).
    assert.match(input.slice(previousEnd, s.start), /^\s*$/u);
    const first = s.text.charCodeAt(0);
    assert.ok(!(first >= 0xdc00 && first <= 0xdfff), 'no span starts inside a surrogate pair');
    previousEnd = s.end;
  }
  assert.match(input.slice(previousEnd), /^\s*$/u, 'every non-whitespace character is covered');
}

describe('splitSentences: English rules', () => {
  it('does not split after titles, e.g., i.e., or inside decimals and times', () => {
    assert.deepEqual(texts('Dr. Smith went to Washington. He met Mr. Jones at 3.14 p.m. on Monday. It was great!'), [
      'Dr. Smith went to Washington.',
      'He met Mr. Jones at 3.14 p.m. on Monday.',
      'It was great!',
    ]);
    assert.deepEqual(texts('We use e.g. apples, i.e. fruit. Prices rose 2.5% in Q3. Fine.'), [
      'We use e.g. apples, i.e. fruit.',
      'Prices rose 2.5% in Q3.',
      'Fine.',
    ]);
  });

  it('handles acronyms and initials that may or may not end a sentence', () => {
    assert.deepEqual(texts('The U.S. Army arrived. He lives in the U.S. The weather is fine.'), [
      'The U.S. Army arrived.',
      'He lives in the U.S.',
      'The weather is fine.',
    ]);
    assert.deepEqual(texts('J. K. Rowling wrote it. John F. Kennedy spoke. I need vitamin C. The end, etc. Done.'), [
      'J. K. Rowling wrote it.',
      'John F. Kennedy spoke.',
      'I need vitamin C.',
      'The end, etc.',
      'Done.',
    ]);
    assert.deepEqual(texts('See Fig. 3 and pp. 12-14 in Smith et al. (2020). I said no. The end.'), [
      'See Fig. 3 and pp. 12-14 in Smith et al. (2020).',
      'I said no.',
      'The end.',
    ]);
  });

  it('splits sentences that start in lower case, but not after abbreviations', () => {
    assert.deepEqual(texts('i was late again today. the bus never came. my boss was annoyed. coffee was cold.'), [
      'i was late again today.',
      'the bus never came.',
      'my boss was annoyed.',
      'coffee was cold.',
    ]);
    assert.deepEqual(texts('Apples, pears etc. and more. It cost approx. five dollars. Smith et al. found it. in 1990. the wall fell.'), [
      'Apples, pears etc. and more.',
      'It cost approx. five dollars.',
      'Smith et al. found it.',
      'in 1990.',
      'the wall fell.',
    ]);
    assert.deepEqual(texts('"Wait!" she said. "no." he replied. Wait... what now?'), ['"Wait!" she said.', '"no." he replied.', 'Wait... what now?']);
  });

  it('keeps URLs and e-mail addresses whole', () => {
    assert.deepEqual(texts('Visit https://example.com/a.b?c=d or mail john.doe@example.co.uk today. Thanks!'), [
      'Visit https://example.com/a.b?c=d or mail john.doe@example.co.uk today.',
      'Thanks!',
    ]);
  });

  it('keeps closing quotes and brackets with their sentence, and dialogue tags with the quote', () => {
    assert.deepEqual(texts('"Stop!" she shouted. He said "no." Then he left (quietly.) Next.'), [
      '"Stop!" she shouted.',
      'He said "no."',
      'Then he left (quietly.)',
      'Next.',
    ]);
  });

  it('splits ellipses only before a new sentence', () => {
    assert.deepEqual(texts("Wait... what happened? I don't know... The lights went out…"), [
      'Wait... what happened?',
      "I don't know...",
      'The lights went out…',
    ]);
  });

  it('ends list items, headings and paragraphs at line breaks but joins wrapped lines', () => {
    const input =
      'Shopping list:\n- eggs\n- milk\n1. first item\n2. second item\n\nA Short Title\n' +
      'The body starts here and\ncontinues on this line. Another sentence follows\nwithout a break.';
    assert.deepEqual(texts(input), [
      'Shopping list:',
      '- eggs',
      '- milk',
      '1. first item',
      '2. second item',
      'A Short Title',
      'The body starts here and\ncontinues on this line.',
      'Another sentence follows\nwithout a break.',
    ]);
    assert.deepEqual(texts('First paragraph without a stop\r\n\r\nSecond one'), ['First paragraph without a stop', 'Second one']);
  });

  it('returns nothing for empty or whitespace-only input', () => {
    assert.deepEqual(splitSentences(''), []);
    assert.deepEqual(splitSentences(' \n\t\u00a0\u3000 '), []);
  });

  it('reports UTF-16 offsets of the input', () => {
    const input = '  Hello 👋🏽 world.   Café naïve.  ';
    const spans = splitSentences(input);
    assert.deepEqual(spans, [
      { text: 'Hello 👋🏽 world.', start: 2, end: 19 },
      { text: 'Café naïve.', start: 22, end: 33 },
    ]);
  });
});

describe('splitSentences: other scripts', () => {
  it('splits at CJK full stops without spaces', () => {
    assert.deepEqual(texts('我喜欢猫。你呢？很好！「これは日本語です。」次です。'), ['我喜欢猫。', '你呢？', '很好！', '「これは日本語です。」', '次です。']);
  });

  it('splits Cyrillic, Devanagari and mixed text sensibly', () => {
    assert.deepEqual(texts('Привет. Как дела? Всё хорошо.'), ['Привет.', 'Как дела?', 'Всё хорошо.']);
    assert.deepEqual(texts('नमस्ते। यह ठीक है। Okay then.'), ['नमस्ते।', 'यह ठीक है।', 'Okay then.']);
    assert.deepEqual(texts('The end. 我喜欢猫。 Then more.'), ['The end.', '我喜欢猫。', 'Then more.']);
  });
});

describe('splitSentences: properties', () => {
  const pieces = [
    'Dr.', 'e.g.', 'U.S.', '3.14', 'word', 'The', 'the', 'I', 'etc.', '.', '!', '?', '...', '…', '"', '”', ')', '(',
    ' ', ' ', ' ', '\n', '\n\n', '\r\n', '\t', '\u00a0', '- ', '1. ', '。', '！', '猫', 'Привет', 'é', 'e\u0301', '👋🏽',
    '😀', '\ud83d', 'x@y.com', 'https://a.b/c?d', 'नमस्ते', '।',
  ];
  const tokenText = fc.array(fc.constantFrom(...pieces), { maxLength: 60 }).map((a) => a.join(''));

  it('covers the input with ordered, trimmed, exact substrings (token soup)', () => {
    fc.assert(fc.property(tokenText, (input) => assertContract(input, splitSentences(input))), { numRuns: 2000 });
  });

  it('covers the input for arbitrary Unicode strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (input) => assertContract(input, splitSentences(input))),
      { numRuns: 2000 },
    );
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 200 }), (input) => assertContract(input, splitSentences(input))),
      { numRuns: 1000 },
    );
  });

  // Sentences of ordinary words that start in either case, with decimals, abbreviations and quotes inside
  // (each followed by a lower-case word: "etc. The" may end a sentence, "etc. the" may not). A closing
  // quote or bracket after the terminator before a lower-case word reads as a dialogue tag ('"no." he
  // said'), so sentences here end bare.
  const plainWords = ['today', 'the', 'bus', 'it', 'was', 'cold', 'my', 'boss', 'coffee', 'never', 'came', 'we', 'are', 'late'];
  const inner = ['3.14', 'e.g.', 'Dr.', 'etc.', 'approx.', 'i.e.', 'U.S.', '"quoted"', "it's", '2.5%'];
  const word = fc.constantFrom(...plainWords).chain((w) => fc.boolean().map((upper) => (upper ? w[0].toUpperCase() + w.slice(1) : w)));
  const sentence = fc
    .tuple(word, fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...plainWords) }, { weight: 1, arbitrary: fc.tuple(fc.constantFrom(...inner), fc.constantFrom(...plainWords)).map((p) => p.join(' ')) }), { maxLength: 8 }), fc.constantFrom(...plainWords), fc.constantFrom('.', '!', '?'))
    .map(([first, middle, last, end]) => [first, ...middle, last].join(' ') + end);
  const separator = fc.constantFrom(' ', '  ', '\n', '\n\n', ' \r\n\r\n');

  it('finds every sentence of ordinary words, whatever the case of its first letter (property)', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 1, maxLength: 6 }), fc.array(separator, { minLength: 6, maxLength: 6 }), (sentences, seps) => {
        const input = sentences.map((s, i) => (i === 0 ? s : seps[i - 1] + s)).join('');
        const spans = splitSentences(input);
        assertContract(input, spans);
        assert.deepEqual(spans.map((s) => s.text), sentences);
      }),
      { numRuns: 1500 },
    );
  });

  it('ends a paragraph at a blank line even without a terminator (property)', () => {
    const para = fc.array(fc.constantFrom(...plainWords), { minLength: 1, maxLength: 10 }).map((w) => w.join(' '));
    fc.assert(
      fc.property(fc.array(para, { minLength: 1, maxLength: 5 }), (paras) => {
        assert.deepEqual(texts(paras.join('\n\n')), paras);
      }),
      { numRuns: 500 },
    );
  });

  // Its speed on long input is `npm run bench`'s to measure; here, that it finishes and is right.
  it('is deterministic on long input', () => {
    const long = 'Dr. Who said e.g. this works. '.repeat(20_000) + 'x'.repeat(100_000) + '. '.repeat(10_000);
    const a = splitSentences(long);
    assertContract(long, a);
    assert.deepEqual(splitSentences(long), a);
  });
});
