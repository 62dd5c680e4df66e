import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { RECIPE, answerSourceOf, buildNgramPair, heldOutGroupOf, excerptOf, logitOf, pairedHumanScale, rescaledOnPairedHumans, trainingWeights, type CorpusDoc, type DocFeatures, type Linear } from '../../scripts/lib/text-detect-recipe.ts';
import { buildNgram } from '../../server/engines/text-detect/ngram-lm.ts';
import { GROUP_FPR, fitCalibration } from '../../scripts/lib/text-detect-calibration.ts';
import { debianHumanTexts, htmlParagraphs, htmlText, passages, podParagraphs, rstParagraphs, stripPodCodes } from '../../scripts/lib/debian-human-text.ts';
import { bandOf, calibrationAt, sigmoid } from '../../server/engines/text-detect/model.ts';
import { countWords } from '../../server/engines/shared/text.ts';
import { Analyzer, DEFAULT_FEATURE_CONFIG, DENSE_DIM, DENSE_NAMES, LM_ACC, NG_FIRST, emptyLm, lmAdd, lmDense, lmSeenTable, lmSentence } from '../../server/engines/text-detect/features.ts';

function doc(id: string, domain: string, y: number, words = 100, text = ''): CorpusDoc {
  return {
    row: { id, text, label: y ? 'ai' : 'human', domain, generator: y ? 'gpt-4' : 'human', attack: 'none', source_repo: 'test' },
    source: 'extra',
    y,
    words,
    band: bandOf(words),
    family: y ? 'openai-gpt-4' : 'human',
    half: 0,
    part: 0,
  };
}

function withRecipe<T>(patch: Partial<typeof RECIPE>, f: () => T): T {
  const saved = { ...RECIPE };
  Object.assign(RECIPE, patch);
  try {
    return f();
  } finally {
    Object.assign(RECIPE, saved);
  }
}

describe('text-detect training weights', () => {
  // Domain "essay" holds both labels; "chat" only AI (ten times as many), "dialogue" only human.
  const docs = [
    ...Array.from({ length: 10 }, (_, k) => doc(`e-h${k}`, 'essay', 0)),
    ...Array.from({ length: 10 }, (_, k) => doc(`e-a${k}`, 'essay', 1)),
    ...Array.from({ length: 100 }, (_, k) => doc(`c${k}`, 'chat', 1)),
    ...Array.from({ length: 90 }, (_, k) => doc(`d${k}`, 'dialogue', 0)),
  ];
  const short = [...docs, ...Array.from({ length: 7 }, (_, k) => doc(`s-h${k}`, 'tweets', 0, 20)), ...Array.from({ length: 3 }, (_, k) => doc(`s-a${k}`, 'essay', 1, 20))];
  const which = docs.map((_, i) => i);
  const total = (w: Float64Array, p: (d: CorpusDoc) => boolean): number => which.reduce((s, i) => s + (p(docs[i]) ? w[i] : 0), 0);

  it('makes human and AI weigh the same within every length band', () => {
    for (const balance of [null, { domainPow: 0, singleLabel: 0.5 }, { domainPow: 0.5, singleLabel: 1 }]) {
      const w = withRecipe({ balance }, () => trainingWeights(short, short.map((_, i) => i)));
      for (const band of [0, 2]) {
        const sum = (y: number): number => short.reduce((s, d, i) => s + (d.band === band && d.y === y ? w[i] : 0), 0);
        const h = sum(0);
        const a = sum(1);
        assert.ok(Math.abs(h - a) < 1e-9 * (h + a), `band ${band}: ${h} vs ${a}`);
      }
    }
  });

  it('gives no single-label register the weight of its size', () => {
    const w = withRecipe({ balance: { domainPow: 0, singleLabel: 0.5 } }, () => trainingWeights(docs, which));
    const chat = total(w, (d) => d.row.domain === 'chat');
    const essayAi = total(w, (d) => d.row.domain === 'essay' && d.y === 1);
    // Unbalanced, the 100 chat answers outweigh the 10 AI essays ten to one; balanced, chat weighs half.
    assert.ok(Math.abs(chat / essayAi - 0.5) < 1e-9, `chat/essay AI weight ${chat / essayAi}`);
    assert.ok(Math.abs(total(w, (d) => d.row.domain === 'dialogue') / total(w, (d) => d.row.domain === 'essay' && d.y === 0) - 0.5) < 1e-9);
    const plain = withRecipe({ balance: null }, () => trainingWeights(docs, which));
    assert.ok(total(plain, (d) => d.row.domain === 'chat') / total(plain, (d) => d.row.domain === 'essay' && d.y === 1) > 9);
  });
});

