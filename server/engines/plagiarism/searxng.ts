/**
 * Optional web-search provider for a self-hosted SearxNG (JSON API: GET {base}/search?q=...&format=json
 * → {results: [{url, title, content}]}). Queries are the most distinctive sentences of the text;
 * result pages are fetched through the injected `fetchPage` (the platform's SSRF-safe client).
 * Without one, only the result snippets are aligned: the engine itself never fetches arbitrary URLs.
 */
import { splitSentences } from '../shared/sentences.ts';
import type { SourceDocument } from './sources.ts';
import type { WebSearchProvider } from './scanner.ts';
import { isStopWord, tokenise } from './tokens.ts';

const MAX_QUERIES = 3;
const QUERY_WORDS = 24;
const RESULTS_PER_QUERY = 5;
const MAX_DOCUMENTS = 10;
const SEARCH_TIMEOUT_MS = 10_000;

/**
 * Sentences ranked by how distinctive they are: long content words, numbers and names score,
 * function words do not (PAN source-retrieval practice, without an idf table).
 */
export function distinctiveSentences(text: string, count: number): string[] {
  const scored = splitSentences(text).map((s, index) => {
    const words = tokenise(s.text);
    let score = 0;
    for (const w of words) {
      if (isStopWord(w.norm)) continue;
      score += Math.min(w.norm.length, 10) / 5 + (/\p{N}/u.test(w.norm) ? 1 : 0);
    }
    return { text: words.slice(0, QUERY_WORDS).map((w) => s.text.slice(w.start, w.end)).join(' '), score: words.length >= 6 ? score : 0, index };
  });
  return scored
    .filter((s) => s.score > 0)
    .sort((a, b) => b.score - a.score || a.index - b.index)
    .slice(0, count)
    .map((s) => s.text);
}

/** Visible text of an HTML page (scripts, styles and tags removed, common entities decoded). */
export function htmlToText(html: string): string {
  if (!/<[a-z!/][^>]*>/iu.test(html)) return html;
  return html
    .replace(/<(script|style|noscript|template)[^>]*>[\s\S]*?<\/\1>/giu, ' ')
    .replace(/<!--[\s\S]*?-->/gu, ' ')
    .replace(/<\/?(p|div|br|li|h[1-6]|tr|section|article|blockquote)[^>]*>/giu, '\n\n')
    .replace(/<[^>]+>/gu, ' ')
    .replace(/&nbsp;/gu, ' ')
    .replace(/&quot;/gu, '"')
    .replace(/&#39;|&apos;/gu, "'")
    .replace(/&lt;/gu, '<')
    .replace(/&gt;/gu, '>')
    .replace(/&#(\d+);/gu, (_, d: string) => String.fromCodePoint(Number(d)))
    .replace(/&amp;/gu, '&')
    .replace(/[ \t]+/gu, ' ')
    .replace(/\n\s*\n\s*/gu, '\n\n')
    .trim();
}

interface SearxResult {
  url?: unknown;
  title?: unknown;
  content?: unknown;
}

export function searxngProvider(baseUrl: string, options: { fetchPage?: (url: string) => Promise<string> } = {}): WebSearchProvider {
  const base = baseUrl.replace(/\/+$/u, '');
  return {
    async search(text: string): Promise<SourceDocument[]> {
      const results = new Map<string, { title: string; snippet: string }>();
      for (const query of distinctiveSentences(text, MAX_QUERIES)) {
        const response = await fetch(`${base}/search?q=${encodeURIComponent(query)}&format=json`, {
          signal: AbortSignal.timeout(SEARCH_TIMEOUT_MS),
          headers: { accept: 'application/json' },
        });
        if (!response.ok) throw new Error(`SearxNG answered ${response.status}`);
        const body = (await response.json()) as { results?: SearxResult[] };
        for (const r of (body.results ?? []).slice(0, RESULTS_PER_QUERY)) {
          if (typeof r.url !== 'string' || !/^https?:\/\//iu.test(r.url) || results.has(r.url)) continue;
          results.set(r.url, { title: typeof r.title === 'string' ? r.title : '', snippet: typeof r.content === 'string' ? r.content : '' });
        }
      }
      const docs: SourceDocument[] = [];
      for (const [url, { title, snippet }] of [...results].slice(0, MAX_DOCUMENTS)) {
        let body = snippet;
        if (options.fetchPage) {
          try {
            body = htmlToText(await options.fetchPage(url));
          } catch {
            body = snippet; // an unreachable or refused page still contributes its snippet
          }
        }
        if (body.trim() !== '') docs.push({ url, title, text: body });
      }
      return docs;
    },
  };
}
