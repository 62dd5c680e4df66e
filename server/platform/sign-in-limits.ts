/**
 * Sign-in attempts, limited per account (the email, known or not) and per client address, counted
 * in PostgreSQL (rate-limiter-flexible, table rate_limits) so every API process shares them. An
 * unknown email is counted exactly like a known one, so the limit tells nothing either. Only
 * failed attempts add up: a successful sign-in gives its attempts back.
 */
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { ApiError } from './errors.ts';

export const SIGN_IN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };

export class SignInLimits {
  private readonly account: RateLimiterPostgres;
  private readonly address: RateLimiterPostgres;

  constructor(pool: pg.Pool, limits = SIGN_IN_LIMITS) {
    const common = { storeClient: pool, storeType: 'pool', tableName: 'rate_limits', tableCreated: true, duration: limits.windowSeconds };
    this.account = new RateLimiterPostgres({ ...common, keyPrefix: 'signin_account', points: limits.perAccount });
    this.address = new RateLimiterPostgres({ ...common, keyPrefix: 'signin_address', points: limits.perAddress });
  }

  /** Counts one attempt; throws 429 rate_limited (with Retry-After) when either limit is spent. */
  async attempt(email: string, address: string): Promise<void> {
    try {
      await this.address.consume(address);
      await this.account.consume(email.toLowerCase());
    } catch (error) {
      if (!(error instanceof RateLimiterRes)) throw error;
      const retry = Math.max(1, Math.ceil(error.msBeforeNext / 1000));
      throw new ApiError('rate_limited', `Too many sign-in attempts; try again in ${Math.ceil(retry / 60)} minute(s).`, { retry_after_seconds: retry }, { 'Retry-After': String(retry) });
    }
  }

  /** A successful sign-in clears the account's count and gives the address its attempt back: only failures add up. */
  async succeeded(email: string, address: string): Promise<void> {
    await this.account.delete(email.toLowerCase());
    await this.address.reward(address, 1);
  }
}
