import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The one way web tests stub the network: msw's request interception, shared by every
 * test file through src/test/setup.ts (listen before all, reset handlers after each, close after all).
 * A test adds its answers with `server.use(http.get('/api/…', …))`, or through `mockApi` below.
 * Requests no handler answers fail the test (onUnhandledRequest: 'error').
 */
export const server = setupServer();

export interface ApiCall {
  method: string;
  /** Path and query as the app asked for them, e.g. "/api/ideas?author=me". */
  url: string;
  body?: unknown;
}

type Canned = { status?: number; body?: unknown };

function readBody(text: string): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * Answers the API from a table of canned JSON answers keyed by "METHOD /path" (query ignored), or
 * functions of the request. Unknown /api calls answer 404 in the CONTRACT error shape. Returns the
 * list of calls made, in order.
 */
export function mockApi(
  routes: Record<string, Canned | ((call: ApiCall) => Canned | Response | Promise<Canned | Response>)>,
): ApiCall[] {
  const calls: ApiCall[] = [];
  server.use(
    http.all('*', async ({ request }) => {
      const u = new URL(request.url);
      if (u.origin !== location.origin) return undefined;
      const method = request.method.toUpperCase();
      const isJson = (request.headers.get('content-type') ?? '').includes('json');
      const call: ApiCall = {
        method,
        url: u.pathname + u.search,
        body: isJson ? readBody(await request.clone().text()) : undefined,
      };
      calls.push(call);
      const route = routes[`${method} ${u.pathname}`];
      const hit = typeof route === 'function' ? await route(call) : route;
      if (hit instanceof Response) return hit;
      if (!hit) {
        return HttpResponse.json(
          { error: 'Not found', message: 'Not found', code: 'NOT_FOUND' },
          { status: 404 },
        );
      }
      const status = hit.status ?? 200;
      return new HttpResponse(hit.body === undefined || status === 204 ? null : JSON.stringify(hit.body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
  return calls;
}

/**
 * Answers every same-origin request with `answer(request, url)` (url: path and query, e.g.
 * "/api/ideas/search?q=solar"), for tests that compute their answers; undefined = unhandled.
 */
export function onApi(
  answer: (request: Request, url: string) => Response | undefined | Promise<Response | undefined>,
): void {
  server.use(
    http.all('*', ({ request }) => {
      const u = new URL(request.url);
      if (u.origin !== location.origin) return undefined;
      return answer(request, u.pathname + u.search);
    }),
  );
}
