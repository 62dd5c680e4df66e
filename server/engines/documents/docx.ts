/**
 * DOCX (Word): the zip is checked and every XML part refused if it declares a DTD (zip.ts,
 * xml.ts), then mammoth reads the body's text (paragraphs, tables, lists, footnotes), running no
 * macro (it reads the XML only). The title is the document's own (docProps/core.xml dc:title).
 */
import mammoth from 'mammoth';
import { unreadable } from './errors.ts';
import { fromParagraphs, type ExtractedDocument } from './layout.ts';
import { firstElementText, requireNoDtd } from './xml.ts';
import { readZip } from './zip.ts';

const WHAT = 'a Word document (DOCX)';
const isXml = (name: string) => /\.(xml|rels)$/i.test(name);

export async function readDocx(bytes: Buffer): Promise<ExtractedDocument> {
  const zip = await readZip(bytes, WHAT, isXml);
  for (const xml of zip.files.values()) requireNoDtd(xml, WHAT);
  if (!zip.files.has('word/document.xml')) throw unreadable(WHAT);
  let raw: string;
  try {
    raw = (await mammoth.extractRawText({ buffer: bytes })).value;
  } catch {
    throw unreadable(WHAT);
  }
  const title = firstElementText(zip.files.get('docProps/core.xml'), 'dc:title', WHAT);
  return fromParagraphs('docx', title, raw.split(/\n{2,}/).map((text) => ({ text: text.replace(/\s+/gu, ' ') })));
}
