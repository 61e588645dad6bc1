/**
 * How long the site keeps the personal data its forms collect (docs/product-rules.md "Retention of
 * personal data"): one source for the privacy policy's table (the content remote renders it from
 * here) and for the server's retention job, which deletes what is older (server/src/retention/).
 * Change a period here and both follow.
 */

export interface RetentionPeriod {
  readonly count: number;
  readonly unit: 'months' | 'days';
}

/** Each kind of record the site stores, by what the job deletes. */
export const RETENTION = {
  /** instant quote requests from the comparison basket: `quotes` */
  quotes: { count: 24, unit: 'months' },
  /** savings checker reports: `savings_reports` */
  savingsReports: { count: 24, unit: 'months' },
  /** contact-us enquiries: `enquiries` of kind 'enquiry' */
  enquiries: { count: 24, unit: 'months' },
  /** customer-support service requests: `enquiries` of kind 'service-request' */
  serviceRequests: { count: 24, unit: 'months' },
  /** newsletter sign-ups held by the site itself (when no marketing service is connected): `newsletter_signups` */
  newsletterSignups: { count: 24, unit: 'months' },
  /** the e-mails and forwards of a form, as queued for delivery (`outbox`), and any copy written as a mail file */
  deliveryCopies: { count: 30, unit: 'days' },
} as const satisfies Record<string, RetentionPeriod>;

export type RetentionRecord = keyof typeof RETENTION;

/** "24 months", "30 days", "1 month". */
export function describePeriod(period: RetentionPeriod): string {
  const unit = period.count === 1 ? period.unit.slice(0, -1) : period.unit;
  return `${period.count} ${unit}`;
}

/**
 * The instant before which a record of this period has expired, at `now` (epoch ms). Months are
 * calendar months in UTC (31 March less one month is the last day of February).
 */
export function retentionCutoff(now: number, period: RetentionPeriod): number {
  const date = new Date(now);
  if (period.unit === 'days') return now - period.count * 24 * 60 * 60 * 1000;
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() - period.count);
  const lastDay = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, lastDay));
  return date.getTime();
}

/** The privacy policy's table: what is kept, where, and for how long (rendered by the content remote). */
export const RETENTION_SCHEDULE: ReadonlyArray<{ record: RetentionRecord; what: string; from: string }> = [
  {
    record: 'quotes',
    what: 'Instant quote requests (your contact details, the machines and the campaign that brought you)',
    from: 'the request',
  },
  { record: 'savingsReports', what: 'Savings checker reports (your contact details, your answers and the figures)', from: 'the report' },
  { record: 'enquiries', what: 'Contact enquiries (your details and your message)', from: 'the enquiry' },
  { record: 'serviceRequests', what: 'Service requests (your details, the machine and the fault)', from: 'the request' },
  { record: 'newsletterSignups', what: 'Newsletter sign-ups held on our own server', from: 'the sign-up' },
  {
    record: 'deliveryCopies',
    what: 'Copies of the e-mails and forwards a form sends, kept to deliver them and to retry a failure',
    from: 'when the form was sent',
  },
];
