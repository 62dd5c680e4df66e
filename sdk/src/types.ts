/**
 * Names for the request and response bodies of the API, taken from the generated OpenAPI types
 * (src/generated/api.ts), so they change exactly when the contract does.
 */
import type { components } from './generated/api.ts';

type Schemas = components['schemas'];
/** Fields the server defaults (poll, target_variant) are optional to send, whatever the generator says. */
type WithOptional<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export type DetectorRequest = WithOptional<Schemas['DetectorRequest'], 'poll'>;
export type HumanizerRequest = WithOptional<Schemas['HumanizerRequest'], 'poll'>;
export type DetectAndHumanizeRequest = WithOptional<Schemas['DetectAndHumanizeRequest'], 'poll'>;
export type GrammarRequest = WithOptional<Schemas['GrammarRequest'], 'target_variant'>;
export type PlagiarismRequest = Schemas['PlagiarismRequest'];
export type SourceImportRequest = Schemas['SourceImportRequest'];
export type Source = SourceImportRequest['sources'][number];

export type DetectionResult = Schemas['DetectionResult'];
export type DetectionAccepted = Schemas['DetectionAccepted'];
export type HumanizationResult = Schemas['HumanizationResult'];
export type HumanizationAccepted = Schemas['HumanizationAccepted'];
export type DetectAndHumanizeResult = Schemas['DetectAndHumanizeResult'];
export type DetectAndHumanizeAccepted = Schemas['DetectAndHumanizeAccepted'];
export type JobProcessing = Schemas['JobProcessing'];
export type JobFailed = Schemas['JobFailed'];
export type JobStatus = Schemas['JobStatus'];
/** What a job ends as: the success body of the endpoint that created it, or `failed`. */
export type CompletedJob = Exclude<JobStatus, JobProcessing>;
export type GrammarResult = Schemas['GrammarResult'];
export type PlagiarismResult = Schemas['PlagiarismResult'];
export type ImageResult = Schemas['ImageResult'];
export type VoiceResult = Schemas['VoiceResult'];
export type HealthReport = Schemas['HealthReport'];
/** GET /api/account/: plan, balance, billing period, limits and usage per service. */
export type Account = Schemas['Account'];
export type SourceList = Schemas['SourceList'];
export type SourceImportResult = Schemas['SourceImportResult'];
export type SourceDeleteResult = Schemas['SourceDeleteResult'];
/** What was read when the text came from a document (`file` or `url`). */
export type DocumentInfo = Schemas['DocumentInfo'];
/** POST /api/batches/: one service, its options and up to 100 items (`target_variant` of grammar defaults to `auto`). */
export type BatchRequest =
  | Schemas['DetectorBatchRequest']
  | Schemas['HumanizerBatchRequest']
  | Schemas['DetectAndHumanizeBatchRequest']
  | WithOptional<Schemas['GrammarBatchRequest'], 'target_variant'>
  | Schemas['PlagiarismBatchRequest'];
export type BatchAccepted = Schemas['BatchAccepted'];
/** A batch with one page of its items. */
export type BatchStatus = Schemas['BatchStatus'];
export type BatchItem = Schemas['BatchItem'];
export type BatchCancelled = Schemas['BatchCancelled'];
/** The body of the one `batch.completed` webhook of a batch with a callback_url. */
export type BatchCompletedEvent = Schemas['BatchCompletedEvent'];
export type ErrorBody = Schemas['Error'];
/** The API's closed list of error codes. */
export type ApiErrorCode = ErrorBody['code'];
