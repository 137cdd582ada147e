import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';
import { readMultipart } from './uploads.js';

/**
 * CONTRACT §3: a list stays an array; the next page's cursor travels in `X-Next-Cursor` (and a
 * total, where the list has one, in `X-Total-Count`). Returns what to send: the page's items, or
 * `body` for a list wrapped in an object (`{ applications }`).
 */
export function sendPage<T>(
  reply: FastifyReply,
  page: { items: T[]; nextCursor?: string | null; total?: number },
): T[];
export function sendPage<B>(
  reply: FastifyReply,
  page: { nextCursor?: string | null; total?: number },
  body: B,
): B;
export function sendPage(
  reply: FastifyReply,
  page: { items?: unknown[]; nextCursor?: string | null; total?: number },
  body?: unknown,
): unknown {
  if (page.nextCursor) reply.header('X-Next-Cursor', page.nextCursor);
  if (page.total !== undefined) reply.header('X-Total-Count', String(page.total));
  return body === undefined ? page.items : body;
}

/**
 * `Content-Disposition: attachment` naming the file for every browser: an ASCII `filename` (other
 * characters, quotes and backslashes become `_`) and the exact name in RFC 5987 `filename*`.
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * Sends a file only some people may read (a submission, a résumé): as an attachment of its stored
 * type, never sniffed, never kept by a cache.
 */
export function sendPrivateFile(
  reply: FastifyReply,
  f: { name: string; mimetype: string; size: number; data: unknown },
) {
  return reply
    .header('Content-Type', f.mimetype)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Cache-Control', 'private, no-store')
    .header('Content-Length', f.size)
    .header('Content-Disposition', attachmentDisposition(f.name))
    .send(f.data);
}

/** A multipart request (text fields and at most one file), where an oversize file is 413 with the area's own sentence. */
export async function readUpload(
  req: FastifyRequest,
  fileField: string,
  maxBytes: number,
  tooLarge: string,
): ReturnType<typeof readMultipart> {
  try {
    return await readMultipart(req, { fileField, maxBytes });
  } catch (err) {
    if (err instanceof AppError && err.status === 413) throw new AppError('PAYLOAD_TOO_LARGE', 413, tooLarge);
    throw err;
  }
}

/**
 * A preValidation hook that reads a multipart body into `req.body` (text parts as strings, the file
 * under `fileField`), so that the route's body schema — and its OpenAPI entry — covers the form
 * and validation runs before the handler. `alsoJson`: a non-multipart request keeps its JSON body.
 */
export function multipartBody(opts: {
  fileField: string;
  maxBytes: number;
  tooLarge: string;
  alsoJson?: boolean;
}) {
  return async (req: FastifyRequest): Promise<void> => {
    if (opts.alsoJson && !req.isMultipart()) return;
    const { fields, file } = await readUpload(req, opts.fileField, opts.maxBytes, opts.tooLarge);
    delete fields[opts.fileField];
    req.body = file ? { ...fields, [opts.fileField]: file } : fields;
  };
}
