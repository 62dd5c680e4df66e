/**
 * How a route of either contract (the API's route table, the portal's JSON routes) reaches its
 * handler on the one Koa router, the same steps for both front doors: its checks before any body
 * is read (`before`: the key, or the portal session), the media type, the body (JSON with a size
 * limit, or one multipart file with the route's limit), then its handler with the raw input, whose
 * reply is written here. Every refusal is the caller's 4xx in our words; what the parsing library
 * said goes to the log only. Uploads are written under names we choose, in a folder of their own
 * per request that is removed when the request ends, however it ends.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import { z } from 'zod';
import type pino from 'pino';
import type { DocumentUpload, RequestKind } from '../../contract/routes.ts';
import { isStorableText, STORABLE_TEXT_MESSAGE } from '../../contract/catalogue.ts';
import { ApiError } from '../platform/errors.ts';
import type Router from '@koa/router';
import type { Reply } from './endpoint.ts';
import { errorFields } from './errors.ts';

interface MountableRoute {
  method: 'get' | 'post' | 'delete';
  path: string;
  request: RequestKind;
}

export interface RouteSteps {
  /** Runs before any body is read: a caller that may not call the route never has a body parsed or a file stored. */
  before(ctx: Koa.Context): Promise<void>;
  handle(ctx: Koa.Context, input: unknown): Promise<Reply>;
}

export function mountRoute(router: Router, route: MountableRoute, bodyOptions: BodyOptions, steps: RouteSteps): void {
  const koaPath = route.path.replace(/\{(\w+)\}/g, ':$1');
  router[route.method](koaPath, async (ctx, next) => {
    await steps.before(ctx);
    if (route.request.kind === 'json' && !isUpload(route.request, ctx)) {
      if (!ctx.request.length && !ctx.get('transfer-encoding')) throw new ApiError('invalid_payload', 'The request needs a JSON body.');
      // The contract's JSON bodies are application/json, nothing else (not merge-patch+json and the like).
      if (typeof ctx.is('application/json') !== 'string') {
        const upload = route.request.upload;
        throw new ApiError('unsupported_media_type', upload ? `Send the body as JSON with Content-Type: application/json, or ${upload.files ? 'documents' : 'a document'} as multipart/form-data in the field "${fileField(upload)}".` : 'Send the body as JSON with Content-Type: application/json.');
      }
      // JSON is UTF-8 (RFC 8259); a charset parameter may only say so.
      const charset = ctx.request.charset;
      if (charset && !/^utf-?8$/i.test(charset)) throw new ApiError('unsupported_media_type', 'The body\'s charset is not supported; send the JSON as UTF-8 (charset=utf-8, or no charset).');
    }
    if (route.request.kind === 'multipart' && !ctx.is('multipart/form-data')) {
      throw new ApiError('unsupported_media_type', 'Send the file as multipart/form-data in the field "file".');
    }
    await next();
  }, bodyParser(route.request, bodyOptions), async (ctx) => {
    const reply = await steps.handle(ctx, routeInput(route, ctx));
    ctx.status = reply.status ?? 200;
    for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
    ctx.body = reply.body;
  });
}

/** Whether the request is a JSON route's document upload (multipart/form-data). */
const isUpload = (request: RequestKind, ctx: Koa.Context) => request.kind === 'json' && request.upload !== undefined && ctx.is('multipart/form-data') === 'multipart/form-data';

/** The multipart field of a document upload: `files` for a route that takes several, else `file`. */
const fileField = (upload: DocumentUpload) => (upload.files ? 'files' : 'file');

/** The names a shape declares, when the schema is an object. */
const shapeKeys = (schema: z.ZodType) => (schema instanceof z.ZodObject ? Object.keys(schema.shape as object) : []);

/**
 * A field the route does not declare (in its form or its JSON body) is the caller's 400, not
 * silently dropped: a misspelt option (`target_varient`) or a file in the wrong field would
 * otherwise run the request without it.
 */
function refuseUndeclared(upload: DocumentUpload, body: z.ZodType, fields: Record<string, unknown>, files: Record<string, unknown>): void {
  const declared = new Set([...shapeKeys(upload.form), ...shapeKeys(body)]);
  const field = fileField(upload);
  const strayFile = Object.keys(files).find((name) => name !== field);
  if (strayFile !== undefined) throw new ApiError('invalid_payload', `The multipart field "${strayFile.slice(0, 40)}" holds a file; send ${upload.files ? 'the documents' : 'the document'} in the field "${field}".`);
  if (field in fields) throw new ApiError('invalid_payload', `The multipart field "${field}" must hold a file, not text (curl: -F ${field}=@essay.pdf).`);
  const stray = Object.keys(fields).filter((name) => !declared.has(name));
  if (stray.length) {
    const known = [...declared].filter((name) => name !== 'file' && name !== 'files');
    throw new ApiError('invalid_payload', `This request does not take the form field${stray.length > 1 ? 's' : ''} ${stray.map((name) => `"${name.slice(0, 40)}"`).join(', ')}; it takes the file${upload.files ? 's' : ''} in "${field}" and ${known.join(', ')}.`, { fields: stray.slice(0, 10) });
  }
}

