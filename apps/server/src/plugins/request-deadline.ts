import { MSG } from '@agora/shared';
import type { FastifyInstance } from 'fastify';
import { JSON_BODY_LIMIT } from '../lib/json-body.js';

/**
 * Past the JSON limit a body is an upload: it gets more time, as much as it needs at this rate
 * (256 KiB/s, about 2 Mbit/s, a slow mobile uplink). A 25 MB project file may take 30 s + 100 s.
 */
export const UPLOAD_MIN_BYTES_PER_SECOND = 256 * 1024;

/** The largest body any route takes (a 30 MB multipart file plus its form): the longest allowance. */
const LARGEST_BODY_BYTES = 32 * 1024 * 1024;

/** How long a request with a body of `bytes` (its Content-Length) may take to arrive. */
export function bodyDeadlineMs(timeoutMs: number, bytes: number): number {
  const extra = Math.min(Math.max(0, bytes - JSON_BODY_LIMIT), LARGEST_BODY_BYTES);
  return timeoutMs + Math.ceil((extra / UPLOAD_MIN_BYTES_PER_SECOND) * 1000);
}

/** Node's own per-request ceiling (server.requestTimeout), behind the per-request deadline below. */
export const requestCeilingMs = (timeoutMs: number): number =>
  bodyDeadlineMs(timeoutMs, JSON_BODY_LIMIT + LARGEST_BODY_BYTES);

/**
 * A request must have arrived, headers and body, within `timeoutMs` (REQUEST_TIMEOUT, 30 s) of its
 * headers — more for an upload, by its declared size (bodyDeadlineMs). A client that trickles its
 * body slower (a few bytes every few seconds holds a connection, a socket and the parser's buffers
 * for as long as it likes) gets 408 with `Connection: close`, or, if it was already answered (a
 * refused upload whose body is still being drained), its connection closed. The clock starts per
 * request, so a keep-alive connection waiting between requests is not affected; a body that
 * arrived with its headers (most of them) costs no timer at all.
 */
export function registerRequestDeadline(app: FastifyInstance, timeoutMs: number): void {
  const message = MSG.requestTooSlow;
  const body = JSON.stringify({ error: message, message, code: 'REQUEST_TIMEOUT' });
  const response =
    'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
    `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

  app.addHook('onRequest', (req, reply, done) => {
    const raw = req.raw;
    // `complete` is true once the whole message is in (always for a request without a body), and
    // undefined for injected requests, which have no connection to hold.
    if (raw.complete !== false) return done();
    const declared = Number(req.headers['content-length']);
    const ms = bodyDeadlineMs(timeoutMs, Number.isFinite(declared) ? declared : 0);
    const timer = setTimeout(() => {
      if (raw.complete) return;
      const socket = raw.socket;
      req.log.warn({ ms }, 'request body too slow: connection closed');
      // Written as Node writes its own 408: Fastify may be waiting for the body and cannot answer.
      if (reply.sent || reply.raw.headersSent || !socket.writable) return socket.destroy();
      socket.end(response, () => socket.destroy());
      setTimeout(() => socket.destroy(), 1000).unref();
    }, ms);
    const clear = () => clearTimeout(timer);
    raw.once('end', clear);
    raw.once('close', clear);
    done();
  });
}
