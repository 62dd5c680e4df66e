/**
 * The documents engine on documents made in the test: each format's text and title, the reading
 * order of PDFs (columns, hyphenation, running heads and page numbers), pages and paragraphs of
 * offsets, and the refusals (each its own code) of what is not readable or is hostile.
 */
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import fc from 'fast-check';
import { DocumentError, extractDocument, locate } from '../../server/engines/documents/index.ts';
import { fromPagedParagraphs, fromParagraphs, fromPlainText } from '../../server/engines/documents/layout.ts';
import { fragmentsOf, joinLines } from '../../server/engines/documents/reading-order.ts';
import { textKind } from '../../server/engines/documents/sniff.ts';
import { codePointLength, codePointToUnit } from '../../server/engines/shared/text.ts';
import { encryptedPdf, ENTITY_BOMB, imageOnlyPdf, loopingPdf, makeDocx, makeOdt, makePdf, truncatedPdf, zipBombDocx } from '../helpers/documents.ts';

const LIMITS = { maxPages: 50, timeMs: 20_000 };
const read = (bytes: Uint8Array) => extractDocument(bytes, LIMITS);

async function refusal(bytes: Uint8Array | Promise<Uint8Array>, code: string): Promise<DocumentError> {
  try {
    await read(await bytes);
  } catch (error) {
    assert.ok(error instanceof DocumentError, `expected a DocumentError, got ${String(error)}`);
    assert.equal(error.code, code, error.message);
    return error;
  }
  assert.fail(`expected ${code}`);
}

/** The paragraphs of an extracted text. */
const paragraphs = (text: string) => text.split('\n\n');

describe('PDF', () => {
  test('the text layer, page by page, with the title and page count; each page a paragraph start of its own', async () => {
    const pdf = await makePdf([{ lines: ['The first page holds this sentence.'] }, { lines: ['The second page holds another one.'] }], { title: 'Two pages' });
    const doc = await read(pdf);
    assert.equal(doc.type, 'pdf');
    assert.equal(doc.title, 'Two pages');
    assert.equal(doc.pages, 2);
    assert.deepEqual(paragraphs(doc.text), ['The first page holds this sentence.', 'The second page holds another one.']);
    assert.deepEqual(locate(doc, doc.text.indexOf('second')), { page: 2, paragraph: 1 });
    assert.deepEqual(locate(doc, 0), { page: 1, paragraph: 0 });
  });

  test('two columns drawn row by row are read column by column; a hyphenated line end is joined', async () => {
    const left = ['Left column opens the story and', 'keeps telling it in this col-', 'umn until it ends here.', 'More left text follows on.', 'And the left side closes.'];
    const right = ['Right column comes after that', 'and reads on below the top of', 'the page as a reader expects.', 'Still the right column here.', 'The right side closes too.'];
    const doc = await read(await makePdf([{ lines: left, right }]));
    const text = doc.text.replace(/\n\n/g, ' ');
    assert.ok(text.indexOf('And the left side closes.') < text.indexOf('Right column comes'), text);
    assert.match(text, /in this column until/);
    assert.ok(!text.includes('col- umn'));
  });

  test('running heads and page numbers repeated on every page are left out; a paragraph runs on across pages', async () => {
    const pages = [
      { lines: ['Chapter text begins on this page and the sentence'] },
      { lines: ['continues on the next page before it ends.', 'A new sentence on page two.'] },
      { lines: ['Page three has its own words.'] },
      { lines: ['Page four closes the document.'] },
    ];
    const doc = await read(await makePdf(pages, { header: 'The Journal of Tests, Volume 3', footer: 'Page # of 4' }));
    assert.ok(!doc.text.includes('Journal of Tests'), doc.text);
    assert.ok(!/Page \d of 4/.test(doc.text), doc.text);
    assert.match(doc.text, /and the sentence continues on the next page/);
    const continued = codePointLength(doc.text.slice(0, doc.text.indexOf('continues')));
    assert.equal(locate(doc, continued).page, 2);
    assert.equal(locate(doc, continued).paragraph, 0, 'the paragraph started on page 1');
    assert.equal(locate(doc, codePointLength(doc.text.slice(0, doc.text.indexOf('Page three')))).page, 3);
  });

  test('encrypted → encrypted_document; image only → no_text naming scans; a looping page tree, a truncated file → unreadable_document', async () => {
    await refusal(encryptedPdf(), 'encrypted_document');
    assert.match((await refusal(imageOnlyPdf(), 'no_text')).message, /[Ss]canned pages/);
    await refusal(loopingPdf(), 'unreadable_document');
    await refusal(truncatedPdf(), 'unreadable_document');
  });

  test('more pages than the limit → payload_too_large with the limit', async () => {
    const pdf = await makePdf(Array.from({ length: 4 }, (_, i) => ({ lines: [`Page ${i}.`] })));
    const error = await extractDocument(pdf, { maxPages: 3, timeMs: 10_000 }).then(() => undefined, (e: unknown) => e);
    assert.ok(error instanceof DocumentError && error.code === 'payload_too_large');
    assert.deepEqual(error.details, { limit_pages: 3, actual_pages: 4 });
  });
});

