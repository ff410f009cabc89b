import http from 'node:http';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import type { DestinationStream } from 'pino';
import { dashboardApiDocument, publicApiDocument } from './api-documents.ts';
import { type AppContext, deriveAppKeys } from './app-context.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { embeddedMaintenanceJob } from './db/embedded-maintenance.ts';
import { type Clock, systemClock } from './lib/clock.ts';
import { serializerCompiler, validatorCompiler } from './lib/contract.ts';
import { invalidationBusFor } from './lib/invalidation/invalidation-bus.ts';
import { JobRunner } from './lib/jobs.ts';
import { Lifecycle } from './lib/lifecycle.ts';
import { createMailSender, type MailSender } from './lib/mail/index.ts';
import { registerHttpMetrics } from './lib/metrics/http-metrics.ts';
import { createMetricsRegistry } from './lib/metrics/metrics.ts';
import { DatabaseRateLimitStore } from './lib/rate-limit/database-store.ts';
import { FailoverRateLimitStore } from './lib/rate-limit/failover-store.ts';
import { PersistedRateLimitStore } from './lib/rate-limit/persisted-store.ts';
import type { RateLimitStore } from './lib/rate-limit/rate-limit-store.ts';
import { RedisRateLimitStore } from './lib/rate-limit/redis-store.ts';
import { RedisLink } from './lib/redis-link.ts';
import { createSmsSender, type SmsSender } from './lib/sms/index.ts';
import { createSystemWebhookNetwork, type WebhookNetwork } from './lib/webhook-network.ts';
import { deliverDueAccountNotices } from './modules/account-notices/account-notices.service.ts';
import { apiKeyRoutes } from './modules/api-keys/api-keys.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { registerAuditCheckpoints } from './modules/audit/audit-checkpoints.ts';
import { auditKeysRoute, auditLogRoutes } from './modules/audit/audit-log.routes.ts';
import { registerAuditMonths } from './modules/audit/audit-months.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { sweepAuthRecords } from './modules/auth/auth-sweep.service.ts';
import { sessionRoutes } from './modules/auth/sessions.routes.ts';
import { codeRoutes } from './modules/codes/codes.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { documentRoutes } from './modules/documents/documents.routes.ts';
import { moveDocumentFiles } from './modules/documents/index.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { identityRoutes } from './modules/identity/identity.routes.ts';
import { individualRoutes } from './modules/individuals/individuals.routes.ts';
import { memberRoutes } from './modules/members/members.routes.ts';
import { deliverDueNotifications } from './modules/notifications/notification-delivery.service.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { operatorRoutes } from './modules/operator/operator.routes.ts';
import { encryptionKeyRoutes } from './modules/organizations/encryption-key.routes.ts';
import { organizationRoutes } from './modules/organizations/organizations.routes.ts';
import { registerPersonNotices } from './modules/person-notices/person-notices.job.ts';
import { personNoticeRoutes } from './modules/person-notices/person-notices.routes.ts';
import { personalCodeRoutes } from './modules/personal-codes/personal-codes.routes.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { oauthRoutes } from './modules/public-api/oauth.routes.ts';
import { refuseVanishedKeys, watchFailedCalls } from './modules/public-api/pipeline.ts';
import { logApiRequests } from './modules/request-log/request-log.hook.ts';
import { sweepRequestLog } from './modules/request-log/request-log.queries.ts';
import { requestLogRoutes } from './modules/request-log/request-log.routes.ts';
import { RequestLogWriter } from './modules/request-log/request-log.writer.ts';
import { flushTrustedIpUsage } from './modules/security/network-policy.service.ts';
import { securityRoutes } from './modules/security/security.routes.ts';
import { registerCodeMonths } from './modules/tokens/code-months.ts';
import { tokenRoutes } from './modules/tokens/tokens.routes.ts';
import { expireTokens } from './modules/tokens/tokens.service.ts';
import { expireVerificationRequests } from './modules/tokens/verification-requests.service.ts';
import { sweepUsage } from './modules/wallet/usage-retention.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { registerContractCheck } from './plugins/contract-check.ts';
import { answerClientError, registerErrorHandling, sendProblem } from './plugins/errors.ts';
import { registerLoadShedding } from './plugins/load-shedding.ts';
import { registerMetricsEndpoint } from './plugins/metrics-endpoint.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerReadYourWrites } from './plugins/read-routing.ts';
import { registerRequestId, requestIdOf } from './plugins/request-id.ts';
import { serializeRequest } from './plugins/request-logging.ts';
import { registerSecurityHeaders, securityHeadersFor } from './plugins/security-headers.ts';
import { registerWebApp } from './plugins/web-app.ts';

