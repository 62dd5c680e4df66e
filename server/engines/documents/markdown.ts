/**
 * Markdown: the text without its markup. mdast-util-from-markdown (the parser of unified's
 * remark) builds the syntax tree (CommonMark with GitHub's tables, task lists, strikethrough and
 * footnotes); each paragraph, table row, heading, list item's block, quoted
 * block and code block is a paragraph, its inline markup (emphasis, links, images' alt text)
 * read as text by mdast-util-to-string. Raw HTML in the Markdown is left out. The title is the
 * first top-level heading.
 */
import { fromMarkdown } from 'mdast-util-from-markdown';
import { gfmFromMarkdown } from 'mdast-util-gfm';
import { gfm } from 'micromark-extension-gfm';
import { toString } from 'mdast-util-to-string';
import { fromParagraphs, squeeze, type ExtractedDocument, type Paragraph } from './layout.ts';

type MdNode = ReturnType<typeof fromMarkdown>['children'][number];

function paragraphsOf(nodes: MdNode[], into: Paragraph[]): Paragraph[] {
  for (const node of nodes) {
    if (node.type === 'paragraph' || node.type === 'heading') into.push({ text: squeeze(toString(node, { includeHtml: false })) });
    else if (node.type === 'code') into.push({ text: node.value });
    else if (node.type === 'table') for (const row of node.children) into.push({ text: squeeze(row.children.map((cell) => toString(cell, { includeHtml: false })).join(' ')) });
    else if (node.type === 'list' || node.type === 'listItem' || node.type === 'blockquote' || node.type === 'footnoteDefinition') paragraphsOf(node.children as MdNode[], into);
  }
  return into;
}

export function readMarkdown(markdown: string): ExtractedDocument {
  const tree = fromMarkdown(markdown, { extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()] });
  const heading = tree.children.find((n) => n.type === 'heading' && n.depth === 1);
  return fromParagraphs('markdown', heading ? squeeze(toString(heading)) : null, paragraphsOf(tree.children, []));
}
