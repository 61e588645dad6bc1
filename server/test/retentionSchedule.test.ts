/**
 * The retention job's schedule (server/src/plugins/retention.ts; docs/deploy.md "Retention"): the
 * first run a minute after the app is ready, then every hour for as long as it runs, a failed run
 * not ending the schedule, counts logged and nothing else, one run at a time, and nothing after
 * close. The job itself is replaced by a recording one (its deletes are server/test/retention.test.ts's).
 */
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../src/config';
import { RETENTION_EVERY_MS, RETENTION_FIRST_RUN_MS, retentionPlugin } from '../src/plugins/retention';
import { purgeExpiredPersonalData, type RetentionRun } from '../src/retention/retention';
import { linesLog, manualClock } from './testBasics';

jest.mock('../src/retention/retention', () => ({ purgeExpiredPersonalData: jest.fn() }));
const purge = purgeExpiredPersonalData as jest.MockedFunction<typeof purgeExpiredPersonalData>;

const COUNTS = { quotes: 2, savingsReports: 0, enquiries: 1, serviceRequests: 0, newsletterSignups: 0, deliveryCopies: 3, expiredKeys: 0 };
const ran = (mailFiles = 1): RetentionRun => ({ ran: true, counts: COUNTS, mailFiles });
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let app: FastifyInstance | null = null;
let lines: string[];
const clock = manualClock();

/** An app with the schedule and a stand-in for the database plugin it depends on. */
async function scheduled(autoStart?: boolean): Promise<FastifyInstance> {
  lines = [];
  const log = linesLog(lines);
  app = Fastify({ loggerInstance: log as unknown as FastifyBaseLogger });
  await app.register(fp(async (instance) => void instance.decorate('db', {} as never), { name: 'copytech-database' }));
  await app.register(retentionPlugin, { config: { varDir: '/var/copytech' } as Config, clock, autoStart });
  await app.ready();
  return app;
}

/** Moves the fake clock of timers by `ms` and lets the promises the timers started settle. */
async function pass(ms: number) {
  await jest.advanceTimersByTimeAsync(ms);
}

beforeEach(() => {
  // Fastify starts with setImmediate and nextTick; only the schedule's setTimeout is the fake clock's.
  jest.useFakeTimers({ doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  purge.mockReset();
  purge.mockResolvedValue(ran());
});
afterEach(async () => {
  await app?.close();
  app = null;
  jest.useRealTimers();
});

describe('the retention schedule', () => {
  it('runs first a minute after the app is ready, then every hour, for as long as the app runs', async () => {
    await scheduled();
    await pass(RETENTION_FIRST_RUN_MS - 1);
    expect(purge).not.toHaveBeenCalled();
    await pass(1);
    expect(purge).toHaveBeenCalledTimes(1);
    expect(purge).toHaveBeenLastCalledWith(expect.anything(), clock(), '/var/copytech/outbox');
    for (let hour = 1; hour <= 5; hour++) {
      await pass(RETENTION_EVERY_MS - 1);
      expect(purge).toHaveBeenCalledTimes(hour);
      await pass(1);
      expect(purge).toHaveBeenCalledTimes(hour + 1);
    }
    expect([RETENTION_FIRST_RUN_MS, RETENTION_EVERY_MS]).toEqual([MINUTE, HOUR]);
  });

  it('logs what each run deleted as counts only, and nothing for a turn another instance took', async () => {
    purge.mockResolvedValueOnce(ran(4)).mockResolvedValueOnce({ ran: false, counts: COUNTS, mailFiles: 0 });
    await scheduled();
    await pass(MINUTE);
    const logged = lines.map((line) => JSON.parse(line) as { level: number; msg: string; retention?: object });
    expect(logged.filter((line) => line.msg?.startsWith('retention'))).toEqual([
      { level: 30, msg: 'retention: expired personal data deleted', retention: { ...COUNTS, mailFiles: 4 } },
    ]);
    await pass(HOUR);
    expect(purge).toHaveBeenCalledTimes(2);
    expect(lines.filter((line) => line.includes('retention:'))).toHaveLength(1);
  });

  it('goes on every hour after a run fails, and says so', async () => {
    purge.mockRejectedValueOnce(new Error('database is away')).mockRejectedValueOnce(new Error('database is away'));
    await scheduled();
    await pass(MINUTE);
    await pass(HOUR);
    await pass(HOUR);
    expect(purge).toHaveBeenCalledTimes(3);
    const failures = lines.filter((line) => line.includes('the job failed'));
    expect(failures).toHaveLength(2);
    // What failed, without the job's data: describeError's one line.
    expect(JSON.parse(failures[0]!)).toEqual({
      level: 50,
      err: 'database is away',
      msg: 'retention: the job failed; it runs again in an hour',
    });
    expect(lines.filter((line) => line.includes('expired personal data deleted'))).toHaveLength(1);
  });

  it('runs nothing by itself when told not to start, and runs at once when asked', async () => {
    const started = await scheduled(false);
    await pass(2 * HOUR);
    expect(purge).not.toHaveBeenCalled();
    await expect(started.retention.runNow()).resolves.toEqual(ran());
    expect(purge).toHaveBeenCalledTimes(1);
  });

  it('runs once for calls that come while a run is going on, and again after it', async () => {
    let finish: (run: RetentionRun) => void = () => undefined;
    purge.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const started = await scheduled(false);
    const first = started.retention.runNow();
    const second = started.retention.runNow();
    expect(purge).toHaveBeenCalledTimes(1);
    finish(ran(7));
    await expect(Promise.all([first, second])).resolves.toEqual([ran(7), ran(7)]);
    await started.retention.runNow();
    expect(purge).toHaveBeenCalledTimes(2);
  });

  it('runs nothing after the app closes between two runs', async () => {
    const started = await scheduled();
    await pass(MINUTE);
    expect(purge).toHaveBeenCalledTimes(1);
    await started.close();
    app = null;
    await pass(3 * HOUR);
    expect(purge).toHaveBeenCalledTimes(1);
  });

  it('closes only once a run going on has ended, and schedules none after it', async () => {
    let finished = false;
    purge.mockImplementationOnce(() => new Promise((resolve) => setTimeout(() => ((finished = true), resolve(ran())), 5_000)));
    const started = await scheduled();
    await pass(MINUTE);
    expect(purge).toHaveBeenCalledTimes(1);
    let closed = false;
    const closing = started.close().then(() => (closed = true));
    await pass(4_000);
    expect(closed).toBe(false);
    await pass(1_000);
    await closing;
    expect(finished).toBe(true);
    app = null;
    await pass(3 * HOUR);
    expect(purge).toHaveBeenCalledTimes(1);
  });
});
