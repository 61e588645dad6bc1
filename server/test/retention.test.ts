/**
 * The retention job (server/src/retention/retention.ts) on both databases: forms sent through the
 * real endpoints at different times (the app's clock moved by hand), then one run of the job; it
 * must delete exactly the personal data older than the periods of RETENTION (and the outbox rows
 * and mail files that copy it), and leave everything younger as it was.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RETENTION, retentionCutoff } from '@copytech/shared/domain';
import { buildApp } from '../src/app';
import type { SavingsCheckerTables } from '../src/db/savingsCheckerMigration';
import { outboxRowsOf } from '../src/outbox/jobs';
import { C5840I, CONTACT, configOn, manualClock, quoteBody, testApp } from './helpers';
import { databases, postgresDatabase } from './postgres';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T09:00:00Z');
const months24 = retentionCutoff(NOW, RETENTION.quotes);
/** just past every 24-month period; just inside them; inside the 30-day delivery period */
const OLD = months24 - DAY;
const KEPT = months24 + DAY;
const RECENT = NOW - 29 * DAY;

const enquiry = (email: string) => ({
  kind: 'enquiry',
  name: 'Jo Bloggs',
  email,
  phone: '0116 496 0123',
  company: 'Bloggs Ltd',
  message: 'We need two A3 colour machines for our new office.',
  consent: true,
});
const serviceRequest = (email: string) => ({
  kind: 'service-request',
  name: 'Sam Patel',
  email,
  phone: '07700 900123',
  company: 'Patel & Co',
  machine: 'Ricoh IM C3010',
  serialNumber: 'C3010-88421',
  fault: 'Paper jams in tray 2 on every job.',
  urgency: 'machine-down',
});

type Sent = { quote: string; enquiry: string; serviceRequest: string; report: string; email: string };

