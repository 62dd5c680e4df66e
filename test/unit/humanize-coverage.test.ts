import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { frontTimePhrase, joinWhich, moveClauseBack, moveClauseFront, splitAbsolute, splitLong } from '../../server/engines/humanize/structure.ts';
import { moveAttributionBack, swapAttribution } from '../../server/engines/humanize/rephrase.ts';
import { replacePhrases } from '../../server/engines/humanize/phrases.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { endsInIrregularVerb, irregularSharedPast, IRREGULAR_PARTICIPLES, IRREGULAR_SIMPLE_PASTS } from '../../server/engines/humanize/verbs.ts';

/** A masked placeholder, as the rewriter sees a protected item (a name, a quotation). */
const item = (k: number): string => `\uE000${String.fromCharCode(0xe100 + k)}\uE001`;

describe('humanizer: absolute phrase as a sentence', () => {
  it('splits a trailing possessive phrase with a participle, in the main clause tense', () => {
    assert.equal(splitAbsolute('She looked around the room, her eyes fixed on the odd devices they held.'), 'She looked around the room. Her eyes were fixed on the odd devices they held.');
    assert.equal(splitAbsolute('The time tourists erupted into cheers, their devices capturing every moment.'), 'The time tourists erupted into cheers. Their devices captured every moment.');
    assert.equal(splitAbsolute('He stood at the door, his heart racing.'), 'He stood at the door. His heart raced.');
    assert.equal(splitAbsolute('The city grew quickly, its population doubling in ten years.'), 'The city grew quickly. Its population doubled in ten years.');
    assert.equal(splitAbsolute('She is at home tonight, her voice filled with doubt.'), 'She is at home tonight. Her voice is filled with doubt.');
    // A present verb without an auxiliary, an opening conjunction or phrase before the subject.
    assert.equal(splitAbsolute('But she seems hesitant to speak, her eyes fixed on the odd devices they hold.'), 'But she seems hesitant to speak. Her eyes are fixed on the odd devices they hold.');
    assert.equal(splitAbsolute('One by one, they stepped forward, their eyes filled with hope.'), 'One by one, they stepped forward. Their eyes were filled with hope.');
  });

  it('leaves lists, appositions and unclear shapes alone', () => {
    assert.equal(splitAbsolute('She thanked her family, her friends and her teachers.'), null);
    assert.equal(splitAbsolute('He met the ambassador, his old friend from school.'), null);
    assert.equal(splitAbsolute('He walked out of the room, his hands shaking and his voice low.'), null);
    assert.equal(splitAbsolute('The words on the page are my own, my unique voice, my way of expressing myself.'), null);
    // Present stories with verbs we cannot date keep their shape rather than guess the tense.
    assert.equal(splitAbsolute('The visitors surround her, her eyes fixed on the devices.'), null);
    // Two clauses before the phrase: which one it belongs to is unclear.
    assert.equal(splitAbsolute('Some approach them, asking questions, but the visitors remain tight-lipped, their focus fixed on the display.'), null);
  });
});

describe('humanizer: wider clause splits', () => {
  it('splits two plain clauses joined by a bare "and" before a determiner', () => {
    assert.equal(splitLong('The beds were uncomfortable and the sheets were stained with something dark.'), 'The beds were uncomfortable. The sheets were stained with something dark.');
    assert.equal(splitLong('Both the doctor and the nurse were kind to us during the stay.'), null);
    assert.equal(splitLong('The ratio of the mass and the radius is fixed by the model here.'), null);
  });

  it('lets a name open the second clause after "but", never after a list "and"', () => {
    const name = item(0);
    assert.equal(splitLong(`The clubs have a long history of rivalry, but ${name} believes this should not stop them.`), `The clubs have a long history of rivalry. But ${name} believes this should not stop them.`);
    assert.equal(splitLong(`The talks involved France, Spain, and ${name} were also invited to the summit.`), null);
  });
});

