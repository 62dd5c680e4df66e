/**
 * English word knowledge for the rules and the spelling policy: WordNet 3.1 (lemmas per part of
 * speech and SemCor sense counts as a frequency prior), word counts of SUBTLEX-US (74,286 words
 * counted in 51 million words of film and TV subtitles), a hand-curated list of function words and of
 * irregular verbs, and the regular inflection rules; long words of a broad English word list count as
 * words. The big tables ship prebuilt from their packages (lexicon-tables.ts).
 */
import { FUNCTION_WORDS, TOP_WORDS } from './data/function-words.ts';
import { IRREGULAR_VERB_FORMS, type IrregularVerb } from '../shared/irregular-verbs.ts';
import { SpellingCandidates } from './candidates.ts';
import { readLexiconTables, type LexiconTables } from './lexicon-tables.ts';
import type { WordTable } from './word-table.ts';

type Pos = 'noun' | 'verb' | 'adj' | 'adv';

/** Letters from which a word in the broad word list counts as a word; shorter rare listed words are often typos. */
const LONG_LISTED_WORD = 9;

export class Lexicon {
  // The big tables are WordTables (word-table.ts): the same answers as Sets and Maps in a fraction of the memory.
  private readonly lemmas: Record<Pos, WordTable>;
  private readonly senseCounts: WordTable;
  readonly functionWords: ReadonlySet<string>;
  private readonly topWords: ReadonlySet<string>;
  private readonly irregularByBase = new Map<string, IrregularVerb>();
  private readonly irregularByForm = new Map<string, IrregularVerb>();
  private readonly near: SpellingCandidates;
  private readonly counts: WordTable;
  /** The words of a broad English word list (word-list: about 274,000 words), see `isListedLongWord`. */
  private readonly listedWords: WordTable;

  private constructor(tables: LexiconTables) {
    this.counts = tables.counts;
    this.lemmas = { noun: tables.noun, verb: tables.verb, adj: tables.adj, adv: tables.adv };
    this.senseCounts = tables.senseCounts;
    this.functionWords = new Set(FUNCTION_WORDS);
    this.topWords = new Set(TOP_WORDS);
    for (const verb of IRREGULAR_VERB_FORMS) {
      this.irregularByBase.set(verb.base, verb);
      for (const form of [...verb.past, ...verb.participle]) if (!this.irregularByForm.has(form)) this.irregularByForm.set(form, verb);
    }
    this.near = new SpellingCandidates(this);
    this.listedWords = tables.listedWords;
  }

  private static instance: Lexicon | null = null;

  /** Reads the word tables once per process (lexicon-tables.ts: about 0.1 s). */
  static load(): Lexicon {
    Lexicon.instance ??= new Lexicon(readLexiconTables());
    return Lexicon.instance;
  }

  /** Lemmas `word` may be an inflection of, for `pos` (WordNet's morphy, plus irregular verbs). */
  lemmatize(word: string, pos: Pos): string[] {
    const w = word.toLowerCase();
    const out = new Set<string>();
    const set = this.lemmas[pos];
    if (set.has(w)) out.add(w);
    const rules: Record<Pos, Array<[string, string]>> = {
      noun: [['s', ''], ['ses', 's'], ['xes', 'x'], ['zes', 'z'], ['ches', 'ch'], ['shes', 'sh'], ['men', 'man'], ['ies', 'y'], ['ves', 'f'], ['ves', 'fe']],
      verb: [['s', ''], ['ies', 'y'], ['ied', 'y'], ['es', 'e'], ['es', ''], ['ed', 'e'], ['ed', ''], ['ing', 'e'], ['ing', '']],
      adj: [['er', ''], ['est', ''], ['er', 'e'], ['est', 'e'], ['ier', 'y'], ['iest', 'y']],
      adv: [],
    };
    for (const [suffix, replacement] of rules[pos]) {
      if (w.length > suffix.length + 1 && w.endsWith(suffix)) {
        const stem = w.slice(0, -suffix.length) + replacement;
        // "useing", "makeed": a silent e is dropped before -ing/-ed (but seeing, dyeing, hoeing).
        if (pos === 'verb' && replacement === '' && /^(ing|ed)$/.test(suffix) && /[^eoy]e$/.test(stem)) continue;
        // "familys", "studys": after a consonant, a final y takes -ies (but days, plays).
        if (suffix === 's' && /[^aeiou]y$/.test(stem)) continue;
        if (set.has(stem)) out.add(stem);
      }
    }
    if (pos === 'verb') {
      // Doubled final consonant: stopped, running.
      const m = /^(.*([bcdfgklmnprtvz]))\2(ed|ing|er)$/.exec(w);
      if (m && set.has(m[1]) && (doublesFinal(m[1]) || DOUBLING.has(m[1]) || m[2] === 'l')) out.add(m[1]);
      const irregular = this.irregularByForm.get(w);
      if (irregular) out.add(irregular.base);
    }
    return [...out];
  }