/**
 * A document upload's form fields as the JSON body would carry them: a field the body's schema
 * refuses as a string ("true", "0.5") is read as JSON. What the schema then says of it is the
 * caller's 400, as for a JSON body.
 */
function formFields(body: z.ZodType, fields: Record<string, unknown>): Record<string, unknown> {
  const shape = body instanceof z.ZodObject ? (body.shape as Record<string, z.ZodType>) : {};
  return Object.fromEntries(
    Object.entries(fields).map(([name, value]) => {
      if (typeof value !== 'string' || !shape[name] || shape[name].safeParse(value).success) return [name, value];
      try {
        return [name, JSON.parse(value)];
      } catch {
        return [name, value];
      }
    }),
  );
}

/** The raw input: the JSON body (an object), the uploaded file, or the path and query parameters. */
function routeInput(route: MountableRoute, ctx: Koa.Context): unknown {
  if (route.request.kind === 'json' && route.request.upload && isUpload(route.request, ctx)) {
    const { upload, body } = route.request;
    const fields = (ctx.request.body ?? {}) as Record<string, unknown>;
    refuseUnstorable(fields, '');
    refuseUndeclared(upload, body, fields, ctx.request.files ?? {});
    if (upload.files) {
      const files = uploadedFiles(ctx, 'files');
      if (!files.length) throw new ApiError('invalid_payload', `Send 1 to ${upload.files.maxFiles} documents in the multipart field "files".`);
      return { ...formFields(upload.form, fields), files };
    }
    const file = ctx.request.files?.file;
    return { ...formFields(body, fields), file: file ? uploadedFile(ctx) : undefined };
  }
  if (route.request.kind === 'json') {
    const body: unknown = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ApiError('invalid_payload', 'The JSON body must be an object.');
    refuseUnstorable(body, '');
    // A file is only ever the upload this module stored: a JSON body naming one is refused, never read.
    if (route.request.upload?.files && 'files' in body) throw new ApiError('invalid_payload', 'files: send documents as multipart/form-data in the field "files"; a JSON body takes items.');
    if (route.request.upload && 'file' in body) throw new ApiError('invalid_payload', 'file: send a document as multipart/form-data in the field "file"; a JSON body takes content or url.');
    return body;
  }
  if (route.request.kind === 'multipart') return { file: uploadedFile(ctx) };
  const parameters = { ...ctx.query, ...ctx.params };
  refuseUnstorable(parameters, '');
  return parameters;
}

/**
 * Every string a client sends may end up in PostgreSQL (a key name, a query parameter, a text),
 * which can store neither U+0000 nor an unpaired surrogate: such input is the caller's 400 here,
 * in one place, not a 500 from the database later.
 */
function refuseUnstorable(value: unknown, at: string): void {
  if (typeof value === 'string') {
    if (!isStorableText(value)) throw new ApiError('invalid_payload', `${at || 'The input'}: ${STORABLE_TEXT_MESSAGE}.`);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => refuseUnstorable(item, `${at}[${index}]`));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      refuseUnstorable(key, at);
      refuseUnstorable(item, at ? `${at}.${key}` : key);
    }
  }
}

/** JSON bodies: room for the catalogue's longest text (TEXT_BOUNDS maxChars) at up to 4 bytes a character in UTF-8. */
const JSON_LIMIT_BYTES = 2 * 1024 * 1024;
/** Multipart text fields a request may carry beside its file, and their bytes in all. */
const MAX_MULTIPART_FIELDS = 10;
const MAX_MULTIPART_FIELD_BYTES = 64 * 1024;
/** Content-Encodings a JSON body may come in (those the JSON reader decodes). */
const JSON_ENCODINGS = ['identity', 'gzip', 'deflate', 'br'];

export interface BodyOptions {
  /** The folder under which each multipart request gets a folder of its own. */
  uploadDir: string;
  log: pino.Logger;
  /** The code of a file over the limit: 400 invalid_payload for the media routes (their contract), 413 for documents. */
  tooLarge?: 'invalid_payload' | 'payload_too_large';
}

