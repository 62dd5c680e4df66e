/**
 * Measuring-stick checks of the held-out protocol (`npm run eval -- text-detect --nested-calibration`,
 * `--hold-out-domain <domain>`), measured after 4.1.0 and not part of the shipped protocol:
 *
 * - Doubly held-out calibration: the calibration that scores held-out register group g is normally
 *   fitted on the other groups' held-out logits, from models that trained WITH g. Here, for each g,
 *   the other groups h are scored by models trained without both g and h (one training per pair
 *   {g, h}, which scores both groups), so nothing of g reaches g's calibration.
 * - One held-out domain: the recipe trained without a single domain (the rest of its register group
 *   stays in training, as in the deployed model), scored on that domain.
 *
 * The folds run on heldOutLogits' worker threads (runFolds, text-detect-recipe.ts); their caches are
 * keyed like its caches (recipe, code, corpus) plus FOLDS_VERSION.
 */
import { alignedLogits, cachedHeldOut, heldOutCache, runFolds, type CorpusDoc, type HeldOutFold } from './text-detect-recipe.ts';

/** In the cache keys: change when how the folds are formed (pairFolds, the one-domain fold) changes. */
const FOLDS_VERSION = 'folds-1';

/**
 * One fold per unordered pair {g, h} of the groups of `train`: trained without both groups, scoring
 * both groups' texts (excerpts train with their group and are never scored).
 */
export function pairFolds(docs: CorpusDoc[], train: number[], groupOf: (d: CorpusDoc) => string): HeldOutFold[] {
  const groups = [...new Set(train.map((i) => groupOf(docs[i])))].sort();
  const folds: HeldOutFold[] = [];
  for (let a = 0; a < groups.length; a++) {
    for (let b = a + 1; b < groups.length; b++) {
      const out = new Set([groups[a], groups[b]]);
      folds.push({
        group: `${groups[a]}+${groups[b]}`,
        train: train.filter((i) => !out.has(groupOf(docs[i]))),
        held: train.filter((i) => out.has(groupOf(docs[i])) && !docs[i].excerpt),
        joinPairs: 0,
      });
    }
  }
  return folds;
}

/**
 * For each group g of `train`: the logits (aligned with `train`) of the texts of every other group h
 * under the recipe trained without g and h; NaN for g's own texts and for excerpts. Cached.
 */
export async function nestedHeldOutLogits(docs: CorpusDoc[], train: number[], groupOf: (d: CorpusDoc) => string, log: (s: string) => void = console.log): Promise<Map<string, Float64Array>> {
  return cachedHeldOut(heldOutCache(`nested-${FOLDS_VERSION}`, docs), 'doubly held-out logits', log, async () => {
    const folds = pairFolds(docs, train, groupOf);
    const logits = (await runFolds('nested', folds, log)).map((r) => r.logits);
    const pos = new Map(train.map((i, k) => [i, k]));
    const out = new Map<string, Float64Array>();
    for (const g of [...new Set(train.map((i) => groupOf(docs[i])))].sort()) out.set(g, new Float64Array(train.length).fill(NaN));
    folds.forEach((fold, j) => {
      const [g, h] = fold.group.split('+');
      fold.held.forEach((i, k) => {
        // A text of h scored without g (and h) calibrates g's fold, and vice versa.
        out.get(groupOf(docs[i]) === g ? h : g)![pos.get(i)!] = logits[j][k];
      });
    });
    return out;
  });
}

/** Logits (aligned with `train`) of the texts of `domain` under the recipe trained without that domain alone; NaN elsewhere. Cached. */
export async function domainHeldOutLogits(docs: CorpusDoc[], train: number[], domain: string, log: (s: string) => void = console.log): Promise<Float64Array> {
  return cachedHeldOut(heldOutCache(`domain-${domain}-${FOLDS_VERSION}`, docs), `${domain} held-out logits`, log, async () => {
    const fold: HeldOutFold = { group: domain, train: train.filter((i) => docs[i].row.domain !== domain), held: train.filter((i) => docs[i].row.domain === domain && !docs[i].excerpt), joinPairs: 0 };
    if (fold.held.length === 0) throw new Error(`no texts of domain ${domain}`);
    return alignedLogits(train, [fold], (await runFolds(`domain ${domain}`, [fold], log)).map((r) => r.logits));
  });
}
