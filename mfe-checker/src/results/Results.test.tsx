/**
 * The results a business buyer acts on: the figures side by side, the chart's text alternative,
 * the assumptions, Change by step name, and the two actions (the report with its human-check
 * solution, the quote enquiry with the figures), including what happens when they fail.
 */
import { render as renderInDom, screen, within } from '@testing-library/react';
import { TEST_TERMS } from '@copytech/shared/testing';
import userEvent from '@testing-library/user-event';
import { loadFormRules } from '@copytech/shared/formRules';
import { SavingsCheckerStore } from '../checker/SavingsCheckerStore';
import { fitUrlOf } from '../checker/fitList';
import { Results } from './Results';
import { MemoryRouter } from 'react-router-dom';
import type { ReactElement } from 'react';

/** The results' buttons post their form to the page it is on (the router's location). */
const render = (ui: ReactElement) => renderInDom(<MemoryRouter initialEntries={['/discover-print-savings']}>{ui}</MemoryRouter>);

// The real rules, through a spy: a test can see when they are asked for, or make a load fail.
jest.mock('@copytech/shared/formRules', () => {
  const actual = jest.requireActual<typeof import('@copytech/shared/formRules')>('@copytech/shared/formRules');
  const loadFormRules = jest.fn(actual.loadFormRules);
  return { ...actual, loadFormRules, preloadFormRules: () => void loadFormRules().catch(() => undefined) };
});
const loadRules = loadFormRules as jest.MockedFunction<typeof loadFormRules>;
const actualLoadRules = loadRules.getMockImplementation()!;

jest.mock('../wizard/HumanCheck', () => ({
  HumanCheck: ({ onVerified }: { onVerified: (payload: string) => void }) => (
    <button type="button" onClick={() => onVerified('fresh-payload')}>
      I am not a robot (test)
    </button>
  ),
}));

const stores: SavingsCheckerStore[] = [];
afterEach(() => {
  loadRules.mockImplementation(actualLoadRules); // online again, whatever a test did
  jest.restoreAllMocks();
  stores.splice(0).forEach((store) => store.dispose());
  delete (globalThis as { fetch?: unknown }).fetch;
});

/** The lease worked example of savings.test.ts, answered through the store, at the results. */
function leaseStore(overrides: (store: SavingsCheckerStore) => void = () => undefined): SavingsCheckerStore {
  const store = new SavingsCheckerStore(null);
  store.setTerms(TEST_TERMS);
  stores.push(store);
  store.setEntryMode('itemised');
  store.setPurchaseMethod('lease');
  store.setPrice('leasePricePerPeriod', { value: 27_000, periodInMonths: 3 });
  store.setSupport('cpc');
  store.setPrice('cpcPricePerPeriod', { value: 45_000, periodInMonths: 3 });
  (['equipmentIsInsured', 'tonerDeliveryPaidFor', 'networkSupportPaidFor', 'payOtherCharges'] as const).forEach((q) =>
    store.setExtra(q, false),
  );
  store.setVolume('blackAndWhiteVolume', { value: 15_000 });
  store.setVolume('colourVolume', { value: 3_000 });
  overrides(store);
  // The list of the machines that fit could not be read: the "from" prices, said as such.
  const fitUrl = fitUrlOf(store.answers, store.machine);
  if (fitUrl) store.setFitList(fitUrl, null);
  store.completeCaptcha('solved-payload');
  for (const step of store.steps) store.completeStep(step);
  expect(store.goTo('results')).toBe(true);
  return store;
}

function rowCells(name: string) {
  const row = screen.getByRole('rowheader', { name }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
}

/** jsdom has no fetch: a stand-in that answers in turn and records every call. */
function mockFetch(...answers: Array<{ status: number; body: unknown }>) {
  const calls: Array<{ url: string; init: RequestInit }> = [];
  const queue = [...answers];
  const fake = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url: String(url), init: init ?? {} });
    const next = queue.shift() ?? { status: 500, body: {} };
    return { ok: next.status >= 200 && next.status < 300, status: next.status, json: async () => next.body } as Response;
  });
  (globalThis as { fetch?: unknown }).fetch = fake;
  return calls;
}

