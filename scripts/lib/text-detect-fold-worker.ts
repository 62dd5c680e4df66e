/**
 * Worker thread of `heldOutLogits` (text-detect-recipe.ts): loads the corpus and its cached features
 * once, then trains and scores one held-out fold per message.
 */
import { parentPort } from 'node:worker_threads';
import { corpusFeatures, loadCorpus, runFold, type HeldOutFold } from './text-detect-recipe.ts';

const docs = loadCorpus();
const feats = corpusFeatures(docs, () => undefined);
parentPort?.on('message', (fold: HeldOutFold) => {
  parentPort?.postMessage(runFold(docs, feats, fold));
});
