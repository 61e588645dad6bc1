/**
 * Mail and the outbox: the mail transport (SMTP when SMTP_URL is set, else .eml files in
 * VAR_DIR/outbox/), the forwarders, and the outbox worker that delivers what the writes committed
 * (docs/architecture.md; server/README.md "Outbox"), decorated as `app.outbox`. The worker starts
 * when the app is ready, unless the caller steps it by hand; on close it stops and the transport
 * closes, before the database is released.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createFileSender, createSmtpSender } from '../mail/transport';
import { enquiryApiForwarder, mauticForwarder } from '../outbox/forwarders';
import { OutboxWorker, type Deliverers } from '../outbox/outbox';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

export interface OutboxOptions {
  config: Config;
  /** epoch ms */
  clock: () => number;
  /** false: the worker does not run by itself; call app.outbox.runDue() (tests) */
  autoStart?: boolean;
  pollMs?: number;
}

export const outboxPlugin = fp<OutboxOptions>(
  async (app, { config, clock, autoStart, pollMs }) => {
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
    const { outboxDeliveries, outboxFailures, outboxSendDuration } = app.metrics;
    const outbox = new OutboxWorker(app.db, deliverers, app.log, {
      clock,
      pollMs,
      concurrency: config.outbox.concurrency,
      onAttempt: (kind, sent, seconds) => {
        (sent ? outboxDeliveries : outboxFailures).inc({ kind });
        outboxSendDuration.observe({ kind }, seconds);
      },
    });
    app.decorate('outbox', outbox);
    app.addHook('onClose', async () => {
      await outbox.stop({ releaseClaims: true });
      mail.close();
    });
    if (autoStart !== false) app.addHook('onReady', async () => outbox.start());
  },
  { name: 'copytech-outbox', dependencies: ['copytech-database', 'metrics'] },
);
