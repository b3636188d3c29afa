import { createDbClient, createLiveFeed, type DbClient, type LiveFeed } from '@doppel/db';
import type { Mailer } from '@doppel/domain/ports';
import { embedOriginsOf } from '@doppel/domain/talent';
import {
  createCrisisCheck,
  createDeclaredAgeVerification,
  createDevOutboxMailer,
  createDocumentReader,
  createErrorReporter,
  createFileStorage,
  createSharpImages,
  createSmtpMailer,
  createTelegramBotApi,
  createWebPush,
  fileStorageConfig,
} from '@doppel/integrations';
import { createBoss, ensureQueues } from '@doppel/jobs';
import { asLogger, createPinoLogger } from '@doppel/logging';
import { maxCallsPerBatch } from '@doppel/validation';
import fastifyCookie from '@fastify/cookie';
import { type FastifyTRPCPluginOptions, fastifyTRPCPlugin } from '@trpc/server/adapters/fastify';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Env } from './env.ts';
import { quietWhileDatabaseDown, watchApiDatabase } from './errors/database-outage-log.ts';
import { logSerializers } from './errors/log-serializers.ts';
import { trpcErrorLogger } from './errors/report.ts';
import { sendTrpcAnswersWhole } from './http/buffered-responses.ts';
import { registerDataExportDownload } from './http/data-export.ts';
import { registerEmbedLoader } from './http/embed.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerFileServing, registerUploadRoute } from './http/files.ts';
import { registerHealth } from './http/health.ts';
import { registerMediaRoutes } from './http/media.ts';
import { createApiMetrics, registerMetrics } from './http/metrics.ts';
import { registerOAuthRoutes } from './http/oauth.ts';
import { registerPaymentWebhooks } from './http/payment-webhooks.ts';
import { publicPages } from './http/public-pages.ts';
import { echoRequestId, requestIdOf, traceJobsToRequest } from './http/request-id.ts';
import { registerSecurityHeaders } from './http/security-headers.ts';
import { registerTelegramWebhook } from './http/telegram-webhook.ts';
import { registerWebApp } from './http/web-app.ts';
import { liveSessionIds } from './live/live-sessions.ts';
import { createLiveStreams, type LiveStreams } from './live/live-streams.ts';
import { modelSettingsOf } from './models/model-settings.ts';
import { cardPaymentsMode, cardPaymentsNotice } from './payments/card-mode.ts';
import { createPayoutProviders } from './payments/payout-providers.ts';
import { createPaymentProviders } from './payments/providers.ts';
import { createContext, writerFor } from './trpc/context.ts';
import { type AppRouter, appRouter } from './trpc/router.ts';
import { createSessionCache, type SessionCache } from './trpc/session-cache.ts';

export type ApiServer = {
  app: FastifyInstance;
  feed: LiveFeed;
  /** The open live streams: tests end sessions elsewhere and ask for the re-check. */
  liveStreams: LiveStreams;
  /** Sessions resolved lately: tests end sessions elsewhere (the database, another process) and forget them here. */
  sessionCache: SessionCache;
  /** Listens on env.HOST:env.PORT (or the given port) and resolves to the base URL. */
  listen: (port?: number) => Promise<string>;
  /** Ends live streams, stops taking requests, finishes those in flight, then closes the database. */
  close: () => Promise<void>;
};

/** How long a stop waits for open connections before cutting them. */
const shutdownGraceMs = 5_000;

/** Largest request body: JSON calls are small; file uploads get their own limit on their route. */
const bodyLimit = 1024 * 1024;

export type BuildServerOptions = {
  /** A database client the caller owns (tests): not closed with the server. */
  db?: DbClient;
  /** The clock behind the use cases that take the current time; the real one unless a test fixes it. */
  now?: () => Date;
};

