/**
 * A plagiarism scan, the operation: the engine's query step, candidate retrieval from the corpus
 * (platform/data/corpus.ts, fingerprints and full text) and optionally from the web, then the
 * engine's alignment and report step. The two engine steps run on the engine threads in the
 * service (services.ts hands them in), in place otherwise (scripts, tests).
 */
import type pg from 'pg';
import {
  domainOf,
  plagiarismQuery,
  plagiarismReport,
  type PlagiarismCandidate,
  type PlagiarismQuery,
  type PlagiarismReport,
  type SourceDocument,
  type WebSearchProvider,
} from '../engines/plagiarism/index.ts';
import { ApiError } from '../platform/errors.ts';
import { CorpusIndex } from '../platform/data/corpus.ts';

/** The scan's two CPU-heavy steps: run in place by default, on an engine thread by the service. */
export interface PlagiarismSteps {
  query(text: string): Promise<PlagiarismQuery>;
  report(text: string, candidates: PlagiarismCandidate[], stats: { sentenceCount: number; sourcesChecked: number; startedAt: number }): Promise<PlagiarismReport>;
}

const inPlace: PlagiarismSteps = {
  query: async (text) => plagiarismQuery(text),
  report: async (text, candidates, stats) => plagiarismReport(text, candidates, stats),
};

const NO_SOURCES_MESSAGE =
  'There are no sources to compare the text with: the source corpus is empty and no web search is configured, so nothing was scanned or charged. ' +
  'The operator adds sources with `npm run admin -- sources import --starter` (a starter set), `npm run admin -- sources import FILE.jsonl`, or sets PLAGIARISM_SEARXNG_URL.';

/**
 * A scan: the engine's query step, candidate retrieval from the corpus (fingerprints and full text)
 * and optionally from the web, then the engine's alignment and report step.
 */
export class PlagiarismScanner {
  private readonly index: CorpusIndex;

  constructor(
    pool: pg.Pool,
    private readonly options: { webSearch?: WebSearchProvider; steps?: PlagiarismSteps } = {},
  ) {
    this.index = new CorpusIndex(pool);
  }

  /**
   * The first step alone, and what an endpoint refuses before charging: InsufficientContentError for
   * a text without enough complete sentences, and 409 no_sources when there is nothing to compare
   * it with (an empty corpus and no web search), rather than a paid "original" against nothing.
   */
  async prepare(text: string): Promise<PreparedScan> {
    const startedAt = performance.timeOrigin + performance.now();
    const [query, corpusSize] = await Promise.all([(this.options.steps ?? inPlace).query(text), this.index.countSources()]);
    if (corpusSize === 0 && !this.options.webSearch) throw new ApiError('no_sources', NO_SOURCES_MESSAGE, { sources: 0, web_search: false });
    return { text, startedAt, query, corpusSize };
  }

  /** Candidate retrieval (corpus and web), then alignment and the report. */
  async complete({ text, startedAt, query, corpusSize }: PreparedScan): Promise<PlagiarismReport> {
    const steps = this.options.steps ?? inPlace;
    const [ids, webDocs] = await Promise.all([this.index.candidates(query, corpusSize), this.options.webSearch ? this.options.webSearch.search(text) : Promise.resolve([] as SourceDocument[])]);
    const stored = await this.index.load(ids);
    const candidates: PlagiarismCandidate[] = [
      ...stored.map((s) => ({ source: { url: s.url, title: s.title, domain: s.domain }, text: s.text })),
      ...webDocs.map((d) => ({ source: { url: d.url, title: d.title, domain: domainOf(d.url) }, text: d.text })),
    ];
    return steps.report(text, candidates, { sentenceCount: query.sentenceCount, sourcesChecked: corpusSize + webDocs.length, startedAt });
  }

  async scan(text: string): Promise<PlagiarismReport> {
    return this.complete(await this.prepare(text));
  }
}

export interface PreparedScan {
  text: string;
  /** Epoch milliseconds: the report's processing time counts from here. */
  startedAt: number;
  query: PlagiarismQuery;
  /** Sources in the corpus when the scan was prepared. */
  corpusSize: number;
}
