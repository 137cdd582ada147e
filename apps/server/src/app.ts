import { randomUUID } from 'node:crypto';
import proxyAddr from '@fastify/proxy-addr';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import helmet from 'helmet';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { type Database, schemaState } from './db/client.js';
import { authRoutes } from './modules/auth/auth.routes.js';
import { contactRoutes } from './modules/contact/contact.routes.js';
import { healthRoutes } from './modules/health/health.routes.js';
import { detachQuestionOrders, questionMoney } from './modules/payments/payments.admin.service.js';
import { areaModules } from './modules/registry.js';
import { appServices } from './modules/services.js';
import { registerSeoPages, seoRoutes } from './modules/seo/seo.routes.js';
import { settingsRoutes } from './modules/settings/settings.routes.js';
import { uploadsRoutes } from './modules/uploads/uploads.routes.js';
import { usersRoutes } from './modules/users/users.routes.js';
import { createApplicationReads } from './modules/applications/applications.read.js';
import { applicationReferralsOf } from './modules/referrals/referrals.read.js';
import { jobSkillsFor } from './modules/jobs/jobs.vocabulary.js';
import {
  BROTLI_OPTIONS,
  COMPRESS_THRESHOLD,
  COMPRESSIBLE_TYPES,
  ENCODINGS,
  GZIP_OPTIONS,
} from './lib/compression.js';
import { depthCheckedJsonParser, JSON_BODY_LIMIT } from './lib/json-body.js';
import { completeDocument, routeSchemaTransform } from './lib/openapi.js';
import { responseSerializerCompiler } from './lib/response-serializer.js';
import { type Clock, systemClock } from './platform/clock.js';
import { Metrics } from './platform/metrics.js';
import {
  type CounterStore,
  createRedis,
  redisConnected,
  MemoryCounterStore,
  RedisCounterStore,
} from './platform/counter-store.js';
import { mailLinks } from './mail-links.js';
import { LogTransport, MailWorker, type MailTransport, SmtpTransport } from './platform/mail.js';
import { createStorage, type Storage } from './platform/storage.js';
import { createTaskRunner, type TaskRunner } from './platform/task-runner.js';
import { ViewCounts } from './platform/view-counts.js';
import { Outages } from './platform/outages.js';
import { authPlugin } from './plugins/auth.js';
import { rateLimitedError, rateLimitStore, registerClientLimits } from './plugins/client-limits.js';
import { registerRequestDeadline, requestCeilingMs } from './plugins/request-deadline.js';
import { registerErrorHandler } from './plugins/error-handler.js';
import { metricsPlugin } from './plugins/metrics.js';
import { responseCachePlugin } from './plugins/response-cache.js';
import { type TaskDefinition, tasks as allTasks } from './tasks.js';
import { APP_COMMIT, APP_VERSION } from './version.js';

export interface BuildOptions {
  config: Config;
  database: Database;
  clock?: Clock;
  storage?: Storage;
  mailTransport?: MailTransport;
  logger?: FastifyServerOptions['logger'];
  /** Prefix for shared Redis keys, so parallel test apps do not share counters. */
  redisPrefix?: string;
  /**
   * Given by main.ts, which listens before it migrates: until `completeStartup(app)` every request
   * but the health checks is answered 503. Without it the database is taken as migrated.
   */
  readiness?: Readiness;
}

export interface Readiness {
  migrating: boolean;
  /**
   * Set when this instance must not serve at all: the database's schema is newer than this code
   * (a newer release migrated it) or older (migrations not applied). Every route but the health
   * checks answers 503 while it is set; main.ts names both versions in the log.
   */
  refusal?: string | null;
  /** Set on SIGTERM: readiness answers 503 `draining` while requests are still served. */
  draining?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Starts the background task runner (main.ts; tests only when they ask). close() stops it. */
    startTasks(list?: readonly TaskDefinition[]): Promise<TaskRunner>;
    /** After migrations: ensures the configured admin, then lets every request through. */
    completeStartup(): Promise<void>;
  }
}

export const LOG_REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-razorpay-signature"]',
  '*.password',
  '*.token',
  '*.id_token',
  '*.accountNumber',
];

