import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { lexicalView, loadTextDetector, type TextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { checkInvariants, humanize } from '../../server/engines/humanize/index.ts';
import { lexicalContext, lexicalRewrites, type LexicalView } from '../../server/engines/humanize/lexical.ts';
import { dropAndComma, dropIntroComma, joinLong, joinShort, pronounSubject, splitBecause, splitLong, splitSubjectParticiple, splitSubjectWhich, splitPredicates, splitWho } from '../../server/engines/humanize/structure.ts';
import { applySubstitutions, findSubstitutions, wordOptions } from '../../server/engines/humanize/synonyms.ts';

/**
 * A stand-in lexical view: each listed word weighs its value, everything else nothing; the "human
 * language model" likes the listed words it knows and dislikes unknown ones.
 */
function fakeView(weights: Record<string, number>, logProbs: Record<string, number> = {}): LexicalView {
  const tokens = (s: string): string[] => s.toLowerCase().match(/\p{L}+/gu) ?? [];
  return {
    ngramWeight: (s) => tokens(s).reduce((sum, t) => sum + (weights[t] ?? 0), 0),
    humanLogProb: (s) => tokens(s).reduce((sum, t) => sum + (logProbs[t] ?? -5), 0),
    humanUnigramLogProb: (s) => tokens(s).length * -7,
    logitPerMeanLogProb: -1,
    logitPerMeanUnigramLogProb: -2,
    ngramNormPow: 0.5,
  };
}

describe('round 5: detector-guided word swaps', () => {
  it('swaps a word for the synonym the detector weighs less, and only where it helps', () => {
    const sentence = 'She purchased a small house near the river.';
    const view = fakeView({ purchased: 2, bought: -1 }, { purchased: -6, bought: -4 });
    const rewrites = lexicalRewrites(sentence, [], lexicalContext(view, sentence));
    assert.deepEqual(rewrites, ['She bought a small house near the river.']);
    // When the replacement weighs more, nothing is offered.
    const heavier = fakeView({ purchased: -1, bought: 2 }, { purchased: -6, bought: -4 });
    assert.deepEqual(lexicalRewrites(sentence, [], lexicalContext(heavier, sentence)), []);
  });

  it('does not repeat a word the text already uses', () => {
    const sentence = 'She purchased a small house near the river.';
    const text = `${sentence} Later she bought a boat.`;
    const view = fakeView({ purchased: 2, bought: -1 }, { purchased: -6, bought: -4 });
    assert.deepEqual(lexicalRewrites(sentence, [], lexicalContext(view, text)), []);
  });

  it("swaps only the original text's own words, never one a rule or swap put in", () => {
    // "purchased" came from an earlier edit (the original said "acquired"): it is not swapped again.
    const view = fakeView({ purchased: 2, bought: -1 }, { purchased: -6, bought: -4 });
    assert.deepEqual(lexicalRewrites('She purchased a small house near the river.', [], lexicalContext(view, 'She acquired a small house near the river.')), []);
  });

  it('keeps masked items out of the swaps and puts them back', () => {
    const masked = 'She purchased \uE000\uE100\uE001 near the river.';
    const view = fakeView({ purchased: 2, bought: -1 }, { purchased: -6, bought: -4 });
    const [rewrite] = lexicalRewrites(masked, ['Rose Cottage'], lexicalContext(view, 'She purchased Rose Cottage near the river.'));
    assert.equal(rewrite, 'She bought \uE000\uE100\uE001 near the river.');
  });

  it('inflects replacements and never builds a regular past for an irregular verb', () => {
    const options = wordOptions('He constructed the house and discovered a map.');
    const replacements = options.flatMap((o) => o.alternatives.map((a) => a.replacement));
    assert.ok(replacements.includes('built'));
    assert.ok(replacements.includes('found'));
    for (const r of replacements) assert.doesNotMatch(r, /(?:comed|taked|gived|goed|maked|buyed|finded|builded)$/u);
  });

  it('the detector view: n-gram weights add up per sentence, and the human model prefers real English', () => {
    const detector = loadTextDetector();
    const view = lexicalView(detector);
    assert.ok(view);
    assert.ok(view.humanLogProb('The dog ran across the park to find its ball.') > view.humanLogProb('Park the across ball ran dog its find to the.'));
    // With the bigram-minus-unigram gain folded in, it is common words (a higher unigram probability) that lower the score.
    assert.ok(view.logitPerMeanUnigramLogProb < 0, 'plainer, more frequent words lower the score');
    assert.ok(view.humanUnigramLogProb('The dog ran to the park.') > view.humanUnigramLogProb('The canine sprinted to the arboretum.'));
    const fake: TextDetector = { version: 'x', detect: detector.detect.bind(detector) };
    assert.equal(lexicalView(fake), undefined);
    // The view reads the model only: scores are the same before and after using it.
    const text = 'Moreover, it is crucial to note that the results are robust.';
    const before = detector.detect(text).aiScore;
    view.ngramWeight(text);
    assert.equal(detector.detect(text).aiScore, before);
  });
});

describe('round 5: rhythm moves', () => {
  it('drops the optional comma after a short opener, but not after a participle or a transition', () => {
    assert.equal(dropIntroComma('In 2019, the company moved to Leeds.'), 'In 2019 the company moved to Leeds.');
    assert.equal(dropIntroComma('Finally, we reached the top of the hill.'), 'Finally we reached the top of the hill.');
    assert.equal(dropIntroComma('After eating, the dog slept.'), null);
    assert.equal(dropIntroComma('In fact, the team lost.'), null);
    // The grammar engine puts these commas back: the move would only get its paragraph given back.
    assert.equal(dropIntroComma('Second, the technology has become cheaper.'), null);
    assert.equal(dropIntroComma('Lastly, we went home.'), null);
    assert.equal(dropIntroComma('In my opinion, it is still key to act.'), null);
    assert.equal(dropIntroComma('During the long and very cold winter of that year, the river froze.'), null);
    assert.equal(dropIntroComma('Unfortunately, from the beginning to the end, I was disappointed.'), null);
  });

  it('drops the comma of a short compound sentence, not of a list', () => {
    assert.equal(dropAndComma('The room was small, and the bed was hard.'), 'The room was small and the bed was hard.');
    assert.equal(dropAndComma('We bought apples, pears, and the rest went home.'), null);
  });

  it('splits a which-clause out of the subject with It or They', () => {
    assert.equal(
      splitSubjectWhich('The ballet, which will feature the Moomins in all their glory, is sure to delight fans of all ages.'),
      'The ballet will feature the Moomins in all their glory. It is sure to delight fans of all ages.',
    );
    assert.equal(splitSubjectWhich('The new buses, which were built in York, have arrived at the depot.'), 'The new buses were built in York. They have arrived at the depot.');
    assert.equal(splitSubjectWhich('The house, which and more, stood on a hill.'), null);
  });

  it('splits a trailing plural who-clause off with They, never guessing a gender', () => {
    assert.equal(
      splitWho('The transfer is seen as a coup for Chelsea, who have been looking to strengthen their defence after injuries.'),
      'The transfer is seen as a coup for Chelsea. They have been looking to strengthen their defence after injuries.',
    );
    // Singular or ambiguous verbs ("who has", "who had") would need he/she or guess the number.
    assert.equal(splitWho('The award went to the old man from the village, who has lived there for sixty long years.'), null);
    assert.equal(splitWho('This far exceeded the hopes of the organisers, who had hoped for about 150,000 people.'), null);
    assert.equal(splitWho('They thanked the nurses, who were kind, patient and calm through the whole long night.'), null);
  });

  it('splits two predicates of a pronoun or non-person subject into two sentences', () => {
    assert.equal(
      splitPredicates('He stressed the need for resilience and urged his players to work on the mistakes they had made.'),
      'He stressed the need for resilience. He urged his players to work on the mistakes they had made.',
    );
    assert.equal(
      splitPredicates('The company has been operating in Cardiff since 2015 and has been operating without a licence since then.'),
      'The company has been operating in Cardiff since 2015. It has been operating without a licence since then.',
    );
    // A shared auxiliary, a person noun, a list and an adjective pair all stay as they are.
    assert.equal(splitPredicates('He was born in a small village in 1950 and raised in Leeds by his aunt and uncle.'), null);
    assert.equal(splitPredicates('The officer stressed the need for calm and urged the public to stay away from the area.'), null);
    assert.equal(splitPredicates('She bought bread and butter and gave the rest of it to her neighbour on Tuesday morning.'), null);
    assert.equal(splitPredicates('He saw the tired and scared children in the street outside his home last night.'), null);
    assert.equal(splitPredicates('It was evident that the chefs in the kitchen knew their trade and had a deep understanding of it.'), null);
  });

  it('splits a plural who-clause out of the subject with They, but not a singular one', () => {
    assert.equal(splitSubjectWhich('The men, who have not been named, pleaded guilty to fraud at the court.'), 'The men have not been named. They pleaded guilty to fraud at the court.');
    assert.equal(splitSubjectWhich('The man, who has not been named, pleaded guilty to fraud at the court.'), null);
  });

  it('splits a participle phrase out of a non-person subject beside a past main clause', () => {
    assert.equal(
      splitSubjectParticiple('The operation, conducted by security forces, aimed to dismantle the network.'),
      'The operation was conducted by security forces. It aimed to dismantle the network.',
    );
    assert.equal(splitSubjectParticiple('The findings, published in Nature, showed a clear rise in sea levels.'), 'The findings were published in Nature. They showed a clear rise in sea levels.');
    assert.equal(splitSubjectParticiple('The new report, published by the council, is due to be discussed today.'), null);
    // A person ("he or she"), or a verb whose tense is unclear ("set"), stays as it is.
    assert.equal(splitSubjectParticiple('The officer, injured in the attack, was taken to hospital.'), null);
    assert.equal(splitSubjectParticiple('The operation, conducted by security forces, set out to dismantle the network.'), null);
  });

  it('joins with or without a comma, and joins a longer pair when the second picks up with a pronoun', () => {
    assert.equal(joinShort('The pool is small.', 'The gym is worse.', false), 'The pool is small and the gym is worse.');
    assert.equal(joinShort('The pool is small.', 'The gym is worse.'), 'The pool is small, and the gym is worse.');
    assert.equal(
      joinLong('The company has been operating in Cardiff since 2015 without a license.', 'It has welcomed the decision of the council and now plans to open more offices.'),
      'The company has been operating in Cardiff since 2015 without a license, and it has welcomed the decision of the council and now plans to open more offices.',
    );
    assert.equal(joinLong('The company has been operating in Cardiff since 2015 without a license.', 'The council agreed.'), null);
    assert.equal(joinLong('So get ready to be enchanted like never before and book your tickets now.', 'The ballet will be performed at the opera house in London from February.'), null);
  });

  it('turns a subject repeated from the previous sentence into a pronoun, never for a person', () => {
    assert.equal(
      pronounSubject('The company has been operating in Cardiff since 2015.', 'The company has also said it will work with the council.'),
      'It has also said it will work with the council.',
    );
    assert.equal(pronounSubject('The results were clear.', 'The results show a steady rise.'), 'They show a steady rise.');
    assert.equal(pronounSubject('The man was tall.', 'The man left early.'), null);
    assert.equal(pronounSubject('The company has grown.', 'The company of actors left.'), null);
    assert.equal(pronounSubject('The council met on Monday.', 'The company has grown.'), null);
  });

  it('splits unevenly and splits off a reason', () => {
    const sentence = 'The food took over an hour to arrive and it was cold, but the staff did not seem to notice or care at all.';
    assert.equal(splitLong(sentence, true), 'The food took over an hour to arrive. It was cold, but the staff did not seem to notice or care at all.');
    assert.equal(
      splitBecause('There was no reason for such slow service in the restaurant, because the kitchen was half empty.'),
      'There was no reason for such slow service in the restaurant. This was because the kitchen was half empty.',
    );
    // Past only where both clauses are told in the past.
    assert.equal(splitBecause("I'm glad we did not pay for the whole meal ourselves, because it was not worth it."), "I'm glad we did not pay for the whole meal ourselves. This is because it was not worth it.");
    assert.equal(splitBecause('The new policy matters a great deal to many people, because it changes how they work.'), 'The new policy matters a great deal to many people. This is because it changes how they work.');
    assert.equal(splitBecause('We left early because of the rain that night.'), null);
    assert.equal(splitBecause('We left early because we were tired.'), null);
  });

  it('structure moves keep every word of a sentence in order (no content lost or made up)', () => {
    // The words a move may add or drop (links and the pronoun of a new sentence) aside, the letters stay in order.
    const letters = (s: string): string => s.toLowerCase().replace(/\b(?:this|is|was|it|they|and|but|because)\b|[^\p{L}]/gu, '');
    const clause = fc.constantFrom('the room was small', 'the bed was hard', 'we left early', 'it rained all night', 'the staff were kind');
    fc.assert(
      fc.property(clause, clause, fc.constantFrom(', and ', ', but ', ' because '), (a, b, link) => {
        const sentence = `${a[0].toUpperCase()}${a.slice(1)} in the old town by the sea${link}${b}.`;
        for (const move of [dropAndComma, splitBecause, (s: string) => splitLong(s, true)]) {
          const out = move(sentence);
          if (out === null) continue;
          assert.equal(letters(out), letters(sentence));
        }
      }),
    );
  });
});

describe('round 5: whole pipeline with the real detector', () => {
  const detector = loadTextDetector();
  const text = `The Moomins, the beloved characters from Finnish author Tove Jansson's books, are set to take the stage in a new ballet production. The ballet, which will feature the Moomins in all their adorable glory, is sure to delight fans of all ages. The production promises to bring the characters to life in a way that will captivate audiences and leave them wanting more. With its colorful sets and costumes, the ballet is sure to be a visual feast for the eyes. The ballet will be performed at the Royal Opera House in London, with shows starting from February 2023.`;

  it('lowers the score, keeps every invariant and is deterministic', () => {
    // A target under the text's score, whatever the detector's calibration, so the search runs.
    const options = { detector, targetScore: detector.detect(text).aiScore / 2 };
    const first = humanize(text, options);
    const second = humanize(text, options);
    assert.equal(first.text, second.text);
    assert.ok(first.scoreAfter < first.scoreBefore);
    assert.deepEqual(checkInvariants(text, first.text).violations, []);
    for (const name of ['Moomins', 'Tove Jansson', 'Royal Opera House', 'London', 'February 2023']) assert.ok(first.text.includes(name), name);
    assert.ok(splitSentences(first.text).length >= splitSentences(text).length - 2);
  });
});

describe('humanizer word swaps and compounds', () => {
  it('never swaps a noun of a compound the tagger reads as a verb ("a podium finish"), but does swap real verbs', () => {
    const swapped = (t: string): string => applySubstitutions(t, findSubstitutions(t, 0));
    assert.equal(swapped("He is now targeting a podium finish in Sunday's race."), "He is now targeting a podium finish in Sunday's race.");
    assert.equal(swapped('The last day finish in London was scrapped.'), 'The last day finish in London was scrapped.');
    assert.equal(swapped('We will finish the job.'), 'We will complete the job.');
    assert.equal(swapped('The kids finish dinner.'), 'The kids complete dinner.');
  });
});
