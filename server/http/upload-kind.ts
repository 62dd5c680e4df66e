/**
 * What an upload is, by its first bytes, so that a file sent to the wrong endpoint is refused with
 * what was sent and what the endpoint takes (a JPEG sent for voice detection is not "a video").
 * Only the clear cases are named; anything else is left to the engine's own decoding.
 */
import { open } from 'node:fs/promises';
import { ApiError } from '../platform/errors.ts';

type UploadClass = 'image' | 'audio' | 'document' | 'text';

interface Kind {
  name: string;
  class: UploadClass;
}

const ascii = (head: Uint8Array, at: number, text: string) => text.split('').every((c, i) => head[at + i] === c.charCodeAt(0));

const SIGNATURES: { test: (head: Uint8Array) => boolean; kind: Kind }[] = [
  { test: (h) => h[0] === 0xff && h[1] === 0xd8 && h[2] === 0xff, kind: { name: 'a JPEG image', class: 'image' } },
  { test: (h) => ascii(h, 0, '\x89PNG'), kind: { name: 'a PNG image', class: 'image' } },
  { test: (h) => ascii(h, 0, 'GIF8'), kind: { name: 'a GIF image', class: 'image' } },
  { test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WEBP'), kind: { name: 'a WebP image', class: 'image' } },
  { test: (h) => ascii(h, 0, 'II*\0') || ascii(h, 0, 'MM\0*'), kind: { name: 'a TIFF image', class: 'image' } },
  { test: (h) => ascii(h, 0, 'RIFF') && ascii(h, 8, 'WAVE'), kind: { name: 'WAV audio', class: 'audio' } },
  { test: (h) => ascii(h, 0, 'fLaC'), kind: { name: 'FLAC audio', class: 'audio' } },
  { test: (h) => ascii(h, 0, 'OggS'), kind: { name: 'an OGG file', class: 'audio' } },
  { test: (h) => ascii(h, 0, 'ID3'), kind: { name: 'MP3 audio', class: 'audio' } },
  { test: (h) => ascii(h, 4, 'ftyp'), kind: { name: 'an MP4 or M4A file', class: 'audio' } },
  { test: (h) => ascii(h, 0, '%PDF'), kind: { name: 'a PDF document', class: 'document' } },
  { test: (h) => ascii(h, 0, 'PK\x03\x04'), kind: { name: 'a ZIP archive (or an Office document)', class: 'document' } },
];

/** Bytes of a file looked at. */
const HEAD_BYTES = 512;

/** Whether the bytes read as text: UTF-8 without control characters other than tab, line breaks and form feed. */
function isText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  let text: string;
  try {
    // A multi-byte character cut at the end of the head is not a reason to call it binary.
    text = new TextDecoder('utf-8', { fatal: true }).decode(head.subarray(0, head.length === HEAD_BYTES ? HEAD_BYTES - 3 : head.length));
  } catch {
    return false;
  }
  // eslint-disable-next-line no-control-regex -- control characters are what makes bytes binary
  return !/[\u0000-\u0008\u000b\u000e-\u001f\u007f]/.test(text);
}

/** The kind of the file whose first bytes are `head`, when it is a clear case. */
function uploadKind(head: Uint8Array): Kind | undefined {
  return SIGNATURES.find((s) => s.test(head))?.kind ?? (isText(head) ? { name: 'text', class: 'text' } : undefined);
}

/** Refuses (400 invalid_payload) a file that is clearly of another class than the endpoint's, saying what it is and what the endpoint takes. */
export function requireUploadClass(head: Uint8Array, wanted: 'image' | 'audio', takes: string): void {
  const kind = uploadKind(head);
  if (kind && kind.class !== wanted) throw new ApiError('invalid_payload', `The file is ${kind.name}; this endpoint takes ${wanted === 'image' ? 'an image' : 'audio'}: ${takes}.`);
}

/** The first bytes of a stored upload. */
export async function uploadHead(path: string): Promise<Uint8Array> {
  const file = await open(path, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    const { bytesRead } = await file.read(buffer, 0, HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}
