import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { COMPANY } from '@copytech/shared';
import { type ContentBlock } from '@copytech/shared/domain';
import { installFakeApi, type FakeApi } from '../testing/fakeApi';
import { renderInRouter } from '../testing/render';
import { SAMPLE_POSTS } from '../testing/samplePages';
import { resetPageCache } from '../pages/pageCache';
import { BlockRenderer } from './BlockRenderer';

let api: FakeApi;
let warn: jest.SpyInstance;
let error: jest.SpyInstance;

beforeEach(() => {
  resetPageCache();
  api = installFakeApi({ 'GET /api/blog/recent': { body: { results: SAMPLE_POSTS } } });
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

function renderBlocks(blocks: unknown[]) {
  return renderInRouter(<BlockRenderer blocks={blocks} slug="test-page" />);
}

describe('hero', () => {
  const hero: ContentBlock = {
    type: 'hero',
    heading: 'Photocopiers and printers for UK businesses',
    text: 'Lease or buy A3 and A4 multifunctionals.',
    cta: { label: 'Browse multifunctionals', href: '/printers/multifunctionals' },
    secondaryCta: { label: 'Discover your print savings', href: '/discover-print-savings' },
    badge: 'Instant quotes by e-mail',
  };

  it('renders the heading as the page h1, the text, the badge and both calls to action as links', () => {
    renderBlocks([hero]);
    expect(screen.getByRole('heading', { level: 1, name: hero.heading })).toBeInTheDocument();
    expect(screen.getByText('Lease or buy A3 and A4 multifunctionals.')).toBeInTheDocument();
    expect(screen.getByText('Instant quotes by e-mail')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse multifunctionals' })).toHaveAttribute('href', '/printers/multifunctionals');
    expect(screen.getByRole('link', { name: 'Discover your print savings' })).toHaveAttribute('href', '/discover-print-savings');
  });

  it('gives a page one h1: a second hero is an h2', () => {
    renderBlocks([hero, { ...hero, heading: 'Second' }]);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Second' })).toBeInTheDocument();
  });

  it('follows an internal call to action inside the app, and a tel: one as a plain link', async () => {
    renderBlocks([
      {
        type: 'hero',
        heading: 'Contact us',
        text: 'Call or write.',
        cta: { label: 'Call us', href: 'tel:+443300580590' },
        secondaryCta: { label: 'Support', href: '/customer-support' },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:+443300580590');
    await userEvent.click(screen.getByRole('link', { name: 'Support' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/customer-support');
  });
});

describe('richText', () => {
  it('renders the sanitised prose, with hostile markup gone', async () => {
    const { container } = renderBlocks([
      {
        type: 'richText',
        html: '<p>Paper is slow to share.</p><script>window.pwned=1</script><img src=x onerror="window.pwned=2"><iframe src="https://evil.example"></iframe><p style="color:red"><a href="javascript:alert(1)">bad</a> <a href="https://www.papercut.com/">PaperCut</a></p>',
      },
    ]);
    expect(await screen.findByText('Paper is slow to share.')).toBeInTheDocument();
    expect(container.querySelector('script, img, iframe, [style], [onerror]')).toBeNull();
    expect(screen.getByText('bad').closest('a')).not.toHaveAttribute('href');
    expect(screen.getByRole('link', { name: 'PaperCut' })).toHaveAttribute('rel', 'noopener');
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined();
  });

  it('hands a click on a link inside the site to the router', async () => {
    renderBlocks([{ type: 'richText', html: '<p>Covered by a <a href="/services/service-agreements">service agreement</a>.</p>' }]);
    await userEvent.click(await screen.findByRole('link', { name: 'service agreement' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/services/service-agreements');
  });
});

it('featureGrid: heading, intro, each item as a card, an item with a link leads there', () => {
  renderBlocks([
    {
      type: 'featureGrid',
      heading: 'Everything your office prints',
      intro: 'From one printer to a fleet.',
      items: [
        { title: 'Lease or purchase', text: 'Spread the cost.', href: '/services/lease-and-purchase' },
        { title: 'At the machine', text: 'Secure release.', icon: 'lock' },
      ],
    },
  ]);
  expect(screen.getByRole('heading', { level: 2, name: 'Everything your office prints' })).toBeInTheDocument();
  expect(screen.getByText('From one printer to a fleet.')).toBeInTheDocument();
  const items = screen.getAllByRole('listitem');
  expect(items).toHaveLength(2);
  expect(within(items[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Lease or purchase');
  expect(within(items[0]!).getByRole('link', { name: 'Lease or purchase' })).toHaveAttribute('href', '/services/lease-and-purchase');
  expect(within(items[1]!).queryByRole('link')).toBeNull();
  expect(within(items[1]!).getByText('Secure release.')).toBeInTheDocument();
});

it('steps: an ordered list of the steps in order', () => {
  renderBlocks([
    {
      type: 'steps',
      heading: 'How an instant quote works',
      steps: [
        { title: 'Pick up to five machines', text: 'Browse.' },
        { title: 'Compare them', text: 'Side by side.' },
        { title: 'Get your quote by e-mail', text: 'Average delivery time 2 minutes.' },
      ],
    },
  ]);
  const list = screen.getByRole('list');
  expect(list.tagName).toBe('OL');
  expect(
    within(list)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent),
  ).toEqual(['Pick up to five machines', 'Compare them', 'Get your quote by e-mail']);
  expect(screen.getByText(/Average delivery time 2 minutes/)).toBeInTheDocument();
});

it('faq: each question is a disclosure whose answer opens on activation', async () => {
  const { container } = renderBlocks([
    {
      type: 'faq',
      heading: 'Common questions',
      items: [{ question: 'Do you cover the whole of the UK?', answer: 'Yes, from single offices to many sites.' }],
    },
  ]);
  expect(screen.getByRole('heading', { level: 2, name: 'Common questions' })).toBeInTheDocument();
  const details = container.querySelector('details')!;
  expect(details.open).toBe(false);
  await userEvent.click(screen.getByText('Do you cover the whole of the UK?'));
  expect(details.open).toBe(true);
  expect(within(details).getByText('Yes, from single offices to many sites.')).toBeInTheDocument();
});

it('testimonials: each quote in a blockquote with who said it', () => {
  const { container } = renderBlocks([
    {
      type: 'testimonials',
      items: [{ quote: 'The invoice matched the quote.', name: 'Practice Manager', company: 'an accountancy practice in Leicester' }],
    },
  ]);
  expect(screen.getByRole('heading', { level: 2, name: 'What our customers say' })).toBeInTheDocument();
  expect(container.querySelector('figure blockquote')).toHaveTextContent('The invoice matched the quote.');
  expect(container.querySelector('figcaption')).toHaveTextContent('Practice Manager');
  expect(container.querySelector('figcaption')).toHaveTextContent('an accountancy practice in Leicester');
});

it('ctaBand: heading, text and the call to action', () => {
  renderBlocks([
    {
      type: 'ctaBand',
      heading: 'Paying too much for every page?',
      text: 'See what you could save.',
      cta: { label: 'Check your savings', href: '/discover-print-savings' },
    },
  ]);
  expect(screen.getByRole('heading', { level: 2, name: 'Paying too much for every page?' })).toBeInTheDocument();
  expect(screen.getByText('See what you could save.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Check your savings' })).toHaveAttribute('href', '/discover-print-savings');
});

it('contactDetails: sales and support numbers as tel: links, the e-mail, the address and the hours', () => {
  renderBlocks([{ type: 'contactDetails', heading: 'Get in touch' }]);
  expect(screen.getByRole('heading', { level: 2, name: 'Get in touch' })).toBeInTheDocument();
  expect(screen.getByRole('link', { name: COMPANY.salesPhone })).toHaveAttribute('href', 'tel:+443300580590');
  expect(screen.getByRole('link', { name: COMPANY.supportPhone })).toHaveAttribute('href', 'tel:+443300580595');
  expect(screen.getByRole('link', { name: COMPANY.email })).toHaveAttribute('href', `mailto:${COMPANY.email}`);
  const address = screen.getByText(/Meridian Business Park/).closest('address');
  expect(address).toHaveTextContent(COMPANY.address.join(''));
  expect(screen.getByText(/8:30am to 5:30pm/)).toBeInTheDocument();
});

describe('recentPosts', () => {
  it('shows the latest posts as cards with their dates in UK form', async () => {
    renderBlocks([{ type: 'recentPosts', heading: 'Advice from the blog', limit: 2 }]);
    expect(await screen.findByRole('heading', { level: 3, name: SAMPLE_POSTS[0]!.title })).toBeInTheDocument();
    expect(screen.getByText('12 November 2026')).toHaveAttribute('datetime', '2026-11-12');
    expect(screen.getByText('2 October 2026')).toBeInTheDocument();
    expect(screen.getByText(SAMPLE_POSTS[1]!.excerpt)).toBeInTheDocument();
    expect(api.calls.map((call) => call.path)).toEqual(['/api/blog/recent?limit=2']);
  });

  it('says so in a short note when the posts cannot be loaded, and the page stands', async () => {
    installFakeApi({ 'GET /api/blog/recent': { status: 500, body: { message: 'boom' } } });
    renderBlocks([{ type: 'recentPosts' }, { type: 'ctaBand', heading: 'Still here', cta: { label: 'Go', href: '/' } }]);
    expect(await screen.findByText(/could not be loaded just now/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Still here' })).toBeInTheDocument();
  });

  it('ignores a malformed answer instead of crashing', async () => {
    installFakeApi({ 'GET /api/blog/recent': { body: { results: 'nope' } } });
    renderBlocks([{ type: 'recentPosts' }]);
    expect(await screen.findByText(/could not be loaded just now/)).toBeInTheDocument();
  });
});

describe('form', () => {
  it('enquiry: loads the contact form with its labelled fields', async () => {
    renderBlocks([{ type: 'form', form: 'enquiry', heading: 'Send us a message', intro: 'We reply within a day.' }]);
    expect(screen.getByRole('heading', { level: 2, name: 'Send us a message' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Your name')).toBeInTheDocument();
    expect(screen.getByLabelText('How can we help?')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Send us a message' })).toBeInTheDocument();
  });

  it('service-request: loads the support form with machine, serial number, fault and urgency', async () => {
    renderBlocks([{ type: 'form', form: 'service-request' }]);
    expect(await screen.findByLabelText('Serial number', { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('Make and model', { exact: false })).toBeInTheDocument();
    expect(screen.getByLabelText('How urgent is it?')).toBeInTheDocument();
  });

  it('newsletter: loads a sign-up form', async () => {
    renderBlocks([{ type: 'form', form: 'newsletter' }]);
    expect(await screen.findByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });
});

it('skips a block of an unknown type, logs it, and renders the rest', () => {
  renderBlocks([
    { type: 'carousel', slides: [] },
    { type: 'ctaBand', heading: 'After the unknown block', cta: { label: 'Go', href: '/' } },
    null,
  ]);
  expect(screen.getByRole('heading', { name: 'After the unknown block' })).toBeInTheDocument();
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown block type "carousel"'));
  expect(warn).toHaveBeenCalledWith(expect.stringContaining('unknown block type null'));
});

it('isolates a block that throws while rendering: it is skipped and logged, the rest of the page stands', () => {
  renderBlocks([
    { type: 'featureGrid', heading: 'Broken', items: null },
    { type: 'ctaBand', heading: 'After the broken block', cta: { label: 'Go', href: '/' } },
  ]);
  expect(screen.queryByRole('heading', { name: 'Broken' })).toBeNull();
  expect(screen.getByRole('heading', { name: 'After the broken block' })).toBeInTheDocument();
  expect(error).toHaveBeenCalledWith(expect.stringContaining('block 0 (featureGrid) failed to render'), expect.any(String));
});

it('sets a form and the contact details beside it side by side, in the order the CMS gave', async () => {
  const { container } = renderBlocks([{ type: 'contactDetails' }, { type: 'form', form: 'enquiry' }, { type: 'faq', items: [] }]);
  const pair = container.querySelector('[data-first]');
  expect(pair?.getAttribute('data-first')).toBe('contactDetails');
  expect(Array.from(pair!.children).map((child) => child.getAttribute('data-block'))).toEqual(['contactDetails', 'form']);
  await waitFor(() => expect(screen.getByLabelText('Your name')).toBeInTheDocument());
});
