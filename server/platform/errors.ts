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
