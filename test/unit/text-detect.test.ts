import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { SHORT_TEXT_WORDS, loadTextDetector, logitBreakdown, type Detection, type TextDetector } from '../../server/engines/text-detect/index.ts';
import { normalizeForFeatures } from '../../server/engines/text-detect/normalize.ts';
import { LENGTH_BANDS, calibrationAt, deserializeModel, scoreAt, serializeModel, sigmoid } from '../../server/engines/text-detect/model.ts';
import { HashSet32 } from '../../server/engines/text-detect/features.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { readFileSync } from 'node:fs';
import { MODEL_FILE } from '../../server/engines/text-detect/index.ts';

const detector = loadTextDetector();

/** Sentences are exact, ordered, non-overlapping substrings holding every non-whitespace character. */
function assertCovers(input: string, d: Detection): void {
  let previousEnd = 0;
  for (const s of d.sentences) {
    assert.equal(s.text, input.slice(s.start, s.end));
    assert.ok(s.start >= previousEnd && s.end > s.start);
    assert.match(input.slice(previousEnd, s.start), /^\s*$/u);
    assert.ok(s.aiScore >= 0 && s.aiScore <= 1 && Number.isFinite(s.aiScore));
    previousEnd = s.end;
  }
  assert.match(input.slice(previousEnd), /^\s*$/u);
  assert.ok(d.aiScore >= 0 && d.aiScore <= 1 && Number.isFinite(d.aiScore));
}

// Written for this test: a templated, assistant-style paragraph and a casual forum-style one.
const AI_STYLE =
  'In today\'s fast-paced world, effective time management plays a crucial role in achieving both personal and professional success. ' +
  'Additionally, it is important to note that prioritizing tasks allows individuals to navigate their responsibilities with greater clarity. ' +
  'Furthermore, leveraging digital tools can significantly enhance productivity, fostering a more balanced and fulfilling lifestyle. ' +
  'By embracing these strategies, individuals can unlock their full potential and cultivate meaningful growth. ' +
  'Moreover, consistent reflection ensures that goals remain aligned with evolving priorities. ' +
  'In conclusion, mastering time management is not merely a skill but a vital foundation for a thriving and harmonious life.';
const HUMAN_STYLE =
  "ok so i finally tried that ramen place on 5th last night. honestly? kinda mid. the broth was way too salty and my buddy's " +
  "noodles came out like 20 min after mine lol. waiter was nice tho, he comped us a beer when we complained. " +
  "parking's a nightmare btw, we circled the block 3 times before giving up and walking from the garage. " +
  "would i go back... maybe for lunch? idk. my sister swears by their spicy miso but i didn't see what the fuss was about.";

// Written for this test: six sentences of a personal account, then five in the voice of a chat assistant.
const SIX_HUMAN =
  'My father kept bees for almost thirty years, and I spent most summers of my childhood trying to stay out of their way. ' +
  'The hives sat at the bottom of the garden behind a row of gooseberry bushes that never gave much fruit. ' +
  'He never wore gloves, which my mother said was showing off, and he got stung far more often than he admitted. ' +
  "Once a swarm settled in the neighbour's apple tree and he went up the ladder with a cardboard box and a kitchen brush. " +
  'What I remember most is the noise, a low hum you could feel in your teeth. ' +
  'We lost most of the colonies in the hard winter of 1987 and he never really started again.';
const FIVE_AI =
  'Beekeeping offers a unique opportunity to connect with nature while supporting vital pollinator populations. ' +
  'Additionally, it is important to note that maintaining healthy hives requires careful attention to seasonal changes and potential threats. ' +
  'By understanding the intricate dynamics of a colony, beekeepers can foster resilience and ensure sustainable honey production. ' +
  'Furthermore, this rewarding practice encourages patience, mindfulness, and a deeper appreciation for the delicate balance of ecosystems. ' +
  'Ultimately, beekeeping is not merely a hobby but a meaningful way to contribute to environmental well-being.';

