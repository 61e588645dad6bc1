/**
 * Production topology on one machine (docs/deploy.md "The topology test"): two instances of the
 * built server on one PostgreSQL and one Redis, the checker remote served by another origin (a
 * versioned folder, as on a CDN), an SMTP receiver and a load balancer probing readiness. The
 * figures of each step are printed, and written to test-results/topology.json.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { expect, test } from '@playwright/test';
import pg from 'pg';
import { leaseAnswers } from '../../server/test/fixtures/leaseAnswers';
import { REPO_ROOT, startServer, type RunningServer } from '../support/server';
import { startBalancer, startSmtpReceiver, startStaticOrigin } from './receivers';
import { startPostgres, startRedis, waitFor, type Service } from './services';

const RATE_LIMIT = 6;
const QUOTES = 200;
const CONTACT = { firstName: 'Jo', lastName: 'Bloggs', phoneNumber: '0116 496 0123', postcode: 'LE19 1WX' };
const figures: Record<string, unknown> = {};

let postgres: Service;
let redis: Service;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let origin: Awaited<ReturnType<typeof startStaticOrigin>>;
let env: Record<string, string>;
let a: RunningServer;
let b: RunningServer;
let productIds: string[];

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  [postgres, redis] = await Promise.all([startPostgres(), startRedis()]);
  smtp = await startSmtpReceiver(20);
  origin = await startStaticOrigin('checker', 'release-1', path.join(REPO_ROOT, 'mfe-checker', 'dist'));
  env = {
    DATABASE_URL: postgres.url,
    REDIS_URL: redis.url,
    ALTCHA_HMAC_KEY: randomBytes(32).toString('hex'),
    SMTP_URL: smtp.url,
    REMOTE_CHECKER_URL: origin.manifestUrl,
    RATE_LIMIT_QUOTE_PER_MINUTE: '100000',
    RATE_LIMIT_FORMS_PER_MINUTE: String(RATE_LIMIT),
    OUTBOX_LEASE_MS: '3000',
    DRAIN_DELAY_MS: '1000',
    SHUTDOWN_TIMEOUT_MS: '20000',
    RENDER_PROCESSES: '1',
  };
  // Both at once: their migrations and seeds meet on the same empty database.
  [a, b] = await Promise.all([startServer(env), startServer(env)]);
  const featured = (await (await fetch(`${a.url}/api/featured-printers?limit=4&offset=0`)).json()) as {
    results: Array<{ modelId: string }>;
  };
  productIds = featured.results.map((product) => product.modelId);
  expect(productIds.length).toBeGreaterThan(0);
});

test.afterAll(async () => {
  await Promise.allSettled([a?.stop(), b?.stop()]);
  await Promise.allSettled([smtp?.stop(), origin?.stop(), redis?.stop(), postgres?.stop()]);
  mkdirSync(path.join(__dirname, '..', 'test-results'), { recursive: true });
  writeFileSync(path.join(__dirname, '..', 'test-results', 'topology.json'), JSON.stringify(figures, null, 2));
  console.log('topology figures:', JSON.stringify(figures));
});

test('the site works through either instance, with the checker from the other origin', async ({ page }) => {
  for (const instance of [a, b]) {
    const remotes = (await (await fetch(`${instance.url}/remotes.json`)).json()) as { remotes: Record<string, string> };
    expect(remotes.remotes.checker).toBe(origin.manifestUrl);
    // Rendered on the server with the checker's server build, which came from the origin too. The
    // first answers may be cut at the render budget (400 ms) while a render process loads that
    // build on a busy machine, and are then completed in the browser; they are 200 all the same.
    await expect
      .poll(
        async () => {
          const response = await fetch(`${instance.url}/discover-print-savings`);
          expect(response.status).toBe(200);
          return (await response.text()).includes('Discover your print savings</h1>');
        },
        { timeout: 15_000, message: `the checker server-rendered by ${instance.url}` },
      )
      .toBe(true);
  }
  expect(origin.served.some((file) => file.startsWith('server/'))).toBe(true);

  const fromOrigin: string[] = [];
  const errors: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(origin.origin)) fromOrigin.push(request.url());
  });
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${b.url}/discover-print-savings`);
  await page.locator('[data-remote="checker"][data-live]').waitFor({ state: 'attached', timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Discover your print savings' })).toBeVisible();
  expect(fromOrigin.some((url) => url.endsWith('.js'))).toBe(true);
  expect(errors).toEqual([]);
  figures.remoteOrigin = {
    checkerFilesFromOrigin: fromOrigin.length,
    serverBuildFilesFromOrigin: origin.served.filter((f) => f.startsWith('server/')).length,
  };
});

test(`a limit of ${RATE_LIMIT} sign-ups a minute is ${RATE_LIMIT} across both instances`, async () => {
  const statuses: number[] = [];
  for (let i = 0; i < RATE_LIMIT * 2; i += 1) {
    const body = new FormData();
    body.append('mauticform[email]', `topology-${i}-${Date.now()}@example.co.uk`);
    body.append('mauticform[formId]', '1');
    body.append('mauticform[formName]', 'newsletter');
    const response = await fetch(`${(i % 2 ? b : a).url}/api/newsletter`, {
      method: 'POST',
      body,
      headers: { Accept: 'application/json' },
    });
    statuses.push(response.status);
  }
  const limited = statuses.filter((status) => status === 429).length;
  figures.rateLimit = { limit: RATE_LIMIT, sent: statuses.length, accepted: statuses.length - limited, limited };
  expect(statuses.slice(0, RATE_LIMIT).every((status) => status < 300)).toBe(true);
  expect(limited).toBe(RATE_LIMIT);
});

test('a human check issued by one instance verifies on the other, once', async () => {
  const challenge = (await (await fetch(`${a.url}/api/captcha/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
  const report = (url: string) =>
    fetch(`${url}/api/report`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        answers: leaseAnswers(),
        contactDetails: { ...CONTACT, email: 'topology.report@example.co.uk' },
        captcha,
      }),
    });
  const onB = await report(b.url);
  const againOnA = await report(a.url);
  figures.humanCheck = { issuedBy: 'a', firstUseOn: 'b', firstStatus: onB.status, replayOn: 'a', replayStatus: againOnA.status };
  expect(onB.status).toBe(201);
  expect(againOnA.status).toBe(400);
});

/** One quote, retried once on another instance with the same Idempotency-Key when no answer came. */
async function sendQuote(i: number, first: string, fallback: () => string): Promise<string | null> {
  const key = randomUUID();
  const body = JSON.stringify({
    productIds: [productIds[i % productIds.length]],
    contactDetails: { ...CONTACT, email: `topology-quote-${i}@example.co.uk` },
    eventType: 'QUOTE',
    utm: {},
  });
  for (const url of [first, fallback()]) {
    try {
      const response = await fetch(`${url}/api/quote`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Idempotency-Key': key },
        body,
        signal: AbortSignal.timeout(15_000),
      });
      if (response.status === 201) return ((await response.json()) as { reference: string }).reference;
      if (response.status < 500) return null;
    } catch {
      /* no answer: the visitor's Retry goes through the load balancer, here the other instance */
    }
  }
  return null;
}

