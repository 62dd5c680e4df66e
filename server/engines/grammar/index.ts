/**
 * Grammar correction engine: harper.js (filtered to real errors) + our rules for frequent learner
 * errors + curated variant spellings, applied as minimal changes, reported as a complete
 * word-level diff in code points of the submitted text.
 *
 * Pipeline for one text:
 *  1. language: paragraphs not in English are left exactly as written;
 *  2. harper.js lints in the text's variant (`auto`: detected from its spellings), kept by policy.ts;
 *  3. our token rules (rules.ts) on the text as harper's corrections left it, among them the
 *     evidence-based ones: confusable words and fixed-phrase prepositions changed only when the
 *     word counts on both sides prefer the change (confusables.ts), a preposition before a bare verb
 *     made the infinitive's "to" and one the preposition slot model all but rules out changed for the one
 *     it is sure of (prepositions.ts, slot-model.ts), doubled words (doubled.ts),
 *     subject-pronoun agreement (pronoun-agreement.ts), agreement with the head of a noun subject
 *     found through the tagger (agreement.ts), words written in two joined where the counts read
 *     the compound far likelier and two words run together split (split-words.ts; a spelling-check
 *     respelling of such a word gives way to the split at stage 2), an article left out where the
 *     three-word counts read the phrase with it far likelier (articles.ts);
 *  4. with an explicit `target_variant`, spelling conversion (variants.ts) on the result;
 *  each stage's edits are composed back onto the submitted text (edits.ts), so each operation of
 *  the diff is one change and applying the diff to the input gives `correctedText` by construction.
 *  No stage changes a name (names.ts); every operation carries its category and an explanation
 *  for the writer (explain.ts).
 *
 * CPU-bound and synchronous inside (about 7,000 to 10,000 words/s on one thread for texts of 1,000 words
 * and more, BENCHMARKS.md): run it in a worker thread, not on a
 * server's event loop.
 */
import { apply, compose, resolve, toDiff, toWords, type Category, type DiffOperation, type Edit } from './edits.ts';
import { Harper } from './harper.ts';
import { paragraphs } from './language.ts';
import { protectedSpan } from './names.ts';
import { SlotModel } from './slot-model.ts';
import { Lexicon } from './lexicon.ts';
import { LanguageModel } from './ngrams.ts';
import { harperEdits } from './policy.ts';
import { ruleEdits, RULES } from './rules.ts';
import { splitBeatingRespellings } from './split-words.ts';
import { tokenize } from './tokens.ts';
import { VariantSpellings, type Variant } from './variants.ts';

export type TargetVariant = 'auto' | 'en-US' | 'en-GB' | 'en-CA' | 'en-AU' | 'en-IN';
export type { DiffOperation } from './edits.ts';
export interface GrammarIssue {
  category: string;
  severity: string;
  message: string;
}
export interface GrammarCorrection {
  correctedText: string;
  diff: DiffOperation[];
  issues: GrammarIssue[];
  changed: boolean;
}
export interface GrammarEngine {
  readonly version: string;
  correct(text: string, variant: TargetVariant): Promise<GrammarCorrection>;
}

export const ENGINE_VERSION = 'grammar-2.13.0 (harper.js 2.10.0)';

export interface EngineOptions {
  /** Rule ids (ours, or harper's rule names) to leave out: for evaluation of each rule. */
  disabled?: ReadonlySet<string>;
  /** Skip harper entirely (our rules only): for evaluation. */
  withoutHarper?: boolean;
  /** Receives the final edits of each text with the rule that made each: for evaluation. */
  trace?: (text: string, edits: ReadonlyArray<{ start: number; end: number; replacement: string; rule: string }>) => void;
}

interface Shared {
  harper: Harper;
  lexicon: Lexicon;
  lm: LanguageModel;
  prepositions: SlotModel;
  variants: VariantSpellings;
}
let shared: Promise<Shared> | null = null;

/** Loads harper.js (WebAssembly), WordNet, the word counts, the preposition model and the variant map once per process. */
function loadShared(): Promise<Shared> {
  shared ??= (async () => {
    const lexicon = Lexicon.load();
    const prepositions = SlotModel.load(new URL('./data/prepositions.bin.gz', import.meta.url));
    return { harper: await Harper.load(), lexicon, lm: LanguageModel.load(lexicon), prepositions, variants: new VariantSpellings() };
  })();
  shared.catch(() => {
    shared = null;
  });
  return shared;
}

export async function createGrammarEngine(options: EngineOptions = {}): Promise<GrammarEngine> {
  const { harper, lexicon, lm, prepositions, variants } = await loadShared();
  return new Engine(harper, lexicon, lm, prepositions, variants, options);
}

const DIALECT_NAMES: Record<Variant, string> = {
  'en-US': 'American English (en-US)',
  'en-GB': 'British English (en-GB)',
  'en-CA': 'Canadian English (en-CA)',
  'en-AU': 'Australian English (en-AU)',
  'en-IN': 'Indian English (en-IN)',
};

class Engine implements GrammarEngine {
  readonly version = ENGINE_VERSION;
  private readonly disabled: ReadonlySet<string>;

  constructor(
    private readonly harper: Harper,
    private readonly lexicon: Lexicon,
    private readonly lm: LanguageModel,
    private readonly prepositions: SlotModel,
    private readonly variants: VariantSpellings,
    private readonly options: EngineOptions,
  ) {
    this.disabled = options.disabled ?? new Set();
  }

