import { MSG } from '@agora/shared';
import type { FastifyBodyParser, FastifyRequest } from 'fastify';
import { AppError } from './errors.js';

/**
 * JSON nested deeper than this is refused before it is parsed. The deepest real body (a job post's
 * `company` or `salary`) is two levels; parsing 1 MB of `[[[[…` took 150–270 ms of the one event
 * loop every other request waits on, while a flat megabyte took 10.
 */
export const JSON_MAX_DEPTH = 32;

/**
 * The largest JSON body accepted (uploads are multipart, with their own limits; the payment webhook
 * keeps its own raw-body limit). The largest real form is a job post: about 24 500 characters at
 * every field's maximum (description 10 000, requirements and benefits 5 000 each, 30 skills,
 * company, location, website…), 72 KB written in a script of three UTF-8 bytes per character
 * (Devanagari, CJK); an idea is 65 KB at most, a question or an answer 61 KB. 128 KiB leaves more
 * than half as much again; test/attacks/json-bodies.test.ts posts the largest job and idea.
 */
export const JSON_BODY_LIMIT = 128 * 1024;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPEN_ARRAY = 0x5b;
const OPEN_OBJECT = 0x7b;
const CLOSE_ARRAY = 0x5d;
const CLOSE_OBJECT = 0x7d;

/**
 * Whether the JSON text opens more than `max` arrays or objects inside one another, counting only
 * brackets outside string literals. One pass over the text without building anything (string
 * contents are skipped with indexOf); malformed text is left for the parser to refuse.
 */
export function jsonNestedDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // The closing quote is the next one not escaped by an odd run of backslashes.
      let end = text.indexOf('"', i + 1);
      while (end !== -1) {
        let slashes = 0;
        for (let k = end - 1; k > i && text.charCodeAt(k) === BACKSLASH; k--) slashes++;
        if (slashes % 2 === 0) break;
        end = text.indexOf('"', end + 1);
      }
      if (end === -1) return false;
      i = end;
    } else if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > max) return true;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      depth--;
    }
  }
  return false;
}

/**
 * An `application/json` parser (`parseAs: 'string'`) that refuses over-deep nesting with 400 before
 * handing the text to `parse` — Fastify's default parser (secure-json-parse, so `__proto__` and
 * `constructor.prototype` keys are still refused). `emptyAsUndefined`: an empty body is "no body"
 * instead of an error.
 */
export function depthCheckedJsonParser(
  parse: FastifyBodyParser<string>,
  opts: { emptyAsUndefined?: boolean } = {},
): (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => void {
  return (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (opts.emptyAsUndefined && text.trim() === '') return done(null, undefined);
    if (jsonNestedDeeperThan(text, JSON_MAX_DEPTH)) {
      return done(new AppError('BAD_REQUEST', 400, MSG.jsonTooDeep), undefined);
    }
    return parse(req, text, done);
  };
}