  /**
   * True when `word` is a word of LONG_LISTED_WORD letters or more in the broad word list: technical and
   * derived words WordNet lacks ("endothermy", "attributers", "magnetite"). Only long ones, since the
   * list also has short rare words that are common misspellings ("wich", "belive", "succes").
   */
  isListedLongWord(word: string): boolean {
    return word.length >= LONG_LISTED_WORD && this.isListedWord(word);
  }

  /**
   * True when the broad word list has `word`, of any length: rare real words ("infall") as well as
   * short rare words that are also common misspellings ("wich"), so this alone does not make a word valid.
   */
  isListedWord(word: string): boolean {
    return this.listedWords.has(word.toLowerCase());
  }

  /** True when `word` (any case, any regular inflection) is an English word WordNet or our lists know. */
  isKnown(word: string): boolean {
    const w = word.toLowerCase();
    if (this.functionWords.has(w) || this.irregularByForm.has(w) || this.irregularByBase.has(w)) return true;
    return (['noun', 'verb', 'adj', 'adv'] as const).some((pos) => this.lemmatize(w, pos).length > 0);
  }

  /**
   * A known word plus a productive derivational suffix: attribute → attributers, persevere →
   * perseverant, endotherm → endothermy, polar → polarly. Such words are often valid though no dictionary lists them.
   */
  isDerived(word: string): boolean {
    const w = word.toLowerCase();
    // An adverb of a known or derived adjective: "polarly", "radiatively" (radiate → radiative → radiatively).
    // Not of one in -ic, whose adverb ends in -ically ("basicly" is a slip).
    const adjective = w.slice(0, -2);
    if (w.endsWith('ly') && !adjective.endsWith('ic') && adjective.length >= 5 && (this.lemmas.adj.has(adjective) || this.isDerived(adjective))) return true;
    // An adverb of a verb's -ing form: "suckingly", as "lovingly".
    const ing = /^(\p{L}{3,})ingly$/u.exec(w)?.[1];
    if (ing !== undefined && [ing, `${ing}e`, ing.replace(/(\p{L})\1$/u, '$1')].some((v) => this.lemmas.verb.has(v))) return true;
    for (const suffix of DERIVATIONAL) {
      if (!w.endsWith(suffix) || w.length - suffix.length < 4) continue;
      const stem = w.slice(0, -suffix.length);
      for (const candidate of [stem, `${stem}e`, stem.replace(/i$/, 'y')]) {
        if ((['noun', 'verb', 'adj'] as const).some((pos) => this.lemmas[pos].has(candidate))) return true;
      }
    }
    return false;
  }

  /**
   * Stricter than `isKnown`: a WordNet lemma, its plural, or a listed form; not a word that only a
   * suffix rule explains ("occuring" = occur + ing, "studing" = stud + ing are typos, not words).
   */
  isLemmaOrPlural(word: string): boolean {
    const w = word.toLowerCase();
    if (this.functionWords.has(w) || this.irregularByForm.has(w) || this.irregularByBase.has(w)) return true;
    if ((['noun', 'verb', 'adj', 'adv'] as const).some((pos) => this.lemmas[pos].has(w))) return true;
    return /(s|es)$/.test(w) && this.lemmatize(w, 'noun').length > 0;
  }

  /**
   * A correctly formed -s, -ed or -ing form of a WordNet verb of four letters or more ("disking",
   * "harrowed"): a word, though no list has it. "occuring" and "studing" are not: the regular forms
   * are "occurring" and "studding".
   */
  isRegularVerbForm(word: string): boolean {
    const w = word.toLowerCase();
    if (!/(s|ed|ing)$/.test(w)) return false;
    return this.lemmatize(w, 'verb').some(
      (base) => base.length >= 4 && !this.irregularByBase.has(base) && [this.thirdPerson(base), regularPast(base), presentParticiple(base)].includes(w),
    );
  }