describe('text-detect training excerpts', () => {
  const sentence = fc
    .array(fc.constantFrom('the', 'cat', 'sat', 'on', 'a', 'mat', 'while', 'rain', 'fell', 'softly', 'outside'), { minLength: 3, maxLength: 18 })
    .map((ws) => `${ws[0][0].toUpperCase()}${ws.join(' ').slice(1)}.`);

  it('property: an excerpt is a run of whole sentences of its text, 15–60 words, with its text\'s label and group', () => {
    fc.assert(
      fc.property(fc.array(sentence, { minLength: 12, maxLength: 40 }), fc.string({ minLength: 1, maxLength: 12 }), (sentences, id) => {
        const text = sentences.join(sentences.length % 2 ? ' ' : '\n\n');
        const d = { ...doc(id, 'essay', 1, countWords(text), text), half: 1, part: 3 };
        const e = excerptOf(d);
        assert.ok(text.includes(e.row.text));
        assert.ok(e.words >= 15 && e.words <= 60, `${e.words} words`);
        assert.equal(e.words, countWords(e.row.text));
        assert.match(e.row.text, /^[A-Z].*\.$/s);
        assert.deepEqual([e.y, e.half, e.part, e.family, e.row.domain, e.excerpt, e.row.id], [1, 1, 3, d.family, 'essay', true, `${id}#excerpt`]);
        assert.deepEqual(excerptOf(d), e); // deterministic
      }),
      { numRuns: 200 },
    );
  });
});

/** Share of the texts `ks` above 0.5 under the calibration fitted on all of `docs` (logits `x`), with GROUP_FPR as it is set. */
function flaggedShare(x: number[], docs: CorpusDoc[], ks: number[]): number {
  const cal = fitCalibration(x, docs, docs.map((_, i) => i));
  return ks.filter((i) => {
    const { a, b } = calibrationAt(cal, docs[i].words);
    return sigmoid(a * x[i] + b) > 0.5;
  }).length / ks.length;
}

describe('text-detect calibration per register group', () => {
  it('raises a band\'s threshold until no register group has more than its GROUP_FPR of humans above it', () => {
    // Group "reviews" humans score high (a register the model confuses with AI); pooled, they hide.
    const docs: CorpusDoc[] = [];
    const x: number[] = [];
    let k = 0;
    for (const [domain, n, mean] of [['xsum-news', 4000, -2], ['yelp-review', 40, 1.5], ['fiction-gutenberg', 4000, -2]] as const) {
      for (let i = 0; i < n; i++) {
        docs.push(doc(`h${k++}`, domain, 0, 200));
        x.push(mean + ((i * 7919) % 100) / 50 - 1);
      }
    }
    for (let i = 0; i < 8000; i++) {
      docs.push(doc(`a${k++}`, i % 2 ? 'xsum-news' : 'yelp-review', 1, 200));
      x.push(1.5 + ((i * 104729) % 100) / 50 - 1);
    }
    const which = docs.map((_, i) => i);
    const fpr = (on: boolean, domain: string): number => {
      const saved = GROUP_FPR.on;
      GROUP_FPR.on = on;
      try {
        return flaggedShare(x, docs, which.filter((i) => docs[i].y === 0 && docs[i].row.domain === domain));
      } finally {
        GROUP_FPR.on = saved;
      }
    };
    assert.ok(fpr(false, 'yelp-review') > 0.1, 'pooled target alone leaves the register flagged');
    assert.ok(fpr(true, 'yelp-review') <= GROUP_FPR.fpr[bandOf(200)]);
    assert.equal(fpr(true, 'xsum-news'), 0);
  });
});

