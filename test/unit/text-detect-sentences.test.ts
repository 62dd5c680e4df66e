import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { SENTENCE_DIM, SENTENCE_FEATURES, bandOf, chainPosterior, deserializeModel, documentLogit, sentenceFeatures, sentenceScoresOf, sigmoid, type SentenceModel } from '../../server/engines/text-detect/model.ts';
import { Analyzer } from '../../server/engines/text-detect/features.ts';
import { MODEL_FILE, mixedNote, type SentenceScore } from '../../server/engines/text-detect/index.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { WHOLE_HUMAN_SENTENCE_FPR, changePoint, crfLoss, sentenceFigures, trainSentenceModel } from '../../scripts/lib/text-detect-sentences.ts';
import { constructedDocs, type ConstructedDoc, type CorpusDoc } from '../../scripts/lib/text-detect-recipe.ts';

/** Posterior log-odds of "AI" of each sentence by summing over every author sequence (the chain's definition). */
function bruteForce(e: number[], rho: number): number[] {
  const n = e.length;
  const mass = new Array<number>(n).fill(0);
  let total = 0;
  for (let path = 0; path < 1 << n; path++) {
    let p = 0.5;
    for (let s = 0; s < n; s++) {
      const ai = (path >> s) & 1;
      // Emission likelihoods in the ratio exp(e): AI ∝ sigmoid(e), human ∝ sigmoid(−e).
      p *= ai ? sigmoid(e[s]) : sigmoid(-e[s]);
      if (s > 0) p *= ai === ((path >> (s - 1)) & 1) ? 1 - rho : rho;
    }
    total += p;
    for (let s = 0; s < n; s++) if ((path >> s) & 1) mass[s] += p;
  }
  return mass.map((m) => Math.log(m / (total - m)));
}

describe('text-detect sentence chain', () => {
  it('is the exact posterior of the two-state chain', () => {
    fc.assert(
      fc.property(fc.array(fc.double({ min: -6, max: 6, noNaN: true }), { minLength: 1, maxLength: 8 }), fc.double({ min: 0.01, max: 0.5, noNaN: true }), (e, rho) => {
        const q = chainPosterior(Float64Array.from(e), rho);
        bruteForce(e, rho).forEach((b, s) => assert.ok(Math.abs(q[s] - b) < 1e-6, `${q[s]} vs ${b}`));
      }),
      { numRuns: 200 },
    );
  });

  it('leaves each sentence to its own evidence when authors switch at random, and lets neighbours speak when they rarely do', () => {
    const e = Float64Array.from([2, 2, -0.5, 2, 2]);
    assert.deepEqual(Array.from(chainPosterior(e, 0.5)), Array.from(e));
    assert.ok(chainPosterior(e, 0.05)[2] > 0, 'a weakly human sentence among AI ones reads as AI');
  });

  it('keeps the sentences of a short text in the "Likely" ranges', () => {
    const m: SentenceModel = { mean: new Array(SENTENCE_DIM).fill(0), std: new Array(SENTENCE_DIM).fill(1), w: [5, ...new Array(SENTENCE_DIM - 1).fill(0)], bias: 0, switchProb: 0.1, threshold: 0 };
    const f = new Float64Array(2 * SENTENCE_DIM);
    f[0] = 3;
    f[SENTENCE_DIM] = -3;
    const long = sentenceScoresOf(m, f, 200, 60);
    assert.ok(long[0] > 0.9 && long[1] < 0.1);
    const short = sentenceScoresOf(m, f, 30, 60);
    assert.deepEqual(Array.from(short), [0.7, 0.3]);
  });

  it('flags exactly past the threshold, and a sentence read as human claims no more than its posterior', () => {
    // One feature, weight 1: the emission logit is the feature; switch 0.5: the posterior is the emission.
    const m: SentenceModel = { mean: new Array(SENTENCE_DIM).fill(0), std: new Array(SENTENCE_DIM).fill(1), w: [1, ...new Array(SENTENCE_DIM - 1).fill(0)], bias: 0, switchProb: 0.5, threshold: 2 };
    const f = new Float64Array(4 * SENTENCE_DIM);
    [-1, 1, 2.5, -3].forEach((v, s) => (f[s * SENTENCE_DIM] = v));
    const [human, undecided, flagged, sure] = sentenceScoresOf(m, f, 200, 60);
    assert.ok(Math.abs(human - 0.98 * sigmoid(-1)) < 1e-12, `posterior −1: ${human}`);
    assert.ok(undecided > 0.49 && undecided < 0.5, `between the midpoint and the threshold: ${undecided}`);
    assert.ok(Math.abs(flagged - sigmoid(0.5)) < 1e-12, `past the threshold: ${flagged}`);
    assert.ok(sure < human && sure > 0.02, `posterior −3: ${sure}`);
  });
});

