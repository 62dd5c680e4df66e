/**
 * Webhook delivery of async job results: the headers and Standard Webhooks signature, one delivery
 * attempt over SSRF-safe HTTP, its record, and the retry schedule. jobs/deliver-webhook.ts runs a
 * delivery with these.
 *
 * Signature (https://www.standardwebhooks.com): `webhook-signature: v1,<base64 HMAC-SHA256>` over
 * `${webhook-id}.${webhook-timestamp}.${body}`, keyed by the UTF-8 bytes of the caller's webhook_secret
 * (the `standardwebhooks` package accepts it when constructed with those bytes and `format: 'raw'`).
 */
import { createHmac } from 'node:crypto';
import { API_VERSION } from '../../contract/openapi.ts';
import type { WebhookAttempt } from './data/jobs.ts';
import { safeRequest, type OutboundPolicy } from './outbound.ts';

export interface WebhookDelivery {
  url: string;
  /** Stable across retries: receivers use it to de-duplicate. */
  webhookId: string;
  /** The exact JSON text to POST; signed byte for byte. */
  body: string;
  secret?: string;
}

export const WEBHOOK_TIMEOUT_MS = 10_000;
export const WEBHOOK_MAX_ATTEMPTS = 4; // 1 try + 3 retries
/** A receiver's reply is only logged; cap it well below anything that could hurt a worker. */
const WEBHOOK_MAX_RESPONSE_BYTES = 64 * 1024;
/** How much of a reply the Jobs page shows: enough for an error message, not a stored copy of a page. */
export const RESPONSE_BODY_KEPT = 2_000;
/** Names the sender, so a receiver's logs and firewall can tell our deliveries apart. */
export const WEBHOOK_USER_AGENT = `ContentIntegrityAPI-Webhooks/${API_VERSION}`;

function sign(webhookId: string, timestampSeconds: number, body: string, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8'))
    .update(`${webhookId}.${timestampSeconds}.${body}`, 'utf8')
    .digest('base64');
}

/**
 * Content-Type, User-Agent, webhook-id and webhook-timestamp (seconds) always; with a (non-empty)
 * secret also X-Webhook-Secret, unchanged as the spec requires, and webhook-signature.
 */
export function webhookHeaders(delivery: WebhookDelivery, timestamp: Date): Record<string, string> {
  const seconds = Math.floor(timestamp.getTime() / 1000);
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    'User-Agent': WEBHOOK_USER_AGENT,
    'webhook-id': delivery.webhookId,
    'webhook-timestamp': String(seconds),
  };
  if (delivery.secret) {
    headers['X-Webhook-Secret'] = delivery.secret;
    headers['webhook-signature'] = `v1,${sign(delivery.webhookId, seconds, delivery.body, delivery.secret)}`;
  }
  return headers;
}

/**
 * One POST of the body: 10 s timeout by default, redirects not followed (a 3xx is a failure), 2xx = ok.
 * Never throws: a refused URL, network error or timeout comes back as a failed attempt.
 */
export async function attemptWebhook(
  delivery: WebhookDelivery,
  policy: OutboundPolicy,
  at: Date,
  timeoutMs: number = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAttempt> {
  const started = performance.now();
  const finish = (statusCode: number | null, error: string | null, body?: Buffer): WebhookAttempt => ({
    at,
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
    ok: error === null,
    responseBody: body ? body.toString('utf8').slice(0, RESPONSE_BODY_KEPT) : null,
  });
  try {
    const response = await safeRequest(
      delivery.url,
      {
        method: 'POST',
        headers: webhookHeaders(delivery, at),
        body: delivery.body,
        timeoutMs,
        maxResponseBytes: WEBHOOK_MAX_RESPONSE_BYTES,
      },
      policy,
    );
    const { status, body } = response;
    if (status >= 200 && status < 300) return finish(status, null, body);
    if (status >= 300 && status < 400) return finish(status, `redirect (HTTP ${status}) not followed`, body);
    return finish(status, `receiver answered HTTP ${status}`, body);
  } catch (error) {
    return finish(null, error instanceof Error ? `${error.name}: ${error.message}` : String(error));
  }
}

/** Base and growth of the retry backoff: 5 s, 25 s, 125 s after the 1st, 2nd and 3rd failure (~2.6 min in all). */
const RETRY_BASE_MS = 5_000;
const RETRY_FACTOR = 5;

/**
 * Delay before the next attempt after the `attempt`-th failed one (1-based). Exponential so a receiver
 * that is briefly down (deploy, restart) gets the delivery within seconds, while one that is overloaded
 * is not hammered. No jitter: jobs finish at different times, so their retries are already spread out.
 * Beyond the last retry the delay stops growing (callers stop at WEBHOOK_MAX_ATTEMPTS anyway).
 */
export function webhookRetryDelayMs(attempt: number): number {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be a positive integer, got ${attempt}`);
  return RETRY_BASE_MS * RETRY_FACTOR ** Math.min(attempt - 1, WEBHOOK_MAX_ATTEMPTS);
}