async function fillContactDetails(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Jo');
  await user.type(screen.getByLabelText('Last name'), 'Bloggs');
  await user.type(screen.getByLabelText('E-mail address'), 'jo@example.co.uk');
  await user.type(screen.getByLabelText('Phone number'), '0116 496 0123');
  await user.type(screen.getByLabelText('Postcode'), 'LE19 1WX');
}

describe('the figures', () => {
  it('shows today, Copytech and the saving side by side, per month, per year, over 60 months and per page', () => {
    render(<Results store={leaseStore()} />);
    expect(screen.getByText(/Save/)).toHaveTextContent('Save £1,170 a year');
    expect(
      screen.getByText(
        "At Copytech's lowest prices per page, which only its fastest office machines have, you could save £1,170.00 a year (40.6%), £5,850.00 over 60 months.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('table', { name: /Your costs today and with Copytech/ })).toBeInTheDocument();
    expect(rowCells('Per month')).toEqual(['£240.00', '£142.50', '£97.50']);
    expect(rowCells('Per year')).toEqual(['£2,880.00', '£1,710.00', '£1,170.00']);
    expect(rowCells('60 months')).toEqual(['£14,400.00', '£8,550.00', '£5,850.00']);
    expect(rowCells('Per mono page')).toEqual(['1.78p', '1.06p', '0.72p']);
    expect(rowCells('Per colour page')).toEqual(['15.09p', '8.96p', '6.13p']);
  });

  it('draws the cost per year with a text alternative carrying the figures', () => {
    render(<Results store={leaseStore()} />);
    const chart = screen.getByRole('img', { name: /Cost per year today and with Copytech/ });
    expect(chart).toHaveAccessibleName(expect.stringContaining('Today: £2,880 a year (equipment £1,080, print service today £1,800).'));
    expect(chart).toHaveAccessibleName(
      expect.stringContaining("With Copytech: £1,710 a year (equipment £1,080, copytech's prices per page £630)."),
    );
    // The bars are drawn to scale: £2,880 and £1,710 on a scale to £3,000.
    const today = chart.querySelector('[data-side="current"] [data-part="printService"]')!;
    expect(today.getAttribute('x')).toBe('36%'); // after equipment £1,080 of £3,000
    expect(today.getAttribute('width')).toBe('60%'); // £1,800 of £3,000
    const copytech = chart.querySelector('[data-side="copytech"] [data-part="printService"]')!;
    expect(copytech.getAttribute('width')).toBe('21%'); // £630 of £3,000
  });

  it('lists the assumptions', () => {
    render(<Results store={leaseStore()} />);
    const list = screen.getByRole('heading', { name: 'How we worked it out' }).parentElement!;
    expect(within(list).getByText(/from 0.39p a mono page and from 3.3p a colour page/)).toBeInTheDocument();
    expect(within(list).getByText(/equipment costs are assumed to stay the same/)).toBeInTheDocument();
  });

  it('says honestly when Copytech would not be cheaper, and calls the column a difference', () => {
    const store = leaseStore((s) => s.setPrice('cpcPricePerPeriod', { value: 3_000, periodInMonths: 3 })); // £10 a month; Copytech £52.50 a month for the same pages: £42.50 a month, £510 a year more
    render(<Results store={store} />);
    expect(screen.queryByText(/^Save/)).not.toBeInTheDocument();
    expect(screen.getByText(/you would not save: on the figures you gave, it would cost £510.00 a year more/)).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Difference' })).toBeInTheDocument();
    expect(rowCells('Per year')[2]).toBe('£510.00 more');
  });

  it('goes back to a step by name from "What you told us"', async () => {
    const user = userEvent.setup();
    const store = leaseStore();
    render(<Results store={store} />);
    await user.click(screen.getByRole('button', { name: 'Change pages you print' }));
    expect(store.currentStep).toBe('volumes');
  });
});

describe('E-mail me this report', () => {
  it('posts the answers, the contact details and the captcha solution, then confirms with the reference', async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ status: 201, body: { reference: 'CT-7K3M9Q2P' } });
    const store = leaseStore();
    render(<Results store={store} />);
    await fillContactDetails(user);
    await user.click(screen.getByRole('button', { name: 'E-mail me this report' }));

    expect(await screen.findByText(/Your report is on its way/)).toBeInTheDocument();
    expect(screen.getByText('CT-7K3M9Q2P')).toBeInTheDocument();
    expect(screen.getByText(/check your junk folder/)).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe('/api/report');
    expect(calls[0]!.init.method).toBe('POST');
    expect((calls[0]!.init.headers as Record<string, string>)['Content-Type']).toBe('application/json');
    const body = JSON.parse(String(calls[0]!.init.body));
    expect(body.captcha).toBe('solved-payload');
    expect(body.contactDetails).toEqual({
      firstName: 'Jo',
      lastName: 'Bloggs',
      email: 'jo@example.co.uk',
      phoneNumber: '0116 496 0123',
      postcode: 'LE19 1WX',
    });
    expect(body.answers.leasePricePerPeriod).toEqual({ value: 27_000, periodInMonths: 3 });
    expect(store.captchaPayload).toBeNull(); // single-use
  });

  it("checks the contact details first, with the quote form's messages, and sends nothing", async () => {
    const user = userEvent.setup();
    const calls = mockFetch();
    render(<Results store={leaseStore()} />);
    await user.click(screen.getByRole('button', { name: 'E-mail me this report' }));
    expect(await screen.findByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('Please enter your first name.');
    expect(screen.getByLabelText('First name')).toHaveFocus();
    expect(screen.getByText('Please enter a valid post code.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('asks for the human check again when the server refuses the solution, then sends with the new one', async () => {
    const user = userEvent.setup();
    const calls = mockFetch(
      {
        status: 400,
        body: {
          statusCode: 400,
          error: 'Bad Request',
          message: 'Please confirm again.',
          fieldErrors: { captcha: 'The check has expired or was already used.' },
        },
      },
      { status: 201, body: { reference: 'CT-ABCDEFGH' } },
    );
    render(<Results store={leaseStore()} />);
    await fillContactDetails(user);
    await user.click(screen.getByRole('button', { name: 'E-mail me this report' }));
    expect(await screen.findByText(/Please confirm you are not a robot again/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'I am not a robot (test)' }));
    expect(await screen.findByText('CT-ABCDEFGH')).toBeInTheDocument();
    expect(JSON.parse(String(calls[1]!.init.body)).captcha).toBe('fresh-payload');
  });

  it('loads its rules when the form is first used, not with the results', async () => {
    const user = userEvent.setup();
    loadRules.mockClear();
    render(<Results store={leaseStore()} />);
    expect(loadRules).not.toHaveBeenCalled();
    await user.click(screen.getByLabelText('First name'));
    expect(loadRules).toHaveBeenCalled();
    await user.type(screen.getByLabelText('First name'), 'J');
    await user.tab();
    expect(await screen.findByText('Please enter your first name.')).toBeInTheDocument();
  });

  it('keeps what was typed and says so when the server fails', async () => {
    const user = userEvent.setup();
    mockFetch({ status: 503, body: {} });
    render(<Results store={leaseStore()} />);
    await fillContactDetails(user);
    await user.click(screen.getByRole('button', { name: 'E-mail me this report' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side and your request has not been sent.');
    expect(screen.getByLabelText('E-mail address')).toHaveValue('jo@example.co.uk');
  });
});

describe('Get a quote', () => {
  it("sends an enquiry carrying the checker's figures, with an idempotency key", async () => {
    const user = userEvent.setup();
    const calls = mockFetch({ status: 201, body: { reference: 'CT-QUOTE123' } });
    render(<Results store={leaseStore()} />);
    await fillContactDetails(user);
    await user.click(screen.getByRole('button', { name: 'Get a quote' }));
    expect(await screen.findByText(/we have your quote request/)).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/api/enquiries/send');
    expect((calls[0]!.init.headers as Record<string, string>)['Idempotency-Key']).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    const body = JSON.parse(String(calls[0]!.init.body));
    expect(body).toMatchObject({ kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', phone: '0116 496 0123' });
    expect(body.message).toContain('Today: £240.00 a month (£2,880.00 a year).');
    expect(body.message).toContain('Possible saving: £1,170.00 a year, £5,850.00 over 60 months.');
    expect(body.message).toContain('Postcode: LE19 1WX.');
    expect(body.message.length).toBeLessThanOrEqual(2000);
  });
});
