/**
 * Decoding to bounded RGB working buffers. sharp (libvips) streams JPEG/PNG/WebP/GIF/TIFF, with the first
 * frame only for GIF and TIFF; BMP goes through bmp-ts. Every failure becomes InvalidImageError.
 */
import sharp from 'sharp';
import type { Sharp } from 'sharp';
import { decode as decodeBmp } from 'bmp-ts';
import {
  InvalidImageError,
  MAX_INPUT_PIXELS,
  checkPixelBudget,
  readBmpHeader,
  sniffImageFormat,
  type ImageFormat,
} from './formats.ts';

/** Interleaved 8-bit RGB pixels. */
export interface RgbImage {
  width: number;
  height: number;
  data: Uint8Array; // length = width × height × 3
}

/**
 * The one working view the pixel channel measures: the whole image at native resolution (sensor and
 * generator traces live in single pixels, and resampling would blur them), or shrunk to fit
 * VIEW_MAX × VIEW_MAX when a side is longer (never enlarged). Decoded without EXIF rotation and without the
 * embedded ICC profile, so that no metadata can change the pixels the model sees.
 */
export interface DecodedView {
  format: ImageFormat;
  /** Size of the submitted image. */
  width: number;
  height: number;
  /** The working view (view.width / width is the scale of every position measured on it). */
  view: RgbImage;
}

export const VIEW_MAX = 4096;

// 'truncated' rejects cut-off files without failing on the harmless warnings many camera JPEGs trigger.
const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', page: 0, pages: 1, ignoreIcc: true } as const;

async function toRgb(pipeline: Sharp): Promise<RgbImage> {
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new InvalidImageError(`unexpected channel count ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

/** Decodes a BMP into an 8-bit RGBA buffer that sharp can take as raw input. */
function bmpToRaw(bytes: Uint8Array): { data: Buffer; width: number; height: number } {
  const { width, height } = readBmpHeader(bytes);
  checkPixelBudget(width, height, 'bmp');
  let decoded;
  try {
    decoded = decodeBmp(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { toRGBA: true });
  } catch (err) {
    throw new InvalidImageError(`cannot decode BMP: ${(err as Error).message}`);
  }
  if (decoded.width !== width || decoded.data.length < width * height * 4) {
    throw new InvalidImageError('BMP pixel data is truncated');
  }
  return { data: decoded.data, width, height };
}

/** Decodes the working view; throws InvalidImageError for anything that is not a decodable image. */
export async function decodeView(bytes: Uint8Array): Promise<DecodedView> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError('not a JPEG, PNG, WebP, GIF, BMP or TIFF file');
  try {
    let image: Sharp;
    let width: number;
    let height: number;
    if (format === 'bmp') {
      const raw = bmpToRaw(bytes);
      ({ width, height } = raw);
      image = sharp(raw.data, { raw: { width, height, channels: 4 } });
    } else {
      const meta = await sharp(bytes, SHARP_INPUT).metadata();
      width = meta.width ?? 0;
      height = meta.pageHeight ?? meta.height ?? 0;
      checkPixelBudget(width, height, format);
      // EXIF orientation is not applied: pixel forensics want the sensor's own row/column order.
      image = sharp(bytes, SHARP_INPUT);
    }
    const view = await toRgb(image.resize({ width: VIEW_MAX, height: VIEW_MAX, fit: 'inside', withoutEnlargement: true }));
    return { format, width, height, view };
  } catch (err) {
    if (err instanceof InvalidImageError) throw err;
    throw new InvalidImageError(`cannot decode the ${format} image: ${(err as Error).message}`);
  }
}
