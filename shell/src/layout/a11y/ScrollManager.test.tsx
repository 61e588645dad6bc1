import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes, useNavigate } from 'react-router-dom';
import { useDocumentMeta } from '@copytech/shared';
import { ScrollManager } from './ScrollManager';
import { renderInShell } from '../../testing/renderInShell';

function PageWithMeta() {
  useDocumentMeta({ title: 'Contact us' });
  return <h1>Contact</h1>;
}

function Nav() {
  const navigate = useNavigate();
  return (
    <nav>
      <Link to="/contact-us">Contact</Link>
      <Link to="/no-meta">No meta</Link>
      <Link to="/no-meta?page=2">Page 2</Link>
      <Link to="/faq#delivery">Delivery FAQ</Link>
      <button type="button" onClick={() => navigate(-1)}>
        Back
      </button>
    </nav>
  );
}

function renderSite(path = '/') {
  return renderInShell(
    <>
      <ScrollManager />
      <Nav />
      <main id="main" tabIndex={-1}>
        <Routes>
          <Route path="/contact-us" element={<PageWithMeta />} />
          <Route path="/faq" element={<section id="delivery">Delivery</section>} />
          <Route path="*" element={<p>A page that sets no meta</p>} />
        </Routes>
      </main>
    </>,
    { path },
  );
}

let scrollY = 0;
const scrollTo = jest.fn((options: ScrollToOptions) => {
  scrollY = options.top ?? 0;
});
const scrollIntoView = jest.fn();

beforeEach(() => {
  scrollY = 0;
  scrollTo.mockClear();
  scrollIntoView.mockClear();
  window.scrollTo = scrollTo as unknown as typeof window.scrollTo;
  Object.defineProperty(window, 'scrollY', { configurable: true, get: () => scrollY });
  Element.prototype.scrollIntoView = scrollIntoView;
  document.title = 'Something else';
});

test('a page that sets no meta of its own ends with the default title', async () => {
  const user = userEvent.setup();
  renderSite('/contact-us');
  expect(document.title).toBe('Contact us - Copytech');
  await user.click(screen.getByRole('link', { name: 'No meta' }));
  expect(document.title).toBe('Trusted Photocopier and Printer Supplier - Copytech');
  expect(document.querySelector('meta[name="description"]')).toHaveAttribute(
    'content',
    'Simple, reliable and affordable print solutions for business.',
  );
  await user.click(screen.getByRole('link', { name: 'Contact' }));
  expect(document.title).toBe('Contact us - Copytech');
});

test('navigating scrolls to the top and moves focus to the main content', async () => {
  const user = userEvent.setup();
  renderSite('/');
  expect(scrollTo).not.toHaveBeenCalled(); // the first page is left to the browser
  scrollY = 900;
  await user.click(screen.getByRole('link', { name: 'Contact' }));
  expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 0 }));
  expect(scrollY).toBe(0);
  expect(document.getElementById('main')).toHaveFocus();
});

test('a change of query only (a filter, a page of results) keeps the scroll position', async () => {
  const user = userEvent.setup();
  renderSite('/no-meta');
  scrollY = 700;
  await user.click(screen.getByRole('link', { name: 'Page 2' }));
  expect(scrollTo).not.toHaveBeenCalled();
});

test('a link with a hash scrolls to that element and focuses it', async () => {
  const user = userEvent.setup();
  renderSite('/');
  await user.click(screen.getByRole('link', { name: 'Delivery FAQ' }));
  expect(scrollIntoView).toHaveBeenCalledTimes(1);
  expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('delivery'));
  expect(document.getElementById('delivery')).toHaveFocus();
  expect(scrollTo).not.toHaveBeenCalled();
});

test('a hash target that arrives later (a remote still loading) is scrolled to when it appears', async () => {
  renderInShell(
    <>
      <ScrollManager />
      <main id="main" tabIndex={-1} />
    </>,
    { path: '/faq#late' },
  );
  expect(scrollIntoView).not.toHaveBeenCalled();
  const late = document.createElement('section');
  late.id = 'late';
  await act(async () => {
    document.body.appendChild(late);
    await Promise.resolve();
  });
  expect(scrollIntoView).toHaveBeenCalledTimes(1);
  expect(scrollIntoView.mock.contexts[0]).toBe(late);
  late.remove();
});

test('Back returns to where the visitor was on the previous page', async () => {
  const user = userEvent.setup();
  renderSite('/no-meta');
  scrollY = 1200;
  window.dispatchEvent(new Event('scroll'));
  await user.click(screen.getByRole('link', { name: 'Contact' }));
  expect(scrollY).toBe(0);
  await user.click(screen.getByRole('button', { name: 'Back' }));
  expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 1200 }));
});

test("the modal's hash is not a scroll target, even when an element has that id", () => {
  renderInShell(
    <>
      <ScrollManager />
      <main id="main" tabIndex={-1}>
        <div id="modal">not a section</div>
      </main>
    </>,
    { path: '/contact-us#modal' },
  );
  expect(scrollIntoView).not.toHaveBeenCalled();
});