describe('humanizer: process nouns as verbs', () => {
  /** The process-noun rule alone: the other phrase rules do not touch these sentences. */
  const verbalize = (sentence: string): string | null => {
    const out = replacePhrases(sentence, 0);
    return out === sentence ? null : out;
  };

  it('turns "the N of X" after a preposition into the verb', () => {
    assert.equal(verbalize('We propose a new method for the detection of gravitational waves.'), 'We propose a new method for detecting gravitational waves.');
    assert.equal(verbalize('In the evaluation of these models, we found little.'), 'In evaluating these models, we found little.');
    assert.equal(verbalize('The grant helps in the construction of bridges.'), 'The grant helps in constructing bridges.');
  });

  it('keeps nouns whose "of" phrase may be the doer, and sentence subjects', () => {
    assert.equal(verbalize('This is key to the development of children.'), null);
    assert.equal(verbalize('The evaluation of the data shows a trend.'), null);
    assert.equal(verbalize('We read the introduction of the book.'), null);
    assert.equal(verbalize('It depends on the removal of which part.'), null);
  });

  it('only ever removes "the" and "of" and swaps the noun', () => {
    fc.assert(
      fc.property(fc.constantFrom('for', 'by', 'in', 'through'), fc.constantFrom('detection', 'measurement', 'removal', 'assessment'), fc.stringMatching(/^[a-z]{3,8}$/u), (prep, noun, object) => {
        const out = verbalize(`We worked ${prep} the ${noun} of ${object} today.`);
        assert.ok(out !== null && out.startsWith(`We worked ${prep} `) && out.endsWith(` ${object} today.`), String(out));
        assert.ok(!/ the | of /u.test(out));
      }),
    );
  });
});

describe('humanizer: ordinary wording for a few more stock words', () => {
  it('rewrites them only in the syntax each rule was written for', () => {
    assert.equal(replacePhrases('We propose a novel approach to the problem.', 0), 'We propose a new approach to the problem.');
    assert.equal(replacePhrases('She finished reading the novel on the train.', 0), 'She finished reading the novel on the train.');
    assert.equal(replacePhrases('The reviews gave us valuable feedback.', 0), 'The reviews gave us useful feedback.');
    assert.equal(replacePhrases('They sold a valuable painting.', 0), 'They sold a valuable painting.');
    assert.equal(replacePhrases('The tool streamlines the process.', 0), 'The tool simplifies the process.');
    assert.equal(replacePhrases('Firms are navigating these challenges every day.', 0), 'Firms are dealing with these challenges every day.');
    assert.equal(replacePhrases('The plan aligns with our goals.', 0), 'The plan fits with our goals.');
  });
});

describe('humanizer: attribution order', () => {
  it('swaps "said X" and "X said" after a quotation, both ways', () => {
    const [quote, first, last] = [item(0), item(1), item(2)];
    assert.equal(swapAttribution(`${quote}, said ${first} ${last}.`), `${quote}, ${first} ${last} said.`);
    assert.equal(swapAttribution(`${quote}, ${first} said.`), `${quote}, said ${first}.`);
    assert.equal(swapAttribution(`${quote} said the spokesman.`), `${quote} the spokesman said.`);
    assert.equal(swapAttribution(swapAttribution(`${quote}, said ${first}.`)!), `${quote}, said ${first}.`);
  });

  it('puts the speaker of reported speech after the report', () => {
    assert.equal(moveAttributionBack('The council said the plan would help local families.'), 'The plan would help local families, the council said.');
    assert.equal(moveAttributionBack('He said that it was a difficult day for the club.'), 'It was a difficult day for the club, he said.');
    assert.equal(moveAttributionBack(`${item(0)} said the club would not sell any players.`), `The club would not sell any players, ${item(0)} said.`);
    assert.equal(moveAttributionBack('She said she was happy.'), null);
    assert.equal(moveAttributionBack('The report said: this is bad for everyone here.'), null);
    assert.equal(moveAttributionBack('The council said to the press that it would act.'), null);
    assert.equal(moveAttributionBack(`${item(0)} said a thrilled ${item(1)} to the hosts after being named the winner.`), null);
    assert.equal(moveAttributionBack('He said he had been lying all along and that he was sorry.'), null);
  });

  it('never inverts a pronoun or an attribution that goes on', () => {
    const [quote, name] = [item(0), item(1)];
    assert.equal(swapAttribution(`${quote}, he said.`), null);
    assert.equal(swapAttribution(`${quote}, said ${name}, the mayor.`), null);
    assert.equal(swapAttribution(`${name} said the plan was good.`), null);
  });
});

