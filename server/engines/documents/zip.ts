/**
 * DOCX and ODT are zip files, and a zip can be a bomb: a few kilobytes that inflate to gigabytes,
 * or sizes in its directory that lie. Before anything is inflated the directory is checked (entry
 * count, declared total, compression ratio); then every entry is inflated once under yauzl's size
 * validation, which stops an entry at the size its directory declared. Only what passed this is
 * handed to the format's reader.
 */
import yauzl from 'yauzl';
import { DocumentError, encrypted, unreadable } from './errors.ts';

/** Entries a document may have (a long DOCX with many images has a few hundred). */
const MAX_ENTRIES = 5_000;
/** Declared uncompressed bytes in all. */
const MAX_TOTAL_BYTES = 200 * 1024 * 1024;
/** Uncompressed bytes per compressed byte above which an entry (of at least MIN_RATIO_BYTES) is a bomb; XML compresses about 10:1. */
const MAX_RATIO = 200;
const MIN_RATIO_BYTES = 1024 * 1024;

export interface ZipEntries {
  names: string[];
  /** The inflated bytes of each entry whose name `keep` selected. */
  files: Map<string, Buffer>;
}

const bomb = (why: string) => new DocumentError('payload_too_large', `The file is refused before it is unpacked: ${why}.`, { limit_bytes: MAX_TOTAL_BYTES });

function open(buffer: Buffer): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, validateEntrySizes: true, decodeStrings: true, strictFileNames: false }, (error, zip) => (error ? reject(error) : resolve(zip)));
  });
}

/** Only the names of the entries, from the central directory: nothing is inflated. */
export async function zipNames(buffer: Buffer): Promise<string[] | undefined> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    return undefined;
  }
  const names: string[] = [];
  if (zip.entryCount > MAX_ENTRIES) return names;
  return new Promise((resolve) => {
    zip.on('entry', (entry: yauzl.Entry) => {
      names.push(entry.fileName);
      zip.readEntry();
    });
    zip.on('end', () => resolve(names));
    zip.on('error', () => resolve(names));
    zip.readEntry();
  });
}

/**
 * Checks the directory, then inflates every entry (each stopped at its declared size), keeping
 * the bytes of those `keep` selects. What the document is, for the messages.
 */
export async function readZip(buffer: Buffer, what: string, keep: (name: string) => boolean): Promise<ZipEntries> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(buffer);
  } catch {
    throw unreadable(what);
  }
  if (zip.entryCount > MAX_ENTRIES) throw bomb(`it has ${zip.entryCount} entries, more than ${MAX_ENTRIES}`);
  const entries = await new Promise<yauzl.Entry[]>((resolve, reject) => {
    const list: yauzl.Entry[] = [];
    let total = 0;
    zip.on('entry', (entry: yauzl.Entry) => {
      total += entry.uncompressedSize;
      if (total > MAX_TOTAL_BYTES) return reject(bomb(`it would unpack to more than ${MAX_TOTAL_BYTES / 2 ** 20} MB`));
      if (entry.uncompressedSize >= MIN_RATIO_BYTES && entry.uncompressedSize > MAX_RATIO * Math.max(1, entry.compressedSize)) {
        return reject(bomb(`an entry is compressed more than ${MAX_RATIO}:1`));
      }
      if (entry.isEncrypted()) return reject(encrypted());
      list.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(list));
    zip.on('error', () => reject(unreadable(what)));
    zip.readEntry();
  });
  const names = entries.map((e) => e.fileName);
  const files = new Map<string, Buffer>();
  for (const entry of entries) {
    if (entry.fileName.endsWith('/')) continue;
    const bytes = await inflate(zip, entry, what);
    if (keep(entry.fileName)) files.set(entry.fileName, bytes);
  }
  zip.close();
  return { names, files };
}

/** One entry's bytes; yauzl fails the stream when they run past (or short of) the declared size. */
function inflate(zip: yauzl.ZipFile, entry: yauzl.Entry, what: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error) return reject(unreadable(what));
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', () => reject(unreadable(what)));
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}