/** What one multipart request may hold: one file in `file`, or several in `files` (a batch's). */
interface MultipartLimits {
  maxFileBytes: number;
  files?: { maxFiles: number; maxTotalBytes: number };
}

/** formidable's error codes (FormidableError.js) and what we tell the caller for each. */
function multipartRefusal(error: unknown, limits: MultipartLimits, tooLargeCode: 'invalid_payload' | 'payload_too_large'): ApiError {
  const { code } = errorFields(error);
  const { maxFileBytes, files } = limits;
  const tooLarge = () => new ApiError(tooLargeCode, `The file is larger than ${maxFileBytes / 2 ** 20} MB, the limit of this endpoint.`, { limit_bytes: maxFileBytes });
  switch (code) {
    case 1016: // biggerThanMaxFileSize
      return tooLarge();
    case 1009: // biggerThanTotalMaxFileSize
      return files ? new ApiError(tooLargeCode, `The files are larger than ${files.maxTotalBytes / 2 ** 20} MB together, the limit of this endpoint; split the batch.`, { limit_bytes: files.maxTotalBytes }) : tooLarge();
    case 1015: // maxFilesExceeded
      return files ? new ApiError('invalid_payload', `Send at most ${files.maxFiles} documents, in the multipart field "files".`, { limit_files: files.maxFiles }) : new ApiError('invalid_payload', 'Send exactly one file, in the multipart field "file".');
    case 1007: // maxFieldsExceeded
    case 1006: // maxFieldsSizeExceeded
      return new ApiError('invalid_payload', `Send the file${files ? 's' : ''} in the field "${files ? 'files' : 'file'}" with at most ${MAX_MULTIPART_FIELDS} small text fields beside ${files ? 'them' : 'it'}.`);
    case 1010: // noEmptyFiles
    case 1008: // smallerThanMinFileSize
      return new ApiError('invalid_payload', 'The file is empty.');
    case 1013: // missingMultipartBoundary
      return new ApiError('invalid_payload', 'The Content-Type multipart/form-data needs a boundary parameter.');
    case 1002: // aborted
      return new ApiError('invalid_payload', 'The request body was not received completely.');
    default:
      return new ApiError('invalid_payload', 'The multipart body is malformed or incomplete.');
  }
}

/** What the JSON reader (co-body, raw-body, zlib) refused, in our words. */
function jsonRefusal(error: unknown, limitBytes: number): ApiError {
  const { status, type, code } = errorFields(error);
  if (status === 413) return new ApiError('payload_too_large', `The JSON body is larger than ${limitBytes / 2 ** 20} MB.`, { limit_bytes: limitBytes });
  if (type === 'encoding.unsupported') return new ApiError('unsupported_media_type', 'The body\'s charset is not supported; send the JSON as UTF-8.');
  if (typeof code === 'string' && (code.startsWith('Z_') || code.startsWith('ERR_BROTLI') || code.startsWith('ERR__ERROR'))) {
    return new ApiError('invalid_payload', 'The body could not be decoded as its Content-Encoding says.');
  }
  if (type === 'entity.parse.failed') return new ApiError('invalid_payload', 'The body is not valid JSON.');
  if (type === 'request.aborted' || type === 'request.size.invalid') return new ApiError('invalid_payload', 'The request body was not received completely.');
  return new ApiError('invalid_payload', 'The request body could not be read.');
}

/**
 * The Content-Encoding the body may come in: JSON bodies are decoded (gzip, deflate, br), uploads
 * are not. Anything else is a 415 that names the header.
 */
function checkEncoding(ctx: Koa.Context, accepted: string[]): void {
  const header = ctx.get('content-encoding').trim().toLowerCase() || 'identity';
  if (!accepted.includes(header)) {
    throw new ApiError('unsupported_media_type', `Content-Encoding "${header.slice(0, 40)}" is not supported here; send ${accepted.length > 1 ? `one of ${accepted.join(', ')}` : 'the body unencoded'}.`);
  }
  // The decoder matches the names case-sensitively.
  ctx.req.headers['content-encoding'] = header;
}