describe('text-detect mixed-text note', () => {
  const of = (flags: boolean[]): SentenceScore[] => flags.map((ai, i) => ({ text: `Sentence ${i}.`, start: 0, end: 0, aiScore: ai ? 0.8 : 0.2 }));
  it('names where the AI sentences are', () => {
    assert.equal(mixedNote(of([...new Array(6).fill(false), ...new Array(5).fill(true)])), 'The text looks mixed: the last 5 of 11 sentences read as AI, the rest as written by a person.');
    assert.equal(mixedNote(of([true, true, false])), 'The text looks mixed: the first 2 of 3 sentences read as AI, the rest as written by a person.');
    assert.equal(mixedNote(of([false, true, false])), 'The text looks mixed: 1 of 3 sentences (sentence 2) reads as AI, the rest as written by a person.');
    assert.equal(mixedNote(of([true, false, true])), 'The text looks mixed: 2 of 3 sentences read as AI, the rest as written by a person.');
  });
  it('says nothing when every sentence reads the same way', () => {
    assert.equal(mixedNote(of([true, true])), undefined);
    assert.equal(mixedNote(of([false, false, false])), undefined);
    assert.equal(mixedNote([]), undefined);
  });
});

/** A joined document whose sentences' first feature is its label plus noise; the others noise. */
function joined(kind: ConstructedDoc['kind'], labels: number[], seed: number): ConstructedDoc {
  let x = seed;
  const rnd = (): number => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) / 2 ** 32) - 0.5;
  const features = new Float64Array(labels.length * SENTENCE_DIM);
  labels.forEach((y, s) => {
    for (let k = 0; k < SENTENCE_DIM; k++) features[s * SENTENCE_DIM + k] = rnd();
    features[s * SENTENCE_DIM] += y ? 0.6 : -0.6;
  });
  return { kind, domain: 'essay', parts: [seed], words: 150, logit: 0, labels: Uint8Array.from(labels), features };
}

