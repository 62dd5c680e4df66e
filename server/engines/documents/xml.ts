/**
 * The XML of office documents, read safely: a document that declares a DTD is refused before any
 * parser sees it (OOXML and ODF never need one), so no external entity is fetched and no entity
 * expands (the "billion laughs"). What is left is read by saxes, a strict streaming parser that
 * expands only the five predefined entities.
 */
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { unreadable } from './errors.ts';

/** Refuses XML that declares a document type or entities. */
export function requireNoDtd(xml: Buffer | string, what: string): string {
  const text = typeof xml === 'string' ? xml : xml.toString('utf8');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw unreadable(`${what} (its XML declares a DTD or entities, which documents of this kind never do)`);
  return text;
}

export interface XmlHandlers {
  open?(tag: SaxesTagPlain): void;
  close?(tag: SaxesTagPlain): void;
  text?(text: string): void;
}

/** Streams the XML through the handlers; a malformed document is unreadable. */
export function walkXml(xml: Buffer | string, what: string, handlers: XmlHandlers): void {
  const text = requireNoDtd(xml, what);
  const parser = new SaxesParser({ xmlns: false, position: false });
  parser.on('error', () => {
    throw unreadable(what);
  });
  if (handlers.open) parser.on('opentag', handlers.open);
  if (handlers.close) parser.on('closetag', handlers.close);
  if (handlers.text) parser.on('text', handlers.text);
  parser.write(text).close();
}

/** The text of the first element named `name` (dc:title of a document's metadata), or null. */
export function firstElementText(xml: Buffer | undefined, name: string, what: string): string | null {
  if (!xml) return null;
  let depth = 0;
  let found: string | null = null;
  let text = '';
  walkXml(xml, what, {
    open(tag) {
      if (found === null && tag.name === name) depth++;
    },
    text(t) {
      if (depth > 0) text += t;
    },
    close(tag) {
      if (depth > 0 && tag.name === name && --depth === 0) found = text.trim();
    },
  });
  return found || null;
}