describe('text-detect calibration: OpenAssistant\'s humans at a target of their own (issue 32, measured, not shipped)', () => {
  it('with GROUP_FPR.oasst, OpenAssistant\'s humans, as AI-like as the chat answers, no longer set the threshold of every chat answer', () => {
    const docs: CorpusDoc[] = [];
    const x: number[] = [];
    const add = (d: CorpusDoc, logit: number): void => {
      docs.push(d);
      x.push(logit);
    };
    const spread = (i: number): number => ((i * 7919) % 100) / 50 - 1;
    for (let i = 0; i < 2000; i++) add({ ...doc(`oasst1:${i}`, 'chat', 0, 200), source: 'answers' }, 1 + spread(i));
    for (let i = 0; i < 2000; i++) add(doc(`h${i}`, 'xsum-news', 0, 200), -2 + spread(i));
    for (let i = 0; i < 4000; i++) add(doc(`a${i}`, i % 2 ? 'chat' : 'xsum-news', 1, 200), 1.5 + spread(i));
    const flagged = (target: number | undefined, p: (d: CorpusDoc) => boolean): number => {
      const saved = GROUP_FPR.oasst;
      GROUP_FPR.oasst = target;
      try {
        return flaggedShare(x, docs, docs.map((_, i) => i).filter((i) => p(docs[i])));
      } finally {
        GROUP_FPR.oasst = saved;
      }
    };
    const oasst = (d: CorpusDoc): boolean => d.y === 0 && d.source === 'answers';
    const ai = (d: CorpusDoc): boolean => d.y === 1;
    // In their group: 1% of them flagged, 26% of the AI texts; at 10% of their own: 10%, and 35%.
    assert.ok(flagged(undefined, oasst) <= GROUP_FPR.fpr[bandOf(200)]);
    assert.ok(flagged(0.1, oasst) <= 0.1 && flagged(0.1, oasst) > 0.05);
    assert.ok(flagged(0.1, ai) > flagged(undefined, ai) + 0.05);
    assert.ok(flagged(0.1, (d) => d.y === 0 && !oasst(d)) <= GROUP_FPR.fpr[bandOf(200)]);
  });
});