/** Every form, sent at `at` (and its mail delivered then: the .eml files are dated `at`). */
async function sendAll(app: FastifyInstance, clock: { set(ms: number): void }, at: number, label: string, mailDir: string) {
  clock.set(at);
  const post = async (url: string, payload: object, headers: Record<string, string> = {}) => {
    const res = await app.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json', ...headers } });
    expect(res.statusCode).toBe(201);
    return res.json() as { reference: string };
  };
  const email = `${label}@example.co.uk`;
  const quote = (await post('/api/quote', quoteBody([C5840I], { ...CONTACT, email }), { 'idempotency-key': `retention-${label}` }))
    .reference;
  const enquiryRef = (await post('/api/enquiries/send', enquiry(email))).reference;
  const serviceRef = (await post('/api/enquiries/send', serviceRequest(email))).reference;
  const signup = await app.inject({
    method: 'POST',
    url: '/api/newsletter',
    payload: new URLSearchParams({ 'mauticform[email]': email, 'mauticform[first_name]': 'Jo' }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(signup.statusCode).toBe(201);
  // A savings report needs a solved human check through the API; its rows are written as the route writes them.
  const report = `CT-${label
    .toUpperCase()
    .padEnd(8, 'X')
    .slice(0, 8)
    .replace(/[ILOU]/g, 'X')}`;
  const createdAt = new Date(at).toISOString();
  await app.db
    .withTables<SavingsCheckerTables>()
    .insertInto('savings_reports')
    .values({
      reference: report,
      created_at: createdAt,
      status: 'saving',
      saving_per_year: 100,
      answers: '{}',
      contact: JSON.stringify({ ...CONTACT, email }),
      figures: '{}',
    })
    .execute();
  await app.db
    .insertInto('outbox')
    .values(
      outboxRowsOf(
        [
          {
            channel: 'mail',
            kind: 'report-visitor',
            reference: report,
            payload: {
              from: { address: 'quotes@copytech.co.uk' },
              to: [{ address: email }],
              subject: 'Your report',
              text: 'x',
              html: '<p>x</p>',
            },
          },
          {
            channel: 'mautic',
            kind: 'newsletter-forward',
            reference: null,
            payload: { formId: null, fields: { 'mauticform[email]': email } },
          },
        ],
        at,
      ),
    )
    .execute();
  const before = new Set(fs.existsSync(mailDir) ? fs.readdirSync(mailDir) : []);
  await app.outbox.runDue();
  for (const name of fs.readdirSync(mailDir).filter((name) => !before.has(name))) {
    fs.utimesSync(path.join(mailDir, name), new Date(at), new Date(at));
  }
  return { quote, enquiry: enquiryRef, serviceRequest: serviceRef, report, email } satisfies Sent;
}

async function stored(app: FastifyInstance) {
  const db = app.db.withTables<SavingsCheckerTables>();
  const refs = async (table: 'quotes' | 'enquiries' | 'savings_reports') =>
    (await db.selectFrom(table).select('reference').execute()).map((row) => row.reference).sort();
  return {
    quotes: await refs('quotes'),
    enquiries: await refs('enquiries'),
    reports: await refs('savings_reports'),
    signups: (await db.selectFrom('newsletter_signups').select('email').execute()).map((row) => row.email).sort(),
    outbox: (await db.selectFrom('outbox').select(['reference', 'created_at', 'payload']).execute()).map((row) => ({
      reference: row.reference,
      at: Date.parse(row.created_at),
      payload: row.payload,
    })),
    keys: (await db.selectFrom('idempotency_keys').select('key').execute()).map((row) => row.key),
  };
}

describe.each(databases())('on %s', (database) => {
  const clock = Object.assign(manualClock(NOW), {
    set(ms: number) {
      clock.advance(ms - clock());
    },
  });
  let app: FastifyInstance;
  let mailDir: string;
  let old: Sent;
  let kept: Sent;
  let recent: Sent;

  beforeAll(async () => {
    const config = configOn(database);
    mailDir = path.join(config.varDir, 'outbox');
    app = await testApp(config, { clock });
    old = await sendAll(app, clock, OLD, 'old', mailDir);
    kept = await sendAll(app, clock, KEPT, 'kept', mailDir);
    recent = await sendAll(app, clock, RECENT, 'recent', mailDir);
    fs.writeFileSync(path.join(mailDir, 'README.txt'), 'not a mail file');
    clock.set(NOW);
  });
  afterAll(() => app.close());

  it('deletes exactly the records older than their period, their outbox rows and their mail files', async () => {
    const before = await stored(app);
    expect(before.quotes).toHaveLength(3);
    expect(fs.readdirSync(mailDir).filter((name) => name.includes(old.quote))).toHaveLength(2);

    const run = await app.retention.runNow();
    expect(run.ran).toBe(true);
    expect(run.counts).toMatchObject({ quotes: 1, savingsReports: 1, enquiries: 1, serviceRequests: 1, newsletterSignups: 1 });

    const after = await stored(app);
    expect(after.quotes).toEqual([kept.quote, recent.quote].sort());
    expect(after.enquiries).toEqual([kept.enquiry, kept.serviceRequest, recent.enquiry, recent.serviceRequest].sort());
    expect(after.reports).toEqual([kept.report, recent.report].sort());
    expect(after.signups).toEqual([kept.email, recent.email].sort());
    // Outbox rows: only those inside the 30-day delivery period, i.e. the recent forms' (the kept
    // records' e-mails were delivered long ago); no old address is left anywhere in the outbox.
    const deliveryCutoff = retentionCutoff(NOW, RETENTION.deliveryCopies);
    expect(after.outbox.length).toBeGreaterThan(0);
    expect(after.outbox.every((row) => row.at >= deliveryCutoff)).toBe(true);
    expect(after.outbox.filter((row) => row.payload.includes(recent.email)).length).toBe(
      before.outbox.filter((row) => row.payload.includes(recent.email)).length,
    );
    expect(after.outbox.some((row) => row.payload.includes(old.email) || row.payload.includes(kept.email))).toBe(false);
    // The idempotency keys of the old requests expired a day after them.
    expect(after.keys.some((key) => key.includes('retention-old') || key.includes('retention-kept'))).toBe(false);
    expect(after.keys.some((key) => key.includes('retention-recent'))).toBe(false);

    const files = fs.readdirSync(mailDir);
    expect(files.filter((name) => name.includes(old.quote) || name.includes(old.enquiry) || name.includes(old.serviceRequest))).toEqual([]);
    expect(files.filter((name) => name.includes(kept.quote))).toEqual([]);
    expect(files.filter((name) => name.includes(recent.quote))).toHaveLength(2);
    expect(files.filter((name) => name.includes(recent.report))).toHaveLength(1);
    expect(files).toContain('README.txt');

    // A second run finds nothing more.
    const again = await app.retention.runNow();
    expect(Object.values(again.counts).every((count) => count === 0)).toBe(true);
    expect(again.mailFiles).toBe(0);
  });
});

if (databases().includes('postgres')) {
  test('on postgres, several instances running the job at once delete each row once and none fails', async () => {
    const database = postgresDatabase();
    const clock = manualClock(OLD);
    const apps = await Promise.all(
      [0, 1, 2].map(() =>
        buildApp({
          logger: false,
          outbox: { autoStart: false },
          retention: { autoStart: false },
          clock,
          config: configOn('sqlite', { database }),
        }),
      ),
    );
    try {
      await Promise.all(apps.map((app) => app.ready()));
      for (let i = 0; i < 20; i++) {
        const res = await apps[0]!.inject({ method: 'POST', url: '/api/quote', payload: quoteBody([C5840I]) });
        expect(res.statusCode).toBe(201);
      }
      clock.advance(NOW - OLD);
      const runs = await Promise.all(apps.map((app) => app.retention.runNow()));
      expect(runs.reduce((sum, run) => sum + run.counts.quotes, 0)).toBe(20);
      expect(await apps[0]!.db.selectFrom('quotes').select('reference').execute()).toEqual([]);
      expect(await apps[0]!.db.selectFrom('outbox').select('id').execute()).toEqual([]);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
}
