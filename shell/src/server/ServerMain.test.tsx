/**
 * What the shell shows for a page the server answered with a problem (the page data's
 * PAGE_PROBLEM_KEY + path, docs/product-rules.md "When something is wrong"): on the server, a 503
 * is the trouble page, whoever's route it is, with the sales number and the reference (such a
 * page is sent without the browser's scripts); a 404's Not Found page shows the reference; another
 * path of the visit finds no problem.
 */
import { screen } from '@testing-library/react';
import { NotFoundPage, PageDataProvider, type PageData, type PageDataAnswer } from '@copytech/shared';
import { PAGE_PROBLEM_KEY } from '@copytech/shared/ssr';
import { ServerMain } from './ServerApp';
import { renderInShell } from '../testing/renderInShell';

jest.mock('@copytech/shared', () => {
  const actual = jest.requireActual('@copytech/shared');
  const { createElement } = jest.requireActual('react');
  return { ...actual, RemoteSlot: ({ id }: { id: string }) => createElement('p', { 'data-testid': 'remote-slot' }, id) };
});

/** The page data of a page the server answered at `path` with `status`. */
function served(path: string, status: number, reference: string): PageData {
  const answers: Record<string, PageDataAnswer> = {
    [PAGE_PROBLEM_KEY + path.split('?')[0]]: { ok: true, value: { status, reference, path } },
  };
  return { read: (url) => answers[url] };
}

test('a page the server answered 503 is, on the server, the trouble page, with the sales number, the reference and Try again', async () => {
  renderInShell(
    <PageDataProvider data={served('/printers/multifunctionals?q=c', 503, 'Ab3_xY-9kLmNoPqR')}>
      <ServerMain />
    </PageDataProvider>,
    { path: '/printers/multifunctionals?q=c' },
  );
  expect(await screen.findByRole('heading', { level: 1, name: 'We are having trouble showing this page' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: '0330 058 0590' })).toHaveAttribute('href', 'tel:+443300580590');
  expect(screen.getByText('Ab3_xY-9kLmNoPqR').closest('p')).toHaveTextContent('Quote this reference when you call: Ab3_xY-9kLmNoPqR');
  expect(screen.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/printers/multifunctionals?q=c');
  expect(screen.queryByTestId('remote-slot')).toBeNull();
  expect(document.title).toBe('We are having trouble showing this page - Copytech');
});

test('another path of the visit is its room’s page, not the trouble page', () => {
  renderInShell(
    <PageDataProvider data={served('/printers/multifunctionals', 503, 'Ab3_xY-9kLmNoPqR')}>
      <ServerMain />
    </PageDataProvider>,
    { path: '/printers/production' },
  );
  expect(screen.getByTestId('remote-slot')).toHaveTextContent('catalogue/CatalogueRoutes');
  expect(screen.queryByText(/Quote this reference/)).toBeNull();
});

test('the Not Found page of a page the server answered 404 shows the reference; without the server, none', () => {
  const { unmount } = renderInShell(
    <PageDataProvider data={served('/no-such-page', 404, 'Zz9-reference_01')}>
      <NotFoundPage />
    </PageDataProvider>,
    { path: '/no-such-page' },
  );
  expect(screen.getByText(/Quote this reference when you call:/)).toHaveTextContent('Quote this reference when you call: Zz9-reference_01');
  unmount();
  renderInShell(<NotFoundPage />, { path: '/no-such-page' });
  expect(screen.getByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  expect(screen.queryByText(/Quote this reference/)).toBeNull();
});
