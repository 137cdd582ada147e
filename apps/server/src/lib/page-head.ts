import { markdownToPlainText } from '@agora/shared';

/** What a crawler that runs no script reads in the <head> of one page (/job/{id}, /idea/{id}, /hackathon/{id}). */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute URL (PUBLIC_URL-based). */
  canonical: string;
  ogType: 'website' | 'article';
  /** schema.org data, put in a <script type="application/ld+json"> with this element id. */
  jsonLd?: { id: string; data: Record<string, unknown> };
}

export const SITE_NAME = 'Agora';

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

const unescapeAttr = (s: string): string =>
  s.replace(/&(amp|lt|gt|quot|#39);/g, (m) => Object.entries(HTML_ESCAPES).find(([, e]) => e === m)![0]);

/** Text for an element's content or a quoted attribute value. */
export const escapeHtml = (s: string): string => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

/**
 * JSON for a data block: "<" as \u003c (the same JSON value), so user text such as "</script>" or
 * "<!--" can never end or change the element; U+2028/9 likewise, for any reader that takes it as script.
 */
export const jsonForScript = (data: unknown): string =>
  JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** A meta description: the Markdown as one line of plain text, cut at a word near 160 characters. */
export function metaDescription(markdown: string, max = 160): string {
  const text = markdownToPlainText(markdown);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

export function headTags(head: PageHead, siteDescription?: string): string {
  const title = escapeHtml(head.title);
  const description = escapeHtml(head.description);
  const url = escapeHtml(head.canonical);
  // data-page-head: the app drops these tags once the visitor moves to another page in the app,
  // so a canonical URL or Open Graph data never outlives its page (apps/web lib/page-head-tags).
  const tags = [
    `<title>${title}</title>`,
    siteDescription === undefined
      ? `<meta name="description" content="${description}" />`
      : `<meta name="description" content="${description}" data-site-description="${escapeHtml(siteDescription)}" />`,
    `<link rel="canonical" href="${url}" data-page-head />`,
    `<meta property="og:title" content="${title}" data-page-head />`,
    `<meta property="og:description" content="${description}" data-page-head />`,
    `<meta property="og:url" content="${url}" data-page-head />`,
    `<meta property="og:type" content="${head.ogType}" data-page-head />`,
    `<meta property="og:site_name" content="${SITE_NAME}" data-page-head />`,
  ];
  if (head.jsonLd) {
    // A data block the browser never executes: the CSP's script-src does not apply to it.
    tags.push(
      `<script type="application/ld+json" id="${escapeHtml(head.jsonLd.id)}" data-page-head>${jsonForScript(head.jsonLd.data)}</script>`,
    );
  }
  return tags.join('\n    ');
}

/**
 * index.html with the page's own head: the built file's generic <title> and description are
 * replaced (a crawler must see one of each), everything else (scripts, styles) is left as built.
 */
export function injectHead(indexHtml: string, head: PageHead | null): string {
  if (!head) return indexHtml;
  // The site's own description comes back when the visitor moves on to another page in the app.
  const site = /<meta\s+name=["']description["']\s+content=["']([^"']*)["'][^>]*>/i.exec(indexHtml)?.[1];
  const stripped = indexHtml
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name=["']description["'][^>]*>\s*/i, '');
  const at = stripped.search(/<\/head>/i);
  if (at < 0) return indexHtml;
  return `${stripped.slice(0, at)}  ${headTags(head, site === undefined ? undefined : unescapeAttr(site))}\n  ${stripped.slice(at)}`;
}