  async correct(text: string, variant: TargetVariant): Promise<GrammarCorrection> {
    const issues: GrammarIssue[] = [];
    const english = paragraphs(text, (w) => this.lexicon.isKnown(w)).map((p) => p.english);
    if (!english.includes(true)) {
      if (/\p{L}/u.test(text)) {
        issues.push({ category: 'language', severity: 'low', message: 'The text does not appear to be English, so it was left unchanged.' });
      }
      return { correctedText: text, diff: [], issues, changed: false };
    }
    if (english.includes(false)) {
      const n = english.filter((e) => !e).length;
      issues.push({ category: 'language', severity: 'low', message: `${n} paragraph${n === 1 ? '' : 's'} not in English ${n === 1 ? 'was' : 'were'} left unchanged.` });
    }

    const dialect: Variant = variant === 'auto' ? (this.variants.detect(text) ?? 'en-US') : variant;
    const ctx = { lexicon: this.lexicon, lm: this.lm, prepositions: this.prepositions, variants: this.variants, dialect };

    // Stage 1: harper.
    let edits: Edit[] = [];
    if (!this.options.withoutHarper) {
      // A respelling of two words run together ("tohis" → this) gives way to their split (split-words.ts).
      const lints = (await this.harper.lint(text, dialect)).filter(
        (l) => !this.disabled.has(l.rule) && !(l.rule === 'SpellCheck' && splitBeatingRespellings(text, l.start, l.end, l.suggestions.map((x) => x.text), this.lm, this.lexicon) !== null),
      );
      edits = this.stage(text, harperEdits(text, lints, ctx), english);
    }
    // Stage 2: our rules, on the text as harper's corrections left it.
    let current = apply(text, edits);
    const tokens = tokenize(current);
    if (tokens) {
      const rules = RULES.filter((r) => !this.disabled.has(r.id));
      edits = compose(text, edits, this.stage(current, ruleEdits(current, tokens, rules, ctx), english));
    }
    // Stage 3: an explicit variant's spellings.
    if (variant !== 'auto') {
      current = apply(text, edits);
      edits = compose(text, edits, this.stage(current, this.variants.convert(current, variant), english));
    }
    edits = edits.map((e) => toWords(text, e)).filter((e): e is Edit => e !== null);

    this.options.trace?.(text, edits);
    const diff = toDiff(text, edits);
    issues.push(...summarize(edits, variant === 'auto' ? null : DIALECT_NAMES[variant]));
    return { correctedText: apply(text, edits), diff, issues, changed: diff.length > 0 };
  }

  /**
   * Normalises one stage's proposals on `text`: word-level, nothing inside a paragraph that is not
   * English, no edit across a line break (paragraph structure is kept), no name changed (names.ts),
   * conflicts resolved in order.
   */
  private stage(text: string, proposals: Edit[], english: boolean[]): Edit[] {
    const breaks: number[] = [];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) breaks.push(i);
    const paragraphOf = (offset: number): number => {
      let n = 0;
      while (n < breaks.length && breaks[n] < offset) n++;
      return n;
    };
    const words = proposals.map((e) => toWords(text, e)).filter((e): e is Edit => e !== null);
    const allowed = words.filter((e) => {
      if (e.replacement.includes('\n') || text.slice(e.start, e.end).includes('\n')) return false;
      if (e.category !== 'variant' && protectedSpan(text, e.start, e.end, e.replacement)) return false;
      const p = paragraphOf(e.start);
      return english[Math.min(p, english.length - 1)] !== false;
    });
    return resolve(text, allowed);
  }
}

const SEVERITY: Record<Category, string> = {
  grammar: 'high',
  spelling: 'medium',
  punctuation: 'low',
  capitalization: 'low',
  spacing: 'low',
  variant: 'low',
};

const NOUNS: Record<Category, [string, string]> = {
  grammar: ['grammar error', 'grammar errors'],
  spelling: ['spelling error', 'spelling errors'],
  punctuation: ['punctuation error', 'punctuation errors'],
  capitalization: ['capitalization error', 'capitalization errors'],
  spacing: ['spacing error', 'spacing errors'],
  variant: ['spelling', 'spellings'],
};

/** One issue per kind of problem found, with a count and an example. */
function summarize(edits: Edit[], variantName: string | null): GrammarIssue[] {
  const byCategory = new Map<Category, Edit[]>();
  for (const e of edits) byCategory.set(e.category, [...(byCategory.get(e.category) ?? []), e]);
  const order: Category[] = ['grammar', 'spelling', 'punctuation', 'capitalization', 'spacing', 'variant'];
  return order
    .filter((c) => byCategory.has(c))
    .map((category) => {
      const list = byCategory.get(category)!;
      const n = list.length;
      const noun = NOUNS[category][n === 1 ? 0 : 1];
      const message =
        category === 'variant'
          ? `Converted ${n} ${noun} to ${variantName ?? 'the target variant'}.`
          : `Corrected ${n} ${noun}.`;
      return { category, severity: SEVERITY[category], message };
    });
}

/** The lexicon, pair model and spelling choice, for the humanizer (engines import one another only through index.ts). */
export { Lexicon } from './lexicon.ts';
export { LanguageModel, neighbours, ngramWords, SENTENCE_START } from './ngrams.ts';
export { chooseSpelling, spelledAgain } from './spelling.ts';