describe('human prose from Debian packages (POD)', () => {
  const pod = [
    '=head1 NAME',
    'perlfaq0 - test page',
    '=head2 How do I count the lines of a file?',
    'Read it line by line with C<< <$fh> >> and add one for each, or see L<the manual|perlfunc/"eof">. The answer\nis short E<gt> long.',
    '    my $n = 0;\n    $n++ while <$fh>;',
    'A list: $a, @b, %c, {d}, e;f, g=h, i->j, k::l.',
    'too short.',
    '=cut',
    'sub code_after_cut { return 1 }',
    '=head2 Why?',
    'Because I<this> is a paragraph of plain prose with B<bold> and F<file> marks that ends well.',
  ].join('\n\n');

  it('keeps prose paragraphs without markup, drops code, commands and fragments, and cuts at headings', () => {
    assert.deepEqual(podParagraphs(pod), [
      ['Read it line by line with <$fh> and add one for each, or see the manual. The answer is short > long.'],
      ['Because this is a paragraph of plain prose with bold and file marks that ends well.'],
    ]);
    assert.equal(stripPodCodes('C<a E<lt> b> L<perlop/"Floating-point Arithmetic"> L<perlnumber>'), 'a < b Floating-point Arithmetic perlnumber');
  });

  it('reads reStructuredText the same way: roles and literals as text, no directives, literal blocks or headings', () => {
    const rst = [
      'Why is Python slow?',
      '===================',
      'Use :func:`sorted` or the ``key`` argument, see `the HOWTO <https://example.org/>`_ for *all* of it, **really**.',
      '.. note::\n   A directive that says nothing useful here at all today.',
      'An example follows below, written as a literal block in the text::',
      '   >>> x = 1\n   >>> print(x)',
      'Second section',
      '--------------',
      'A short one.',
      'This paragraph is long enough and ends with a full stop, like prose does.',
    ].join('\n\n');
    assert.deepEqual(rstParagraphs(rst), [
      ['Use sorted or the key argument, see the HOWTO for all of it, really.'],
      ['This paragraph is long enough and ends with a full stop, like prose does.'],
    ]);
  });

  it('reads DocBook HTML the same way: <p> and Publican paragraphs as text, no code, tables, navigation or headings', () => {
    const html = [
      '<html><head><title>Chapter 1. Why?</title><style>p { color: red; }</style></head><body>',
      '<div class="navheader"><table><tr><td><p>Prev and next links of the page.</p></td></tr></table></div>',
      '<h2 class="title">1.1. What is <code>apt</code>?</h2>',
      '<p>\nThe <span class="emphasis"><em>apt</em></span> tool installs packages &amp; their dependencies, see <a href="x.html">Section&nbsp;2</a>.\n</p>',
      '<pre class="screen">$ apt install foo bar baz quux and more words here.</pre>',
      '<p>Too short.</p>',
      '<h3 class="title">1.2. Publican</h3>',
      '<div class="para">\n\tIt says &#8220;hello&#x201D; to everyone who reads this paragraph of the handbook.\n</div>',
      '</body></html>',
    ].join('\n');
    assert.deepEqual(htmlParagraphs(html), [
      ['The apt tool installs packages & their dependencies, see Section 2.'],
      ['It says “hello” to everyone who reads this paragraph of the handbook.'],
    ]);
    assert.equal(htmlText('a &lt;b&gt; <em>c</em> &unknown; &#65;'), 'a <b> c &unknown; A');
  });

  it('joins paragraphs of a section into passages of at least 15 words', () => {
    const para = (n: number): string => Array.from({ length: n }, (_, i) => `word${i}`).join(' ') + '.';
    const out = passages([[para(10), para(10), para(300)], [para(5)]]);
    assert.ok(out.length >= 1);
    for (const p of out) assert.ok(countWords(p) >= 15 && countWords(p) <= 600);
    assert.ok(!out.some((p) => p.includes('word4.') && countWords(p) === 6));
  });

  it('names a package it cannot read', () => {
    assert.throws(() => debianHumanTexts(['no-such-package']), /no reader for Debian package no-such-package/);
  });
});

describe('text-detect language-model burstiness features', () => {
  const analyzer = new Analyzer(DEFAULT_FEATURE_CONFIG, null);
  const corpus = ['the cat sat on the mat .', 'the dog sat on the rug .', 'a cat and a dog sat on the mat .'];
  const lm = emptyLm();
  const seen = lmSeenTable();
  for (const s of analyzer.tokenHashes(corpus)) lmAdd(lm, s, [s.length], seen);
  const dense = (sentences: string[]): Float64Array => {
    const acc = new Float64Array(LM_ACC);
    for (const t of analyzer.tokenHashes(sentences)) lmSentence(lm, t, 0, t.length, acc);
    const d = new Float64Array(DENSE_DIM);
    lmDense(acc, d);
    return d;
  };
  const at = (name: string): number => DENSE_NAMES.indexOf(name as (typeof DENSE_NAMES)[number]);

  it('are zero for one sentence or identical sentences, positive when predictability varies', () => {
    for (const name of ['lm_sent_bi_std', 'lm_sent_gain_std']) {
      assert.equal(dense(['the cat sat on the mat.'])[at(name)], 0);
      assert.ok(Math.abs(dense(['the cat sat on the mat.', 'the cat sat on the mat.'])[at(name)]) < 1e-9);
      assert.ok(dense(['the cat sat on the mat.', 'zebras juggle quantum marmalade nightly.'])[at(name)] > 0.5);
    }
  });

  it('ignore sentences too short to have a mean', () => {
    const one = dense(['the cat sat on the mat.']);
    const withShort = dense(['the cat sat on the mat.', 'Zebras!']);
    assert.equal(withShort[at('lm_sent_bi_std')], one[at('lm_sent_bi_std')]);
  });
});