export interface BuildAppOptions {
  config: Config;
  db: Database;
  clock?: Clock;
  rateLimits?: RateLimitStore;
  /** Mail (default: SMTP_URL, else the local outbox). */
  mail?: MailSender;
  /** Text messages (default: the local outbox). */
  sms?: SmsSender;
  /** Webhook DNS and HTTPS (default: the real network); tests deliver to a local receiver. */
  webhookNetwork?: WebhookNetwork;
  /** Where log lines go (default stdout); tests read them to check what is logged. */
  logStream?: DestinationStream;
  /** Background jobs (expiry sweep, usage flush); tests turn them off and run them with their own clock. */
  runBackgroundJobs?: boolean;
  /** Sees every route as it is added (tests walk the route table). */
  onRoute?: (route: RouteOptions) => void;
  /** Called with each answer that does not match its route's declared schema (tests fail on it). */
  onContractViolation?: (message: string) => void;
  /** Log every /v1 call (default true); the benchmark turns it off to measure its cost. */
  logRequests?: boolean;
}

/**
 * Requests worked on at once, and waiting for a place, before more are shed (bench/overload
 * measures the choice): PGlite has one connection, so more in flight only lengthen the queue
 * behind it; waiting in order in front of it costs nothing but memory.
 */
const DEFAULT_LOAD_LIMITS = {
  pglite: { maxConcurrent: 64, maxQueued: 1024 },
  postgres: { maxConcurrent: 512, maxQueued: 1024 },
} as const;

const BODY_LIMIT_BYTES = 64 * 1024;

/**
 * Idle time after an answer before the server closes a kept-alive connection: longer than a
 * proxy's own (nginx's upstream keepalive_timeout, 60 s by default), so the proxy closes first and
 * never sends a request on a connection the server is closing.
 */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;

