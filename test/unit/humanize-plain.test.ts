import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import type { TextDetector } from '../../server/engines/text-detect/index.ts';
import { splitSentences } from '../../server/engines/shared/sentences.ts';
import { checkInvariants, humanize } from '../../server/engines/humanize/index.ts';
import { replacePhrases, requiredLiteral } from '../../server/engines/humanize/phrases.ts';
import { splitWhich } from '../../server/engines/humanize/structure.ts';
import { protectedItems } from '../../server/engines/humanize/protect.ts';

describe('the letters a phrase rule needs (its cheap pre-test)', () => {
  it('is a run every match contains: groups, classes, lookarounds and optional letters left out', () => {
    assert.equal(requiredLiteral('\\bin conjunction with\\b'), 'in conjunction with');
    assert.equal(requiredLiteral('\\bmodels?\\b'), 'model');
    assert.equal(requiredLiteral('\\bcolou?r\\b'), 'colo');
    assert.equal(requiredLiteral('\\b(in|for|by) the implementation of (?!(?:which|whom)\\b)'), ' the implementation of ');
    assert.equal(requiredLiteral('(?<!\\bmassless\\b[^.;]*)\\bMassive\\b(?! (?:gravity|stars?)\\b)'), 'massive');
    assert.equal(requiredLiteral('x{2,3}yz\\p{L}+ing'), 'ing');
  });

  it('is nothing where the pattern has alternatives at its top level', () => {
    assert.equal(requiredLiteral('\\bdelve\\b|\\bdelves\\b'), '');
    assert.equal(requiredLiteral('[a-z]+'), '');
  });

  it('lets a rule fire whatever the case of the text (the pre-test reads it lower-cased)', () => {
    assert.equal(replacePhrases('The team Worked TIRELESSLY to Address these challenges.', 0), 'The team Worked hard to Tackle these challenges.');
  });
});

describe('ordinary wording rules', () => {
  it('puts stock words and collocations in plain wording, form by form', () => {
    assert.equal(replacePhrases('She savored the moment and gazed at the stars with unwavering hope.', 0), 'She enjoyed the moment and looked at the stars with steady hope.');
    assert.equal(replacePhrases('The team worked tirelessly to address these challenges.', 0), 'The team worked hard to tackle these challenges.');
    assert.equal(replacePhrases('Following the match, officials stated that he sustained serious injuries.', 0), 'After the match, officials said that he suffered serious injuries.');
    assert.equal(replacePhrases('The film exceeded my expectations and the meticulously crafted sets were showcased well.', 0), 'The film beat my expectations and the carefully made sets were displayed well.');
    assert.equal(replacePhrases('Their newfound skepticism flourished.', 0), 'Their new doubt thrived.');
    assert.equal(replacePhrases('The study explores how a formidable storm formed.', 0), 'The study looks at how a tough storm formed.');
  });

  it('leaves the syntax it was not written for alone', () => {
    // A subject, not a fronted phrase; the verb "enduring"; a passive; "much anticipated".
    assert.equal(replacePhrases('Following the rules is easy.', 0), 'Following the rules is easy.');
    assert.equal(replacePhrases('Enduring the cold was hard.', 0), 'Enduring the cold was hard.');
    assert.equal(replacePhrases('The pasta was complemented by wine.', 0), 'The pasta was complemented by wine.');
    assert.equal(replacePhrases('The much anticipated sequel is out.', 0), 'The much anticipated sequel is out.');
    assert.equal(replacePhrases('Ensure safety first.', 0), 'Ensure safety first.');
    // "primary" as a noun (an election) stays; as an adjective it becomes "main".
    assert.equal(replacePhrases('She won the Democratic primary in a landslide.', 0), 'She won the Democratic primary in a landslide.');
    assert.equal(replacePhrases('The primary goal is speed.', 0), 'The main goal is speed.');
    // "appropriate" the verb stays; "facilitate" before a/an has no plain verb that fits.
    assert.equal(replacePhrases('They voted to appropriate funds.', 0), 'They voted to appropriate funds.');
    assert.equal(replacePhrases('An appropriate reply came.', 0), 'A suitable reply came.');
    assert.equal(replacePhrases('Maps helped, facilitating a deeper understanding.', 0), 'Maps helped, facilitating a deeper understanding.');
    assert.equal(replacePhrases('Maps facilitate travel.', 0), 'Maps ease travel.');
  });

  it('removes the stock words from any sentence built around them, and is deterministic', () => {
    const stock = ['unwavering', 'newfound', 'perilous', 'picturesque', 'tranquil', 'societal', 'enigmatic'];
    const filler = ['the', 'road', 'was', 'a', 'quiet', 'and', 'town', 'felt'];
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...filler), { maxLength: 6 }), fc.constantFrom(...stock), fc.array(fc.constantFrom(...filler), { maxLength: 6 }), (before, word, after) => {
        // The stock word as an adjective of a noun: a swap that made an unnatural word pair would be refused.
        const sentence = ['It', ...before, 'the', word, 'town', ...after, 'here.'].join(' ');
        const out = replacePhrases(sentence, 0);
        assert.ok(!new RegExp(`\\b${word}\\b`, 'iu').test(out), out);
        assert.equal(out, replacePhrases(sentence, 0));
        assert.doesNotMatch(out, / {2}| [.,]/u);
      }),
    );
  });
});

