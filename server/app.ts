// Builds the Fastify instance with every plugin and route; main.ts only listens, tests call inject().
import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import rateLimit from '@fastify/rate-limit';
import { rateLimitKey } from './infra/client-network';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { AppDeps } from './deps';
import { HttpError } from './http-errors';
import { localeOfAcceptLanguage, text } from './infra/texts';
import { formFieldRefusal } from './infra/validation-texts';
import { OneLinePerRequest } from './infra/request-log';
import { isDatabaseUnavailable, isStorageFull, isTransactionConflict } from './db/errors';
import { isMailServerUnavailable } from './infra/mailer';
import { DATABASE_UNAVAILABLE_REASON, MAIL_UNAVAILABLE_REASON } from '../src/api/contract/protocol';
import type { RedisHandle } from './infra/redis';
import { fallbackRateLimitStore } from './infra/rate-limit-store';
import authPlugin from './plugins/auth';
import accessPlugin from './plugins/access';
import securityHeaders from './plugins/security-headers';
import { malformedMultipartError } from './plugins/malformed-bodies';
import jsonBodies from './plugins/json-bodies';
import requestsInFlight from './plugins/requests-in-flight';
import drainConnections from './plugins/drain-connections';
import slowRequests from './plugins/slow-requests';
import { CONTROL_CHARACTERS_MESSAGE, isControlCharacterPattern } from '../src/api/contract/text';
import healthRoutes from './routes/health';
import authRoutes from './routes/auth';
import googleRoutes from './routes/auth-google';
import vendorRoutes from './routes/vendor';
import imageRoutes from './routes/images';
import pendingMenuUploads from './plugins/pending-menu-uploads';
import rewardsRoutes from './routes/rewards';
import campaignsRoutes from './routes/campaigns';
import unsubscribeRoutes from './routes/unsubscribe';
import qrcodeRoutes from './routes/qrcode';
import customerRoutes from './routes/customer';
import passesAppleRoutes from './routes/passes-apple';
import activityRoutes from './routes/activity';
import dashboardRoutes from './routes/dashboard';
import customersRoutes from './routes/customers';
import handoverRoutes from './routes/handover';
import teamRoutes from './routes/team';
import accountRoutes from './routes/account';
import counterRoutes from './routes/counter';
import webPushRoutes from './routes/web-push';
import { startExpirySweep } from './services/handover';
import { type SchemaCodeStore, schemaCompilersAtFirstUse, sharedSchemaCompilers } from './infra/schema-compilers';
import { MAX_UPLOAD_BYTES } from '../src/api/contract/limits';

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
  }
}

export type App = FastifyInstance;

/** Largest request body the API accepts at all; uploads have tighter per-kind limits. */
export { MAX_UPLOAD_BYTES };

export interface BuildAppOptions {
  logger?: FastifyServerOptions['logger'];
  /** Serve the built SPA from deps.config.clientDir (main.ts); tests usually leave it off. */
  serveClient?: boolean;
  /** Compile each route's schemas at its first request instead of at the start (the API tests' apps). */
  compileSchemasAtFirstUse?: boolean;
  /** With `compileSchemasAtFirstUse`: where compiled schemas' code is kept between processes. */
  schemaCodeStore?: SchemaCodeStore;
}

/** A count of trusted hops, as the function proxy-addr would make of it (Fastify's option type takes no number). */
function fastifyTrustProxy(setting: AppDeps['config']['trustProxy']): boolean | string | ((address: string, hop: number) => boolean) {
  return typeof setting === 'number' ? (_address, hop) => hop < setting : setting;
}

