/**
 * Which of harper's lints become corrections. Minimal change is the promise, so harper's style
 * advice, typography, renames and dialect flips are dropped, and a spelling lint is applied only
 * when the word is clearly a typo and one candidate clearly the intended word.
 */
import { MASS_NOUNS, STRICT_UNCOUNTABLE, WRONG_PLURALS } from './data/nouns.ts';
import type { Category, Edit } from './edits.ts';
import type { PolicyContext } from './rule.ts';
import type { HarperDialect, HarperLint } from './harper.ts';
import type { Lexicon } from './lexicon.ts';
import { neighbours, SENTENCE_START, type LanguageModel } from './ngrams.ts';
import { CONTRACTIONS } from './data/contractions.ts';
import { DETERMINERS } from './data/function-words.ts';
import { RUN_TOGETHER } from './data/run-together.ts';
import { chooseSpelling, knownWithPrefix, ligatureRestorations, matchCase, misreadRestorations, oneEdit, soundKey, spelledAgain, typoCost } from './spelling.ts';
import { embedded, lineStartOpensSentence } from './variants.ts';
import { abbreviationFollows, addressedAsYou, afterElision, besideForeignWordOrCode, capitalisesSentences, holdsCode, inCodeStatement, inSpacedAddress, isAbbreviation, isListLetter, isNameAt, LETTER_I_VERB, lowerAtSentenceStarts, obfuscatedAddress, startsSentence, touchesName } from './names.ts';
import { confusable, contextAllows } from './confusables.ts';
import { doublingWritten } from './doubled.ts';
import { pastInSentence } from './agreement.ts';
import { escapeRegExp } from '../shared/text.ts';
import { runInRivalsRespelling, solidPairRivalsRespelling, splitRivalsRespelling } from './split-words.ts';

/** Lint kinds that are advice rather than errors. */
const ADVICE_KINDS = new Set(['Style', 'Enhancement', 'Readability', 'Regionalism', 'Formatting']);

/**
 * The harper.js rules whose corrections we have seen to be right more often than wrong: on JFLEG dev (J, a
 * GLEU gain), on CoNLL-2013 (C, a gold edit matched), on the injected errors of the dev half (I), among the
 * judged edits of the MASC tuning half (M, scripts/eval/grammar-edit-labels), or on a slip of our own tests
 * (T). harper has some hundreds of rules more, mostly set phrases and names; none of them has shown a right
 * correction on our data, and on published prose they changed correct text, so their lints are left. (Until
 * grammar-2.8.0 a list of rules measured wrong stood here instead, with the reason for each: ItsPossessive,
 * CompoundNouns, Months and more; none of them is above.)
 */
const EVIDENCED_RULES: ReadonlySet<string> = new Set([
  'SpellCheck', 'SentenceCapitalization', 'CapitalizePersonalPronouns', 'AnA', 'SplitWords', 'MergeWords', 'OpenCompounds', 'RepeatedWords', // J, I
  'AdjectiveDoubleDegree', 'MassNouns', 'PronounVerbAgreement', 'PronounInflectionBe', 'SimplePastToPastParticiple', 'SingleBe', 'ModalBeAdjective', 'NominalWants', 'ThereIsAgreement', // J, I
  'ThenThan', 'ThatThan', 'ThereToTheir', 'ItsContraction', 'PossessiveYour', 'WrongApostrophe', 'Cant', 'DoesOrDose', 'Hazzle', 'Lots', // J
  'DespiteOf', 'DisjointPrefixes', 'Everybody', 'Everyone', 'Someone', 'Furthermore', 'Therefore', 'Nowadays', 'OfCourse', 'NeedToNoun', 'PluralWrongWordOfPhrase', 'TheAnother', // J
  'ModalOf', 'MultipleSequentialPronouns', 'TheirToThere', 'TheyreToTheir', 'WillNonLemma', 'Alongside', 'Without', 'Worldwide', // I
  'Spaces', 'ArriveTo', 'ACoupleMore', 'Countries', 'EveryTime', // M
  'AfterAll', 'ThoughThought', 'WorseOrWorst', 'ToWorryAbout', // C
  'HopHope', 'AWhile', 'PhrasalVerbAsCompoundNoun', 'QuantifierNumeralConflict', 'OrthographicConsistency', 'CorrectNumberSuffix', // T
]);

/** Advice-kind rules that do fix errors. */
const KEPT_ADVICE = new Set(['Cant', 'Spaces']);

const CATEGORY_BY_KIND: Record<string, Category> = {
  Spelling: 'spelling',
  Typo: 'spelling',
  BoundaryError: 'spelling',
  Capitalization: 'capitalization',
  Punctuation: 'punctuation',
  Formatting: 'punctuation',
};

/** Prefixes that are not words on their own. */
const BOUND_PREFIXES = new Set(['un', 'non', 'dis', 'mis', 're', 'pre', 'anti', 'co', 'inter', 'sub', 'semi', 'multi', 'post', 'hyper', 'trans', 'mid', 'bio', 'eco', 'geo', 'neuro', 'cyber', 'im', 'il', 'ir']);

/** Which side of the variant map harper's dialect accepts; Canada mixes both. */
const SIDE: Record<HarperDialect, 'us' | 'uk' | 'both'> = { 'en-US': 'us', 'en-GB': 'uk', 'en-AU': 'uk', 'en-IN': 'uk', 'en-CA': 'both' };

/**
 * True when harper proposes `candidate` for `word` only because `word` is another variant's
 * spelling of it (colour → color in American mode): a dialect flip, which is never a correction
 * (with an explicit target the curated map converts instead).
 */
function isDialectFlip(word: string, candidate: string, ctx: PolicyContext): boolean {
  const side = ctx.variants.respelling(word, candidate);
  return side !== null && (SIDE[ctx.dialect] === 'both' || SIDE[ctx.dialect] === side);
}

/**
 * Conditions on rules that are right in most uses and wrong in some: true keeps the lint.
 * `original` is the flagged text, `replacement` the first suggestion.
 */
