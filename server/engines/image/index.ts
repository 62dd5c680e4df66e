/**
 * Image detection engine: real / fake / inpainting from provenance metadata plus pixel forensics and a
 * small trained classifier. Pure (no HTTP); the platform prices with readImageSize + contract/catalogue.ts imageCredits before
 * calling analyzeImage, and maps InvalidImageError to 400 invalid_image.
 */
import { defaultModel } from './model.ts';

export type { ImageClass } from './model.ts';
export type { ImageFormat } from './formats.ts';
export { InvalidImageError, sniffImageFormat, readImageSize } from './formats.ts';
export type { ImageAnalysis } from './engine.ts';
export { analyzeImage } from './engine.ts';

/** Engine code version plus the trained artefact's version. */
export const IMAGE_ENGINE_VERSION: string = `image-engine-1.0+${defaultModel().version}`;
