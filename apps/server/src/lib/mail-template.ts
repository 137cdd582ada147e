import type { MailMessage } from '../platform/mail.js';

/**
 * E-mail templates: each kind of message is one template whose `render` turns its data into a
 * subject and a list of blocks, and both parts of the message (text/plain and text/html) are made
 * from those same blocks here, so the two never say different things. The HTML is one layout for
 * all of them: styles inline (mail clients drop <head> styles or rewrite them), no images at all
 * (nothing remote to load, nothing white-on-transparent to vanish in dark mode), colours that keep
 * their contrast in light and dark mode, and a dark palette for clients that honour
 * prefers-color-scheme. The registry of every kind is src/mail-templates.ts.
 */

/**
 * Who may stop a kind of message, and how:
 * - `essential`: must reach the user and has no unsubscribe (a password reset; the answer to what
 *   they submitted for review, which CONTRACT §4 says is e-mailed either way);
 * - `notifications`, `reminders`: the e-mail that goes with a notification, stopped by the user's
 *   e-mail preference of that name (profile; one-click link in each message);
 * - `job-alert`: stopped per alert; `digest`: the daily digest of followed categories.
 */
export type MailStream = 'essential' | 'notifications' | 'reminders' | 'job-alert' | 'digest';

/** A paragraph, a quotation, a heading, a list of links, the main action, or a plain link. */
export type MailBlock =
  | { type: 'text'; text: string }
  | { type: 'quote'; label?: string; text: string }
  | { type: 'heading'; text: string }
  | { type: 'items'; items: Array<{ title: string; href: string; detail?: string }> }
  | { type: 'action'; label: string; href: string }
  | { type: 'link'; label: string; href: string };

export const p = (text: string): MailBlock => ({ type: 'text', text });
export const quote = (text: string, label?: string): MailBlock => ({
  type: 'quote',
  text,
  ...(label ? { label } : {}),
});
export const heading = (text: string): MailBlock => ({ type: 'heading', text });
export const items = (list: Array<{ title: string; href: string; detail?: string }>): MailBlock => ({
  type: 'items',
  items: list,
});
/** The one thing the reader is asked to do: a button in HTML, "Label: URL" in text. */
export const action = (label: string, href: string): MailBlock => ({ type: 'action', label, href });
export const link = (label: string, href: string): MailBlock => ({ type: 'link', label, href });

export interface MailContent {
  subject: string;
  /** "Hello <name>,"; null or absent: "Hello,". */
  greeting?: string | null;
  blocks: MailBlock[];
  /** One sentence at the end: why the reader gets this message. */
  reason: string;
}

export interface MailTemplate<D> {
  /** The registry's name for it (src/mail-templates.ts); composed messages carry it. */
  kind: string;
  stream: MailStream;
  render(data: D): MailContent;
}

export function mailTemplate<D>(t: MailTemplate<D>): MailTemplate<D> {
  return t;
}

/** How the end of a message says to stop it (its reason comes from the template). */
export interface MailFooter {
  /** The signed one-click link (body link and List-Unsubscribe headers); every stream but essential. */
  unsubscribe?: { url: string; label: string };
  /** Where these e-mails are managed (the profile). */
  manage?: { url: string; label: string };
}