/** The route's body parser. */
export function bodyParser(request: RequestKind, options: BodyOptions): Koa.Middleware {
  if (request.kind === 'none') return (_ctx, next) => next();
  if (request.kind === 'json' && request.upload) {
    // A document route: JSON, or the document as a multipart upload (too large is 413 here, as for a fetched document).
    const jsonBody = bodyParser({ kind: 'json', body: request.body, maxBytes: request.maxBytes }, options);
    const multipart = multipartParser({ maxFileBytes: request.upload.maxFileBytes, files: request.upload.files }, { ...options, tooLarge: 'payload_too_large' });
    return (ctx, next) => (isUpload(request, ctx) ? multipart(ctx, next) : jsonBody(ctx, next));
  }
  if (request.kind === 'json') {
    const limit = request.maxBytes ?? JSON_LIMIT_BYTES;
    const json = koaBody({ json: true, jsonLimit: limit, jsonStrict: true, urlencoded: false, text: false, multipart: false });
    return async (ctx, next) => {
      checkEncoding(ctx, JSON_ENCODINGS);
      try {
        await json(ctx, async () => {});
      } catch (error) {
        options.log.debug({ err: error, requestId: ctx.state.requestId }, 'JSON body refused');
        throw jsonRefusal(error, limit);
      }
      await next();
    };
  }
  return multipartParser(request, options);
}

/** A multipart body's parser: its files stored in a folder of the request's own, removed when the request ends. */
function multipartParser(limits: MultipartLimits, options: BodyOptions): Koa.Middleware {
  const { maxFileBytes, files } = limits;
  return async (ctx, next) => {
    checkEncoding(ctx, ['identity']);
    const folder = await mkdtemp(path.join(options.uploadDir, 'req-'));
    // formidable lists a field's files as each finishes writing; the order they came in is what the caller meant (a batch's items).
    const order = new Map<object, number>();
    try {
      // formidable names each file itself (a random id, no extension): a client's file name never shapes a path.
      const parse = koaBody({
        multipart: true, json: false, urlencoded: false, text: false,
        formidable: {
          uploadDir: folder, keepExtensions: false, maxFileSize: maxFileBytes, maxTotalFileSize: files?.maxTotalBytes ?? maxFileBytes, maxFiles: files?.maxFiles ?? 1,
          maxFields: MAX_MULTIPART_FIELDS, maxFieldsSize: MAX_MULTIPART_FIELD_BYTES, allowEmptyFiles: false,
          onFileBegin: (_name, file) => void order.set(file, order.size),
        },
      });
      try {
        await parse(ctx, async () => {});
      } catch (error) {
        options.log.debug({ err: error, requestId: ctx.state.requestId }, 'multipart body refused');
        throw multipartRefusal(error, limits, options.tooLarge ?? 'invalid_payload');
      }
      for (const list of Object.values(ctx.request.files ?? {})) if (Array.isArray(list)) list.sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      await next();
    } finally {
      // Whatever happened (success, refusal, a client gone mid-upload), nothing of the request stays on disk.
      await rm(folder, { recursive: true, force: true, maxRetries: 5 });
    }
  };
}

/** The files of a multipart field that bodyParser stored, in the order they came. */
function uploadedFiles(ctx: Koa.Context, field: string): { path: string; name: string; type: string; size: number }[] {
  const stored = ctx.request.files?.[field];
  const list = stored === undefined ? [] : Array.isArray(stored) ? stored : [stored];
  return list.map((one) => ({ path: one.filepath, name: one.originalFilename ?? '', type: one.mimetype ?? '', size: one.size }));
}

/** The multipart field "file" that bodyParser stored: where it lies on disk, and what the client called it. */
export function uploadedFile(ctx: Koa.Context): { path: string; name: string; type: string; size: number } {
  const [one] = uploadedFiles(ctx, 'file');
  if (!one) throw new ApiError('invalid_payload', 'Send the file in the multipart field "file".');
  return one;
}

/** Bytes and time a refused request's body may take to arrive before its connection is closed instead. */
const DRAIN_MAX_BYTES = 200 * 1024 * 1024;
const DRAIN_MAX_MS = 30_000;

/**
 * Reads and discards what is left of a request body, so that its answer reaches a client that is
 * still sending (a socket closed with unread data is reset, and the client never sees the answer).
 * False when the body was too large or too slow to wait for: then answer with Connection: close.
 */
export function drainRequest(req: IncomingMessage): Promise<boolean> {
  if (req.readableEnded || req.destroyed) return Promise.resolve(!req.destroyed || req.complete);
  return new Promise((resolve) => {
    let bytes = 0;
    const finish = (drained: boolean) => {
      clearTimeout(timer);
      req.off('data', count).off('end', ended).off('close', closed);
      resolve(drained);
    };
    const count = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) finish(false);
    };
    const ended = () => finish(true);
    const closed = () => finish(false);
    const timer = setTimeout(() => finish(false), DRAIN_MAX_MS);
    req.on('data', count).on('end', ended).on('close', closed);
    req.resume();
  });
}
