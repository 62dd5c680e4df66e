/**
 * @content-integrity/sdk: a typed TypeScript client for the Content Integrity API.
 *
 *   const client = new ContentIntegrityClient({ baseUrl: 'http://localhost:8000', apiKey: process.env.CI_API_KEY });
 *   const result = await client.detectText({ content: 'Some text to check.' });
 */
export { ContentIntegrityClient, DEFAULT_BASE_URL, DEFAULT_JOB_WAIT_MS, DEFAULT_TIMEOUT_MS } from './client.ts';
export type { BatchFilesRequest, BatchPageOptions, Batches, CallOptions, ClientOptions, IdempotentCallOptions, UploadCallOptions, WaitForJobOptions } from './client.ts';
export { ContentIntegrityError, parseRetryAfter } from './errors.ts';
export type { ClientErrorCode, ContentIntegrityErrorInit, ErrorCode } from './errors.ts';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_SECONDS, jobPollDelayMs, retryBackoffMs, retryDelayMs } from './retry.ts';
export { fileForm } from './upload.ts';
export type { DocumentInput, FileInput, NamedFile, UploadOptions } from './upload.ts';
export { verifyWebhook, verifyWebhookSignature, WEBHOOK_TOLERANCE_SECONDS } from './webhooks.ts';
export type { VerifyWebhookOptions, WebhookHeaders } from './webhooks.ts';
export type * from './types.ts';
export type { components, operations, paths } from './generated/api.ts';
