/**
 * Documents made in code for the tests, so that CI needs no file: PDFs with known pages, columns,
 * running heads and hyphenation (pdf-lib), DOCX and ODT packages (fflate), and the hostile ones: a
 * zip bomb, an XML entity bomb, an encrypted PDF, an image-only PDF, a PDF whose page tree loops.
 */
import zlib from 'node:zlib';
import { strToU8, zipSync, type Zippable } from 'fflate';
import { PDFDocument, StandardFonts } from 'pdf-lib';

export interface PdfPage {
  /** Lines drawn top to bottom on the left (or only) column. */
  lines: string[];
  /** A second column, drawn interleaved with the first (row by row) so that only the geometry says which comes first. */
  right?: string[];
}

/** A PDF of Helvetica lines; `header` and `footer` (a page number when it holds #) on every page. */
export async function makePdf(pages: PdfPage[], options: { title?: string; header?: string; footer?: string; size?: number } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  if (options.title) doc.setTitle(options.title);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const size = options.size ?? 10;
  pages.forEach((page, index) => {
    const p = doc.addPage([612, 792]);
    if (options.header) p.drawText(options.header, { x: 72, y: 750, size: 8, font });
    const rows = Math.max(page.lines.length, page.right?.length ?? 0);
    for (let row = 0; row < rows; row++) {
      const y = 700 - row * size * 1.25;
      if (page.lines[row] !== undefined) p.drawText(page.lines[row], { x: 72, y, size, font });
      if (page.right?.[row] !== undefined) p.drawText(page.right[row], { x: 320, y, size, font });
    }
    if (options.footer) p.drawText(options.footer.replace('#', String(index + 1)), { x: 300, y: 40, size: 8, font });
  });
  return Buffer.from(await doc.save());
}

/** A PDF with one image and no text: what a scanner makes. */
export async function imageOnlyPdf(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  // A 1×1 grey PNG.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');
  const image = await doc.embedPng(png);
  for (let i = 0; i < 2; i++) doc.addPage([612, 792]).drawImage(image, { x: 0, y: 0, width: 612, height: 792 });
  return Buffer.from(await doc.save());
}

/** A PDF from its objects (1-based), with a cross-reference table: for the files no library writes. */
export function rawPdf(objects: string[], trailer = ''): Buffer {
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  return Buffer.from(`${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${trailer}>>\nstartxref\n${xref}\n%%EOF\n`, 'latin1');
}

const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>';
const contents = '<< /Length 44 >>\nstream\nBT /F1 12 Tf 10 50 Td (Secret words.) Tj ET\nendstream';
const font = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';

/** A PDF under the standard security handler whose user password is not empty: it cannot be opened without it. */
export function encryptedPdf(): Buffer {
  const hex = (byte: string) => byte.repeat(32);
  return rawPdf(
    ['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>', page, contents, font, `<< /Filter /Standard /V 1 /R 2 /O <${hex('a1')}> /U <${hex('b2')}> /P -44 >>`],
    `/Encrypt 6 0 R /ID [<${'c3'.repeat(16)}> <${'c3'.repeat(16)}>] `,
  );
}

/** A PDF whose page tree contains itself. */
export function loopingPdf(): Buffer {
  return rawPdf(['<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>', page, contents, font]);
}

/** A PDF cut off halfway. */
export async function truncatedPdf(): Promise<Buffer> {
  const whole = await makePdf([{ lines: ['A line that will be cut off.'] }]);
  return whole.subarray(0, Math.floor(whole.length / 3));
}

const CONTENT_TYPES = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>`;
const ROOT_RELS = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>`;
const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A Word document of paragraphs; `doctype` is put before the body (an entity bomb). */
export function makeDocx(paragraphs: string[], options: { title?: string; doctype?: string } = {}): Buffer {
  const body = paragraphs.map((p) => `<w:p><w:r><w:t xml:space="preserve">${xmlEscape(p)}</w:t></w:r></w:p>`).join('');
  const files: Zippable = {
    '[Content_Types].xml': strToU8(CONTENT_TYPES),
    '_rels/.rels': strToU8(ROOT_RELS),
    'word/document.xml': strToU8(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>${options.doctype ?? ''}<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>${body}</w:body></w:document>`),
    'docProps/core.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title>${xmlEscape(options.title ?? '')}</dc:title></cp:coreProperties>`),
  };
  return Buffer.from(zipSync(files));
}

