import { ErrorBody, GeoPlace, GeoReverseQuery } from '@agora/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.js';
import { notFound } from '../../lib/errors.js';
import { defaultGeocoder, type Geocoder } from '../../platform/geo.js';

/** HTTP routes of the geo area (registered in modules/registry.ts). */
export function geoRoutes(_ctx: AppContext, geocoder: Geocoder = defaultGeocoder()): FastifyPluginAsyncZod {
  return async (app) => {
    // CONTRACT §4: nearest city from an offline data set; 404 when nothing is near.
    app.get(
      '/reverse',
      {
        schema: {
          tags: ['geo'],
          summary: 'Nearest town to a coordinate (offline GeoNames data)',
          querystring: GeoReverseQuery,
          response: { 200: GeoPlace, 400: ErrorBody, 404: ErrorBody },
        },
      },
      async (req, reply) => {
        const place =
          geocoder.reverse(req.query.lat, req.query.lon) ?? notFound('No city found near this location');
        // The answer for a coordinate never changes; let the browser keep it.
        reply.header('Cache-Control', 'public, max-age=86400');
        return place;
      },
    );
  };
}
