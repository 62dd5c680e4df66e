/**
 * Plagiarism engine, pure: candidate queries from winnowed fingerprints and full-text windows,
 * passage alignment and the spec's scan report; source documents prepared for storage. The corpus
 * in PostgreSQL and the scan around these steps are the platform's (platform/data/corpus.ts).
 */
export { validateSource, prepareSource, domainOf, InvalidSourceError, type SourceDocument, type PreparedSource, type CandidateQuery } from './sources.ts';
export { plagiarismQuery, plagiarismReport, InsufficientContentError, type PlagiarismQuery, type PlagiarismCandidate, type WebSearchProvider } from './scanner.ts';
export type { PlagiarismReport } from './report.ts';
export { searxngProvider } from './searxng.ts';
export { readSynonymClasses, useSynonymClasses, type SynonymClasses } from './synonyms.ts';
