/** The one error class of the SDK: every failed call throws a ContentIntegrityError. */
import type { ApiErrorCode, ErrorBody } from './types.ts';

/**
 * Codes of failures that never got an API answer: the connection failed (`network_error`), the
 * attempt or waitForJob ran out of time (`timeout`), or the answer was not the API's JSON
 * (`unexpected_response`, e.g. an HTML page from a proxy).
 */
export type ClientErrorCode = 'network_error' | 'timeout' | 'unexpected_response';
export type ErrorCode = ApiErrorCode | ClientErrorCode;

export interface ContentIntegrityErrorInit {
  /** HTTP status; 0 when no response arrived. */
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  requestId?: string;
  retryAfter?: number;
  cause?: unknown;
}

export class ContentIntegrityError extends Error {
  override readonly name = 'ContentIntegrityError';
  /** HTTP status; 0 when no response arrived (network error, timeout). */
  readonly status: number;
  readonly code: ErrorCode;
  /** Extra facts the API sent, e.g. `limit` and `actual`, or `credits` and `required`. */
  readonly details?: Record<string, unknown>;
  /** The request id (`X-Request-Id`): quote it in support requests. */
  readonly requestId?: string;
  /** Seconds the server asked to wait (`Retry-After`), when it sent one. */
  readonly retryAfter?: number;

  constructor(init: ContentIntegrityErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }

  /** The error an HTTP answer with a non-success status stands for. */
  static fromResponse(response: Response, body: unknown): ContentIntegrityError {
    const requestId = response.headers.get('x-request-id') ?? undefined;
    const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
    if (isErrorBody(body)) {
      return new ContentIntegrityError({ status: response.status, code: body.code, message: body.message, details: body.details, requestId: body.request_id || requestId, retryAfter });
    }
    const excerpt = (typeof body === 'string' ? body : JSON.stringify(body) ?? '').slice(0, 200);
    return new ContentIntegrityError({ status: response.status, code: 'unexpected_response', message: `HTTP ${response.status} without the API's error body: ${excerpt}`, requestId, retryAfter });
  }

  /** The error for a request that got no usable answer. */
  static fromException(cause: unknown, timedOut: boolean, timeoutMs: number): ContentIntegrityError {
    if (timedOut) return new ContentIntegrityError({ status: 0, code: 'timeout', message: `No answer within ${timeoutMs} ms.`, cause });
    if (cause instanceof SyntaxError) return new ContentIntegrityError({ status: 0, code: 'unexpected_response', message: `The answer was not valid JSON: ${cause.message}`, cause });
    const reason = cause instanceof Error ? `${cause.message}${cause.cause instanceof Error ? ` (${cause.cause.message})` : ''}` : String(cause);
    return new ContentIntegrityError({ status: 0, code: 'network_error', message: `The request failed before an answer arrived: ${reason}`, cause });
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  const b = body as Partial<ErrorBody> | null;
  return typeof b === 'object' && b !== null && b.status === 'error' && typeof b.code === 'string' && typeof b.message === 'string';
}

/** `Retry-After` as whole seconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text);
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - nowMs) / 1000));
}
