/** What a grammar rule is: the shape rules.ts and articles.ts both build on. */
import type { Category, Edit } from './edits.ts';
import type { HarperDialect } from './harper.ts';
import type { Lexicon } from './lexicon.ts';
import type { LanguageModel } from './ngrams.ts';
import type { SlotModel } from './slot-model.ts';
import type { VariantSpellings } from './variants.ts';
import type { Token } from './tokens.ts';

export type Proposal = Omit<Edit, 'rule' | 'category'>;

export interface Rule {
  id: string;
  category: Category;
  /** What it fixes, e.g. "he go → he goes". */
  description: string;
  apply(text: string, tokens: Token[], ctx: PolicyContext): Proposal[];
}

/** What rules and the lint policy read: the word knowledge, the counts, the preposition model, the variant map. */
export interface PolicyContext {
  lexicon: Lexicon;
  lm: LanguageModel;
  prepositions: SlotModel;
  variants: VariantSpellings;
  /** The variant harper lints in. */
  dialect: HarperDialect;
}