/** Builds the whole server: dashboard API, public API and the web app, in layers. */
export async function buildApp(options: BuildAppOptions): Promise<{
  app: FastifyInstance;
  ctx: AppContext;
  routes: RouteOptions[];
  lifecycle: Lifecycle;
}> {
  const { config, db } = options;
  const lifecycle = new Lifecycle();
  const clock = options.clock ?? systemClock;
  const securityHeaders = securityHeadersFor(config.publicUrl.startsWith('https://'));
  const app = Fastify({
    bodyLimit: BODY_LIMIT_BYTES,
    // A connection that never finishes its request is answered 408 and closed within seconds
    // (the timers are checked every second), so it cannot hold the server or its stop.
    serverFactory: (handler) =>
      http.createServer(
        {
          headersTimeout: config.headersTimeoutMs,
          requestTimeout: Math.max(config.requestTimeoutMs, config.headersTimeoutMs),
          keepAliveTimeout: KEEP_ALIVE_TIMEOUT_MS,
          connectionsCheckingInterval: 1000,
        },
        handler,
      ),
    // The proxy's X-Request-Id when it looks sane: one id in its log and ours.
    requestIdHeader: false,
    genReqId: requestIdOf,
    // A hop count trusts that many proxies in front of us: the client is the address they saw.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    // Errors raised before routing (bad URL, over-long parameters) get the same problem+json,
    // with the headers the hooks would have given.
    frameworkErrors: (error, request, reply) => {
      reply.headers(securityHeaders);
      reply.header('x-request-id', request.id);
      return error.statusCode === 414
        ? sendProblem(reply, 414, 'uri_too_long', 'A path parameter is longer than 100 characters')
        : sendProblem(reply, 400, 'bad_request', error.message);
    },
    clientErrorHandler: answerClientError,
    logger: {
      level: config.logLevel,
      ...(options.logStream && { stream: options.logStream }),
      serializers: { req: serializeRequest },
      // Secrets never reach the log: credentials, cookies and the codes themselves.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          '*.password',
          '*.token',
          '*.api_secret',
          '*.client_secret',
          '*.nationalId',
          '*.national_id',
          '*.recovery_codes',
          '*.twoFactorToken',
          '*.secret',
          '*.currentPassword',
          '*.newPassword',
          '*.confirmPassword',
        ],
        censor: '[redacted]',
      },
    },
  });
  const nowMs = () => clock.now().getTime();
  // With REDIS_URL: Redis while it answers, PostgreSQL when it does not (lib/redis-link.ts).
  const redis = config.redisUrl ? new RedisLink(config.redisUrl, app.log) : undefined;
  const rateLimits =
    options.rateLimits ??
    (redis
      ? new FailoverRateLimitStore({
          redis: new RedisRateLimitStore(redis.client(`tanqin-limits-${process.pid}`)),
          database: new DatabaseRateLimitStore(db),
          link: redis,
          db,
          nowMs,
        })
      : await PersistedRateLimitStore.open(db, nowMs));
  const requestLog = new RequestLogWriter(db, app.log);
  const ctx: AppContext = {
    config,
    db,
    clock,
    rateLimits,
    redis,
    invalidation: invalidationBusFor(redis, db, app.log),
    jobs: new JobRunner(db, app.log),
    requestLog,
    mail: options.mail ?? createMailSender(config, clock),
    sms: options.sms ?? createSmsSender(config, clock, app.log),
    webhookNetwork: options.webhookNetwork ?? createSystemWebhookNetwork(),
    keys: deriveAppKeys(config),
  };
  if (config.databaseReplicaUrl && db.kind === 'postgres') {
    const { openReadRouting } = await import('./db/replica.ts');
    ctx.reads = await openReadRouting(db, config.databaseReplicaUrl, (error) =>
      app.log.warn({ err: error }, 'replica unavailable: console reads go to the primary'),
    );
  }
  await ctx.invalidation.start();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  registerErrorHandling(app);
  const httpMetrics = registerHttpMetrics(app);
  // Before load shedding, so that its 503 carries them too.
  registerSecurityHeaders(app, securityHeaders);
  registerRequestId(app);
  ctx.load = registerLoadShedding(app, {
    maxConcurrent: config.maxConcurrentRequests ?? DEFAULT_LOAD_LIMITS[db.kind].maxConcurrent,
    maxQueued: config.maxQueuedRequests ?? DEFAULT_LOAD_LIMITS[db.kind].maxQueued,
  });
  // Routes declare their contract as zod schemas (lib/contract.ts).
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  const routes = registerContractCheck(app, options.onContractViolation);
  await app.register(cookie);
  await app.register(formbody);
  registerReadYourWrites(app, ctx);

  await app.register(
    async (api) => {
      await registerOpenApi(api, dashboardApiDocument(config.publicUrl));
      await api.register(healthRoutes, { ctx, lifecycle });
      await api.register(authRoutes, { ctx });
      await api.register(sessionRoutes, { ctx });
      await api.register(individualRoutes, { ctx });
      await api.register(identityRoutes, { ctx });
      await api.register(profileRoutes, { ctx });
      await api.register(organizationRoutes, { ctx });
      await api.register(encryptionKeyRoutes, { ctx });
      await api.register(memberRoutes, { ctx });
      await api.register(apiKeyRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(securityRoutes, { ctx });
      await api.register(requestLogRoutes, { ctx });
      await api.register(notificationRoutes, { ctx });
      await api.register(walletRoutes, { ctx });
      await api.register(codeRoutes, { ctx });
      await api.register(personalCodeRoutes, { ctx });
      await api.register(personNoticeRoutes, { ctx });
      await api.register(documentRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(operatorRoutes, { ctx });
    },
    { prefix: '/api/v1' },
  );
  await app.register(
    async (publicApi) => {
      await registerOpenApi(publicApi, publicApiDocument(config.publicUrl));
      if (options.logRequests ?? true) logApiRequests(publicApi, requestLog, clock);
      watchFailedCalls(publicApi, ctx);
      refuseVanishedKeys(publicApi);
      await publicApi.register(oauthRoutes, { ctx });
      await publicApi.register(tokenRoutes, { ctx });
      await publicApi.register(auditLogRoutes, { ctx });
    },
    { prefix: '/v1' },
  );
  await app.register(auditKeysRoute, { ctx });
  // No identity provider configured: the server is its own development one (never in production).
  // Loaded only then: oidc-provider and its dependencies are a tenth of a start's CPU.
  if (config.identity.development) {
    const { devIdentityProviderRoutes } = await import(
      './modules/identity/dev-identity-provider.ts'
    );
    await app.register(devIdentityProviderRoutes, { ctx });
  }
  registerMetricsEndpoint(app, ctx, createMetricsRegistry(ctx, httpMetrics));
  await registerWebApp(app, config.webDistDir);
  ctx.jobs.register({
    name: 'token expiry sweep',
    everyMs: 30_000,
    run: async () => (await expireTokens(ctx)) + (await expireVerificationRequests(ctx)),
  });
  // Each process holds its own uses in memory: each flushes them.
  ctx.jobs.register({
    name: 'trusted IP usage',
    everyMs: 5_000,
    run: () => flushTrustedIpUsage(ctx),
    runsOn: 'every-process',
  });
  ctx.jobs.register({
    name: 'notification delivery',
    everyMs: 2_000,
    run: () => deliverDueNotifications(ctx),
  });
  registerPersonNotices(ctx);
  registerAuditCheckpoints(ctx);
  registerAuditMonths(ctx);
  registerCodeMonths(ctx);
  ctx.jobs.register({
    name: 'account notices',
    everyMs: 2_000,
    run: () => deliverDueAccountNotices(ctx),
  });
  ctx.jobs.register({
    name: 'sign-in records sweep',
    everyMs: 10 * 60_000,
    run: () => sweepAuthRecords(ctx),
  });
  if (
    rateLimits instanceof PersistedRateLimitStore ||
    rateLimits instanceof FailoverRateLimitStore
  ) {
    ctx.jobs.register({
      name: 'rate-limit persistence',
      everyMs: 1_000,
      run: () => rateLimits.flush(),
      runsOn: 'every-process',
    });
  }
  ctx.jobs.register({
    name: 'request log retention',
    everyMs: 60 * 60_000,
    run: () => sweepRequestLog(ctx),
  });
  ctx.jobs.register({ name: 'usage retention', everyMs: 60 * 60_000, run: () => sweepUsage(ctx) });
  if (db.kind === 'pglite') ctx.jobs.register(embeddedMaintenanceJob(db));
  // Document files of an older version move into the database before the first request: copied
  // on PostgreSQL (older processes may still read the folder), moved on the embedded database
  // (this process holds its folder alone). One readdir when there are none (issue 31.3). A folder
  // that cannot be read does not stop the start: logged, and `npm run documents:migrate` says why.
  app.addHook('onReady', async () => {
    await moveDocumentFiles(ctx, { removeFiles: db.kind === 'pglite', log: app.log }).catch(
      (error) => app.log.error({ err: error }, 'documents: the files of DOCUMENTS_DIR not moved'),
    );
  });
  if (options.runBackgroundJobs ?? true) app.addHook('onReady', async () => ctx.jobs.start());
  app.addHook('onClose', async () => {
    await ctx.jobs.stop();
    await ctx.requestLog.close();
    await flushTrustedIpUsage(ctx).catch(() => {});
    await ctx.invalidation.close();
    await ctx.reads?.close();
    await ctx.rateLimits
      .close()
      .catch((error) => app.log.error({ err: error }, 'rate limits not saved'));
    await ctx.mail?.close();
    await ctx.sms?.close();
    await redis?.close();
  });
  return { app, ctx, routes, lifecycle };
}
