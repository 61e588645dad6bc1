/**
 * The retention job's mail files and expiry counts (server/src/retention/retention.ts), on SQLite:
 * which files in the outbox folder go (a mail file naming a deleted record whatever its age, any
 * mail file or half-written one past the delivery period) and which stay (a file that is not mail,
 * a mail file of a record still kept, one written at the cutoff itself), what it does without a
 * folder or with one it cannot read, and the expired keys and human-check solutions it counts.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { RETENTION, retentionCutoff } from '@copytech/shared/domain';
import type { SavingsCheckerTables } from '../src/db/savingsCheckerMigration';
import { purgeExpiredPersonalData } from '../src/retention/retention';
import { configOn, manualClock, testApp } from './helpers';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-11-20T09:00:00Z');
const DELIVERY_CUTOFF = retentionCutoff(NOW, RETENTION.deliveryCopies);
const OLD_REPORT = 'CT-OLDREPRT';
const KEPT_REPORT = 'CT-KEPTREPR';

let app: FastifyInstance;
let mailDir: string;

async function report(reference: string, at: number) {
  await app.db
    .withTables<SavingsCheckerTables>()
    .insertInto('savings_reports')
    .values({
      reference,
      created_at: new Date(at).toISOString(),
      status: 'saving',
      saving_per_year: 100,
      answers: '{}',
      contact: '{}',
      figures: '{}',
    })
    .execute();
}

function file(name: string, at: number) {
  fs.mkdirSync(mailDir, { recursive: true });
  fs.writeFileSync(path.join(mailDir, name), 'x');
  fs.utimesSync(path.join(mailDir, name), new Date(at), new Date(at));
}

beforeEach(async () => {
  const config = configOn('sqlite');
  mailDir = path.join(config.varDir, 'outbox');
  app = await testApp(config, { clock: manualClock(NOW) });
});
afterEach(() => app.close());

describe('the mail files the retention job removes', () => {
  it('are those naming a deleted record whatever their age, and any mail file past the delivery period', async () => {
    await report(OLD_REPORT, retentionCutoff(NOW, RETENTION.savingsReports) - DAY);
    await report(KEPT_REPORT, NOW - 40 * DAY);
    file(`20261119-${OLD_REPORT}-report-visitor-1.eml`, NOW - DAY); // re-sent yesterday, its record is gone
    file(`20261119-${KEPT_REPORT}-report-visitor-2.eml`, NOW - DAY);
    file('20261001-CT-ABCDEFGH-quote-3.eml.tmp', DELIVERY_CUTOFF - 1_000); // half-written, long ago
    file('20261001-CT-BCDEFGHJ-quote-4.eml', DELIVERY_CUTOFF - 1_000);
    file('20261020-CT-CDEFGHJK-quote-5.eml', DELIVERY_CUTOFF); // at the cutoff itself
    file('README.txt', DELIVERY_CUTOFF - 10 * DAY); // not mail, however old
    file('notes.eml.bak', DELIVERY_CUTOFF - 10 * DAY);

    const run = await purgeExpiredPersonalData(app.db, NOW, mailDir);
    expect(run.counts.savingsReports).toBe(1);
    expect(run.mailFiles).toBe(3);
    expect(fs.readdirSync(mailDir).sort()).toEqual([
      '20261020-CT-CDEFGHJK-quote-5.eml',
      `20261119-${KEPT_REPORT}-report-visitor-2.eml`,
      'README.txt',
      'notes.eml.bak',
    ]);
  });

  it('are none when the folder does not exist yet, and a folder it cannot read fails the run', async () => {
    expect(fs.existsSync(mailDir)).toBe(false);
    await expect(purgeExpiredPersonalData(app.db, NOW, mailDir)).resolves.toMatchObject({ ran: true, mailFiles: 0 });
    fs.writeFileSync(mailDir, 'a file where the folder should be');
    await expect(purgeExpiredPersonalData(app.db, NOW, mailDir)).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('what the retention job counts as expired keys', () => {
  it('is the idempotency keys and the used human-check solutions past their expiry, added together', async () => {
    const key = (name: string, expires: number) => ({
      key: name,
      request_hash: 'h',
      status_code: 201,
      response_body: '{}',
      created_at: new Date(expires - DAY).toISOString(),
      expires_at: expires,
    });
    await app.db
      .insertInto('idempotency_keys')
      .values([key('gone-1', NOW - 1), key('gone-2', NOW), key('kept', NOW + 1)])
      .execute();
    const solution = (id: string, expires: number) => ({ id, expires_at: expires, used_at: new Date(NOW - DAY).toISOString() });
    await app.db
      .withTables<SavingsCheckerTables>()
      .insertInto('captcha_solutions')
      .values([solution('used-1', NOW - 1), solution('used-2', NOW - 2), solution('still-1', NOW + 1), solution('at-expiry', NOW)])
      .execute();

    const run = await purgeExpiredPersonalData(app.db, NOW, null);
    expect(run.counts.expiredKeys).toBe(4);
    expect(run.mailFiles).toBe(0);
    const left = await app.db.selectFrom('idempotency_keys').select('key').execute();
    expect(left.map((row) => row.key)).toEqual(['kept']);
    const solutions = await app.db.withTables<SavingsCheckerTables>().selectFrom('captcha_solutions').select('id').execute();
    // A solution is kept until past its expiry, as the human check keeps it (captchaStore.ts); a key goes at its expiry.
    expect(solutions.map((row) => row.id).sort()).toEqual(['at-expiry', 'still-1']);
  });
});
