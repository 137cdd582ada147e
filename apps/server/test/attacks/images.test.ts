import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasImageStructure } from '../../src/lib/image-check.js';
import {
  createQuestion,
  makePng,
  multipart,
  sampleQuestion,
} from '../../src/modules/questions/questions.fixtures.js';
import { buildTestApp, signup, type TestApp, type TestUser } from '../helpers.js';

// A truncated PNG header and `GIF89a<script>` must be refused whatever the upload is for (job
// logos and hackathon images as well as question images): one check (lib/image-check.ts) for all.
const TRUNCATED_PNG = makePng().subarray(0, 16);
const GIF_SCRIPT = Buffer.from('GIF89a<script>alert(1)</script>, ;;;;;;;;;;;;;;;;');
const PNG_THEN_TEXT = Buffer.concat([makePng().subarray(0, 33), Buffer.from('IDAT IEND <?php echo 1; ?>')]);
// The classic 1×1 transparent GIF.
const REAL_GIF = Buffer.from('R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==', 'base64');
const FAKES = { truncatedPng: TRUNCATED_PNG, gifScript: GIF_SCRIPT, pngThenText: PNG_THEN_TEXT };

describe('one image check for every image upload', () => {
  let t: TestApp;
  let user: TestUser;
  let answerer: TestUser;
  let questionId: string;
  beforeAll(async () => {
    t = await buildTestApp();
    user = await signup(t.app);
    answerer = await signup(t.app);
    questionId = (await createQuestion(t.app, user))._id;
  });
  afterAll(() => t.close());

  it('knows a real GIF and PNG from fakes', () => {
    expect(hasImageStructure(REAL_GIF, 'image/gif')).toBe(true);
    expect(hasImageStructure(makePng(), 'image/png')).toBe(true);
    expect(hasImageStructure(GIF_SCRIPT, 'image/gif')).toBe(false);
    expect(hasImageStructure(TRUNCATED_PNG, 'image/png')).toBe(false);
  });

  async function send(url: string, who: TestUser, field: string, data: Buffer, name: string, fields = {}) {
    const mp = await multipart(fields, { field, name, data, type: 'image/png' });
    return t.app.inject({
      method: 'POST',
      url,
      headers: { ...who.auth, ...mp.headers },
      payload: mp.payload,
    });
  }

  const hackathonFields = () => {
    const now = t.clock.now().getTime();
    return {
      title: 'Image Check Jam',
      description: 'A hackathon whose image is checked.',
      organizer: JSON.stringify({ name: 'Org', email: 'org@example.com', phone: '+91 90000 00000' }),
      eventDetails: JSON.stringify({
        startDate: new Date(now + 3 * 86_400_000).toISOString(),
        endDate: new Date(now + 5 * 86_400_000).toISOString(),
        duration: '48 hours',
        locationType: 'online',
      }),
      prizes: JSON.stringify({ prizePool: '₹1,000', judgingCriteria: 'Impact' }),
      category: 'AI/ML',
    };
  };

  const routes = [
    { what: 'job logo', url: () => '/api/jobs/logo', field: 'logo', ok: 201, fields: () => ({}) },
    {
      what: 'hackathon image',
      url: () => '/api/hackathons/submit',
      field: 'image',
      ok: 201,
      fields: hackathonFields,
    },
    {
      what: 'question image',
      url: () => '/api/questions',
      field: 'image',
      ok: 201,
      fields: () => sampleQuestion,
    },
    {
      what: 'answer attachment',
      url: () => `/api/questions/${questionId}/answers/upload`,
      field: 'attachment',
      ok: 201,
      fields: () => ({}),
      by: 'answerer',
    },
  ];

  for (const r of routes) {
    it(`${r.what}: refuses fake images and takes real ones`, async () => {
      const who = r.by === 'answerer' ? answerer : user;
      for (const [name, data] of Object.entries(FAKES)) {
        const res = await send(r.url(), who, r.field, data, `${name}.png`, r.fields());
        expect(res.statusCode, `${r.what} ${name}: ${res.body}`).toBe(400);
      }
      const gif = await send(r.url(), who, r.field, REAL_GIF, 'real.gif', r.fields());
      expect([200, 201], `${r.what} real gif: ${gif.body}`).toContain(gif.statusCode);
    });
  }
});
