/** Builds the OpenAPI 3.1 document of the service from the route table. */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { ERROR_MEANING, ERROR_STATUS, AUTH_ERRORS, REQUEST_ERRORS, type ErrorCode } from './errors.ts';
import { routes, type RouteDef } from './routes.ts';
import { CSRF_HEADER, portalRoutes, SESSION_COOKIE, type PortalRouteDef } from './portal.ts';
import { z } from 'zod';
import { BatchCompletedEvent, ErrorBody } from './schemas.ts';
import { addSamples, SAMPLE_BASE_URL } from './examples.ts';

export const API_VERSION = '1.0.0';

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request', 401: 'Missing or unusable API key', 403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed',
  408: 'Request timeout', 409: 'Conflict', 413: 'Payload too large', 415: 'Unsupported media type', 422: 'Unprocessable document or address', 431: 'Request headers too large', 429: 'Too many requests', 500: 'Internal error', 503: 'Service unavailable',
};

function errorResponses(route: RouteDef) {
  const codes = new Set<ErrorCode>([...route.errors, ...REQUEST_ERRORS]);
  // Every authenticated route reads the database: while it is unreachable, 503 with Retry-After.
  if (route.scopes) for (const c of [...AUTH_ERRORS, 'service_unavailable'] as const) codes.add(c);
  if (route.request.kind !== 'none') {
    codes.add('invalid_payload');
    codes.add('unsupported_media_type');
    codes.add('payload_too_large');
  }
  codes.add('internal_error');
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(ERROR_STATUS[code], [...(byStatus.get(ERROR_STATUS[code]) ?? []), code]);
  return Object.fromEntries(
    [...byStatus.entries()]
      .sort(([a], [b]) => a - b)
      .map(([status, list]) => [
        status,
        {
          description: `${STATUS_TEXT[status] ?? 'Error'}. Codes: ${list.map((c) => `\`${c}\` (${ERROR_MEANING[c]})`).join('; ')}`,
          ...(status === 503 ? { headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' as const } } } } : {}),
          content: { 'application/json': { schema: ErrorBody } },
        },
      ]),
  );
}

function requestBody(route: Pick<RouteDef, 'request'>) {
  if (route.request.kind === 'json' && route.request.upload) {
    return { required: true, content: { 'application/json': { schema: route.request.body }, 'multipart/form-data': { schema: route.request.upload.form } } };
  }
  if (route.request.kind === 'json') return { required: true, content: { 'application/json': { schema: route.request.body } } };
  if (route.request.kind === 'multipart') return { required: true, content: { 'multipart/form-data': { schema: route.request.body } } };
  return undefined;
}

export function buildOpenApiDocument() {
  const registry = new OpenAPIRegistry();
  // Answers of no operation: a path the route table lacks, and a method its path does not take.
  registry.registerComponent('responses', 'NotFound', { description: 'Unknown path (`not_found`). Paths end with a slash; the message suggests the slashed form.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  registry.registerComponent('responses', 'MethodNotAllowed', { description: 'The path exists but not with this method (`method_not_allowed`); the `Allow` header lists the methods it takes.', headers: { Allow: { description: 'Methods the path takes.', schema: { type: 'string' } } }, content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } });
  registry.registerComponent('securitySchemes', 'ApiKey', { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key: `ci_` followed by 40 base62 characters.' });
  for (const route of routes as readonly RouteDef[]) {
    const success = Object.fromEntries(
      Object.entries(route.responses).map(([status, schema]) => [
        status,
        {
          description: status === '202' ? 'Accepted for asynchronous processing.' : status === '503' ? 'Unhealthy.' : 'Success.',
          headers: { 'X-Request-Id': { description: 'Request id.', schema: { type: 'string' as const } } },
          content: { 'application/json': { schema: schema } },
        },
      ]),
    );
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: route.op,
      tags: [route.tag],
      summary: route.summary,
      description:
        route.scopes === null ? route.description : `${route.description}\n\nRequired scopes: ${route.scopes.length ? route.scopes.map((x) => `\`${x}\``).join(' and ') : 'any valid key'}.`,
      security: route.scopes === null ? [] : [{ ApiKey: [] }],
      request: { params: route.params, query: route.query, headers: route.headers, body: requestBody(route) },
      responses: { ...success, ...errorResponses(route) },
    });
  }
  // What the service POSTs to a batch's callback_url (a job's webhook POSTs its GET /api/jobs/ body).
  registry.registerWebhook({
    method: 'post',
    path: 'batch.completed',
    operationId: 'batchCompleted',
    tags: ['Batches'],
    summary: 'A batch\'s last item ended',
    description: 'POSTed once to the callback_url of a batch when its last item ends (completed, completed with errors, or cancelled), signed like every webhook (`webhook-id`, `webhook-timestamp`, `webhook-signature` with the webhook_secret; `X-Webhook-Secret`) and retried the same way on a non-2xx answer. Read the items with GET /api/batches/{batch_id}/.',
    request: { body: { required: true, content: { 'application/json': { schema: BatchCompletedEvent } } } },
    responses: { 200: { description: 'Any 2xx answer ends the delivery; anything else is retried.' } },
  });
  registerPortalRoutes(registry);
  const doc = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: 'Content Integrity API',
      version: API_VERSION,
      description:
        'Detects AI-written text, images and voices, rewrites AI-sounding text so it reads as human, corrects grammar with minimal changes, and scans text for plagiarism. Every endpoint but the two health checks takes an API key in `X-API-Key`. Every error has the `Error` body; every response carries `X-Request-Id`. A path not listed here is 404 `not_found` (components/responses/NotFound); a listed path with another method, including any non-standard method, is 405 `method_not_allowed` with an `Allow` header (components/responses/MethodNotAllowed). Character offsets are Unicode code points of the text exactly as submitted.',
    },
    servers: [{ url: SAMPLE_BASE_URL, description: 'Local server (npm start)' }],
  });
  addSamples(doc as unknown as Record<string, unknown>, (path) => !path.startsWith('/portal/'));
  return doc;
}

const CsrfHeaders = z.object({ [CSRF_HEADER]: z.string().openapi({ description: 'The csrf_token of GET /portal/api/me/ (or of the sign-in response).' }) });

/** The developer portal's JSON routes: cookie-authenticated, tagged `portal`, the same error body. */
function registerPortalRoutes(registry: OpenAPIRegistry) {
  registry.registerComponent('securitySchemes', 'PortalSession', {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: 'The developer portal session (HttpOnly, SameSite=Lax, Path=/portal/). Never accepted by /api/ routes; an API key is never accepted by portal routes.',
  });
  for (const route of portalRoutes as readonly PortalRouteDef[]) {
    const unsafe = route.method !== 'get';
    // Sessions live in the database: while it is unreachable, 503 with Retry-After.
    const codes = new Set<ErrorCode>([...route.errors, 'internal_error', 'service_unavailable']);
    if (route.request.kind !== 'none') for (const c of ['invalid_payload', 'unsupported_media_type', 'payload_too_large'] as const) codes.add(c);
    if (unsafe) codes.add('csrf_rejected');
    // An API key sent to any portal route is refused with not_signed_in, the public ones included.
    codes.add('not_signed_in');
    registry.registerPath({
      method: route.method,
      path: route.path,
      operationId: route.op,
      tags: ['portal'],
      summary: route.summary,
      description: `${route.description}${unsafe ? `\n\nCSRF: the Origin header must be this server's origin${route.auth === 'session' ? `, and ${CSRF_HEADER} the session's token` : ''}.` : ''}`,
      security: route.auth === 'session' ? [{ PortalSession: [] }] : [],
      request: { params: route.params, query: route.query, headers: unsafe && route.auth === 'session' ? CsrfHeaders : undefined, body: requestBody(route) },
      responses: {
        200: { description: 'Success.', headers: { 'X-Request-Id': { description: 'Request id.', schema: { type: 'string' as const } } }, content: { 'application/json': { schema: route.response } } },
        ...errorResponses({ errors: [...codes], scopes: null, request: { kind: 'none' } } as unknown as RouteDef),
      },
    });
  }
}