/** Outbox rows under a worker's lease now, by worker. */
async function leasesNow(): Promise<Record<string, number>> {
  const rows = await query<{ claimed_by: string; n: string }>(
    `select claimed_by, count(*) as n from outbox where status = 'pending' and claimed_by is not null group by claimed_by`,
  );
  return Object.fromEntries(rows.map((row) => [row.claimed_by, Number(row.n)]));
}

async function query<R>(text: string): Promise<R[]> {
  const client = new pg.Client({ connectionString: postgres.url });
  await client.connect();
  try {
    return (await client.query(text)).rows as R[];
  } finally {
    await client.end();
  }
}

/**
 * Each acknowledged reference's mails: whether both arrived (the visitor's and the sales
 * notification), and how many messages arrived more than once. A message sent again after a
 * crash carries the same Message-ID (the outbox row's), so a mailbox shows it once: the test
 * requires one Message-ID per mail, and counts the copies of each.
 */
function mailsOf(references: string[]) {
  const byId = new Map<string, number>();
  for (const mail of smtp.mails) byId.set(mail.messageId, (byId.get(mail.messageId) ?? 0) + 1);
  const idsOf = (subject: (m: { subject: string }) => boolean) => new Set(smtp.mails.filter(subject).map((m) => m.messageId));
  let delivered = 0;
  let mailsWithTwoIds = 0;
  for (const ref of references) {
    const visitor = idsOf((m) => m.subject === `Your Copytech quote ${ref}`);
    const sales = idsOf((m) => m.subject.startsWith(`New quote request ${ref}:`));
    if (visitor.size > 0 && sales.size > 0) delivered += 1;
    mailsWithTwoIds += (visitor.size > 1 ? 1 : 0) + (sales.size > 1 ? 1 : 0);
  }
  const copiesResent = [...byId.values()].reduce((sum, n) => sum + n - 1, 0);
  return { delivered, mailsWithTwoIds, copiesResent };
}

