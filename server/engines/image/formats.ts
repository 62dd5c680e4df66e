/**
 * Format sniffing by magic bytes, cheap header-only size reads and the spec's image pricing.
 * Nothing here decodes pixels.
 */
import sharp from 'sharp';
import type { Metadata } from 'sharp';

export type ImageFormat = 'jpeg' | 'png' | 'webp' | 'gif' | 'bmp' | 'tiff';

/** The bytes claim a supported format but cannot be decoded (→ 400 invalid_image). */
export class InvalidImageError extends Error {
  override name = 'InvalidImageError';
}

/**
 * Decompression-bomb guard: anything whose header declares more pixels is rejected before decoding.
 * 100 MP covers every camera that fits in a 10 MB upload; libvips streams, so memory stays bounded.
 */
export const MAX_INPUT_PIXELS = 100_000_000;
/** bmp-ts decodes the whole bitmap into RGBA in memory, so BMP gets a tighter cap (25 MP = 100 MB RGBA). */
export const MAX_BMP_PIXELS = 25_000_000;

/** Known BITMAPINFOHEADER sizes (core, info, v2, v3, OS/2 v2, v4, v5). */
const BMP_DIB_SIZES = new Set([12, 40, 52, 56, 64, 108, 124]);

const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0): boolean =>
  bytes.length >= at + sig.length && sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string): number[] => [...s].map((c) => c.charCodeAt(0));

/** Format by magic bytes; null means "not one of the six supported formats" (→ 400 invalid_payload). */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp';
  // Little-endian "II*\0", big-endian "MM\0*", and BigTIFF (43 instead of 42).
  if (startsWith(bytes, [0x49, 0x49, 0x2a, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (startsWith(bytes, [0x49, 0x49, 0x2b, 0x00]) || startsWith(bytes, [0x4d, 0x4d, 0x00, 0x2b])) return 'tiff';
  if (startsWith(bytes, ascii('BM'))) {
    // "BM" alone is two bytes of text; require a plausible DIB header when there are enough bytes to check.
    if (bytes.length < 18) return 'bmp';
    const dibSize = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(14, true);
    return BMP_DIB_SIZES.has(dibSize) ? 'bmp' : null;
  }
  return null;
}

export interface ImageSize {
  width: number;
  height: number;
  format: ImageFormat;
}

/** BMP header fields, read by hand because sharp cannot open BMP. */
export function readBmpHeader(bytes: Uint8Array): { width: number; height: number; dataOffset: number } {
  if (bytes.length < 26) throw new InvalidImageError('BMP header is truncated');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const dibSize = view.getUint32(14, true);
  const dataOffset = view.getUint32(10, true);
  let width: number;
  let height: number;
  if (dibSize === 12) {
    width = view.getUint16(18, true);
    height = view.getInt16(20, true);
  } else {
    width = view.getInt32(18, true);
    height = view.getInt32(22, true);
  }
  height = Math.abs(height); // negative height = top-down rows
  if (width <= 0 || height <= 0) throw new InvalidImageError('BMP header declares an empty image');
  return { width, height, dataOffset };
}

/** Throws when the declared size is empty or above the pixel budget (decompression bombs fail here, fast). */
export function checkPixelBudget(width: number, height: number, format: ImageFormat): void {
  if (!(width > 0 && height > 0)) throw new InvalidImageError('image declares no pixels');
  const limit = format === 'bmp' ? MAX_BMP_PIXELS : MAX_INPUT_PIXELS;
  if (width * height > limit) {
    throw new InvalidImageError(
      `image declares ${width}×${height} pixels, above the ${Math.round(limit / 1e6)} MP decoding limit`,
    );
  }
}

/**
 * Header-only size read, for pricing before any analysis. Throws InvalidImageError when the bytes are
 * not a supported image, the header is unreadable, or the declared size exceeds the decoding limit.
 */
export async function readImageSize(bytes: Uint8Array): Promise<ImageSize> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError('not a JPEG, PNG, WebP, GIF, BMP or TIFF file');
  let width: number;
  let height: number;
  if (format === 'bmp') {
    ({ width, height } = readBmpHeader(bytes));
  } else {
    let meta: Metadata;
    try {
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch (err) {
      throw new InvalidImageError(`cannot read the ${format} header: ${(err as Error).message}`);
    }
    // For multi-page GIF/TIFF sharp reports the first page's size as width and pageHeight.
    width = meta.width ?? 0;
    height = meta.pageHeight ?? meta.height ?? 0;
  }
  checkPixelBudget(width, height, format);
  return { width, height, format };
}
