/**
 * The one place a failure becomes the contract's error: API errors keep their code, validation
 * errors are 400 invalid_payload, an engine's input error gets its own 400 code, an engine that is
 * down is 503, and a failure after a (refunded) charge says so. Anything else is a 500 that
 * charged nothing.
 */
import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import { RefundedFailure } from '../platform/credits.ts';
import { ApiError } from '../platform/errors.ts';
import { EngineError, type EngineInputError } from '../runtime/engines.ts';

export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

const INPUT_ERROR_MESSAGES: Record<EngineInputError['code'], { code: ErrorCode; prefix: string }> = {
  invalid_image: { code: 'invalid_image', prefix: 'The file cannot be decoded as an image: ' },
  invalid_audio: { code: 'invalid_audio', prefix: 'The file is unreadable as audio: ' },
  unsupported_media: { code: 'invalid_payload', prefix: '' },
  insufficient_content: { code: 'insufficient_content', prefix: '' },
};

function fromApiError(error: ApiError): ErrorResponse {
  return { status: ERROR_STATUS[error.code], code: error.code, message: error.message, details: error.details, headers: error.headers };
}

/** An engine failure: its input error's 400, or 503 (`refunded` says whether credits had moved). */
function fromEngine(error: unknown, refunded: boolean): ErrorResponse | undefined {
  if (error instanceof EngineError && error.input) {
    const { code, prefix } = INPUT_ERROR_MESSAGES[error.input.code];
    return fromApiError(new ApiError(code, `${prefix}${error.input.message}` || 'The input was refused by the engine.'));
  }
  if ((error as { code?: string })?.code === 'EOPENBREAKER') {
    return fromApiError(new ApiError('service_unavailable', 'The engine is temporarily unavailable; nothing was charged. Retry shortly.', undefined, { 'Retry-After': '30' }));
  }
  if (refunded) return fromApiError(new ApiError('service_error', 'Processing failed; the credits were refunded.'));
  return undefined;
}

/** What was really thrown, out of tRPC's wrapper and chargedWork's RefundedFailure, and whether it was refunded. */
function unwrap(error: unknown): { cause: unknown; refunded: boolean } {
  const thrown = error instanceof TRPCError && error.cause ? error.cause : error;
  return thrown instanceof RefundedFailure ? { cause: thrown.cause, refunded: true } : { cause: thrown, refunded: false };
}

/** Turns anything thrown into the contract's error; unknown failures become a 500 without internals. */
export function toErrorResponse(error: unknown): ErrorResponse {
  const { cause, refunded } = unwrap(error);
  if (cause instanceof ApiError) return fromApiError(cause);
  if (cause instanceof z.ZodError) {
    const first = cause.issues[0];
    // Our own messages are full sentences written for a person (the portal shows them as they are);
    // zod's generic ones ("Invalid input: …") need the field they are about in front.
    const sentence = first?.message.endsWith('.') ?? false;
    const where = first?.path.length && !sentence ? `${first.path.join('.')}: ` : '';
    return { status: 400, code: 'invalid_payload', message: `${where}${first?.message ?? 'invalid request'}`, details: { issues: cause.issues.map((i) => ({ path: i.path.join('.'), message: i.message })) } };
  }
  const engine = fromEngine(cause, refunded);
  if (engine) return engine;
  // co-body (JSON) reports its failures with `status`, formidable (multipart) with `httpCode`.
  const http = (cause as { status?: number; httpCode?: number } | undefined)?.status ?? (cause as { httpCode?: number } | undefined)?.httpCode;
  if (http === 413) return { status: 413, code: 'payload_too_large', message: 'The request body is too large for this endpoint.' };
  if (http === 415) return { status: 415, code: 'unsupported_media_type', message: 'Unsupported Content-Type.' };
  if (http && http >= 400 && http < 500) return { status: 400, code: 'invalid_payload', message: `The request body could not be parsed: ${(cause as Error).message}` };
  return { status: 500, code: 'internal_error', message: 'An unexpected error occurred; nothing was charged. Quote the request_id if you contact support.' };
}

/** Whether the failure is one of ours (logged) rather than the caller's. */
export function isServerFailure(error: unknown, response: ErrorResponse): boolean {
  return response.status >= 500 || unwrap(error).refunded;
}