describe('text-detect sentence model', () => {
  const docs = Array.from({ length: 120 }, (_, k) =>
    k % 3 === 0 ? joined('human-ai', [0, 0, 0, 0, 1, 1, 1, 1], k + 1) : k % 3 === 1 ? joined('ai-human', [1, 1, 1, 0, 0, 0, 0, 0], k + 1) : joined('human', [0, 0, 0, 0], k + 1),
  );

  it('learns the evidence, smooths along the document and holds human sentences to the flag target', () => {
    const m = trainSentenceModel(docs);
    assert.ok(m.w[0] > 0, 'the informative feature pulls towards AI');
    assert.ok(m.switchProb < 0.3, `authors rarely switch in these documents (${m.switchProb})`);
    const scores = docs.map((d) => sentenceScoresOf(m, d.features, d.words, 60));
    const f = sentenceFigures(docs, scores);
    assert.ok(f.auc > 0.9, `AUC ${f.auc}`);
    assert.ok(f.humanFlagged <= 0.05, `human flagged ${f.humanFlagged}`);
    assert.ok(f.boundary > 0.7, `boundary ${f.boundary}`);
  });

  it('holds the whole texts\' human sentences to their own flag target', () => {
    // Whole human texts of 20 sentences whose informative feature leans towards AI: the joined documents' target alone would flag many.
    const whole = Array.from({ length: 40 }, (_, k) => {
      const d = joined('human', new Array(20).fill(0), 1000 + k);
      for (let s = 0; s < 20; s++) d.features[s * SENTENCE_DIM] += 0.5;
      return d;
    });
    const m = trainSentenceModel(docs, whole);
    const flagged = whole.reduce((n, d) => n + sentenceScoresOf(m, d.features, d.words, 60).filter((v) => v > 0.5).length, 0);
    assert.ok(flagged <= Math.floor(WHOLE_HUMAN_SENTENCE_FPR * 20 * whole.length), `${flagged} of ${20 * whole.length} whole-text human sentences flagged`);
    const joinedOnly = trainSentenceModel(docs);
    const before = whole.reduce((n, d) => n + sentenceScoresOf(joinedOnly, d.features, d.words, 60).filter((v) => v > 0.5).length, 0);
    assert.ok(before > flagged, `without the whole texts: ${before}`);
  });

  it('fits the CRF: its loss is −log p(labels) over every labelling, and its gradient is the loss\'s', () => {
    const small = docs.slice(0, 6).map((d) => ({ ...d, labels: d.labels.slice(0, 5), features: d.features.slice(0, 5 * SENTENCE_DIM) }));
    const rho = 0.2;
    const w = Float64Array.from({ length: SENTENCE_DIM + 1 }, (_, k) => 0.3 * Math.sin(k + 1));
    const g = new Float64Array(SENTENCE_DIM + 1);
    const weight = small.map((_, j) => (j + 1) / 21);
    const loss = crfLoss(small, small.map((d) => d.features), rho, weight)(w, g);
    // Brute force: the score of a labelling is Σ AI sentences' emissions + log(1 − rho) or log(rho) per step.
    let expected = 0;
    for (const d of small) {
      const n = d.labels.length;
      const e = Array.from({ length: n }, (_, s) => w.slice(0, SENTENCE_DIM).reduce((v, x, k) => v + x * d.features[s * SENTENCE_DIM + k], w[SENTENCE_DIM]));
      const score = (y: (s: number) => number): number => e.reduce((v, x, s) => v + (y(s) ? x : 0) + (s > 0 ? Math.log(y(s) === y(s - 1) ? 1 - rho : rho) : 0), 0);
      let z = 0;
      for (let path = 0; path < 1 << n; path++) z += Math.exp(score((s) => (path >> s) & 1));
      expected += weight[small.indexOf(d)] * (Math.log(z) - score((s) => d.labels[s]));
    }
    expected += 0.5e-3 * w.slice(0, SENTENCE_DIM).reduce((v, x) => v + x * x, 0);
    assert.ok(Math.abs(loss - expected) < 1e-9, `${loss} vs ${expected}`);
    for (const k of [0, 3, SENTENCE_DIM]) {
      const h = 1e-6;
      const at = (dx: number): number => crfLoss(small, small.map((d) => d.features), rho, weight)(w.map((x, i) => (i === k ? x + dx : x)), new Float64Array(SENTENCE_DIM + 1));
      const numeric = (at(h) - at(-h)) / (2 * h);
      assert.ok(Math.abs(numeric - g[k]) < 1e-6, `∂/∂w${k}: ${g[k]} vs ${numeric}`);
    }
  });

  it('finds a change point', () => {
    assert.equal(changePoint([0.1, 0.2, 0.1, 0.9, 0.8, 0.9]), 3);
    assert.equal(changePoint([0.9, 0.1, 0.2]), 1);
  });
});

describe('text-detect joined documents', () => {
  const params = deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
  const text = (who: string, k: number): string => Array.from({ length: 6 }, (_, s) => `${who} wrote sentence number ${s + 1} of text ${k} about the garden.`).join(' ');
  const doc = (id: string, y: number, t: string): CorpusDoc => ({
    row: { id, text: t, label: y ? 'ai' : 'human', domain: 'essay', generator: y ? 'gpt-4' : 'human', attack: 'none', source_repo: 'test' },
    source: 'dev', y, words: countWords(t), band: bandOf(countWords(t)), family: y ? 'openai-gpt-4' : 'human', half: 0, part: 0,
  });
  const docs = Array.from({ length: 12 }, (_, k) => doc(`d${k}`, k % 2, text(k % 2 ? 'A model' : 'A person', k)));

  it('labels each sentence by the passage it comes from, in the three joins and alone', () => {
    const joined = constructedDocs(docs, docs.map((_, i) => i), params, 100);
    assert.equal(joined.length, 12, 'six pairs, each joined and one passage alone');
    for (const d of joined) {
      assert.equal(d.features.length, d.labels.length * SENTENCE_DIM);
      const ys = Array.from(d.labels);
      const runs = ys.filter((y, s) => s === 0 || y !== ys[s - 1]).join('');
      const expected = { 'human-ai': '01', 'ai-human': '10', interleaved: '0101', human: '0', ai: '1' }[d.kind];
      assert.equal(runs, expected, d.kind);
      assert.ok(ys.length >= 3 && ys.length <= 10);
    }
    assert.deepEqual([...new Set(joined.map((d) => d.kind))].sort(), ['ai', 'ai-human', 'human', 'human-ai', 'interleaved']);
  });
});