describe('humanizer: irregular verbs from the shared table', () => {
  it('gives one past only where past and participle agree', () => {
    assert.equal(irregularSharedPast('hold'), 'held');
    assert.equal(irregularSharedPast('bring'), 'brought');
    assert.equal(irregularSharedPast('see'), null);
    assert.equal(irregularSharedPast('walk'), null);
  });

  it('knows compounds and the pasts that mark a clause as past', () => {
    assert.ok(endsInIrregularVerb('overcome') && endsInIrregularVerb('withhold') && endsInIrregularVerb('undertake'));
    assert.ok(!endsInIrregularVerb('walk'));
    assert.ok(IRREGULAR_SIMPLE_PASTS.has('came') && IRREGULAR_SIMPLE_PASTS.has('grew') && IRREGULAR_SIMPLE_PASTS.has('misled'));
    // Not a past that is also a present, a noun more often, or an auxiliary.
    for (const w of ['set', 'read', 'lay', 'ground', 'was', 'had', 'did']) assert.ok(!IRREGULAR_SIMPLE_PASTS.has(w), w);
    assert.ok(IRREGULAR_PARTICIPLES.has('torn') && IRREGULAR_PARTICIPLES.has('held') && !IRREGULAR_PARTICIPLES.has('been'));
  });
});

describe('humanizer: present verbs, time phrases and which-joins', () => {
  it('reads a present verb after its subject, so present-tense clauses can move', () => {
    assert.equal(moveClauseBack('As the sun rises over my hometown, an odd sight greets the residents.'), 'An odd sight greets the residents as the sun rises over my hometown.');
    assert.equal(splitLong('The chefs clearly know what they are doing here, and their attention to detail shines through in every dish.'), 'The chefs clearly know what they are doing here. Their attention to detail shines through in every dish.');
    // A noun phrase with a plural is not a clause ("the long days of summer").
    assert.equal(splitLong('We enjoyed the beach very much, and the long days of summer.'), null);
    assert.equal(splitLong('We also observe a strong correlation between the number of peers and the popularity of the stream, which suggests a structure.'), null);
    assert.equal(splitLong('Not only did they provide excellent service, but they also shared valuable insights on cooking.'), null);
  });

  it('fronts a trailing time phrase of a single plain clause', () => {
    assert.equal(frontTimePhrase('The club has struggled financially in recent years.'), 'In recent years, the club has struggled financially.');
    assert.equal(frontTimePhrase('The old bridge was closed last week.'), 'Last week, the old bridge was closed.');
    assert.equal(frontTimePhrase('I remember the day like it was yesterday.'), null);
    assert.equal(frontTimePhrase('The chief executive has said the club remains confident of two signings this summer.'), null);
    assert.equal(frontTimePhrase('Its deficit fell to a new low after the cuts last year.'), null);
    assert.equal(frontTimePhrase('The results are the best of last year.'), null);
  });

  it('joins a "This" sentence to the one before as its which-clause', () => {
    assert.equal(joinWhich('The team won the cup in the final.', 'This made it the first title in years.'), 'The team won the cup in the final, which made it the first title in years.');
    // "This is a great place": the pronoun may stand for a thing, not the sentence before.
    assert.equal(joinWhich('You will get your money\'s worth here.', 'This is a great place to eat.'), null);
    assert.equal(joinWhich('Did the team win the cup in the final?', 'This made it their first title.'), null);
    assert.equal(joinWhich('The team won the cup in the final.', 'This approach is new to them.'), null);
    assert.equal(joinWhich('The team won the cup, which pleased the fans.', 'This made it their first title.'), null);
    assert.equal(moveClauseFront('The decision to grant the licence comes after the company agreed to the conditions.'), null);
  });
});

