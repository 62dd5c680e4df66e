/**
 * Decoding to bounded RGB working buffers. sharp (libvips) streams JPEG/PNG/WebP/GIF/TIFF, with the first
 * frame only for GIF and TIFF; BMP goes through bmp-ts. Every failure becomes InvalidImageError.
 */
import sharp from 'sharp';
import type { Region, Sharp } from 'sharp';
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

export interface DecodedViews {
  format: ImageFormat;
  width: number;
  height: number;
  /** Centre crop at native resolution (no resampling, so upsampling grids and CFA traces survive). */
  native: RgbImage;
  /** Whole image, downscaled to fit the overview box (never enlarged); for block-wise noise maps. */
  overview: RgbImage;
}

/** Native crop side and overview box: bounded work per image whatever its size. */
export const NATIVE_CROP = 512;
export const OVERVIEW_MAX = 1024;

// 'truncated' rejects cut-off files without failing on the harmless warnings many camera JPEGs trigger.
const SHARP_INPUT = { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'truncated', page: 0, pages: 1 } as const;

async function toRgb(pipeline: Sharp): Promise<RgbImage> {
  const { data, info } = await pipeline
    .toColourspace('srgb')
    .removeAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  if (info.channels !== 3) throw new InvalidImageError(`unexpected channel count ${info.channels}`);
  return { width: info.width, height: info.height, data: new Uint8Array(data.buffer, data.byteOffset, data.length) };
}

function centreCrop(width: number, height: number): Region {
  const w = Math.min(width, NATIVE_CROP);
  const h = Math.min(height, NATIVE_CROP);
  // Even offsets keep the 2×2 colour-filter phase and the 8×8 JPEG grid phase of the original.
  const left = Math.floor((width - w) / 16) * 8;
  const top = Math.floor((height - h) / 16) * 8;
  return { left, top, width: w, height: h };
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

/** Decodes the two working views; throws InvalidImageError for anything that is not a decodable image. */
export async function decodeViews(bytes: Uint8Array): Promise<DecodedViews> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError('not a JPEG, PNG, WebP, GIF, BMP or TIFF file');
  try {
    let open: () => Sharp;
    let width: number;
    let height: number;
    if (format === 'bmp') {
      const raw = bmpToRaw(bytes);
      ({ width, height } = raw);
      open = () => sharp(raw.data, { raw: { width, height, channels: 4 } });
    } else {
      const meta = await sharp(bytes, SHARP_INPUT).metadata();
      width = meta.width ?? 0;
      height = meta.pageHeight ?? meta.height ?? 0;
      checkPixelBudget(width, height, format);
      // EXIF orientation is not applied: pixel forensics want the sensor's own row/column order.
      open = () => sharp(bytes, SHARP_INPUT);
    }
    const [native, overview] = await Promise.all([
      toRgb(open().extract(centreCrop(width, height))),
      toRgb(open().resize({ width: OVERVIEW_MAX, height: OVERVIEW_MAX, fit: 'inside', withoutEnlargement: true })),
    ]);
    return { format, width, height, native, overview };
  } catch (err) {
    if (err instanceof InvalidImageError) throw err;
    throw new InvalidImageError(`cannot decode the ${format} image: ${(err as Error).message}`);
  }
}
