import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { attachmentDisposition } from '../../lib/http.js';
import { PRIVATE_UPLOAD_PURPOSES, RASTER_IMAGE_TYPES } from '../../lib/uploads.js';
import { STORAGE_KEY_RE } from '../../platform/storage.js';
import { findFileByKey } from './uploads.repo.js';

/**
 * GET /uploads/<key>: stored MIME type, nosniff, and attachment for anything but raster images.
 * Streamed from the store (local disk or S3) through the app, so every store gets the same rules;
 * private files (project submissions) are served only by their own authorised route.
 */
export function uploadsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { key: string } }>('/:key', { schema: { hide: true } }, async (req, reply) => {
      const { key } = req.params;
      const notFound = () =>
        reply.status(404).send({ error: 'File not found', message: 'File not found', code: 'NOT_FOUND' });
      if (!STORAGE_KEY_RE.test(key)) return notFound();
      const row = await findFileByKey(ctx.db, key);
      if (!row || PRIVATE_UPLOAD_PURPOSES.includes(row.purpose)) return notFound();
      const data = await ctx.storage.open(key);
      if (!data) return notFound();
      reply.header('Content-Type', row.mimetype);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      if (!RASTER_IMAGE_TYPES.includes(row.mimetype)) {
        reply.header('Content-Disposition', attachmentDisposition(row.originalName));
      }
      reply.header('Content-Length', data.size);
      return reply.send(data.body);
    });
  };
}
