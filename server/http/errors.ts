/**
 * The one place a failure becomes the contract's error: API errors keep their code, validation
 * errors are 400 invalid_payload, an engine's input error gets its own 400 code, an engine that is
 * down is 503, and a failure after a (refunded) charge says so. Anything else is a 500 that
 * charged nothing.
 */
import { z } from 'zod';
import { FILE_LIMITS } from '../../contract/catalogue.ts';
import { ERROR_STATUS, type ErrorCode } from '../../contract/errors.ts';
import { RefundedFailure } from '../platform/credits.ts';
import { ApiError, DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnreachable } from '../platform/errors.ts';
import { EngineError, type EngineInputError } from '../runtime/engines.ts';

export interface ErrorResponse {
  status: number;
  code: ErrorCode;
  message: string;
  details?: Record<string, unknown>;
  headers?: Record<string, string>;
}

/**
 * What the caller is told of an engine's input error, in our words: the engines' own messages can
 * carry a decoder's text (ffprobe's, which names the file's path; libvips') and go to the log only.
 * The plagiarism engine's message is ours and says which sentences were missing, so it is kept.
 */
const INPUT_ERROR_MESSAGES: Record<EngineInputError['engine'], Partial<Record<EngineInputError['code'], string>>> = {
  image: {
    invalid_image: 'The file cannot be decoded as an image: it is corrupt, truncated or not what its format says.',
    unsupported_media: `The file is not in an image format this endpoint takes (${FILE_LIMITS.detectImage.formats}).`,
  },
  voice: {
    invalid_audio: 'The file is unreadable as audio: it is corrupt, truncated, silent of any stream, or in a codec that cannot be decoded.',
    unsupported_media: `The file is not audio in a format this endpoint takes (${FILE_LIMITS.detectVoice.formats}); files with a video stream are refused.`,
  },
  plagiarism: {},
  // The documents engine writes its messages for the caller (engines/documents/errors.ts), and no library's text.
  documents: {},
};
const INPUT_ERROR_CODES: Record<EngineInputError['code'], ErrorCode> = {
  invalid_image: 'invalid_image', invalid_audio: 'invalid_audio', unsupported_media: 'invalid_payload', insufficient_content: 'insufficient_content',
  unsupported_document: 'unsupported_document', encrypted_document: 'encrypted_document', no_text: 'no_text', unreadable_document: 'unreadable_document', payload_too_large: 'payload_too_large',
};

/** The fields of a library's error that say what went wrong (any may be missing; a non-object has none). */
const LibraryError = z.object({ status: z.number().optional().catch(undefined), type: z.string().optional().catch(undefined), code: z.union([z.string(), z.number()]).optional().catch(undefined) });
export const errorFields = (error: unknown) => LibraryError.safeParse(error).data ?? {};

function fromApiError(error: ApiError): ErrorResponse {
  return { status: ERROR_STATUS[error.code], code: error.code, message: error.message, details: error.details, headers: error.headers };
}

/** An engine failure: its input error's 400, or 503 (`refunded` says whether credits had moved). */
function fromEngine(error: unknown, refunded: boolean): ErrorResponse | undefined {
  if (error instanceof EngineError && error.input) {
    const { engine, code, message } = error.input;
    const ours = INPUT_ERROR_MESSAGES[engine][code];
    const details = error.input.engine === 'documents' ? error.input.details : undefined;
    return fromApiError(new ApiError(INPUT_ERROR_CODES[code], ours ?? (message || 'The input was refused by the engine.'), details));
  }
  if (errorFields(error).code === 'EOPENBREAKER') {
    return fromApiError(new ApiError('service_unavailable', 'The engine is temporarily unavailable; nothing was charged. Retry shortly.', undefined, { 'Retry-After': '30' }));
  }
  if (refunded) return fromApiError(new ApiError('service_error', 'Processing failed; the credits were refunded.'));
  return undefined;
}

/** What was really thrown, out of chargedWork's RefundedFailure, and whether it was refunded. */
function unwrap(error: unknown): { cause: unknown; refunded: boolean } {
  return error instanceof RefundedFailure ? { cause: error.cause, refunded: true } : { cause: error, refunded: false };
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
  if (isDatabaseUnreachable(cause)) {
    const charge = refunded ? 'the credits were refunded' : 'nothing was charged';
    return fromApiError(new ApiError('service_unavailable', `The service cannot reach its database for a moment; ${charge}. Retry after the Retry-After seconds.`, undefined, { 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) }));
  }
  // mount.ts turns the body parsers' refusals into ApiErrors; a 4xx of another library still is the
  // caller's, told without the library's text.
  const http = errorFields(cause).status;
  if (http && http >= 400 && http < 500) return { status: 400, code: 'invalid_payload', message: 'The request could not be read.' };
  return { status: 500, code: 'internal_error', message: 'An unexpected error occurred; nothing was charged. Quote the request_id if you contact support.' };
}

/** Whether the failure is one of ours (logged) rather than the caller's. */
export function isServerFailure(error: unknown, response: ErrorResponse): boolean {
  return response.status >= 500 || unwrap(error).refunded;
}
