/**
 * buildApp(): the composition root, the one file that wires the features into the platform.
 * The platform (plugins/ registered with fastify-plugin: the database, the commercial terms, the
 * outbox, retention, the HTTP handling; and health/, captcha/, pages/) never imports a feature:
 * where it needs one, it declares what it needs and this file passes the feature's part in (the
 * seed parts, the search index after the seed, the stored texts the terms check). Each feature
 * (features/<feature>/, imported through its index.ts) registers its routes as an encapsulated
 * plugin. listen() lives in start.ts, so tests build the app and call inject() without a socket.
 *
 * On build: the database is opened and migrated, the seed data loaded (idempotently), the mail
 * transport chosen and the outbox worker started when the app is ready (unless the caller steps it
 * by hand). On close the worker stops, the mail transport and Redis close and the database is
 * released; start.ts drains the app this way on SIGTERM (plugins/lifecycle.ts).
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import type { SeedPart } from './db/seed';
import { installNotFound } from './http/errors';
import { redactSearchTerms } from './http/logRedaction';
import { redactLine, registerSecretValues, urlSecrets } from './http/secretRedaction';
import { registerServerPaths } from './sandbox/errorText';
import { createInProcessMark } from './http/inProcess';
import { installRequestIds, requestIdOptions } from './http/requestId';
import { databasePlugin } from './plugins/database';
import { httpPlugin } from './plugins/http';
import { lifecyclePlugin } from './plugins/lifecycle';
import { metricsPlugin } from './plugins/metrics';
import { outboxPlugin } from './plugins/outbox';
import { retentionPlugin } from './plugins/retention';
import { termsPlugin } from './plugins/terms';
import { captchaPlugin } from './captcha/captchaRoutes';
import { healthPlugin } from './health/healthRoutes';
import {
  CatalogueRepository,
  ProductImages,
  SearchEngine,
  catalogueSeedPart,
  cataloguePlugin,
  imagesPlugin,
  rebuildSearchIndex,
  searchPlugin,
  withShownImages,
} from './features/catalogue';
import { ContentStore, contentPlugin, pagesSeedPart, postsSeedPart } from './features/content';
import { enquiriesPlugin, enquiryFormPosts } from './features/enquiries';
import { newsletterFormPost, newsletterPlugin } from './features/newsletter';
import { quotePlugin } from './features/quote';
import {
  previewPlugin,
  releaseBeaconPlugin,
  releasesPlugin,
  releasesRoutes,
  remotesPlugin,
  type ReleasesOptions,
} from './features/releases';
import { reportPlugin } from './features/report';

export { loadConfig };
export type { Config };

/** The features' shares of the seed, in the order they are read and written: products, then pages, then posts. */
export const SEED_PARTS: readonly SeedPart[] = [catalogueSeedPart, pagesSeedPart, postsSeedPart];

export interface BuildOptions {
  config?: Config;
  /** false: no logs; a stream: JSON log lines written there (tests read them) */
  logger?: boolean | { stream: NodeJS.WritableStream };
  /** epoch ms for everything time-dependent (quotes, idempotency, outbox backoff); tests move it */
  clock?: () => number;
  outbox?: {
    /** false: the worker does not run by itself; call app.outbox.runDue() (tests) */
    autoStart?: boolean;
    pollMs?: number;
  };
  retention?: {
    /** false: the retention job does not run by itself; call app.retention.runNow() (tests) */
    autoStart?: boolean;
  };
  /** the release registry's gate and timers (tests) */
  releases?: Pick<ReleasesOptions, 'gate' | 'autoStart' | 'resolve'>;
}

/**
 * A request as the log shows it: Fastify's fields, with a preview link's token replaced (it opens
 * a release to whoever holds it until it expires, so it is a credential, not a log detail) and a
 * search's words left out (redactSearchTerms).
 */
