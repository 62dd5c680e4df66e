/**
 * Image detection engine: real / fake / inpainting from two kinds of evidence kept apart: provenance metadata
 * (AI claims only ever raise their class) and metadata-blind patch forensics with a small trained classifier.
 * Pure (no HTTP); the platform prices with readImageSize + contract/catalogue.ts imageCredits before calling
 * analyzeImage, and maps InvalidImageError to 400 invalid_image.
 */
import { defaultModel } from './model.ts';

export type { ImageClass } from './model.ts';
export type { ImageFormat } from './formats.ts';
export { InvalidImageError, sniffImageFormat, readImageSize } from './formats.ts';
export type { ImageAnalysis, ImageRegion } from './engine.ts';
export { analyzeImage } from './engine.ts';
export { decodeView } from './decode.ts';

/** Engine code version plus the trained artefact's version. */
export const IMAGE_ENGINE_VERSION: string = `image-engine-3.0+${defaultModel().version}`;
