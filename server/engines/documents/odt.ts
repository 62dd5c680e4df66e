/**
 * ODT (OpenDocument text): the zip is checked (zip.ts), then content.xml is read by a strict
 * streaming parser without DTDs (xml.ts). Each text:p and text:h is a paragraph; text:s, text:tab
 * and text:line-break are the spaces they stand for. Notes are read after the body (as pandoc and
 * LibreOffice's text export put them), annotations and deleted changes are left out. The title is
 * meta.xml's dc:title.
 */
import { unreadable } from './errors.ts';
import { fromParagraphs, type ExtractedDocument, type Paragraph } from './layout.ts';
import { firstElementText, walkXml } from './xml.ts';
import { readZip } from './zip.ts';

const WHAT = 'an OpenDocument text (ODT)';
/** Elements whose text is not part of what is read. */
const SKIPPED = new Set(['office:annotation', 'text:tracked-changes', 'text:note-citation', 'office:forms', 'draw:object']);
const BLOCKS = new Set(['text:p', 'text:h']);

export async function readOdt(bytes: Buffer): Promise<ExtractedDocument> {
  const zip = await readZip(bytes, WHAT, (name) => name === 'content.xml' || name === 'meta.xml');
  const content = zip.files.get('content.xml');
  if (!content) throw unreadable(WHAT);
  const body: Paragraph[] = [];
  const notes: Paragraph[] = [];
  // Open paragraphs: a note's paragraphs sit inside a body paragraph.
  const open: { text: string; note: boolean }[] = [];
  let skipping = 0;
  let inNote = 0;
  let inBody = false;
  const append = (text: string) => {
    if (open.length && skipping === 0) open[open.length - 1].text += text;
  };
  walkXml(content, WHAT, {
    open(tag) {
      if (tag.name === 'office:body') inBody = true;
      if (!inBody) return;
      if (SKIPPED.has(tag.name)) skipping++;
      else if (tag.name === 'text:note-body') inNote++;
      else if (BLOCKS.has(tag.name)) open.push({ text: '', note: inNote > 0 });
      else if (tag.name === 'text:s') append(' '.repeat(Math.min(Number(tag.attributes['text:c'] ?? 1) || 1, 100)));
      else if (tag.name === 'text:tab' || tag.name === 'text:line-break') append(' ');
    },
    text(text) {
      if (inBody) append(text);
    },
    close(tag) {
      if (!inBody) return;
      if (SKIPPED.has(tag.name)) skipping--;
      else if (tag.name === 'text:note-body') inNote--;
      else if (BLOCKS.has(tag.name)) {
        const paragraph = open.pop();
        if (paragraph) (paragraph.note ? notes : body).push({ text: paragraph.text.replace(/\s+/gu, ' ') });
      } else if (tag.name === 'office:body') inBody = false;
    },
  });
  return fromParagraphs('odt', firstElementText(zip.files.get('meta.xml'), 'dc:title', WHAT), [...body, ...notes]);
}