const CONDITIONS: Record<string, (original: string, replacement: string, ctx: PolicyContext) => boolean> = {
  // allday → all day, inmany → in many; not maind → ma ind (for "mind"), todays → to days, nor a
  // misspelling cut into a word and a rare one (interestion → interest ion, donnot → don not).
  SplitWords: (original, replacement, ctx) =>
    !ctx.lexicon.isKnown(original) &&
    !/s$/i.test(original) &&
    replacement.split(' ').every((part) => ctx.lexicon.functionWords.has(part.toLowerCase()) || (part.length >= 3 && ctx.lexicon.frequency(part) >= 5 && ctx.lexicon.count(part) >= COMMON_WORD)),
  // equipments → equipment, an evidence → evidence; not "like a thief" → "like thief",
  // "every stuff" → "every piece of stuff", "a software" → "a program".
  MassNouns: (original, replacement) => {
    if (/piece of|program/.test(replacement)) return false;
    // A plural of an -ing noun names events or things and counts: "book burnings", "meetings", "findings".
    if (/\p{L}ings$/iu.test(original)) return false;
    // "with many calling for": "many" stands for people and the -ing word is their verb (not "many clothing").
    // Nor "far fewer according to": the -ing word is no noun at all.
    const ing = /^(many|few|fewer)\s+(\p{L}+ing)$/iu.exec(original);
    if (ing && !STRICT_UNCOUNTABLE.has(ing[2].toLowerCase()) && !MASS_NOUNS.has(ing[2].toLowerCase())) return false;
    const article = /^(a|an)\s+(\p{L}+)$/iu.exec(original);
    // The article dropped, the noun kept: not "an advice" → "an tip".
    return article ? STRICT_UNCOUNTABLE.has(article[2].toLowerCase()) && replacement.toLowerCase() === article[2].toLowerCase() : true;
  },
  // whole heartedly → wholeheartedly; not Real Politik → RealPolitik, mp 3s → mp3s.
  // Nor a one-letter part, a possessive's s or an article ("world s" → worlds, "the a's" → thea's), but
  // for the t of a contraction whose apostrophe the merge puts back ("didn t" → didn't).
  MergeWords: (original, replacement) =>
    original === original.toLowerCase() && !/\d/.test(original) && (original.split(/\s+/).every((part) => part.replace(/['’]s$/u, '').length >= 2) || (/['’]/u.test(replacement) && !/['’]/u.test(original))),
  // "I want go" → "want to"...; not "I wont let you fall" → "want": "wont" is "won't" without its apostrophe.
  NominalWants: (original) => original.toLowerCase() !== 'wont',
  // lot's of → lots of; not "a lots of" → "a lot's of".
  Lots: (original) => /['’]/.test(original),
  // A stray capital inside a word: lIke → like. Not tv → TV, ipod → iPod (a lower-case acronym or
  // brand is informal, not wrong), yong → Yong (a name out of a typo), u → U ("u" → "you" is ours).
  // Two capitals opening a word ("NIce", "THe") are Shift held too long: our double-capital rule keeps the first.
  // Only a lower-case word with one stray capital made lower case ("lIke"): not acronyms or names
  // written so on purpose (GIB → GiB, SuperMan → superman, 2dF → 2DF).
  OrthographicConsistency: (original, replacement) => /^\p{Ll}+\p{Lu}\p{Ll}*$/u.test(original) && replacement === original.toLowerCase(),
  // un known → unknown, dis agreed → disagreed; not non-stop → nonstop, nor "auto makers" →
  // automakers: only a prefix that is no word of its own is surely part of the next word.
  DisjointPrefixes: (original) => !original.includes('-') && BOUND_PREFIXES.has(original.split(/\s+/)[0].toLowerCase()),
};

/** Conditions that need the text around the lint: true keeps it. */
const CONTEXT_CONDITIONS: Record<string, (text: string, lint: HarperLint, ctx: PolicyContext) => boolean> = {
  // "Why ?" → "Why?"; not "save ??90m" (a currency sign lost in the text's encoding): a space is
  // taken away only before punctuation that closes what comes before it.
  Spaces: (text, lint) => {
    const s = lint.suggestions[0];
    const removes = s.kind === 'remove' || (/^\s+$/u.test(text.slice(lint.start, lint.end)) && !/\s/u.test(s.text));
    // Nor inside a run of symbols ('in ASCII !"#$% were'): the punctuation must end where a word could follow.
    return !removes || /^[,.;:!?)\]}%]+["”’']*(?:\s|$)/u.test(text.slice(lint.end));
  },
  // i → I; not i-Pods → I-Pods.
  // Nor the letter 'the letter "i"' between quotes.
  // Nor a numeral of a list, "(i)", nor anywhere in a text that writes i as a variable ("A i / 4 where i is").
  // Nor an "i" a third-person verb follows ("where i represents the site"): a letter or an index, not the writer.
  CapitalizePersonalPronouns: (text, lint) =>
    !/[-‐]/.test(text.slice(lint.start, lint.end + 1)) &&
    // An index in a formula ("$i$", "p_{i,j}") or a numeral after a part's name ("Act II, scene i").
    !/[$_{}^\\]/u.test(`${text[lint.start - 1] ?? ''}${text[lint.end] ?? ''}`) &&
    !/\b(?:act|scene|chapter|part|book|volume|section|phase|type|class|stage|appendix|table|figure|fig\.?)\s+$/iu.test(text.slice(Math.max(0, lint.start - 12), lint.start)) &&
    !/^["“'‘(]i["”'’)]/u.test(text.slice(lint.start - 1, lint.end + 1)) &&
    // A primed index ("g', r', i', z'"), not a contraction ("i'm").
    !/^['’′](?!\p{L})/u.test(text.slice(lint.end, lint.end + 2)) &&
    !VARIABLE_I.test(text) &&
    !LETTER_I_VERB.test(text.slice(lint.end, lint.end + 30)),
  // "use there idea" → their; not "been there yesterday", "went there today": "there" as a place.
  ThereToTheir: (text, lint) => {
    const before = /(\p{L}+)\s*$/u.exec(text.slice(Math.max(0, lint.start - 20), lint.start))?.[1].toLowerCase() ?? '';
    const after = /^\s*(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 20))?.[1].toLowerCase() ?? '';
    return !PLACE_VERBS.has(before) && after !== '' && !ADVERBIAL_NOUNS.has(after);
  },
  // "they're house" → their; not "they're seeing it, they're hearing the news": before an -ing verb "they're" is "they are".
  TheyreToTheir: (text, lint) => !/^\s+\p{L}+ing\b/iu.test(text.slice(lint.end, lint.end + 30)),
  // "she know" → "knows"; not "He last chose": a past-tense verb follows, so the word is an adverb.
  PronounVerbAgreement: (text, lint, { lexicon }) => {
    // "Why, you fools, I adore fighting!": a noun after "you" set off by commas addresses someone.
    const you = /(?<!\p{L})you\s+$/iu.exec(text.slice(Math.max(0, lint.start - 8), lint.start));
    if (you && addressedAsYou(text, Math.max(0, lint.start - 8) + you.index)) return false;
    // "in the U, B, V, R and I bands": an "I" in a list of letters is a letter.
    if (/(?:^|[^\p{L}])\p{Lu}\s*(?:,|and|or)\s+I\s+$/u.test(text.slice(Math.max(0, lint.start - 12), lint.start))) return false;
    // "where i represents": a lower-case i with a third-person verb is a letter or an index (see CapitalizePersonalPronouns).
    if (/(?<![\p{L}\p{N}'’])i\s+$/u.test(text.slice(Math.max(0, lint.start - 4), lint.start)) && LETTER_I_VERB.test(text.slice(lint.start - 1, lint.end + 1))) return false;
    // "we humans have": a noun in apposition to the pronoun, not its verb.
    if (/\b(we|us|you)\s+$/i.test(text.slice(Math.max(0, lint.start - 6), lint.start)) && lexicon.lemmatize(text.slice(lint.start, lint.end).toLowerCase(), 'noun').length > 0) return false;
    // "when he beat Chen": a past tense spelt as its base (beat, put, set, cut) agrees already.
    const verb = /(\p{L}+)\s*$/u.exec(text.slice(lint.start, lint.end))?.[1].toLowerCase() ?? '';
    if (lexicon.irregular(verb)?.past.includes(verb)) return false;
    // "He past the exam" is no "He pasts": only a word that is a verb takes the -s of one.
    if (lexicon.verbBase(verb) === null) return false;
    // "Is she okay?": in a question the verb came before the pronoun.
    // So in an older question's negation ("Why does not he try Bath?").
    if (/\b(is|was|are|were|am|do|does|did|can|could|will|would|shall|should|may|might|must|has|have|had)\s+(?:not\s+)?(he|she|it)\s+$/i.test(text.slice(Math.max(0, lint.start - 20), lint.start))) return false;
    // "She wonder if he could hear": in a sentence told in the past the lost ending may as well be -ed, so the
    // -s of the present is no safe fix.
    if (pastInSentence(text, lint.start, lint.end, lexicon)) return false;
    const next = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 30))?.[1].toLowerCase();
    return next === undefined || !(/ed$/.test(next) || lexicon.irregularByPast(next) !== undefined);
  },
  // "much more then others" → than; not "if fish utilize more then chances grow": after an opening
  // if/when in the same sentence, "then" may start the clause that answers it.
  ThenThan: (text, lint) => !/\b(if|when|once)\b[^.!?]*$/i.test(text.slice(0, lint.start)),
  // 2th → 2nd; not in "1 2th", a number split by a space (12th), nor a weight in stone ("20kg (3st 2lb)").
  CorrectNumberSuffix: (text, lint) =>
    !/\d\s+\d*$/.test(text.slice(Math.max(0, lint.start - 8), lint.start)) && !/(?<!\d)\d*[02-9]st$/i.test(text.slice(Math.max(0, lint.start - 8), lint.end)),
  // "the the" → "the", "is is" → "is"; not "the reason is that that birds", "had had", "if they fire you you will",
  // "I am there there seems": words that can end one phrase and start the next; nor "much much more", "no no":
  // doublings edited English writes (doubled.ts).
  RepeatedWords: (text, lint, { lm }) => {
    const span = text.slice(lint.start, lint.end);
    const word = /\p{L}+/u.exec(span)?.[0].toLowerCase();
    return word !== undefined && !/^\s*(that|had|you|it|her|there)(\s+\1)?\s*$/i.test(span) && !doublingWritten(word, lm);
  },
  // "you dog" → your; not "attracted to you you could": a pronoun follows, a new clause starts.
  // Nor "come on you two": "you" with a number or "all", "guys", "people" after it addresses them.
  // Nor "Why, you asses," : "you" and a noun set off by commas address someone.
  // Nor "for you e.g. makes": a letter with a full stop after it opens an abbreviation, not a noun.
  PossessiveYour: (text, lint) =>
    !/^\s+(i|you|he|she|it|we|they|two|three|four|both|all|guys|people|lot)\b/i.test(text.slice(lint.end, lint.end + 9)) && !abbreviationFollows(text, lint.end) && !addressedAsYou(text, lint.start),
  // "a hour" → "an hour"; not a stray "a" before a function word ("put air a on car" → "an on"), nor
  // before an abbreviation, whose sound its letters do not tell ("an MEP", "a UN report").
  // Nor a letter that labels a part: "Section 101 (a)", "pattern 3 a)". Nor "an" before h where edited English
  // writes it so ("an historic", and "an honour", whose silent h the spelling cannot show); "an house" is still mended.
  AnA: (text, lint, { lm }) => {
    // "(a)", "'4 a' and '4 b'": a letter that labels something, not an article.
    if (lint.end < text.length && !/\s/u.test(text[lint.end])) return false;
    const written = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 30))?.[1];
    const next = written?.toLowerCase();
    if (next === undefined) return true;
    // "an xml error", "an mp3": a word without a vowel is said by its letters, and the article follows the first one's name.
    if (/^[b-df-hj-np-tv-xz]{2,}$/u.test(next) && text.slice(lint.start, lint.end).toLowerCase() === (LETTER_NAMED_WITH_VOWEL.test(next) ? 'an' : 'a')) return false;
    if (text.slice(lint.start, lint.end).toLowerCase() === 'an' && next.startsWith('h') && lm.pairCount('an', next) >= AN_BEFORE_H) return false;
    // A capital after the first letter is an abbreviation or a symbol ("an sdB star", "a MEP"), said by its letters.
    return !NOT_AFTER_ARTICLE.has(next) && !/\p{Lu}/u.test(written!.slice(1));
  },
  // "alot" → "a lot", "inorder" → "in order"; not "schoolwear", "airbridge", "iPlayer": a closed
  // compound stays unless its parts are written apart in the pair counts and it is not written again.
  // Nor a compound of two words of four letters or more that the broad word list has ("longline"; but "thankyou").
  SplitWords: (text, lint, { lm, lexicon }) => {
    const word = text.slice(lint.start, lint.end);
    const parts = lint.suggestions[0]?.text.toLowerCase().split(/\s+/) ?? [];
    // Nor a part of a hyphenated compound ("a middleground-level step"): writers coin those.
    if (/[-‐]/u.test(text[lint.start - 1] ?? '') || /[-‐]/u.test(text[lint.end] ?? '')) return false;
    // Nor a listed word cut into a word and a letter ("celli" → "cell i"), nor any word cut so that a lower-case "i"
    // stands alone ("a priori" → "a prior i"): the pronoun is written as a capital.
    if (lexicon.isListedWord(word) && (parts.every((part) => part.length >= 4) || parts.some((part) => part.length === 1))) return false;
    if (parts.includes('i')) return false;
    if (/\p{Lu}/u.test(word.slice(1)) || parts.length !== 2 || spelledAgain(text, word, lint.start) || droppedG(text, lint.start, lint.end)) return false;
    // "easy goin people": an -ing form with its g dropped, apostrophe or not, is no two words run together, where the
    // counts have the -ing form far more often than the pair ("going" against "go in"; not "founding" against "found in").
    if (/in$/iu.test(word) && parts[1] === 'in' && lm.wordCount(`${word.toLowerCase()}g`) > DROPPED_G_RATIO * lm.pairCount(parts[0], 'in')) return false;
    // An article split off ("sucha" → such a) needs an English word to go with: "pollo alla cacciatora" is Italian.
    const next = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 40))?.[1];
    if (parts[1] === 'a' && (next === undefined || !lexicon.isKnown(next.toLowerCase()))) return false;
    return lm.pairCount(parts[0], parts[1]) > 0;
  },
  // "Help! and Alfie", "Get Me Out of Here! and": after an exclamation mark inside a title no sentence starts.
  // Nor after a dotted abbreviation ("U.N. officials", "in 336 b.c. by"), nor where the writer
  // capitalises their sentences (capitalisesSentences: "Corp. said", a list item, a caption).
  // Nor in a text that holds program code ("if (", "void f ()"), nor on a letter that numbers a list item ("a) the"),
  // nor on a word the writer opens sentences with in lower case again and again (lowerAtSentenceStarts).
  SentenceCapitalization: (text, lint, { lexicon }) => {
    const before = text.slice(Math.max(0, lint.start - 12), lint.start);
    const abbreviation = /(?:^|[^\p{L}.])([\p{L}.]+)\.\s+$/u.exec(before)?.[1];
    const word = text.slice(lint.start, lint.end).toLowerCase();
    if (isListLetter(text, lint.start, lint.end) || (!lexicon.functionWords.has(word) && lowerAtSentenceStarts(text, word))) return false;
    // Nor a part of a web address spaced out ("www. sea-trust. org"), nor a word after an ellipsis, which
    // goes on with the sentence or opens a quotation cut at its start (". . . the party left").
    if (inSpacedAddress(text, lint.start, lint.end) || /(?:\.\s*){2,}$|…\s*$/u.test(before)) return false;
    // A line's first word only where the line before ended a sentence ("consumed by guilt\n\nand remorse" is one sentence hard-wrapped).
    const lineStart = /\n[ \t"“‘'([]*$/u.exec(text.slice(Math.max(0, lint.start - 12), lint.start));
    if (lineStart && !lineStartOpensSentence(text, Math.max(0, lint.start - 12) + lineStart.index)) return false;
    return !/!\s+$/.test(before) && !(abbreviation !== undefined && abbreviation.length > 1 && isAbbreviation(abbreviation)) && !capitalisesSentences(text) && !holdsCode(text);
  },
  // "lIke" → "like"; not "40 mM", "5 kHz": a unit after its number is written so on purpose. Nor a capital the text
  // writes again in the same word ("netBook" twelve times, "dIs" for dwarf irregulars): the writer's own spelling.
  OrthographicConsistency: (text, lint) => !/\p{N}\s*$/u.test(text.slice(Math.max(0, lint.start - 3), lint.start)) && !writtenAgainExactly(text, lint.start, lint.end),
  // "there is bits" is everyday speech with the contraction ("there's bits and pieces"): only "there is" is changed.
  // Nor "there is lots of rain": "lots of" and "plenty of" take the number of their noun, often a mass noun.
  // Nor "there are world famous stadium filling musicians": a plural noun a few words on is the one the verb agrees with.
  ThereIsAgreement: (text, lint, { lexicon }) => {
    if (/there['’]s|\b(lots|plenty)\b/i.test(`${text.slice(lint.start, lint.end)} ${/^\s*\p{L}*/u.exec(text.slice(lint.end))?.[0] ?? ''}`)) return false;
    const phrase = /^(?:\s+\p{Ll}+){1,4}/u.exec(text.slice(lint.end, lint.end + 60))?.[0].trim().split(/\s+/u) ?? [];
    return !phrase.some((w) => /[^s]s$/u.test(w) && lexicon.lemmatize(w, 'noun').some((lemma) => lemma !== w));
  },
  // "each 5 students shared" → "every 5"; not "one right for each 105 shares": "for each" with a number
  // is the ratio of edited financial and legal English.
  // Nor "thirty life-lines, each three feet long": after a comma "each" goes with the things just named, one by one.
  QuantifierNumeralConflict: (text, lint) => !/(?:\bfor|,)\s+$/iu.test(text.slice(Math.max(0, lint.start - 6), lint.start)),
  // "it was is" → "it was"; not "the girl who was is not the girl I knew", "what it is is a start", "to see if
  // they are is to", "anyone who says they are is wrong", "what I expected it to be was": a clause opened by who,
  // what, if or whether (up to four words before its be) ends in the first be, and the second is its
  // sentence's verb. Nor a "Be" that is a name or a symbol mid-sentence ("while Be is undepleted"), nor "'s"
  // that may be a possessive ("when your kid's are out").
  SingleBe: (text, lint) => {
    const before = text.slice(Math.max(0, lint.start - 60), lint.start);
    const possessive = /(\p{L}+)\s?['’]s\s*$/u.exec(before)?.[1].toLowerCase();
    return !/\b(?:who|what|whoever|whatever|if|whether)\s+(?:[\p{L}'’]+\s+){0,4}(?:is|was|are|were|be)\s*$/iu.test(before) && !/[^.!?\s]\s+Be\s*$/u.test(before) && !(possessive !== undefined && !CONTRACTED_BE.has(possessive));
  },
  // "whole heartedly" → wholeheartedly; not "70's and" → "70'sand": the first part must be a whole word.
  // A lost apostrophe put back ("world s" → world's) only before a word: not a unit ("erg s^-1"), a
  // letter of a compound ("large s-wave") or another language's letter ("el m s y").
  MergeWords: (text, lint) =>
    !/[\p{L}\p{N}'’]$/u.test(text.slice(Math.max(0, lint.start - 1), lint.start)) &&
    !(/^\p{L}\s+s$/iu.test(text.slice(lint.start, lint.end)) || (/\ss$/iu.test(text.slice(lint.start, lint.end)) && !/^\s+\p{L}/u.test(text.slice(lint.end, lint.end + 2)))),
  // "regulations of using it are needed", "the main thing for us was": a pronoun after a preposition, or an
  // -ing verb after one, is an object; the verb agrees with a subject before it (as pronoun-agreement.ts reads it).
  PronounInflectionBe: (text, lint) => {
    const m = /(?:(\p{L}+)\s+)?(\p{L}+)\s+(?:it|us|them|me|him|her|you)\s+$/iu.exec(text.slice(Math.max(0, lint.start - 40), lint.start));
    const preposition = (w: string | undefined): boolean => w !== undefined && OBJECT_PREPOSITIONS.has(w.toLowerCase());
    return m === null || !(preposition(m[2]) || (/ing$/i.test(m[2]) && preposition(m[1])));
  },
  // A plural made singular before a word that is only a noun: a modifier its writer chose ("equalities
  // strategies"), unless the noun never counts ("equipments list"). Before a verb it is the subject, and
  // the singular stands ("life expectancies rise" → expectancy, as CoNLL's annotators have it).
  // Nor a plural that edited English writes ("bridging oxygens", "sand and clays"): a noun that is
  // pluralised in print counts in some sense, unless it never counts (STRICT_UNCOUNTABLE).
  MassNouns: (text, lint, { lexicon, lm }) => {
    const original = text.slice(lint.start, lint.end);
    const singular = lint.suggestions[0].text.toLowerCase();
    // "multiple scattering" is no "multiple pieces of scattering": a process named by an -ing noun is counted as it is.
    if (/\bpieces of \p{L}+ing$/u.test(singular)) return false;
    const next = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 40))?.[1].toLowerCase();
    // "an information theoretic scheme", "an advice column": the article goes with the noun the mass noun modifies.
    if (/^an?\s/iu.test(original) && next !== undefined && !lexicon.functionWords.has(next) && (lexicon.lemmatize(next, 'noun').length > 0 || lexicon.lemmatize(next, 'adj').length > 0)) return false;
    if (!/^\p{L}+$/u.test(original) || original.toLowerCase() === singular || STRICT_UNCOUNTABLE.has(singular)) return true;
    // "an old brickworks": a -works noun names one place as well as many (gasworks, ironworks).
    if (/\p{L}{3}works$/iu.test(original)) return false;
    if (lm.wordCount(original.toLowerCase()) >= PRINTED_PLURAL || lexicon.count(original.toLowerCase()) >= PRINTED_PLURAL) return false;
    return next === undefined || lexicon.functionWords.has(next) || lexicon.lemmatize(next, 'noun').length === 0 || lexicon.lemmatize(next, 'verb').length > 0;
  },
  // "I hop it works" → hope; not "I hop back on": a particle after it makes it the verb of moving.
  // Only after a subject or "to", where "hope" is the verb meant: not "hip hop", "a short hop".
  HopHope: (text, lint) =>
    /(?:^|[^\p{L}])(i|we|you|they|to)\s+$/iu.test(text.slice(Math.max(0, lint.start - 8), lint.start)) && !/^\s+(back|on|off|in|out|up|over|into|onto|down|aboard)\b/iu.test(text.slice(lint.end, lint.end + 12)),
  // "every one agreed" → everyone; not "every one of us": each one of a group.
  Everyone: (text, lint) => !/^\s+of\b/iu.test(text.slice(lint.end, lint.end + 6)),
  // "for awhile" → "for a while"; "been here awhile" is the adverb, written as one word.
  AWhile: (text, lint) => /\b(for|in|after|once|quite|little)\s+$/iu.test(text.slice(Math.max(0, lint.start - 12), lint.start)),
  // "I will backup the files" → "back up"; not "the backup catcher", "a leftover tray": only where a verb stands.
  // Nor "added to popup whitelist": after "to" a word before a content word may be its modifier, "to" a preposition;
  // a verb shows by its object's determiner or pronoun ("to backup your data").
  PhrasalVerbAsCompoundNoun: (text, lint, { lexicon }) => {
    if (!VERB_SLOT.test(text.slice(Math.max(0, lint.start - 12), lint.start))) return false;
    const next = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 30))?.[1].toLowerCase();
    const toBefore = /\bto\s+$/iu.test(text.slice(Math.max(0, lint.start - 4), lint.start));
    return !(toBefore && next !== undefined && !lexicon.functionWords.has(next));
  },
  // "more stronger that it was" → than; not "a meter that is more regular": only right after a comparative.
  // Not after a name that looks like one ("It seemed to Buster that he had").
  ThatThan: (text, lint, { lexicon }) => {
    const before = /(\p{L}+)\s+$/u.exec(text.slice(Math.max(0, lint.start - 30), lint.start))?.[1] ?? '';
    // "We agreed earlier that": earlier and later are adverbs of time as often as comparatives.
    return before === before.toLowerCase() && isComparative(before, lexicon) && !['earlier', 'later'].includes(before);
  },
  // "it will great" → "will be great"; not "the idea of free will comforting", "the good will": after a determiner or
  // an adjective the modal is a noun. Nor "would later assume": a verb after the word makes it an adverb.
  ModalBeAdjective: (text, lint, { lexicon }) => {
    if (modalAsNoun(text, lint.start, lexicon)) return false;
    const verb = /^\s+\p{L}+\s+(\p{Ll}+)/u.exec(text.slice(lint.end, lint.end + 40))?.[1];
    return verb === undefined || !(lexicon.verbBase(verb) === verb && lexicon.hasLemma(verb, 'verb'));
  },
  // "will comforting" → "will comfort"; not after a determiner or an adjective ("free will comforting").
  WillNonLemma: (text, lint, { lexicon }) => !modalAsNoun(text, lint.start, lexicon),
  // "could of gone" → could have; not "the good will of Lucy", "a can of beans": after a determiner or an
  // adjective the modal's word is a noun.
  ModalOf: (text, lint, { lexicon }) => {
    const previous = /(?:^|\s)(\p{L}+)\s+$/u.exec(text.slice(Math.max(0, lint.start - 30), lint.start))?.[1].toLowerCase();
    if (previous === undefined || SUBJECTS.has(previous)) return true;
    if (DETERMINERS.has(previous)) return false;
    // After an adjective only where a verb follows "of": "in one go would of caused" is the slip.
    const next = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 30))?.[1];
    return !lexicon.hasLemma(previous, 'adj') || (next !== undefined && next === next.toLowerCase() && lexicon.verbBase(next) !== null);
  },
  // "he want to go" → wants; not "his want of faith" (a noun) nor "did he want a servant?" (a question).
  NominalWants: (text, lint) => !/\b(?:his|her|its|their|our|my|your|the|a|no|did|does|do|will|would|can|could|should|may|might|must)\s+(?:\p{L}+\s+)?$/iu.test(text.slice(Math.max(0, lint.start - 30), lint.start)),
  // "Hand it me", "give it him": the object's order of British speech, not a doubled pronoun.
  // Nor "Were she your equal", "had he his way", "Am I your manager?": a subject after its verb, then a possessive.
  MultipleSequentialPronouns: (text, lint) =>
    !/^it\s+(?:me|him|her|us|them)$/iu.test(text.slice(lint.start, lint.end)) && !/(?<!\p{L})(?:were|had|should|was|is|am|are|did|does|do|could|would|might|can|will)\s+$/iu.test(text.slice(Math.max(0, lint.start - 10), lint.start)),
  AdjectiveDoubleDegree: doubleComparative,
};

/** True when the word before the modal at `start` is a determiner or an adjective ("free will", "the can"): the modal is a noun. */
function modalAsNoun(text: string, start: number, lexicon: Lexicon): boolean {
  const previous = /(?:^|\s)(\p{L}+)\s+$/u.exec(text.slice(Math.max(0, start - 30), start))?.[1].toLowerCase();
  return previous !== undefined && !SUBJECTS.has(previous) && (ARTICLES_AND_POSSESSIVES.has(previous) || lexicon.hasLemma(previous, 'adj'));
}
/** Determiners before which a modal can only be a noun; not "this", "that" and other words that are subjects too ("this will be"). */
const ARTICLES_AND_POSSESSIVES = new Set(['the', 'a', 'an', 'my', 'your', 'his', 'its', 'our', 'their', 'whose']);

/** True when text[start, end) occurs again in `text` as a whole word, letter for letter (case included). */
function writtenAgainExactly(text: string, start: number, end: number): boolean {
  const word = text.slice(start, end);
  for (const m of text.matchAll(new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(word)}(?![\\p{L}\\p{N}])`, 'gu'))) if (m.index !== start) return true;
  return false;
}

/**
 * True when the flagged span begins or ends inside a hyphenated compound ("know-how", "bar-braided"; with
 * its hyphen spaced out, only before a participle, "bar - braided": "fictions - chips are" is a dash).
 */
function compoundPart(text: string, start: number, end: number, atEnd: boolean): boolean {
  const span = text.slice(start, end);
  const first = start + (span.length - span.trimStart().length);
  const last = end - (span.length - span.trimEnd().length);
  return /\p{L}[-‐]$/u.test(text.slice(Math.max(0, first - 2), first)) || (atEnd && /^(?:[-‐]\p{L}| [-‐] \p{Ll}+(?:ed|ing)\b)/u.test(text.slice(last, last + 30)));
}

/**
 * A comparative or superlative: better, worse, less..., or a degree of an adjective or adverb ("taller",
 * "sooner"). Not a word that only looks like one: "modest" is no degree of "mod", a rarer word than itself.
 */
function isComparative(word: string, lexicon: Lexicon): boolean {
  if (/^(more|most|better|best|worse|worst|less|least|fewer|fewest|rather)$/.test(word)) return true;
  const degreeOf = (base: string): boolean => base !== word && lexicon.count(base) * 2 >= lexicon.count(word);
  return /(er|est)$/.test(word) && [...lexicon.lemmatize(word, 'adj'), ...lexicon.lemmatize(word, 'adv')].some(degreeOf);
}

/**
 * "more easier" → "easier", "a more better way" → "a better way"; not "there are more older people"
 * (more of the older people): before a noun, "more" without an article may count the noun.
 */
function doubleComparative(text: string, lint: HarperLint, { lexicon }: PolicyContext): boolean {
  // "more honest": the adjective after more/most must itself be a comparative or superlative
  // (healthier, best), not a base form that only ends like one.
  const adjective = /(\p{L}+)$/u.exec(text.slice(lint.start, lint.end))?.[1].toLowerCase() ?? '';
  if (!isComparative(adjective, lexicon)) return false;
  const next = /^\s+(\p{L}+)/u.exec(text.slice(lint.end, lint.end + 40))?.[1].toLowerCase();
  const nounNext = next !== undefined && lexicon.lemmatize(next, 'noun').length > 0 && lexicon.lemmatize(next, 'adv').length === 0;
  const article = /\b(a|an|the)\s+$/i.test(text.slice(Math.max(0, lint.start - 6), lint.start));
  return !nounNext || article;
}

/** The end of text before a verb: a subject pronoun, a modal, infinitive "to" or "please". */
const VERB_SLOT = /\b(i|you|we|they|he|she|it|to|will|would|can|could|should|must|may|might|please|'ll|’ll|n't|n’t)\s+$/iu;

/** A lower-case i beside a sign of arithmetic or comparison: a variable, not the pronoun. */
const VARIABLE_I = /(?<![\p{L}\p{N}'’])i\s*[=/+*<>|Σ∑]|[=/+*<>|Σ∑]\s*i(?![\p{L}\p{N}'’])/u;

/** Sightings in the pair counts or in SUBTLEX that show a plural in edited use. */
const PRINTED_PLURAL = 2;
/** Words whose "'s" is "is" ("it's is" doubles be), where after a noun it may be a possessive ("your kid's are"). */
const CONTRACTED_BE = new Set(['it', 'he', 'she', 'that', 'there', 'here', 'what', 'who', 'where', 'this', 'everything', 'nothing', 'something']);
/** How often the counts must have "an" before a word in h for "an" there to be a way of writing it. */
const AN_BEFORE_H = 2;
/** Consonant letters whose names begin with a vowel sound (ef, aitch, el, em, en, ar, es, ex). */
const LETTER_NAMED_WITH_VOWEL = /^[fhlmnrsx]/u;
const PREPOSITIONS = new Set(['of', 'in', 'on', 'at', 'to', 'for', 'with', 'by', 'from', 'into', 'onto', 'upon', 'about', 'over', 'under', 'after', 'before', 'through', 'without', 'within', 'against', 'among', 'between', 'like', 'towards', 'toward']);
/** Prepositions that do not also open clauses ("after it was"): the pronoun after one is its object. */
const OBJECT_PREPOSITIONS = new Set([...PREPOSITIONS].filter((p) => !['after', 'before', 'like'].includes(p)));
/** Pronouns that are a clause's subject, and the relative words that stand for one. */
const SUBJECTS = new Set(['i', 'you', 'he', 'she', 'it', 'we', 'they', 'who', 'that', 'which', 'there']);
/** Prepositions, conjunctions, pronouns and determiners: no noun phrase starts with them after an article, so an "a" before one is no article ("a another" has one too many). */
const NOT_AFTER_ARTICLE = new Set(['another', 'a', 'an', 'the', 'on', 'in', 'at', 'of', 'to', 'for', 'with', 'by', 'from', 'into', 'onto', 'upon', 'up', 'out', 'off', 'over', 'under', 'after', 'and', 'or', 'but', 'if', 'as', 'it', 'i', 'is', 'are', 'was', 'were', 'am']);
/** Verbs after which "there" is a place ("been there", "went there"). */
const PLACE_VERBS = new Set(['be', 'is', 'are', 'was', 'were', 'been', 'being', 'am', 'go', 'goes', 'went', 'gone', 'going', 'come', 'comes', 'came', 'coming', 'live', 'lives', 'lived', 'living', 'stay', 'stays', 'stayed', 'get', 'got', 'arrive', 'arrived', 'move', 'moved', 'work', 'worked', 'travel', 'travelled', 'traveled', 'over', 'out', 'up', 'in', 'from']);
/** Nouns that act as adverbs of time after "there" ("there yesterday"). */
const ADVERBIAL_NOUNS = new Set(['yesterday', 'today', 'tomorrow', 'tonight', 'now', 'then', 'again', 'too', 'also', 'before', 'after', 'anymore', 'last', 'next', 'once', 'twice', 'every', 'all', 'soon', 'later', 'often', 'alone', 'together', 'instead', 'forever', 'this', 'that', 'for', 'in', 'on', 'at', 'with', 'by', 'and', 'but', 'because']);

/**
 * Edits on `text` for the lints worth applying, narrowest first (a word's spelling before a
 * phrase rule spanning it); the caller resolves overlaps in this order.
 */
export function harperEdits(text: string, lints: HarperLint[], ctx: PolicyContext): Edit[] {
  const edits: Edit[] = [];
  const spellingOf = new Map(lints.filter((l) => l.rule === 'SpellCheck').map((l) => [l.start, l.suggestions]));
  // Each misspelling first on its own; then again with its misspelt neighbours read as corrected
  // ("youg genaration": young is chosen beside generation, not beside a word no model knows).
  const firstSpellings: FirstSpellings = { byStart: new Map(), byEnd: new Map() };
  const unknownSpans: UnknownSpans = { starts: new Map(), ends: new Map() };
  for (const lint of lints) {
    if (lint.rule !== 'SpellCheck') continue;
    unknownSpans.starts.set(lint.start, lint.end);
    unknownSpans.ends.set(lint.end, lint.start);
  }
  for (const lint of lints) {
    if (lint.rule !== 'SpellCheck' || embedded(text, lint.start, lint.end)) continue;
    const replacement = spellingReplacement(text, lint, ctx);
    if (replacement === null || !/^\p{L}+$/u.test(replacement)) continue;
    firstSpellings.byStart.set(lint.start, replacement.toLowerCase());
    firstSpellings.byEnd.set(lint.end, replacement.toLowerCase());
  }
  for (const lint of lints) {
    if (!EVIDENCED_RULES.has(lint.rule)) continue;
    if (ADVICE_KINDS.has(lint.kind) && !KEPT_ADVICE.has(lint.rule)) continue;
    if (lint.suggestions.length === 0) continue;
    let category = CATEGORY_BY_KIND[lint.kind] ?? 'grammar';
    const original = text.slice(lint.start, lint.end);
    if (lint.rule === 'SpellCheck') {
      if (embedded(text, lint.start, lint.end)) continue;
      // In a run of words no dictionary knows and none can be respelt ("je ne sais quoi", "pollo alla
      // cacciatora") the words are another language's.
      if (foreignNeighbour(text, lint, unknownSpans, firstSpellings, ctx.lexicon) || dialectSpeech(text, lint, unknownSpans)) continue;
      const replacement = spellingReplacement(text, lint, ctx, undefined, correctedNeighbours(text, lint, firstSpellings));
      if (replacement !== null && listedWithKin(text, lint, replacement, unknownSpans, firstSpellings)) continue;
      if (replacement !== null) {
        if (replacement.toLowerCase() === original.toLowerCase()) category = 'capitalization';
        edits.push({ start: lint.start, end: lint.end, replacement, category, rule: lint.rule });
      }
      continue;
    }
    // Any other rule: its first suggestion, unless that is a dialect flip of a regional spelling.
    const s = lint.suggestions[0];
    if (s.kind === 'replace' && /^\p{L}+$/u.test(original) && isDialectFlip(original, s.text, ctx)) continue;
    // A rule that reads a name as a word ("Ms May said" → "May be said"): the whole flagged span counts.
    if (touchesName(text, lint.start, lint.end, s.kind === 'insertAfter' ? `${original} ${s.text}` : s.kind === 'remove' ? '' : s.text)) continue;
    // A part of a hyphenated compound is no free word ("our know-how [to] bring"): other rules read it as one.
    // A word doubled into a compound's start is still a slip ("a half half-hour"): for RepeatedWords only a
    // compound that ends in the first copy counts ("filled-in in this way").
    if (lint.rule !== 'MergeWords' && lint.rule !== 'SplitWords' && compoundPart(text, lint.start, lint.end, lint.rule !== 'RepeatedWords')) continue;
    const condition = CONDITIONS[lint.rule];
    if (condition && !condition(original, s.text, ctx)) continue;
    // A commonly confused word (their → there): not where the words on either side speak against it.
    if (s.kind === 'replace' && confusable(original, s.text) && !contextAllows(text, lint.start, lint.end, s.text, ctx.lm, ctx.lexicon)) continue;
    const contextCondition = CONTEXT_CONDITIONS[lint.rule];
    if (contextCondition && !contextCondition(text, lint, ctx)) continue;
    // A word both split and misspelt ("importand"): a close respelling is the likelier one; a
    // distant one is not ("inmany" → in many, not infant).
    if (lint.rule === 'SplitWords' && spellingReplacement(text, { ...lint, rule: 'SpellCheck', suggestions: spellingOf.get(lint.start) ?? [] }, ctx, SPLIT_OR_RESPELL_COST)) continue;
    if (s.kind === 'insertAfter') edits.push({ start: lint.end, end: lint.end, replacement: s.text, category, rule: lint.rule });
    // harper.js writes "AN" for a capital "A": the case of the word as written counts.
    else edits.push({ start: lint.start, end: lint.end, replacement: s.kind === 'remove' ? '' : lint.rule === 'AnA' ? matchCase(original, s.text.toLowerCase()) : s.text, category, rule: lint.rule });
  }
  // A word split into two common words ("inmany" → in many) rather than respelt as a distant one ("infant").
  const splits = new Set(edits.filter((e) => e.rule === 'SplitWords').map((e) => `${e.start}:${e.end}`));
  const kept = edits.filter((e) => e.rule !== 'SpellCheck' || !splits.has(`${e.start}:${e.end}`));
  // On one word, the spelling correction before a capitalisation lint: our sentence-capital rule
  // then capitalises the corrected word ("becouse" → "Because", not "Becouse").
  const rank = (e: Edit): number => (e.category === 'capitalization' && e.rule !== 'SpellCheck' ? 1 : 0);
  return kept.sort((a, b) => a.end - a.start - (b.end - b.start) || a.start - b.start || rank(a) - rank(b));
}

/**
 * The correction of a word harper's spell checker flagged, or null to leave it. Left alone: words
 * with digits or inner capitals, acronyms, capitalised words (names) unless at a sentence start
 * with a close known candidate, regional spellings, words WordNet knows (harper's dictionary
 * lacks many valid words), and words with no close, plausible candidate. A lower-case word whose
 * candidate differs only in case ("english" → "English") is capitalised.
 */
function spellingReplacement(text: string, lint: HarperLint, ctx: PolicyContext, maxCostOverride?: number, around = neighbours(text, lint.start, lint.end)): string | null {
  const word = text.slice(lint.start, lint.end);
  if (!/^[\p{L}'’]+$/u.test(word) || word.length < 2) return null;
  // Part of a hyphenated compound ("eco-certification"): often valid, and harper splits it.
  if (text[lint.start - 1] === '-' || text[lint.end] === '-') return null;
  // The end of a word hyphenated across a line in print ("could remem- ber"): the two parts make the word.
  const hyphenated = /(\p{L}+)[-‐]\s+$/u.exec(text.slice(Math.max(0, lint.start - 30), lint.start))?.[1];
  if (hyphenated !== undefined && ctx.lexicon.isKnown((hyphenated + word).toLowerCase())) return null;
  // A lower-case word after a capitalised one that opens brackets is a Latin name's second part ("(Falco peregrinus)").
  if (/\(\p{Lu}\p{Ll}+\s+$/u.test(text.slice(Math.max(0, lint.start - 30), lint.start)) && /^[),;]/u.test(text.slice(lint.end, lint.end + 1))) return null;
  // A word glossed in brackets after it is another language's ("the hache (which just means axe in French)").
  if (/^\s*\((?:(?:which|that)\s+(?:\p{L}+\s+)?means|meaning|literally|lit\.)\s/iu.test(text.slice(lint.end, lint.end + 40))) return null;
  // With an apostrophe: only when the word before it is not a word ("dont'" yes, "don'ts" no).
  const apostrophe = word.search(/['’]/);
  if (apostrophe > 0 && ctx.lexicon.isKnown(word.slice(0, apostrophe))) return null;
  if (/[\p{Lu}]/u.test(word.slice(1))) return null; // acronyms, camelCase, "McDonald"
  // A word alone between quotation marks is mentioned or coined ('to "zombify" users'), not mistyped.
  if (/["“‘']/u.test(text[lint.start - 1] ?? '') && /["”’']/u.test(text[lint.end] ?? '')) return null;
  // So is one alone between brackets, a gloss or a term ("the local fish (linguado)").
  if (text[lint.start - 1] === '(' && text[lint.end] === ')') return null;
  // "childrens", "informations": our uncountable-plural rule gives the right form (not "children's").
  if (WRONG_PLURALS[word.toLowerCase()] !== undefined) return null;
  const phrase = RUN_TOGETHER.get(word.toLowerCase());
  if (phrase) return matchCase(word, phrase);
  const contraction = CONTRACTIONS.get(word.toLowerCase());
  if (contraction) return contraction.startsWith('I') ? contraction : matchCase(word, contraction);
  const candidates = lint.suggestions.filter((s) => s.kind === 'replace').map((s) => s.text);
  const recased = candidates.find((c) => c !== word && c.toLowerCase() === word.toLowerCase());
  // "friday" → "Friday", "chinese" → "Chinese"; but a rare word the broad word list has in lower case is a
  // word so written ("obsidian", "quaternary"), where a name is common; so is one after a determiner ("the old
  // harper", "their alma maters"), where a name seldom stands, but for a people's adjective ("the english language").
  if (recased && word === word.toLowerCase() && /^\p{Lu}\p{Ll}+$/u.test(recased)) {
    const writtenLowerCase = ctx.lexicon.count(word) < COMMON_WORD || (afterDeterminer(text, lint.start) && !/(?:ish|ese|an|ic)$/u.test(word));
    return ctx.lexicon.isListedWord(word) && writtenLowerCase ? null : recased;
  }
  const capitalised = word[0] !== word[0].toLowerCase();
  if (capitalised && !startsSentence(text, lint.start)) return null;
  // At a sentence start a capitalised unknown word is as likely a name ("Tucci said", "Danilo Petrucci"):
  // left when the text writes it again and never in lower case (as "Becuase ... becuase"), or a name follows.
  const lowerElsewhere = new RegExp(`(?<![\\p{L}'’])${word.toLowerCase().replace(/[^\p{L}]/gu, '.')}(?![\\p{L}])`, 'u').test(text);
  if (capitalised && ((spelledAgain(text, word, lint.start) && !lowerElsewhere) || nameFollows(text, lint.end))) return null;
  if (!wholeWord(text, lint.start, lint.end, ctx.lexicon) || besideForeignWordOrCode(text, lint.start, lint.end)) return null;
  if (inCodeStatement(text, lint.start) || obfuscatedAddress(text, lint.end) || afterElision(text, lint.start) || glossed(text, lint.end)) return null;
  if (mentionedSpelling(text, lint.start) || panelLabelRunOn(text, lint.start, lint.end) || exclamationWord(text, lint.start, lint.end)) return null;
  // '"Fer sure!"', '"Comon, let's go"': a capitalised word opening quoted speech is spelt the way people talk, or is a name.
  if (capitalised && /["“‘]$/u.test(text.slice(Math.max(0, lint.start - 1), lint.start))) return null;
  // "Weick, E. (1979)": a capitalised word before a comma and an initial is a name in a list of references.
  if (capitalised && /^,\s*\p{Lu}\./u.test(text.slice(lint.end, lint.end + 4))) return null;
  // "Cassa di Risparmio": a lower-case word between names is a particle of the name.
  if (touchesName(text, lint.start, lint.end, '')) return null;
  if (ctx.variants.isRegionalForm(word)) return null;
  const bare = word.toLowerCase().replace(/['’]s$/, '');
  if (ctx.lexicon.isLemmaOrPlural(bare) || ctx.lexicon.isRegularVerbForm(bare) || ctx.lexicon.isListedLongWord(bare) || verbedNoun(bare, ctx.lexicon)) return null;
  // "doodlings", "rulings": the plural of an -ing noun is a word though no dictionary lists it.
  if (/\p{L}{3}ings$/u.test(bare) && (ctx.lexicon.isRegularVerbForm(bare.slice(0, -1)) || ctx.lexicon.isLemmaOrPlural(bare.slice(0, -1)))) return null;
  // "Sooo", "baaaad": a vowel held for emphasis, written so on purpose; but not where the doubled vowel makes a word
  // ("careeer", "neeed": a key held too long), nor three consonants in a row ("posssible").
  const held = /([aeiouy])\1\1+/u.exec(bare);
  if ((held && !ctx.lexicon.isKnown(bare.replace(held[0], held[1].repeat(2)))) || /(\p{L})\1\1\1/u.test(bare)) return null;
  // "a holo screen", "cryo stasis": a combining form used as a word.
  if (COMBINING_FORMS.has(bare)) return null;
  // "speakest", "holdeth": a verb's old second or third person, in older prose and quotations of it.
  // Not of a verb that is an adjective too: "trueth" is a slip for "truth".
  const archaic = /^(\p{L}{3,}?)e?(?:st|th)$/u.exec(bare);
  if (archaic && [archaic[1], `${archaic[1]}e`].some((stem) => ctx.lexicon.hasLemma(stem, 'verb') && !ctx.lexicon.hasLemma(stem, 'adj')) && !ctx.lexicon.isKnown(bare)) return null;
  // "choosed", "teached": our rule gives the irregular form the sentence needs (chose or chosen).
  if (ctx.lexicon.regularizedIrregular(bare)) return null;
  // A word of the broad word list that the subtitles have often is a word people say ("naw", "wha"), not a slip.
  if (ctx.lexicon.isListedWord(bare) && ctx.lexicon.count(bare) >= SPOKEN_WORD) return null;
  if (candidates.some((c) => isDialectFlip(word, c, ctx))) return null;
  // Never drop or add a prefix: "unreturned" → "returned", "ispossible" → "impossible" reverse the meaning.
  const lower = word.toLowerCase();
  // Harper offers about three candidates by plain edit distance ("palces" → paces, palace; "baed" →
  // bad, bade): the common words of our vocabulary one edit away join in ("places", "based").
  const generated = [...ctx.lexicon.nearWords(lower), ...(lower.length >= LONG_WORD ? ctx.lexicon.closeWords(lower, CLOSE_WORD_COST) : [])];
  // "dierent", "sucient": a ligature lost in a PDF's text (spelling.ts); only words the lexicon knows.
  // "tumed", "indude": a letter pair that text recognition read as one (spelling.ts); the same way.
  const restored = lower.length >= 4 ? [...ligatureRestorations(lower), ...misreadRestorations(lower)].filter((c) => ctx.lexicon.isLemmaOrPlural(c) || ctx.lexicon.isRegularVerbForm(c)) : [];
  generated.push(...restored);
  // "citys", "familys": the plural of a noun in -y, formed by the rule for other nouns.
  if (/[^aeiou]ys$/.test(lower)) generated.push(`${lower.slice(0, -2)}ies`);
  // "stablely", "simplely": the -ly of an adjective in -le, added the way of other adjectives (stably).
  if (/[^aeiou]lely$/.test(lower)) generated.push(`${lower.slice(0, -3)}y`);
  const plausible = [...candidates, ...generated].filter((c) => {
    const lc = c.toLowerCase();
    if (lower.endsWith(lc) && word.length - c.length >= 2) return false;
    // A prefix only before a word of five letters or more: "understand" is no "un" + "derstand" ("anderstand"),
    // nor "disease" "dis" + "ease" ("desease").
    const negative = /^(un|im|ir|il|dis|non)(.{5,})$/.exec(lc);
    return !(negative && !lower.startsWith(negative[1]) && lower.endsWith(negative[2]) && ctx.lexicon.isKnown(negative[2]));
  });
  // Harper's dictionary also proposes forms that are not words ("definelty" → "definest"). The word
  // as written competes too: a word people do write ("vies", "infall") must be beaten clearly.
  const known = plausible.filter((c) => c.includes(' ') || c.includes("'") || ctx.lexicon.isKnown(c));
  // Text recognition misreads the same way again and again: in a text with another such misreading, a word of five
  // letters or more that a restored letter pair makes is the one meant ("eamed" → earned, not named; "leamers" →
  // learners, not leaders). A writer's slip alone is not one ("douts" is doubts, not clouts).
  const misread = restored.length > 0 && lower.length >= 5 && otherMisreading(text, lint.start, ctx.lexicon);
  const choice = chooseSpelling(word, misread ? restored : known, ctx.lm, around);
  // No margin over the runner-up is required: where candidates are close, the likeliest one still
  // beats leaving the typo (measured on JFLEG dev); the word as written must be beaten clearly.
  if (!choice || choice.marginOverWritten < WRITTEN_MARGIN) return null;
  const respelling = choice.replacement.toLowerCase();
  // The respelling without a possessive's s, to hold against the written word's `bare`.
  const respelt = respelling.replace(/['’]s$/, '');
  if (variantForm(lower, respelling, ctx.lexicon) || runOnFunctionWord(lower, respelling, ctx.lexicon)) return null;
  // "grapefruity", "briochey", "noninterchangeably": the respelling with a y added (or an -le adjective's e made y) is
  // a word derived from it (an adjective a writer makes of a noun, an adverb in -ly), not a slip of a key.
  if (lower === `${respelling}y` || (respelling.endsWith('le') && lower === `${respelling.slice(0, -1)}y`)) return null;
  // "ina spreadsheet", "sucha detection", "Anative of": an article run in. Taking its "a" off drops a word;
  // run-together-split puts the space back where the counts read the two words clearly.
  if (lower === `${respelling}a` || lower === `a${respelling}`) return null;
  // Two words run together that read as well as the respelling ("surfaceis": surface is, or surfaces?) are left.
  if (splitRivalsRespelling(text, lint.start, lint.end, choice.replacement, ctx.lm, ctx.lexicon)) return null;
  // So is a function word run into a known word ("toan", "featureis"), and two common words written solid are
  // respelt only one slip away ("highweight" is no "lightweight"); unless a letter pair that text recognition
  // misreads explains the word ("indude" → include).
  if (!restored.includes(respelling) && (runInRivalsRespelling(text, lint.start, lint.end, respelling, ctx.lm, ctx.lexicon) || solidPairRivalsRespelling(lower, respelling, ctx.lm, ctx.lexicon))) return null;
  // A word the text spells the same way twice is a term its writer means ("blazars", "neutralino",
  // "shawarma"), unless it stands for a familiar word: a habit then, not a term ("preffer" twice; not "stilus" for "stiles").
  // A common word stands for it only one typing slip away: "modaks" twice is a food, not "medals" or "models".
  // One slip is one letter added, left out, replaced or two swapped: "ladoos" twice is a sweet, not
  // "ladies" (two vowels replaced, however cheaply).
  if (writtenAgain(text, word, lint.start) && (ctx.lexicon.count(choice.replacement) < FAMILIAR_WORD || typoCost(lower, respelling) > ONE_SLIP || !oneEdit(lower, respelling))) return null;
  // "iphone", "ebook": a letter before a short whole word is a coinage (a brand, a prefix), not a slip
  // that the word without it mends; but not "a" (an article run in: "arisky"), a silent h ("habilities"),
  // a doubled letter, or before a long word ("equalifications").
  const rest = lower.slice(1).replace(/['’]s$/, '');
  if (respelt === rest && rest.length >= 4 && rest.length <= 6 && !/[ah]/.test(lower[0]) && lower[0] !== lower[1]) return null;
  // A first consonant added, dropped or replaced is seldom a slip: only within one ("dreich" is no "reich", "paceman"
  // no "spaceman"); a vowel or a silent h first is ("inviroment", "anderstand", "habilities").
  const first = choice.replacement[0].toLowerCase();
  const soundless = (c: string): boolean => /[aeiouh]/.test(c);
  if (first !== lower[0] && !soundless(first) && !soundless(lower[0]) && !(first === lower[1] && choice.replacement[1]?.toLowerCase() === lower[0]) && choice.cost > ONE_SLIP) return null;
  // A prefixed or derived form of a known word ("uncertified", "attributers") may be a valid word
  // no dictionary lists: corrected only when a candidate is one typing slip away ("arguement").
  if (choice.cost > 1 && (knownWithPrefix(bare, ctx.lexicon) || ctx.lexicon.isDerived(bare))) return null;
  // Nor is the -ist noun of a known word made its superlative ("frequentist" → "frequentest"): the writer chose the suffix.
  if (/ists?$/.test(bare) && respelt === bare.replace(/ist(s?)$/, 'est$1') && ctx.lexicon.isDerived(bare)) return null;
  // A word the broad word list has may be a rare real word ("infall") or a common misspelling ("wich",
  // "cours"): not made into a common word two full slips away (infall → until), nor, from six letters,
  // more than one slip away (graben → green, egoless → eagles; but develope → develop, exemple → example).
  // The letters count here, not the sound: "salvoes" sounds like "slaves" but is a word of its own.
  if ((choice.cost >= TWO_SLIPS || (typoCost(lower, respelling) > ONE_SLIP && bare.length >= 6)) && ctx.lexicon.isListedWord(bare)) return null;
  // "airbridge", "schoolwear": two words written as one compound, as writers coin them; but one slip from
  // a word is a slip ("successfull", "wonderfull").
  // One in the broad word list is a word whatever the cost ("crewmate", not "cremate").
  if ((choice.cost > 1.2 || ctx.lexicon.isListedWord(bare)) && closedCompound(bare, ctx.lexicon)) return null;
  const len = word.length;
  const maxCost = maxCostOverride ?? (len <= 3 ? 1 : len <= 5 ? 1.5 : 2.5);
  if (choice.cost > maxCost) return null;
  // A word of the broad word list is not shortened into another word: with a letter more than a common word it is
  // mostly a word of its own ("haloes", "comae", "qubit", "orangey", "geoid"), where a letter left out or two
  // swapped is the slip. But a letter doubled ("verry") or a silent e added at the end ("develope") is a writer's habit.
  const habit = bare === `${respelt}e` || [...bare].some((c, i) => c === bare[i - 1] && bare.slice(0, i) + bare.slice(i + 1) === respelt);
  if (ctx.lexicon.isListedWord(bare) && respelt.length < bare.length && !habit) return null;
  // More than one slip away, the word may as well be a term, a name or another language's word that no
  // table of ours has ("graben", "sucpat"): the respelling must be seen beside a neighbour of the word.
  // A long word that only leaves letters out of a common one ("prepation", "knowlegable") needs no more.
  if (choice.cost > ONE_SLIP && !seenBeside(choice.replacement, around, ctx.lm) && !(len >= LEFT_OUT_LETTERS && lettersLeftOut(lower, respelling))) return null;
  // So may a word of the broad word list at any cost ("violas, celli, basses", "cuisine minceur"); a learner's
  // listed slip sits among the words the correction goes with ("for exemple", ", wich could").
  if (ctx.lexicon.isListedWord(bare) && !seenBeside(choice.replacement, around, ctx.lm)) return null;
  // A lower-case word is not respelt into a name ("its tritone partner" → "Triton"): only recased, above.
  if (!capitalised && /^\p{Lu}/u.test(choice.replacement)) return null;
  // Short words have many neighbours: only a common word is a safe guess ("tims" → "tams" is not).
  if (len <= 5 && ctx.lexicon.frequency(choice.replacement) === 0) return null;
  if (len <= 3 && !ctx.lexicon.functionWords.has(respelling)) return null;
  // A capitalised word is corrected only on about one slip, to a common word that edited English often
  // starts a sentence with ("Becuase", "Altough", "Thoes"; not "Bosz" → "Boss", "Paver" → "Paper").
  if (capitalised && (choice.cost > 1.2 || ctx.lexicon.frequency(choice.replacement) < 5)) return null;
  // The letters count, not the sound: a name often sounds like a word ("Bruder" → "Border"); the cheap slips
  // of an inflection or an apostrophe still count as one ("Citys" → Cities).
  if (capitalised && typoCost(lower, respelling) > 1.2 && soundKey(lower) === soundKey(respelling)) return null;
  if (capitalised && ctx.lm.pairCount(SENTENCE_START, choice.replacement) < SENTENCE_OPENER) return null;
  // A capitalised word followed by a verb is the sentence's subject, most likely a name ("Paver told"); but
  // not a long word that is a common one with a letter left out ("Techology has", "Goverments should").
  const letterLeftOut = len >= LEFT_OUT_LETTERS && choice.replacement.length === len + 1 && oneEdit(lower, respelling);
  if (capitalised && around.next !== null && verbOnly(around.next, ctx.lexicon) && !letterLeftOut) return null;
  return choice.replacement;
}

/** Combining forms that writers also use as words of their own ("a holo screen", "cryo stasis", "the techno scene"). */
const COMBINING_FORMS = new Set(['holo', 'cryo', 'hydro', 'retro', 'nano', 'proto', 'pseudo', 'quasi', 'ultra', 'techno', 'cyber', 'info', 'mega', 'micro', 'macro', 'neo', 'eco', 'bio', 'geo', 'agro', 'aero', 'astro', 'electro', 'thermo', 'photo', 'xeno']);

/** True when a determiner, and at most one lower-case word after it, stand right before `start` ("the old ", "their "). */
function afterDeterminer(text: string, start: number): boolean {
  const m = /(?<!\p{L})(\p{L}+)\s+(?:(\p{Ll}+)\s+)?$/u.exec(text.slice(Math.max(0, start - 40), start));
  return m !== null && (DETERMINERS.has(m[1].toLowerCase()) || (m[2] !== undefined && DETERMINERS.has(m[2])));
}

/** The last text read by `misreadings`, and where its misread words start: each lint of one text asks again. */
let misreadCache: { text: string; starts: number[] } | null = null;

/** Where the unknown words start that a misread letter pair, restored, makes words of ("tumed", "Intemet"). */
function misreadings(text: string, lexicon: Lexicon): number[] {
  if (misreadCache?.text !== text) {
    const starts: number[] = [];
    for (const m of text.matchAll(/(?<![\p{L}'’])\p{L}*[md]\p{Ll}*(?![\p{L}'’])/gu)) {
      const word = m[0].toLowerCase();
      if (word.length >= 4 && !lexicon.isKnown(word) && misreadRestorations(word).some((c) => lexicon.isLemmaOrPlural(c) || lexicon.isRegularVerbForm(c))) starts.push(m.index);
    }
    misreadCache = { text, starts };
  }
  return misreadCache.starts;
}

/** True when the text holds, besides the word at `start`, an unknown word that a misread letter pair restored makes a word. */
function otherMisreading(text: string, start: number, lexicon: Lexicon): boolean {
  return misreadings(text, lexicon).some((s) => s !== start);
}

/**
 * True when the word before or after the flagged one (one space between) is flagged too, has four
 * letters or more ("u" is chat and "dhe" a slip for "the", not French) and no first-pass correction:
 * two unknown words side by side, one of them beyond respelling.
 */
function foreignNeighbour(text: string, lint: HarperLint, unknown: UnknownSpans, corrected: FirstSpellings, lexicon: Lexicon): boolean {
  const before = lint.start - 1;
  const after = lint.end + 1;
  const beforeStart = unknown.ends.get(before);
  const afterEnd = unknown.starts.get(after);
  // A word of the other variant ("center" in British mode) is flagged but is English.
  const foreign = (from: number, to: number): boolean => to - from >= FOREIGN_WORD && !lexicon.isKnown(text.slice(from, to).toLowerCase());
  return (beforeStart !== undefined && foreign(beforeStart, before) && !corrected.byEnd.has(before)) || (afterEnd !== undefined && foreign(after, afterEnd) && !corrected.byStart.has(after));
}

/** Words no dictionary knows in one quotation from which its speaker is written as they speak ("by natur wery woracious"). */
const DIALECT_WORDS = 3;
/** The least share of a quotation's words that no dictionary knows for it to be speech spelt out. */
const DIALECT_SHARE = 0.1;
/** How far a quotation is looked for around a word (characters). */
const QUOTATION_REACH = 600;

/**
 * True when the lint stands in a quotation (between double quotation marks, in one paragraph) that holds at least
 * DIALECT_WORDS words no dictionary knows: a writer spelling a speaker's dialect, not slips to respell.
 */
function dialectSpeech(text: string, lint: HarperLint, unknown: UnknownSpans): boolean {
  const open = Math.max(text.lastIndexOf('"', lint.start - 1), text.lastIndexOf('“', lint.start - 1));
  if (open < 0 || lint.start - open > QUOTATION_REACH) return false;
  const rest = text.slice(lint.end, lint.end + QUOTATION_REACH);
  const close = rest.search(/["”]/u);
  // The mark must open a quotation: white space or a bracket before it, a word after it (a closing mark follows a word).
  const opens = /^\s|^[([—–-]|^$/u.test(text.slice(open - 1, open)) && /^\S/u.test(text.slice(open + 1, open + 2));
  if (!opens || close < 0 || /\n\s*\n/u.test(text.slice(open, lint.end + close))) return false;
  let unknownWords = 0;
  for (const start of unknown.starts.keys()) if (start > open && start < lint.end + close) unknownWords++;
  // Dense, as speech spelt out is; a scanned page's misread words are fewer and far between.
  const words = text.slice(open, lint.end + close).split(/\s+/u).length;
  return unknownWords >= DIALECT_WORDS && unknownWords >= DIALECT_SHARE * words;
}

/**
 * True when `word` is a standing variant of `replacement`, not a slip: an -ncy noun of an -nt adjective
 * beside its -nce doublet ("confluency" of confluent, as "competency"), or the e of a verb in -ve kept
 * before -able ("unforgiveable", as "loveable").
 */
function variantForm(word: string, replacement: string, lexicon: Lexicon): boolean {
  if (/ncy$/.test(word) && replacement === `${word.slice(0, -1)}e` && lexicon.isKnown(`${word.slice(0, -2)}t`)) return true;
  // Only after a v that one vowel sounds before (love, move, forgive): English ends no word in v, and writers
  // keep the e that guards it; "believeable", "desireable" are slips.
  const kept = /^(.*[^aeiou][aeiou]v)eable$/.exec(word);
  return kept !== null && replacement === `${kept[1]}able` && lexicon.isKnown(`${kept[1].replace(/^un/, '')}e`);
}

/**
 * True when `word` is a word of five letters or more with a function word run onto it, as text copied out
 * of columns joins a line's last word to the next line's first ("stimulithe"): two words that a split
 * mends (split-words.ts) when the counts confirm it, not one to respell ("stimulate"). Not where the
 * respelling keeps the first word whole: a longer word was meant ("importand" → important).
 */
function runOnFunctionWord(word: string, replacement: string, lexicon: Lexicon): boolean {
  const m = /^(\p{L}{5,}?)(the|and|for|from|with|that|this|was|were|are|not|but)$/u.exec(word);
  return m !== null && !replacement.startsWith(m[1]) && (lexicon.isLemmaOrPlural(m[1]) || lexicon.isListedWord(m[1]));
}

/**
 * True when a gloss in single quotation marks follows the word, directly or after "is a", "means" or "for
 * English": a word mentioned and explained ("a schlemiel ‘clumsy jerk’", "a phudnik is a 'nudnik with a
 * Ph.D.'", "sutoraike for English 'strike'"), not a slip.
 */
function glossed(text: string, end: number): boolean {
  // The gloss closes its clause: "a verry 'special' gift" quotes a word of the sentence, no gloss.
  return /^\s+(?:(?:is|was)\s+(?:an?\s+)?|means\s+|meaning\s+|for\s+\p{Lu}\p{Ll}+\s+)?['‘]\p{L}[^'’\n]{0,60}(?:[.!?]['’]|['’](?=\s*(?:[.,;:)!?—–-]|(?:and|or|but)\b|$)))/u.test(text.slice(end, end + 90));
}

/**
 * True when the word is a spelling the text talks about: after "spelled" or "spelt" with its object ("he
 * spelled it recieve"), or after a form of "write" and a comma ("as he would write, sloguing"); "to write
 * sentances" without the comma is a slip.
 */
function mentionedSpelling(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  // The verb with its object or "as": "spelling mistaeks", "a spell becuase" are slips.
  return /\bspel(?:l|ls|led|t)\s+(?:it|them|this|that|as)(?:\s+as)?,?\s+["“‘']?$/iu.test(before) || /\b(?:write|writes|wrote|written),\s+$/iu.test(before);
}

/**
 * True when the word and an interjection make the whole sentence or what follows a colon, an exclamation ("Oi vey.", "Oh comon!",
 * "Aw shucks."): speech set down as it sounds, often a set phrase of another language or a dialect. A
 * question ("Oh realy?") is no exclamation and is still read for slips.
 */
function exclamationWord(text: string, start: number, end: number): boolean {
  const opening = /(?:^|[.!?:]["”’']?\s+|["“‘]\s*)(?:oh|ah|aw|oi|oy|hey|uh|eh|ooh|wow|ha)[,!]?\s+$/iu.test(text.slice(Math.max(0, start - 12), start));
  return opening && /^["”’']?(?:[.!]|$)/u.test(text.slice(end, end + 2));
}

/**
 * True when the word is a panel's letter run into the next word after a figure number ("Figure 4 cand 4 d",
 * "4 aand 4 b"): a letter and "and", "or" or "to" between a number and a numbered panel, not a slip for
 * "can" or "and" (split-words.ts may split it).
 */
function panelLabelRunOn(text: string, start: number, end: number): boolean {
  return /^[a-h](?:and|or|to)$/iu.test(text.slice(start, end)) && /\d\s*$/u.test(text.slice(Math.max(0, start - 3), start)) && /^\s*\d+\s?[a-h](?![\p{L}\p{N}])/iu.test(text.slice(end, end + 8));
}

/**
 * True when the flagged word is an item of a list ("a, b, and c", "a and b", "a/b") beside a kin item: one
 * the spell checker flags too and no respelling explains, sharing four letters at the start or end
 * ("chimley, chimmock, chimdey"; "slidewalks and softwalks"); or, in a list with commas, a word sharing
 * its first six letters ("sign, signified, and significans") or the correction itself ("chimbey, and
 * chimney"): forms set side by side on purpose, variants or coinages, not slips.
 */
function listedWithKin(text: string, lint: HarperLint, replacement: string, unknown: UnknownSpans, corrected: FirstSpellings): boolean {
  const word = text.slice(lint.start, lint.end).toLowerCase();
  const repl = replacement.toLowerCase();
  const before = /(?<![\p{L}'’])(\p{L}+)(\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*\/\s*)$/u.exec(text.slice(Math.max(0, lint.start - 40), lint.start));
  const after = /^(\s*,\s*(?:(?:and|or)\s+)?|\s+(?:and|or)\s+|\s*\/\s*)(\p{L}+)(?![\p{L}'’])/u.exec(text.slice(lint.end, lint.end + 40));
  const items: Array<{ item: string; start: number; comma: boolean }> = [];
  if (before) items.push({ item: before[1], start: lint.start - before[0].length, comma: before[2].includes(',') });
  if (after) items.push({ item: after[2], start: lint.end + after[1].length, comma: after[1].includes(',') });
  const shared = (a: string, b: string, fromEnd: boolean): number => {
    let k = 0;
    while (k < a.length && k < b.length && (fromEnd ? a[a.length - 1 - k] === b[b.length - 1 - k] : a[k] === b[k])) k++;
    return k;
  };
  return items.some(({ item, start, comma }) => {
    const v = item.toLowerCase();
    if (v === word) return false;
    if (comma && v === repl) return true;
    const flaggedAlone = unknown.starts.has(start) && !corrected.byStart.has(start);
    if (flaggedAlone && (shared(word, v, false) >= KIN_LETTERS || shared(word, v, true) >= KIN_LETTERS)) return true;
    // Of a known word only in a list with commas: "a responsability and responsible" is a slip.
    return comma && v !== repl && shared(word, v, false) >= KIN_STEM;
  });
}

/** Letters a flagged list item shares at its start or end with another flagged one that marks the two as kin. */
const KIN_LETTERS = 4;
/** Letters a flagged list item shares at its start with a word of the list that marks the two as one stem's forms. */
const KIN_STEM = 6;

/** `spelledAgain`, with a plural in -es too ("stopbox" beside "stopboxes"). */
function writtenAgain(text: string, word: string, start: number): boolean {
  return spelledAgain(text, word, start) || spelledAgain(text, `${word}es`, start) || (/..es$/i.test(word) && spelledAgain(text, word.slice(0, -2), start));
}

/** Letters from which an unknown, unrespellable neighbour marks another language. */
const FOREIGN_WORD = 4;

/** First-pass corrections of the flagged words (lower case), by where each word starts and ends. */
interface FirstSpellings {
  byStart: Map<number, string>;
  byEnd: Map<number, string>;
}

/** Every word the spell checker flags: its end by where it starts, and its start by where it ends. */
interface UnknownSpans {
  starts: Map<number, number>;
  ends: Map<number, number>;
}

/**
 * The language-model neighbours of a flagged word, with an adjacent misspelt word (only spaces
 * between) read as its first-pass correction.
 */
function correctedNeighbours(text: string, lint: HarperLint, corrected: FirstSpellings): { previous: string | null; next: string | null } {
  const around = neighbours(text, lint.start, lint.end);
  let before = lint.start;
  while (before > 0 && (text[before - 1] === ' ' || text[before - 1] === '\t')) before--;
  let after = lint.end;
  while (after < text.length && (text[after] === ' ' || text[after] === '\t')) after++;
  if (before < lint.start) around.previous = corrected.byEnd.get(before) ?? around.previous;
  if (after > lint.end) around.next = corrected.byStart.get(after) ?? around.next;
  return around;
}

/** Letters from which a word that only leaves letters out of a common one is read as it without more evidence ("Techology", "prepation"). */
const LEFT_OUT_LETTERS = 8;
/** Sentences of the pair-model text a word must start for a capitalised misspelling to be read as it. */
const SENTENCE_OPENER = 10;
/** SUBTLEX count from which a word is a common word ("ion": 20, "blazers": 30, "age": 4,039). */
const COMMON_WORD = 100;
/** SUBTLEX count from which a word is familiar enough to stand for a word the text writes twice ("prefer": 1,679; "stiles": 143). */
const FAMILIAR_WORD = 1000;
/** SUBTLEX count from which a word of the broad word list is one people use ("naw": 106; "belive": 11, "wich": 0). */
const SPOKEN_WORD = 50;
/** Typing cost up to which a respelling beats splitting a word in two (importand → important, not import and). */
const SPLIT_OR_RESPELL_COST = 1.5;
/** How many times more often than the pair "X in" the counts must have "Xing" for "Xin" to be a dropped g. */
const DROPPED_G_RATIO = 10;
/** Letters from which a misspelt word is searched for candidates two slips away and more. */
const LONG_WORD = 6;
/** Typing cost within which the common words are candidates for a long misspelt word (two slips). */
const CLOSE_WORD_COST = 2.5;
/** Typing cost of about one slip (a letter replaced, with a vowel or a neighbouring key at most a little more). */
const ONE_SLIP = 1.2;
/** Typing cost of two full slips (two letters replaced, added or left out). */
const TWO_SLIPS = 2;
/** log10 of how much likelier a spelling correction must be than the word as written. */
const WRITTEN_MARGIN = 0.5;

/**
 * False for a piece of a word, which a respelling would not mend: a word cut in two ("me diating"), a
 * contraction cut at its apostrophe ("didn t", "wo n't"), and a dropped g marked by an apostrophe ("lookin’").
 */
function wholeWord(text: string, start: number, end: number, lexicon: Lexicon): boolean {
  if (droppedG(text, start, end) || /^\s+(?:t|n['’]t)\b/iu.test(text.slice(end, end + 6))) return false;
  const word = text.slice(start, end);
  const previous = /(\p{L}+)[ \t]$/u.exec(text.slice(Math.max(0, start - 30), start))?.[1];
  const next = /^[ \t](\p{L}+)/u.exec(text.slice(end, end + 30))?.[1];
  return !(previous !== undefined && lexicon.isKnown(previous + word)) && !(next !== undefined && lexicon.isKnown(word + next));
}

/** True when text[start, end) ends in -in with an apostrophe for its dropped g ("starin’ at"): the writer's speech, written so on purpose. */
function droppedG(text: string, start: number, end: number): boolean {
  return /in$/i.test(text.slice(start, end)) && /^\s*['’](?!\p{L})/u.test(text.slice(end, end + 3));
}

/**
 * True when the pair counts have `replacement` (its first and last word) after the previous word or
 * before the next one; a sentence start is no evidence (any word may open a sentence).
 */
function seenBeside(replacement: string, around: { previous: string | null; next: string | null }, lm: LanguageModel): boolean {
  const parts = replacement.toLowerCase().split(' ');
  const before = around.previous !== null && around.previous !== SENTENCE_START && lm.pairCount(around.previous, parts[0]) > 0;
  return before || (around.next !== null && lm.pairCount(parts[parts.length - 1], around.next) > 0);
}

/** True when `word` is `intended` with one or two letters left out, nothing else changed ("prepation"). */
function lettersLeftOut(word: string, intended: string): boolean {
  const missing = intended.length - word.length;
  if (missing < 1 || missing > 2) return false;
  let i = 0;
  for (const c of intended) if (c === word[i]) i++;
  return i === word.length;
}

/** Two known content words of three letters or more written as one (air + bridge, school + wear). */
function closedCompound(word: string, lexicon: Lexicon): boolean {
  for (let k = 3; k <= word.length - 3; k++) {
    const [a, b] = [word.slice(0, k), word.slice(k)];
    if (lexicon.isLemmaOrPlural(a) && lexicon.isLemmaOrPlural(b) && lexicon.count(a) >= 50 && lexicon.count(b) >= 50 && !lexicon.functionWords.has(a) && !lexicon.functionWords.has(b)) return true;
  }
  return false;
}

/** A form of be, have, do or a modal, or a verb that is no noun ("told", "replaced", "was"). */
function verbOnly(word: string, lexicon: Lexicon): boolean {
  if (/^(is|was|has|had|have|are|were|will|would|can|could|shall|should|may|might|must|did|does|do|said|says|told|tells)$/.test(word)) return true;
  return !lexicon.functionWords.has(word) && lexicon.lemmatize(word, 'verb').length > 0 && lexicon.lemmatize(word, 'noun').length === 0 && lexicon.lemmatize(word, 'adj').length === 0;
}

/** True when a name follows `end` ("Danilo Petrucci", "Mairead McGuinness"). */
function nameFollows(text: string, end: number): boolean {
  const m = /^[ \t]+([\p{L}'’-]+)/u.exec(text.slice(end, end + 40));
  return m !== null && isNameAt(text, m[1], end + m[0].length - m[1].length);
}

/**
 * A noun of five letters or more used as a verb with a regular ending ("escrowed", "emailing"): a word
 * though no dictionary lists the verb.
 */
function verbedNoun(word: string, lexicon: Lexicon): boolean {
  const m = /^(.{5,}?)(ed|ing)$/.exec(word);
  if (!m) return false;
  const undoubled = /([bdgklmnprt])\1$/.test(m[1]) ? m[1].slice(0, -1) : m[1];
  return [m[1], `${m[1]}e`, undoubled].some((stem) => stem.length >= 5 && lexicon.hasLemma(stem, 'noun') && word.startsWith(stem.replace(/e$/, '')));
}
