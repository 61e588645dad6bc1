/** How long personal data is kept (docs/product-rules.md "Retention of personal data"), and when a record has expired. */
import { describePeriod, RETENTION, RETENTION_SCHEDULE, retentionCutoff, type RetentionPeriod } from './retention';

const cutoff = (now: string, period: RetentionPeriod) => new Date(retentionCutoff(Date.parse(now), period)).toISOString();
const months = (count: number): RetentionPeriod => ({ count, unit: 'months' });

describe('the periods', () => {
  it('keep every form record 24 months and the copies made to deliver a form 30 days', () => {
    expect(RETENTION).toEqual({
      quotes: { count: 24, unit: 'months' },
      savingsReports: { count: 24, unit: 'months' },
      enquiries: { count: 24, unit: 'months' },
      serviceRequests: { count: 24, unit: 'months' },
      newsletterSignups: { count: 24, unit: 'months' },
      deliveryCopies: { count: 30, unit: 'days' },
    });
  });

  it('read as a person would say them', () => {
    expect(describePeriod(RETENTION.quotes)).toBe('24 months');
    expect(describePeriod(RETENTION.deliveryCopies)).toBe('30 days');
    expect(describePeriod(months(1))).toBe('1 month');
    expect(describePeriod({ count: 1, unit: 'days' })).toBe('1 day');
  });
});

describe('the cutoff', () => {
  it('is calendar months in UTC, a short month taking its last day', () => {
    expect(cutoff('2026-11-20T09:00:00Z', RETENTION.quotes)).toBe('2024-11-20T09:00:00.000Z');
    expect(cutoff('2026-03-31T12:00:00Z', months(1))).toBe('2026-02-28T12:00:00.000Z');
    expect(cutoff('2024-03-31T12:00:00Z', months(1))).toBe('2024-02-29T12:00:00.000Z');
    expect(cutoff('2028-02-29T00:00:00Z', months(12))).toBe('2027-02-28T00:00:00.000Z');
    expect(cutoff('2026-02-28T00:00:00Z', RETENTION.quotes)).toBe('2024-02-28T00:00:00.000Z');
    expect(cutoff('2026-05-31T23:59:59.999Z', months(1))).toBe('2026-04-30T23:59:59.999Z');
    expect(cutoff('2026-07-31T08:00:00Z', months(1))).toBe('2026-06-30T08:00:00.000Z');
  });

  it('keeps the day where the earlier month has it, across a year, and on the first', () => {
    expect(cutoff('2026-01-15T10:30:00Z', months(1))).toBe('2025-12-15T10:30:00.000Z');
    expect(cutoff('2026-01-31T10:30:00Z', months(24))).toBe('2024-01-31T10:30:00.000Z');
    expect(cutoff('2026-03-01T00:00:00Z', months(1))).toBe('2026-02-01T00:00:00.000Z');
    expect(cutoff('2026-03-30T00:00:00Z', months(2))).toBe('2026-01-30T00:00:00.000Z');
    expect(cutoff('2026-04-30T00:00:00Z', months(1))).toBe('2026-03-30T00:00:00.000Z');
  });

  it('is whole days of 24 hours for a period in days', () => {
    expect(retentionCutoff(Date.parse('2026-11-20T09:00:00Z'), RETENTION.deliveryCopies)).toBe(Date.parse('2026-10-21T09:00:00Z'));
    expect(retentionCutoff(1_000_000_000_000, { count: 1, unit: 'days' })).toBe(1_000_000_000_000 - 86_400_000);
    // across the change to summer time: UTC days, not the clock's
    expect(cutoff('2026-04-01T00:30:00Z', { count: 7, unit: 'days' })).toBe('2026-03-25T00:30:00.000Z');
  });

  it('is exactly the period before now: a record made then is at the edge', () => {
    const now = Date.parse('2026-11-20T09:00:00.000Z');
    expect(retentionCutoff(now, RETENTION.quotes)).toBe(Date.parse('2024-11-20T09:00:00.000Z'));
    expect(retentionCutoff(now, RETENTION.deliveryCopies)).toBe(now - 30 * 86_400_000);
  });
});

describe("the privacy policy's table", () => {
  it('has one row for each kind of record, saying for how long from when', () => {
    expect(RETENTION_SCHEDULE.map((row) => row.record).sort()).toEqual(Object.keys(RETENTION).sort());
    expect(RETENTION_SCHEDULE.map((row) => `${describePeriod(RETENTION[row.record])} from ${row.from}`)).toEqual([
      '24 months from the request',
      '24 months from the report',
      '24 months from the enquiry',
      '24 months from the request',
      '24 months from the sign-up',
      '30 days from when the form was sent',
    ]);
  });

  it('says what each row holds', () => {
    expect(RETENTION_SCHEDULE.map((row) => row.what.split(' (')[0])).toEqual([
      'Instant quote requests',
      'Savings checker reports',
      'Contact enquiries',
      'Service requests',
      'Newsletter sign-ups held on our own server',
      'Copies of the e-mails and forwards a form sends, kept to deliver them and to retry a failure',
    ]);
    for (const row of RETENTION_SCHEDULE.slice(0, 4)) expect(row.what).toMatch(/^[A-Z][a-z ]+ \(your .+\)$/);
  });
});