describe('text-detect trigram pair: which texts each model learns from', () => {
  const feat = (toks: number[]): DocFeatures => ({ idx: new Int32Array(0), val: new Float32Array(0), dense: new Float64Array(0), toks: Int32Array.from(toks), ends: Int32Array.of(toks.length) });
  const docs = [doc('a', 'essay', 0), doc('b', 'essay', 1), doc('c', 'fiction', 0), { ...doc('a#excerpt', 'essay', 0), excerpt: true }, doc('d', 'chat', 1)];
  const feats = [feat([1, 2, 3, 4]), feat([5, 6, 7, 8]), feat([9, 10, 11, 12]), feat([2, 3, 4]), feat([13, 14, 15])];
  const same = (a: Uint16Array, b: Uint16Array): boolean => Buffer.compare(Buffer.from(a.buffer), Buffer.from(b.buffer)) === 0;

  it("'paired': only domains holding both labels, never excerpts; 'all': every text but excerpts", () => {
    withRecipe({ ngramTexts: 'paired' }, () => {
      const pair = buildNgramPair(docs, feats, [0, 1, 2, 3, 4]);
      assert.ok(same(pair.human.tri, buildNgram([feats[0]]).tri));
      assert.ok(same(pair.ai.tri, buildNgram([feats[1]]).tri));
    });
    withRecipe({ ngramTexts: 'all' }, () => {
      const pair = buildNgramPair(docs, feats, [0, 1, 2, 3, 4]);
      assert.ok(same(pair.human.tri, buildNgram([feats[0], feats[2]]).tri));
      assert.ok(same(pair.ai.tri, buildNgram([feats[1], feats[4]]).tri));
    });
  });

  it("ngramOneLabelCap: per label, that many texts of each one-label domain join 'paired'; never excerpts", () => {
    const more = [...docs, doc('e', 'chat', 1), doc('f', 'chat', 1), doc('g', 'fiction', 0)];
    const moreFeats = [...feats, feat([16, 17, 18]), feat([19, 20, 21]), feat([22, 23, 24])];
    const all = more.map((_, i) => i);
    withRecipe({ ngramTexts: 'paired', ngramOneLabelCap: { human: 0, ai: 2 } }, () => {
      const pair = buildNgramPair(more, moreFeats, all);
      assert.ok(same(pair.human.tri, buildNgram([moreFeats[0]]).tri));
      const twoOfThree = [[4, 5], [4, 6], [5, 6]].filter((two) => same(pair.ai.tri, buildNgram([moreFeats[1], ...two.map((i) => moreFeats[i])]).tri));
      assert.equal(twoOfThree.length, 1, 'the paired AI text and exactly two of the three chat texts');
    });
    withRecipe({ ngramTexts: 'paired', ngramOneLabelCap: { human: Infinity, ai: 0 } }, () => {
      const pair = buildNgramPair(more, moreFeats, all);
      assert.ok(same(pair.human.tri, buildNgram([moreFeats[0], moreFeats[2], moreFeats[7]]).tri));
      assert.ok(same(pair.ai.tri, buildNgram([moreFeats[1]]).tri));
    });
  });

  it("ngramHumanGroups: the human model also learns the one-label human domains of those register groups; the AI model does not change", () => {
    const more = [...docs, doc('h', 'perl-doc', 0), doc('i', 'qa-answer', 0)];
    const moreFeats = [...feats, feat([25, 26, 27]), feat([28, 29, 30])];
    const all = more.map((_, i) => i);
    withRecipe({ ngramTexts: 'paired', ngramHumanGroups: ['answers'] }, () => {
      const pair = buildNgramPair(more, moreFeats, all);
      assert.ok(same(pair.human.tri, buildNgram([moreFeats[0], moreFeats[5], moreFeats[6]]).tri), 'essay human + the answers group\'s humans, not fiction');
      assert.ok(same(pair.ai.tri, buildNgram([moreFeats[1]]).tri), 'chat (answers, AI) is not added by it');
    });
  });

  it('learns nothing from texts outside the fold it is given (a held-out text never enters)', () => {
    withRecipe({ ngramTexts: 'all' }, () => {
      const pair = buildNgramPair(docs, feats, [1, 2, 4]);
      assert.ok(same(pair.human.tri, buildNgram([feats[2]]).tri));
    });
  });
});

