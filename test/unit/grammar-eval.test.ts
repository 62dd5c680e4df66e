/**
 * The scorers of `npm run eval -- grammar`, on hand-made examples (no shared data needed):
 * GLEU as JFLEG computes it, the PTB detokenise/retokenise round trip, M2-style edit matching.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { applyM2, detokenize, editInContext, extractEdits, gleu, parseM2, retokenizeCorrection, scoreM2, tokenize, unsupportedEdits } from '../../scripts/eval/grammar.ts';
import { isMascTuningProse, isUnseenProse, splitOf, UNSEEN_DOMAINS } from '../../scripts/lib/grammar-halves.ts';

const split = (s: string): string[] => s.split(' ');

describe('GLEU', () => {
  const src = [split('the cat sit on the mat in the sun every day .'), split('we was happy to see the film at the old cinema .')];
  const refs = [
    [split('the cat sits on the mat in the sun every day .'), split('the cat sits on the mat in the sun every day .')],
    [split('we were happy to see the film at the old cinema .'), split('we were happy to see the film at the old cinema .')],
  ];

  it('is 100 for a hypothesis equal to every reference and lower for the unchanged source', () => {
    assert.equal(Math.round(gleu(refs.map((r) => r[0]), src, refs) * 1e6) / 1e6, 100);
    const none = gleu(src, src, refs);
    assert.ok(none > 0 && none < 100);
  });

  it('rewards a correct edit and penalises changing what the references kept', () => {
    const partial = [refs[0][0], src[1]];
    assert.ok(gleu(partial, src, refs) > gleu(src, src, refs));
    const wrong = [split('the cat sit on the rug in the sun every day .'), src[1]];
    assert.ok(gleu(wrong, src, refs) <= gleu(src, src, refs) + 1e-9);
  });

  it('draws references like compute_gleu (Python random, seed j × 101): the mean of draws lies between the single-reference scores', () => {
    const twoRefs = [[split('a b c d e'), split('a b x d e')]];
    const hyp = [split('a b c d e')];
    const s = [split('a b y d e')];
    const first = gleu(hyp, s, [[twoRefs[0][0]]]);
    const second = gleu(hyp, s, [[twoRefs[0][1]]]);
    const mixed = gleu(hyp, s, twoRefs, 50);
    assert.ok(mixed >= Math.min(first, second) - 1e-9 && mixed <= Math.max(first, second) + 1e-9);
  });
});

describe('PTB tokenisation round trip', () => {
  it('detokenises to natural text and keeps each token\'s span', () => {
    const d = detokenize(split('I do n\'t know , he said " it \'s ( maybe ) fine " .'));
    assert.equal(d.text, 'I don\'t know, he said "it\'s (maybe) fine".');
    d.tokens.forEach((t, k) => assert.equal(d.text.slice(...d.spans[k]), t === '``' || t === "''" ? '"' : t));
    assert.deepEqual(tokenize(d.text), d.tokens);
  });

  it('re-tokenises only what an operation touched', () => {
    const d = detokenize(split('He go to school , i think .'));
    const out = retokenizeCorrection(d, [
      { type: 'replace', original: 'go', corrected: 'goes', start: 3, end: 5 },
      { type: 'replace', original: 'i', corrected: 'I', start: 17, end: 18 },
    ]);
    assert.deepEqual(out, split('He goes to school , I think .'));
    assert.deepEqual(retokenizeCorrection(d, []), d.tokens);
    const inserted = retokenizeCorrection(detokenize(split('For example we go .')), [{ type: 'insert', original: '', corrected: ',', start: 11, end: 11 }]);
    assert.deepEqual(inserted, split('For example , we go .'));
    // A deletion that takes the space before the word with it.
    const deleted = retokenizeCorrection(detokenize(split('they make a products .')), [{ type: 'delete', original: ' a', corrected: '', start: 9, end: 11 }]);
    assert.deepEqual(deleted, split('they make products .'));
  });
});

describe('M2-style scoring', () => {
  const m2 = ['S He go to school .', 'A 1 2|||SVA|||goes|||REQUIRED|||-NONE-|||0', '', 'S I like it .', 'A -1 -1|||noop|||-NONE-|||REQUIRED|||-NONE-|||0', ''].join('\n');

  it('parses gold edits and extracts token edits', () => {
    const sentences = parseM2(m2);
    assert.equal(sentences.length, 2);
    assert.deepEqual(sentences[0].annotators.get(0), [{ start: 1, end: 2, correction: 'goes' }]);
    assert.deepEqual(sentences[1].annotators.get(0), []);
    assert.deepEqual(extractEdits(split('He go to school .'), split('He goes to the school .')), [
      { start: 1, end: 2, correction: 'goes' },
      { start: 3, end: 3, correction: 'the' },
    ]);
  });

  it('counts exact matches as true positives', () => {
    const sentences = parseM2(m2);
    const perfect = scoreM2(sentences, [split('He goes to school .'), split('I like it .')]);
    assert.deepEqual([perfect.tp, perfect.fp, perfect.fn, perfect.f05], [1, 0, 0, 1]);
    const noisy = scoreM2(sentences, [split('He goes to school .'), split('I liked it .')]);
    assert.deepEqual([noisy.tp, noisy.fp, noisy.fn], [1, 1, 0]);
    assert.ok(noisy.f05 < 1 && noisy.precision === 0.5 && noisy.recall === 1);
  });
});

describe('support of an edit on a reference by the other references', () => {
  it('takes the corrected tokens with one unchanged token each side, the sentence edge at either end', () => {
    const ref = split('i agree with it');
    assert.deepEqual(editInContext(ref, { start: 0, end: 1, correction: 'I' }), split('<s> I agree'));
    assert.deepEqual(editInContext(ref, { start: 3, end: 4, correction: '' }), split('with </s>'));
  });

  it('counts an edit another reference makes as supported, and one none makes as unsupported', () => {
    const ref = split('For example we go there .');
    const others = [split('For example , we go to it .'), split('For instance we go there .')];
    assert.deepEqual(unsupportedEdits(ref, split('For example , we go there .'), others), []);
    assert.deepEqual(unsupportedEdits(ref, split('For example we went there .'), others), [{ start: 3, end: 4, correction: 'went' }]);
    // The same word in another context is no support: "I" appears, but not opening the sentence.
    assert.deepEqual(unsupportedEdits(split('i think so .'), split('I think so .'), [split('Yes I think so .')]), [{ start: 0, end: 1, correction: 'I' }]);
  });
});

describe('corrected references from gold M2 edits', () => {
  it('applies each edit, insertions and deletions included', () => {
    const tokens = split('In modern digital world , products are used in daily lives .');
    const edits = [
      { start: 1, end: 1, correction: 'the' },
      { start: 10, end: 11, correction: 'life' },
      { start: 4, end: 5, correction: '' },
    ];
    assert.deepEqual(applyM2(tokens, edits), split('In the modern digital world products are used in daily life .'));
    assert.deepEqual(applyM2(tokens, []), tokens);
  });

  it('reads overlapping edits as one over their union, corrections in order', () => {
    const tokens = split('In work places , it has currently been used .');
    const edits = [
      { start: 1, end: 2, correction: 'the workplace' },
      { start: 1, end: 3, correction: '' },
      { start: 5, end: 8, correction: 'is being currently' },
      { start: 5, end: 8, correction: '' },
    ];
    assert.deepEqual(applyM2(tokens, edits), split('In the workplace , it is being currently used .'));
  });
});

describe('dev and test halves of the held-out data', () => {
  it('puts each key in one half for good, and splits many keys about evenly', () => {
    assert.equal(splitOf('xsum-news-0001'), splitOf('xsum-news-0001'));
    const halves = Array.from({ length: 2000 }, (_, i) => splitOf(`doc-${i}`));
    const dev = halves.filter((h) => h === 'dev').length;
    assert.ok(dev > 900 && dev < 1100, `${dev} of 2000 in dev`);
    assert.ok(halves.every((h) => h === 'dev' || h === 'test'));
  });
});

describe('the unseen half of the MASC edited prose', () => {
  const masc = 'MASC: a licence line made up for this test';
  const record = (id: string, domain = 'newspaper', licence = masc, label = 'human') => ({ id, domain, licence, label });
  const ids = Array.from({ length: 2000 }, (_, i) => `masc:made-up-${i}`);

  it('holds out about half of the passages of an edited domain, each for good', () => {
    const held = ids.filter((id) => isUnseenProse(record(id)));
    assert.ok(held.length > 900 && held.length < 1100, `${held.length} of 2000 held out`);
    for (const id of held.slice(0, 20)) assert.equal(isUnseenProse(record(id)), true);
    // The same id is held out in every edited domain: the half depends on the id alone.
    for (const domain of UNSEEN_DOMAINS) assert.deepEqual(ids.filter((id) => isUnseenProse(record(id, domain))), held);
  });

  it('draws its half with its own salt, independent of the dev/test halves of the same ids', () => {
    const both = ids.filter((id) => isUnseenProse(record(id)) && splitOf(id) === 'test').length;
    const held = ids.filter((id) => isUnseenProse(record(id))).length;
    assert.ok(both > 0.4 * held && both < 0.6 * held, `${both} of ${held} also in the test half`);
  });

  it('never holds out unedited MASC writing, another licence, an AI text or a record without an id', () => {
    const held = ids.filter((id) => isUnseenProse(record(id)));
    for (const domain of ['twitter', 'email', 'blog', 'spoken-transcript', 'jokes']) assert.equal(held.filter((id) => isUnseenProse(record(id, domain))).length, 0, domain);
    assert.equal(held.filter((id) => isUnseenProse(record(id, 'newspaper', 'public domain (Project Gutenberg)'))).length, 0);
    assert.equal(held.filter((id) => isUnseenProse(record(id, 'newspaper', masc, 'ai'))).length, 0);
    assert.equal(isUnseenProse({ domain: 'newspaper', licence: masc, label: 'human' }), false);
  });

  it('leaves the other half, and only it, to tuning', () => {
    for (const id of ids) assert.notEqual(isMascTuningProse(record(id)), isUnseenProse(record(id)), id);
    assert.equal(ids.filter((id) => isMascTuningProse(record(id, 'twitter'))).length, 0);
    assert.equal(ids.filter((id) => isMascTuningProse(record(id, 'newspaper', masc, 'ai'))).length, 0);
  });
});