describe('text-detect engine', () => {
  // How fast it loads is measured by `npm run bench -- text-detect`, not here.
  it('loads the committed model with a version string', () => {
    assert.match(detector.version, /^ci-textdetect-\d+\.\d+\.\d+$/);
    assert.equal(deserializeModel(readFileSync(MODEL_FILE, 'utf8')).version, detector.version);
    assert.equal(loadTextDetector(), detector, 'cached');
  });

  it('is deterministic', () => {
    const a = detector.detect(AI_STYLE);
    const b = detector.detect(AI_STYLE);
    assert.deepEqual(a, b);
    detector.detect(HUMAN_STYLE); // buffers reused in between must not leak into the next result
    assert.deepEqual(detector.detect(AI_STYLE), a);
  });

  it('scores a templated AI-style paragraph above a casual human one', () => {
    const ai = detector.detect(AI_STYLE);
    const human = detector.detect(HUMAN_STYLE);
    assert.ok(ai.aiScore > human.aiScore, `${ai.aiScore} > ${human.aiScore}`);
    assert.ok(ai.aiScore > 0.5, `AI-style paragraph reads as AI (${ai.aiScore})`);
    assert.ok(human.aiScore < 0.5, `casual paragraph reads as human (${human.aiScore})`);
    assert.equal(ai.language, 'eng');
    assert.equal(ai.englishCalibrated, true);
  });

  it('breaks the logit into parts that add up to the score, with the 0.5 point of the text\'s length', () => {
    for (const text of [AI_STYLE, HUMAN_STYLE]) {
      const b = logitBreakdown(detector, text)!;
      const words = countWords(text);
      const { calibration } = deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
      const cal = calibrationAt(calibration, words);
      assert.ok(Math.abs(sigmoid(cal.a * b.logit + cal.b) - detector.detect(text).aiScore) < 1e-9 || b.logit < b.threshold, 'above the 0.5 point, the score is the sigmoid of the parts');
      assert.equal(scoreAt(calibration, b.logit, words), detector.detect(text).aiScore, 'the parts add up to the logit the engine scores');
      assert.equal(detector.detect(text).aiScore > 0.5, b.logit > b.threshold);
      assert.ok('word_ngrams' in b.parts && 'ng_llr_ai_share' in b.parts && 'bias' in b.parts);
    }
    const fake: TextDetector = { version: 'fake', detect: () => detector.detect('') };
    assert.equal(logitBreakdown(fake, AI_STYLE), undefined);
  });

  it('gives sentence scores that agree with the document and single out spliced sentences', () => {
    const ai = detector.detect(AI_STYLE);
    assert.equal(ai.sentences.length, 6);
    assertCovers(AI_STYLE, ai);
    assert.ok(ai.sentences.filter((s) => s.aiScore > 0.5).length >= 5, 'the sentences of an AI-style paragraph read as AI');
    assert.ok(detector.detect(HUMAN_STYLE).sentences.every((s) => s.aiScore < 0.5), 'no sentence of a casual paragraph reads as AI');
    const mixed = `${HUMAN_STYLE} ${AI_STYLE}`;
    const d = detector.detect(mixed);
    assertCovers(mixed, d);
    const humanPart = d.sentences.filter((s) => s.end <= HUMAN_STYLE.length);
    const aiPart = d.sentences.filter((s) => s.start > HUMAN_STYLE.length);
    const avg = (xs: { aiScore: number }[]): number => xs.reduce((s, x) => s + x.aiScore, 0) / xs.length;
    assert.ok(avg(aiPart) > avg(humanPart), `${avg(aiPart)} > ${avg(humanPart)}`);
  });

  it('finds the AI part of a text whose last five sentences were written by AI, and says so', () => {
    const d = detector.detect(`${SIX_HUMAN} ${FIVE_AI}`);
    assert.equal(d.sentences.length, 11);
    const scores = d.sentences.map((s) => s.aiScore.toFixed(2)).join(' ');
    assert.ok(d.sentences.slice(0, 6).every((s) => s.aiScore < 0.5), `every human sentence under 0.5: ${scores}`);
    assert.ok(d.sentences.slice(6).filter((s) => s.aiScore > 0.5).length >= 4, `at least four AI sentences over 0.5: ${scores}`);
    assert.match(d.note ?? '', /^The text looks mixed: the last \d of 11 sentences read as AI/);
  });

  it('gives each sentence a score of its own, not copies of the document score', () => {
    const scores = new Set(detector.detect(`${SIX_HUMAN} ${FIVE_AI}`).sentences.map((s) => s.aiScore));
    assert.ok(scores.size >= 9, 'scores are not copies of the document score');
  });

  it('covers the input with exact sentence substrings for arbitrary text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (text) => assertCovers(text, detector.detect(text))),
      { numRuns: 300 },
    );
    const pieces = ['The', 'cat', 'sat', '.', ' ', ' ', '\n', 'Dr.', '3.14', '!', '?', '"', 'é', '😀', '猫', '。', 'однако'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { maxLength: 80 }).map((a) => a.join('')), (text) => assertCovers(text, detector.detect(text))),
      { numRuns: 300 },
    );
  });

  it('handles empty, whitespace and symbol-only input: score 0, no contradiction', () => {
    for (const text of ['', '   \n\t ', '🎉🎉🎉', '... !!! ???']) {
      const d = detector.detect(text);
      assert.equal(d.aiScore, 0);
      assertCovers(text, d);
      for (const s of d.sentences) assert.equal(s.aiScore, 0);
    }
    assert.deepEqual(detector.detect('').sentences, []);
    assert.equal(detector.detect('').language, 'und');
  });

  it('handles emoji, CJK and combining marks', () => {
    const text = 'Café 😀 naïve résumé. 我喜欢猫。你呢？ Zalgo t̶e̷x̸t here! Family: 👨‍👩‍👧‍👦.';
    const d = detector.detect(text);
    assertCovers(text, d);
    assert.ok(d.sentences.some((s) => s.text === '我喜欢猫。'));
  });

  it('flags non-English text as not calibrated', () => {
    const french =
      "Le petit village se réveillait lentement sous un ciel gris. Les commerçants ouvraient leurs boutiques " +
      "tandis que les enfants couraient vers l'école, leurs cartables rebondissant sur le dos.";
    const d = detector.detect(french);
    assert.equal(d.language, 'fra');
    assert.equal(d.englishCalibrated, false);
    const chinese = '今天天气很好。我们一起去公园散步吧。公园里有很多花，也有很多人在跑步。';
    const c = detector.detect(chinese);
    assert.equal(c.englishCalibrated, false);
    assertCovers(chinese, c);
    assert.equal(detector.detect(HUMAN_STYLE).englishCalibrated, true);
  });

  it('completes a 50,000-word text', () => {
    const words = HUMAN_STYLE.split(' ');
    const parts: string[] = [];
    for (let i = 0; i < 50_000; i++) parts.push(words[i % words.length]);
    const text = parts.join(' ');
    assertCovers(text, detector.detect(text));
  });

  it('is not fooled by homoglyphs and invisible characters', () => {
    const attacked = AI_STYLE.replace(/e/g, 'е').replace(/o/g, 'о').replace(/ /g, ' \u200b');
    assert.equal(normalizeForFeatures('Tհe ｍodel 𝚝ested'), 'The model tested');
    const a = detector.detect(AI_STYLE).aiScore;
    const b = detector.detect(attacked).aiScore;
    assert.ok(Math.abs(a - b) < 0.05, `${a} vs ${b}`);
  });

  it('property: spacing and digits are canonical (digits 0, one space between words, no space at the ends)', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'B', '7', '.', ' ', ' ', '\t', '\n', '\r', '\v', '\f', '\u2028'), maxLength: 40 });
    fc.assert(fc.property(text, (t) => normalizeForFeatures(t) === t.replace(/\d/g, '0').replace(/\.{4,}/g, '...').replace(/\s+/g, ' ').trim()));
  });

  it('property: a run of one punctuation mark or symbol counts as three at most; words and shorter runs stay', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'Z', '*', '*', '-', '=', '!', '.', '_', '★', ' '), maxLength: 60 });
    const lettersOf = (s: string): string => s.replace(/[^A-Za-z]/g, '');
    fc.assert(
      fc.property(text, (t) => {
        const n = normalizeForFeatures(t);
        assert.ok(!/([^\p{L}\p{N}\s])\1{3}/u.test(n), n);
        assert.equal(lettersOf(n), lettersOf(t));
        if (!/([^\p{L}\p{N}\s])\1{3}/u.test(t)) assert.equal(n, t.replace(/\s+/g, ' ').trim());
      }),
    );
  });

  it('reads a separator line as layout: a human email\'s banner of asterisks does not move its score (issue 20)', () => {
    const email = (rule: string): string =>
      `Hi Vince - I wanted to let you know that I'm moving to an advisory role since they are now in a more operational mode. What are your plans? When do you get back from vacation?\n\n${rule} This e-mail is the property of the company and may contain confidential information.`;
    const banner = detector.detect(email('*'.repeat(70))).aiScore;
    assert.equal(banner, detector.detect(email('***')).aiScore);
    assert.ok(banner < 0.5, `banner email scored ${banner}`);
  });

  it('keeps short human texts out of the AI range and says when a text is too short (issue 20)', () => {
    const grandmother = 'My grandmother grew tomatoes in a tiny yard behind the bakery, and every August the whole street smelled of them.';
    const late = 'I was late again today. The bus never came. My boss was annoyed. Coffee was cold.';
    for (const text of [grandmother, late, late.toLowerCase()]) {
      const d = detector.detect(text);
      assert.ok(d.aiScore <= 0.5, `${d.aiScore}: ${text}`);
      assert.match(d.note ?? '', /short/);
    }
    assert.equal(detector.detect(late.toLowerCase()).sentences.length, 4);
    assert.doesNotMatch(detector.detect(AI_STYLE).note ?? '', /short/, 'a paragraph of 80 words is long enough for a verdict');
  });

  it('calibrates per length band: continuous in the word count, increasing in the logit', () => {
    const { calibration } = deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
    assert.equal(calibration.a.length, LENGTH_BANDS.length);
    for (const a of calibration.a) assert.ok(a >= 0, "a higher logit never lowers the score");
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5000 }), (words) => {
        const here = calibrationAt(calibration, words);
        const next = calibrationAt(calibration, words + 1);
        assert.ok(Math.abs(here.a - next.a) < 0.05 && Math.abs(here.b - next.b) < 0.1, `jump between ${words} and ${words + 1} words`);
      }),
    );
  });

  it('property: ai_score rises with the logit, exceeds 0.5 only past the operating point, and is Platt\'s probability below its midpoint', () => {
    const { calibration } = deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.double({ min: -20, max: 20, noNaN: true }), fc.double({ min: 0.001, max: 5, noNaN: true }), (words, logit, step) => {
        const { a, b, shift } = calibrationAt(calibration, words);
        const s = scoreAt(calibration, logit, words);
        assert.ok(s >= 0 && s <= 1);
        assert.equal(s > 0.5, a * logit + b > 0, 'flagged exactly past the operating point');
        if (a > 0) assert.ok(scoreAt(calibration, logit + step, words) > s || s > 1 - 1e-9 || s < 1e-9, 'strictly increasing');
        const platt = sigmoid(a * logit + b - shift);
        if (platt <= 0.5) assert.ok(Math.abs(s - platt) <= 0.01 + 1e-12, `${s} vs Platt ${platt}`);
      }),
      { numRuns: 500 },
    );
  });

  it('property: the sentences of a short text stay in the "Likely" ranges, and the note names the AI-reading ones', () => {
    const pieces = [AI_STYLE, HUMAN_STYLE, 'The cat sat on the mat.', 'Furthermore, it is crucial to leverage robust insights.', 'lol ok.', '\n\n'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 6 }), (parts) => {
        const text = parts.join(' ');
        const d = detector.detect(text);
        if (countWords(text) < SHORT_TEXT_WORDS) for (const s of d.sentences) assert.ok(s.aiScore >= 0.3 && s.aiScore <= 0.7, `${s.aiScore} in a text of ${countWords(text)} words`);
        const flagged = d.sentences.filter((s) => countWords(s.text) > 0 && s.aiScore > 0.5).length;
        const read = d.sentences.filter((s) => countWords(s.text) > 0).length;
        assert.equal(/looks mixed/.test(d.note ?? ''), flagged > 0 && flagged < read);
      }),
      { numRuns: 100 },
    );
  });

  it('round-trips the model file format', () => {
    const json = readFileSync(MODEL_FILE, 'utf8');
    const model = deserializeModel(json);
    assert.equal(serializeModel(model), json);
  });
});

describe('HashSet32 (the analyser\'s allocation-free sets)', () => {
  it('property: behaves as a Set of 32-bit hashes through adds, growth and clears', () => {
    const hash = fc.oneof(fc.integer({ min: 0, max: 0xffffffff }), fc.integer({ min: -5, max: 5 }));
    const op = fc.oneof(fc.record({ add: hash }), fc.constant({ clear: true as const }));
    fc.assert(
      fc.property(fc.array(op, { maxLength: 600 }), (ops) => {
        const set = new HashSet32();
        const reference = new Set<number>();
        for (const o of ops) {
          if ('clear' in o) {
            set.clear();
            reference.clear();
          } else {
            const key = o.add | 0; // the analyser's hashes, as 32-bit integers
            assert.equal(set.add(o.add), !reference.has(key));
            reference.add(key);
          }
          assert.equal(set.size, reference.size);
        }
      }),
    );
  });
});
