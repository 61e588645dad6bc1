import { screen, within } from '@testing-library/react';
import { BROWSER_STORAGE, RETENTION, RETENTION_SCHEDULE, describePeriod } from '@copytech/shared/domain';
import { renderInRouter } from '../testing/render';
import { BlockRenderer } from './BlockRenderer';

// The tables are a chunk of their own (LazyPolicyTables.tsx): they appear once it is in.
test('the retention table states each kind of record with the period the retention job applies', async () => {
  renderInRouter(<BlockRenderer blocks={[{ type: 'retentionTable', heading: 'Retention periods' }]} slug="privacy-policy" />);
  expect(await screen.findByRole('heading', { level: 2, name: 'Retention periods' })).toBeInTheDocument();
  const items = within(screen.getByRole('list')).getAllByRole('listitem');
  expect(items).toHaveLength(RETENTION_SCHEDULE.length);
  RETENTION_SCHEDULE.forEach((entry, i) => {
    expect(items[i]).toHaveTextContent(entry.what);
    expect(items[i]).toHaveTextContent(`Kept for${describePeriod(RETENTION[entry.record])} from ${entry.from}, then deleted`);
  });
  expect(items[0]).toHaveTextContent('24 months from the request');
  expect(screen.getByText(/30 days from when the form was sent/)).toBeInTheDocument();
});

test('the storage table names every key and cookie, its purpose and how long it lasts', async () => {
  renderInRouter(<BlockRenderer blocks={[{ type: 'storageTable', heading: 'Everything kept in your browser' }]} slug="cookie-policy" />);
  const items = within(await screen.findByRole('list')).getAllByRole('listitem');
  expect(items.map((item) => item.querySelector('code')?.textContent)).toEqual(BROWSER_STORAGE.map((entry) => entry.name));
  const consent = items.find((item) => item.textContent?.includes('cookie-acceptance-status'))!;
  expect(consent).toHaveTextContent(/PurposeEssential \(always on\)/);
  const campaign = items.find((item) => item.textContent?.includes('first-touch-campaign'))!;
  expect(campaign).toHaveTextContent(/PurposeMarketing \(only with your consent\)/);
});

test('describePeriod reads as a person would say it', () => {
  expect(describePeriod({ count: 24, unit: 'months' })).toBe('24 months');
  expect(describePeriod({ count: 1, unit: 'months' })).toBe('1 month');
  expect(describePeriod({ count: 30, unit: 'days' })).toBe('30 days');
});
