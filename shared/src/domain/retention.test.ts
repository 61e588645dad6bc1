import { RETENTION, retentionCutoff } from './retention';

test('a period in months is calendar months in UTC, a short month taking its last day', () => {
  expect(new Date(retentionCutoff(Date.parse('2026-11-20T09:00:00Z'), RETENTION.quotes)).toISOString()).toBe('2024-11-20T09:00:00.000Z');
  expect(new Date(retentionCutoff(Date.parse('2026-03-31T12:00:00Z'), { count: 1, unit: 'months' })).toISOString()).toBe(
    '2026-02-28T12:00:00.000Z',
  );
  expect(retentionCutoff(Date.parse('2026-11-20T09:00:00Z'), RETENTION.deliveryCopies)).toBe(Date.parse('2026-10-21T09:00:00Z'));
});
