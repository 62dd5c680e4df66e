/** What a grammar rule is: the shape rules.ts and articles.ts both build on. */
import type { Category, Edit } from './edits.ts';
import type { PolicyContext } from './policy.ts';
import type { Token } from './tokens.ts';

export type Proposal = Omit<Edit, 'rule' | 'category'>;

export interface Rule {
  id: string;
  category: Category;
  /** What it fixes, e.g. "he go → he goes". */
  description: string;
  apply(text: string, tokens: Token[], ctx: PolicyContext): Proposal[];
}
