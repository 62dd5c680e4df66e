/**
 * The developer portal's JSON routes (`/portal/api/…`), tagged `portal` in openapi.yaml. They take
 * the portal session cookie, never an API key; the public API takes an API key, never the cookie.
 * Every state-changing route is protected against CSRF twice: its Origin must be the server's own
 * origin, and (once signed in) its X-CSRF-Token header must be the session's token.
 */
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import { creditsProse, describeBounds, DOCUMENT_LIMITS, durationProse, FILE_LIMITS, JOB_RESULT_HOURS, IMAGE_MAX_CREDITS, IMAGE_MIN_CREDITS, isStorableText, perWordProse, PRICES, PUBLIC_SCOPES, STORABLE_TEXT_MESSAGE, TEXT_BOUNDS } from './catalogue.ts';
import type { RequestKind } from './routes.ts';
import { AccountInfo, DetectionResult, queryInteger, GrammarRequest, GrammarResult, HumanizationResult, ImageResult, ImageUpload, PlagiarismRequest, PlagiarismResult, VoiceResult, VoiceUpload } from './schemas.ts';

/** The session cookie: HttpOnly, SameSite=Lax, Path=/portal/ (so the browser never sends it to /api/). */
export const SESSION_COOKIE = 'ci_session';
export const CSRF_HEADER = 'X-CSRF-Token';

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_MAX_LENGTH = 200;

const email = z.string().trim().toLowerCase().email('Enter a valid email address.').max(254, 'An email address has at most 254 characters.').openapi({ description: 'Email address of the account.', example: 'dev@example.com' });
// Messages a person reads in the portal as they are (full sentences, no field name before them).
const passwordTooLong = `A password has at most ${PASSWORD_MAX_LENGTH} characters.`;
const password = z.string().min(PASSWORD_MIN_LENGTH, `The password needs at least ${PASSWORD_MIN_LENGTH} characters.`).max(PASSWORD_MAX_LENGTH, passwordTooLong).openapi({ description: `A password of ${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters.`, example: 'correct horse battery staple' });
const timestamp = (description: string) => z.string().openapi({ description: `${description} (ISO 8601).`, example: '2026-11-26T07:00:00.000Z' });
const okShape = { status: z.literal('ok').openapi({ example: 'ok' }) };
const ok = z.object(okShape).openapi('PortalOk');
const SignedOutEverywhere = z.object({ ...okShape, sessions_ended: z.number().int() }).openapi('PortalSignedOutEverywhere');
const PasswordSet = z.object({ ...okShape, email: z.string() }).openapi('PortalPasswordSet');
const PlaygroundText = z
  .object({
    content: z.string().optional().openapi({ description: 'The text, as the API endpoint takes it.', 'x-in-sample': true }),
    url: z.string().optional().openapi({ description: 'Instead of content: an address whose page or file is read, as the API endpoint takes it.' }),
  })
  .openapi('PortalPlaygroundText');
/** A playground document: the file, as the API endpoint takes it. */
const PlaygroundUpload = z.object({ file: z.custom<Blob>((value) => value !== undefined && value !== null).openapi({ type: 'string', format: 'binary', description: `A document: ${DOCUMENT_LIMITS.formats}.` }) }).openapi('PortalPlaygroundUpload');
const GrammarUpload = z.object({ file: PlaygroundUpload.shape.file, target_variant: z.string().optional() }).openapi('PortalPlaygroundGrammarUpload');
/** The playground's text routes: JSON (content or url), or a document upload. */
const textRequest = (body: z.ZodType, form: z.ZodType = PlaygroundUpload) => ({ kind: 'json', body, upload: { form, maxFileBytes: DOCUMENT_LIMITS.maxBytes } }) as const;
const documentErrors = ['unsupported_document', 'encrypted_document', 'no_text', 'unreadable_document', 'payload_too_large', 'remote_error', 'remote_timeout'] as const;

export const SignInRequest = z.object({ email, password: z.string().min(1, 'Enter your password.').max(PASSWORD_MAX_LENGTH, passwordTooLong).openapi({ description: 'The password.', example: 'correct horse battery staple' }) }).openapi('PortalSignIn');
export const SignUpRequest = z.object({ email, password }).openapi('PortalSignUp');
export const SetPasswordRequest = z
  .object({ token: z.string().min(1, 'The link has no token: open the whole link from the invitation.').max(200, 'The link\'s token is too long: open the link exactly as it was given.').openapi({ description: 'The token of the invite link (after `#token=`).', example: 'inv_4Jk…' }), password })
  .openapi('PortalSetPassword');
