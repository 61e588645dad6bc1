/** The instant quote without JavaScript: GET and POST /instant-quote/:modelId, pages answered by the server. */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { QUOTE_MESSAGES } from '@copytech/shared/domain';
import { C5840I, INACTIVE, configOn, mimeParts, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const VALID = {
  firstName: 'Jo',
  lastName: 'Bloggs',
  email: 'jo.bloggs@example.co.uk',
  phoneNumber: '0116 496 0123',
  postcode: 'LE19 1WX',
  mono: '8,000',
  colour: '2000',
};

describe.each(databases())('on %s', (database) => {
  let app: FastifyInstance;
  let varDir: string;
  beforeAll(async () => {
    const config = configOn(database);
    varDir = config.varDir;
    app = await testApp(config);
  });
  afterAll(() => app.close());

  const post = (fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }, id = C5840I) =>
    app.inject({
      method: 'POST',
      url: `/instant-quote/${id}`,
      payload: form(fields),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    });
  const keyOf = (html: string) => /name="key" value="([^"]+)"/.exec(html)![1]!;
  const figureOf = (html: string) => /What it costs at [^<]+/.exec(html)![0];

  it('serves the form: a POST to its own path, the figures at the query’s volumes, no scripts, not cached', async () => {
    const res = await app.inject({ method: 'GET', url: `/instant-quote/${C5840I}?mono=8000&colour=2000` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain(`<form method="post" action="/instant-quote/${C5840I}"`);
    expect(html).not.toMatch(/<script|style="/);
    for (const label of [
      'First name',
      'Last name',
      'E-mail address',
      'Phone number',
      'Postcode',
      'Mono pages a month',
      'Colour pages a month',
    ]) {
      expect(html).toContain(`>${label}</label>`);
    }
    // 8,000 x 0.52p + 2,000 x 4p = £121.60, with the £138.00 rental
    expect(figureOf(html)).toBe(
      'What it costs at 8,000 mono and 2,000 colour pages a month: £138.00 rental + £121.60 pages = £259.60 a month, ex VAT; £311.52 with VAT.',
    );
    expect(html).toContain('Total a month for this machine: £259.60 ex VAT; £311.52 with VAT (VAT at 20%).');
    // Its own description, in the words of this machine and the terms' 30 days.
    expect(/<meta name="description" content="([^"]+)">/.exec(html)?.[1]).toMatch(
      /^An instant quote for the Canon imageRUNNER ADVANCE DX C5840i: what it costs a month at the pages you print, ex VAT and with VAT, e-mailed to you and valid for 30 days\.$/,
    );
    const css = await app.inject({ method: 'GET', url: '/instant-quote/page.css' });
    expect(css.statusCode).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
  });

  it('answers a machine it cannot quote with a page that says so', async () => {
    expect((await app.inject({ method: 'GET', url: `/instant-quote/${INACTIVE}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/instant-quote/nosuchmachine' })).statusCode).toBe(404);
  });

  it('shows every problem, each tied to its field, with everything typed kept, and stores nothing', async () => {
    const before = await app.db
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    const res = await post({ ...VALID, firstName: 'J', email: 'jo@', mono: 'lots', key: 'k-1234567890' });
    expect(res.statusCode).toBe(400);
    const html = res.body;
    expect(html).toContain('There is a problem');
    expect(html).toContain(`<a href="#iq-firstName">${QUOTE_MESSAGES.firstName}</a>`);
    expect(html).toContain(`<a href="#iq-email">${QUOTE_MESSAGES.email}</a>`);
    expect(html).toContain('<a href="#iq-mono">Pages a month must be a whole number from 0 to 2,000,000.</a>');
    expect(html).toMatch(/id="iq-email" name="email" value="jo@"[^>]*aria-describedby="iq-email-error" aria-invalid="true"/);
    expect(html).toContain('name="lastName" value="Bloggs"');
    expect(html).toContain('name="mono" value="lots"');
    expect(keyOf(html)).toBe('k-1234567890');
    const after = await app.db
      .selectFrom('quotes')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it('refuses a post from another site', async () => {
    expect((await post(VALID, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    expect((await post(VALID, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await post(VALID, { 'sec-fetch-site': 'same-site', origin: 'https://blog.example.co.uk' })).statusCode).toBe(403);
    // The rule of every form the server answers (pages/origin.ts crossSitePost): a client that
    // sends neither header is no browser another site's page could steer.
    expect((await post(VALID, {})).statusCode).toBe(200);
  });

  it('sends the quote: the confirmation page, the e-mail with the figures the page showed, and one quote for a repeated post', async () => {
    const page = await app.inject({ method: 'GET', url: `/instant-quote/${C5840I}?mono=8000&colour=2000` });
    const key = keyOf(page.body);
    const res = await post({ ...VALID, key });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Your quote is on its way');
    expect(res.body).toContain('If it has not arrived after a few minutes, please check your junk folder.');
    expect(res.body).toContain('to <strong>jo.bloggs@example.co.uk</strong>');
    const reference = /data-testid="quote-reference">(CT-[0-9A-Z]{8})</.exec(res.body)![1]!;
    // The same form sent again (a reload, a second press): the same quote, nothing new stored.
    const again = await post({ ...VALID, key });
    expect(again.body).toContain(reference);
    const rows = await app.db.selectFrom('quotes').select('reference').where('reference', '=', reference).execute();
    expect(rows).toHaveLength(1);

    await app.outbox.runDue();
    const file = fs.readdirSync(path.join(varDir, 'outbox')).find((f) => f.includes(reference) && f.includes('quote-visitor'))!;
    const mail = mimeParts(fs.readFileSync(path.join(varDir, 'outbox', file), 'utf8'));
    expect(mail.text).toContain(figureOf(page.body));
    expect(mail.text).toContain('Total a month for this machine: £259.60 ex VAT; £311.52 with VAT (VAT at 20%).');
  });

  it('never logs the personal data nor puts it in a URL', async () => {
    const res = await post({ ...VALID, key: 'k-abcdefghij' });
    expect(res.headers.location).toBeUndefined();
    expect(res.body).not.toMatch(/action="[^"]*(jo|Bloggs|LE19)/);
  });
});

describe('too many posts from one address', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn('sqlite', { rateLimits: { quotePerMinute: 2, formsPerMinute: 2 } }));
  });
  afterAll(() => app.close());

  it('answers a form sent without JavaScript with a page (how long to wait, back to the form), and a JSON request with JSON', async () => {
    const send = () =>
      app.inject({
        method: 'POST',
        url: `/instant-quote/${C5840I}`,
        payload: form({ ...VALID, firstName: 'Ann' }),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' },
      });
    await send();
    await send();
    const refused = await send();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toMatch(/^text\/html/);
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body).toContain('<h1>Please wait before sending again</h1>');
    expect(refused.body).toMatch(/Too many requests: please try again in \d+ seconds\./);
    expect(refused.body).toContain(`<a href="/instant-quote/${C5840I}">Back to the form</a>`);
    // Nothing posted is echoed.
    expect(refused.body).not.toContain('Ann');

    const json = () =>
      app.inject({
        method: 'POST',
        url: '/api/quote',
        payload: {},
        headers: { 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
      });
    await json();
    await json();
    const api = await json();
    expect(api.statusCode).toBe(429);
    expect(api.headers['content-type']).toMatch(/^application\/json/);
  });
});
