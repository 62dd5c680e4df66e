/**
 * Where the process stands in its life, for the parts that must behave differently while it stops:
 * /readyz answers 503 once draining starts or while the job worker is down, and charged work still running when the grace period
 * ends is given up and refunded (credits.ts `chargedWork`) instead of being cut off with its charge.
 */
import { ApiError } from './errors.ts';

export class Lifecycle {
  private readonly giveUp = new AbortController();
  private drainingSince: Date | undefined;
  /** This process's job worker: `disabled` without one (RUN_WORKER=false), `down` while it cannot listen for jobs. */
  worker: 'ready' | 'down' | 'disabled' = 'disabled';

  /** Whether the process has begun to stop (it still finishes what it accepted). */
  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  startDraining(): void {
    this.drainingSince ??= new Date();
  }

  /** The grace period is over: work still running is given up. */
  abandon(): void {
    this.startDraining();
    this.giveUp.abort();
  }

  /** `work`, unless the process gives it up first: then a 503 that asks the caller to retry. */
  async unlessAbandoned<T>(work: Promise<T>): Promise<T> {
    const { signal } = this.giveUp;
    if (signal.aborted) {
      // The work has started all the same; when it fails later (its engine pool destroyed), no one is left to hear it.
      work.catch(() => {});
      throw stopped();
    }
    let onAbort: (() => void) | undefined;
    const given = new Promise<never>((_, reject) => {
      onAbort = () => reject(stopped());
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      return await Promise.race([work, given]);
    } finally {
      if (onAbort) signal.removeEventListener('abort', onAbort);
    }
  }
}

function stopped(): ApiError {
  return new ApiError('service_unavailable', 'The server was stopping and could not finish this request in time; nothing is charged for it. Retry it.', undefined, { 'Retry-After': '5' });
}
