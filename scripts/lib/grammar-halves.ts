/**
 * Which held-out texts the grammar engine may be tuned on, and which its pair-count builder may read.
 * Kept apart from grammar-heldout.ts (which loads the engine) so that the builder,
 * scripts/build-grammar-ngrams.ts, and the eval, `npm run eval -- grammar prose --unseen`, read the
 * same predicate and can never disagree on what the counts have seen.
 */
import { createHash } from 'node:crypto';

/** `dev`: tuned on; `test`: only measured. */
export type Split = 'dev' | 'test';

/** The half a held-out document or sentence belongs to, by the first byte of sha1(key): fixed for good, about even. */
export function splitOf(key: string): Split {
  return createHash('sha1').update(key).digest()[0] % 2 === 0 ? 'dev' : 'test';
}

/**
 * The MASC domains of ../shared/data/text-detect/extra.jsonl written for publication and edited, where
 * every edit of the engine is a false alarm. Left out: twitter, email, blog (unedited writing),
 * spoken-transcript (speech: false starts and fillers by design) and jokes (retold, unedited, much of
 * it dialogue). fiction-modern is kept, though MASC mixes published fiction with ficlets (short
 * stories posted online).
 */
export const UNSEEN_DOMAINS: ReadonlySet<string> = new Set([
  'newspaper',
  'non-fiction',
  'govt-docs',
  'travel-guide',
  'letters',
  'journal-article',
  'technical',
  'fiction-modern',
  'essay-published',
]);

/** A record of text-detect/extra.jsonl as far as the predicate reads it. */
export interface ExtraRecord {
  id?: string;
  label?: string;
  domain?: string;
  licence?: string;
}

/**
 * True for the MASC edited-prose passages no one tunes on and the pair counts never read: the
 * `test` half by a hash of the id with its own salt (so this half is independent of the dev.jsonl
 * halves), fixed for good. The other half stays in the counts.
 */
export function isUnseenProse(r: ExtraRecord): boolean {
  return mascEditedHalf(r) === 'test';
}

/** The MASC edited-prose passages tuning may read (`npm run eval -- grammar prose --masc`): the other half, which the pair counts read too. */
export function isMascTuningProse(r: ExtraRecord): boolean {
  return mascEditedHalf(r) === 'dev';
}

/** The half of a MASC edited-prose passage (null for any other record). */
function mascEditedHalf(r: ExtraRecord): Split | null {
  if (r.label !== 'human' || !(r.licence ?? '').startsWith('MASC') || !UNSEEN_DOMAINS.has(r.domain ?? '') || r.id === undefined) return null;
  return splitOf(`unseen-prose:${r.id}`);
}
