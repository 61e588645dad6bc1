import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { loadExposedComponent, type SiteSearchProps } from '@copytech/shared';
import { SiteSearchBox } from './SiteSearchBox';
import { renderInShell, resetSharedStores } from '../../testing/renderInShell';

jest.mock('@copytech/shared', () => ({ ...jest.requireActual('@copytech/shared'), loadExposedComponent: jest.fn() }));
const load = loadExposedComponent as jest.MockedFunction<typeof loadExposedComponent>;

/** A stand-in for the catalogue's typeahead: says which input it was given. */
function Typeahead({ input, idPrefix }: SiteSearchProps) {
  useEffect(() => input.setAttribute('data-taken-over', idPrefix), [input, idPrefix]);
  return null;
}

beforeEach(() => {
  resetSharedStores();
  load.mockReset();
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

test('a plain GET form to /search with a labelled search box and a submit button, before any script is loaded', () => {
  renderInShell(<SiteSearchBox />, { path: '/' });
  const form = screen.getByRole('search', { name: 'Site' });
  expect(form).toHaveAttribute('action', '/search');
  expect(form).toHaveAttribute('method', 'get');
  expect(screen.getByRole('searchbox', { name: 'Search machines and pages' })).toHaveAttribute('name', 'q');
  expect(screen.getByRole('button', { name: 'Search' })).toHaveAttribute('type', 'submit');
  expect(load).not.toHaveBeenCalled();
});

test('the first focus loads catalogue/SiteSearch once and hands it the same input, keeping what was typed', async () => {
  const user = userEvent.setup();
  let resolve!: (module: unknown) => void;
  load.mockReturnValue(new Promise<unknown>((r) => (resolve = r)) as ReturnType<typeof loadExposedComponent>);
  renderInShell(<SiteSearchBox />, { path: '/' });
  const box = screen.getByRole('searchbox');
  await user.type(box, 'bizhub');
  expect(load).toHaveBeenCalledTimes(1);
  expect(load).toHaveBeenCalledWith('catalogue/SiteSearch');
  await act(async () => resolve({ default: Typeahead }));
  await waitFor(() => expect(box).toHaveAttribute('data-taken-over', expect.stringMatching(/^site-search\w+$/)));
  expect(box).toHaveValue('bizhub');
  expect(box).toHaveFocus();
});

test('a typeahead that cannot be loaded leaves the form as it is, and the next focus tries again', async () => {
  const user = userEvent.setup();
  load.mockRejectedValueOnce(new Error('offline')).mockReturnValue(new Promise(() => undefined));
  renderInShell(<SiteSearchBox />, { path: '/' });
  const box = screen.getByRole('searchbox');
  await user.click(box);
  await waitFor(() => expect(console.warn).toHaveBeenCalled());
  expect(screen.getByRole('search', { name: 'Site' })).toHaveAttribute('action', '/search');
  await user.tab();
  await user.click(box);
  expect(load).toHaveBeenCalledTimes(2);
});
