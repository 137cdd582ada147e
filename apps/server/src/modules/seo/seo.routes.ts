import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.js';
import { escapeHtml, injectHead, type PageHead } from '../../lib/page-head.js';
import { hackathonPageHead } from '../hackathons/hackathons.seo.js';
import { ideaPageHead } from '../ideas/ideas.seo.service.js';
import { jobPageHead } from '../jobs/jobs.seo.js';
import { bucketEntries, prefixLength, SITEMAP_KINDS, type SitemapKind } from './seo.repo.js';

/** The public pages a crawler may follow; everything else in the app is private or a form. */
const PRIVATE_PATHS = [
  '/api/',
  '/admin-portal',
  '/profile',
  '/my-',
  '/wallet',
  '/hidden-ideas',
  '/followers',
  '/questioner-portal',
  '/question/*/rewards',
  '/job/*/edit',
  '/create-job',
  '/share-idea',
  '/upload',
  '/ask-question',
  '/conduct-hackathon',
  '/login',
  '/signup',
  '/role-login',
  '/forgot-password',
  '/reset-password',
];

/** The portals' landing pages, listed in their own sitemap. */
const PORTAL_PAGES = ['/', '/questions', '/ideas', '/hackathons', '/jobhubs', '/about'];

const PAGE_PATH: Record<SitemapKind, string> = { jobs: 'job', ideas: 'idea', hackathons: 'hackathon' };
const SITEMAP_FILE = /^(jobs|ideas|hackathons)(?:-([0-9a-f]{1,3}))?\.xml$/;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

export function robotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}

const urlset = (urls: Array<{ loc: string; lastmod?: Date }>) =>
  `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${urls
    .map(
      (u) =>
        `  <url><loc>${escapeHtml(u.loc)}</loc>${u.lastmod ? `<lastmod>${u.lastmod.toISOString()}</lastmod>` : ''}</url>`,
    )
    .join('\n')}\n</urlset>\n`;

function sendXml(reply: FastifyReply, body: string) {
  return reply
    .type('application/xml; charset=utf-8')
    .header('Cache-Control', 'public, max-age=3600')
    .send(body);
}

/** GET /robots.txt, /sitemap.xml (an index of buckets) and /sitemaps/{kind}[-{prefix}].xml. */
export function seoRoutes(ctx: AppContext) {
  const origin = ctx.config.publicUrl;
  return async (app: FastifyInstance) => {
    app.get('/robots.txt', { schema: { hide: true } }, async (_req, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .header('Cache-Control', 'public, max-age=86400')
        .send(robotsTxt(origin)),
    );

    // Each kind split by the leading hex digits of its random ids into buckets of about 2,000 rows:
    // the index costs a capped count and the planner's estimate, and each file one index range read
    // of at most 5,000 rows, however many rows there are.
    app.get('/sitemap.xml', { schema: { hide: true } }, async (_req, reply) => {
      const files = [`${origin}/sitemaps/pages.xml`];
      for (const kind of SITEMAP_KINDS) {
        const digits = await prefixLength(ctx.db, kind);
        if (digits === 0) {
          files.push(`${origin}/sitemaps/${kind}.xml`);
          continue;
        }
        for (let b = 0; b < 16 ** digits; b++) {
          files.push(`${origin}/sitemaps/${kind}-${b.toString(16).padStart(digits, '0')}.xml`);
        }
      }
      return sendXml(
        reply,
        `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${files
          .map((loc) => `  <sitemap><loc>${escapeHtml(loc)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>\n`,
      );
    });

    app.get<{ Params: { file: string } }>(
      '/sitemaps/:file',
      { schema: { hide: true } },
      async (req, reply) => {
        if (req.params.file === 'pages.xml') {
          return sendXml(reply, urlset(PORTAL_PAGES.map((p) => ({ loc: `${origin}${p}` }))));
        }
        const m = SITEMAP_FILE.exec(req.params.file);
        if (!m) return reply.callNotFound();
        const kind = m[1] as SitemapKind;
        const entries = await bucketEntries(ctx.db, kind, m[2] ?? '', ctx.clock.now());
        return sendXml(
          reply,
          urlset(entries.map((e) => ({ loc: `${origin}/${PAGE_PATH[kind]}/${e.id}`, lastmod: e.lastmod }))),
        );
      },
    );
  };
}

/**
 * /job/{id}, /idea/{id} and /hackathon/{id}: index.html with the page's title, description,
 * canonical URL, Open Graph tags and JSON-LD (an open job's JobPosting, a hackathon's Event) in <head>, for crawlers that run no script; a
 * page a visitor cannot see answers 404 with the plain index.html (the app shows its not-found page).
 */
export function registerSeoPages(app: FastifyInstance, ctx: AppContext, indexHtml: string) {
  const page =
    (find: (ctx: AppContext, id: string) => Promise<PageHead | null>) =>
    async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const head = await find(ctx, req.params.id);
      const html = injectHead(indexHtml, head);
      // index.html names this build's hashed assets: revalidated every time, cheaply by its ETag.
      // Weak: the same page is sent plain or compressed (@fastify/compress), and a strong tag
      // promises the same bytes.
      const etag = `W/"${createHash('sha1').update(html).digest('base64url')}"`;
      reply.header('Cache-Control', 'no-cache').header('ETag', etag);
      reply.type('text/html; charset=utf-8');
      if (!head) return reply.code(404).send(html);
      const known = req.headers['if-none-match']?.split(',').map((t) => t.trim().replace(/^W\//, ''));
      if (known?.includes(etag.slice(2))) return reply.code(304).send();
      return reply.send(html);
    };
  app.get('/job/:id', { schema: { hide: true } }, page(jobPageHead));
  app.get('/idea/:id', { schema: { hide: true } }, page(ideaPageHead));
  app.get('/hackathon/:id', { schema: { hide: true } }, page(hackathonPageHead));
}