/** A message made from a template: multipart, and it knows its kind and stream. */
export interface ComposedMail extends MailMessage {
  html: string;
  kind: string;
  stream: MailStream;
  /** The user whose preference stops it (notifications and reminders): checked when it is queued. */
  userId?: string;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

// One palette, picked to read in both modes: dark text on light surfaces by default; clients with
// a dark mode either apply the @media block below or invert these colours themselves, and every
// pair keeps a contrast of at least 4.5:1 either way (WCAG AA).
const C = {
  page: '#f4f5f7',
  card: '#ffffff',
  border: '#dde1e6',
  text: '#1f2933',
  muted: '#5f6b7a',
  link: '#1c64c8',
  button: '#1c64c8',
  buttonText: '#ffffff',
  quote: '#c3cad3',
};
const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

const DARK_CSS =
  ':root{color-scheme:light dark;supported-color-schemes:light dark}' +
  '@media (prefers-color-scheme: dark){' +
  '.ag-page{background-color:#111418 !important}' +
  '.ag-card{background-color:#1b1f24 !important;border-color:#2e353d !important}' +
  '.ag-text{color:#e6e8eb !important}' +
  '.ag-muted{color:#a9b1ba !important}' +
  '.ag-link{color:#7cb7ff !important}' +
  '.ag-button{background-color:#4c8dff !important;color:#0b0d10 !important}' +
  '.ag-quote{border-color:#4a525c !important}' +
  '}';

const a = (href: string, label: string, style = '') =>
  `<a class="ag-link" href="${escapeHtml(href)}" style="color:${C.link};text-decoration:underline;${style}">${escapeHtml(label)}</a>`;

const textHtml = (s: string) => escapeHtml(s).replace(/\n/g, '<br>');

function blockHtml(b: MailBlock): string {
  const para = `margin:0 0 16px;`;
  switch (b.type) {
    case 'text':
      return `<p class="ag-text" style="${para}color:${C.text};">${textHtml(b.text)}</p>`;
    case 'quote':
      return (
        (b.label ? `<p class="ag-text" style="${para}color:${C.text};">${textHtml(b.label)}</p>` : '') +
        `<blockquote class="ag-quote ag-text" style="margin:0 0 16px;padding:4px 0 4px 14px;border-left:3px solid ${C.quote};color:${C.text};">${textHtml(b.text)}</blockquote>`
      );
    case 'heading':
      return `<h2 class="ag-text" style="margin:24px 0 8px;font-size:17px;line-height:1.4;color:${C.text};">${escapeHtml(b.text)}</h2>`;
    case 'items':
      return `<ul style="margin:0 0 16px;padding:0 0 0 20px;">${b.items
        .map(
          (i) =>
            `<li class="ag-text" style="margin:0 0 8px;color:${C.text};">${a(i.href, i.title)}${i.detail ? ` ${escapeHtml(i.detail)}` : ''}</li>`,
        )
        .join('')}</ul>`;
    case 'action':
      return `<p style="${para}margin-top:24px;"><a class="ag-button" href="${escapeHtml(b.href)}" style="display:inline-block;padding:10px 20px;border-radius:6px;background-color:${C.button};color:${C.buttonText};font-weight:600;text-decoration:none;">${escapeHtml(b.label)}</a></p>`;
    case 'link':
      return `<p class="ag-text" style="${para}color:${C.text};">${a(b.href, b.label)}</p>`;
  }
}

function blockText(b: MailBlock): string {
  switch (b.type) {
    case 'text':
      return b.text;
    case 'quote':
      return `${b.label ? `${b.label}\n` : ''}"${b.text}"`;
    case 'heading':
      return `${b.text}:`;
    case 'items':
      return b.items.map((i) => `- ${i.title}${i.detail ? ` ${i.detail}` : ''}\n  ${i.href}`).join('\n');
    case 'action':
    case 'link':
      return `${b.label}: ${b.href}`;
  }
}

const SIGN_OFF = 'The Agora team';

/** Both parts of a message from one content: the same words, in the same order. */
export function renderMail(content: MailContent, footer: MailFooter = {}): { text: string; html: string } {
  const hello = content.greeting ? `Hello ${content.greeting},` : 'Hello,';
  const footerLines = [
    content.reason,
    footer.unsubscribe ? `${footer.unsubscribe.label}: ${footer.unsubscribe.url}` : undefined,
    footer.manage ? `${footer.manage.label}: ${footer.manage.url}` : undefined,
  ].filter((l): l is string => Boolean(l));
  const text = [
    hello,
    ...content.blocks.map(blockText),
    SIGN_OFF,
    // The usual signature delimiter ("-- "): clients fold what follows.
    `-- \n${footerLines.join('\n')}`,
  ].join('\n\n');

  const small = `margin:0 0 8px;font-size:13px;line-height:1.5;color:${C.muted};`;
  const footerHtml = [
    `<p class="ag-muted" style="${small}">${escapeHtml(content.reason)}</p>`,
    footer.unsubscribe || footer.manage
      ? `<p class="ag-muted" style="${small}">${[
          footer.unsubscribe ? a(footer.unsubscribe.url, footer.unsubscribe.label) : '',
          footer.manage ? a(footer.manage.url, footer.manage.label) : '',
        ]
          .filter(Boolean)
          .join(' &middot; ')}</p>`
      : '',
  ].join('');
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1">' +
    '<meta name="color-scheme" content="light dark"><meta name="supported-color-schemes" content="light dark">' +
    `<title>${escapeHtml(content.subject)}</title><style>${DARK_CSS}</style></head>` +
    `<body class="ag-page" style="margin:0;padding:0;background-color:${C.page};">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="ag-page" style="background-color:${C.page};border-collapse:collapse;"><tr><td align="center" style="padding:24px 12px;">` +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" class="ag-card" style="max-width:600px;background-color:${C.card};border:1px solid ${C.border};border-radius:8px;border-collapse:separate;"><tr>` +
    `<td class="ag-text" style="padding:24px 28px;font-family:${FONT};font-size:16px;line-height:1.5;color:${C.text};text-align:left;">` +
    // The name in text, not a logo: nothing to load, nothing to lose in dark mode.
    `<p class="ag-text" style="margin:0 0 20px;font-size:20px;font-weight:700;color:${C.text};">Agora</p>` +
    `<p class="ag-text" style="margin:0 0 16px;color:${C.text};">${escapeHtml(hello)}</p>` +
    content.blocks.map(blockHtml).join('') +
    `<p class="ag-text" style="margin:24px 0 0;color:${C.text};">${SIGN_OFF}</p>` +
    '</td></tr></table>' +
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="max-width:600px;border-collapse:collapse;"><tr><td style="padding:16px 28px 0;font-family:${FONT};text-align:left;">${footerHtml}</td></tr></table>` +
    '</td></tr></table></body></html>';
  return { text, html };
}

/**
 * A message of one template for one recipient. Everything but essential mail must carry its signed
 * one-click unsubscribe: in the body and as List-Unsubscribe with List-Unsubscribe-Post (RFC 8058),
 * which mail clients offer as their own "Unsubscribe" button. Essential mail never carries one.
 */
export function composeMail<D>(
  template: MailTemplate<D>,
  data: D,
  to: string,
  footer: MailFooter = {},
  userId?: string,
): ComposedMail {
  if (template.stream === 'essential' && footer.unsubscribe) {
    throw new Error(`Essential mail (${template.kind}) cannot be unsubscribed from`);
  }
  if (template.stream !== 'essential' && !footer.unsubscribe) {
    throw new Error(`Mail of kind ${template.kind} needs its unsubscribe link`);
  }
  const content = template.render(data);
  const { text, html } = renderMail(content, footer);
  return {
    to,
    subject: content.subject,
    text,
    html,
    kind: template.kind,
    stream: template.stream,
    ...(userId ? { userId } : {}),
    ...(footer.unsubscribe
      ? {
          headers: {
            'List-Unsubscribe': `<${footer.unsubscribe.url}>`,
            'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
          },
        }
      : {}),
  };
}
