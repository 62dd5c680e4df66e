/**
 * Names are never "corrected" into other words: a word written with a capital where no sentence
 * starts (after "Mr." no sentence starts either) is a name or a title, and so are the lower-case
 * particles between such words ("Cassa di Risparmio", "Ludwig van Beethoven"). Every stage asks
 * here before it changes or inserts anything beside such a word.
 */
import { escapeRegExp } from '../shared/text.ts';
import { sentenceInitial } from './variants.ts';

/** Abbreviations after whose full stop a name follows, not a new sentence. */
const TITLES = /(?:^|[^\p{L}])(?:Mr|Mrs|Ms|Mx|Dr|Prof|St|Sr|Jr|Rev|Gen|Col|Capt|Lt|Sgt|Gov|Sen|Rep|Hon|Mt|Fr|Sir|Messrs|Mme|Mlle|Nos?|Vol|Fig|vs)\.\s+$/u;

/** True when a sentence starts at `start` (a title's full stop does not end one). */
export function startsSentence(text: string, start: number): boolean {
  return sentenceInitial(text, start) && !TITLES.test(text.slice(Math.max(0, start - 12), start));
}

/** A dotted abbreviation without its last full stop ("U.N", "b.c", "e.g"): after it no sentence starts. */
export function isDottedAbbreviation(word: string): boolean {
  return /^(?:\p{L}\.)+\p{L}$/u.test(word);
}

/** Abbreviations (lower case, without their last full stop) after which a sentence goes on: "e.g. the", "Corp. said". */
const ABBREVIATIONS = new Set(['e.g', 'i.e', 'etc', 'vs', 'mr', 'mrs', 'ms', 'dr', 'st', 'no', 'a.m', 'p.m', 'u.s', 'approx', 'cf', 'fig', 'vol', 'ed', 'inc', 'ltd', 'co', 'corp', 'bros', 'jr', 'sr', 'prof', 'qtd']);

/** True for a word (without its last full stop) after whose full stop no sentence need start: an abbreviation, a dotted one, a single letter. */
export function isAbbreviation(word: string): boolean {
  return ABBREVIATIONS.has(word.toLowerCase()) || word.length === 1 || isDottedAbbreviation(word);
}

/** True when text[start, end) is a single letter that numbers an item of a list: "a) the cost". */
export function isListLetter(text: string, start: number, end: number): boolean {
  return end - start === 1 && text[end] === ')';
}

/**
 * True when `word` (lower case) opens two sentences of `text` or more in lower case: the writer's way
 * with a term ("color gives ... . color became ..."), not a capital forgotten. Function words aside:
 * a writer who forgets capitals forgets them on "the" and "we" too.
 */
export function lowerAtSentenceStarts(text: string, word: string): boolean {
  return (text.match(new RegExp(`[.!?]["”’')]*\\s+${escapeRegExp(word)}(?![\\p{L}'’-])`, 'gu')) ?? []).length >= 2;
}

/**
 * True when `text` holds program code: two blocks in braces at least ("if (x) {...}", "void f () {...}")
 * or two calls without arguments ("findFood (); turn ();"), which prose does not have. Its lower-case
 * keywords after a full stop start no sentence, and its comments are no prose to correct.
 */
export function holdsCode(text: string): boolean {
  return (text.match(/\{[^{}]*\}/g) ?? []).length >= 2 || (text.match(/\w\s?\(\s*\)\s*;/g) ?? []).length >= 2;
}

/** Top-level domains: after "name. " one ends a web or e-mail address whose dots a copy spaced out. */
const TOP_LEVEL_DOMAINS = new Set(['com', 'org', 'net', 'edu', 'gov', 'int', 'mil', 'info', 'biz', 'io', 'uk', 'us', 'ca', 'au', 'de', 'fr']);

/**
 * True when text[start, end) is part of a web address whose dots were spaced out ("www. sea-trust. org",
 * "jdoe (at) example. com"): after "www. ", or a top-level domain after a name and its dot. No sentence starts there.
 */
