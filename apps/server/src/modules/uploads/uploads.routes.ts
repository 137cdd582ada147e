import { eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { files } from '../../db/schema/index.js';
import { PRIVATE_PURPOSES, RASTER_IMAGE_TYPES } from '../../lib/uploads.js';
import { STORAGE_KEY_RE } from '../../platform/storage.js';

/** GET /uploads/<key>: stored MIME type, nosniff, and attachment for anything but raster images. */
export function uploadsRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get<{ Params: { key: string } }>('/:key', { schema: { hide: true } }, async (req, reply) => {
      const { key } = req.params;
      const notFound = () =>
        reply.status(404).send({ error: 'File not found', message: 'File not found', code: 'NOT_FOUND' });
      if (!STORAGE_KEY_RE.test(key)) return notFound();
      const row = await ctx.db.query.files.findFirst({ where: eq(files.key, key) });
      // A project submission is its submitter's, its organiser's and the admins': only the
      // authorised route (/api/hackathons/:id/submissions/:sid/file) serves it.
      if (!row || PRIVATE_PURPOSES.includes(row.purpose)) return notFound();
      const data = await ctx.storage.get(key);
      if (!data) return notFound();
      reply.header('Content-Type', row.mimetype);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Cache-Control', 'public, max-age=31536000, immutable');
      reply.header(
        'Content-Security-Policy',
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
      );
      if (!RASTER_IMAGE_TYPES.includes(row.mimetype)) {
        const ascii = row.originalName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
        reply.header(
          'Content-Disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(row.originalName)}`,
        );
      }
      return reply.send(data);
    });
  };
}