/** An OpenDocument text of paragraphs (`notes`: a footnote in the first one). */
export function makeOdt(paragraphs: string[], options: { title?: string; note?: string; doctype?: string } = {}): Buffer {
  const text = 'xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:text="urn:oasis:names:tc:opendocument:xmlns:text:1.0"';
  const body = paragraphs
    .map((p, i) => {
      const [first, ...rest] = xmlEscape(p).split('  ');
      const spaced = [first, ...rest].join('<text:s text:c="2"/>');
      const note = i === 0 && options.note ? `<text:note text:note-class="footnote"><text:note-citation>1</text:note-citation><text:note-body><text:p>${xmlEscape(options.note)}</text:p></text:note-body></text:note>` : '';
      return `<text:${i === 0 ? 'h text:outline-level="1"' : 'p'}>${spaced}${note}</text:${i === 0 ? 'h' : 'p'}>`;
    })
    .join('');
  return Buffer.from(
    zipSync({
      // ODF: the media type first, stored.
      mimetype: [strToU8('application/vnd.oasis.opendocument.text'), { level: 0 }],
      'content.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?>${options.doctype ?? ''}<office:document-content ${text} office:version="1.3"><office:body><office:text>${body}</office:text></office:body></office:document-content>`),
      'meta.xml': strToU8(`<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0" xmlns:dc="http://purl.org/dc/elements/1.1/"><office:meta><dc:title>${xmlEscape(options.title ?? '')}</dc:title></office:meta></office:document-meta>`),
      'META-INF/manifest.xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><manifest:manifest xmlns:manifest="urn:oasis:names:tc:opendocument:xmlns:manifest:1.0"/>'),
    }),
  );
}

/** The billion laughs: ten levels of ten entities each, in the document's own XML. */
export const ENTITY_BOMB = `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`;

/**
 * A zip bomb DOCX: a real Word package plus an entry of `gigabytes` GB of zeros deflated (about a
 * megabyte a gigabyte), with honest sizes and CRC in its directory. `lie` declares 100 bytes instead.
 */
export async function zipBombDocx(options: { megabytes?: number; lie?: boolean } = {}): Promise<Buffer> {
  const megabytes = options.megabytes ?? 1024;
  const chunk = Buffer.alloc(1024 * 1024);
  const deflate = zlib.createDeflateRaw({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (d: Buffer) => parts.push(d));
  const done = new Promise((resolve) => deflate.on('end', resolve));
  let crc = 0;
  for (let i = 0; i < megabytes; i++) {
    crc = zlib.crc32(chunk, crc);
    if (!deflate.write(chunk)) await new Promise((resolve) => deflate.once('drain', resolve));
  }
  deflate.end();
  await done;
  const compressed = Buffer.concat(parts);
  const size = options.lie ? 100 : megabytes * 1024 * 1024;
  return appendEntry(makeDocx(['A harmless looking paragraph.']), 'word/media/zeros.bin', compressed, size, crc >>> 0);
}

/** Adds a deflated entry to a zip (rewrites its central directory). */
function appendEntry(zip: Buffer, name: string, compressed: Buffer, size: number, crc: number): Buffer {
  const eocd = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const entries = zip.readUInt16LE(eocd + 10);
  const cdSize = zip.readUInt32LE(eocd + 12);
  const cdOffset = zip.readUInt32LE(eocd + 16);
  const fileName = Buffer.from(name);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt16LE(8, 8);
  local.writeUInt32LE(crc, 14);
  local.writeUInt32LE(compressed.length, 18);
  local.writeUInt32LE(size, 22);
  local.writeUInt16LE(fileName.length, 26);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  central.writeUInt16LE(20, 6);
  central.writeUInt16LE(8, 10);
  central.writeUInt32LE(crc, 16);
  central.writeUInt32LE(compressed.length, 20);
  central.writeUInt32LE(size, 24);
  central.writeUInt16LE(fileName.length, 28);
  central.writeUInt32LE(cdOffset, 42);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries + 1, 8);
  end.writeUInt16LE(entries + 1, 10);
  end.writeUInt32LE(cdSize + central.length + fileName.length, 12);
  end.writeUInt32LE(cdOffset + local.length + fileName.length + compressed.length, 16);
  return Buffer.concat([zip.subarray(0, cdOffset), local, fileName, compressed, zip.subarray(cdOffset, cdOffset + cdSize), central, fileName, end]);
}