describe('DOCX and ODT', () => {
  test('DOCX: paragraphs and the title of its metadata', async () => {
    const doc = await read(makeDocx(['First paragraph of the essay.', 'Second paragraph & more.'], { title: 'My essay' }));
    assert.equal(doc.type, 'docx');
    assert.equal(doc.title, 'My essay');
    assert.equal(doc.pages, null);
    assert.deepEqual(paragraphs(doc.text), ['First paragraph of the essay.', 'Second paragraph & more.']);
    assert.deepEqual(locate(doc, codePointLength(doc.text.slice(0, doc.text.indexOf('Second')))), { paragraph: 1 });
  });

  test('ODT: headings and paragraphs, text:s spaces, the footnote after the body, the title', async () => {
    const doc = await read(makeOdt(['A heading', 'Body text  with two spaces.', 'Last paragraph.'], { title: 'Report', note: 'The footnote.' }));
    assert.equal(doc.type, 'odt');
    assert.equal(doc.title, 'Report');
    assert.deepEqual(paragraphs(doc.text), ['A heading', 'Body text with two spaces.', 'Last paragraph.', 'The footnote.']);
  });

  test('an XML entity bomb (a DTD in the document) is refused before parsing, in DOCX and ODT', async () => {
    await refusal(makeDocx(['&lol9;'], { doctype: ENTITY_BOMB }), 'unreadable_document');
    await refusal(makeOdt(['x'], { doctype: ENTITY_BOMB }), 'unreadable_document');
  });

  test('a zip bomb (1 GB of zeros in a DOCX) is refused from its directory, before inflating', async () => {
    const bomb = await zipBombDocx();
    assert.ok(bomb.length < 5 * 1024 * 1024, `${bomb.length} bytes`);
    const before = process.memoryUsage().rss;
    const error = await refusal(bomb, 'payload_too_large');
    assert.match(error.message, /before it is unpacked/);
    assert.ok(process.memoryUsage().rss - before < 200 * 1024 * 1024, 'memory stayed bounded');
  });

  test('a zip whose directory lies about an entry size is stopped at the declared size', async () => {
    await refusal(zipBombDocx({ megabytes: 8, lie: true }), 'unreadable_document');
  });
});

describe('HTML, Markdown and text', () => {
  test('HTML: the article, without navigation, scripts and footer; its title', async () => {
    const article = Array.from({ length: 6 }, (_, i) => `<p>Paragraph ${i + 1} of the article tells the reader something worth reading, with enough words to be an article.</p>`).join('');
    const html = `<!doctype html><html><head><title>Site | An article</title><script>var x = "script text";</script></head><body>
      <nav><a href="/">Home</a> <a href="/about">About us</a></nav>
      <article><h1>An article</h1>${article}</article>
      <footer>Copyright footer text</footer></body></html>`;
    const doc = await read(Buffer.from(html));
    assert.equal(doc.type, 'html');
    assert.match(doc.title ?? '', /An article/);
    assert.match(doc.text, /Paragraph 1 of the article/);
    assert.match(doc.text, /Paragraph 6 of the article/);
    for (const chrome of ['About us', 'script text', 'Copyright footer']) assert.ok(!doc.text.includes(chrome), chrome);
    assert.ok(paragraphs(doc.text).length >= 6);
  });

  test("HTML: a page whose own text is short is not read as its footer; navigation marked by role is left out", async () => {
    const licence = 'This page is licensed under the Foundation Licence Version 2, and examples, recipes and other code in the documentation are additionally licensed under a permissive licence; see History and License for more information about the terms.';
    const html = `<!doctype html><html><head><title>Object support</title></head><body>
      <div class="related" role="navigation"><a href="/">index</a> <a href="/modules">modules</a> <a href="/next">next</a></div>
      <div class="body" role="main"><h1>Object support</h1>
      <ul><li><a href="a.html">Allocating objects</a></li><li><a href="b.html">Common structures</a></li><li><a href="c.html">Type objects</a></li></ul></div>
      <div class="footer">${licence}</div></body></html>`;
    const doc = await read(Buffer.from(html));
    assert.match(doc.text, /Object support/);
    assert.match(doc.text, /Common structures/);
    for (const chrome of ['modules', 'History and License']) assert.ok(!doc.text.includes(chrome), chrome);
  });

  test('Markdown: text without markup, tables by row, the first heading as title', async () => {
    const doc = await read(Buffer.from('# The title\n\nSome *emphasis* and a [link](https://example.com).\n\n- item one\n- item two\n\n| a | b |\n|---|---|\n| c | d |\n'));
    assert.equal(doc.type, 'markdown');
    assert.equal(doc.title, 'The title');
    assert.deepEqual(paragraphs(doc.text), ['The title', 'Some emphasis and a link.', 'item one', 'item two', 'a b', 'c d']);
  });

  test('plain text in UTF-8 and UTF-16 (either byte order) is kept as it is', async () => {
    const text = 'Plain text, first paragraph.\n\nSecond paragraph with é and 漢字.';
    for (const bytes of [Buffer.from(text), Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()])]) {
      const doc = await read(bytes);
      assert.equal(doc.type, 'text');
      assert.equal(doc.text, text);
      assert.deepEqual(doc.paragraphStarts, [0, codePointLength(text.slice(0, text.indexOf('Second')))]);
    }
  });

  test('what the text looks like decides HTML, Markdown or text', () => {
    assert.equal(textKind('<!DOCTYPE html><p>x</p>'), 'html');
    assert.equal(textKind('## Heading\n\ntext'), 'markdown');
    assert.equal(textKind('Just a sentence. And another one.'), 'text');
  });
});