export const ChangePasswordRequest = z.object({ current_password: z.string().min(1, 'Enter your current password.').max(PASSWORD_MAX_LENGTH, passwordTooLong), new_password: password }).openapi('PortalChangePassword');

export const PortalMe = z
  .object({
    user: z.object({ id: z.number().int(), email: z.string() }),
    plan: z.string().openapi({ description: 'Plan name.', example: 'Free' }),
    csrf_token: z.string().openapi({ description: 'Send it back in X-CSRF-Token on every state-changing portal request of this session.' }),
  })
  .openapi('PortalMe');

export const KEY_EXPIRATIONS = ['never', '30d', '60d', '90d'] as const;

export const PortalKey = z
  .object({
    id: z.string().openapi({ description: 'Key id (not the key).', example: '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14' }),
    name: z.string().openapi({ description: 'Name chosen at creation.', example: 'production' }),
    status: z.enum(['Active', 'Revoked', 'Expired']).openapi({ description: '`Expired`: active but past its expiration date (rejected like a revoked key).' }),
    prefix: z.string().openapi({ description: 'The first 10 characters of the key, for recognising it; the full key is never shown again.', example: 'ci_Ab12Cd3' }),
    scopes: z.array(z.enum(PUBLIC_SCOPES)),
    created_at: timestamp('Creation time'),
    expiration: z.enum(KEY_EXPIRATIONS).openapi({ description: 'Expiration chosen at creation.' }),
    expires_at: timestamp('Expiry time').nullable(),
    last_used_at: timestamp('Last successful API call, to the minute').nullable(),
  })
  .openapi('PortalKey');

export const KeyList = z
  .object({
    keys: z.array(PortalKey),
    active: z.number().int().openapi({ description: 'Keys that count against the plan limit (active and unexpired).' }),
    max_active_keys: z.number().int().openapi({ description: 'The plan\'s limit of active keys.' }),
  })
  .openapi('PortalKeyList');

export const CreateKeyRequest = z
  .object({
    name: z.string().trim().min(1, 'Give the key a name.').max(100, 'A key name has at most 100 characters.').refine(isStorableText, { message: `A key name ${STORABLE_TEXT_MESSAGE}.` }).openapi({ description: 'Key Name.', example: 'production' }),
    scopes: z.array(z.enum(PUBLIC_SCOPES)).min(1, 'Choose at least one scope under Model Access.').openapi({ description: 'Model Access: at least one scope. detect-and-humanize needs both `humanizer` and `ai_detector`.' }),
    expiration: z.enum(KEY_EXPIRATIONS).openapi({ description: 'Never, 30, 60 or 90 days.' }),
  })
  .openapi('PortalCreateKey');

export const CreatedKey = z
  .object({ key: z.string().openapi({ description: 'The full key: shown in this response only, never stored or shown again.', example: 'ci_Ab12Cd34Ef56Gh78Ij90Kl12Mn34Op56Qr78St90' }), record: PortalKey })
  .openapi('PortalCreatedKey');

export const KeyIdParams = z.object({ key_id: z.string().uuid().openapi({ param: { name: 'key_id', in: 'path' }, example: '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14' }) });
export const PortalTaskParams = z.object({ task_id: z.string().uuid().openapi({ param: { name: 'task_id', in: 'path' }, example: '3f1c2b9e-8d4a-4c6e-9b1f-2a7d5e8c0b14' }) });

export const UsagePage = z
  .object({
    account: AccountInfo,
    daily: z.array(z.object({ date: z.string().openapi({ example: '2026-11-26' }), service: z.string(), credits: z.number().int() })).openapi({ description: 'Credits used per UTC day and service in the billing period (net of refunds).' }),
  })
  .openapi('PortalUsage');

export const LedgerQuery = z.object({
  page: queryInteger({ min: 1 }).default(1).openapi({ param: { name: 'page', in: 'query' } }),
  per_page: queryInteger({ min: 1, max: 100 }).default(20).openapi({ param: { name: 'per_page', in: 'query' } }),
});

export const LedgerEntry = z.object({
  id: z.number().int(),
  time: timestamp('When'),
  kind: z.enum(['charge', 'refund', 'grant', 'reset']),
  operation: z.string().openapi({ description: 'What was charged or refunded.', example: 'detector' }),
  request_id: z.string().nullable(),
  task_id: z.string().nullable(),
  credits: z.number().int().openapi({ description: 'Negative for a charge, positive for a refund or grant.', example: -42 }),
  balance_after: z.number().int(),
});

