import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { NG_ACC, NGRAM_NAMES, buildNgram, ngramDense, ngramLogProb, ngramSentence, type TokenizedText } from '../../server/engines/text-detect/ngram-lm.ts';

/** Token ids as hashes would be: one sentence per string, words as small integers. */
function text(...sentences: string[]): TokenizedText {
  const vocab = new Map<string, number>();
  const id = (w: string): number => {
    if (!vocab.has(w)) vocab.set(w, 0x1000 + [...w].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16777619), 0x811c9dc5));
    return vocab.get(w)!;
  };
  const toks: number[] = [];
  const ends: number[] = [];
  for (const s of sentences) {
    for (const w of s.split(' ')) toks.push(id(w));
    ends.push(toks.length);
  }
  return { toks, ends };
}

const tok = (w: string): number => text(w).toks[0];

describe('text-detect word-trigram language model (Kneser–Ney)', () => {
  const corpus = [
    text('the cat sat on the mat', 'the dog sat on the rug', 'a cat ate the fish', 'the cat sat on the rug'),
    text('my dog ate a bone', 'the dog ran to the park', 'a bird sat on the fence'),
  ];
  const lm = buildNgram(corpus);
  const vocab = [...new Set(corpus.flatMap((t) => Array.from(t.toks)))];

  it('interpolates: a seen trigram context adds mass to its bigram context, which adds to the unigram floor, never above 1', () => {
    const mass = (u: number, v: number): number => vocab.reduce((s, w) => s + Math.exp(ngramLogProb(lm, u, v, w)), 0);
    const unigram = mass(tok('park'), tok('park')); // "park" ends sentences only: never a context
    const bigram = mass(tok('park'), tok('sat')); // "park sat" never seen: p(w | sat)
    const trigram = mass(tok('cat'), tok('sat'));
    assert.ok(unigram > 0 && unigram < bigram && bigram < trigram && trigram <= 1 + 1e-9, `${unigram} ${bigram} ${trigram}`);
  });

  it('prefers the continuation it saw, and the longer context', () => {
    assert.ok(ngramLogProb(lm, tok('cat'), tok('sat'), tok('on')) > ngramLogProb(lm, tok('cat'), tok('sat'), tok('fish')));
    // "on the" is followed by mat, rug, rug, fence: rug beats fish, and beats mat after "on the" too.
    assert.ok(ngramLogProb(lm, tok('on'), tok('the'), tok('rug')) > ngramLogProb(lm, tok('on'), tok('the'), tok('fish')));
    assert.ok(ngramLogProb(lm, tok('on'), tok('the'), tok('rug')) > ngramLogProb(lm, tok('on'), tok('the'), tok('mat')));
    // The trigram context decides: "ate the fish" was seen, "on the fish" was not.
    assert.ok(ngramLogProb(lm, tok('ate'), tok('the'), tok('fish')) > ngramLogProb(lm, tok('on'), tok('the'), tok('fish')));
  });

  it('is deterministic and does not depend on anything but the texts', () => {
    const again = buildNgram(corpus);
    assert.deepEqual(again.tri, lm.tri);
    assert.deepEqual(again.ent, lm.ent);
    assert.equal(again.d3, lm.d3);
  });

  it('features: the log-likelihood ratio leans to the model whose text it resembles', () => {
    const human = buildNgram([text('i went to the shop and got some milk', 'then i walked home in the rain')]);
    const ai = buildNgram([text('it is important to note that the shop offers a wide range of products', 'additionally the shop provides excellent service')]);
    const feat = (t: TokenizedText): Float64Array => {
      const acc = new Float64Array(NG_ACC);
      let from = 0;
      for (const end of Array.from(t.ends)) {
        ngramSentence({ human, ai }, t.toks, from, end, acc);
        from = end;
      }
      const d = new Float64Array(NGRAM_NAMES.length);
      ngramDense(acc, d, 0);
      return d;
    };
    const llr = NGRAM_NAMES.indexOf('ng_llr_mean');
    const share = NGRAM_NAMES.indexOf('ng_llr_ai_share');
    const humanLike = feat(text('i went to the shop in the rain'));
    const aiLike = feat(text('it is important to note that the shop provides a wide range of service'));
    assert.ok(aiLike[llr] > 0 && humanLike[llr] < 0, `${aiLike[llr]} ${humanLike[llr]}`);
    assert.ok(aiLike[share] > humanLike[share]);
    // One sentence: no spread across sentences.
    assert.equal(humanLike[NGRAM_NAMES.indexOf('ng_llr_sent_std')], 0);
  });
});
