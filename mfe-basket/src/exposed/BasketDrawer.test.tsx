import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { basketStore, onAnalyticsEvent, uiStore, type AnalyticsEvent } from '@copytech/shared';
import { QUOTE_MESSAGES } from '@copytech/shared/domain';
import { drawerView } from '../basket/drawerView';
import BasketDrawer from './BasketDrawer';
import { VALID_DETAILS, fakeApi, fillBasket, product, renderFragment, resetBasket } from '../testing/harness';

const canon = product('Canon', 'imageRUNNER ADVANCE DX C3926i', {
  price: { startingFrom: 310000, '60MonthLeasePrice': 22500, servicePerPage: { mono: 0.5, colour: 4 } },
  productAttributes: { printSpeedPpm: 26, scanSpeedPpm: 190, maxPaperSize: 'A3', isColour: true },
});
const ricoh = product('Ricoh', 'IM C4510', {
  price: { startingFrom: 420000, '60MonthLeasePrice': 27000, servicePerPage: { mono: 0.45, colour: 3.9 } },
  productAttributes: { printSpeedPpm: 45, scanSpeedPpm: 240, maxPaperSize: 'A3', isColour: true },
});
const brother = product('Brother', 'MFC-L6910DN', {
  colourPrinting: 'mono',
  paperSize: 'A4',
  price: { startingFrom: 90000, '60MonthLeasePrice': 7200 },
  productAttributes: { printSpeedPpm: 50, scanSpeedPpm: null, maxPaperSize: 'A4', isColour: false },
  productFeatures: [{ featureName: 'Technology', featureValue: 'Laser' }],
});

let consoleError: jest.SpyInstance;
beforeEach(() => {
  resetBasket();
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => {
  consoleError.mockRestore();
});

async function goToQuoteDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Instant quote' }));
  await screen.findByRole('heading', { name: 'Your details' });
}

async function fillDetails(user: ReturnType<typeof userEvent.setup>, details: Partial<typeof VALID_DETAILS> = VALID_DETAILS) {
  const labels: Record<keyof typeof VALID_DETAILS, string> = {
    firstName: 'First name',
    lastName: 'Last name',
    email: 'E-mail address',
    phoneNumber: 'Phone number',
    postcode: 'Postcode',
  };
  for (const [field, value] of Object.entries(details) as Array<[keyof typeof VALID_DETAILS, string]>) {
    const input = screen.getByLabelText(labels[field]);
    await user.clear(input);
    await user.type(input, value);
  }
  await user.tab();
}