export const LedgerPage = z
  .object({ entries: z.array(LedgerEntry), page: z.number().int(), per_page: z.number().int(), total: z.number().int() })
  .openapi('PortalLedger');

export const WebhookAttempt = z.object({
  attempt: z.number().int(),
  time: timestamp('When the attempt was made'),
  status_code: z.number().int().nullable().openapi({ description: 'HTTP status of the receiver; null on a network error.' }),
  error: z.string().nullable().openapi({ description: 'Network error or timeout, if any.' }),
  duration_ms: z.number().int(),
  ok: z.boolean(),
  response_body: z.string().nullable().openapi({ description: 'The start of the receiver\'s reply (up to 2,000 characters); null when no reply came.', example: '{"received":true}' }),
});

export const PortalJob = z.object({
  task_id: z.string(),
  endpoint: z.string().openapi({ example: '/api/detector/' }),
  status: z.enum(['processing', 'success', 'failed']),
  created_at: timestamp('Accepted'),
  finished_at: timestamp('Finished').nullable(),
  callback_url: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()).nullable().openapi({ description: 'The JSON body every delivery POSTs (as GET /api/jobs/{task_id}/ returns it); null without a callback_url or before the job finished.' }),
  delivery: z.enum(['none', 'pending', 'retrying', 'delivered', 'gave_up']).openapi({ description: 'The webhook: `none` (no callback_url), `pending` (not sent yet), `retrying` (failed, another attempt scheduled), `delivered` (a 2xx answer), `gave_up` (every attempt failed; "Send again" still works).', example: 'delivered' }),
  attempts: z.array(WebhookAttempt),
  next_retry_at: timestamp('Next scheduled delivery attempt').nullable(),
});

/** A batch as the Jobs page shows it: GET /api/batches/{batch_id}/'s summary, its items without their results, and its one webhook's deliveries. */
export const PortalBatch = z.object({
  batch_id: z.string(),
  service: z.string().openapi({ example: 'detector' }),
  status: z.enum(['queued', 'running', 'completed', 'completed_with_errors', 'cancelled']),
  created_at: timestamp('Accepted'),
  completed_at: timestamp('When its last item ended').nullable(),
  item_count: z.number().int(),
  counts: z.object({ queued: z.number().int(), running: z.number().int(), succeeded: z.number().int(), failed: z.number().int(), cancelled: z.number().int() }),
  credits_held: z.number().int(),
  credits_charged: z.number().int(),
  credits_refunded: z.number().int(),
  callback_url: z.string().nullable(),
  delivery: PortalJob.shape.delivery,
  attempts: z.array(WebhookAttempt),
  next_retry_at: timestamp('Next scheduled delivery attempt').nullable(),
  items: z.array(z.object({ index: z.number().int(), ref: z.string().nullable(), status: z.enum(['queued', 'running', 'succeeded', 'failed', 'cancelled']), error: z.string().nullable() })),
});

export const JobList = z.object({ jobs: z.array(PortalJob), batches: z.array(PortalBatch).openapi({ description: 'Recent batches (kept as long as job results), newest first.' }) }).openapi('PortalJobs');

export interface PortalRouteDef {
  op: string;
  method: 'get' | 'post' | 'delete';
  path: `/portal/api/${string}/`;
  summary: string;
  description: string;
  /** `session`: a signed-in portal session; `none`: before sign-in (still Origin-checked when state-changing). */
  auth: 'session' | 'none';
  request: RequestKind;
  params?: z.ZodObject;
  query?: z.ZodObject;
  response: z.ZodType;
  errors: readonly ErrorCode[];
}

const json = (body: z.ZodType) => ({ kind: 'json', body }) as const;
const none = { kind: 'none' } as const;