  /**
   * A frequency prior for `word`: very high for function words, else the SemCor sense count of its
   * most frequent lemma (0 for words WordNet lacks).
   */
  frequency(word: string): number {
    const w = word.toLowerCase();
    if (this.topWords.has(w)) return 20000;
    if (this.functionWords.has(w)) return 3000;
    let best = this.senseCounts.get(w) ?? 0;
    for (const pos of ['noun', 'verb', 'adj', 'adv'] as const) {
      for (const lemma of this.lemmatize(w, pos)) {
        // An inflection of a frequent word is frequent too ("remembered", "learning").
        const prior = this.topWords.has(lemma) ? 20000 : this.functionWords.has(lemma) ? 3000 : (this.senseCounts.get(lemma) ?? 0);
        best = Math.max(best, prior * 0.5);
      }
    }
    return best;
  }

  /**
   * How often `word` (any case) occurs in SUBTLEX-US, per 51 million words; 0 when never or once
   * (the list stops there). Contractions are counted apart ("don't" as "don" and "t"), so a word
   * with an apostrophe is counted by its part before it.
   */
  count(word: string): number {
    const w = word.toLowerCase();
    const apostrophe = w.search(/['’]/);
    if (apostrophe < 0 && CONTRACTION_STEMS.has(w)) return 1;
    return this.counts.get(apostrophe > 0 ? w.slice(0, apostrophe) : w) ?? 0;
  }

  /**
   * The words a misspelling is likely to stand for: function and frequent words, irregular verb
   * forms, and every single-word WordNet lemma seen in SemCor with its regular inflections.
   */
  commonWords(): Set<string> {
    const out = new Set<string>([...this.functionWords, ...this.topWords, ...this.irregularByForm.keys(), ...this.irregularByBase.keys()]);
    for (const pos of ['noun', 'verb', 'adj', 'adv'] as const) {
      for (const lemma of this.lemmas[pos].keys()) {
        if (!(this.senseCounts.get(lemma) ?? 0) || !/^[a-z]+$/.test(lemma)) continue;
        out.add(lemma);
        if (pos === 'noun') out.add(this.thirdPerson(lemma) === `${lemma}es` || /[^aeiou]y$/.test(lemma) ? this.thirdPerson(lemma) : `${lemma}s`);
        if (pos === 'verb' && !this.irregularByBase.has(lemma)) for (const form of [this.thirdPerson(lemma), regularPast(lemma), presentParticiple(lemma)]) out.add(form);
      }
    }
    return out;
  }

  /** Common words one cheap typing slip from `word`. */
  nearWords(word: string): string[] {
    return this.near.lookup(word.toLowerCase());
  }

  /** Common words within typing cost `maxCost` of `word` (two slips and more; slower than `nearWords`). */
  closeWords(word: string, maxCost: number): string[] {
    return this.near.within(word.toLowerCase(), maxCost);
  }

  isVerb(word: string): boolean {
    return this.lemmatize(word, 'verb').length > 0;
  }


  hasLemma(lemma: string, pos: Pos): boolean {
    return this.lemmas[pos].has(lemma.toLowerCase());
  }

  irregular(base: string): IrregularVerb | undefined {
    return this.irregularByBase.get(base);
  }

  /** The irregular verb whose simple past `form` is ("chose" → choose), or undefined. */
  irregularByPast(form: string): IrregularVerb | undefined {
    const verb = this.irregularByForm.get(form.toLowerCase());
    return verb?.past.includes(form.toLowerCase()) ? verb : undefined;
  }

  /**
   * The irregular verb a learner gave a regular past ("choosed", "teached", "buyed", "runned"), or
   * undefined. Words that exist ("seed", "lied", "hanged", "lighted") are not such forms.
   */
  regularizedIrregular(word: string): IrregularVerb | undefined {
    const w = word.toLowerCase();
    if (!/[^e]ed$|[^e]d$|eed$/.test(w) || !w.endsWith('d') || this.isLemmaOrPlural(w) || this.isRegularVerbForm(w)) return undefined;
    const undoubled = /([bdgklmnprt])\1ed$/.test(w) ? w.slice(0, -3) : '';
    for (const base of [w.slice(0, -1), w.slice(0, -2), undoubled]) {
      const verb = this.irregularByBase.get(base);
      if (verb && !BOTH_REGULAR.has(base) && !verb.past.includes(w) && !verb.participle.includes(w)) return verb;
    }
    return undefined;
  }

  /** The -ing form of a verb (make → making, stop → stopping, go → going). */
  ingForm(base: string): string {
    return presentParticiple(base);
  }

  /** Base form of a verb form, or null when unknown. */
  verbBase(form: string): string | null {
    const w = form.toLowerCase();
    if (w === 'is' || w === 'am' || w === 'are' || w === 'was' || w === 'were' || w === 'been' || w === 'being') return 'be';
    if (w === 'has' || w === 'had' || w === 'having') return 'have';
    if (w === 'does' || w === 'did' || w === 'done') return 'do';
    const irregular = this.irregularByForm.get(w);
    if (irregular) return irregular.base;
    if (this.irregularByBase.has(w)) return w;
    const lemmas = this.lemmatize(w, 'verb');
    if (lemmas.includes(w)) return w;
    return lemmas[0] ?? null;
  }

  /** Third person singular present: go → goes, study → studies, have → has. */
  thirdPerson(base: string): string {
    if (base === 'be') return 'is';
    if (base === 'have') return 'has';
    if (/(s|x|z|ch|sh|o)$/.test(base) && !/oo$/.test(base)) return `${base}es`;
    if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ies`;
    return `${base}s`;
  }

  /** Past participle: go → gone, study → studied, stop → stopped. */
  pastParticiple(base: string): string {
    const irregular = this.irregularByBase.get(base);
    if (irregular) return irregular.participle[0];
    return regularPast(base);
  }

  /** Simple past: go → went, study → studied. */
  past(base: string): string {
    const irregular = this.irregularByBase.get(base);
    if (irregular) return irregular.past[0];
    return regularPast(base);
  }
}

/** Stems of n't contractions: SUBTLEX counts "don't" as "don", so "don" alone is no frequent word. */
const CONTRACTION_STEMS = new Set(['don', 'isn', 'wasn', 'didn', 'doesn', 'couldn', 'wouldn', 'shouldn', 'aren', 'weren', 'hasn', 'haven', 'hadn', 'mustn', 'needn', 'ain']);

/** Irregular verbs whose regular past is a word too ("lighted", "hanged", "lied", "shined", "teared up", "strived"). */
const BOTH_REGULAR = new Set(['light', 'hang', 'lie', 'tear', 'strive', 'shine', 'speed', 'fit', 'wed', 'broadcast', 'forecast', 'bid', 'knit', 'spit', 'wet', 'quit', 'be', 'have', 'do', 'see', 'weave']);

const DERIVATIONAL = ['ized', 'ize', 'ization', 'ised', 'ise', 'isation', 'ers', 'er', 'ors', 'or', 'y', 'ant', 'ants', 'ness', 'ity', 'ist', 'ists', 'ism', 'al', 'ment', 'ments', 'able', 'ous', 'ic', 'ive', 'ship', 'hood', 'less', 'ful'];

/** Verbs of more than one syllable that double their final consonant (stressed last syllable). */
const DOUBLING = new Set(
  `admit commit occur prefer refer control begin forget permit regret submit transfer equip compel expel patrol
  rebel propel omit emit acquit upset deter incur recur confer defer infer abhor excel dispel annul allot
  outrun overlap kidnap worship`.split(/\s+/),
);

function regularPast(base: string): string {
  if (base.endsWith('e')) return `${base}d`;
  if (/[^aeiou]y$/.test(base)) return `${base.slice(0, -1)}ied`;
  if (doublesFinal(base) || DOUBLING.has(base)) return `${base}${base.at(-1)}ed`;
  return `${base}ed`;
}

/** One-syllable consonant-vowel-consonant verbs double the final consonant (stop → stopped). */
function doublesFinal(base: string): boolean {
  return /^[^aeiou]*[aeiou][bdgklmnprt]$/.test(base);
}

/** The -ing form of a regular verb: disk → disking, make → making, stop → stopping, see → seeing. */
function presentParticiple(base: string): string {
  if (/ie$/.test(base)) return `${base.slice(0, -2)}ying`;
  if (/[^eoy]e$/.test(base)) return `${base.slice(0, -1)}ing`;
  if (doublesFinal(base) || DOUBLING.has(base)) return `${base}${base.at(-1)}ing`;
  return `${base}ing`;
}
