/**
 * The spelling chooser: word counts (SUBTLEX-US), the word-pair language model, the neighbours it
 * reads, and the noisy-channel choice with its margins.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createGrammarEngine } from '../../server/engines/grammar/index.ts';
import { Lexicon } from '../../server/engines/grammar/lexicon.ts';
import { LanguageModel, neighbours, ngramWords, SENTENCE_START } from '../../server/engines/grammar/ngrams.ts';
import { chooseSpelling, oneEdit, soundKey, typoCost } from '../../server/engines/grammar/spelling.ts';

const lexicon = Lexicon.load();
const lm = LanguageModel.load(lexicon);

describe('word counts', () => {
  it('counts common words far above rare ones, any case', () => {
    assert.ok(lexicon.count('because') > 10_000);
    assert.ok(lexicon.count('Because') === lexicon.count('because'));
    assert.ok(lexicon.count('because') > 100 * lexicon.count('blouse'));
    assert.equal(lexicon.count('becuase'), 0);
  });

  it('counts a contraction by its stem, and a bare stem as no word', () => {
    assert.ok(lexicon.count("don't") > 10_000);
    assert.ok(lexicon.count('don') <= 1);
  });
});

describe('word-pair language model', () => {
  it('splits text into lower-case words, apostrophes inside words kept', () => {
    assert.deepEqual(ngramWords("Don’t stop, it's 5 o'clock!"), ["don't", 'stop', "it's", "o'clock"]);
  });

  it('prefers a pair it has seen to one it has not', () => {
    assert.ok(lm.logProb('the', 'of') > lm.logProb('of', 'the'));
    assert.ok(lm.inContext('which', 'know', 'one') > lm.inContext('wish', 'know', 'one'));
  });

  it('falls back to the word on its own without context, and never returns a non-finite value', () => {
    assert.equal(lm.logProb('house', null), lm.logProb('house', 'zzqx'));
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), fc.option(fc.string({ maxLength: 12 })), (w, p) => Number.isFinite(lm.logProb(w, p))),
    );
  });

  it('reads the adjacent words, the sentence start, and nothing across punctuation', () => {
    assert.deepEqual(neighbours('I do not know wich one.', 14, 18), { previous: 'know', next: 'one' });
    assert.deepEqual(neighbours('Wich one?', 0, 4), { previous: SENTENCE_START, next: 'one' });
    assert.deepEqual(neighbours('It rained. Wich one', 11, 15), { previous: SENTENCE_START, next: 'one' });
    assert.deepEqual(neighbours('Well, wich, then', 6, 10), { previous: null, next: null });
  });

  it('gives neighbours that are words of the text or the sentence start, for any span', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.nat(), fc.nat(), (text, a, b) => {
        const start = Math.min(a, b) % (text.length + 1);
        const end = Math.max(start, Math.max(a, b) % (text.length + 1));
        const { previous, next } = neighbours(text, start, end);
        const words = new Set(ngramWords(text.slice(Math.max(0, start - 40), start)));
        const after = new Set(ngramWords(text.slice(end, end + 40)));
        assert.ok(previous === null || previous === SENTENCE_START || words.has(previous.replace(/’/g, "'")) || /\p{L}/u.test(previous));
        assert.ok(next === null || after.has(next) || /\p{L}/u.test(next));
      }),
    );
  });
});

describe('noisy-channel spelling choice', () => {
  const none = { previous: null, next: null };

  it('restores a left-out apostrophe as the cheapest slip', () => {
    assert.equal(chooseSpelling('dont', ["don't", 'dent', 'don'], lm, none)?.replacement, "don't");
    assert.equal(chooseSpelling('Shouldnt', ["shouldn't", 'should', 'shoulder'], lm, { previous: 'and', next: 'be' })?.replacement, "Shouldn't");
  });

  it('weighs how common a candidate is against the typing cost', () => {
    const choice = chooseSpelling('becouse', ['become', 'blouse', 'because'], lm, { previous: 'home', next: 'of' });
    assert.equal(choice?.replacement, 'because');
    assert.ok(choice.margin > 1 && choice.marginOverWritten > 1);
  });

  it('uses the neighbours to decide between equally close words', () => {
    assert.equal(chooseSpelling('wich', ['wish', 'which', 'with'], lm, { previous: 'know', next: 'one' })?.replacement, 'which');
  });

  it('reports the margin over the runner-up: none without a rival, less with a close one', () => {
    const context = { previous: 'world', next: 'actions' };
    const alone = chooseSpelling('startet', ['started'], lm, context);
    const rivalled = chooseSpelling('startet', ['started', 'starter', 'starlet'], lm, context);
    assert.equal(alone?.margin, Infinity);
    assert.ok(rivalled && Number.isFinite(rivalled.margin) && rivalled.margin >= 0);
    assert.equal(rivalled.marginOverWritten, alone.marginOverWritten);
  });

  it('lets a word people do write stand against a costly change', () => {
    // "fangled" (as in new-fangled) is in the counts; "angled" is a whole letter away at the start.
    const choice = chooseSpelling('fangled', ['angled'], lm, { previous: 'new', next: 'things' });
    assert.ok(!choice || choice.marginOverWritten < 0.5);
  });

  it('has a typing cost that is zero only for the same word and cheaper for a neighbouring key', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{1,8}$/), (w) => typoCost(w, w) === 0));
    assert.ok(typoCost('cat', 'cst') < typoCost('cat', 'cmt'));
  });
});

describe('sound-alike respellings', () => {
  it('gives words spelt by ear the key of the word meant, and other words another', () => {
    assert.equal(soundKey('bisnes'), soundKey('business'));
    assert.equal(soundKey('possetion'), soundKey('possession'));
    assert.equal(soundKey('fisical'), soundKey('physical'));
    assert.equal(soundKey('konsept'), soundKey('concept'));
    assert.notEqual(soundKey('bisnes'), soundKey('bones'));
    // Letters doubled in the spelling count once, consonants met across a vowel twice.
    assert.notEqual(soundKey('startet'), soundKey('start'));
    assert.notEqual(soundKey('infection'), soundKey('inflation'));
  });

  it('keys case-blind, and the same word always to the same key', () => {
    fc.assert(fc.property(fc.stringMatching(/^[a-z]{1,10}$/), (w) => soundKey(w) === soundKey(w.toUpperCase()) && soundKey(w)[0] === soundKey(w)[0].toLowerCase()));
  });

  it('prefers the sound-alike word to a closer spelling that sounds different', () => {
    assert.equal(chooseSpelling('bisnes', ['bones', 'bushes', 'business'], lm, { previous: 'and', next: null })?.replacement, 'business');
    assert.equal(chooseSpelling('possetion', ['position', 'possession'], lm, { previous: 'in', next: 'of' })?.replacement, 'possession');
    // One slip of the ear costs no more than one wrong letter, and a cheaper slip keeps its cost.
    assert.ok((chooseSpelling('bisnes', ['business'], lm, { previous: 'and', next: null })?.cost ?? 9) <= 1.1);
    assert.equal(chooseSpelling('wich', ['which'], lm, { previous: 'know', next: 'one' })?.cost, typoCost('wich', 'which'));
  });

  it('leaves a one-letter slip to the word it is one letter from', () => {
    assert.equal(chooseSpelling('startet', ['started', 'start'], lm, { previous: 'world', next: 'actions' })?.replacement, 'started');
  });
});

describe('a silent h', () => {
  it('is as cheap to add as to leave out', () => {
    assert.equal(typoCost('whe', 'we'), typoCost('wich', 'which'));
    assert.ok(typoCost('whe', 'we') < typoCost('wxe', 'we'));
    assert.equal(chooseSpelling('whe', ['who', 'we'], lm, { previous: 'world', next: 'have' })?.replacement, 'we');
    // Still "who" where the neighbours ask for it.
    assert.equal(chooseSpelling('whe', ['who', 'we'], lm, { previous: 'people', next: 'live' })?.replacement, 'who');
  });
});

describe('spelling candidates two slips away', () => {
  it('finds common words within the typing cost for a long word, and only within it', () => {
    const close = lexicon.closeWords('posession', 2.5);
    assert.ok(close.includes('possession'));
    for (const word of close) assert.ok(typoCost('posession', word) <= 2.5);
    assert.ok(lexicon.closeWords('cigarrets', 2.5).includes('cigarettes'));
    assert.ok(!lexicon.closeWords('cigarrets', 1).includes('cigarettes'));
  });
});

describe('spelling in the engine', () => {
  it('restores apostrophes and fixes a misspelling by context', async () => {
    const engine = await createGrammarEngine();
    assert.equal((await engine.correct('People are not and shouldnt be robots.', 'auto')).correctedText, "People are not and shouldn't be robots.");
    assert.equal((await engine.correct('I do not know wich one to take.', 'auto')).correctedText, 'I do not know which one to take.');
    assert.equal((await engine.correct('Successful people do things stablely.', 'auto')).correctedText, 'Successful people do things stably.');
    assert.equal((await engine.correct('The table was stable and the answer was simply wrong.', 'auto')).correctedText, 'The table was stable and the answer was simply wrong.');
  });

  it('reads a misspelt neighbour as its correction when choosing a spelling', async () => {
    const engine = await createGrammarEngine();
    // Beside "coluld" no model knows which word fits; beside "could" it is they.
    assert.equal((await engine.correct('If we fail, thay coluld lose everything.', 'auto')).correctedText, 'If we fail, they could lose everything.');
    // A correctly spelt neighbour stays as written.
    assert.equal((await engine.correct('I think that could work.', 'auto')).correctedText, 'I think that could work.');
  });

  it('fixes a long word with two slips', async () => {
    const engine = await createGrammarEngine();
    assert.equal((await engine.correct('We started a small bisnes in town.', 'auto')).correctedText, 'We started a small business in town.');
    assert.equal((await engine.correct('They were in possetion of the keys.', 'auto')).correctedText, 'They were in possession of the keys.');
  });
});

const inflectionEngine = await createGrammarEngine();
const corrected = async (text: string): Promise<string> => (await inflectionEngine.correct(text, 'auto')).correctedText;

describe('rare words the broad word list has', () => {
  it('are not made into a common word two slips away, but a listed misspelling one slip away is still fixed', async () => {
    const engine = await createGrammarEngine();
    assert.equal((await engine.correct('Some lucky points, infall.', 'auto')).correctedText, 'Some lucky points, infall.');
    assert.equal((await engine.correct('I do not know wich one to take.', 'auto')).correctedText, 'I do not know which one to take.');
    assert.equal((await engine.correct('It is much mor serious than that.', 'auto')).correctedText, 'It is much more serious than that.');
  });
});

describe('a word the text spells the same way twice', () => {
  it('is a term its writer means, unless it stands for one of the commonest words', async () => {
    const engine = await createGrammarEngine();
    const terms = 'The blazar population is large. We study blazars in detail, as Richard A. Freund did.';
    assert.equal((await engine.correct(terms, 'auto')).correctedText, terms);
    assert.equal((await engine.correct('Becuase it rained, we stayed becuase we had to.', 'auto')).correctedText, 'Because it rained, we stayed because we had to.');
  });
});

describe('inflections of misspelt words', () => {
  it('keeps the plural or -ing ending the writer meant', async () => {
    assert.equal(await corrected('I like alcohol, hair spray and cigarrets.'), 'I like alcohol, hair spray and cigarettes.');
    assert.equal(await corrected('We are able to deal with the probles found with it.'), 'We are able to deal with the problems found with it.');
    assert.equal(await corrected('He is runing fast.'), 'He is running fast.');
  });

  it('forms the plural of a noun in -y written with -ys, and drops an -s added to a whole word', async () => {
    assert.equal(await corrected('There are many citys in the world.'), 'There are many cities in the world.');
    assert.equal(await corrected('We need to talk about our familys.'), 'We need to talk about our families.');
    assert.equal(await corrected('As the cities were smallers, it was quiet.'), 'As the cities were smaller, it was quiet.');
    assert.equal(lexicon.isKnown('familys'), false);
    assert.equal(lexicon.isKnown('days'), true);
  });
});


/** Restricted Damerau-Levenshtein distance with unit costs: the reference `oneEdit` is checked against. */
function unitDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}

describe('oneEdit', () => {
  it('property: true exactly when one letter added, left out or replaced, or two neighbours swapped, turns a into b', () => {
    const word = fc.string({ unit: fc.constantFrom('a', 'd', 'e', 'o', 's'), maxLength: 7 });
    fc.assert(fc.property(word, word, (a, b) => assert.equal(oneEdit(a, b), unitDistance(a, b) === 1, `${a} → ${b}`)), { numRuns: 2000 });
    assert.equal(oneEdit('ladoos', 'ladies'), false);
    assert.equal(oneEdit('recieve', 'receive'), true);
  });
});