export function inSpacedAddress(text: string, start: number, end: number): boolean {
  const before = text.slice(Math.max(0, start - 40), start);
  if (/(?<![\p{L}\p{N}])www\.\s+$/iu.test(before)) return true;
  return TOP_LEVEL_DOMAINS.has(text.slice(start, end).toLowerCase()) && /[\p{L}\p{N}]\.\s+$/u.test(before) && !/^[\p{L}\p{N}]/u.test(text.slice(end, end + 1));
}

/** True when an e-mail address written out to fool harvesters follows the word: "jdoe (at) example. com", "jdoe [at] example". */
export function obfuscatedAddress(text: string, end: number): boolean {
  return /^\s*[([{<]\s*at\s*[)\]}>]/iu.test(text.slice(end, end + 8)) || /^\s+at\s+\p{L}+\s+dot\s+\p{L}/iu.test(text.slice(end, end + 60));
}

/** A clear sentence end (a word in lower case, then . ! or ?, then a space: no abbreviation like "Corp." or "U.N.") and the letter after it. */
const CLEAR_SENTENCE_END = /(?<![\p{L}\p{N}.'’-])\p{Ll}[\p{Ll}'’-]*[.!?]\s+(\p{L})/gu;

/** The last text capitalisesSentences read, and its answer. */
let lastRead: { text: string | null; capitalises: boolean } = { text: null, capitalises: false };

/**
 * True when the writer of `text` starts their sentences with capitals: at least three capitals after
 * clear sentence ends and at most one lower-case word for five of them. A lower-case word at a sentence
 * start in such a text is the writer's choice or no sentence start at all (after "Corp.", "U.N.",
 * "qtd.", in a list, a caption or code), and a capitalised "The" or "When" inside a sentence opens a
 * run-in heading or a title: the capital rules leave both alone.
 */
export function capitalisesSentences(text: string): boolean {
  // Asked by two rules and by harper's filter once per lint, all on the same text: read it once.
  if (text === lastRead.text) return lastRead.capitalises;
  let upper = 0;
  let lower = 0;
  for (const m of text.matchAll(CLEAR_SENTENCE_END)) {
    if (m[1] === m[1].toLowerCase()) lower++;
    else upper++;
  }
  lastRead = { text, capitalises: upper >= 3 && lower * 5 <= upper };
  return lastRead.capitalises;
}

const WORD = /[\p{L}\p{N}'’-]+/gu;

/** The words of text[from, to) with their UTF-16 offsets. */
function wordsIn(text: string, from: number, to: number): Array<{ word: string; start: number }> {
  const out: Array<{ word: string; start: number }> = [];
  WORD.lastIndex = from;
  for (let m = WORD.exec(text); m && m.index < to; m = WORD.exec(text)) out.push({ word: m[0], start: m.index });
  return out;
}

/** A word that is a name where it stands: a capital inside it, or a capital first where no sentence starts ("I" aside). */
export function isNameAt(text: string, word: string, start: number): boolean {
  if (word === 'I' || word.startsWith("I'") || word.startsWith('I’')) return false;
  if (/\p{Lu}/u.test(word.slice(1))) return true;
  return /^\p{Lu}/u.test(word) && !startsSentence(text, start);
}

/** The word that ends just before `at` (spaces between), with its start, or null. */
function wordBefore(text: string, at: number): { word: string; start: number } | null {
  const m = /([\p{L}\p{N}'’-]+)[ \t]*$/u.exec(text.slice(Math.max(0, at - 40), at));
  return m ? { word: m[1], start: at - m[0].length } : null;
}

/** The word that starts just after `at` (spaces between), with its start, or null. */
function wordAfter(text: string, at: number): { word: string; start: number } | null {
  const m = /^[ \t]*([\p{L}\p{N}'’-]+)/u.exec(text.slice(at, at + 40));
  return m ? { word: m[1], start: at + m[0].length - m[1].length } : null;
}

/**
 * True when the edit text[start, end) → replacement changes a name, or adds or removes a word inside a
 * run of names ("Ms May [be] said", "Air Travel [to] Organisers"), or changes a short lower-case
 * word between two names ("Cassa di Risparmio"). A change of case alone is not such an edit.
 */
export function touchesName(text: string, start: number, end: number, replacement: string): boolean {
  const original = text.slice(start, end);
  if (original.toLowerCase() === replacement.toLowerCase()) return false;
  const inside = wordsIn(text, start, end);
  // At a sentence's start a name shows by standing capitalised elsewhere too ("Mary Berry ... Berry quit").
  if (inside.some((w) => isNameAt(text, w.word, w.start) || (/^\p{Lu}\p{Ll}/u.test(w.word) && usedAsName(text, w.word)))) return true;
  const before = wordBefore(text, start);
  const after = wordAfter(text, end);
  const nameBefore = before !== null && isNameAt(text, before.word, before.start);
  const nameAfter = after !== null && isNameAt(text, after.word, after.start);
  if (start === end || inside.length === 0) return nameBefore && nameAfter;
  // A particle inside a name: "di", "van", "de la", "dello" (Gazzetta dello Sport).
  return nameBefore && nameAfter && inside.every((w) => w.word.length <= PARTICLE_LETTERS && w.word === w.word.toLowerCase());
}

/** Letters up to which a lower-case word between two names is read as a particle of the name ("della", "von"). */
const PARTICLE_LETTERS = 5;

/**
 * Text that is not prose to correct: a URL, an address (a mailto: one too), a path, an identifier or a call (a_b, a/b, a.b
 * with a lower-case letter after the dot, f(), a word with an inner capital), a formula (1*hbar, x^2), a command-line
 * option (-i), code between backticks,
 * or a word with a Latin letter English does not use (crème, brûlée, señor).
 */
function inCodeOrForeign(text: string, start: number, end: number): boolean {
  // The whitespace-delimited chunk the edit lies in (an edit of spaces alone has none of its own).
  let from = start;
  while (from > 0 && !/\s/u.test(text[from - 1])) from--;
  let to = end;
  while (to < text.length && !/\s/u.test(text[to])) to++;
  const chunk = text.slice(from, to);
  if (/\S/u.test(text.slice(start, end)) || start === end) {
    // A formula ("1*hbar", "x^2", "n=3") and a command-line option ("-i", "--verbose") too.
    if (/:\/\/|@|[\p{L}\p{N}][_/\\*^=][\p{L}\p{N}]|\p{L}\.\p{Ll}|\w\(\)|^[Ww]{3}\.|[Mm]ailto:|^--?\p{L}[\p{L}-]*$/u.test(chunk)) return true;
    if (/[\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F]/u.test(chunk)) return true;
  }
  // Inside a pair of backticks on the same line.
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const ticksBefore = (text.slice(lineStart, start).match(/`/g) ?? []).length;
  return ticksBefore % 2 === 1 && text.indexOf('`', end) >= 0;
}

/** True when `word` (capitalised) also stands capitalised after a lower-case word or a comma in `text`: a name. */
export function usedAsName(text: string, word: string): boolean {
  return new RegExp(`[\\p{Ll},] ${escapeRegExp(word)}\\b`, 'u').test(text);
}

/**
 * True when a word next to text[start, end) (spaces between) is an article or preposition of French, Spanish,
 * Italian or German that English does not use ("au chocolat", "Musée des horreurs"), or an underscore or
 * equals sign stands beside it, as in an identifier written with spaces ("left _ alk _ avg", "calc = 2").
 */
export function besideForeignWordOrCode(text: string, start: number, end: number): boolean {
  const before = /(?:^|[^\p{L}])(\p{L}+|[_=])[ \t]+$/u.exec(text.slice(Math.max(0, start - 20), start))?.[1];
  const after = /^[ \t]+(\p{L}+|[_=])(?![\p{L}])/u.exec(text.slice(end, end + 20))?.[1];
  return [before, after].some((w) => w !== undefined && (w === '_' || w === '=' || FOREIGN_FUNCTION_WORDS.has(w)));
}

/**
 * True when the word stands in a statement of program code: the stretch from the last ; { } or line
 * break to the next ; on the line ends in an assignment of one value or holds an identifier_with_underscore
 * ("boolean poolean patroller_detect = false;"). Not a clause of prose with a formula in it ("the ratio
 * (x = 2) was hihg;").
 */
export function inCodeStatement(text: string, start: number): boolean {
  const from = Math.max(text.lastIndexOf(';', start), text.lastIndexOf('{', start), text.lastIndexOf('}', start), text.lastIndexOf('\n', start));
  const m = /^[^;\n]*;/.exec(text.slice(start, start + 200));
  if (m === null) return false;
  const statement = text.slice(from + 1, start) + m[0];
  return /=\s*[\p{L}\p{N}."'-]+\s*;$/u.test(statement) || /[\p{L}\p{N}] ?_ ?[\p{L}\p{N}]/u.test(statement);
}

/**
 * True when the word follows an elided article or preposition of another language or a name's elided
 * particle ("all’ antica", "dell’ arte", "M’ duvian"): a short word with its apostrophe standing apart.
 * Not a plural possessive ("students’ "), a dropped g ("goin’ "), nor a closing quotation mark (an opening one before it).
 */
export function afterElision(text: string, start: number): boolean {
  const before = text.slice(Math.max(0, start - 80), start);
  const m = /(?<![\p{L}'’])(\p{L}{1,4}) ?['’]\s+$/u.exec(before);
  if (m === null || /(s|in)$/i.test(m[1])) return false;
  const sentence = before.slice(0, m.index).split(/[.!?]\s/u).pop() ?? '';
  return !/(?:^|[\s("“])['‘]\p{L}/u.test(sentence);
}

/** Lower-case articles, prepositions and conjunctions of other languages that are no English words. */
const FOREIGN_FUNCTION_WORDS = new Set(['au', 'aux', 'des', 'du', 'les', 'le', 'la', 'et', 'une', 'der', 'und', 'von', 'zu', 'das', 'del', 'della', 'dei', 'degli', 'los', 'las', 'el', 'sur']);

/**
 * True when the edit text[start, end) → replacement must not be made: it changes a name (`touchesName`)
 * or code, a URL, an identifier or a foreign word (`inCodeOrForeign`). Every stage asks here.
 */
export function protectedSpan(text: string, start: number, end: number, replacement: string): boolean {
  if (text.slice(start, end) === replacement) return false;
  // A change of case is no change of a name (touchesName), but is one of code ("will.i.am").
  return touchesName(text, start, end, replacement) || inCodeOrForeign(text, start, end);
}

/**
 * A third-person lexical verb after a lower-case "i" ("where i represents the site", "i denotes"): the
 * "i" is a letter or an index, not the writer. Not "i has", "i does", "i goes": a learner's slips.
 */
export const LETTER_I_VERB = /^\s+(?!(?:has|does|goes)\b)\p{L}+[^su\s]s\b/u;

/** True when "you" at `start` and the word after it, set off by punctuation, address someone: "Why, you fools, I adore it". */
export function addressedAsYou(text: string, start: number): boolean {
  return /^you\s+\p{L}+\s*[,!]/iu.test(text.slice(start, start + 40)) && /(?:^|[,;:!?.—–-]|["“])\s*$/u.test(text.slice(Math.max(0, start - 6), start));
}

/** True when the word after `end` is a letter with a full stop, an abbreviation's start ("for you e.g. makes"): no noun for a possessive. */
export function abbreviationFollows(text: string, end: number): boolean {
  return /^\s+\p{L}\./u.test(text.slice(end, end + 4));
}
