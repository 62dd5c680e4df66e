/**
 * Per-plan request rates, counted in PostgreSQL (table rate_limits) so every API process shares
 * them. A rejected request gets 429 rate_limited with Retry-After and RateLimit-* headers and is
 * never charged.
 */
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors.ts';

export type LimitedOperation = 'humanizer_sync' | 'image';

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterPostgres>();

  constructor(private readonly pool: pg.Pool) {}

  private limiter(operation: LimitedOperation, perMinute: number): RateLimiterPostgres {
    const id = `${operation}:${perMinute}`;
    let limiter = this.limiters.get(id);
    if (!limiter) {
      limiter = new RateLimiterPostgres({ storeClient: this.pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, keyPrefix: operation, points: perMinute, duration: 60 });
      this.limiters.set(id, limiter);
    }
    return limiter;
  }

  /** Counts one request of `userId`; returns the headers to send, or throws 429. */
  async consume(operation: LimitedOperation, userId: number, perMinute: number): Promise<Record<string, string>> {
    try {
      const res = await this.limiter(operation, perMinute).consume(String(userId));
      return headers(perMinute, res);
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const h = headers(perMinute, error);
      throw new ApiError('rate_limited', `Rate limit of ${perMinute} requests per minute reached; retry in ${h['Retry-After']} s.`, { limit: perMinute, retry_after_seconds: Number(h['Retry-After']) }, h);
    }
  }
}

function headers(limit: number, res: RateLimiterRes): Record<string, string> {
  const reset = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  return { 'RateLimit-Limit': String(limit), 'RateLimit-Remaining': String(Math.max(0, res.remainingPoints)), 'RateLimit-Reset': String(reset), ...(res.remainingPoints <= 0 && res.consumedPoints > limit ? { 'Retry-After': String(reset) } : {}) };
}