describe('refusals by the bytes', () => {
  test('an image, a zip, a legacy Office file, binary junk → unsupported_document naming what they are', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAAAAAA6fptVAAAACklEQVR4nGNoAAAAggCBd81ytgAAAABJRU5ErkJggg==', 'base64');
    assert.match((await refusal(png, 'unsupported_document')).message, /PNG/);
    const { zipSync, strToU8 } = await import('fflate');
    assert.match((await refusal(Buffer.from(zipSync({ 'a.txt': strToU8('hello') })), 'unsupported_document')).message, /ZIP archive/);
    assert.match((await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'unsupported_document')).message, /legacy Microsoft Office/);
    await refusal(Buffer.from([0x00, 0x01, 0x02, 0xff, 0xfe, 0x80]), 'unsupported_document');
  });

  test('a name never decides: a DOCX is a DOCX whatever it is called, an empty file is refused', async () => {
    await refusal(Buffer.alloc(0), 'unsupported_document');
    await refusal(Buffer.from('   \n\n  '), 'no_text');
  });
});

describe('layout and offsets (properties)', () => {
  const paragraphText = fc.string({ minLength: 1, maxLength: 30, unit: fc.constantFrom('a', 'b', ' ', 'é', '😀', '漢', '-') }).filter((t) => t.trim() !== '');

  test('every offset of a paragraph locates to it, and to the page it is on', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ text: paragraphText, page: fc.integer({ min: 1, max: 4 }) }), { minLength: 1, maxLength: 12 }), (raw) => {
        const sorted = [...raw].sort((a, b) => a.page - b.page);
        const doc = fromParagraphs('pdf', null, sorted, 4);
        const kept = sorted.map((p) => ({ ...p, text: p.text.trim() }));
        assert.equal(doc.text, kept.map((p) => p.text).join('\n\n'));
        assert.equal(doc.pageStarts?.length, 4);
        kept.forEach((p, i) => {
          const start = doc.paragraphStarts[i];
          assert.equal(doc.text.slice(codePointToUnit(doc.text, start)).startsWith(p.text), true);
          for (const offset of [start, start + codePointLength(p.text) - 1]) assert.deepEqual(locate(doc, offset), { page: p.page, paragraph: i });
        });
      }),
    );
  });

  test('a paragraph over several pages: each piece locates to its own page, the paragraph is one', () => {
    fc.assert(
      fc.property(fc.array(fc.array(paragraphText, { minLength: 1, maxLength: 3 }), { minLength: 1, maxLength: 5 }), (shape) => {
        let page = 0;
        const paragraphsIn = shape.map((pieces) => ({ pieces: pieces.map((text) => ({ text: `${text.trim()} `, page: ++page })) }));
        const doc = fromPagedParagraphs(null, paragraphsIn, page);
        let offset = 0;
        paragraphsIn.forEach((p, i) => {
          for (const piece of p.pieces) {
            assert.deepEqual(locate(doc, offset), { page: piece.page, paragraph: i });
            offset += codePointLength(piece.text);
          }
          offset += 2;
        });
      }),
    );
  });

  test('plain text: a paragraph starts after each blank line, nowhere else', () => {
    fc.assert(
      fc.property(fc.array(paragraphText.map((t) => t.trim()).filter((t) => t !== '' && !t.includes('\n')), { minLength: 1, maxLength: 8 }), (parts) => {
        const text = parts.join('\n\n');
        const doc = fromPlainText('text', null, text);
        assert.equal(doc.paragraphStarts.length, parts.length);
        for (const [i, start] of doc.paragraphStarts.entries()) assert.ok(doc.text.slice(codePointToUnit(doc.text, start)).startsWith(parts[i]));
      }),
    );
  });

  test('line joins: a hyphen before a lower-case continuation goes, else a space (none between CJK)', () => {
    assert.deepEqual(joinLines('exam-', 'ple'), { drop: 1, joiner: '' });
    assert.deepEqual(joinLines('well-', 'Known'), { drop: 0, joiner: ' ' });
    assert.deepEqual(joinLines('漢', '字'), { drop: 0, joiner: '' });
    assert.deepEqual(joinLines('end.', 'Next'), { drop: 0, joiner: ' ' });
  });

  test('runs on one baseline join into fragments; a gap wider than an em splits them', () => {
    const runs = [
      { text: 'Hello', x: 0, y: 100, width: 25, size: 10 },
      { text: 'world', x: 28, y: 100, width: 25, size: 10 },
      { text: 'Gutter', x: 80, y: 100, width: 30, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(runs).map((f) => f.text), ['Hello world', 'Gutter']);
  });

  test('a smaller raised or lowered run joins its word without a space: footnote marks, exponents, indices, the LaTeX logo', () => {
    const note = [
      { text: 'licence.', x: 0, y: 100, width: 36, size: 10 },
      { text: '1', x: 36, y: 103.6, width: 4, size: 7 },
      { text: 'Frank', x: 43, y: 100, width: 25, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(note).map((f) => f.text), ['licence.1 Frank']);
    const [index] = fragmentsOf([
      { text: 'X', x: 0, y: 100, width: 7, size: 10 },
      { text: '2', x: 7, y: 97.5, width: 4, size: 7 },
    ]);
    // The fragment keeps the main text's baseline and size, not the script's.
    assert.deepEqual([index.text, index.y, index.size], ['X2', 100, 10]);
    const latex = [
      { text: 'L', x: 0, y: 100, width: 6.1, size: 10 },
      { text: 'A', x: 2.5, y: 102.2, width: 5, size: 7 },
      { text: 'TEX', x: 6.4, y: 100, width: 19, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(latex).map((f) => f.text), ['LATEX']);
    // A smaller line well below is not a subscript.
    assert.equal(fragmentsOf([{ text: 'Body', x: 0, y: 100, width: 20, size: 10 }, { text: 'caption', x: 20, y: 92, width: 30, size: 8 }]).length, 2);
  });

  test("TeX's separate accent glyph becomes the accented letter; a word's gap before it is kept", () => {
    const within = [
      { text: 'Andr\u00b4', x: 0, y: 100, width: 27.6, size: 10 },
      { text: 'e Miede', x: 23.6, y: 100, width: 35, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(within).map((f) => f.text), ['Andr\u00e9 Miede']);
    const separate = [
      { text: 'pers', x: 0, y: 100, width: 20, size: 10 },
      { text: ' ', x: 20, y: 100, width: 2, size: 0 },
      { text: '\u00a8', x: 21.5, y: 100.4, width: 4, size: 10 },
      { text: 'onliche', x: 21, y: 100, width: 35, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(separate).map((f) => f.text), ['pers\u00f6nliche']);
    const wordStart = [
      { text: 'the', x: 0, y: 100, width: 15, size: 10 },
      { text: ' ', x: 15, y: 100, width: 3, size: 0 },
      { text: '\u00b4', x: 19, y: 100, width: 4, size: 10 },
      { text: 'etude', x: 18.5, y: 100, width: 24, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(wordStart).map((f) => f.text), ['the \u00e9tude']);
    // Code that shows a caret or a backquote, drawn beside the next letter, is left as it is.
    assert.deepEqual(fragmentsOf([{ text: 'x^', x: 0, y: 100, width: 10, size: 10 }, { text: 'y', x: 10, y: 100, width: 5, size: 10 }]).map((f) => f.text), ['x^y']);
  });

  test('a run drawn again at (almost) the same place, fake bold or a shadow, is read once', () => {
    const runs = [
      { text: 'Bold', x: 0, y: 100, width: 20, size: 10 },
      { text: 'Bold', x: 0.3, y: 100, width: 20, size: 10 },
      { text: 'text', x: 23, y: 100, width: 18, size: 10 },
    ];
    assert.deepEqual(fragmentsOf(runs).map((f) => f.text), ['Bold text']);
    // The same word again further along the line is a second word.
    assert.deepEqual(fragmentsOf([runs[0], { ...runs[0], x: 22 }]).map((f) => f.text), ['Bold Bold']);
  });
});
