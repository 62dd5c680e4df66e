/**
 * Checking a webhook delivery on the receiving side. Each delivery of a job that was given a
 * webhook_secret carries the secret unchanged in `X-Webhook-Secret` and Standard Webhooks headers
 * (https://www.standardwebhooks.com): `webhook-id`, `webhook-timestamp` (Unix seconds) and
 * `webhook-signature: v1,<base64 HMAC-SHA256 of "${webhook-id}.${webhook-timestamp}.${body}">`,
 * keyed by the UTF-8 bytes of the secret. The server's tests use this verifier too.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/** How far webhook-timestamp may be from now, either way: the Standard Webhooks libraries' default. */
export const WEBHOOK_TOLERANCE_SECONDS = 5 * 60;

/** A fetch `Headers`, or Node's `req.headers` (names in any case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  toleranceSeconds?: number;
  /** The current time in ms, for tests. */
  nowMs?: number;
}

/**
 * True when the delivery is authentic: `X-Webhook-Secret` equals `secret` and the signature over the
 * raw `body` (exactly the bytes received, before any JSON parsing) is valid and recent.
 */
export function verifyWebhook(headers: WebhookHeaders, body: string | Uint8Array, secret: string, options: VerifyWebhookOptions = {}): boolean {
  const given = header(headers, 'x-webhook-secret');
  if (!secret || given === undefined || !sameSecret(given, secret)) return false;
  return verifyWebhookSignature(headers, body, secret, options.toleranceSeconds, options.nowMs);
}

/**
 * The Standard Webhooks check alone: a `v1` signature among the space-separated ones in
 * webhook-signature matches, and webhook-timestamp is within `toleranceSeconds` of now.
 */
export function verifyWebhookSignature(
  headers: WebhookHeaders,
  body: string | Uint8Array,
  secret: string,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
  nowMs: number = Date.now(),
): boolean {
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');
  if (!secret || !id || !timestamp || !signatures || !/^\d{1,15}$/.test(timestamp)) return false;
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > toleranceSeconds) return false;

  const expected = Buffer.from(signature(id, String(Number(timestamp)), body, secret));
  return signatures.split(' ').some((versioned) => {
    const [version, value] = versioned.split(',', 2);
    if (version !== 'v1' || value === undefined) return false;
    const candidate = Buffer.from(value);
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
}

function signature(id: string, timestamp: string, body: string | Uint8Array, secret: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(`${id}.${timestamp}.`, 'utf8').update(body).digest('base64');
}

/** Compares digests so neither the content nor the length of the secret leaks through timing. */
function sameSecret(given: string, secret: string): boolean {
  const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();
  return timingSafeEqual(digest(given), digest(secret));
}

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (headers instanceof Headers) return headers.get(name) ?? undefined;
  for (const [key, value] of Object.entries(headers)) {
    if (key.toLowerCase() === name) return Array.isArray(value) ? value.join(' ') : value;
  }
  return undefined;
}
