/**
 * Every setting the service reads from the environment, parsed once. The README's Configuration
 * table documents the same names.
 */
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { IMAGE_INPUTS, VOICE_INPUTS } from './engines/model-inputs/names.ts';
import type { ModelServerSettings } from './model-servers/index.ts';
import { parseNetworks } from './platform/outbound.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * An operator's classifier behind the Open Inference Protocol (README "Bring your own model"):
 * IMAGE_MODEL_* or VOICE_MODEL_*. Off unless URL and NAME are both set.
 */
function classifierSettings<P extends 'IMAGE' | 'VOICE', I extends readonly [string, ...string[]]>(prefix: P, inputs: I) {
  return {
    [`${prefix}_MODEL_URL`]: z.string().url().optional(),
    [`${prefix}_MODEL_NAME`]: z.string().min(1).optional(),
    /** The named preprocessing of the model's input tensor. */
    [`${prefix}_MODEL_INPUT`]: z.enum(inputs).default(inputs[0]),
    /** The input tensor's name in the model's signature. */
    [`${prefix}_MODEL_TENSOR`]: z.string().min(1).default('input'),
    /** Which class of a per-class output is "fake" (AI-made). */
    [`${prefix}_MODEL_FAKE_CLASS`]: z.coerce.number().int().min(0).default(1),
    [`${prefix}_MODEL_API_KEY`]: z.string().optional(),
    [`${prefix}_MODEL_TIMEOUT_MS`]: z.coerce.number().int().min(1).default(10_000),
    /** Without a calibration file: `own` lets the server's probability decide; `evidence` (default) only reports it. */
    [`${prefix}_MODEL_TRUST`]: z.enum(['evidence', 'own']).default('evidence'),
    /** The fusion weights `npm run calibrate` wrote (default DATA_DIR/calibration/<engine>.json). */
    [`${prefix}_MODEL_CALIBRATION`]: z.string().optional(),
  } as { [K in `${P}_MODEL_URL` | `${P}_MODEL_NAME` | `${P}_MODEL_API_KEY` | `${P}_MODEL_CALIBRATION`]: z.ZodOptional<z.ZodString> } & {
    [K in `${P}_MODEL_INPUT`]: z.ZodDefault<z.ZodEnum<{ [V in I[number]]: V }>>;
  } & { [K in `${P}_MODEL_TENSOR`]: z.ZodDefault<z.ZodString> } & { [K in `${P}_MODEL_FAKE_CLASS` | `${P}_MODEL_TIMEOUT_MS`]: z.ZodDefault<z.ZodCoercedNumber> } & {
    [K in `${P}_MODEL_TRUST`]: z.ZodDefault<z.ZodEnum<{ evidence: 'evidence'; own: 'own' }>>;
  };
}

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.string().optional(),
  // An empty DATA_DIR (an unset shell variable) would put the database in the working folder: refused.
  DATA_DIR: z.string().min(1, 'must not be empty (unset it for the default ./.data)').default('./.data'),
  /** Where uploads lie while their request runs (a folder per request, removed when it ends). */
  UPLOAD_DIR: z.string().default(path.join(os.tmpdir(), 'content-integrity-uploads')),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Run graphile-worker inside the API process (default) or leave jobs to `npm run worker`. */
  RUN_WORKER: bool.default(true),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(4),
  /**
   * One account's batch items queued or running at once (the rest wait for a slot), so one account's
   * large batch leaves CPU and workers to the others; 0 (the default): half the CPUs, at least 1
   * (batchItemsPerAccount).
   */
  BATCH_ITEMS_PER_ACCOUNT: z.coerce.number().int().min(0).max(64).default(0),
  /** Worker heartbeat period; a worker silent for 6 periods is taken for dead and its jobs are released. */
  WORKER_HEARTBEAT_MS: z.coerce.number().int().min(50).default(10_000),
  /** Development and tests only: lets callback_url point at private and loopback addresses. */
  ALLOW_PRIVATE_CALLBACKS: bool.default(false),
  /**
   * Closed networks: private or loopback networks (comma-separated CIDRs, e.g. 10.20.0.0/16) that callback_url
   * and document urls may reach besides public addresses, without ALLOW_PRIVATE_CALLBACKS opening all of them.
   */
  OUTBOUND_ALLOWED_NETWORKS: z
    .string()
    .default('')
    .transform((list, ctx) => {
      try {
        return parseNetworks(list);
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be comma-separated CIDRs, such as 10.20.0.0/16' });
        return z.NEVER;
      }
    }),
  /** Engine worker threads for every engine but grammar (0 = the CPUs less GRAMMAR_THREADS, at least 1). */
  ENGINE_THREADS: z.coerce.number().int().min(0).max(64).default(0),
  /** Engine threads for grammar and the humanizer (each holds its own harper.js linter, about 0.3 GB). */
  GRAMMAR_THREADS: z.coerce.number().int().min(1).max(64).default(1),
  /** Load and warm every engine on every engine thread at start (the health checks report 503 until done). */
  WARM_ENGINES: bool.default(true),
  /** On SIGINT or SIGTERM: how long requests and jobs in flight may take to finish before they are given up (and refunded). */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(30_000),
  HUMANIZER_LLM_URL: z.string().url().optional(),
  HUMANIZER_LLM_MODEL: z.string().optional(),
  HUMANIZER_LLM_API_KEY: z.string().optional(),
  /** How long one LLM rewrite may take before the built-in rewriter is used instead. */
  HUMANIZER_LLM_TIMEOUT_MS: z.coerce.number().int().min(1).optional(),
  PLAGIARISM_SEARXNG_URL: z.string().url().optional(),
  /** An OpenAI-compatible completions server for zero-shot text evidence (README "Bring your own model"); off unless URL and MODEL are set. */
  TEXT_DETECT_LM_URL: z.string().url().optional(),
  /** The observer model (Fast-DetectGPT's scoring model, Binoculars' observer). */
  TEXT_DETECT_LM_MODEL: z.string().min(1).optional(),
  /** A second model of the same tokenizer: adds the Binoculars score. */
  TEXT_DETECT_LM_PERFORMER_MODEL: z.string().min(1).optional(),
  /** Where the performer is served, when not at TEXT_DETECT_LM_URL (a vLLM process serves one model). */
  TEXT_DETECT_LM_PERFORMER_URL: z.string().url().optional(),
  TEXT_DETECT_LM_API_KEY: z.string().optional(),
  /** The deadline of one text's evidence (all its windows); past it the built-in model decides alone. */
  TEXT_DETECT_LM_TIMEOUT_MS: z.coerce.number().int().min(1).default(10_000),
  /** `logprobs` asked for: the top-K alternatives per token (vLLM allows up to 20 by default). */
  TEXT_DETECT_LM_TOP_K: z.coerce.number().int().min(1).max(100).default(20),
  /** Characters per window; a window must fit the model's context (about 4 characters a token in English). */
  TEXT_DETECT_LM_WINDOW_CHARS: z.coerce.number().int().min(200).default(2_000),
  /** The fusion weights `npm run calibrate -- text-detect` wrote (default DATA_DIR/calibration/text-detect.json). */
  TEXT_DETECT_LM_CALIBRATION: z.string().optional(),
  ...classifierSettings('IMAGE', IMAGE_INPUTS),
  ...classifierSettings('VOICE', VOICE_INPUTS),
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
  /** GET /metrics answers loopback callers, and others that send `Authorization: Bearer <METRICS_TOKEN>`. */
  METRICS_TOKEN: z.string().min(16, 'METRICS_TOKEN needs at least 16 characters').optional(),
  /** Serve GET /metrics on this port alone (on HOST), and not on PORT. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
}).superRefine((env, ctx) => {
  // A model server half configured is a mistake to report at start, not a channel silently off.
  for (const [url, model] of [['TEXT_DETECT_LM_URL', 'TEXT_DETECT_LM_MODEL'], ['IMAGE_MODEL_URL', 'IMAGE_MODEL_NAME'], ['VOICE_MODEL_URL', 'VOICE_MODEL_NAME']] as const) {
    if (Boolean(env[url]) !== Boolean(env[model])) ctx.addIssue({ code: 'custom', path: [env[url] ? model : url], message: `${url} and ${model} go together` });
  }
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
/** The per-account cap on batch items in flight: BATCH_ITEMS_PER_ACCOUNT, or half the CPUs (at least 1) when it is 0. */
export function batchItemsPerAccount(config: Pick<Config, 'BATCH_ITEMS_PER_ACCOUNT'>): number {
  return config.BATCH_ITEMS_PER_ACCOUNT || Math.max(1, Math.floor(os.availableParallelism() / 2));
}

