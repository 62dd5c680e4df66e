/**
 * The closed list of error codes and the one code → HTTP status table. Every error the service
 * returns has the body of `ErrorBody` (schemas.ts) and one of these codes.
 */
import { FILE_LIMITS, IDEMPOTENCY_KEY_MAX_CHARS } from './catalogue.ts';

export const ERROR_STATUS = {
  invalid_payload: 400,
  min_words_not_met: 400,
  max_words_exceeded: 400,
  invalid_idempotency_key: 400,
  insufficient_content: 400,
  invalid_image: 400,
  invalid_audio: 400,
  audio_too_long: 400,
  unreadable_document: 400,
  missing_api_key: 401,
  invalid_api_key: 401,
  api_key_revoked: 401,
  api_key_expired: 401,
  not_signed_in: 401,
  invalid_credentials: 401,
  insufficient_scope: 403,
  insufficient_credits: 403,
  csrf_rejected: 403,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  idempotency_key_reuse: 409,
  payment_in_progress: 409,
  no_sources: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unsupported_document: 415,
  encrypted_document: 422,
  no_text: 422,
  // A user's link that fails is not our failure: a 4xx, so that it never pages an operator as a 5xx would.
  remote_error: 422,
  remote_timeout: 422,
  headers_too_large: 431,
  rate_limited: 429,
  pending_job_limit: 429,
  internal_error: 500,
  service_unavailable: 503,
  service_error: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;
export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

/** What each code means, for the API reference. */
export const ERROR_MEANING: Record<ErrorCode, string> = {
  invalid_payload: 'The request is malformed (its HTTP framing, a path or query parameter) or its body is missing, malformed, of the wrong type, or outside the documented limits.',
  min_words_not_met: 'The text has fewer words than the endpoint accepts; details has limit and actual.',
  max_words_exceeded: 'The text has more words than the endpoint accepts; details has limit and actual.',
  invalid_idempotency_key: `The Idempotency-Key header is longer than ${IDEMPOTENCY_KEY_MAX_CHARS} characters.`,
  insufficient_content: 'The text lacks enough complete sentences to scan.',
  invalid_image: 'The file cannot be decoded as an image.',
  invalid_audio: 'The file is unreadable as audio: corrupt or an unsupported codec.',
  audio_too_long: `The audio is longer than ${FILE_LIMITS.detectVoice.maxSeconds} seconds; details has limit_seconds.`,
  unreadable_document: 'The uploaded or fetched document is damaged, truncated or not what its first bytes say, or could not be read within the time limit; nothing was charged.',
  unsupported_document: 'The uploaded or fetched file is not a format the text services read (PDF, DOCX, ODT, HTML, Markdown, plain text); the message and details.detected say what the bytes are. Nothing was charged.',
  encrypted_document: 'The document is encrypted or password-protected; send it without the protection. Nothing was charged.',
  no_text: 'The document has no text to read: a PDF without a text layer (a scan: scanned pages are not read), or an empty file. Nothing was charged.',
  remote_error: 'The `url` could not be fetched: the site answered with an error status (details.remote_status), too many redirects, or the connection failed. Nothing was charged.',
  remote_timeout: 'The `url` did not answer completely within the time limit (details.limit_seconds). Nothing was charged.',
  missing_api_key: 'The X-API-Key header is missing.',
  invalid_api_key: 'The API key is malformed or unknown.',
  api_key_revoked: 'The API key was revoked.',
  api_key_expired: 'The API key is past its expiration date.',
  not_signed_in: 'Portal routes: no valid portal session (signed out, expired, or an API key was sent instead of the session cookie).',
  invalid_credentials: 'Portal sign-in: the email or the password is wrong (the same answer for both).',
  insufficient_scope: 'The API key lacks a scope the endpoint requires; details has required.',
  insufficient_credits: 'The credit balance is below the cost; details has credits and required.',
  csrf_rejected: 'Portal routes: a state-changing request without a matching Origin or X-CSRF-Token.',
  not_found: 'No such route, or the job does not exist, belongs to another user, or expired.',
  method_not_allowed: 'The route exists but not with this HTTP method; the Allow header lists the methods it takes.',
  request_timeout: 'The request did not arrive completely in time (answered by the HTTP parser).',
  idempotency_key_reuse: 'The Idempotency-Key was already used with a different request.',
  payment_in_progress: 'Another billing operation for this account is in progress; retry shortly.',
  no_sources: 'Plagiarism: there is nothing to compare the text with (the source corpus is empty and no web search is configured); nothing was charged. The operator adds sources with `npm run admin -- sources import` or sets PLAGIARISM_SEARXNG_URL.',
  payload_too_large: 'The request body is larger than the endpoint accepts; for a document (uploaded or fetched): more bytes, pages or unpacked size than the limits (details: limit_bytes or limit_pages).',
  headers_too_large: 'The request headers are over 16 KB in all (answered by the HTTP parser).',
  unsupported_media_type: 'The Content-Type is not the one the endpoint takes (JSON or multipart/form-data).',
  rate_limited: 'Too many requests in the current window; see Retry-After and RateLimit-* headers.',
  pending_job_limit: 'The plan\'s limit of pending async jobs is reached; retry when one completes.',
  internal_error: 'An unexpected error on our side; nothing was charged.',
  service_unavailable: 'The engine or the database is temporarily unavailable, or the server was stopping; nothing was charged (a charge already made was refunded); retry after Retry-After.',
  service_error: 'The engine failed while processing; the credits were refunded.',
};

/** Codes any request can get, whatever its operation: a malformed request, headers over the limit, one too slow to arrive. */
export const REQUEST_ERRORS: ErrorCode[] = ['invalid_payload', 'request_timeout', 'headers_too_large'];

/** Codes answered by every authenticated route. */
export const AUTH_ERRORS: ErrorCode[] = ['missing_api_key', 'invalid_api_key', 'api_key_revoked', 'api_key_expired', 'insufficient_scope'];
