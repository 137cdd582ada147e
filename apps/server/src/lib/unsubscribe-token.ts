import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * One-click unsubscribe links (RFC 8058): `<purpose>.<id>.<signature>`, signed with a key derived
 * from the server secret under its own label. The purpose names what the link stops (the category
 * digest of a user, one job alert) and the id which one; a link for one purpose never works for
 * another. They do not expire: an e-mail read months later must still stop the next one.
 */
function unsubscribeKey(jwtSecret: string): Buffer {
  return createHmac('sha256', jwtSecret).update('agora/unsubscribe/v1').digest();
}

function sign(key: Buffer, purpose: string, id: string): string {
  return createHmac('sha256', key).update(`${purpose}:${id}`).digest('base64url');
}

const UUID = /^[0-9a-f-]{36}$/;

export function signUnsubscribeToken(jwtSecret: string, purpose: string, id: string): string {
  return `${purpose}.${id}.${sign(unsubscribeKey(jwtSecret), purpose, id)}`;
}

/** The id a token names for `purpose`, when its signature is the server's; otherwise null. */
export function readUnsubscribeTokenFor(jwtSecret: string, purpose: string, token: string): string | null {
  const [given, id, sig, ...rest] = token.split('.');
  if (rest.length > 0 || !given || !id || !sig) return null;
  if (given !== purpose || !UUID.test(id)) return null;
  const expected = Buffer.from(sign(unsubscribeKey(jwtSecret), purpose, id));
  const actual = Buffer.from(sig);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  return id;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * The page an unsubscribe link answers a browser with (no script, nothing to load): the outcome
 * and a link to where the user manages these e-mails. Messages are the server's own constants.
 * With `confirm`, the page asks first and its button POSTs to `confirm.action`: a GET never
 * unsubscribes there, since mail scanners and link previews fetch every link of a message
 * (RFC 8058 §1); the mail client's one-click POST goes to the same address.
 */
export function unsubscribePage(
  message: string,
  manage: { href: string; label: string },
  confirm?: { action: string; label: string },
): string {
  const form = confirm
    ? `<form method="post" action="${escapeHtml(confirm.action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:.5rem 1rem;cursor:pointer">${escapeHtml(confirm.label)}</button></form>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="color-scheme" content="light dark"><title>Agora</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Agora</h1><p>${escapeHtml(message)}</p>${form}<p><a href="${escapeHtml(manage.href)}">${escapeHtml(manage.label)}</a></p></body></html>`;
}
