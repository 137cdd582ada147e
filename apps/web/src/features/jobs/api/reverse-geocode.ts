import type { GeoPlace } from '@agora/shared';
import { api } from '../../../lib/api-client';

/** GET /api/geo/reverse — the nearest town from the server's offline data (404 when none is near). */
export function reverseGeocode(lat: number, lon: number, signal?: AbortSignal): Promise<GeoPlace> {
  return api<GeoPlace>('/api/geo/reverse', {
    signal,
    on401: 'ignore',
    query: { lat: lat.toFixed(5), lon: lon.toFixed(5) },
  });
}
