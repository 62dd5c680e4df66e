/**
 * Plagiarism engine: an operator-managed source corpus in PostgreSQL, candidate retrieval by
 * winnowed fingerprints and full-text search, passage alignment and the spec's scan report.
 * The platform calls `SourceCorpus` (admin import/list/delete) and `PlagiarismScanner` (scans).
 */
export { SourceCorpus, type SourceDocument, type SourceSummary, type ImportProgress, type ImportReport } from './corpus.ts';
export { PlagiarismScanner, InsufficientContentError, type WebSearchProvider } from './scanner.ts';
export type { PlagiarismReport } from './report.ts';
export { searxngProvider } from './searxng.ts';

/** Changes whenever fingerprints, alignment or scoring change (stored fingerprints must then be rebuilt). */
export const PLAGIARISM_ENGINE_VERSION = 'plagiarism-1.1.0';