describe('Basket view', () => {
  it('empty: says so, links to the range, "0 of 5", and Instant quote is disabled with the reason', () => {
    fakeApi();
    renderFragment(<BasketDrawer />);
    expect(screen.getByRole('heading', { level: 2, name: 'Comparison basket' })).toBeInTheDocument();
    expect(screen.getByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByTestId('basket-count')).toHaveTextContent('0 of 5 machines');
    expect(screen.getByRole('link', { name: 'Multifunctional printers' })).toHaveAttribute('href', '/printers/multifunctionals');
    expect(screen.getByRole('link', { name: 'Scanners' })).toHaveAttribute('href', '/scanners');
    const instant = screen.getByRole('button', { name: 'Instant quote' });
    expect(instant).toBeDisabled();
    expect(instant).toHaveAccessibleDescription('Add at least one product to request a quote.');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each printer with its image, brand, model link and a Remove button naming it', async () => {
    fakeApi([canon, ricoh]);
    fillBasket([canon, ricoh, brother]);
    const { container } = renderFragment(<BasketDrawer />);
    expect(screen.getByTestId('basket-count')).toHaveTextContent('3 of 5 machines');
    const list = screen.getByRole('list', { name: 'Machines in your basket' });
    const entries = within(list).getAllByRole('listitem');
    expect(entries).toHaveLength(3);
    expect(within(entries[0]!).getByText('Canon')).toBeInTheDocument();
    expect(within(entries[0]!).getByRole('link', { name: /imageRUNNER ADVANCE DX C3926i/ })).toHaveAttribute(
      'href',
      '/printers/multifunctionals/canon/imagerunner-advance-dx-c3926i',
    );
    expect(screen.getByRole('button', { name: 'Remove Ricoh IM C4510' })).toBeInTheDocument();
    // Thumbnails come from the fetched details; Brother's details are missing: the placeholder.
    await waitFor(() => expect(container.querySelectorAll('img')).toHaveLength(3));
    const sources = Array.from(container.querySelectorAll('img')).map((img) => img.getAttribute('src'));
    expect(sources).toEqual([
      '/assets/x135/canon/imagerunner-advance-dx-c3926i/front.png',
      '/assets/x135/ricoh/im-c4510/front.png',
      '/assets/x135/placeholder.png',
    ]);
    expect(screen.getByRole('button', { name: 'Instant quote' })).toBeEnabled();
  });

  it('Remove takes the printer out, announces it and keeps the focus on the next Remove', async () => {
    fakeApi([canon, ricoh, brother]);
    fillBasket([canon, ricoh, brother]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await user.click(screen.getByRole('button', { name: 'Remove Ricoh IM C4510' }));
    expect(basketStore.has(ricoh.modelId)).toBe(false);
    expect(screen.getByTestId('basket-count')).toHaveTextContent('2 of 5 machines');
    expect(screen.getByTestId('basket-live-region')).toHaveTextContent('Ricoh IM C4510 removed from your basket.');
    expect(screen.getByRole('button', { name: 'Remove Brother MFC-L6910DN' })).toHaveFocus();
  });

  it('Clear basket empties it, and Undo brings the printers back', async () => {
    fakeApi([canon, ricoh]);
    fillBasket([canon, ricoh]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await user.click(screen.getByRole('button', { name: 'Clear basket' }));
    expect(basketStore.isEmpty).toBe(true);
    expect(screen.getByText('Your basket is empty.')).toBeInTheDocument();
    expect(screen.getByText('Basket cleared (2 machines).')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(basketStore.list.map((item) => item.modelId)).toEqual([canon.modelId, ricoh.modelId]);
    expect(screen.queryByRole('button', { name: 'Undo' })).not.toBeInTheDocument();
  });

  it('compares side by side: a real table, differing rows highlighted, the best value marked', async () => {
    fakeApi([canon, ricoh, brother]);
    fillBasket([canon, ricoh, brother]);
    const { container } = renderFragment(<BasketDrawer />);
    const table = await screen.findByRole('table');
    await waitFor(() => expect(within(table).queryByText('Loading')).not.toBeInTheDocument());

    const columns = within(table).getAllByRole('columnheader');
    expect(columns.map((th) => th.getAttribute('scope'))).toEqual(['col', 'col', 'col', 'col']);
    expect(columns.slice(1).map((th) => th.textContent)).toEqual([
      'CanonimageRUNNER ADVANCE DX C3926i',
      'RicohIM C4510',
      'BrotherMFC-L6910DN',
    ]);

    const row = (id: string) => container.querySelector(`tr[data-row="${id}"]`) as HTMLTableRowElement;
    const cells = (id: string) => Array.from(row(id).querySelectorAll('td')).map((td) => td.textContent);
    expect(within(row('printSpeed')).getByRole('rowheader')).toHaveAttribute('scope', 'row');

    // Differences: speed, paper size, colour and prices differ; the technology is the same.
    expect(row('printSpeed')).toHaveAttribute('data-differs', 'true');
    expect(within(row('printSpeed')).getByRole('rowheader')).toHaveTextContent('Print speedDiffers');
    expect(row('paperSize')).toHaveAttribute('data-differs', 'true');
    expect(row('colour')).toHaveAttribute('data-differs', 'true');
    expect(row('technology')).not.toHaveAttribute('data-differs');
    expect(row('startingPrice')).toHaveAttribute('data-differs', 'true');

    // Values and the best of each row, marked in words.
    expect(cells('printSpeed')).toEqual(['26 ppm', '45 ppm', '50 ppmBest: fastest']);
    expect(cells('scanSpeed')).toEqual(['190 ppm', '240 ppmBest: fastest', '–Not known']);
    expect(cells('colour')).toEqual(['Colour', 'Colour', 'Mono']);
    expect(cells('startingPrice')).toEqual(['£3,100.00', '£4,200.00', '£900.00Best: lowest']);
    // The Brother starts under the lease minimum (£1,000): it is sold outright only, never "best" for rental.
    expect(await within(row('rentalPerMonth')).findByText('Purchase only')).toBeInTheDocument();
    expect(cells('rentalPerMonth')).toEqual(['£75.00Best: lowest', '£90.00', 'Purchase only']);
    // Every price in the table is said to be ex VAT, and what the monthly figure is, under it.
    expect(within(row('startingPrice')).getByRole('rowheader')).toHaveTextContent('Starting price (ex VAT)');
    expect(within(row('rentalPerMonth')).getByRole('rowheader')).toHaveTextContent('Rental per month (ex VAT)');
    expect(
      screen.getByText(
        /^Prices exclude VAT\. A lease is offered on machines from £1,000 over 36, 48 or 60 months; rental per month is a third of the quarterly payment on a 60-month lease/,
      ),
    ).toBeInTheDocument();
    expect(row('technology').querySelector('[data-best]')).toBeNull();
  });

  it('a single printer shows its specifications with nothing marked as different', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const { container } = renderFragment(<BasketDrawer />);
    await screen.findByText('26 ppm');
    expect(screen.getByRole('heading', { name: 'Specifications' })).toBeInTheDocument();
    expect(container.querySelectorAll('[data-differs], [data-best]')).toHaveLength(0);
  });
});

describe('QuoteDetails view', () => {
  it('Instant quote opens the form and moves the focus to its heading; Back returns', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    expect(drawerView.view).toBe('QuoteDetails');
    expect(screen.getByRole('heading', { name: 'Your details' })).toHaveFocus();
    expect(screen.getByText('Canon imageRUNNER ADVANCE DX C3926i')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Back to basket/ }));
    expect(screen.getByRole('heading', { name: 'Comparison basket' })).toHaveFocus();
  });

  it('labels every field with its autocomplete purpose, and submit is disabled until the form is valid', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    expect(screen.getByLabelText('First name')).toHaveAttribute('autocomplete', 'given-name');
    expect(screen.getByLabelText('Last name')).toHaveAttribute('autocomplete', 'family-name');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('autocomplete', 'email');
    expect(screen.getByLabelText('E-mail address')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('autocomplete', 'tel');
    expect(screen.getByLabelText('Phone number')).toHaveAttribute('type', 'tel');
    expect(screen.getByLabelText('Postcode')).toHaveAttribute('autocomplete', 'postal-code');

    const submit = screen.getByRole('button', { name: 'Send my quote' });
    expect(submit).toBeDisabled();
    await fillDetails(user, { ...VALID_DETAILS, postcode: 'LE19' });
    expect(submit).toBeDisabled();
    await fillDetails(user, { postcode: 'LE19 1WX' });
    expect(submit).toBeEnabled();
  });

  it('says why Send is disabled: a live hint describes it, naming the fields still to complete, keyboard only', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    const submit = screen.getByRole('button', { name: 'Send my quote' });
    const hint = screen.getByTestId('quote-send-hint');
    expect(hint).toHaveAttribute('aria-live', 'polite');
    await waitFor(() =>
      expect(submit).toHaveAccessibleDescription('Still to complete: first name, last name, e-mail address, phone number and postcode.'),
    );
    // Keyboard only: Tab into each field and type.
    screen.getByLabelText('First name').focus();
    await user.keyboard(VALID_DETAILS.firstName);
    await user.tab();
    await user.keyboard(VALID_DETAILS.lastName);
    await user.tab();
    await user.keyboard('jo@');
    await user.tab();
    // Leaving a field in error shows its message and announces it, with the field's name.
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription('Please enter your email address.');
    expect(screen.getByTestId('basket-live-region')).toHaveTextContent('E-mail address: Please enter your email address.');
    expect(submit).toHaveAccessibleDescription('Still to complete: e-mail address, phone number and postcode.');
    await user.keyboard(VALID_DETAILS.phoneNumber);
    await user.tab();
    await user.keyboard(VALID_DETAILS.postcode);
    expect(submit).toHaveAccessibleDescription('Still to complete: e-mail address.');
    await user.click(screen.getByLabelText('E-mail address'));
    await user.keyboard('{End}example.co.uk');
    expect(submit).toBeEnabled();
    expect(submit).not.toHaveAttribute('aria-describedby');
    expect(hint).toBeEmptyDOMElement();
  });

  it('shows the exact message of each rule on blur, tied to its field', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);

    const first = screen.getByLabelText('First name');
    await user.click(first);
    await user.tab();
    // An untouched empty field says nothing when merely passed through…
    expect(first).not.toHaveAttribute('aria-invalid');
    // …but a wrong value does, on blur.
    await fillDetails(user, { firstName: 'J', lastName: 'B', email: 'jo@example', phoneNumber: '12345', postcode: 'QQ1 1AA' });
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(first).toHaveAccessibleDescription(QUOTE_MESSAGES.firstName);
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription(QUOTE_MESSAGES.lastName);
    expect(screen.getByLabelText('E-mail address')).toHaveAccessibleDescription(QUOTE_MESSAGES.email);
    expect(screen.getByLabelText('Phone number')).toHaveAccessibleDescription(QUOTE_MESSAGES.phoneNumber);
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription(QUOTE_MESSAGES.postcode);

    // Fixing a value takes its message away as the visitor types.
    await user.type(first, 'o');
    expect(first).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(QUOTE_MESSAGES.firstName)).not.toBeInTheDocument();

    // Clearing a touched field brings the message back on blur.
    await user.clear(first);
    await user.tab();
    expect(screen.getByText(QUOTE_MESSAGES.firstName)).toBeInTheDocument();
  });

  it('Enter in an incomplete form shows every message and focuses the first field in error', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user, { firstName: 'Jo', lastName: 'Bloggs' });
    await user.type(screen.getByLabelText('Last name'), '{Enter}');
    expect(screen.getByLabelText('E-mail address')).toHaveFocus();
    expect(screen.getByText(QUOTE_MESSAGES.phoneNumber)).toBeInTheDocument();
  });
});

