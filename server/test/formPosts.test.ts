/**
 * The forms posted without JavaScript (pages/formPosts.ts, docs/product-rules.md "Forms without
 * JavaScript"): a url-encoded post to the form's own page is checked by the same rules, stored and
 * mailed as its JSON route's, and answered with the page (never kept, no-store); a post from
 * another site, to a page without that form, or of another kind of body is refused. The page's
 * body with the posted state is rendered by the e2e tests (e2e/tests/formsWithoutJs.spec.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REFERENCE_PATTERN } from '@copytech/shared/domain';
import { CROSS_SITE_MESSAGE, FORM_ENCODING_MESSAGE, NO_SUCH_FORM_MESSAGE, postedFields } from '../src/pages/formPosts';
import { crossSitePost } from '../src/pages/origin';
import { REAL_DATA, tempDir, testApp, testConfig } from './helpers';

const siteRoot = tempDir('ct-forms-site-');
fs.mkdirSync(path.join(siteRoot, 'shell', 'dist'), { recursive: true });
fs.writeFileSync(
  path.join(siteRoot, 'shell', 'dist', 'index.html'),
  '<!doctype html><html><head><script defer src=/main.js></script></head><body><div id=root></div></body></html>',
);

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const SAME_ORIGIN = { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' };

describe('forms posted without JavaScript', () => {
  let app: FastifyInstance;
  let varDir: string;
  beforeAll(async () => {
    const config = testConfig({ serveSite: true, serverRender: false, siteRoot, dataDir: REAL_DATA });
    varDir = config.varDir;
    app = await testApp(config);
  });
  afterAll(() => app.close());

  const post = (url: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload: form(fields), headers: { ...SAME_ORIGIN, host: 'localhost:80', ...headers } });
  const outboxFiles = (reference: string) => fs.readdirSync(path.join(varDir, 'outbox')).filter((file) => file.includes(reference));

  const enquiry = {
    form: 'enquiry',
    name: '  Jo Bloggs ',
    email: 'jo@example.co.uk',
    phone: '',
    company: '',
    message: 'We need two A3 colour machines for our new office.',
  };

  it('stores an enquiry posted to /contact-us, mails sales and the visitor, and answers the page, not kept', async () => {
    const res = await post('/contact-us', enquiry);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await app.db.selectFrom('enquiries').selectAll().where('kind', '=', 'enquiry').execute();
    const row = rows.find((r) => JSON.parse(r.data).email === 'jo@example.co.uk')!;
    expect(row.reference).toMatch(REFERENCE_PATTERN);
    // The request the script's form would send: trimmed, the empty optional fields left out.
    expect(JSON.parse(row.data)).toEqual({ kind: 'enquiry', name: 'Jo Bloggs', email: 'jo@example.co.uk', message: enquiry.message });
    await app.outbox.runDue();
    const files = outboxFiles(row.reference);
    expect(files).toHaveLength(2);
    expect(files).toEqual(expect.arrayContaining([expect.stringContaining('enquiry-sales'), expect.stringContaining('enquiry-visitor')]));
  });

  it('takes a reload of the answer (the same post again) as the same enquiry', async () => {
    const body = { ...enquiry, email: 'reload@example.co.uk' };
    expect((await post('/contact-us', body)).statusCode).toBe(200);
    expect((await post('/contact-us', body)).statusCode).toBe(200);
    const rows = await app.db.selectFrom('enquiries').selectAll().execute();
    expect(rows.filter((r) => JSON.parse(r.data).email === 'reload@example.co.uk')).toHaveLength(1);
  });

  it('answers a post that fails the rules with 400 and the page, storing nothing', async () => {
    const before = (await app.db.selectFrom('enquiries').selectAll().execute()).length;
    const res = await post('/contact-us', { form: 'enquiry', name: 'J', email: 'jo@', message: 'short' });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect((await app.db.selectFrom('enquiries').selectAll().execute()).length).toBe(before);
  });

  it('stores a service request posted to /customer-support, by the same rules', async () => {
    const request = {
      form: 'service-request',
      name: 'Sam Patel',
      email: 'sam@example.co.uk',
      phone: '07700 900123',
      company: 'Patel & Co',
      machine: 'Ricoh IM C3010',
      serialNumber: 'C3010-88421',
      fault: 'Paper jams in tray 2 on every job.',
      urgency: 'machine-down',
    };
    const res = await post('/customer-support', request);
    expect(res.statusCode).toBe(200);
    const rows = await app.db.selectFrom('enquiries').selectAll().where('kind', '=', 'service-request').execute();
    expect(rows.map((r) => JSON.parse(r.data))).toContainEqual({ ...request, form: undefined, kind: 'service-request' });
    expect((await post('/customer-support', { ...request, urgency: 'low' })).statusCode).toBe(400);
  });

  it('signs up to the newsletter from its page, and refuses an address that is not one', async () => {
    const res = await post('/newsletter', { form: 'newsletter', first_name: 'Jo', email: 'News@Example.co.uk' });
    expect(res.statusCode).toBe(200);
    const row = await app.db.selectFrom('newsletter_signups').selectAll().where('email', '=', 'news@example.co.uk').executeTakeFirst();
    expect(row).toMatchObject({ first_name: 'Jo', form_id: '1', form_name: 'newsletter' });
    expect((await post('/newsletter', { form: 'newsletter', email: 'not-an-address' })).statusCode).toBe(400);
  });

  it('refuses a post from another site', async () => {
    const crossSite: Array<Record<string, string>> = [
      { origin: 'https://evil.example' },
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'null' },
    ];
    for (const headers of crossSite) {
      const res = await post('/contact-us', { ...enquiry, email: 'csrf@example.co.uk' }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(CROSS_SITE_MESSAGE);
    }
    const rows = await app.db.selectFrom('enquiries').selectAll().execute();
    expect(rows.filter((r) => JSON.parse(r.data).email === 'csrf@example.co.uk')).toHaveLength(0);
  });

  it('takes a form only on a page that holds it, and url-encoded bodies only', async () => {
    for (const [url, fields] of [
      ['/customer-support', enquiry],
      ['/services/print-audit', enquiry],
      ['/contact-us', { ...enquiry, form: 'quote' }],
      ['/contact-us', { ...enquiry, form: '' }],
      ['/newsletter', { form: 'enquiry', email: 'jo@example.co.uk' }],
    ] as const) {
      const res = await post(url, fields);
      expect([url, res.statusCode]).toEqual([url, 404]);
      expect(res.json().message).toBe(NO_SUCH_FORM_MESSAGE);
    }
    const json = await app.inject({ method: 'POST', url: '/contact-us', payload: enquiry, headers: { origin: 'http://localhost:80' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().message).toBe(FORM_ENCODING_MESSAGE);
  });
});

describe('what a post is', () => {
  const request = (headers: Record<string, string>) =>
    ({ headers, protocol: 'https', host: 'www.copytech.co.uk' }) as unknown as Parameters<typeof crossSitePost>[0];
  it('is from the site when the browser says so, or says nothing', () => {
    const config = { publicUrl: 'https://copytech.co.uk' };
    expect(crossSitePost(request({}), config)).toBe(false);
    expect(crossSitePost(request({ 'sec-fetch-site': 'same-origin', origin: 'https://copytech.co.uk' }), config)).toBe(false);
    expect(crossSitePost(request({ origin: 'https://www.copytech.co.uk' }), config)).toBe(false); // the host it came to
    expect(crossSitePost(request({ 'sec-fetch-site': 'same-site', origin: 'https://blog.copytech.co.uk' }), config)).toBe(true);
    expect(crossSitePost(request({ origin: 'http://copytech.co.uk' }), config)).toBe(true);
  });
  it('reads only the form’s fields, each once', () => {
    const pairs = new URLSearchParams('name=Jo&name=Al&email=a%40b.co&admin=1');
    expect(postedFields(pairs, ['name', 'email', 'phone'])).toEqual({ name: 'Jo', email: 'a@b.co' });
    expect(postedFields({ name: 'x' }, ['name'])).toEqual({});
  });
});
