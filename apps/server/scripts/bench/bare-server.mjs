// The bare reference server of `npm run bench`: Node's own http module answering each request with
// a body computed beforehand (the bytes the real server sent for that endpoint). It does no
// routing framework, no validation, no database and no serialisation, so its requests/s is the
// ceiling this machine allows for that payload over HTTP. Runs in its own process (like the real
// server) and is driven over IPC: { routes: { key: [{ status, contentType, headers, body (base64) }] } }.
// `headers` are the real response's own (security, cache, rate-limit, request id: the same bytes
// on the wire), unless the benchmark runs with --bare-body-only.
import http from 'node:http';

/** @type {Map<string, { bodies: Array<{ status: number, headers: Record<string, string|number>, body: Buffer }>, next: number }>} */
const routes = new Map();

const server = http.createServer((req, res) => {
  // Drain the request body (POST) before answering, as any server must.
  req.resume();
  req.on('end', () => {
    const key = (req.url ?? '/').slice(1).split('?')[0];
    const route = routes.get(key);
    if (!route) {
      res.writeHead(404, { 'content-length': 0 });
      res.end();
      return;
    }
    // Rotates like the real endpoint's requests do (detail pages, like toggles over several ids).
    const item = route.bodies[route.next++ % route.bodies.length];
    res.writeHead(item.status, item.headers);
    res.end(item.body);
  });
});
server.keepAliveTimeout = 72_000;

process.on('message', (msg) => {
  if (msg && typeof msg === 'object' && msg.routes) {
    for (const [key, bodies] of Object.entries(msg.routes)) {
      routes.set(key, {
        next: 0,
        bodies: bodies.map((b) => {
          const body = Buffer.from(b.body, 'base64');
          return {
            status: b.status,
            headers: { ...b.headers, 'content-type': b.contentType, 'content-length': body.length },
            body,
          };
        }),
      });
    }
    process.send?.({ ok: true });
  }
});

server.listen(0, '127.0.0.1', () => {
  process.send?.({ port: /** @type {import('node:net').AddressInfo} */ (server.address()).port });
});
process.on('disconnect', () => process.exit(0));
