/** Pure parts of the plagiarism engine: bands, severity, fingerprints, alignment, exclusions. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { alignDocuments, prepareText } from '../../server/engines/plagiarism/align.ts';
import { allFingerprints, storedFingerprints, winnow } from '../../server/engines/plagiarism/fingerprints.ts';
import { coveredShare, excludedRanges, excludedTokens, severityFor, verdictFor } from '../../server/engines/plagiarism/report.ts';
import { completeSentenceCount, plagiarismReport } from '../../server/engines/plagiarism/scanner.ts';
import { normaliseWord, tokenise } from '../../server/engines/plagiarism/tokens.ts';

const SOURCE =
  'The mitochondrion is the powerhouse of the cell and produces most of its chemical energy. ' +
  'It generates adenosine triphosphate through oxidative phosphorylation across the inner membrane. ' +
  'Mitochondria have their own small circular genome, inherited almost entirely from the mother. ' +
  'Their number per cell varies widely, from a single one in some algae to thousands in liver cells.';

test('verdict bands follow the spec, lower bounds inclusive', () => {
  assert.equal(verdictFor(0), 'original');
  assert.equal(verdictFor(0.0499), 'original');
  assert.equal(verdictFor(0.05), 'minor_similarity');
  assert.equal(verdictFor(0.15), 'moderate_plagiarism');
  assert.equal(verdictFor(0.4), 'significant_plagiarism');
  assert.equal(verdictFor(0.7), 'severe_plagiarism');
  assert.equal(verdictFor(1), 'severe_plagiarism');
  const order = ['original', 'minor_similarity', 'moderate_plagiarism', 'significant_plagiarism', 'severe_plagiarism'];
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (a, b) => {
      const [lo, hi] = a <= b ? [a, b] : [b, a];
      return order.indexOf(verdictFor(lo)) <= order.indexOf(verdictFor(hi));
    }),
  );
});

test('highlight severity: high ≥ 0.85, medium ≥ 0.70, low below', () => {
  fc.assert(
    fc.property(fc.double({ min: 0, max: 1, noNaN: true }), (s) => {
      const expected = s >= 0.85 ? 'high' : s >= 0.7 ? 'medium' : 'low';
      return severityFor(s) === expected;
    }),
  );
  assert.equal(severityFor(0.85), 'high');
  assert.equal(severityFor(0.7), 'medium');
  assert.equal(severityFor(0.6999), 'low');
});

test('winnowing selects from every window and keeps the guarantee', () => {
  fc.assert(
    fc.property(fc.array(fc.nat({ max: 1000 }), { minLength: 1, maxLength: 200 }), fc.integer({ min: 1, max: 10 }), (hashes, w) => {
      const picked = new Set(winnow(hashes, w));
      for (let i = 0; i + w <= hashes.length; i++) {
        if (!hashes.slice(i, i + w).some((h) => picked.has(h))) return false;
      }
      return [...picked].every((h) => hashes.includes(h));
    }),
  );
});

test('fingerprints are safe integers and shared by a copy inside other text', () => {
  const copy = `A completely unrelated opening about railway timetables in winter. ${SOURCE} And a closing remark.`;
  const stored = new Set(storedFingerprints(tokenise(SOURCE)));
  const query = allFingerprints(tokenise(copy));
  assert.ok([...stored].every((h) => Number.isSafeInteger(h) && h >= 0));
  assert.ok(query.exact.filter((h) => stored.has(h)).length >= 3);
});

test('tokens keep offsets into the original text, CJK characters are words', () => {
  const text = 'Ünïcode “quotes” don’t 東京タワー 42 😀 end';
  const tokens = tokenise(text);
  for (const t of tokens) assert.equal(text.slice(t.start, t.end).normalize('NFKC').toLowerCase().replace(/['’]/gu, ''), t.norm);
  assert.ok(tokens.some((t) => t.norm === '東'));
  assert.ok(tokens.some((t) => t.norm === 'dont'));
});

test('alignment finds one passage for a verbatim copy and none for unrelated text', () => {
  const original = 'Railway timetables change twice a year. Winter schedules add extra night trains between the capitals. Passengers book seats early.';
  const copy = `${original} ${SOURCE}`;
  const passages = alignDocuments(prepareText(copy), prepareText(SOURCE));
  assert.equal(passages.length, 1);
  assert.equal(passages[0].similarity, 1);
  const sub = prepareText(copy);
  assert.equal(sub.text.slice(sub.tokens[passages[0].start].start, sub.tokens[passages[0].end - 1].end), SOURCE.slice(0, -1));
  assert.deepEqual(alignDocuments(prepareText(original), prepareText(SOURCE)), []);
});

test('alignment finds a light paraphrase with a lower similarity', () => {
  const paraphrase =
    'The mitochondrion is the powerhouse of a cell and makes most of its chemical energy. ' +
    'It produces adenosine triphosphate by oxidative phosphorylation across the inner membrane. ' +
    'Mitochondria have their own small circular genome, which is inherited almost entirely from the mother.';
  const passages = alignDocuments(prepareText(paraphrase), prepareText(SOURCE));
  assert.equal(passages.length, 1);
  assert.ok(passages[0].similarity < 1 && passages[0].similarity >= 0.7, `similarity ${passages[0].similarity}`);
});

test('quotations and a trailing bibliography are excluded from the score', () => {
  const text = 'Intro words here. He wrote “this is a quoted passage of several words” today. More of my own text follows.\n\nReferences\nSmith, J. (2020). A book.';
  const sub = prepareText(text);
  const excluded = excludedTokens(sub);
  const words = (flag: number) => sub.tokens.filter((_, i) => excluded[i] === flag).map((t) => t.norm);
  assert.ok(words(1).includes('quoted'));
  assert.ok(words(1).includes('smith'));
  assert.ok(words(0).includes('intro') && words(0).includes('follows'));
});

test('complete sentences are counted', () => {
  assert.equal(completeSentenceCount('Too short').complete, 0);
  assert.equal(completeSentenceCount('This is one sentence. Here is another one.').complete, 2);
});

/** The tokeniser's definition: every match of the word pattern, CJK characters split off. */
function referenceTokens(text: string): { norm: string; start: number; end: number }[] {
  const out: { norm: string; start: number; end: number }[] = [];
  const cjk = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]|[^\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;
  for (const m of text.matchAll(/[\p{L}\p{N}\p{M}]+(?:['’ʼ][\p{L}\p{N}\p{M}]+)*/gu)) {
    for (const part of m[0].matchAll(cjk)) {
      const start = m.index + part.index;
      out.push({ norm: normaliseWord(part[0]), start, end: start + part[0].length });
    }
  }
  return out;
}

test('the ASCII fast path of the tokeniser gives exactly the word-pattern tokens (property)', () => {
  const pieces = ['a', 'Z', '9', 'don', "'", "'t", '’', 'ʼ', ' ', '\n', '-', '.', 'é', 'ﬁ', 'İ', '東京', '한', '\u0301', '🌋', '𝒳', '\ud800', '\udc00', '２', 'ǅ', '"'];
  const text = fc.array(fc.oneof(fc.constantFrom(...pieces), fc.string({ unit: 'grapheme', maxLength: 4 }), fc.string({ maxLength: 6 })), { maxLength: 30 }).map((p) => p.join(''));
  fc.assert(
    fc.property(text, (t) => {
      assert.deepEqual(tokenise(t), referenceTokens(t));
    }),
    { numRuns: 2000 },
  );
});

test('the score is the covered share of the characters that count, never above the covered share', () => {
  const text = 'x'.repeat(100);
  assert.equal(coveredShare(text, [], []), 0);
  assert.equal(coveredShare(text, [[0, 100]], []), 1);
  assert.equal(coveredShare(text, [[0, 30], [20, 50]], []), 0.5);
  // An excluded quotation leaves both sides of the fraction.
  assert.equal(coveredShare(text, [[0, 50]], [[0, 50]]), 0);
  assert.equal(coveredShare(text, [[50, 100]], [[0, 50]]), 1);
  fc.assert(
    fc.property(fc.array(fc.tuple(fc.nat(100), fc.nat(100)), { maxLength: 6 }), (pairs) => {
      const ranges = pairs.map(([a, b]): [number, number] => [Math.min(a, b), Math.max(a, b)]);
      const covered = new Set(ranges.flatMap(([a, b]) => Array.from({ length: b - a }, (_, i) => a + i))).size;
      assert.ok(Math.abs(coveredShare(text, ranges, []) - covered / 100) < 1e-4);
    }),
  );
});

test('excluded ranges: quotations of three words or more and a bibliography in the last half', () => {
  const body = 'Plain words here. '.repeat(10);
  const text = `${body}She said “this is quoted text” and left.\nReferences\nSmith, J. (2020). A book.`;
  const ranges = excludedRanges(text);
  assert.equal(ranges.length, 2);
  assert.equal(text.slice(ranges[0][0], ranges[0][1]), '“this is quoted text”');
  assert.ok(text.slice(ranges[1][0]).startsWith('References'));
  assert.deepEqual(excludedRanges('References\n' + body), []);
});

test('the summary gives one figure for one matching source, and names what the second figure counts when there are several', () => {
  const copied = `${SOURCE} I wrote the rest of this essay myself, about something else entirely, over the weekend.`;
  const stats = { sentenceCount: 5, startedAt: Date.now() };
  const source = (url: string, title: string) => ({ source: { url, title, domain: 'example.org' }, text: SOURCE });
  const one = plagiarismReport(copied, [source('https://example.org/a', 'Mitochondria')], { ...stats, sourcesChecked: 1 });
  assert.equal(one.sources.length, 1);
  assert.equal((one.summary.match(/\d+%/g) ?? []).length, 1, one.summary);
  assert.match(one.summary, /matches the one source checked, "Mitochondria" \(example\.org\)/);
  const ofMany = plagiarismReport(copied, [source('https://example.org/a', 'Mitochondria')], { ...stats, sourcesChecked: 14 });
  assert.match(ofMany.summary, /matches one of the 14 sources checked, "Mitochondria"/);
  assert.doesNotMatch(ofMany.summary, /largest share/);

  const half = SOURCE.split('. ');
  const two = plagiarismReport(
    `${half.slice(0, 2).join('. ')}. Something I wrote myself goes in the middle of it, at some length. ${half.slice(2).join('. ')}`,
    [
      { source: { url: 'https://example.org/a', title: 'First half', domain: 'example.org' }, text: `${half.slice(0, 2).join('. ')}.` },
      { source: { url: 'https://example.org/b', title: 'Second half', domain: 'example.org' }, text: half.slice(2).join('. ') },
    ],
    { ...stats, sourcesChecked: 2 },
  );
  assert.equal(two.sources.length, 2, JSON.stringify(two.sources));
  assert.match(two.summary, /matches 2 of the 2 sources checked .*alone accounts for \d+% of the words/);
});