export async function buildApp(deps: AppDeps, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    // One log line per request instead of Fastify's two.
    logController: new OneLinePerRequest(),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(deps.config.trustProxy),
    ajv: { customOptions: { coerceTypes: 'array', removeAdditional: false, allErrors: false } },
    schemaController: { compilersFactory: options.compileSchemasAtFirstUse ? schemaCompilersAtFirstUse(options.schemaCodeStore) : sharedSchemaCompilers },
    // Malformed (%zz) or over-long path parameters are refused before routing, bypassing the error
    // handler; answer them in the same `{ error }` shape instead of Fastify's default body.
    frameworkErrors: (error: FastifyError, _request: FastifyRequest, reply: FastifyReply) => {
      const status = error.statusCode ?? 400;
      const message = status === 414 ? 'The address is too long.' : status < 500 ? 'The address is not valid.' : 'Something went wrong on our side. Please try again.';
      void reply.code(status).send({ error: message });
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  await app.register(fp(async (instance) => { instance.decorate('deps', deps); }, { name: 'deps' }));
  // Before any route: each route's context copies the parsers there are when it is registered.
  await app.register(jsonBodies);
  // First, so it follows every request from its start: a request without an answer for seconds says where
  // it waits (on SQLite, with the read worker's backlog).
  const readBacklog = deps.db.readBacklog;
  await app.register(slowRequests, readBacklog ? { context: () => ({ readWorker: readBacklog() }) } : {});
  // Before any route: every route registered from here on declares its access level (plugins/access.ts).
  await app.register(authPlugin);
  await app.register(accessPlugin);
  app.setErrorHandler(errorHandler);
  // A stop lets go of each connection once its answer is out (SIGTERM must finish well inside main.ts's deadline).
  await app.register(drainConnections);
  if (deps.requestsInFlight) await app.register(requestsInFlight, { requests: deps.requestsInFlight });

  const servedOverHttps = deps.config.publicUrl.startsWith('https:');
  await app.register(securityHeaders, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its CSS-in-JS into <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        // Over plain http (a shop PC reached by its LAN address) this directive would make the browser fetch
        // every script over https, which such a server does not speak: a blank page. Only an https origin wants it.
        upgradeInsecureRequests: servedOverHttps ? [] : null,
      },
    },
    // HSTS over plain http is ignored by browsers at best; over https it pins the origin to https.
    hsts: servedOverHttps ? { maxAge: 15_552_000, includeSubDomains: false } : false,
    // Browsers ignore COOP on an untrustworthy (plain http, non-localhost) origin and log an error on every page.
    crossOriginOpenerPolicy: servedOverHttps ? { policy: 'same-origin' } : false,
    // The customer page opens from a phone camera; no cross-origin isolation is needed.
    crossOriginEmbedderPolicy: false,
  });
  if (deps.redis) watchRedis(app, deps.redis);
  await app.register(rateLimit, {
    global: false,
    // Every limit counts a client by its network key (an IPv6 client by its /64): a route's own keyGenerator
    // builds on rateLimitKey too.
    keyGenerator: (request) => rateLimitKey(request.ip),
    // Shared counts in Redis, in-process counts while Redis is away.
    ...(deps.redis ? { store: fallbackRateLimitStore(deps.redis) } : {}),
    errorResponseBuilder: (request, context) => ({
      statusCode: 429,
      error: text(localeOfAcceptLanguage(request.headers['accept-language']), 'commonRefusals.tooManyAttemptsWait', {
        seconds: Math.max(1, Math.ceil(context.ttl / 1000)),
      }),
    }),
  });
  // Multipart forms are read only by the routes that take them (server/plugins/multipart-forms.ts).
  await app.register(swagger, {
    openapi: {
      info: { title: 'Stampwise API', version: '1.0.0', description: 'Vendor accounts, store, rewards and QR codes.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(googleRoutes, { prefix: '/api/auth/google' });
  await app.register(vendorRoutes, { prefix: '/api/vendor' });
  await app.register(imageRoutes, { prefix: '/api/images' });
  await app.register(pendingMenuUploads);
  await app.register(rewardsRoutes, { prefix: '/api/rewards' });
  await app.register(campaignsRoutes, { prefix: '/api/campaigns' });
  await app.register(unsubscribeRoutes, { prefix: '/api/unsubscribe' });
  await app.register(qrcodeRoutes, { prefix: '/api/qrcode' });
  await app.register(customerRoutes, { prefix: '/api/customer' });
  await app.register(passesAppleRoutes, { prefix: '/api/passes/apple' });
  await app.register(activityRoutes, { prefix: '/api/activity' });
  await app.register(dashboardRoutes, { prefix: '/api/dashboard' });
  await app.register(handoverRoutes, { prefix: '/api/handover' });
  await app.register(customersRoutes, { prefix: '/api/customers' });
  await app.register(teamRoutes, { prefix: '/api/team' });
  await app.register(counterRoutes, { prefix: '/api/counter' });
  await app.register(accountRoutes, { prefix: '/api/account' });
  await app.register(webPushRoutes, { prefix: '/api/web-push' });
  // Claims nobody handed over expire (and give their stamps back) even when no screen asks.
  const stopExpirySweep = startExpirySweep(deps, (error) => app.log.warn({ err: error }, 'claim expiry sweep failed'));
  app.addHook('onClose', async () => stopExpirySweep());

  if (options.serveClient) await serveClient(app, deps.config.clientDir);
  else app.setNotFoundHandler((request, reply) => reply.code(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}` }));

  return app;
}

/** One warning when Redis goes away (or is away at start), one line when it is back. */
function watchRedis(app: FastifyInstance, redis: RedisHandle): void {
  const degraded = 'rate limits count per server and the live feed goes through the database until it is back';
  if (redis.status() === 'down') app.log.warn(`Redis at ${redis.where} is unreachable: ${degraded}`);
  const off = redis.onStatusChange((status, error) => {
    if (status === 'down') app.log.warn(`Redis at ${redis.where} is unreachable${error ? ` (${error.message})` : ''}: ${degraded}`);
    else app.log.info(`Redis at ${redis.where} is reachable again`);
  });
  app.addHook('onClose', async () => {
    off();
  });
}

/** Every error leaves as `{ error }` JSON with a 4xx/5xx status; never a stack trace. */
function errorHandler(this: FastifyInstance, error: FastifyError | HttpError, request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) {
  if (error instanceof HttpError) {
    return reply.code(error.statusCode).send({
      error: error.text ? text(localeOfAcceptLanguage(request.headers['accept-language']), error.text.id, error.text.values) : error.message,
      ...(error.details ? { details: error.details } : {}),
      ...(error.reason ? { reason: error.reason } : {}),
    });
  }
  const fastifyError = error as FastifyError;
  if (fastifyError.validation) {
    const details = fastifyError.validation.map((v) => ({
      field: fieldName(v.instancePath, v.params as Record<string, unknown>),
      // The shared text schema's pattern would print a regular expression; say what it means.
      message: v.keyword === 'pattern' && isControlCharacterPattern(v.params.pattern) ? CONTROL_CHARACTERS_MESSAGE : v.message ?? 'is invalid',
    }));
    const first = details[0];
    const firstProblem = fastifyError.validation[0];
    const formSentence = first && firstProblem && first.message !== CONTROL_CHARACTERS_MESSAGE
      ? formFieldRefusal(localeOfAcceptLanguage(request.headers['accept-language']), { keyword: firstProblem.keyword, field: first.field, params: firstProblem.params as Record<string, unknown> })
      : null;
    const sentence = formSentence ?? (first?.message === CONTROL_CHARACTERS_MESSAGE ? `${first.field} ${first.message}.` : first ? `${first.field || 'request'} ${first.message}` : 'Invalid request.');
    return reply.code(400).send({ error: sentence, details });
  }
  const malformed = malformedMultipartError(request, fastifyError);
  if (malformed) return reply.code(400).send({ error: malformed.message });
  const status = fastifyError.statusCode ?? 500;
  if (status === 429) {
    // @fastify/rate-limit throws what errorResponseBuilder returned: a plain `{ statusCode, error }`.
    const builtMessage = (error as { error?: unknown }).error;
    return reply.code(429).send({ error: typeof builtMessage === 'string' ? builtMessage : fastifyError.message || text(localeOfAcceptLanguage(request.headers['accept-language']), 'commonRefusals.tooManyAttempts') });
  }
  if (status < 500) {
    const message = KNOWN_CLIENT_ERRORS[fastifyError.code] ?? fastifyError.message;
    return reply.code(status).send({ error: message });
  }
  if (isDatabaseUnavailable(error)) {
    // The database is restarting, failing over or unreachable: a moment's outage, not a bug.
    request.log.warn(`database unavailable: ${error.message}`);
    // The reason lets a live feed that cannot open meanwhile show "Scans paused" rather than a lost connection.
    return reply.code(503).header('Retry-After', '5').send({ error: SERVICE_UNAVAILABLE_MESSAGE, reason: DATABASE_UNAVAILABLE_REASON });
  }
  if (isTransactionConflict(error)) {
    // A deadlock or serialization failure that outlasted inTransaction's re-runs: nothing was written.
    request.log.warn(`transaction conflict after retries: ${error.message}`);
    return reply.code(503).header('Retry-After', '1').send({ error: SERVICE_UNAVAILABLE_MESSAGE });
  }
  if (isStorageFull(error)) {
    // The disk is full: nothing of the request was kept, and it works again once space is freed. Logged at
    // error: someone has to free space.
    request.log.error(`cannot save: the disk is full: ${error.message}`);
    return reply.code(503).header('Retry-After', '60').send({ error: STORAGE_FULL_MESSAGE });
  }
  if (isMailServerUnavailable(error)) {
    // The mail server is down or unreachable: what the request wrote is kept, its mail is what is missing.
    request.log.warn(`mail server unavailable: ${error.message}`);
    return reply.code(503).header('Retry-After', '60').send({ error: MAIL_UNAVAILABLE_MESSAGE, reason: MAIL_UNAVAILABLE_REASON });
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send({ error: 'Something went wrong on our side. Please try again.' });
}

export const SERVICE_UNAVAILABLE_MESSAGE = 'The service is briefly unavailable. Please try again in a few seconds.';
export const STORAGE_FULL_MESSAGE = 'The server cannot save right now: its disk is full. Please try again later.';
export const MAIL_UNAVAILABLE_MESSAGE = 'The e-mail could not be sent: the mail server is unreachable. Please try again in a few minutes.';

const KNOWN_CLIENT_ERRORS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
  FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
  FST_FILES_LIMIT: 'Too many files in one request.',
  FST_FIELDS_LIMIT: 'Too many fields in one request.',
  FST_PARTS_LIMIT: 'Too many parts in one request.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'Expected a multipart form.',
};

function fieldName(instancePath: string, params: Record<string, unknown>): string {
  const fromPath = instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (typeof params.missingProperty === 'string') return fromPath ? `${fromPath}.${params.missingProperty}` : params.missingProperty;
  if (typeof params.additionalProperty === 'string') return params.additionalProperty;
  return fromPath;
}

/** The customer pages' paths (/s/<token>, /wallet…), answered with customer.html; webpack.config.ts has the same.
 * Any case: the QR code's URL is upper-case (/S/…), and the router matches paths without case too. */
export const CUSTOMER_PAGES = /^\/(s|wallet)(\/|$)/i;

/** The built SPA: hashed assets cached forever, the HTML pages never, history fallback for deep links. */
async function serveClient(app: FastifyInstance, clientDir: string): Promise<void> {
  const indexFile = path.join(clientDir, 'index.html');
  if (!fs.existsSync(indexFile)) {
    app.log.warn(`no built client at ${clientDir}; run "npm run build" to serve the app`);
  }
  // Loaded only when serving the SPA: API-only apps (most tests) never need it.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root: clientDir,
    preCompressed: true,
    index: false,
    wildcard: true,
    // Our setHeaders decides Cache-Control; send's own default ('public, max-age=0') would be written after it.
    cacheControl: false,
    setHeaders(res, filePath) {
      const name = path.basename(filePath);
      if (name.endsWith('.html')) res.setHeader('Cache-Control', 'no-cache');
      else if (/\.[0-9a-f]{8,}\./.test(name)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      else res.setHeader('Cache-Control', 'public, max-age=3600');
    },
  });
  // The static handler refuses the bare directory '/' (403, index: false); the root is the app too.
  // These handlers start sendFile and return nothing: returning the reply (a thenable) would make Fastify wait on
  // it through an end-of-stream listener per request, which piles up on keep-alive connections.
  app.get('/', { config: { access: 'public' }, schema: { hide: true } }, (_request, reply) => {
    void reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
  app.setNotFoundHandler((request, reply) => {
    const urlPath = request.url.split('?')[0];
    if (urlPath.startsWith('/api/') || request.method !== 'GET') {
      void reply.code(404).send({ error: `No route for ${request.method} ${urlPath}` });
      return;
    }
    // The customer pages are their own lean entry (no vendor app on a phone at the counter).
    void reply.header('Cache-Control', 'no-cache').sendFile(CUSTOMER_PAGES.test(urlPath) ? 'customer.html' : 'index.html');
  });
}
