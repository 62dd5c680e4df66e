/**
 * `npm run train -- text-detect`: trains the AI-text detector and writes its artefact
 * (server/engines/text-detect/model/ci-textdetect.json). The recipe is scripts/lib/text-detect-recipe.ts.
 *
 * 1. Features of train.jsonl + extra.jsonl (+ answers.jsonl with RECIPE.answers), the human prose of
 *    the Debian packages the recipe names (RECIPE.humanPackages, read where they are installed) and
 *    the training-only excerpts (cached under the temp folder).
 * 2. Held-out-register logits: for every held-out group (heldOutGroupOf: related domains; answers.jsonl
 *    by source), the recipe trained on all other groups scores it.
 * 3. Calibration per length band fitted on those held-out logits (Platt, then each band's operating
 *    point at its held-out human false-positive target): the calibration an unseen domain needs.
 * 4. The final model on all of train + extra, with the language model of all their human texts
 *    (`--final-only` trains and caches just this, e.g. while the eval's folds run).
 * 5. The sentence reader (text-detect-recipe.ts trainReader): a second weight vector over the same
 *    features, trained on every sentence of the training texts read alone, with the final model's
 *    language models.
 * 6. The sentence model (text-detect-sentences.ts), on documents joined from passages of dev.jsonl
 *    texts (never trained on by the document model) and on those whole texts, as the final model
 *    and the reader score them, and with RECIPE.foldJoinPairs also from each register fold's held-out
 *    texts under that fold's model (`--sentences-only`: the reader and this, on the committed
 *    artefact's document model).
 *
 * Deterministic: the same data give the same file byte for byte (fixed halves, full-batch L-BFGS,
 * fixed summation order, no dates in the artefact). dev.jsonl trains only the sentence model.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DENSE_DIM, DENSE_NAMES } from '../server/engines/text-detect/features.ts';
import { LENGTH_BANDS, SENTENCE_FEATURES, deserializeModel, serializeModel, type LinearWeights, type ModelParams, type SentenceModel } from '../server/engines/text-detect/model.ts';
import { MODEL_FILE, MODEL_VERSION } from '../server/engines/text-detect/index.ts';
import { RECIPE, cachedHeldOut, corpusFeatures, fitAndScore, foldLms, heldOutCache, linearWeights, loadCorpus, registerFolds, trainReader, uncalibratedParams, withoutExcerpts, type ConstructedDoc, type CorpusDoc, type DocFeatures, type Linear } from './lib/text-detect-recipe.ts';
import type { LmTables } from '../server/engines/text-detect/features.ts';
import type { NgramPair } from '../server/engines/text-detect/ngram-lm.ts';
import { devJoinedDocs, devWholeDocs, trainSentenceModel } from './lib/text-detect-sentences.ts';
import { BAND_FPR, GROUP_FPR, fitCalibration } from './lib/text-detect-calibration.ts';
import { TEXT_DETECT_DATA, requireData } from './lib/text-detect-data.ts';

/** The model on all training texts, with its language models; cached under the temp folder like the held-out folds. */
async function finalModel(docs: CorpusDoc[], feats: DocFeatures[], train: number[]): Promise<{ model: Linear; lm: LmTables; ngram: NgramPair | null }> {
  return cachedHeldOut(heldOutCache('final', docs), 'final model', console.log, async () => {
    const t1 = performance.now();
    const { model, lm, ngram } = fitAndScore(docs, feats, train, [], undefined, true);
    console.log(`final model trained in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    return { model, lm, ngram };
  });
}

/** The sentence reader, on the sentences of all training texts with the final model's language models; cached under the temp folder. */
async function finalReader(docs: CorpusDoc[], feats: DocFeatures[], train: number[]): Promise<LinearWeights> {
  const r = await cachedHeldOut(heldOutCache('reader', docs), 'sentence reader', console.log, async () => {
    const t1 = performance.now();
    const reader = trainReader(docs, train, foldLms(docs, feats, train));
    console.log(`sentence reader trained in ${((performance.now() - t1) / 1000).toFixed(1)} s`);
    return reader;
  });
  return linearWeights(r);
}

/**
 * The sentence model, on documents joined from texts their document model never saw: each register
 * fold's held-out texts under the fold's model, and dev.jsonl's under the final model `params`.
 */
function sentenceModel(docs: CorpusDoc[], params: ModelParams, foldJoined: ConstructedDoc[]): SentenceModel {
  const dev = devJoinedDocs(docs, params);
  const whole = devWholeDocs(docs, params);
  const m = trainSentenceModel([...foldJoined, ...dev], whole);
  console.log(`sentence model from ${foldJoined.length} documents joined from held-out register folds, ${dev.length} from dev.jsonl and its ${whole.length} whole texts: switch ${m.switchProb}, threshold ${m.threshold.toFixed(3)}, weights ${m.w.map((w, k) => `${SENTENCE_FEATURES[k]} ${w.toFixed(2)}`).join(', ')}`);
  return m;
}

async function main(): Promise<void> {
  requireData(TEXT_DETECT_DATA);
  const t0 = performance.now();
  const docs = loadCorpus();
  const train = docs.map((_, i) => i).filter((i) => docs[i].source !== 'dev');
  if (process.argv.includes('--sentences-only')) {
    // Only the sentence reader and the sentence model, on the committed document model (what a full run trains before them).
    const params = deserializeModel(readFileSync(MODEL_FILE, 'utf8'));
    params.version = MODEL_VERSION;
    params.reader = await finalReader(docs, corpusFeatures(docs), train);
    params.sentence = sentenceModel(docs, params, RECIPE.foldJoinPairs ? (await registerFolds(docs, train)).joined : []);
    writeFileSync(MODEL_FILE, serializeModel(params));
    console.log(`wrote ${path.relative(process.cwd(), MODEL_FILE)} with a new sentence reader and sentence model, version ${MODEL_VERSION}`);
    return;
  }
  const feats = corpusFeatures(docs);
  const count = (p: (d: (typeof docs)[number]) => boolean): number => train.filter((i) => p(docs[i])).length;
  const texts = {
    'shared/data/text-detect/train.jsonl': count((d) => d.source === 'train' && !d.excerpt),
    'shared/data/text-detect/extra.jsonl': count((d) => d.source === 'extra' && !d.excerpt),
    ...(RECIPE.answers ? { 'shared/data/text-detect/answers.jsonl': count((d) => d.source === 'answers' && !d.excerpt) } : {}),
    ...Object.fromEntries(RECIPE.humanPackages.map((p) => [`debian:${p}`, count((d) => d.row.source_repo === `debian:${p}`)])),
    'excerpts (training only)': count((d) => d.excerpt === true),
  };
  console.log(`recipe ${JSON.stringify(RECIPE)}\ntexts ${JSON.stringify(texts)}`);

  if (process.argv.includes('--final-only')) {
    // The final model alone (cached): it can be trained while the held-out folds run elsewhere.
    await finalModel(docs, feats, train);
    return;
  }
  const folds = await registerFolds(docs, train);
  const lodo = withoutExcerpts(docs, train, folds.logits);
  const calibration = fitCalibration(lodo.x, docs, lodo.which);
  console.log('calibration per length band (from held-out-register logits):');
  LENGTH_BANDS.forEach((b, k) => console.log(`  ${b.name} words: a=${calibration.a[k].toFixed(4)} b=${calibration.b[k].toFixed(4)} (operating-point shift ${calibration.shift[k].toFixed(3)})`));

  const { model, lm, ngram } = await finalModel(docs, feats, train);
  const order = Array.from({ length: DENSE_DIM }, (_, k) => k).sort((p, q) => Math.abs(model.dense[q]) - Math.abs(model.dense[p]));
  console.log(`dense weights: ${order.filter((k) => model.dense[k] !== 0).map((k) => `${DENSE_NAMES[k]} ${model.dense[k].toFixed(3)}`).join(', ')}`);

  const params: ModelParams = {
    ...uncalibratedParams({ model, lm, ngram }),
    version: MODEL_VERSION,
    calibration,
    info: {
      trainedOn: texts,
      texts: train.length,
      groupFpr: GROUP_FPR,
      calibratedOn: 'held-out-register logits of the training texts (each domain group scored by a model trained without it), per length band',
      recipe: RECIPE,
      bandFpr: BAND_FPR,
    },
  };
  params.reader = await finalReader(docs, feats, train);
  params.sentence = sentenceModel(docs, params, folds.joined);
  mkdirSync(path.dirname(MODEL_FILE), { recursive: true });
  const json = serializeModel(params);
  writeFileSync(MODEL_FILE, json);
  console.log(`\nwrote ${path.relative(process.cwd(), MODEL_FILE)} (${(json.length / 2 ** 20).toFixed(1)} MiB), version ${MODEL_VERSION}, in ${((performance.now() - t0) / 60000).toFixed(1)} min`);
}

await main();