export const portalRoutes = [
  { op: 'portalSignIn', method: 'post', path: '/portal/api/session/', auth: 'none', summary: 'Sign in', description: 'Email and password. Sets a new session cookie (a new session id at every sign-in). Rate limited per account and per address; an unknown email and a wrong password get the same answer.', request: json(SignInRequest), response: PortalMe, errors: ['invalid_credentials', 'rate_limited', 'csrf_rejected'] },
  { op: 'portalSignOut', method: 'delete', path: '/portal/api/session/', auth: 'session', summary: 'Sign out', description: 'Ends this session and clears the cookie.', request: none, response: ok, errors: ['not_signed_in', 'csrf_rejected'] },
  { op: 'portalSignOutEverywhere', method: 'delete', path: '/portal/api/sessions/', auth: 'session', summary: 'Sign out everywhere', description: 'Ends every session of the account, this one included.', request: none, response: SignedOutEverywhere, errors: ['not_signed_in', 'csrf_rejected'] },
  { op: 'portalMe', method: 'get', path: '/portal/api/me/', auth: 'session', summary: 'The signed-in user', description: 'The user, plan and the session\'s CSRF token.', request: none, response: PortalMe, errors: ['not_signed_in'] },
  { op: 'portalSetPassword', method: 'post', path: '/portal/api/password/', auth: 'none', summary: 'Set a password from an invite link', description: 'The invite link (valid 24 hours, usable once) sets the account\'s password. Ends every existing session of the account and signs this browser in (a new session cookie).', request: json(SetPasswordRequest), response: PasswordSet, errors: ['invalid_payload', 'csrf_rejected'] },
  { op: 'portalChangePassword', method: 'post', path: '/portal/api/password/change/', auth: 'session', summary: 'Change the password', description: 'Needs the current password. Ends every other session of the account.', request: json(ChangePasswordRequest), response: ok, errors: ['invalid_payload', 'invalid_credentials', 'not_signed_in', 'csrf_rejected'] },
  { op: 'portalSignUp', method: 'post', path: '/portal/api/sign-up/', auth: 'none', summary: 'Open sign-up', description: 'Only when the server runs with PORTAL_SIGNUP=open (else 404): creates a Free-plan user and signs in.', request: json(SignUpRequest), response: PortalMe, errors: ['invalid_payload', 'not_found', 'rate_limited', 'csrf_rejected'] },
  { op: 'portalListKeys', method: 'get', path: '/portal/api/keys/', auth: 'session', summary: 'List API keys', description: 'Every key of the account with its display prefix (never the key).', request: none, response: KeyList, errors: ['not_signed_in'] },
  { op: 'portalCreateKey', method: 'post', path: '/portal/api/keys/', auth: 'session', summary: 'Create an API key', description: 'Key Name, Model Access (at least one scope) and Expiration. Refused when the plan\'s active-key limit is reached (details: limit, active). The full key is in this response only.', request: json(CreateKeyRequest), response: CreatedKey, errors: ['invalid_payload', 'not_signed_in', 'csrf_rejected'] },
  { op: 'portalRevokeKey', method: 'post', path: '/portal/api/keys/{key_id}/revoke/', auth: 'session', summary: 'Revoke an API key', description: 'Immediate and irreversible: the key is refused from the next request on.', request: none, params: KeyIdParams, response: PortalKey, errors: ['not_found', 'not_signed_in', 'csrf_rejected'] },
  { op: 'portalDeleteKey', method: 'delete', path: '/portal/api/keys/{key_id}/', auth: 'session', summary: 'Delete an API key', description: 'Removes the key permanently (revoked or not).', request: none, params: KeyIdParams, response: ok, errors: ['not_found', 'not_signed_in', 'csrf_rejected'] },
  { op: 'portalUsage', method: 'get', path: '/portal/api/usage/', auth: 'session', summary: 'Usage of the billing period', description: 'The account (as GET /api/account/) and credits used per day and service in the billing period. The ledger as CSV: GET /portal/usage/ledger.csv.', request: none, response: UsagePage, errors: ['not_signed_in'] },
  { op: 'portalLedger', method: 'get', path: '/portal/api/ledger/', auth: 'session', summary: 'Recent charges and refunds', description: 'The credit ledger, newest first, paginated.', request: none, query: LedgerQuery, response: LedgerPage, errors: ['invalid_payload', 'not_signed_in'] },
  { op: 'portalJobs', method: 'get', path: '/portal/api/jobs/', auth: 'session', summary: 'Recent async jobs and batches, with webhook deliveries', description: `The account's async jobs and batches still kept (results are kept ${durationProse(JOB_RESULT_HOURS, 'hour')}), newest first, each with every webhook delivery attempt and the next scheduled one.`, request: none, response: JobList, errors: ['not_signed_in'] },
  { op: 'portalRedeliver', method: 'post', path: '/portal/api/jobs/{task_id}/redeliver/', auth: 'session', summary: 'Send a webhook again', description: 'Queues one more delivery of a finished job\'s result to its callback_url (the same body and webhook-id).', request: none, params: PortalTaskParams, response: ok, errors: ['not_found', 'invalid_payload', 'not_signed_in', 'csrf_rejected'] },
  { op: 'portalPlaygroundDetect', method: 'post', path: '/portal/api/playground/detector/', auth: 'session', summary: 'Playground: detect AI text', description: `POST /api/detector/ (synchronous) with the signed-in account's credits: the same bounds, price (${perWordProse('detectText')}) and body.`, request: textRequest(PlaygroundText), response: DetectionResult, errors: ['invalid_payload', 'min_words_not_met', 'max_words_exceeded', 'insufficient_credits', 'not_signed_in', 'csrf_rejected', 'service_unavailable', 'service_error', ...documentErrors] },
  { op: 'portalPlaygroundHumanize', method: 'post', path: '/portal/api/playground/humanizer/', auth: 'session', summary: 'Playground: humanize a text', description: `POST /api/humanizer/ (synchronous) with the signed-in account's credits: ${describeBounds(TEXT_BOUNDS.humanize)}, ${perWordProse('humanize')}, the plan's synchronous rate limit.`, request: textRequest(PlaygroundText), response: HumanizationResult, errors: ['invalid_payload', 'min_words_not_met', 'max_words_exceeded', 'insufficient_credits', 'rate_limited', 'not_signed_in', 'csrf_rejected', 'service_unavailable', 'service_error', ...documentErrors] },
  { op: 'portalPlaygroundGrammar', method: 'post', path: '/portal/api/playground/grammar/', auth: 'session', summary: 'Playground: correct grammar', description: `POST /api/grammar/correct/ with the signed-in account's credits: ${describeBounds(TEXT_BOUNDS.correctGrammar)}, ${perWordProse('correctGrammar')}.`, request: textRequest(GrammarRequest, GrammarUpload), response: GrammarResult, errors: ['invalid_payload', 'min_words_not_met', 'max_words_exceeded', 'insufficient_credits', 'not_signed_in', 'csrf_rejected', 'service_unavailable', 'service_error', ...documentErrors] },
  { op: 'portalPlaygroundPlagiarism', method: 'post', path: '/portal/api/playground/plagiarism/', auth: 'session', summary: 'Playground: scan for plagiarism', description: `POST /api/plagiarism/scan/ with the signed-in account's credits: ${describeBounds(TEXT_BOUNDS.scanPlagiarism)}, flat ${creditsProse(PRICES.plagiarismScan)}.`, request: textRequest(PlagiarismRequest), response: PlagiarismResult, errors: ['invalid_payload', 'insufficient_content', 'max_words_exceeded', 'insufficient_credits', 'no_sources', 'not_signed_in', 'csrf_rejected', 'service_unavailable', 'service_error', ...documentErrors] },
  { op: 'portalPlaygroundImage', method: 'post', path: '/portal/api/playground/image/', auth: 'session', summary: 'Playground: classify an image', description: `POST /api/image-detector/predict/ with the signed-in account's credits (${IMAGE_MIN_CREDITS} to ${IMAGE_MAX_CREDITS} by size, the plan's image rate limit).`, request: { kind: 'multipart', body: ImageUpload, maxFileBytes: FILE_LIMITS.detectImage.maxBytes }, response: ImageResult, errors: ['invalid_payload', 'invalid_image', 'insufficient_credits', 'rate_limited', 'not_signed_in', 'csrf_rejected', 'service_unavailable', 'service_error'] },
  { op: 'portalPlaygroundVoice', method: 'post', path: '/portal/api/playground/voice/', auth: 'session', summary: 'Playground: classify a voice recording', description: `POST /api/voice-detector/detect/ with the signed-in account's credits (${PRICES.voicePerSecond} per second, at most ${FILE_LIMITS.detectVoice.maxSeconds} seconds).`, request: { kind: 'multipart', body: VoiceUpload, maxFileBytes: FILE_LIMITS.detectVoice.maxBytes }, response: VoiceResult, errors: ['invalid_payload', 'invalid_audio', 'audio_too_long', 'insufficient_credits', 'not_signed_in', 'csrf_rejected', 'service_unavailable', 'service_error'] },
] as const satisfies readonly PortalRouteDef[];

export type PortalRoute = (typeof portalRoutes)[number];
export type PortalOperationId = PortalRoute['op'];