describe('text-detect fold-consistent scales (measured, not shipped)', () => {
  // "essay" holds both labels; "chat" only AI; "fiction" only human; one excerpt of an essay human.
  const docs = [doc('h1', 'essay', 0), doc('h2', 'essay', 0), doc('h3', 'essay', 0), doc('h4', 'essay', 0), doc('a1', 'essay', 1), doc('c1', 'chat', 1), doc('f1', 'fiction', 0), { ...doc('h1#excerpt', 'essay', 0), excerpt: true }];
  const which = docs.map((_, i) => i);
  const vec = (v: number): Float64Array => {
    const d = new Float64Array(DENSE_DIM);
    d[NG_FIRST] = v;
    d[0] = v;
    return d;
  };
  const dense = [1, 2, 3, 4, 10, 50, -20, 100].map(vec);

  it("pairedHumanScale: the trigram-pair columns' mean and spread come from the paired domains' human texts only (no excerpts); other columns keep theirs", () => {
    const mean = new Float64Array(DENSE_DIM).fill(7);
    const std = new Float64Array(DENSE_DIM).fill(9);
    pairedHumanScale(docs, which, dense, mean, std);
    assert.equal(mean[NG_FIRST], 2.5);
    assert.ok(Math.abs(std[NG_FIRST] - Math.sqrt(1.25)) < 1e-12);
    assert.equal(mean[0], 7);
    assert.equal(std[0], 9);
  });

  it('rescaledOnPairedHumans: logits of the paired humans get median 0 and IQR 1.349, the order of all logits is kept', () => {
    const feats: DocFeatures[] = docs.map(() => ({ idx: new Int32Array(0), val: new Float32Array(0), dense: new Float64Array(0), toks: new Int32Array(0), ends: new Int32Array(0) }));
    const model: Linear = { sparse: new Float64Array(4), dense: new Float64Array(DENSE_DIM), bias: 0.5, mean: new Float64Array(DENSE_DIM), std: new Float64Array(DENSE_DIM).fill(1) };
    model.dense[0] = 2;
    const scaled = rescaledOnPairedHumans(model, docs, feats, which, dense);
    const before = dense.map((d, k) => logitOf(model, feats[k], d));
    const after = dense.map((d, k) => logitOf(scaled, feats[k], d));
    // Paired humans' logits 2.5, 4.5, 6.5, 8.5 (z clipped at 5: 10.5 for the rest): quartiles 4.5 and 8.5, median 6.5.
    assert.ok(Math.abs(after[2]) < 1e-12, 'the median paired human is at 0');
    assert.ok(Math.abs(after[3] - after[1] - 1.349) < 1e-12);
    for (let i = 0; i < before.length; i++) for (let j = 0; j < before.length; j++) assert.equal(before[i] < before[j], after[i] < after[j]);
  });
});