describe('text-detect sentence features', () => {
  const params = deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
  const analyzer = new Analyzer(params.feature, params.lm, params.ngram);
  const at = (f: Float64Array, s: number, name: (typeof SENTENCE_FEATURES)[number]): number => f[s * SENTENCE_DIM + SENTENCE_FEATURES.indexOf(name)];
  const sentences = [
    'My father kept bees for almost thirty years.',
    'The hives sat at the bottom of the garden.',
    'Additionally, it is important to note that healthy hives require careful attention.',
    'He never wore gloves, which my mother said was showing off.',
    'Ultimately, beekeeping is not merely a hobby but a meaningful practice.',
    'We lost most of the colonies in the hard winter of 1987.',
  ];

  it('reads each sentence alone with the document model, its windows pooled from those readings', () => {
    const f = sentenceFeatures(params, analyzer, sentences, 1.5);
    sentences.forEach((text, s) => {
      const alone = documentLogit(params, analyzer.analyse([text]));
      assert.ok(Math.abs(at(f, s, 'logit') - alone) < 1e-9, `sentence ${s}: ${at(f, s, 'logit')} vs ${alone}`);
      assert.equal(at(f, s, 'doc_logit'), 1.5);
    });
    assert.ok(Math.abs(at(f, 2, 'nb_logit') - (at(f, 1, 'logit') + at(f, 3, 'logit')) / 2) < 1e-12);
    assert.equal(at(f, 0, 'nb_window1'), at(f, 1, 'window1'), 'the first sentence has one neighbour');
    const one = sentenceFeatures(params, analyzer, [sentences[2]], 0);
    assert.ok(Math.abs(at(one, 0, 'window1') - at(one, 0, 'logit')) < 1e-12 && at(one, 0, 'window2') === at(one, 0, 'window1'), 'a window of one sentence is the sentence');
    assert.equal(at(one, 0, 'nb_logit'), 0);
  });

  it('reads each sentence with the sentence reader too (same analysis, its own weights), relative to the document\'s mean', () => {
    const r = params.reader;
    assert.ok(r, 'the artefact has a sentence reader');
    const readerLogits = sentences.map((t) => documentLogit({ ...params, ...r }, analyzer.analyse([t])));
    const documentModelLogits = sentences.map((t) => documentLogit(params, analyzer.analyse([t])));
    const mean = readerLogits.reduce((a, b) => a + b, 0) / readerLogits.length;
    const f = sentenceFeatures(params, analyzer, sentences, 0);
    readerLogits.forEach((v, s) => assert.ok(Math.abs(at(f, s, 'reader_logit') - (v - mean)) < 1e-9, `sentence ${s}: ${at(f, s, 'reader_logit')} vs ${v - mean}`));
    // Logit units, not time: some sentence's reading differs between the two models' weights.
    assert.ok(readerLogits.some((v, s) => Math.abs(v - documentModelLogits[s]) > 0.1), 'the reader reads with weights of its own');
    const one = sentenceFeatures(params, analyzer, [sentences[2]], 0);
    assert.equal(at(one, 0, 'reader_logit'), 0, 'a sentence alone is its own document');
    assert.ok(Math.abs(at(one, 0, 'reader_window1')) < 1e-12);
  });

  it('keeps a sentence\'s own evidence to itself and its windows: editing a far sentence changes only the context', () => {
    const f = sentenceFeatures(params, analyzer, sentences, 0);
    const edited = sentenceFeatures(params, analyzer, [...sentences.slice(0, 5), 'Beekeeping offers a unique opportunity to connect with nature.'], 0);
    for (const name of ['logit', 'word_ngrams', 'window1', 'window2', 'nb_logit'] as const) assert.equal(at(edited, 0, name), at(f, 0, name), name);
    assert.notEqual(at(edited, 3, 'window2'), at(f, 3, 'window2'), 'the edited sentence is in the window of sentence 3');
    assert.notEqual(at(edited, 5, 'logit'), at(f, 5, 'logit'));
  });
});
