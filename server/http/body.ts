/**
 * Body parsing for the API's and the portal's routes alike: JSON with a size limit, or one multipart
 * file with the route's limit. Refusals are the caller's 400 invalid_payload, never a 413 or a 500.
 */
import type Koa from 'koa';
import { koaBody } from 'koa-body';
import type { RequestKind } from '../../contract/routes.ts';
import { ApiError } from '../platform/errors.ts';

/** JSON bodies: the largest text endpoint takes 300,000 characters, up to 4 bytes each in UTF-8. */
const JSON_LIMIT_BYTES = 2 * 1024 * 1024;
/** Multipart text fields a request may carry beside its file. */
const MAX_MULTIPART_FIELDS = 10;

/**
 * The route's body parser. A multipart body the parser refuses (a file over the route's limit,
 * too many fields) is the caller's 400 invalid_payload, as the spec says for a file too large.
 */
export function bodyParser(request: RequestKind): Koa.Middleware {
  if (request.kind === 'json') return koaBody({ json: true, jsonLimit: JSON_LIMIT_BYTES, jsonStrict: true, urlencoded: false, text: false, multipart: false });
  if (request.kind === 'none') return (_ctx, next) => next();
  const maxFileBytes = request.maxFileBytes;
  const parse = koaBody({ multipart: true, json: false, urlencoded: false, text: false, formidable: { maxFileSize: maxFileBytes, maxFiles: 1, maxFields: MAX_MULTIPART_FIELDS, keepExtensions: true } });
  return async (ctx, next) => {
    let parsed = false;
    try {
      await parse(ctx, async () => {
        parsed = true;
      });
    } catch (error) {
      const message = (error as Error)?.message ?? '';
      if (/maxFileSize|too large|exceeded/i.test(message) && /file/i.test(message)) {
        throw new ApiError('invalid_payload', `The file is larger than ${maxFileBytes / 2 ** 20} MB, the limit of this endpoint.`, { limit_bytes: maxFileBytes });
      }
      throw new ApiError('invalid_payload', `The multipart body could not be parsed: ${message}`);
    }
    if (parsed) await next();
  };
}

/** The multipart field "file" that bodyParser stored: where it lies on disk, and what the client called it. */
export function uploadedFile(ctx: Koa.Context): { path: string; name: string; type: string; size: number } {
  const file = ctx.request.files?.file;
  if (!file) throw new ApiError('invalid_payload', 'Send the file in the multipart field "file".');
  const one = Array.isArray(file) ? file[0] : file;
  return { path: one.filepath, name: one.originalFilename ?? '', type: one.mimetype ?? '', size: one.size };
}
