/** Multipart bodies for the image, voice and document uploads, from whatever the caller holds. */
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';

/**
 * A file to upload: a path on disk (streamed from the file, never read whole into memory), bytes
 * (Buffer or Uint8Array), a Blob or File, or a stream (a Node Readable, a web ReadableStream or any
 * async iterable of chunks; read into memory before sending, so a retry can send it again).
 */
export type FileInput = string | Uint8Array | Blob | AsyncIterable<Uint8Array | string>;

export interface UploadOptions {
  /** File name sent with the part; defaults to the path's base name, the File's name, or `upload`. */
  filename?: string;
  /** Content type of the part; the server reads the format from the bytes, so this is optional. */
  contentType?: string;
}

/** A FormData with the file in the field `file`, the way the endpoints take it; `fields` (the request's other fields) as form fields. */
export async function fileForm(file: FileInput, options: UploadOptions = {}, fields: Record<string, unknown> = {}): Promise<FormData> {
  const { blob, name } = await toBlob(file, options.contentType);
  const form = new FormData();
  form.append('file', blob, options.filename ?? name ?? 'upload');
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) form.append(field, String(value));
  return form;
}

/** A file with the name to send it under (a Buffer has none of its own; a batch item's ref is its file name). */
export interface NamedFile {
  file: FileInput;
  filename: string;
}

/**
 * A FormData of several documents in the field `files` (a batch's), in order, each under its name
 * (a path's base name, a File's name, or `document-N`); `fields` as form fields.
 */
export async function filesForm(files: (FileInput | NamedFile)[], fields: Record<string, unknown> = {}): Promise<FormData> {
  const form = new FormData();
  for (const [field, value] of Object.entries(fields)) if (value !== undefined) form.append(field, String(value));
  for (const [index, entry] of files.entries()) {
    const named = isNamedFile(entry) ? entry : undefined;
    const { blob, name } = await toBlob(named ? named.file : (entry as FileInput));
    form.append('files', blob, named?.filename ?? name ?? `document-${index + 1}`);
  }
  return form;
}

function isNamedFile(entry: FileInput | NamedFile): entry is NamedFile {
  return typeof entry === 'object' && !(entry instanceof Blob) && !(entry instanceof Uint8Array) && 'file' in entry && 'filename' in entry;
}

/**
 * A document for a text method: a file as `FileInput` takes it (a path, bytes, a Blob or a
 * stream), or an address for the service to fetch, as a URL object or a string that starts with
 * http:// or https://.
 */
export type DocumentInput = FileInput | URL;

/** The address of a document given as one; undefined for a file. */
export function documentUrl(document: DocumentInput): string | undefined {
  if (document instanceof URL) return document.href;
  return typeof document === 'string' && /^https?:\/\//i.test(document) ? document : undefined;
}

async function toBlob(file: FileInput, type = ''): Promise<{ blob: Blob; name?: string }> {
  if (typeof file === 'string') return { blob: await openAsBlob(file, { type }), name: basename(file) };
  if (file instanceof Blob) return { blob: file, name: 'name' in file && typeof file.name === 'string' && file.name ? file.name : undefined };
  // Node's Buffers are views on plain ArrayBuffers, which is what Blob takes.
  if (file instanceof Uint8Array) return { blob: new Blob([file as Uint8Array<ArrayBuffer>], { type }) };
  if (isAsyncIterable(file)) {
    const chunks: (Uint8Array<ArrayBuffer> | string)[] = [];
    for await (const chunk of file) chunks.push(chunk as Uint8Array<ArrayBuffer> | string);
    const path = (file as { path?: unknown }).path; // fs.createReadStream() knows its file name
    return { blob: new Blob(chunks, { type }), name: typeof path === 'string' ? basename(path) : undefined };
  }
  throw new TypeError('file must be a path, a Buffer/Uint8Array, a Blob or a readable stream');
}

function isAsyncIterable(value: unknown): value is AsyncIterable<Uint8Array | string> {
  return typeof value === 'object' && value !== null && typeof (value as AsyncIterable<unknown>)[Symbol.asyncIterator] === 'function';
}
