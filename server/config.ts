/**
 * Every setting the service reads from the environment, parsed once. The README's Configuration
 * table documents the same names.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('./.data'),
  /** Where uploads lie while their request runs (a folder per request, removed when it ends). */
  UPLOAD_DIR: z.string().default(path.join(os.tmpdir(), 'content-integrity-uploads')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run graphile-worker inside the API process (default) or leave jobs to `npm run worker`. */
  RUN_WORKER: bool.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /** Worker heartbeat period; a worker silent for 6 periods is taken for dead and its jobs are released. */
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(50).default(10_000),
  /** Development and tests only: lets callback_url point at private and loopback addresses. */
  ALLOW_PRIVATE_CALLBACKS: bool.default(false),
  /** Engine worker threads (0 = number of CPUs). */
  ENGINE_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /** Load and warm every engine on every engine thread at start (the health checks report 503 until done). */
  WARM_ENGINES: bool.default(true),
  HUMANIZER_LLM_URL: z.string().url().optional(),
  HUMANIZER_LLM_MODEL: z.string().optional(),
  HUMANIZER_LLM_API_KEY: z.string().optional(),
  /** How long one LLM rewrite may take before the built-in rewriter is used instead. */
  HUMANIZER_LLM_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  PLAGIARISM_SEARXNG_URL: z.string().url().optional(),
  /**
   * Make each charge of a synchronous request wait until PostgreSQL has flushed it to disk. Off by
   * default: see `unflushed` in server/db/database.ts and the README's "Scaling out".
   */
  DURABLE_SYNC_CHARGES: bool.default(false),
  /** The address users reach the server at, for invite links (default http://localhost:PORT). */
  PUBLIC_URL: z.string().url().optional(),
  /** `open`: anyone can sign up in the portal (a Free-plan user); `invite` (default): only invited users. */
  PORTAL_SIGNUP: z.enum(['invite', 'open']).default('invite'),
  /**
   * How many reverse proxies (load balancers) in front of the server append to X-Forwarded-For.
   * 0 (default): the header is ignored, so a client cannot forge its address; behind N proxies the
   * client's address (sign-in limits, logs) and scheme are read from what the N proxies added.
   */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  /** Mark the session cookie Secure even when the request reached us over HTTP (behind a TLS proxy). */
  PORTAL_SECURE_COOKIES: bool.default(false),
  /** A portal session ends after this many idle minutes, and this many hours after sign-in. */
  PORTAL_SESSION_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
  PORTAL_SESSION_HOURS: z.coerce.number().int().min(1).default(12),
});

export type Config = z.infer<typeof EnvSchema> & { dataDir: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid configuration: ${problems}`);
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) };
}

/** Where users reach the server (invite links): PUBLIC_URL, or this machine on PORT. */
export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}