/** A detector that only sees "moreover": 0.9 with it, 0.1 without, plus a penalty per word in `dislikes`. */
function stubDetector(dislikes: RegExp): TextDetector {
  const score = (text: string): number => Math.min(1, (/\bmoreover\b/iu.test(text) ? 0.9 : 0.1) + 0.05 * (text.match(dislikes)?.length ?? 0));
  return {
    version: 'test-moreover',
    detect: (text) => ({ aiScore: score(text), sentences: splitSentences(text).map((s) => ({ ...s, aiScore: score(s.text) })), language: 'eng', englishCalibrated: true }),
  };
}

describe('plain wording pass', () => {
  const text = 'Moreover, the inn was quiet that night. She savored the soup and gazed at the picturesque hills. He stated that the road was perilous in winter. The owner kept a fire going in the big kitchen downstairs. Two old dogs slept by the door until dawn.';

  it('rewrites the sentences the search did not need, where the score does not rise', () => {
    const result = humanize(text, { detector: stubDetector(/\bzzz\b/gu) });
    assert.equal(result.text, 'The inn was quiet that night. She enjoyed the soup and looked at the scenic hills. The road was dangerous in winter, he said. The owner kept a fire going in the big kitchen downstairs. Two old dogs slept by the door until dawn.');
    assert.equal(result.scoreAfter, 0.1);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
  });

  it('falls back to a single phrase edit where the full plain wording scores worse', () => {
    const result = humanize(text, { detector: stubDetector(/\benjoyed\b/gu) });
    assert.match(result.text, /She savored the soup and gazed at the scenic hills\./u);
    assert.doesNotMatch(result.text, /enjoyed/u);
    assert.match(result.text, /The road was dangerous in winter, he said\./u);
    assert.equal(result.scoreAfter, 0.1);
  });
});

describe('which-clause split', () => {
  it('takes the number from the verb, not from an adverb before it', () => {
    const sentence = 'He will work closely with several army units, including the local mobile force, which predominantly serves remote communities in the north.';
    assert.equal(splitWhich(sentence), 'He will work closely with several army units, including the local mobile force. This predominantly serves remote communities in the north.');
    assert.equal(splitWhich('The report lists several old rules from the early years of the city council, which quietly shape most of the daily work.'), 'The report lists several old rules from the early years of the city council. These quietly shape most of the daily work.');
    // A past verb says nothing of number: one bottle "went well with" the meal.
    assert.equal(splitWhich('We ordered a bottle of white wine from the list by the door, which went well with the fish.'), 'We ordered a bottle of white wine from the list by the door. This went well with the fish.');
  });
});