/**
 * Graceful shutdown: stop accepting requests and finish those in flight, stop the task runner
 * (waiting for running handlers; a mail being sent is marked sent), write buffered view counts,
 * close Redis — all in app.close() — and only then close the database pool.
 */
export async function closeApp(app: FastifyInstance, database: Database): Promise<void> {
  try {
    await app.close();
  } finally {
    await database.close();
  }
}

/** Query parameters whose values never reach the log (one-time tokens, signatures, secrets). */
const SECRET_PARAMS =
  /([?&](?:token|access_token|id_token|refresh_token|code|signature|sig|key|secret|password)=)[^&#]*/gi;

/** The URL as the access log shows it: secret query values replaced by `[redacted]`. */
export function scrubUrl(url: string): string {
  return url.includes('?') ? url.replace(SECRET_PARAMS, '$1[redacted]') : url;
}

/** A request id a proxy may hand us: short, and nothing a log line could be confused by. */
const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;

/**
 * Request ids: the `X-Request-Id` of a trusted proxy (TRUST_PROXY, the peer being one of its
 * proxies) when it is a valid id, so one request can be followed from the load balancer's log to
 * ours; otherwise a new UUID. Anyone else's header is ignored: a client must not pick the id its
 * line is filed under.
 */
export function requestIdGenerator(trustProxy: string[] | false): (req: IncomingMessage) => string {
  if (!trustProxy) return () => randomUUID();
  const trusted = proxyAddr.compile(trustProxy);
  return (req) => {
    const given = req.headers['x-request-id'];
    const peer = req.socket?.remoteAddress;
    if (typeof given === 'string' && REQUEST_ID.test(given) && peer && trusted(peer, 0)) return given;
    return randomUUID();
  };
}

/** User agents are the client's text: kept to a length a log line can carry. */
const userAgent = (req: FastifyRequest) => req.headers['user-agent']?.slice(0, 256);

/**
 * The access log: one line per request when it completes — method, URL without
 * secrets, status, milliseconds, the client's address (req.ip: the proxy's X-Forwarded-For only
 * behind TRUST_PROXY), the signed-in user's id, the user agent and (through the request's logger)
 * the request id — instead of Fastify's "incoming request" and "request completed" pair.
 */
class AccessLog extends LogController {
  /**
   * The server's logger without redaction, for the success line only: its fields are a method, a
   * scrubbed URL and two numbers, which the redact paths (nested keys) never match, yet with
   * wildcard paths pino runs every value through the redactor (about 3 % of a cached response's
   * CPU). The request id is written first, where the request's child logger puts it: same line.
   */
  private plain: FastifyBaseLogger | null = null;

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    const method = req.method;
    const url = scrubUrl(req.url);
    const status = reply.statusCode;
    const ms = Math.round(reply.elapsedTime * 10) / 10;
    const ip = req.ip;
    const userId = req.user?.id;
    const ua = userAgent(req);
    if (error) {
      reply.log.error({ method, url, status, ms, ip, userId, ua, err: error }, 'request');
      return;
    }
    this.plain ??= req.server.log.child({}, { redact: [] });
    this.plain.info({ reqId: req.id, method, url, status, ms, ip, userId, ua }, 'request');
  }
}