describe('text-detect protocol groups (issue 32: answers held out by source)', () => {
  const answer = (id: string, domain: string, y: number): CorpusDoc => ({ ...doc(id, domain, y), source: 'answers' });
  it('holds answers.jsonl out by source (OpenAssistant, ELI5, HC3 with Dolly), an excerpt with its text; other texts by register group', () => {
    assert.equal(heldOutGroupOf(answer('oasst1:ab12', 'chat', 0)), 'answers:oasst');
    assert.equal(heldOutGroupOf(answer('oasst-eval:cd34', 'chat', 1)), 'answers:oasst');
    assert.equal(heldOutGroupOf(answer('eli5-m4:ef56#excerpt', 'eli5-answer', 0)), 'answers:eli5');
    assert.equal(heldOutGroupOf(answer('eli5-dnagpt:0123', 'eli5-answer', 0)), 'answers:eli5');
    assert.equal(heldOutGroupOf(answer('hc3:4567', 'qa-answer', 1)), 'answers:hc3-dolly');
    assert.equal(heldOutGroupOf(answer('dolly:89ab', 'chat', 0)), 'answers:hc3-dolly');
    // extra.jsonl's AlpacaEval chat answers stay in the `answers` register group, and no other text has an answer source.
    assert.equal(heldOutGroupOf(doc('alpaca:1', 'chat', 1)), 'answers');
    assert.equal(answerSourceOf(doc('alpaca:1', 'chat', 1)), undefined);
    assert.equal(heldOutGroupOf(doc('x:1', 'xsum-news', 0)), 'news');
  });

  it('with oasstFolds, holds OpenAssistant out by question: a question\'s answers (human, AI, excerpts) in one fold, the folds all used', () => {
    const asked = (id: string, question: string, y: number): CorpusDoc => {
      const d = answer(id, 'chat', y);
      return { ...d, row: { ...d.row, question_id: question } };
    };
    withRecipe({ oasstFolds: 3 }, () => {
      const folds = new Set<string>();
      for (let q = 0; q < 60; q++) {
        const group = heldOutGroupOf(asked(`oasst1:h${q}`, `oasst1-train:${q}`, 0));
        assert.match(group, /^answers:oasst-q[012]$/);
        assert.equal(heldOutGroupOf(asked(`oasst-eval:a${q}`, `oasst1-train:${q}`, 1)), group);
        assert.equal(heldOutGroupOf(asked(`oasst1:h${q}#excerpt`, `oasst1-train:${q}`, 0)), group);
        folds.add(group);
      }
      assert.equal(folds.size, 3);
      // The other sources still leave whole.
      assert.equal(heldOutGroupOf(asked('eli5-m4:ef56', 'eli5:1', 0)), 'answers:eli5');
    });
  });
});

describe('text-detect training weights within a domain\'s length bands (issue 32: answers\' AI are twice as long)', () => {
  // "chat" holds short humans and long AI; "essay" only long humans (one label).
  const docs = [
    ...Array.from({ length: 30 }, (_, k) => doc(`c-h${k}`, 'chat', 0, 100)),
    ...Array.from({ length: 10 }, (_, k) => doc(`c-hl${k}`, 'chat', 0, 300)),
    ...Array.from({ length: 5 }, (_, k) => doc(`c-as${k}`, 'chat', 1, 100)),
    ...Array.from({ length: 40 }, (_, k) => doc(`c-a${k}`, 'chat', 1, 300)),
    ...Array.from({ length: 20 }, (_, k) => doc(`e-h${k}`, 'essay', 0, 300)),
  ];
  const which = docs.map((_, i) => i);
  const cell = (w: Float64Array, domain: string, words: number, y: number): number => which.reduce((s, i) => s + (docs[i].row.domain === domain && docs[i].words === words && docs[i].y === y ? w[i] : 0), 0);

  // How much more a short chat text is human than a long one, in training weight (1: length says nothing within chat).
  const odds = (w: Float64Array): number => cell(w, 'chat', 100, 0) / cell(w, 'chat', 100, 1) / (cell(w, 'chat', 300, 0) / cell(w, 'chat', 300, 1));

  it('with domainBands, length tells the label within a domain holding both labels far less', () => {
    const w = withRecipe({ balance: { domainPow: 0, singleLabel: 1, domainBands: true } }, () => trainingWeights(docs, which));
    const plain = withRecipe({ balance: { domainPow: 0, singleLabel: 1 } }, () => trainingWeights(docs, which));
    // Counts 24 (30:5 short, 10:40 long); band balance alone 4.0; with domainBands 2.7, not 1: the last
    // step, human = AI within every band over all domains, raises the long band's AI weight again (the
    // human-only essays are long).
    assert.ok(odds(plain) > 3.5, `without: ${odds(plain)}`);
    assert.ok(odds(w) > 1 && odds(w) < 3, `with: ${odds(w)}`);
    for (const band of [100, 300]) {
      const h = cell(w, 'chat', band, 0) + cell(w, 'essay', band, 0);
      const a = cell(w, 'chat', band, 1);
      assert.ok(Math.abs(h - a) < 1e-9 * (h + a), `band ${band}: ${h} vs ${a}`);
    }
  });
});