describe('stock constructions and chat preambles', () => {
  it('rewrites the stock constructions in the wording people use, keeping number and tense', () => {
    assert.equal(replacePhrases('It gave her a renewed sense of purpose.', 0), 'It gave her renewed purpose.');
    assert.equal(replacePhrases('An overwhelming sense of dread came.', 0), 'Overwhelming dread came.');
    assert.equal(replacePhrases('I felt a sense of peace and relief.', 0), 'I felt peace and relief.');
    assert.equal(replacePhrases('This offers valuable insights into the market.', 0).includes('insights'), false);
    // No literal "view" or "look" for an understanding ("results give a better view of", "a closer look at").
    for (const v of [0, 1, 2]) assert.doesNotMatch(replacePhrases('It offers insights into the market and a better understanding of prices.', v), /\bview of|look at\b/u);
    // Equally good alternatives, chosen by the context (so that neither becomes a stock phrase).
    assert.match(replacePhrases('I recommend it to anyone looking for a quiet meal.', 0), /^I recommend it to anyone who (?:wants|needs) a quiet meal\.$/u);
    assert.equal(replacePhrases('Families looking to relax will like it.', 0), 'Families who want to relax will like it.');
    assert.match(replacePhrases('Brown is confident that they will win, and the fans were confident that it would rain.', 0), /^Brown is sure (?:that )?they will win, and the fans were sure (?:that )?it would rain\.$/u);
    assert.match(replacePhrases('The map gives a clearer understanding of the model.', 0), /^The map gives a clearer (?:idea|picture) of the model\.$/u);
    assert.equal(replacePhrases('We gain a deeper understanding of the model.', 0), 'We gain a deeper grasp of the model.');
    assert.equal(replacePhrases('It improves our understanding of stars.', 0), 'It improves our grasp of stars.');
    assert.equal(replacePhrases('The air was filled with smoke.', 0), 'The air was full of smoke.');
    assert.equal(replacePhrases('Our results show that the rate grows.', 0), 'We find that the rate grows.');
    assert.equal(replacePhrases("She couldn't help but smile at the political landscape.", 0), "She couldn't help smiling at the political scene.");
    assert.equal(replacePhrases('The hotel sits by the sea, offering stunning views.', 0), 'The hotel sits by the sea, with stunning views.');
    assert.equal(replacePhrases('Little did she suspect that it was late.', 0), 'She had no idea that it was late.');
    assert.equal(replacePhrases('It was a great dining experience, and their attention to detail shows.', 0), 'It was a great meal, and their care shows.');
    assert.equal(replacePhrases('The proposed method beats the baseline.', 0), 'Our method beats the baseline.');
    assert.equal(replacePhrases('She learned the importance of patience and their commitment to quality.', 0), 'She learned the value of patience and their commitment to quality.');
  });

  it('varies the wording of interchangeable alternatives with the context, deterministically', () => {
    const objects = ['the model', 'the data', 'stars', 'the market', 'her past', 'the rules', 'the brain', 'the city', 'how cells work', 'what happened', 'why prices rise', 'each step', 'our results', 'its role'];
    const outputs = objects.map((o) => replacePhrases(`This gives a better understanding of ${o}.`, 0));
    const chosen = new Set(outputs.map((o) => /a better (\p{L}+) of/u.exec(o)?.[1]));
    assert.ok(chosen.size >= 2, `one phrase for every context: ${[...chosen].join(', ')}`);
    for (const c of chosen) assert.ok(['idea', 'picture'].includes(c ?? ''), String(c));
    // The same sentence always gets the same wording, and the search's variants cover every alternative.
    assert.deepEqual(objects.map((o) => replacePhrases(`This gives a better understanding of ${o}.`, 0)), outputs);
    const variants = new Set([0, 1, 2].map((v) => replacePhrases('This gives a better understanding of the model.', v)));
    assert.equal(variants.size, 2);
  });

  it('prefers dropping a stock connective to adding another', () => {
    assert.equal(replacePhrases('Moreover, the rate grows.', 0), 'The rate grows.');
    assert.equal(replacePhrases('In conclusion, the rate grows.', 0), 'The rate grows.');
    for (const v of [0, 1, 2]) assert.doesNotMatch(replacePhrases('Moreover, the rate grows.', v), /On top of that/u);
    for (const v of [0, 1, 2]) assert.doesNotMatch(replacePhrases('However, the rate grows.', v), /Even so/u);
    for (const v of [0, 1, 2]) assert.equal(replacePhrases('Interestingly, the rate grows.', v), 'The rate grows.');
  });

  it('puts the formal words AI text over-uses in plain words, with the tense, number and sense kept', () => {
    const cases: [string, string][] = [
      ['The study has clearly demonstrated that the effect is real.', 'The study has clearly shown that the effect is real.'],
      ['The results demonstrated the value of sleep.', 'The results showed the value of sleep.'],
      ['It was demonstrated by the team.', 'It was shown by the team.'],
      ['Students who participated in the program did better.', 'Students who took part in the program did better.'],
      ['She has participated in many races.', 'She has taken part in many races.'],
      ['The company seeks to expand its reach.', 'The company tries to expand its reach.'],
      ['He had stumbled across the file.', 'He had found the file.'],
      ['Researchers identified several risk factors.', 'Researchers found several risk factors.'],
      ['There are potential risks to consider.', 'There are possible risks to consider.'],
      ['He is widely considered one of the best players.', 'He is widely seen as one of the best players.'],
      ['It is considered to be a classic.', 'It is seen as a classic.'],
      ['Use a combination of salt and pepper.', 'Use a mix of salt and pepper.'],
      ['Our findings have important implications for ecology.', 'Our findings have an important bearing on ecology.'],
      ['The work establishes a new centre for the town.', 'The work sets up a new centre for the town.'],
      ['I thoroughly enjoyed the meal.', 'I really enjoyed the meal.'],
      ['Gather all the necessary information first.', 'Gather all the needed information first.'],
      ['This means the plan works.', 'That means the plan works.'],
      ['Cats sleep a lot, whereas dogs stay awake.', 'Cats sleep a lot, but dogs stay awake.'],
      ['It was small, yet it held everyone.', 'It was small, but it held everyone.'],
      ['This ultimately led to war.', 'This eventually led to war.'],
    ];
    for (const [input, expected] of cases) assert.equal(replacePhrases(input, 0), expected);
    // Other senses and syntax stay: "identify as", the noun "potential", "necessary to", "will ultimately", "This is", "This will be".
    for (const kept of ['Police identified the victim as a local man.', 'Its full potential is clear.', 'This is necessary to survive.', 'The plan will ultimately fail.', 'It ultimately depends on you.', 'The decision ultimately rests with the board.', 'This is a quiet town.', 'This will be the last time.', 'He stumbled and fell.', 'It is the best one yet, by far.', 'Our results establish the existence of a critical point.']) {
      assert.equal(replacePhrases(kept, 0), kept);
    }
  });

  it('leaves the senses and syntax the rules were not written for alone', () => {
    assert.equal(replacePhrases('He has a sense of humor and a sense of place.', 0), 'He has a sense of humor and a sense of place.');
    // Where the frame carries meaning ("a sense of justice" is no justice) it stays, and no new stock phrase takes its place.
    for (const v of [0, 1, 2]) assert.equal(replacePhrases('It brought a sense of justice and a sense of belonging.', v), 'It brought a sense of justice and a sense of belonging.');
    // A plural after a determiner has no singular or phrasal stand-in that fits ("these insight into").
    for (const v of [0, 1, 2]) assert.equal(replacePhrases('These insights into the market help.', v), 'These insights into the market help.');
    // An active verb ("her eyes filled with tears") is no adjective.
    assert.equal(replacePhrases('Her eyes filled with tears.', 0), 'Her eyes filled with tears.');
    assert.equal(replacePhrases('He was looking for a key.', 0), 'He was looking for a key.');
    // Real scenery; an offer made by someone; a verb after "help but" that has no listed -ing form.
    assert.equal(replacePhrases('The landscape was bare and the political landscape calm.', 0), 'The landscape was bare and the political scene calm.');
    assert.equal(replacePhrases('He called, offering to help.', 0), 'He called, offering to help.');
    assert.equal(replacePhrases("She couldn't help but xyzzy.", 0), "She couldn't help but xyzzy.");
    assert.equal(replacePhrases('She pays attention to detail.', 0), 'She pays attention to detail.');
    assert.equal(replacePhrases('The map gives a deeper understanding of the model.', 0), 'The map gives a deeper understanding of the model.');
    assert.equal(replacePhrases('The overall dining experience was smooth.', 0), 'The overall dining experience was smooth.');
    // Importance that is shown or stressed is no value ("the value of data" reads as its worth).
    assert.equal(replacePhrases('The study stresses the importance of data.', 0), 'The study stresses the importance of data.');
    // Physics: "massive" means having mass.
    assert.equal(replacePhrases('One massive and one massless graviton.', 0), 'One massive and one massless graviton.');
    assert.equal(replacePhrases('A theory of massive gravity.', 0), 'A theory of massive gravity.');
    assert.equal(replacePhrases('A massive crowd came.', 0), 'A huge crowd came.');
  });

  it("drops a chat model's preamble but never one that holds a protected item or is plain content", () => {
    assert.equal(replacePhrases("Sure, here's a possible continuation of the review:The food was great.", 0), 'The food was great.');
    assert.equal(replacePhrases('Here is a story based on the given prompt: Red ignites emotions.', 0), 'Red ignites emotions.');
    assert.equal(replacePhrases('Here is a 12 sentence tale based on the writing prompt:It was a dreary morning.', 0), 'It was a dreary morning.');
    assert.equal(replacePhrases('Of course, here is an 18-sentence story based on your writing prompt:Red ignites emotions.', 0), 'Red ignites emotions.');
    assert.equal(replacePhrases("**Here's the requested article:**The town met.", 0), 'The town met.');
    assert.equal(replacePhrases('**Here is the news article**:The town met.', 0), 'The town met.');
    assert.equal(replacePhrases('Abstract:In this paper we study stars.', 0), 'In this paper we study stars.');
    assert.equal(replacePhrases('**Abstract:** We study stars.', 0), 'We study stars.');
    assert.equal(replacePhrases('In this paper, we study stars.', 0), 'We study stars.');
    assert.equal(replacePhrases('In this paper, we study stars.', 1), 'Here we study stars.');
    // "amid" is itself a stock word of generated text: never the replacement.
    for (const variant of [0, 1, 2]) assert.match(replacePhrases('She smiled amidst the chaos of the market.', variant), /^She smiled (?:in the middle of|in) the chaos of the market\.$/u);
    // Varied with the context, so neither becomes a stock phrase of its own.
    const choices = ['the crowd', 'a storm', 'growing noise', 'falling rain', 'all this', 'tall trees'].map((place) => replacePhrases(`She stood amidst ${place}.`, 0));
    assert.ok(choices.some((c) => c.includes('in the middle of')) && choices.some((c) => !c.includes('in the middle of')), choices.join(' | '));
    assert.equal(replacePhrases('Abstract art is hard to sell.', 0), 'Abstract art is hard to sell.');
    assert.equal(replacePhrases('Here is the recipe: mix the flour.', 0), 'Here is the recipe: mix the flour.');
    assert.equal(replacePhrases('This is a six-sentence news article based on a summary: a dog ran off.', 0), 'A dog ran off.');
    assert.equal(replacePhrases('This is the 23 sentence stories of the boring tone given by a prompt: It rained.', 0), 'It rained.');
    assert.equal(replacePhrases('This is the story of my life: I was born.', 0), 'This is the story of my life: I was born.');
    assert.equal(replacePhrases('These are the three sentences that matter: the rest is noise.', 0), 'These are the three sentences that matter: the rest is noise.');
    assert.equal(replacePhrases('**Here is the recipe:** mix the flour.', 0), '**Here is the recipe:** mix the flour.');
    const masked = `Here is a ${'\uE000\uE100\uE001'} sentence abstract for the article: We study stars.`;
    assert.equal(replacePhrases(masked, 0), masked);
  });

  it("drops a numbered chat preamble too: its count of sentences is no fact of the piece", () => {
    const text = 'Here is a 7 sentence story based on the prompt: The ship left port in 1912 with 40 men aboard. Moreover, the crew sang as the coast faded from view. The sea was calm for the first week, and the cook kept everyone fed with bread and fish. Nobody on board knew that a storm was building far to the south, over warm water.';
    assert.deepEqual([...protectedItems(text).keys()].filter((item) => /\d/u.test(item)).sort(), ['1912', '40']);
    assert.deepEqual([...protectedItems('Here are 15 sentences to continue the review:1. The food was good.').keys()], ['1']);
    assert.deepEqual([...protectedItems('This is a six-sentence news article based on a summary: a dog ran off.').keys()], []);
    // A preamble that names someone keeps its number protected, so it stays; the title it was given is no part of the piece.
    assert.ok(protectedItems('Here is an 8 sentence abstract about Dyons: We study stars.').has('8'));
    assert.deepEqual([...protectedItems('Here is a 39 sentence story based on the prompt "Until I Stated": It rained.').keys()], []);
    const result = humanize(text, { detector: stubDetector(/\bzzz\b/gu) });
    assert.match(result.text, /^The ship left port in 1912 with 40 men aboard\./u);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
  });

  it('cuts a preamble with the title it was given, even where a word of the title is a name in the piece', () => {
    const story = 'The Positive Mass Theorem sets a lower bound on the mass of isolated systems. We study the case of equality and show that the bound is nearly reached only by slices of flat space. The proof uses a new estimate for harmonic functions on such slices. We also give examples that show the estimate cannot be improved in general. The method works in every dimension where the theorem itself is known to hold, and it gives a short new proof of the theorem in the spin case.';
    const text = `Here is a 6 sentence abstract for the article title "On the near-equality case of the Positive Mass Theorem":${story}`;
    const result = humanize(text, { detector: stubDetector(/\bzzz\b/gu) });
    // The rest is rewritten too (every text is), but the piece starts where the preamble ended.
    assert.match(result.text, /^The Positive Mass Theorem /u);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
    // The piece's own use of a name from the title is still protected.
    assert.equal(checkInvariants(text, story.replace('Positive Mass Theorem', 'theorem')).ok, false);
    // A quotation that is not the title it was given ends the preamble match: nothing is cut.
    const quoted = `Here is a story with the first line "Sigh.": ${story}`;
    assert.match(humanize(quoted, { detector: stubDetector(/\bzzz\b/gu) }).text, /^Here(?: i|')s a story with the first line "Sigh\.": /u);
  });

  it('reads a capital after a colon as a possible sentence start, not a name ("Abstract:In this paper")', () => {
    assert.deepEqual([...protectedItems('Abstract:In this paper, we study stars.').keys()], []);
    assert.deepEqual([...protectedItems('Speaker: Okafor said the stars were out.').keys()], ['Okafor']);
  });

  it('cuts a chat preamble whatever the detector makes of it', () => {
    // Scored 0.1 by the stub: under the target, yet the preamble goes.
    const story = 'The ship left port in 1912 with 40 men aboard. The sea was calm for the first week, and the cook kept everyone fed with bread and fish. Nobody on board knew that a storm was building far to the south, over warm water. By the tenth day the wind had turned, and the captain ordered the sails reefed before dark.';
    const result = humanize(`Here is a 4 sentence story based on the prompt:${story}`, { detector: stubDetector(/\bzzz\b/gu) });
    assert.match(result.text, /^The ship left port in 1912/u);
    // A preamble that is its own paragraph stays (cutting it would take a paragraph break with it).
    const alone = `Here is a story based on the prompt:\n\n${story}`;
    assert.match(humanize(alone, { detector: stubDetector(/\bzzz\b/gu) }).text, /^Here(?: i|')s a story based on the prompt:\n\n/u);
  });

  it('joins with a semicolon at most once in a text, however much the detector would like more', () => {
    const likesSemicolons: TextDetector = {
      version: 'test-semicolons',
      detect: (text) => {
        const score = Math.max(0.05, 0.9 - 0.2 * (text.match(/;/gu)?.length ?? 0));
        return { aiScore: score, sentences: splitSentences(text).map((s) => ({ ...s, aiScore: score })), language: 'eng', englishCalibrated: true };
      },
    };
    const text = 'The old mill closed in the spring. It had run at a loss for years. The bakery on the corner stayed open. It sold bread to the whole street. The school by the river was rebuilt. It now has room for twice as many children.';
    const result = humanize(text, { detector: likesSemicolons });
    assert.equal(result.text.match(/;/gu)?.length, 1);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
  });

  it('drops no sentence, not even one that repeats an earlier one', () => {
    const text = 'Moreover, we went back to the old hotel by the lake last summer. The staff were friendly and the rooms were clean and bright. We will not be going back to this restaurant again, sadly. The breakfast was cold and the coffee was weak every single morning. We won\'t be going back to this restaurant again, sadly.';
    const result = humanize(text, { detector: stubDetector(/\bzzz\b/gu) });
    assert.equal(result.text.match(/going back to this restaurant/gu)?.length, 2);
    assert.deepEqual(checkInvariants(text, result.text).violations, []);
  });

  it("drops a chat transcript's role labels, which are no citations, and keeps real citations", () => {
    assert.equal(replacePhrases('[assistant]: The gift came on a Tuesday.', 0), 'The gift came on a Tuesday.');
    assert.equal(replacePhrases('It glowed.[user]: She slept.', 0), 'It glowed. She slept.');
    const items = [...protectedItems('[assistant]: see [1] and [Smith 2020].').keys()];
    assert.deepEqual(items.filter((item) => item.startsWith('[')).sort(), ['[1]', '[Smith 2020]']);
    const text = '[assistant]: The council met on Tuesday and approved the plan. [assistant]: The plan will cost a great deal of money over the coming years.';
    const output = 'The council met on Tuesday and approved the plan. The plan will cost a great deal of money over the coming years.';
    assert.deepEqual(checkInvariants(text, output).violations, []);
  });

  it('keeps a preamble-free text as it is and the preamble rule deterministic', () => {
    fc.assert(
      fc.property(fc.constantFrom('story', 'article', 'abstract', 'review'), fc.constantFrom('Sure, ', 'Certainly! ', ''), (piece, lead) => {
        const text = `${lead}here is a short ${piece} for you: The town was quiet.`.replace(/^h/u, (h) => (lead ? h : h.toUpperCase()));
        assert.equal(replacePhrases(text, 0), 'The town was quiet.');
        assert.equal(replacePhrases('The town was quiet.', 0), 'The town was quiet.');
      }),
    );
  });
});