describe('humanizer: sentence openers that are inflected common words', () => {
  it('does not protect "Using", "Intrigued" or "Prices" as names, but keeps short names and number words', async () => {
    const { protectedItems } = await import('../../server/engines/humanize/protect.ts');
    const items = [...protectedItems('Utilizing a mix of data, we found it. Intrigued by this, she left. Prices rose. Manning said no. Thousands came.').keys()];
    assert.deepEqual(items.sort(), ['Manning', 'Thousands']);
    // A word the text also capitalises mid-sentence stays a name wherever it stands.
    assert.ok(protectedItems('Prices rose. We met the Prices at home.').has('Prices'));
  });
});

describe('humanizer: invariants checked edit by edit', () => {
  const original = 'Dr Smith met 12 people in Paris on Monday. The meeting was long and tiring. Everyone agreed on "the plan" in the end. The weather was fine all week.';

  it('accepts an edit exactly when the whole-text checks do', async () => {
    const { checkAgainst, contentWordOverlap, EditChecker, invariantReference } = await import('../../server/engines/humanize/invariants.ts');
    const reference = invariantReference(original);
    const checker = new EditChecker(reference, original, 0.75);
    const tally = checker.tally(original);
    const before = 'The meeting was long and tiring.';
    const edits = ['The meeting ran long and was tiring.', 'It was long.', 'The meeting with Dr Smith was long and tiring for 12 people.', 'The meeting was long and tiring, and it rained in Paris on Monday.', 'The meeting was long and tiring  .', 'Тhe meeting was long and tiring.', 'Le rendez-vous était long et fatigant, très long, vraiment très long et fatigant pour tous.'];
    for (const after of edits) {
      const text = original.replace(before, after);
      const whole = checkAgainst(reference, text).ok && contentWordOverlap(original, text) >= 0.75;
      const local = checker.check(tally, before, after, () => text) !== null;
      assert.equal(local, whole, after);
    }
  });

  it('rejects an edit that drops a protected item, and keeps its tally in step', async () => {
    const { EditChecker, invariantReference } = await import('../../server/engines/humanize/invariants.ts');
    const checker = new EditChecker(invariantReference(original), original, 0.75);
    const tally = checker.tally(original);
    assert.equal(checker.check(tally, 'Everyone agreed on "the plan" in the end.', 'Everyone agreed in the end.', () => ''), null);
    const sentence = 'The weather was fine all week.';
    const after = 'All week the weather stayed fine.';
    const next = checker.check(tally, sentence, after, () => original.replace(sentence, after));
    assert.deepEqual(next, checker.tally(original.replace(sentence, after)));
  });
});

describe('humanizer: with-phrases as sentences', () => {
  it('gives a second subject and participle the same tense, and takes bare noun phrases', async () => {
    const { splitWithClause } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(splitWithClause('The place was packed on Friday night, with the staff offering tips and the chef cooking at the grill.'), 'The place was packed on Friday night. The staff offered tips and the chef cooked at the grill.');
    assert.equal(
      splitWithClause('The atmosphere was lively and welcoming, with upbeat music playing in the background and friendly chatter filling the air.'),
      'The atmosphere was lively and welcoming. Upbeat music played in the background and friendly chatter filled the air.',
    );
    assert.equal(splitWithClause('The room is clean and bright, with sunlight streaming through the windows.'), 'The room is clean and bright. Sunlight streams through the windows.');
  });

  it('leaves -ing nouns and unclear second phrases alone', async () => {
    const { splitWithClause } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(splitWithClause('The patio is very nice in summer, with outdoor seating available.'), null);
    assert.equal(splitWithClause('The school offers lessons every single week, with tips on baking and cooking classes.'), null);
    assert.equal(splitWithClause('The hall was full last night, with the band playing and the crowd singing and dancing along.'), null);
  });
});