export function publicUrl(config: Config): string {
  return config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
}

/** The operator's model servers as the environment configures them (README "Bring your own model"): each only with its URL and model. */
export function modelServerSettings(config: Config): ModelServerSettings {
  const classifier = <P extends 'IMAGE' | 'VOICE'>(prefix: P) => {
    const url = config[`${prefix}_MODEL_URL`];
    const model = config[`${prefix}_MODEL_NAME`];
    if (!url || !model) return undefined;
    return {
      url,
      model,
      input: config[`${prefix}_MODEL_INPUT`],
      tensor: config[`${prefix}_MODEL_TENSOR`],
      fakeClass: config[`${prefix}_MODEL_FAKE_CLASS`],
      apiKey: config[`${prefix}_MODEL_API_KEY`],
      timeoutMs: config[`${prefix}_MODEL_TIMEOUT_MS`],
      trust: config[`${prefix}_MODEL_TRUST`],
      calibrationFile: config[`${prefix}_MODEL_CALIBRATION`],
    };
  };
  const lm =
    config.TEXT_DETECT_LM_URL && config.TEXT_DETECT_LM_MODEL
      ? {
          url: config.TEXT_DETECT_LM_URL,
          model: config.TEXT_DETECT_LM_MODEL,
          performer: config.TEXT_DETECT_LM_PERFORMER_MODEL,
          performerUrl: config.TEXT_DETECT_LM_PERFORMER_URL,
          apiKey: config.TEXT_DETECT_LM_API_KEY,
          timeoutMs: config.TEXT_DETECT_LM_TIMEOUT_MS,
          topK: config.TEXT_DETECT_LM_TOP_K,
          windowChars: config.TEXT_DETECT_LM_WINDOW_CHARS,
          calibrationFile: config.TEXT_DETECT_LM_CALIBRATION,
        }
      : undefined;
  return { dataDir: config.dataDir, lm, image: classifier('IMAGE'), voice: classifier('VOICE') };
}