test(`${QUOTES} quotes over both instances, one killed with SIGKILL midway: every acknowledged quote's mails arrive once`, async () => {
  const acknowledged: string[] = [];
  let killed = false;
  let leasesAtKill: Record<string, number> = {};
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < QUOTES; i = next++) {
      const first = i % 2 === 0 && !killed ? a.url : b.url;
      const reference = await sendQuote(i, first, () => b.url);
      if (reference) acknowledged.push(reference);
      if (!killed && acknowledged.length >= QUOTES / 2) {
        killed = true;
        a.process.kill('SIGKILL');
        leasesAtKill = await leasesNow();
      }
    }
  };
  await Promise.all(Array.from({ length: 10 }, worker));
  expect(killed).toBe(true);
  await waitFor(() => mailsOf(acknowledged).delivered === acknowledged.length, 120_000, 'every acknowledged quote to be mailed');
  await new Promise((resolve) => setTimeout(resolve, 2000)); // a late duplicate would arrive now
  const mails = mailsOf(acknowledged);
  const stillPending = Number((await query<{ n: string }>(`select count(*) as n from outbox where status <> 'sent'`))[0]!.n);
  figures.quotes = { sent: QUOTES, acknowledged: acknowledged.length, ...mails, leasesAtKill, outboxRowsNotSent: stillPending };
  expect(acknowledged.length).toBe(QUOTES);
  expect(mails.delivered).toBe(acknowledged.length);
  expect(mails.mailsWithTwoIds).toBe(0);
  expect(stillPending).toBe(0);
});

test('an instance given SIGTERM drains: no request through the load balancer fails, and it exits 0', async () => {
  const c = await startServer(env);
  const balancer = await startBalancer([b.url, c.url], 100);
  const outcomes = { ok: 0, failed: 0, quotes: [] as string[] };
  let running = true;
  const load = async (n: number) => {
    for (let i = 0; running; i += 1) {
      if (i % 3 === 0) {
        const reference = await sendQuote(100_000 + n * 10_000 + i, balancer.url, () => balancer.url).catch(() => null);
        if (reference) {
          outcomes.ok += 1;
          outcomes.quotes.push(reference);
        } else outcomes.failed += 1;
        continue;
      }
      const response = await fetch(
        `${balancer.url}${i % 3 === 1 ? '/printers/multifunctionals' : '/api/featured-printers?limit=4&offset=0'}`,
      ).catch(() => null);
      if (response?.ok) outcomes.ok += 1;
      else outcomes.failed += 1;
      await response?.arrayBuffer();
    }
  };
  const loads = Array.from({ length: 4 }, (_, n) => load(n));
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const signalled = Date.now();
  const exited = new Promise<number | string>((resolve) => c.process.once('exit', (code, signal) => resolve(code ?? signal ?? 'unknown')));
  c.process.kill('SIGTERM');
  const exit = await exited;
  const drainedInMs = Date.now() - signalled;
  await new Promise((resolve) => setTimeout(resolve, 1000));
  running = false;
  await Promise.all(loads);
  await balancer.stop();
  await waitFor(
    () => mailsOf(outcomes.quotes).delivered === outcomes.quotes.length,
    60_000,
    'the quotes sent during the drain to be mailed',
  );
  figures.drain = {
    requests: outcomes.ok + outcomes.failed,
    failed: outcomes.failed,
    quotesDuringDrain: outcomes.quotes.length,
    exitCode: exit,
    drainedInMs,
  };
  expect(outcomes.failed).toBe(0);
  expect(exit).toBe(0);
});
