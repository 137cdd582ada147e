import { brotliCompressSync, constants, gzipSync, type ZlibOptions, type BrotliOptions } from 'node:zlib';
import negotiate from '@fastify/accept-negotiator';

/**
 * Response compression settings, shared by @fastify/compress (app.ts) and the response cache's
 * stored copies (plugins/response-cache.ts), so a hit and a miss send the same bytes.
 *
 * Dynamic responses are compressed on the request's own CPU time, so the setting is a cheap one:
 * a 14.6 KB jobs list (20 jobs) → brotli quality 4: 1,347 bytes in 0.12–0.17 ms; gzip level 6:
 * 1,481 bytes in 0.08–0.2 ms; brotli 11 (the static assets' setting, done once at build): 1,161
 * bytes but 11–16 ms, a hundred times the CPU for 14 % fewer bytes (Node 20, one core of a loaded
 * 2-core machine). Brotli first: every current browser accepts it and it is the smaller.
 */
export const ENCODINGS = ['br', 'gzip'] as const;
export type Encoding = (typeof ENCODINGS)[number];

/** Bodies below this are sent as they are: the framing costs more than the bytes saved. */
export const COMPRESS_THRESHOLD = 1024;

export const BROTLI_OPTIONS: BrotliOptions = { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } };
export const GZIP_OPTIONS: ZlibOptions = { level: 6 };

/**
 * Types worth compressing: text (but not an event stream, which must flush as it goes), JSON, XML.
 * Anything else falls back to mime-db's `compressible` flag (@fastify/compress does that); unlike
 * the plugin's default, `application/octet-stream` is not in the list.
 */
export const COMPRESSIBLE_TYPES = /^text\/(?!event-stream)|[+/](?:json|xml)(?:;|$)/;

const supported = [...ENCODINGS];
const negotiated = new Map<string, Encoding | null>();

/**
 * The encoding to answer a request with, negotiated as @fastify/compress does (same library, same
 * preference order, `*` and `x-gzip` read as gzip), or null for none. Browsers send a handful of
 * distinct headers, so the answer is remembered per header value.
 */
export function acceptedEncoding(headers: Record<string, string | string[] | undefined>): Encoding | null {
  const header = headers['accept-encoding'];
  if (typeof header !== 'string' || headers['x-no-compression'] !== undefined) return null;
  let encoding = negotiated.get(header);
  if (encoding === undefined) {
    encoding = negotiate(header.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), supported);
    if (negotiated.size >= 256) negotiated.clear();
    negotiated.set(header, encoding);
  }
  return encoding;
}

export function compressBody(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: { ...BROTLI_OPTIONS.params, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
      })
    : gzipSync(body, GZIP_OPTIONS);
}
