/**
 * The image detection engine: decode → provenance + forensic features → pixel classifier → fusion.
 * CPU-bound and stateless apart from the loaded model, so it can run on a worker thread.
 */
import { decodeViews } from './decode.ts';
import { InvalidImageError, sniffImageFormat, type ImageFormat } from './formats.ts';
import { MIN_FORENSIC_SIDE, extractFeatures, type FEATURE_NAMES, type FeatureVector } from './forensics.ts';
import { CLASSES, defaultModel, featureArray, predictPixel, standardise, type ImageClass, type PixelModel } from './model.ts';
import { readProvenance, type ProvenanceFindings } from './provenance.ts';
import { fuse, roundProbabilities } from './fusion.ts';

export interface ImageAnalysis {
  prediction: ImageClass;
  confidence: number;
  probabilities: Record<ImageClass, number>;
  width: number;
  height: number;
  format: ImageFormat;
  evidence: string[];
}

/** Everything the evaluation needs besides the public result. */
export interface DetailedAnalysis extends ImageAnalysis {
  pixelProbabilities: number[];
  features: FeatureVector;
  findings: ProvenanceFindings;
}

export interface AnalysisOptions {
  model?: PixelModel;
  /** Ignore the file's metadata (evaluation of the pixel path alone). */
  ignoreProvenance?: boolean;
}

/** Plain-language descriptions of what a high value of each forensic feature means. */
const FEATURE_TEXT: Partial<Record<(typeof FEATURE_NAMES)[number], string>> = {
  grid_p2: 'period-2 peaks in the residual spectrum (upsampling or demosaicing grid)',
  grid_p4: 'period-4 peaks in the residual spectrum (upsampling grid)',
  grid_p8: 'period-8 peaks in the residual spectrum (upsampling or JPEG block grid)',
  grid_any: 'an isolated periodic peak in the residual spectrum (resampling)',
  spec_slope: 'the slope of the power spectrum',
  spec_hf_share: 'the share of high-frequency energy',
  xcorr_rg: 'correlated red/green residuals (demosaicing)',
  xcorr_gb: 'correlated green/blue residuals (demosaicing)',
  xcorr_rb: 'correlated red/blue residuals (demosaicing)',
  cfa_green_phase: 'a 2×2 colour-filter phase pattern in the green residual',
  res_log_level: 'the fine-grain noise level',
  res_kurtosis: 'the heavy-tailed shape of the noise residual',
  noise_spread: 'the spread of the block-wise noise level',
  noise_low_tail: 'blocks markedly smoother than the rest',
  noise_high_tail: 'blocks markedly noisier than the rest',
  noise_cluster: 'a compact region whose noise level differs from the rest',
  noise_outlier_share: 'many blocks with an inconsistent noise level',
  sat_mean: 'colour saturation',
};

/** The two features that pushed hardest towards the predicted class, as evidence lines. */
function explainPixels(model: PixelModel, features: FeatureVector, cls: number): string[] {
  const z = standardise(model, featureArray(features, model.features));
  const contributions = model.features.map((name, i) => {
    const others = model.weights.filter((_, c) => c !== cls).map((w) => w[i]);
    const push = z[i] * (model.weights[cls][i] - others.reduce((a, b) => a + b, 0) / others.length);
    return { name, push, high: z[i] > 0 };
  });
  return contributions
    .filter((c) => c.push > 0.15 && FEATURE_TEXT[c.name as keyof typeof FEATURE_TEXT])
    .sort((a, b) => b.push - a.push)
    .slice(0, 2)
    .map((c) => `pixel forensics: ${c.high ? 'high' : 'low'} ${FEATURE_TEXT[c.name as keyof typeof FEATURE_TEXT]} points to ${CLASSES[cls]}`);
}

const pct = (v: number): string => `${Math.round(v * 100)}%`;

/** What the engine measures on a file before any model is applied (cacheable for evaluation). */
export interface Measurement {
  format: ImageFormat;
  width: number;
  height: number;
  /** Shorter side of the native-resolution crop the pixel statistics were taken on. */
  nativeSide: number;
  features: FeatureVector;
  findings: ProvenanceFindings;
}

const NO_FINDINGS: ProvenanceFindings = {
  sourceClaims: [], generatorTraces: [], camera: null, captureClaim: null, editor: null, jpegTables: null, c2pa: null, evidence: [],
};

/** Decodes and measures; throws InvalidImageError for anything that is not a decodable image. */
export async function measureImage(bytes: Uint8Array, options: { ignoreProvenance?: boolean } = {}): Promise<Measurement> {
  if (!(bytes instanceof Uint8Array)) throw new InvalidImageError('expected the file bytes');
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError('not a JPEG, PNG, WebP, GIF, BMP or TIFF file');
  const views = await decodeViews(bytes);
  return {
    format,
    width: views.width,
    height: views.height,
    nativeSide: Math.min(views.native.width, views.native.height),
    features: extractFeatures(views.native, views.overview),
    findings: options.ignoreProvenance ? NO_FINDINGS : readProvenance(bytes, format),
  };
}

/** Applies a pixel model and the fusion policy to a measurement. */
export function decide(m: Measurement, model: PixelModel = defaultModel()): DetailedAnalysis {
  const pixel = predictPixel(model, m.features);
  // Full trust from 256 px up; none below the measurable minimum.
  const reliability = Math.max(0, Math.min(1, (m.nativeSide - MIN_FORENSIC_SIDE) / (256 - MIN_FORENSIC_SIDE)));
  const fused = fuse({ pixel, reliability, findings: m.findings });
  const { rounded, argmax } = roundProbabilities(fused);
  const pixelArgmax = pixel.indexOf(Math.max(...pixel));

  const evidence = [...m.findings.evidence];
  if (evidence.length === 0) evidence.push('no provenance metadata (absence is not evidence either way)');
  if (reliability === 0) evidence.push(`image too small for pixel forensics (${m.nativeSide} px side): pixel channel not used`);
  else {
    evidence.push(`pixel classifier (metadata-blind): real ${pct(pixel[0])}, fake ${pct(pixel[1])}, inpainting ${pct(pixel[2])}` +
      (reliability < 1 ? ` (down-weighted: small image, ${m.nativeSide} px)` : ''));
    evidence.push(...explainPixels(model, m.features, pixelArgmax));
  }

  const probabilities = Object.fromEntries(CLASSES.map((c, i) => [c, rounded[i]])) as Record<ImageClass, number>;
  return {
    prediction: CLASSES[argmax],
    confidence: rounded[argmax],
    probabilities,
    width: m.width,
    height: m.height,
    format: m.format,
    evidence,
    pixelProbabilities: pixel,
    features: m.features,
    findings: m.findings,
  };
}

export async function analyzeImageDetailed(bytes: Uint8Array, options: AnalysisOptions = {}): Promise<DetailedAnalysis> {
  return decide(await measureImage(bytes, options), options.model);
}

export async function analyzeImage(bytes: Uint8Array): Promise<ImageAnalysis> {
  const { prediction, confidence, probabilities, width, height, format, evidence } = await analyzeImageDetailed(bytes);
  return { prediction, confidence, probabilities, width, height, format, evidence };
}