describe('submitting', () => {
  it('sends POST /api/quote with the basket, the details, QUOTE, the first-touch utm and an Idempotency-Key; then Confirmation', async () => {
    const api = fakeApi([canon, ricoh]);
    window.localStorage.setItem('first-touch-campaign', JSON.stringify({ utm_source: 'google', utm_medium: 'cpc' }));
    fillBasket([canon, ricoh]);
    const events: AnalyticsEvent[] = [];
    const off = onAnalyticsEvent((event) => events.push(event));
    basketStore.open();
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    // The volumes the comparison's figures are at go with the request: the e-mail is worked out at them.
    const mono = await screen.findByLabelText('Mono pages a month');
    await user.clear(mono);
    await user.type(mono, '8,000');
    await user.clear(screen.getByLabelText('Colour pages a month'));
    await user.type(screen.getByLabelText('Colour pages a month'), '2000');
    await goToQuoteDetails(user);
    // The form shows the total the e-mail will give, at those volumes.
    expect(screen.getByTestId('quote-total')).toHaveTextContent('At 8,000 mono and 2,000 colour pages a month:');
    // Canon £75.00 rental + 8,000 x 0.5p + 2,000 x 4p = £195.00; Ricoh £90.00 + £36.00 + £78.00 = £204.00.
    expect(screen.getByTestId('quote-total')).toHaveTextContent(
      'Total a month for these 2 machines: £399.00 ex VAT; £478.80 with VAT (VAT at 20%).',
    );
    await fillDetails(user, { ...VALID_DETAILS, firstName: '  Jo ' });
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));

    await screen.findByRole('heading', { name: 'Your quote is on its way' });
    off();
    const [request] = api.quoteRequests();
    expect(api.quoteRequests()).toHaveLength(1);
    expect(request!.method).toBe('POST');
    expect(request!.body).toEqual({
      productIds: [canon.modelId, ricoh.modelId],
      contactDetails: { ...VALID_DETAILS, firstName: 'Jo' },
      eventType: 'QUOTE',
      utm: { utm_source: 'google', utm_medium: 'cpc' },
      volumes: { mono: 8000, colour: 2000 },
    });
    expect(request!.headers['Content-Type']).toBe('application/json');
    expect(request!.headers.Accept).toBe('application/json');
    expect(request!.headers['Idempotency-Key']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // Confirmation: on its way, the delivery time, the junk folder, the reference.
    expect(screen.getByRole('heading', { name: 'Your quote is on its way' })).toHaveFocus();
    expect(screen.getByText('Average delivery time 2 minutes')).toBeInTheDocument();
    expect(screen.getByText('If it has not arrived after a few minutes, please check your junk folder.')).toBeInTheDocument();
    expect(screen.getByTestId('quote-reference')).toHaveTextContent('CT-7K3M9Q2P');
    expect(screen.getByText('jo@example.co.uk')).toBeInTheDocument();
    expect(screen.getByTestId('basket-live-region')).toHaveTextContent('Your quote request has been sent. Your reference is CT-7K3M9Q2P.');

    // Events: submitted and lead, with no personal data.
    const names = events.map((e) => e.event);
    expect(names).toEqual(['quote_request_submitted', 'lead']);
    expect(events[0]!.params).toEqual({ count: 2, reference: 'CT-7K3M9Q2P' });
    expect(events[1]!.params).toEqual({ source: 'quote' });
    expect(JSON.stringify(events)).not.toMatch(/jo@example|Bloggs|0116|LE19/);

    // Ok closes the drawer and returns to the Basket view.
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    expect(uiStore.drawer).toBeNull();
    expect(drawerView.view).toBe('Basket');
  }, 30_000);

  it('shows "Sending…" and cannot send twice while the request is in flight', async () => {
    const api = fakeApi([canon]);
    let answer: (value: { status: number; body: unknown }) => void = () => undefined;
    api.answerQuote(new Promise((resolve) => (answer = resolve)));
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user);
    const submit = screen.getByRole('button', { name: 'Send my quote' });
    await user.click(submit);
    expect(submit).toHaveTextContent('Sending…');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveFocus();
    await user.click(submit);
    await user.type(screen.getByLabelText('Postcode'), '{Enter}');
    expect(api.quoteRequests()).toHaveLength(1);
    await act(async () => answer({ status: 201, body: { reference: 'CT-AAAAAAAA' } }));
    await screen.findByText('CT-AAAAAAAA');
  });

  it('a failed submit (503) says so, keeps everything typed, and Retry sends the same Idempotency-Key', async () => {
    const api = fakeApi([canon]);
    api.answerQuote({ status: 503, body: { statusCode: 503, message: 'Service Unavailable' } });
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong on our side and your request has not been sent.');
    expect(drawerView.view).toBe('QuoteDetails');
    expect(screen.getByLabelText('First name')).toHaveValue('Jo');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('jo@example.co.uk');
    expect(screen.getByLabelText('Postcode')).toHaveValue('LE19 1WX');
    expect(consoleError).toHaveBeenCalledWith('[basket] quote request failed:', 'server', 503);
    expect(JSON.stringify(consoleError.mock.calls)).not.toMatch(/jo@example/);

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Your quote is on its way' });
    const [first, retry] = api.quoteRequests();
    expect(api.quoteRequests()).toHaveLength(2);
    expect(retry!.headers['Idempotency-Key']).toBe(first!.headers['Idempotency-Key']);
    expect(retry!.body).toEqual(first!.body);
  });

  it('a network failure and a rate limit say what happened and what to do', async () => {
    const api = fakeApi([canon]);
    api.answerQuote('network', { status: 429, body: {}, headers: { 'Retry-After': '30' } });
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not reach Copytech, so your request has not been sent.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Please wait 30 seconds, then try again.'));
    const keys = api.quoteRequests().map((r) => r.headers['Idempotency-Key']);
    expect(new Set(keys).size).toBe(1);
  });

  it('after a failure, changing the details makes a new request with a new key; so does a new quote after success', async () => {
    const api = fakeApi([canon]);
    api.answerQuote({ status: 500, body: {} });
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));
    await screen.findByRole('alert');
    await fillDetails(user, { email: 'jo.bloggs@example.co.uk' });
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await screen.findByRole('heading', { name: 'Your quote is on its way' });
    await user.click(screen.getByRole('button', { name: 'Ok' }));
    await user.click(screen.getByRole('button', { name: 'Instant quote' }));
    await user.click(await screen.findByRole('button', { name: 'Send my quote' }));
    await screen.findByRole('heading', { name: 'Your quote is on its way' });
    const keys = api.quoteRequests().map((r) => r.headers['Idempotency-Key']);
    expect(keys).toHaveLength(3);
    expect(new Set(keys).size).toBe(3);
  });

  it('400 field errors from the server are shown on their fields, and the focus goes to the first', async () => {
    const api = fakeApi([canon]);
    api.answerQuote({
      status: 400,
      body: {
        error: 'Bad Request',
        statusCode: 400,
        message: 'Invalid quote request',
        fieldErrors: {
          'contactDetails.email': 'Please enter your email address.',
          'contactDetails.postcode': 'Please enter a valid post code.',
        },
      },
    });
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));

    const email = screen.getByLabelText('E-mail address');
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'));
    expect(email).toHaveAccessibleDescription('Please enter your email address.');
    expect(screen.getByLabelText('Postcode')).toHaveAccessibleDescription('Please enter a valid post code.');
    expect(screen.getByLabelText('First name')).not.toHaveAttribute('aria-invalid');
    expect(email).toHaveFocus();
    expect(screen.getByRole('alert')).toHaveTextContent('Please check the highlighted details and send again.');
    // Nothing to retry until a detail changes.
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('a 400 about the products says so in words', async () => {
    const api = fakeApi([canon]);
    api.answerQuote(
      { status: 400, body: { statusCode: 400, message: 'Invalid', fieldErrors: { productIds: 'Unknown product id.' } } },
      {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Some of the products in the basket are not available.',
          fieldErrors: { 'productIds[0]': 'This product is no longer available.' },
        },
      },
    );
    fillBasket([canon]);
    const user = userEvent.setup();
    renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user);
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not quote for everything in your basket: Unknown product id.');
    // The server names the position of the product in the list.
    await fillDetails(user, { firstName: 'Joe' });
    await user.click(screen.getByRole('button', { name: 'Send my quote' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(
        'We could not quote for everything in your basket: This product is no longer available.',
      ),
    );
  });

  it('what was typed survives closing and reopening the drawer', async () => {
    fakeApi([canon]);
    fillBasket([canon]);
    const user = userEvent.setup();
    const first = renderFragment(<BasketDrawer />);
    await goToQuoteDetails(user);
    await fillDetails(user, { firstName: 'Jo', email: 'jo@example.co.uk' });
    first.unmount();
    renderFragment(<BasketDrawer />);
    expect(screen.getByLabelText('First name')).toHaveValue('Jo');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('jo@example.co.uk');
  });
});
