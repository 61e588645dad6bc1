/**
 * The retention job's schedule (retention/retention.ts; docs/deploy.md "Retention"): once a minute
 * after the app is ready, then every hour, on every instance (the job's lock lets one of them work
 * at a time). Decorated as `app.retention`; `runNow()` runs it at once (tests, operators). Stops
 * on close, before the database is released.
 */
import path from 'node:path';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { describeError } from '../outbox/jobs';
import { purgeExpiredPersonalData, type RetentionRun } from '../retention/retention';

export const RETENTION_FIRST_RUN_MS = 60_000;
export const RETENTION_EVERY_MS = 60 * 60 * 1000;

declare module 'fastify' {
  interface FastifyInstance {
    retention: { runNow(): Promise<RetentionRun> };
  }
}

export interface RetentionOptions {
  config: Config;
  /** epoch ms */
  clock: () => number;
  /** false: nothing runs by itself; call app.retention.runNow() (tests) */
  autoStart?: boolean;
}

export const retentionPlugin = fp<RetentionOptions>(
  async (app, { config, clock, autoStart }) => {
    const mailDir = path.join(config.varDir, 'outbox');
    let running: Promise<RetentionRun> | null = null;
    const runNow = (): Promise<RetentionRun> => {
      running ??= purgeExpiredPersonalData(app.db, clock(), mailDir).finally(() => {
        running = null;
      });
      return running;
    };
    app.decorate('retention', { runNow });

    let timer: NodeJS.Timeout | null = null;
    const schedule = (delay: number) => {
      timer = setTimeout(() => {
        runNow()
          .then((run) => {
            // counts only: never what was deleted
            if (run.ran)
              app.log.info({ retention: { ...run.counts, mailFiles: run.mailFiles } }, 'retention: expired personal data deleted');
          })
          .catch((error: unknown) => app.log.error({ err: describeError(error) }, 'retention: the job failed; it runs again in an hour'))
          .finally(() => {
            if (timer) schedule(RETENTION_EVERY_MS);
          });
      }, delay);
      timer.unref();
    };
    if (autoStart !== false) app.addHook('onReady', async () => schedule(RETENTION_FIRST_RUN_MS));
    app.addHook('onClose', async () => {
      if (timer) clearTimeout(timer);
      timer = null;
      await running?.catch(() => undefined);
    });
  },
  { name: 'copytech-retention', dependencies: ['copytech-database'] },
);
