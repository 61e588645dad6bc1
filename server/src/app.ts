/**
 * buildApp(): the Fastify application in Fastify's layout: plugins/ holds the infrastructure every
 * route shares (the database and the catalogue's repository, mail and the outbox, the HTTP
 * handling), registered with fastify-plugin; routes/ holds one encapsulated plugin per route group,
 * its body schemas beside it. listen() lives in start.ts, so tests build the app and call inject()
 * without a socket.
 *
 * On build: the database is opened and migrated, the seed data loaded (idempotently), the mail
 * transport chosen and the outbox worker started when the app is ready (unless the caller steps it
 * by hand). On close the worker stops, the mail transport and Redis close and the database is
 * released; start.ts drains the app this way on SIGTERM (plugins/lifecycle.ts).
 */
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { installNotFound } from './http/errors';
import { ProductImages } from './features/catalogue/images/productImages';
import { withShownImages } from './features/catalogue/images/shownImages';
import { databasePlugin } from './plugins/database';
import { httpPlugin } from './plugins/http';
import { lifecyclePlugin } from './plugins/lifecycle';
import { outboxPlugin } from './plugins/outbox';
import { releasesPlugin, type ReleasesOptions } from './features/releases/releasesPlugin';
import { retentionPlugin } from './plugins/retention';
import { termsPlugin } from './plugins/terms';
import { captchaPlugin } from './captcha/captchaRoutes';
import { cataloguePlugin } from './features/catalogue/catalogueRoutes';
import { contentPlugin } from './features/content/contentRoutes';
import { enquiriesPlugin } from './features/enquiries/enquiryRoutes';
import { healthPlugin } from './health/healthRoutes';
import { imagesPlugin } from './features/catalogue/images/imageRoutes';
import { newsletterPlugin } from './features/newsletter/newsletterRoutes';
import { quotePlugin } from './features/quote/quoteRoutes';
import { previewPlugin } from './features/releases/previewRoutes';
import { releaseBeaconPlugin } from './features/releases/beaconRoutes';
import { releasesRoutes } from './features/releases/releasesRoutes';
import { remotesPlugin } from './features/releases/remotesRoutes';
import { reportPlugin } from './features/report/reportRoutes';
import { searchPlugin } from './features/catalogue/search/searchRoutes';
import { redactSearchTerms } from './http/logRedaction';
import { SearchEngine } from './features/catalogue/search/engine';
import { productFromRow } from './features/catalogue/productRecord';
import type { Db } from './db/database';
import type { SitemapSources } from './pages/sitemap';

export { loadConfig };
export type { Config };

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
  releases?: Pick<ReleasesOptions, 'gate' | 'autoStart'>;
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

export async function buildApp(options: BuildOptions = {}): Promise<FastifyInstance> {
  const config = options.config ?? loadConfig();
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers.cookie', 'req.headers["x-api-key"]'],
            serializers: { req: requestForLog },
            ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
          },
    bodyLimit: 64 * 1024,
    // A hop count trusts the nearest N proxies, whatever their address.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    ajv: { customOptions: { allErrors: true } },
  });

  // Infrastructure (plugins/): decorations and hooks every route shares.
  await app.register(lifecyclePlugin);
  await app.register(databasePlugin, { config, clock });
  await app.register(termsPlugin, { dataDir: config.dataDir });
  await app.register(outboxPlugin, { config, clock, autoStart: options.outbox?.autoStart, pollMs: options.outbox?.pollMs });
  await app.register(retentionPlugin, { config, clock, autoStart: options.retention?.autoStart });
  await app.register(httpPlugin, { config });
  await app.register(releasesPlugin, { config, clock, ...options.releases });
  app.decorate('sitemap', sitemapSources(app.db));

  // Routes (routes/), each group in its own encapsulated plugin.
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
  await app.register(contentPlugin, { db: app.db, fill: app.terms.fill });
  await app.register(quotePlugin, writeDeps);
  await app.register(enquiriesPlugin, writeDeps);
  await app.register(newsletterPlugin, writeDeps);
  await app.register(captchaPlugin, writeDeps);
  await app.register(reportPlugin, writeDeps);
  await app.register(imagesPlugin, { images });
  await app.register(remotesPlugin, { config });
  await app.register(releasesRoutes, { config, clock });
  await app.register(previewPlugin);
  await app.register(releaseBeaconPlugin);
  if (config.serveSite) {
    // Loaded only when the site is served (API-only runs and most tests never load @fastify/static).
    const { sitePlugin } = await import('./pages/siteRoutes');
    await app.register(sitePlugin, { config, releases: app.releases });
  } else installNotFound(app);
  return app;
}

/** The sitemap's rows (pages/sitemap.ts) from the content and catalogue tables. */
function sitemapSources(db: Db): SitemapSources {
  return {
    contentPages: async () => {
      const rows = await db.selectFrom('pages').select(['slug', 'kind', 'data', 'updated_at']).orderBy('slug').execute();
      return rows.map((row) => ({
        slug: row.slug,
        kind: row.kind,
        metaUrl: (JSON.parse(row.data) as { meta?: { url?: string } }).meta?.url ?? null,
        updatedAt: row.updated_at,
      }));
    },
    blogPosts: async () => {
      const rows = await db
        .selectFrom('blog_posts')
        .select(['slug', 'published_at'])
        .orderBy('published_at', 'desc')
        .orderBy('slug')
        .execute();
      return rows.map((row) => ({ slug: row.slug, publishedAt: row.published_at }));
    },
    activeProducts: async () => {
      const rows = await db
        .selectFrom('products')
        .where('is_active', '=', 1)
        .select(['data', 'is_active', 'updated_at'])
        .orderBy('model_id')
        .execute();
      return rows.map((row) => ({ product: productFromRow(row), updatedAt: row.updated_at }));
    },
  };
}
