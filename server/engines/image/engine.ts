/**
 * The image detection engine: decode → provenance findings + patch forensics → pixel classifier → fusion.
 * The two kinds of evidence stay apart until fusion.ts and are both reported. CPU-bound and stateless apart
 * from the loaded model, so it can run on a worker thread.
 */
import { decodeView } from './decode.ts';
import { InvalidImageError, sniffImageFormat, type ImageFormat } from './formats.ts';
import { PATCH, measurePatches, type PatchGrid } from './forensics.ts';
import { CLASSES, defaultModel, largestCluster, patchScores, predictPixels, standoutCells, type ImageClass, type PixelModel } from './model.ts';
import { readProvenance, type ProvenanceFindings } from './provenance.ts';
import { fuse, roundProbabilities } from './fusion.ts';

/** A suspected edited region, in pixels of the submitted image; score = mean P(generated) of its patches. */
export interface ImageRegion {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

export interface ImageAnalysis {
  prediction: ImageClass;
  confidence: number;
  probabilities: Record<ImageClass, number>;
  width: number;
  height: number;
  format: ImageFormat;
  evidence: string[];
  /** Only when the prediction is `inpainting`: where the pixels look generated, most suspicious first. */
  regions?: ImageRegion[];
}

/** Everything the evaluation needs besides the public result. */
export interface DetailedAnalysis extends ImageAnalysis {
  /** Pixel-channel probabilities (CLASSES order), null when the image is too small to measure. */
  pixelProbabilities: number[] | null;
  findings: ProvenanceFindings;
}

export interface AnalysisOptions {
  model?: PixelModel;
  /** Ignore the file's metadata (evaluation of the pixel path alone). */
  ignoreProvenance?: boolean;
}

const pct = (v: number): string => `${Math.round(v * 100)}%`;

/** What the engine measures on a file before any model is applied (cacheable for evaluation). */
export interface Measurement {
  format: ImageFormat;
  width: number;
  height: number;
  grid: PatchGrid;
  findings: ProvenanceFindings;
}

export const NO_FINDINGS: ProvenanceFindings = {
  sourceClaims: [], generatorTraces: [], camera: null, captureClaim: null, editor: null, jpegTables: null, c2pa: null, evidence: [],
};

/** Decodes and measures; throws InvalidImageError for anything that is not a decodable image. */
export async function measureImage(bytes: Uint8Array, options: { ignoreProvenance?: boolean } = {}): Promise<Measurement> {
  if (!(bytes instanceof Uint8Array)) throw new InvalidImageError('expected the file bytes');
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError('not a JPEG, PNG, WebP, GIF, BMP or TIFF file');
  const { width, height, view } = await decodeView(bytes);
  return {
    format, width, height,
    grid: measurePatches(view),
    findings: options.ignoreProvenance ? NO_FINDINGS : readProvenance(bytes, format),
  };
}

/** Up to five boxes around groups of patches that look more generated than the rest of the image. */
function regionsFrom(m: Measurement, scores: Float64Array): ImageRegion[] {
  const { grid } = m;
  const flags = standoutCells(scores);
  if (!flags.some((f) => f)) flags[scores.indexOf(Math.max(...scores))] = 1;
  const sx = m.width / grid.viewWidth, sy = m.height / grid.viewHeight;
  const regions: ImageRegion[] = [];
  const left = Uint8Array.from(flags);
  while (regions.length < 5) {
    const { cells } = largestCluster(left, grid.cols, grid.rows);
    if (!cells.length) break;
    for (const c of cells) left[c] = 0;
    const xs = cells.map((c) => c % grid.cols), ys = cells.map((c) => Math.floor(c / grid.cols));
    // Each patch stands for the cell around it (patches are sampled sparsely on large views).
    const halfX = Math.max(PATCH, grid.stepX) / 2, halfY = Math.max(PATCH, grid.stepY) / 2;
    const centreX = (col: number): number => grid.left + col * grid.stepX + PATCH / 2;
    const centreY = (row: number): number => grid.top + row * grid.stepY + PATCH / 2;
    const x0 = Math.max(0, centreX(Math.min(...xs)) - halfX), y0 = Math.max(0, centreY(Math.min(...ys)) - halfY);
    const x1 = Math.min(grid.viewWidth, centreX(Math.max(...xs)) + halfX), y1 = Math.min(grid.viewHeight, centreY(Math.max(...ys)) + halfY);
    const score = cells.reduce((s, c) => s + 1 / (1 + Math.exp(-scores[c])), 0) / cells.length;
    regions.push({
      x: Math.round(x0 * sx), y: Math.round(y0 * sy),
      width: Math.min(m.width, Math.round(x1 * sx)) - Math.round(x0 * sx),
      height: Math.min(m.height, Math.round(y1 * sy)) - Math.round(y0 * sy),
      score: Math.round(score * 1e4) / 1e4,
    });
  }
  return regions.sort((a, b) => b.score - a.score);
}

/** The suspected regions whatever the verdict (evaluation of the localisation); none without a patch. */
export function suspectedRegions(m: Measurement, model: PixelModel = defaultModel()): ImageRegion[] {
  return m.grid.rows * m.grid.cols ? regionsFrom(m, patchScores(model.patch, m.grid)) : [];
}

/** Applies a pixel model and the fusion policy to a measurement. */
export function decide(m: Measurement, model: PixelModel = defaultModel()): DetailedAnalysis {
  const side = Math.min(m.grid.viewWidth, m.grid.viewHeight);
  const pixel = predictPixels(model, m.grid);
  // Full trust from 256 px up; none below one patch.
  const reliability = pixel ? Math.max(0, Math.min(1, (side - PATCH) / (256 - PATCH))) : 0;
  const fused = fuse({ pixel: pixel?.probabilities ?? [1, 0, 0], reliability, findings: m.findings });
  const { rounded, argmax } = roundProbabilities(fused);

  const evidence = [...m.findings.evidence];
  if (m.findings.camera || m.findings.captureClaim || m.findings.editor) {
    evidence.push('camera or editing metadata is reported but not weighed: it is easy to copy and most genuine photos arrive without it');
  }
  if (!m.findings.sourceClaims.length && !m.findings.generatorTraces.length) {
    evidence.push('no AI provenance claim in the metadata (absence is not evidence either way)');
  }
  if (!pixel || reliability === 0) evidence.push(`image too small for pixel forensics (${side} px side): pixel channel not used`);
  else {
    const p = pixel.probabilities;
    evidence.push(`pixel classifier (metadata-blind): real ${pct(p[0])}, fake ${pct(p[1])}, inpainting ${pct(p[2])}` +
      (reliability < 1 ? ` (down-weighted: small image, ${side} px)` : ''));
    const generated = pixel.scores.filter((s) => s > 0).length;
    evidence.push(`${generated} of ${pixel.scores.length} patches of ${PATCH}×${PATCH} px look generated (noise, resampling and colour-filter traces)`);
  }

  const prediction = CLASSES[argmax];
  const probabilities = Object.fromEntries(CLASSES.map((c, i) => [c, rounded[i]])) as Record<ImageClass, number>;
  return {
    prediction,
    confidence: rounded[argmax],
    probabilities,
    width: m.width,
    height: m.height,
    format: m.format,
    evidence,
    ...(prediction === 'inpainting' && pixel && reliability > 0 ? { regions: regionsFrom(m, pixel.scores) } : {}),
    pixelProbabilities: pixel?.probabilities ?? null,
    findings: m.findings,
  };
}

export async function analyzeImageDetailed(bytes: Uint8Array, options: AnalysisOptions = {}): Promise<DetailedAnalysis> {
  return decide(await measureImage(bytes, options), options.model);
}

export async function analyzeImage(bytes: Uint8Array): Promise<ImageAnalysis> {
  const { prediction, confidence, probabilities, width, height, format, evidence, regions } = await analyzeImageDetailed(bytes);
  return { prediction, confidence, probabilities, width, height, format, evidence, ...(regions ? { regions } : {}) };
}
