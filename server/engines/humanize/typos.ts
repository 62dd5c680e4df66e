/**
 * The obvious typos a careful editor fixes while rewriting ("dsih" → dish, "restanurant" →
 * restaurant, "contineu" → continue): a lower-case word that no dictionary or word count knows, one
 * typing slip (a letter left out, added, replaced, or two swapped) from a common word that is
 * clearly the likeliest reading between its neighbours. Anything less clear stays as written, and so
 * does every protected item (names, quotations, code, numbers). The word knowledge, candidates and
 * noisy-channel choice are the grammar engine's (its lexicon, pair model and spelling choice), not a
 * copy of them.
 */
import { chooseSpelling, LanguageModel, Lexicon, neighbours, spelledAgain } from '../grammar/index.ts';
import { protectedSpans } from './protect.ts';

/** Shorter words have too many neighbours one slip away ("als": also, as, all) to tell which was meant. */
const MIN_LETTERS = 4;
/**
 * log10 of how much likelier the chosen word must be than the runner-up and than the word as
 * written: a tenfold margin, so that only slips with one clear reading are fixed.
 */
const MIN_MARGIN = 1;
/**
 * The intended word is a common one (film-subtitle count, of 51 million words): the slips to fix are
 * in everyday words, while a rare neighbour ("ramen" → rumen, "perps" → peeps) is a wrong guess.
 */
const MIN_COUNT = 50;

/** A lower-case word not glued to other letters, digits, apostrophes or hyphens (no compounds, no contractions). */
const WORD = /(?<![\p{L}\p{N}\p{M}'’-])\p{Ll}+(?![\p{L}\p{N}\p{M}'’-])/gu;

/** The word as written is English: known to WordNet or our lists in any regular form, counted in film subtitles, or a long listed or derived word. */
function isWord(lexicon: Lexicon, word: string): boolean {
  return lexicon.count(word) > 0 || lexicon.isKnown(word) || lexicon.isListedLongWord(word) || lexicon.isDerived(word);
}

/**
 * Two words run together ("isused", "forsome", "wepresent") are no slip of one word: the nearest
 * single word is the wrong reading. Each part a function word or a known word of three letters or
 * more; or a single letter before a known word.
 */
function runTogether(lexicon: Lexicon, word: string): boolean {
  const part = (w: string): boolean => lexicon.functionWords.has(w) || (w.length >= 3 && lexicon.isKnown(w));
  for (let i = 1; i < word.length - 1; i++) if (part(word.slice(0, i)) && part(word.slice(i))) return true;
  // A stray letter glued to a word ("swave", "dpart"): a symbol or label, as often as a slip.
  return word.length >= 5 && lexicon.isKnown(word.slice(1));
}

/**
 * A slip that leaves the first letter alone (or adds or drops a letter before it) and does more than
 * add an ending: "delish" is no slip of relish, nor "eternals" of eternal.
 */
function plausibleSlip(word: string, candidate: string): boolean {
  if (word.length === candidate.length && word[0] !== candidate[0] && word[1] !== candidate[0]) return false;
  return !(word.startsWith(candidate) && word.length === candidate.length + 1);
}

/**
 * Articles and prepositions of French, Italian and Spanish that open the loan phrases English keeps
 * ("al dente", "à la carte", "con carne", "en route", "per diem"): the word after one is no English slip.
 */
const LOAN_PHRASE_LEAD = /(?:^|[^\p{L}])(?:al|el|la|le|les|de|del|della|di|du|des|con|per|en|à|au|aux)\s+$/iu;

/** `text` with its unambiguous misspellings fixed (see the module comment); everything else as it was. */
export function fixTypos(text: string): string {
  const guarded = protectedSpans(text);
  const inside = (start: number, end: number): boolean => guarded.some((g) => g.start < end && g.end > start);
  let lexicon: Lexicon | undefined;
  let out = '';
  let at = 0;
  for (const m of text.matchAll(WORD)) {
    const word = m[0];
    const start = m.index;
    const end = start + word.length;
    if (word.length < MIN_LETTERS) continue;
    // The word knowledge loads once per process, and only for a text that needs it.
    lexicon ??= Lexicon.load();
    if (isWord(lexicon, word) || inside(start, end) || spelledAgain(text, word, start) || runTogether(lexicon, word) || LOAN_PHRASE_LEAD.test(text.slice(Math.max(0, start - 8), start))) continue;
    // A fix never brings in a protected item (a number word): the invariants count those.
    const candidates = lexicon.nearWords(word).filter((c) => lexicon!.count(c) >= MIN_COUNT && plausibleSlip(word, c) && protectedSpans(c).length === 0);
    const choice = chooseSpelling(word, candidates, LanguageModel.load(lexicon), neighbours(text, start, end));
    if (!choice || choice.margin < MIN_MARGIN || choice.marginOverWritten < MIN_MARGIN) continue;
    // Context and frequency must agree: the commonest candidate, not merely one the neighbours like ("fisrt" → first, not fist).
    if (candidates.some((c) => lexicon!.count(c) > lexicon!.count(choice.replacement))) continue;
    out += text.slice(at, start) + choice.replacement;
    at = end;
  }
  return at === 0 ? text : out + text.slice(at);
}
