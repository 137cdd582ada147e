import { fileTypeFromBuffer } from 'file-type';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { files } from '../db/schema/index.js';
import { newStorageKey } from '../platform/storage.js';
import { AppError } from './errors.js';

export const RASTER_IMAGE_TYPES = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
];
export const DOCUMENT_TYPES = [
  'application/pdf',
  'application/zip',
  'application/msword',
  'application/x-cfb',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
];
const TEXT_EXTENSIONS: Record<string, string> = {
  txt: 'text/plain',
  md: 'text/markdown',
  csv: 'text/csv',
  json: 'application/json',
};

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
}

export interface StoredFile {
  key: string;
  url: string;
  originalName: string;
  mimetype: string;
  size: number;
}

/** A client file name reduced to a safe display name: no path, no control characters. */
export function safeOriginalName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = Array.from(base)
    .filter((ch) => ch.charCodeAt(0) >= 0x20 && ch.charCodeAt(0) !== 0x7f && !'"<>|:*?'.includes(ch))
    .join('')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 200);
  return cleaned || 'file';
}

/**
 * Detects the type from the bytes (never the client's claim), checks it against `allowed`, and
 * stores the file under a random key. Plain text is accepted only when `allowText` and the bytes are
 * valid UTF-8 without NUL.
 */
export async function storeUpload(
  ctx: AppContext,
  file: UploadedFile,
  opts: {
    ownerId: string | null;
    purpose: string;
    allowed: string[];
    allowText?: boolean;
    invalidMessage: string;
  },
): Promise<StoredFile> {
  const originalName = safeOriginalName(file.filename);
  const detected = await fileTypeFromBuffer(file.buffer);
  let mimetype: string;
  let ext: string | undefined;
  if (detected) {
    if (!opts.allowed.includes(detected.mime)) throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
    mimetype = detected.mime;
    ext = detected.ext;
  } else {
    const nameExt = originalName.includes('.') ? originalName.split('.').pop()!.toLowerCase() : '';
    const textMime = TEXT_EXTENSIONS[nameExt];
    if (!opts.allowText || !textMime || !isUtf8Text(file.buffer)) {
      throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
    }
    mimetype = textMime;
    ext = nameExt;
  }
  if (file.buffer.length === 0) throw new AppError('INVALID_FILE', 400, opts.invalidMessage);
  const key = newStorageKey(ext);
  await ctx.storage.put(key, file.buffer);
  await ctx.db.insert(files).values({
    key,
    ownerId: opts.ownerId,
    mimetype,
    size: file.buffer.length,
    originalName,
    purpose: opts.purpose,
  });
  return { key, url: `/uploads/${key}`, originalName, mimetype, size: file.buffer.length };
}

function isUtf8Text(buf: Buffer): boolean {
  if (buf.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf);
    return true;
  } catch {
    return false;
  }
}

/**
 * Reads a multipart request: text fields, and at most one file from `fileField` (size-limited by
 * the multipart plugin; an oversize file becomes 413).
 */
export async function readMultipart(
  req: FastifyRequest,
  opts: { fileField: string; maxBytes: number },
): Promise<{ fields: Record<string, string>; file: UploadedFile | null }> {
  if (!req.isMultipart()) throw new AppError('VALIDATION', 400, 'Expected a multipart/form-data request');
  const fields: Record<string, string> = {};
  let file: UploadedFile | null = null;
  try {
    for await (const part of req.parts({
      limits: { fileSize: opts.maxBytes, files: 1, fields: 50, fieldSize: 100_000 },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== opts.fileField || file) {
          part.file.resume();
          continue;
        }
        const buffer = await part.toBuffer();
        file = { buffer, filename: part.filename };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', 413, 'The file is too large');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('VALIDATION', 400, 'Too many parts in the upload');
    }
    if (err instanceof AppError) throw err;
    throw new AppError('VALIDATION', 400, 'Malformed multipart body');
  }
  return { fields, file };
}
