import type { ErrorCode } from '../../contract/errors.ts';

/** A failure the caller can act on: it becomes the contract's error body with its code's status. */
export class ApiError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: Record<string, unknown>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** PostgreSQL's SQLSTATE classes and codes that mean the server is gone or going (not that the statement is wrong). */
const UNREACHABLE_SQLSTATES = /^(08|57P0[123])/;
const UNREACHABLE_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);
const UNREACHABLE_MESSAGES = /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/;

/**
 * Whether a failure means the database could not be reached (stopped, restarting, a connection
 * cut), which the caller is told as 503 service_unavailable with Retry-After rather than a 500:
 * nothing about the request was wrong, and the same request succeeds once the database is back.
 */
export function isDatabaseUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && (UNREACHABLE_SQLSTATES.test(code) || UNREACHABLE_NODE_CODES.has(code))) return true;
  if (error instanceof AggregateError) return error.errors.some(isDatabaseUnreachable);
  return UNREACHABLE_MESSAGES.test(error.message);
}

/** Seconds a client is asked to wait before retrying while the database is unreachable. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;