/** Builds the application; never listens. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const clock = opts.clock ?? systemClock;
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, redact: LOG_REDACT },
    genReqId: requestIdGenerator(config.trustProxy),
    // One access-log line per request, not Fastify's two: half the log's cost per request.
    logController: new AccessLog(),
    // JSON bodies up to the largest real form; uploads are multipart with their own limits.
    bodyLimit: JSON_BODY_LIMIT,
    // Node's ceiling for a request to arrive; each request's own deadline is shorter
    // (plugins/request-deadline.ts).
    requestTimeout: requestCeilingMs(config.requestTimeoutMs),
    // Behind a load balancer, request.ip (and so every per-IP rate limit) is the client's address
    // from X-Forwarded-For, believed only when the peer is one of TRUST_PROXY's proxies.
    trustProxy: config.trustProxy || false,
    forceCloseConnections: 'idle',
    // Requests that already reached us during shutdown are served, not refused.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A URL the router cannot decode (`/%zz`) or an over-long id never reaches setErrorHandler:
    // answered here in the CONTRACT shape too.
    frameworkErrors: (err, _req, reply) => {
      const status = err.statusCode === 414 ? 414 : 400;
      const message = status === 414 ? 'The address is too long' : 'Malformed URL';
      const code = status === 414 ? 'URI_TOO_LONG' : 'BAD_REQUEST';
      void (reply as unknown as FastifyReply).code(status).send({ error: message, message, code });
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializerCompiler);
  // Headers must arrive within REQUEST_TIMEOUT too (Node's default is a minute).
  app.server.headersTimeout = config.requestTimeoutMs;
  registerRequestDeadline(app, config.requestTimeoutMs);
  // Every JSON body is checked for depth before it is parsed, with Fastify's own parser
  // (secure-json-parse: `__proto__` refused) doing the parsing.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    depthCheckedJsonParser(app.getDefaultJsonParser('error', 'error')),
  );

  // Whether the database and Redis answer, logged once per outage (platform/outages.ts). Probes
  // find an outage's end while it lasts; `redis` is assigned below, before any probe can run.
  let redis: ReturnType<typeof createRedis> | null = null;
  const outages = new Outages(
    app.log,
    {
      database: async () => {
        await database.ping();
        if ((await schemaState(database.db)).state === 'behind') throw new Error('tables missing');
      },
      redis: async () => {
        await redis?.ping();
      },
    },
    { databaseUrl: config.databaseUrl },
  );
  redis = config.redisUrl
    ? createRedis(config.redisUrl, {
        onError: (err) => outages.failed('redis', err),
        onReady: () => outages.recovered('redis'),
      })
    : null;
  // Start with the connection made when Redis is there (commands fail at once while it is not);
  // if it is not, the instance starts anyway and answers 503 until it is.
  if (redis) await redisConnected(redis, 2000);
  const prefix = opts.redisPrefix ?? 'agora:';
  const counters: CounterStore = redis
    ? new RedisCounterStore(redis, `${prefix}c:`)
    : new MemoryCounterStore(() => clock.now().getTime());
  const log = (obj: object, msg: string) => app.log.info(obj, msg);
  const transport =
    opts.mailTransport ??
    (config.mail.smtpUrl
      ? new SmtpTransport(config.mail.smtpUrl, {
          warn: (o, m) => app.log.warn(o, m),
          info: (o, m) => app.log.info(o, m),
        })
      : new LogTransport(log));
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    clock,
    storage: opts.storage ?? createStorage(config.storage, config.dataDir),
    counters,
    redis,
    mailWorker: new MailWorker(
      database.db,
      transport,
      config.mail.from,
      clock,
      (err) => outages.absorb(err) || app.log.error({ err }, 'mail worker'),
      Math.random,
      mailLinks(config),
    ),
    views: new ViewCounts(
      database.db,
      (err) => outages.absorb(err) || app.log.warn({ err }, 'view counts: flush failed'),
      () => clock.now().getTime(),
    ),
    readiness: opts.readiness ?? { migrating: false },
    // Background work's failures during an outage are the outage's one line, not one line each.
    log: {
      info: (o, m) => app.log.info(o, m),
      warn: (o, m) => outages.absorb((o as { err?: unknown }).err) || app.log.warn(o, m),
      error: (o, m) => outages.absorb((o as { err?: unknown }).err) || app.log.error(o, m),
    },
    outages,
    questionOrders: { money: questionMoney, detach: detachQuestionOrders },
    // Ports between areas that read each other (context.ts): each answered by the area that owns
    // the rows, so the asking area does not import it back.
    jobApplications: createApplicationReads({ db: database.db }),
    applicationReferrals: applicationReferralsOf({ db: database.db }),
  };
  ctx.views.start();
  app.decorate('ctx', ctx);
  let runner: TaskRunner | null = null;
  // GET /metrics: off unless METRICS_TOKEN or METRICS_PORT is set (plugins/metrics.ts).
  const metricsOn = Boolean(config.metrics.token) || config.metrics.port !== null;
  const metrics = metricsOn
    ? new Metrics({
        database,
        clock,
        payoutSlaMs: config.payoutSlaMs,
        version: APP_VERSION,
        commit: APP_COMMIT,
        responseCache: () => app.responseCache ?? null,
        taskRunner: () => runner,
        taskNames: allTasks.map((t) => t.name),
        warn: (o, m) => app.log.warn(o, m),
      })
    : null;
  app.decorate('startTasks', async (list: readonly TaskDefinition[] = allTasks) => {
    if (runner) throw new Error('tasks already started');
    const log = app.log.child({ area: 'tasks' });
    runner = createTaskRunner(ctx, list, {
      // A run failing because the database or Redis is down is part of the outage's one line.
      log: {
        info: (o, m) => log.debug(o, m),
        error: (o, m) => outages.absorb((o as { err?: unknown }).err) || log.error(o, m),
      },
      onRun: metrics?.taskRun,
    });
    await runner.start();
    return runner;
  });
  // Shutdown order (the server has stopped accepting requests and finished those in flight):
  // background work stops (a mail being sent is marked sent), view counts are written, then
  // shared connections close. The database itself is closed by the owner after app.close().
  app.addHook('onClose', async () => {
    ctx.mailWorker.requestStop();
    outages.close();
    await runner?.stop();
    await ctx.views.stop();
    await ctx.mailWorker.stop();
    await counters.close();
    ctx.storage.close?.();
    if (redis) await redis.quit().catch(() => redis.disconnect());
  });
  // While shutting down, responses still in flight close their keep-alive connection, so close()
  // does not wait for idle keep-alive sockets to time out.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Callback hooks, not async ones: no promise per request on the hot path.
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('x-request-id', req.id);
    // Draining (SIGTERM): each keep-alive connection closes after its answer, so a client's next
    // request opens a new one, which the load balancer (reading readiness) sends elsewhere.
    if (closing || ctx.readiness.draining) reply.header('Connection', 'close');
    // Nothing answered to a signed-in caller may be kept by a browser or a proxy.
    if (req.headers.authorization && !String(reply.getHeader('cache-control') ?? '').includes('no-store')) {
      reply.header('Cache-Control', 'no-store');
    }
    done(null, payload);
  });

  registerErrorHandler(app, outages);

  // While migrations run (main.ts listens first, so a load balancer can watch /api/health/ready),
  // nothing but the health checks may touch the database.
  app.addHook('onRequest', (req, reply, done) => {
    const { migrating, refusal } = ctx.readiness;
    if ((!migrating && !refusal) || req.url.startsWith('/api/health')) return done();
    const message = refusal
      ? 'Agora is being upgraded. Please try again in a moment.'
      : 'Agora is starting. Please try again in a moment.';
    reply
      .status(503)
      .header('Retry-After', '5')
      .send({ error: message, message, code: refusal ? 'UNAVAILABLE' : 'STARTING' });
  });

  const scriptSrc = ["'self'"];
  const frameSrc = ["'self'"];
  const connectSrc = ["'self'"];
  if (config.payments.provider === 'razorpay') {
    scriptSrc.push('https://checkout.razorpay.com');
    frameSrc.push('https://api.razorpay.com', 'https://checkout.razorpay.com');
    connectSrc.push('https://lumberjack.razorpay.com');
  }
  if (config.google.clientId) {
    scriptSrc.push('https://accounts.google.com/gsi/client');
    frameSrc.push('https://accounts.google.com/gsi/');
    connectSrc.push('https://accounts.google.com/gsi/');
  }
  // One helmet middleware for the process, run on every request (@fastify/helmet would build a new
  // one per request, re-parsing the CSP; replaying recorded headers by hand saved about 4 % of a
  // cached response's CPU, under the 10 % a hand-written piece must save: BENCHMARKS.md).
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc,
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc,
        frameSrc,
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    securityHeaders(req.raw, reply.raw, (err?: unknown) => done(err as Error | undefined));
  });

  // Brotli or gzip for JSON and text above 1 KB when the client accepts it (lib/compression.ts has
  // the settings and why). Registered before every route (it hooks each one as it is added); the
  // response cache sends its hits already compressed, and @fastify/static its .br/.gz files, both
  // with a Content-Encoding this plugin leaves alone. Request bodies are not decompressed.
  await app.register(compress, {
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
    customTypes: COMPRESSIBLE_TYPES,
    globalDecompression: false,
  });

  if (metrics) {
    await app.register(metricsPlugin, {
      metrics,
      token: config.metrics.token,
      port: config.metrics.port,
      host: config.host,
    });
  }

  // One limiter: routes' own limits (`config.rateLimit`) and the per-client budgets count through
  // @fastify/rate-limit on the app's counters (shared in Redis when set).
  await app.register(rateLimit, {
    global: false,
    store: rateLimitStore(counters),
    errorResponseBuilder: (_req, context) => rateLimitedError(context.after),
  });
  registerClientLimits(app, config);
  await app.register(multipart, { limits: { fileSize: 30 * 1024 * 1024, files: 1 } });

  // The document is the contract (docs/decisions/071): generated from the route schemas, then
  // completed once with what every route sends by its nature (lib/openapi.ts).
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Agora API',
        version: APP_VERSION,
        description: 'Inquiry Space, Innovators Space, Hackathons, Jobs Hub',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: routeSchemaTransform,
    transformObject: (doc) =>
      completeDocument('openapiObject' in doc ? doc.openapiObject : doc.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // Every service more than one place uses, built once for this app (modules/services.ts): the
  // routes below and the background tasks get these instances.
  const services = appServices(ctx);
  const { auth } = services;
  await app.register(authPlugin, { auth });
  if (config.responseCache.enabled) {
    await app.register(responseCachePlugin, {
      database,
      ttlMs: config.responseCache.ttlMs,
      now: () => clock.now().getTime(),
      views: ctx.views,
      outages,
    });
  }

  await app.register(
    async (api) => {
      await api.register(healthRoutes(ctx));
      await api.register(authRoutes(ctx, auth, services.users), { prefix: '/auth' });
      // Profiles suggest skills from the Jobs Hub's vocabulary, passed in: jobs reads profiles for its
      // matches, so users does not import jobs back.
      await api.register(usersRoutes(ctx, services.users, jobSkillsFor(ctx)), { prefix: '/users' });
      await api.register(contactRoutes(ctx), { prefix: '/contact' });
      await api.register(settingsRoutes(ctx), { prefix: '/settings' });
      for (const area of areaModules) await api.register(area.routes(ctx, services), { prefix: area.prefix });
    },
    { prefix: '/api' },
  );
  await app.register(uploadsRoutes(ctx), { prefix: '/uploads' });
  await app.register(seoRoutes(ctx));

  const webDist = config.webDist;
  if (webDist && existsSync(path.join(webDist, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each asset (apps/web/vite.config.ts precompress).
      preCompressed: true,
      setHeaders: (res, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.header('Cache-Control', 'public, max-age=31536000, immutable');
        }
      },
    });
    // /job/{id} and /idea/{id} carry their own head for crawlers, and answer 404 when not public.
    registerSeoPages(app, ctx, readFileSync(path.join(webDist, 'index.html'), 'utf8'));
    app.get('/*', { schema: { hide: true } }, async (req, reply) => {
      const urlPath = decodeURIComponent(req.url.split('?')[0]!);
      // The API, uploads and /metrics (when off, or without its token's route) are never the
      // web app: an unknown path there is a 404 JSON body, not index.html.
      if (/^\/(api|uploads|metrics)(\/|$)/.test(urlPath)) return reply.callNotFound();
      const candidate = path.join(webDist, path.normalize(urlPath).replace(/^([/\\])+/, ''));
      if (candidate.startsWith(webDist) && path.extname(candidate) && existsSync(candidate)) {
        return reply.sendFile(path.relative(webDist, candidate));
      }
      if (path.extname(urlPath) && !urlPath.endsWith('.html')) return reply.callNotFound();
      reply.header('Cache-Control', 'no-cache');
      return reply.sendFile('index.html');
    });
  }

  app.decorate('completeStartup', async () => {
    if (config.adminEmail && config.adminPassword) {
      await auth.ensureAdmin(config.adminEmail, config.adminPassword);
    }
    ctx.readiness.migrating = false;
  });
  if (!ctx.readiness.migrating) await app.completeStartup();
  return app;
}
