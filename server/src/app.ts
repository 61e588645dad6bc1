/**
 * buildApp(): the Fastify application, one encapsulated plugin per concern. listen() lives in
 * start.ts, so tests build the app and call inject() without a socket.
 *
 * On build: the database is opened and migrated, the seed data loaded (idempotently), the mail
 * transport chosen and the outbox worker started (unless the caller steps it by hand). On close
 * the worker stops, the mail transport closes and the database is released.
 */
import path from 'node:path';
import fastifyCompress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { loadConfig, type Config } from './config';
import { CatalogueRepository } from './catalogue/repository';
import { openDatabase, type Db } from './db/database';
import { seedDatabase } from './db/seed';
import { BROTLI_OPTIONS, COMPRESSION, GZIP_OPTIONS } from './http/compression';
import { installErrorHandling, installFiniteQueryNumbers, installNotFound } from './http/errors';
import { installJsonBodyParser } from './http/jsonBody';
import { installSecurity } from './http/security';
import { ProductImages } from './images/productImages';
import { createFileSender, createSmtpSender } from './mail/transport';
import { enquiryApiForwarder, mauticForwarder } from './outbox/forwarders';
import { OutboxWorker, type Deliverers } from './outbox/outbox';
import { captchaPlugin } from './plugins/captcha';
import { cataloguePlugin } from './plugins/catalogue';
import { contentPlugin } from './plugins/content';
import { enquiriesPlugin } from './plugins/enquiries';
import { healthPlugin } from './plugins/health';
import { imagesPlugin } from './plugins/images';
import { newsletterPlugin } from './plugins/newsletter';
import { quotePlugin } from './plugins/quote';
import { remotesPlugin } from './plugins/remotes';
import { reportPlugin } from './plugins/report';

export { loadConfig };
export type { Config };

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    outbox: OutboxWorker;
    catalogue: CatalogueRepository;
  }
}

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
            ...(typeof options.logger === 'object' ? { stream: options.logger.stream } : {}),
          },
    bodyLimit: 64 * 1024,
    // A hop count trusts the nearest N proxies, whatever their address.
    trustProxy:
      typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    ajv: { customOptions: { allErrors: true } },
  });

  const db = await openDatabase(config.varDir);
  app.decorate('db', db);
  try {
    const summary = await seedDatabase(db, config.dataDir, new Date(clock()), { prune: config.seedPrune });
    app.log.info({ seed: summary }, 'seed data loaded');
    const { products, pages, posts } = summary;
    if (products.retired || pages.removed || posts.removed) {
      app.log.warn(
        { retired: products.retired, pagesRemoved: pages.removed, postsRemoved: posts.removed, dataDir: config.dataDir },
        'seed pruned what DATA_DIR no longer lists (SEED_PRUNE)',
      );
    }
    if (products.stale || pages.stale || posts.stale) {
      app.log.warn(
        { products: products.stale, pages: pages.stale, posts: posts.stale, dataDir: config.dataDir },
        'the database holds products, pages or posts that DATA_DIR no longer lists; they are kept as they are. Start once with SEED_PRUNE=1 to retire or remove them',
      );
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }

  const mail = config.smtpUrl
    ? createSmtpSender(config.smtpUrl, { maxConnections: config.outbox.smtpMaxConnections, maxMessages: config.outbox.smtpMaxMessages })
    : createFileSender(path.join(config.varDir, 'outbox'));
  if (config.smtpUrl) app.log.info(`mail: sending through ${mail.description}`);
  else app.log.info(`mail: SMTP_URL is not set, so e-mails are written as ${mail.description} instead of being sent`);

  const notConfigured = (what: string) => async () => {
    throw new Error(`${what} is not configured`);
  };
  const deliverers: Deliverers = {
    mail: (message, meta) => mail.send(message, meta),
    'enquiry-api': config.enquiryApi ? enquiryApiForwarder(config.enquiryApi) : notConfigured('ENQUIRY_API_URL'),
    mautic: config.mauticUrl ? mauticForwarder(config.mauticUrl) : notConfigured('MAUTIC_URL'),
  };
  const outbox = new OutboxWorker(db, deliverers, app.log, {
    clock,
    pollMs: options.outbox?.pollMs,
    concurrency: config.outbox.concurrency,
  });
  app.decorate('outbox', outbox);
  const catalogue = new CatalogueRepository(db, clock);
  app.decorate('catalogue', catalogue);

  app.addHook('onClose', async () => {
    await outbox.stop();
    mail.close();
    await db.destroy();
  });

  // Dynamic responses (JSON, the index page) are compressed per request at a cheap level
  // (http/compression.ts); the catalogue's cached answers carry their own compressed forms, and
  // the built site's files their own precompressed copies (see plugins/site.ts).
  await app.register(fastifyCompress, {
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION.threshold,
    brotliOptions: BROTLI_OPTIONS,
    zlibOptions: GZIP_OPTIONS,
  });

  installErrorHandling(app);
  installJsonBodyParser(app);
  installFiniteQueryNumbers(app);
  await installSecurity(app, config);
  // API answers are data for the site's pages, never pages to index (see site/sitemap.ts).
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/')) reply.header('X-Robots-Tag', 'noindex');
  });

  const writeDeps = { db, outbox, config, clock };
  const images = new ProductImages(
    path.join(config.dataDir, 'images'),
    path.join(config.varDir, 'image-cache'),
    (brand, model) => catalogue.kindBySlugs(brand, model),
    (message) => app.log.warn(message),
  );
  await images.probeCache();
  await app.register(healthPlugin, { db, config, images, clock });
  await app.register(cataloguePlugin, { catalogue });
  await app.register(contentPlugin, { db });
  await app.register(quotePlugin, writeDeps);
  await app.register(enquiriesPlugin, writeDeps);
  await app.register(newsletterPlugin, writeDeps);
  await app.register(captchaPlugin, writeDeps);
  await app.register(reportPlugin, writeDeps);
  await app.register(imagesPlugin, { images });
  await app.register(remotesPlugin, { config });
  if (config.serveSite) {
    // Loaded only when the site is served (API-only runs and most tests never load @fastify/static).
    const { sitePlugin } = await import('./plugins/site');
    await app.register(sitePlugin, { config });
  } else installNotFound(app);

  if (options.outbox?.autoStart !== false) app.addHook('onReady', async () => outbox.start());
  return app;
}
