import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorBody, type TestApp } from '../../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const reverse = (qs: string) => t.app.inject({ url: `/api/geo/reverse?${qs}` });

describe('GET /api/geo/reverse', () => {
  it('names Bengaluru, Karnataka, India for coordinates in the city centre', async () => {
    const res = await reverse('lat=12.9716&lon=77.5946');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.city).toMatch(/^(Bengaluru|Bangalore)$/);
    expect(body).toMatchObject({ state: 'Karnataka', country: 'India', countryCode: 'IN' });
    expect(body.distanceKm).toBeLessThan(10);
  });

  it('finds other cities with their state and country names', async () => {
    const ny = (await reverse('lat=40.7128&lon=-74.0060')).json();
    expect(ny).toMatchObject({ city: 'New York City', state: 'New York', country: 'United States' });
    const mumbai = (await reverse('lat=19.0760&lon=72.8777')).json();
    expect(mumbai).toMatchObject({ city: 'Mumbai', state: 'Maharashtra', country: 'India' });
    // Outside India and the US the state is omitted, the country still named.
    const paris = (await reverse('lat=48.8566&lon=2.3522')).json();
    expect(paris).toMatchObject({ city: 'Paris', country: 'France' });
    expect(paris).not.toHaveProperty('state');
  });

  it('names the city a person there would type, not a district or the small town next door', async () => {
    const cases: Array<[string, string]> = [
      ['lat=37.7599&lon=-122.4148', 'San Francisco'], // the Mission District
      ['lat=40.6782&lon=-73.9442', 'New York City'], // Bushwick
      ['lat=12.9698&lon=77.75', 'Bengaluru'], // Whitefield, nearer the town of Hoskote
      ['lat=19.2183&lon=72.9781', 'Thane'], // "Thāne" in GeoNames: without the diacritic
    ];
    for (const [qs, city] of cases) expect((await reverse(qs)).json().city, qs).toBe(city);
  });

  it('answers 404 in the open ocean (nothing within 50 km)', async () => {
    const res = await reverse('lat=0&lon=-30');
    expect(res.statusCode).toBe(404);
    expectErrorBody(res.json());
    expect((await reverse('lat=-60&lon=-140')).statusCode).toBe(404);
  });

  it('answers 400 for missing, non-numeric and out-of-range coordinates', async () => {
    for (const qs of [
      'lat=100&lon=0',
      'lat=0&lon=181',
      'lat=abc&lon=1',
      'lat=&lon=1',
      'lon=77',
      'lat=12',
      '',
      'lat=Infinity&lon=0',
    ]) {
      const res = await reverse(qs);
      expect(res.statusCode, qs).toBe(400);
      expectErrorBody(res.json());
      expect(res.json().code).toBe('VALIDATION');
    }
  });

  it('answers quickly once the index is built', async () => {
    await reverse('lat=28.6139&lon=77.2090');
    const started = performance.now();
    for (let i = 0; i < 50; i++) await reverse(`lat=${10 + i * 0.3}&lon=${76 + i * 0.05}`);
    expect((performance.now() - started) / 50).toBeLessThan(50);
  });
});