describe('humanizer: including-lists and but-predicates', () => {
  it('splits a trailing including-list after a plural, in the clause tense', async () => {
    const { splitIncluding } = await import('../../server/engines/humanize/structure.ts');
    // The opener varies with the list (These / They / Among them), in the clause's tense.
    const PAST = /^(?:These included|They included|Among them were) /u;
    const PRESENT = /^(?:These include|They include|Among them are) /u;
    const split = (sentence: string): [string, string] => {
      const out = splitIncluding(sentence) ?? '';
      const at = out.indexOf('. ');
      return [out.slice(0, at + 1), out.slice(at + 2)];
    };
    const [firm, conditions] = split('The firm agreed to several conditions, including training its drivers and buying insurance.');
    assert.equal(firm, 'The firm agreed to several conditions.');
    assert.match(conditions, PAST);
    assert.ok(conditions.endsWith(' training its drivers and buying insurance.'));
    const [menu, dishes] = split('The menu has a wide range of classic dishes, including burgers, sandwiches and salads.');
    assert.equal(menu, 'The menu has a wide range of classic dishes.');
    assert.match(dishes, PRESENT);
    // "the proposed plans" is no past verb: the clause is present.
    assert.match(split('The proposed plan has many critical aspects, including updates to the roof.')[1], PRESENT);
    assert.match(split('The team signed several new players, including two strikers and a keeper.')[1], PAST);
    assert.equal(splitIncluding('Several people in the crowd, including the mayor, were hurt in the crash.'), null);
    assert.equal(splitIncluding('The club made a big decision last year, including a new coach.'), null);
  });

  it('varies how the split-off list opens, never "Among them" before a gerund or a single item', async () => {
    const { splitIncluding } = await import('../../server/engines/humanize/structure.ts');
    const openers = new Set<string>();
    for (const list of ['two strikers and a keeper', 'burgers, sandwiches and salads', 'new roads and bridges', 'cats, dogs and birds', 'apples and pears', 'trains and buses', 'maps and guides', 'pens, pencils and paper']) {
      const out = splitIncluding(`The team bought several new things, including ${list}.`) ?? '';
      openers.add(/\. (These included|They included|Among them were) /u.exec(out)?.[1] ?? out);
    }
    assert.ok(openers.size >= 2, [...openers].join(' / '));
    for (const list of ['training its drivers and buying insurance', 'a portrait of the queen', 'an update to the roof', 'a new coach for the team']) {
      const out = splitIncluding(`The firm agreed to several new conditions, including ${list}.`);
      if (out !== null) assert.doesNotMatch(out, /Among them/u);
    }
  });

  it('splits "..., but has ..." after a subject that is never a person', async () => {
    const { splitPredicates } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(splitPredicates('The company has been operating in the city since last year, but has been operating without a license.'), 'The company has been operating in the city since last year. But it has been operating without a license.');
    assert.equal(splitPredicates('The man has been living in the city since last year, but has been working without a permit.'), null);
  });
});

describe('humanizer: trailing participle as a second verb', () => {
  it('coordinates the participle in the clause tense, for any subject', async () => {
    const { coordinateTrailingAction } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(coordinateTrailingAction('She dropped the ball on the floor, hoping to play.'), 'She dropped the ball on the floor and hoped to play.');
    assert.equal(coordinateTrailingAction('Our love is eternal, transcending the boundaries of this world.'), 'Our love is eternal and transcends the boundaries of this world.');
    assert.equal(coordinateTrailingAction('The performers sang beautifully all night, captivating the audience.'), 'The performers sang beautifully all night and captivated the audience.');
  });

  it('leaves passives, present perfects and unclear numbers alone', async () => {
    const { coordinateTrailingAction } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(coordinateTrailingAction('My soul was released, leaving only emptiness.'), null);
    assert.equal(coordinateTrailingAction('The first episode saw the chef guiding the contestants, teaching them to forage.'), null);
    assert.equal(coordinateTrailingAction('It seemed to just stand still, floating there silently.'), null);
    assert.equal(coordinateTrailingAction('The manager has issued a rallying cry, insisting that there is nothing to fear.'), null);
    assert.equal(coordinateTrailingAction('The staff seem friendly here, offering tips.'), null);
    assert.equal(coordinateTrailingAction('The staff was friendly, offering tips and answering questions.'), null);
  });
});

