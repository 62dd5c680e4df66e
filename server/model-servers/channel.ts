/**
 * One operator model server as the service sees it: every call under one deadline (the fetch is
 * aborted, so a slow server holds nothing but a pending promise on the event loop, never an engine
 * thread), behind a circuit breaker (opossum, as the engines' health checks use) so a server that
 * keeps failing is skipped at once, and a readiness flag for the health routes.
 */
import CircuitBreaker from 'opossum';
import type { z } from 'zod';
import { watchBreaker } from '../metrics/registry.ts';

export type ChannelName = 'lm' | 'image-model' | 'voice-model';

/** The server answered with an error, nothing usable, or not in time. */
export class UpstreamError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamError';
  }
}

export interface ChannelOptions {
  name: ChannelName;
  /** Base URL of the server (no trailing path). */
  url: string;
  apiKey?: string;
  timeoutMs: number;
  /** A GET path that answers 2xx when the server is up (checked once at start). */
  readyPath: string;
  /** Failures in a row before the breaker opens, and how long it stays open. */
  breaker?: { volumeThreshold?: number; resetTimeoutMs?: number };
}

export class ModelChannel {
  readonly name: ChannelName;
  private readonly breaker: CircuitBreaker<[(signal: AbortSignal) => Promise<unknown>], unknown>;
  /** The last outcome: the start probe's, then each call's. */
  private lastOk = false;
  private readonly unwatch: () => void;

  constructor(private readonly options: ChannelOptions) {
    this.name = options.name;
    // The deadline is ours (an abort signal), not opossum's, so the request itself is cancelled.
    this.breaker = new CircuitBreaker((work: (signal: AbortSignal) => Promise<unknown>) => work(AbortSignal.timeout(options.timeoutMs)), {
      timeout: false,
      errorThresholdPercentage: 50,
      volumeThreshold: options.breaker?.volumeThreshold ?? 5,
      resetTimeout: options.breaker?.resetTimeoutMs ?? 30_000,
    });
    this.unwatch = watchBreaker(`model-server:${options.name}`, this.breaker);
  }

  /** Up, as far as the service knows: the last call (or the start probe) succeeded and the breaker is not open. */
  ready(): boolean {
    return this.lastOk && !this.breaker.opened;
  }

  /** Checks the server once (at start); a server down now is reported not ready until a call succeeds. */
  async probe(): Promise<boolean> {
    try {
      const res = await fetch(this.url(this.options.readyPath), { headers: this.headers(), signal: AbortSignal.timeout(this.options.timeoutMs) });
      await res.body?.cancel();
      this.lastOk = res.ok;
    } catch {
      this.lastOk = false;
    }
    return this.lastOk;
  }

  /** POSTs a JSON body (already serialised) to `path` (of `base`, by default the channel's URL) and parses the answer with `schema`; throws UpstreamError. */
  async post<T extends z.ZodType>(path: string, body: string, schema: T, signal: AbortSignal, base = this.options.url): Promise<z.infer<T>> {
    let res: Response;
    try {
      res = await fetch(this.url(path, base), { method: 'POST', headers: { ...this.headers(), 'content-type': 'application/json' }, body, signal });
    } catch (error) {
      throw new UpstreamError(signal.aborted ? `no answer within ${this.options.timeoutMs} ms` : `unreachable (${(error as Error).message})`);
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new UpstreamError(`HTTP ${res.status}`);
    }
    let json: unknown;
    try {
      json = await res.json();
    } catch {
      throw new UpstreamError(signal.aborted ? `no answer within ${this.options.timeoutMs} ms` : 'an answer that is not JSON');
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new UpstreamError(`a malformed answer (${parsed.error.issues[0]?.path.join('.') || 'body'}: ${parsed.error.issues[0]?.message})`);
    return parsed.data;
  }

  /** Runs `work` under the deadline and the breaker; every failure comes out as an UpstreamError. */
  async call<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
    try {
      const result = (await this.breaker.fire(work)) as T;
      this.lastOk = true;
      return result;
    } catch (error) {
      this.lastOk = false;
      if (error instanceof UpstreamError) throw error;
      if (this.breaker.opened) throw new UpstreamError('skipped: it failed repeatedly (circuit open)');
      throw new UpstreamError((error as Error)?.message ?? String(error));
    }
  }

  close(): void {
    this.unwatch();
    this.breaker.shutdown();
  }

  private url(path: string, base = this.options.url): string {
    return `${base.replace(/\/+$/, '')}${path}`;
  }

  private headers(): Record<string, string> {
    return this.options.apiKey ? { authorization: `Bearer ${this.options.apiKey}` } : {};
  }
}