export async function buildServer(env: Env, options: BuildServerOptions = {}): Promise<ApiServer> {
  // Behind a transaction pooler: no prepared statements, LISTEN past the pooler (docs/deploy.md).
  const connection = { pooler: env.DATABASE_POOLER, ...(env.DATABASE_DIRECT_URL ? { directUrl: env.DATABASE_DIRECT_URL } : {}) };
  // A frozen or locked database fails a call with "temporarily unavailable" instead of holding it.
  const timeouts = {
    statementMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    idleInTransactionMs: env.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
  };
  const client =
    options.db ?? createDbClient(env.DATABASE_URL, { max: 20, applicationName: 'doppel-api', ...connection, timeouts });
  // While the database is down: one line when that begins and one when it ends, not one per failure.
  const outages = watchApiDatabase(client, () => app.log);
  // The one logger of every process (@doppel/logging), requests logged without query strings
  // (errors/log-serializers.ts) and errors without SQL or parameters.
  const loggerInstance: FastifyBaseLogger = createPinoLogger({
    level: env.LOG_LEVEL,
    bindings: { service: 'api' },
    serializers: logSerializers,
    hooks: { logMethod: quietWhileDatabaseDown(outages) },
  });
  const app = Fastify({
    loggerInstance,
    // A sane incoming X-Request-Id or a fresh one, on every log line of the request as `reqId`.
    genReqId: requestIdOf,
    requestIdHeader: false,
    bodyLimit,
    trustProxy: env.TRUST_PROXY,
    // Long-lived SSE streams must not hold shutdown; they end through the shutdown signal first.
    forceCloseConnections: 'idle',
    routerOptions: { maxParamLength: 500 },
  });
  // What is not a request's own line goes through the message-first Logger the packages take.
  const log = asLogger(app.log);
  const feed = createLiveFeed(client, { log: (message, error) => log.error(message, { err: error }) });
  // SMTP when configured; otherwise the development outbox (env.ts refuses that in production unless DEV_OUTBOX=on).
  const mailer: Mailer = env.SMTP_URL
    ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM })
    : createDevOutboxMailer(client.db, (message) => log.info(message));
  const shutdown = new AbortController();
  // Sentry when SENTRY_DSN is set; otherwise the structured log line is the report.
  const errorReporter = await createErrorReporter({
    dsn: env.SENTRY_DSN,
    environment: env.SENTRY_ENVIRONMENT ?? env.NODE_ENV,
    release: env.APP_VERSION,
    service: 'api',
  });
  // Local disk by default; an S3-compatible bucket when S3_BUCKET is set (env.ts refuses half of it).
  const storage = createFileStorage(fileStorageConfig(env.FILES_DIR, env));
  const images = createSharpImages();
  const documents = createDocumentReader();
  const payments = createPaymentProviders(env);
  // The sandbox in production hands out credits for nothing: say so loudly at every start.
  const cardNotice = cardPaymentsNotice(cardPaymentsMode(env), env);
  if (cardNotice) app.log[cardNotice.level](cardNotice.message);
  const payouts = createPayoutProviders(env);
  const modelSettings = modelSettingsOf(env);
  const webPush = createWebPush();
  const telegram = createTelegramBotApi({ apiRoot: env.TELEGRAM_API_ROOT });
  const crisisCheck = createCrisisCheck({
    openAiApiKey: env.OPENAI_API_KEY,
    openAiBaseUrl: env.OPENAI_BASE_URL,
    openAiModeration: env.OPENAI_MODERATION === 'on',
    onError: (error) => log.warn('crisis check: the moderation call failed; the phrase list decided', { err: error }),
  });
  // The fan's own declaration until a provider is configured (docs/safety.md, Age gate).
  const ageVerification = createDeclaredAgeVerification();
  const liveStreams = createLiveStreams({
    liveSessions: (sessionIds) => liveSessionIds(client.db, sessionIds),
    limits: { perSession: env.LIVE_STREAMS_PER_SESSION, perAddress: env.LIVE_STREAMS_PER_ADDRESS },
    log,
  });
  const sessionCache = createSessionCache();
  const metrics = createApiMetrics({ sql: client.sql, liveStreams: () => liveStreams.count(), poolMax: 20, log: app.log });
  // Sends jobs (chat replies) inside the API's own transactions; the worker process runs them.
  // Queues are created here too, so the API can enqueue even before a worker has started.
  const jobs = createBoss(env.DATABASE_URL, {
    role: 'client',
    ...connection,
    timeouts,
    applicationName: 'doppel-api-jobs',
    log,
  });
  await jobs.start();
  await ensureQueues(jobs);

  registerSecurityHeaders(app);
  await app.register(fastifyCookie);
  echoRequestId(app);
  traceJobsToRequest(app);
  registerErrorHandler(app, errorReporter);
  registerMetrics(app, metrics, { token: env.METRICS_TOKEN, production: env.NODE_ENV === 'production' });
  registerHealth(app, client.db, env.APP_VERSION);
  await registerOAuthRoutes(app, { db: client.db, env, sessionCache });

  const trpcOptions = {
    router: appRouter,
    // A bigger batch is refused whole, before any of its calls runs (the web client splits at the same size).
    maxBatchSize: maxCallsPerBatch,
    createContext: ({ req, res, info }) =>
      createContext(
        {
          db: client.db,
          feed,
          mailer,
          env,
          shutdown: shutdown.signal,
          storage,
          images,
          documents,
          jobs,
          payments,
          payouts,
          modelSettings,
          webPush,
          telegram,
          liveStreams,
          metrics,
          crisisCheck,
          ageVerification,
          sessionCache,
          now: options.now ?? (() => new Date()),
        },
        req,
        res,
        info,
      ),
    // Internal failures are logged under their error id and request id, and reported (errors/report.ts).
    onError: trpcErrorLogger(errorReporter),
    // Answers are per caller (a session's data) or state that changes: no browser or proxy keeps one.
    responseMeta: () => ({ headers: { 'cache-control': 'no-store' } }),
  } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'];
  sendTrpcAnswersWhole(app);
  await app.register(fastifyTRPCPlugin, { prefix: '/trpc', trpcOptions });
  // The upload call alone accepts large bodies; stored files are served back at /files/*.
  await registerUploadRoute(app, trpcOptions);
  registerFileServing(app, storage);
  registerMediaRoutes(app, { db: client.db, storage });
  registerDataExportDownload(app, { db: client.db, storage });
  await registerPaymentWebhooks(app, { db: client.db, write: writerFor({ db: client.db, feed }), payments });
  registerTelegramWebhook(app, { db: client.db, write: writerFor({ db: client.db, feed }), jobs });

  registerEmbedLoader(app);
  if (env.WEB_DIST_DIR) {
    await registerWebApp(app, env.WEB_DIST_DIR, publicPages(client.db, env, app.log), (tag) => embedOriginsOf(client.db, tag));
  }

  await feed.start();
  let closing: Promise<void> | undefined;
  return {
    app,
    feed,
    liveStreams,
    sessionCache,
    async listen(port = env.PORT) {
      await app.listen({ port, host: env.HOST });
      const address = app.server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      return `http://localhost:${actual}`;
    },
    close() {
      closing ??= (async () => {
        shutdown.abort();
        liveStreams.stop();
        // Streams end through the shutdown signal and requests in flight finish; a connection still
        // open after the grace (a client that never lets go of a stream) is cut, so stopping ends.
        const cut = setTimeout(() => app.server.closeAllConnections(), shutdownGraceMs);
        await app.close();
        clearTimeout(cut);
        await jobs.stop({ graceful: false });
        await feed.stop();
        await errorReporter.close();
        outages.stop();
        if (!options.db) await client.close();
      })();
      return closing;
    },
  };
}