describe('humanizer: with-phrase after a present perfect, with a name and two participles', () => {
  it('reads "have already exchanged" as past and turns both participles', async () => {
    const { splitWithClause } = await import('../../server/engines/humanize/structure.ts');
    const [name, other] = [item(0), item(1)];
    assert.equal(
      splitWithClause(`The two players have already exchanged messages, with ${name} congratulating ${other} on the recent success and voicing his admiration for the club.`),
      `The two players have already exchanged messages. ${name} congratulated ${other} on the recent success and voiced his admiration for the club.`,
    );
  });
});

describe('humanizer: relative clause of the subject as a first predicate', () => {
  it('merges a who/which clause with the main predicate in the same tense', async () => {
    const { mergeRelativeClause } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(mergeRelativeClause('The match, which was played at the town stadium, saw a fierce battle between the sides.'), 'The match was played at the town stadium and saw a fierce battle between the sides.');
    assert.equal(mergeRelativeClause(`${item(0)}, who has coached the team, has also praised the fans.`), `${item(0)} has coached the team and has also praised the fans.`);
    assert.equal(mergeRelativeClause('The ballet, which will feature the Moomins, is sure to delight fans.'), 'The ballet will feature the Moomins and is sure to delight fans.');
  });

  it('keeps mixed tenses and chains of predicates apart', async () => {
    const { mergeRelativeClause } = await import('../../server/engines/humanize/structure.ts');
    assert.equal(mergeRelativeClause('The soldier, who has not been named, was killed in an accident.'), null);
    assert.equal(mergeRelativeClause(`${item(0)}, who is known for his standards, did not mince his words.`), null);
    assert.equal(mergeRelativeClause('The potatoes, which had promised a lot, fell short on flavor and were bland.'), null);
    assert.equal(mergeRelativeClause('The man who lives here, which is odd, was seen.'), null);
  });
});

describe('humanizer: the new moves inside the whole pipeline', () => {
  /** A stand-in detector that dislikes commas, so the search picks the splits and joins that drop them. */
  const commaScore = (text: string): number => Math.min(1, (text.match(/,/gu)?.length ?? 0) / Math.max(1, text.split(/\s+/u).length / 8));
  const commaDetector = {
    version: 'test-commas',
    detect: (text: string) => ({ aiScore: commaScore(text), sentences: splitSentences(text).map((s) => ({ ...s, aiScore: commaScore(s.text) })), language: 'eng', englishCalibrated: true }),
  };
  const fragments = [
    'She looked around the quiet room, her eyes fixed on the odd devices they held.',
    'The firm agreed to several conditions in 2019, including training its drivers and buying insurance.',
    'The match, which was played at Wembley Stadium, saw a fierce battle between the two sides.',
    'The atmosphere was lively and welcoming, with upbeat music playing in the background.',
    'Mr Jones said the council would review the 12 proposals next month.',
    '"We will win this," said Sarah Brown.',
    'The club has struggled financially in recent years.',
    'We propose a method for the detection of gravitational waves at 3 kHz.',
  ];

  // Every text is rewritten (v2), so a text the stand-in does not flag may come back scoring a little
  // higher (seen: 0.29 -> 0.31 when "for the detection of" became "for detecting"): only a flagged
  // text must come back lower. Seeded, so that CI runs the same cases every time.
  it('keeps every invariant, the paragraphs and determinism, and lowers the score of a flagged text', async () => {
    const { humanize, checkInvariants } = await import('../../server/engines/humanize/index.ts');
    const paragraph = fc.array(fc.constantFrom(...fragments), { minLength: 2, maxLength: 4 }).map((s) => s.join(' '));
    fc.assert(
      fc.property(fc.array(paragraph, { minLength: 1, maxLength: 3 }), (paragraphs) => {
        const text = paragraphs.join('\n\n');
        const result = humanize(text, { detector: commaDetector });
        assert.deepEqual(checkInvariants(text, result.text).violations, []);
        assert.equal(result.text.split('\n\n').length, paragraphs.length);
        if (result.scoreBefore > 0.5) assert.ok(result.scoreAfter <= result.scoreBefore, `${result.scoreBefore} -> ${result.scoreAfter}`);
        assert.equal(humanize(text, { detector: commaDetector }).text, result.text);
      }),
      { numRuns: 25, seed: 537468999 },
    );
  });
});