function requestForLog(request: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) {
  return {
    method: request.method,
    url: redactSearchTerms(request.url.replace(/([?&]t=)[^&#]*/g, '$1[redacted]')),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/** The values of the configuration that are secrets: no log line may hold them (http/secretRedaction.ts). */
function configuredSecrets(config: Config): string[] {
  return [
    ...urlSecrets(config.database.url),
    ...urlSecrets(config.redisUrl),
    ...urlSecrets(config.smtpUrl),
    ...urlSecrets(config.mauticUrl),
    config.enquiryApi?.key ?? '',
    process.env.ALTCHA_HMAC_KEY ?? '',
  ];
}

/** Fastify's logger: pino at LOG_LEVEL, credentials and search words out of the request, every line through the secret rule. */
function loggerOptions(config: Config, logger: BuildOptions['logger']) {
  if (logger === false) return false;
  return {
    level: config.logLevel,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
    serializers: { req: requestForLog },
    // Every line, whoever wrote it, through the one secret rule (http/secretRedaction.ts).
    hooks: { streamWrite: redactLine },
    ...(typeof logger === 'object' ? { stream: logger.stream } : {}),
  };
}

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  registerSecretValues(configuredSecrets(config));
  registerServerPaths([config.siteRoot, config.varDir, config.dataDir, config.releases.storeDir]);
  const clock = options.clock ?? Date.now;
  const inProcess = createInProcessMark();
  const app = Fastify({
    logger: loggerOptions(config, options.logger),
    bodyLimit: 64 * 1024,
    // A hop count trusts the nearest N proxies, whatever their address.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    ajv: { customOptions: { allErrors: true } },
    ...requestIdOptions(config.trustProxy, inProcess), // X-Request-Id, reqId in every log line (http/requestId.ts)
  });
  installRequestIds(app, inProcess);

  // Infrastructure (plugins/): decorations and hooks every route shares.
  await app.register(metricsPlugin, { clock });
  await app.register(lifecyclePlugin);
  await app.register(databasePlugin, {
    config,
    clock,
    seedParts: SEED_PARTS,
    // site search's index follows what the seed left in the tables
    afterSeed: async (db, log) => log.info({ searchIndex: await rebuildSearchIndex(db) }, 'search index up to date'),
  });
  app.decorate('catalogue', new CatalogueRepository(app.db, clock));
  const content = new ContentStore(app.db);
  await app.register(termsPlugin, { dataDir: config.dataDir, storedTexts: () => content.everyText() });
  await app.register(outboxPlugin, { config, clock, autoStart: options.outbox?.autoStart, pollMs: options.outbox?.pollMs });
  await app.register(retentionPlugin, { config, clock, autoStart: options.retention?.autoStart });
  await app.register(httpPlugin, { config });
  await app.register(releasesPlugin, { config, clock, ...options.releases });
  // The sitemap's rows (pages/sitemap.ts), from the content store and the catalogue.
  app.decorate('sitemap', {
    contentPages: () => content.sitemapPages(),
    blogPosts: () => content.sitemapPosts(),
    activeProducts: () => app.catalogue.sitemapProducts(),
  });

  // The features' routes, each group in its own encapsulated plugin.
  const writeDeps = { db: app.db, outbox: app.outbox, config, clock, terms: app.terms.terms };
  const images = new ProductImages(
    path.join(config.dataDir, 'images'),
    path.join(config.varDir, 'image-cache'),
    (brand, model) => app.catalogue.kindBySlugs(brand, model),
    (message) => app.log.warn(message),
  );
  await images.probeCache();
  // A gallery lists each picture once: only the images that resolve to distinct sources.
  app.catalogue.presentWith((product) => withShownImages(product, images.hasPhoto));
  const health = { sharedRateLimits: app.sharedRateLimits, draining: () => app.lifecycle.draining };
  await app.register(healthPlugin, { db: app.db, config, images, clock, ...health });
  await app.register(cataloguePlugin, { catalogue: app.catalogue });
  await app.register(searchPlugin, { search: new SearchEngine(app.db, app.catalogue, clock), catalogue: app.catalogue });
  await app.register(contentPlugin, { content, fill: app.terms.fill });
  await app.register(quotePlugin, writeDeps);
  await app.register(enquiriesPlugin, writeDeps);
  await app.register(newsletterPlugin, writeDeps);
  await app.register(captchaPlugin, writeDeps);
  await app.register(reportPlugin, writeDeps);
  await app.register(imagesPlugin, { images });
  await app.register(remotesPlugin, { config });
  await app.register(releasesRoutes, { config, clock });
  await app.register(previewPlugin);
  await app.register(releaseBeaconPlugin, { config });
  if (config.serveSite) {
    // Loaded only when the site is served (API-only runs and most tests never load @fastify/static).
    const { sitePlugin } = await import('./pages/siteRoutes');
    // The forms a CMS page may post without JavaScript (pages/formPosts.ts), each its feature's.
    const formPosts = [...enquiryFormPosts(writeDeps), newsletterFormPost(writeDeps)];
    await app.register(sitePlugin, { config, releases: app.releases, formPosts });
  } else installNotFound(app);
  return app;
}
