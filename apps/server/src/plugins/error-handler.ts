import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { MSG } from '@agora/shared';
import { pgErrorCode } from '../db/client.js';
import { AppError } from '../lib/errors.js';
import { type Outages, unavailableDependency } from '../platform/outages.js';

/** Redis reconnects within 2 s and the database is probed every second while it is down. */
const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

function body(code: string, message: string, details?: unknown) {
  return details === undefined
    ? { error: message, message, code }
    : { error: message, message, code, details };
}

/**
 * A failed query's error carries its parameters (password hashes, tokens, bank details): log the
 * statement and the database's reason, never the values.
 */
function loggable(err: unknown): unknown {
  const e = err as { params?: unknown; query?: string; message?: string; stack?: string; cause?: unknown };
  if (!e || typeof e !== 'object' || !('params' in e)) return err;
  const cause = e.cause as { message?: string; code?: string } | undefined;
  return {
    type: (err as Error).name,
    message: String(e.message ?? '').replace(/\nparams: [\s\S]*$/, ''),
    query: e.query,
    cause: cause ? { message: cause.message, code: cause.code } : undefined,
    stack: String(e.stack ?? '')
      .split('\n')
      .filter((l) => l.trimStart().startsWith('at '))
      .join('\n'),
  };
}

const DATA_RANGE_CODES = new Set(['22001', '22003', '22007', '22008', '22009', '22015', '22P02']);

/** The one place where errors become the CONTRACT §3 body. 5xx bodies never carry internals. */
export function registerErrorHandler(app: FastifyInstance, outages?: Outages): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.status).send(body(err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        field: [
          err.validationContext,
          ...String(v.instancePath ?? '')
            .split('/')
            .filter(Boolean),
        ].join('.'),
        message: v.message,
      }));
      // A custom message from the schema (a spec sentence) is the most useful headline.
      const custom = details.find(
        (d) => d.message && !/^(Invalid|Expected|Too |Unrecognized)/.test(d.message),
      );
      const message = custom
        ? String(custom.message)
        : `Invalid request: ${details.map((d) => `${d.field} ${d.message}`).join('; ')}`;
      return reply.status(400).send(body('VALIDATION', message, details));
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send(body('INTERNAL', `Internal server error (request ${req.id})`));
    }
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(body('RATE_LIMITED', 'Too many attempts. Please try again later.'));
    }
    if (
      err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
      err.code === 'FST_REQ_FILE_TOO_LARGE' ||
      status === 413
    ) {
      return reply.status(413).send(body('PAYLOAD_TOO_LARGE', 'The upload is too large'));
    }
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      return reply.status(415).send(body('UNSUPPORTED_MEDIA_TYPE', 'Unsupported content type'));
    }
    if (status >= 400 && status < 500) {
      const message =
        err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
          ? 'Malformed JSON body'
          : err.message;
      return reply.status(status).send(body(status === 400 ? 'BAD_REQUEST' : 'REQUEST_ERROR', message));
    }
    // The database (unreachable, or its tables gone) or Redis cannot serve: 503 at once, and the
    // outage is logged once when it starts (platform/outages.ts), not once per request.
    const dependency = unavailableDependency(err);
    if (dependency) {
      outages?.failed(dependency, err);
      reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      return reply.status(503).send(body('UNAVAILABLE', MSG.serviceUnavailable));
    }
    const pgCode = pgErrorCode(err);
    if (pgCode === '23505') return reply.status(409).send(body('CONFLICT', 'This already exists'));
    if (pgCode === '23503')
      return reply.status(409).send(body('CONFLICT', 'A related record does not exist'));
    // Data exceptions about a value's form or range (a number or date out of range, a bad time
    // zone, an unparsable literal) come from what the client sent, not from a bug.
    if (pgCode && DATA_RANGE_CODES.has(pgCode))
      return reply.status(400).send(body('VALIDATION', 'Invalid value'));
    // NUL characters (and text the database cannot store) come from the client, not from a bug.
    if (pgCode === '22021' || pgCode === '22P05')
      return reply.status(400).send(body('VALIDATION', 'The text contains characters that are not allowed'));
    req.log.error({ err: loggable(err) }, 'unhandled error');
    return reply.status(500).send(body('INTERNAL', `Internal server error (request ${req.id})`));
  });

  app.setNotFoundHandler((req, reply) => {
    reply.status(404).send(body('NOT_FOUND', `Route ${req.method} ${req.url.split('?')[0]} not found`));
  });
}
