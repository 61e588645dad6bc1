/**
 * POST /api/report: the savings checker's report, with a captcha solved for real. Stored with a
 * reference, figures recomputed by the server (whatever the browser claims), mailed to the
 * visitor and to sales through the outbox; the solution works once; bad input is a 400 with
 * field errors, never a 500, and does not use up the solution.
 */
import fs from 'node:fs';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  REFERENCE_PATTERN,
  SAVINGS_MESSAGES,
  QUOTE_MESSAGES,
  calculateSavings,
  copytechSideWords,
  defaultSavingsAnswers,
  fittingListPath,
  machineFit,
  machineNeedsOf,
  pagesPerMonth,
  type Product,
  type SavingsAnswers,
} from '@copytech/shared/domain';
import type { CheckerDb } from '../../db/savingsCheckerMigration';
import { CAPTCHA_MESSAGES } from '../../captcha/captcha';
import { CONTACT, configOn, mimeParts, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';
import { leaseAnswers } from '../../../test/fixtures/leaseAnswers';

/** A challenge from the app, solved for real as the widget does; the widget's base64 payload. */
async function solvedPayload(app: FastifyInstance): Promise<string> {
  const challenge = (await app.inject({ method: 'GET', url: '/api/captcha/challenge' })).json() as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution found');
  return Buffer.from(
    JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }),
  ).toString('base64');
}

/** The Subject header, unfolded and with its RFC 2047 encoded words decoded. */
function subjectOf(headers: string): string {
  const raw = headers.match(/^Subject: (.*(?:\n[ \t].*)*)/m)?.[1] ?? '';
  return raw
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, text: string) =>
      Buffer.from(
        text.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_h, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        'latin1',
      ).toString('utf8'),
    )
    .replace(/\n[ \t]+/g, ' ');
}

describe.each(databases())('on %s', (database) => {
  describe('POST /api/report', () => {
    let app: FastifyInstance;
    /** What the checker page shows for these answers: priced with the machine that fits, from the same list API. */
    const expected = async (answers: SavingsAnswers) => {
      const needs = machineNeedsOf(answers, pagesPerMonth);
      const list = needs ? await app.inject({ method: 'GET', url: fittingListPath(needs) }) : null;
      const products = list ? (list.json() as { results: Product[] }).results : null;
      return calculateSavings(answers, app.terms.terms, null, machineFit(products, answers, app.terms.terms, pagesPerMonth));
    };
    const flat = (text: string) => text.replace(/\s+/g, ' ');
    let varDir: string;
    beforeAll(async () => {
      const config = configOn(database);
      varDir = config.varDir;
      app = await testApp(config);
    });
    afterAll(() => app.close());

    const send = (body: unknown) =>
      app.inject({ method: 'POST', url: '/api/report', payload: body as object, headers: { 'content-type': 'application/json' } });
    const db = () => app.db as unknown as CheckerDb;
    const mailsFor = (reference: string) => fs.readdirSync(path.join(varDir, 'outbox')).filter((file) => file.includes(reference));
    const mail = (reference: string, kind: string) =>
      mimeParts(
        fs.readFileSync(
          path.join(
            varDir,
            'outbox',
            mailsFor(reference).find((file) => file.includes(kind))!,
          ),
          'utf8',
        ),
      );

    it('stores the report, answers 201 with a reference, and mails the visitor with a copy to sales', async () => {
      const res = await send({ answers: leaseAnswers(), contactDetails: CONTACT, captcha: await solvedPayload(app) });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      expect(reference).toMatch(REFERENCE_PATTERN);

      const row = await db().selectFrom('savings_reports').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      const figures = await expected(leaseAnswers());
      // Priced as the checker page prices it: with the machine that fits from the same list (the "from" prices,
      // said as such, only when the test catalogue has none; checkerFit.spec.ts checks the real catalogue's).
      expect(row.status).toBe('saving');
      expect(Number(row.saving_per_year)).toBe(figures.savings?.perYear);
      expect(JSON.parse(row.contact)).toEqual(CONTACT);
      expect(JSON.parse(row.figures)).toEqual(figures);

      await app.outbox.runDue();
      expect(mailsFor(reference)).toHaveLength(2);
      const visitor = mail(reference, 'report-visitor');
      expect(visitor.headers).toMatch(/^To: Jo Bloggs <jo\.bloggs@example\.co\.uk>$/m);
      expect(subjectOf(visitor.headers)).toBe(`Your print savings report ${reference}`);
      expect(flat(visitor.text)).toContain(figures.message);
      // Today's side is the visitor's own, the same whatever is compared.
      expect(visitor.text).toMatch(/Per mono page\s+1\.78p/);
      expect(visitor.text).toContain('- Your equipment: Leased (a finance agreement with a fixed payment): £270.00 per quarter');
      expect(flat(visitor.text)).toContain(copytechSideWords(app.terms.terms, null, figures.fit));
      expect(visitor.text).toContain('junk or spam folder');
      const sales = mail(reference, 'report-sales');
      expect(sales.headers).toMatch(/^To: .*<sales@copytech\.co\.uk>$/m);
      expect(sales.headers).toMatch(/^Reply-To: Jo Bloggs <jo\.bloggs@example\.co\.uk>$/m);
      expect(subjectOf(sales.headers)).toMatch(new RegExp(`^Savings report ${reference}: saving £[\\d,]+\\.\\d\\d a year$`));
      expect(sales.text).toContain('Phone: 0116 496 0123');
    });

    it('accepts a solved check once: the same payload again is refused', async () => {
      const captcha = await solvedPayload(app);
      expect((await send({ answers: leaseAnswers(), contactDetails: CONTACT, captcha })).statusCode).toBe(201);
      const replay = await send({ answers: leaseAnswers(), contactDetails: CONTACT, captcha });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().fieldErrors).toEqual({ captcha: CAPTCHA_MESSAGES.used });
    });

    it('recomputes the figures from the answers: tampered prices per page and claimed figures are ignored', async () => {
      const tampered = { ...leaseAnswers(), copytechPricePerPage: { mono: 0.01, colour: 0.01 } };
      const claimed = { savings: { perYear: 99_999_999 } };
      const res = await send({ answers: tampered, contactDetails: CONTACT, captcha: await solvedPayload(app), figures: claimed });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      const row = await db().selectFrom('savings_reports').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      expect(JSON.parse(row.answers).copytechPricePerPage).toEqual({ mono: 0.39, colour: 3.3 });
      expect(JSON.parse(row.figures)).toEqual(await expected(leaseAnswers()));
      await app.outbox.runDue();
      expect(flat(mail(reference, 'report-visitor').text)).toContain((await expected(leaseAnswers())).message);
    });

    // docs/product-rules.md "The checker for one machine": the server reads the machine itself.
    it("prices Copytech's side with the machine the checker was opened for, read from the catalogue, and says the page-billing terms", async () => {
      const tampered = { ...leaseAnswers(), copytechPricePerPage: { mono: 0.01, colour: 0.01 } };
      const res = await send({
        answers: tampered,
        contactDetails: CONTACT,
        captcha: await solvedPayload(app),
        machine: 'CanonImageRunnerAdvanceDXC5840i',
        rates: { mono: 0.01, colour: 0.01 },
      });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      const row = await db().selectFrom('savings_reports').selectAll().where('reference', '=', reference).executeTakeFirstOrThrow();
      const figures = JSON.parse(row.figures);
      // Rental £414 a quarter = 13,800p a month; 5,000 x 0.52p + 1,000 x 4p = 6,600p.
      expect(figures.copytech.partsPerMonth).toEqual({ equipment: 13_800, printService: 6_600, otherCharges: 0 });
      expect(figures.machine).toMatchObject({ modelId: 'canonimagerunneradvancedxc5840i', rates: { mono: 0.52, colour: 4 } });
      expect(Number(row.saving_per_year)).toBe(43_200);
      await app.outbox.runDue();
      const text = mail(reference, 'report-visitor').text.replace(/\s+/g, ' ');
      expect(text).toContain(
        'Compared with: Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT).',
      );
      expect(text).toContain('HOW COPYTECH BILLS PAGES');
      expect(text).toContain('An A3 page counts as two A4 pages');
      expect(text).not.toContain('from 0.52p');
      expect(mail(reference, 'report-sales').text).toContain('Compared with: Canon imageRUNNER ADVANCE DX C5840i');
    });

    // Four captchas solved for real, one after another: proof of work takes CPU time, hence the longer limit.
    it('uses the "from" prices, and says why, for an inactive, unknown or non-printing machine; a machine that is not text is a 400', async () => {
      const inactive = await send({
        answers: leaseAnswers(),
        contactDetails: CONTACT,
        captcha: await solvedPayload(app),
        machine: 'konicaminoltabizhubc4051i',
      });
      expect(inactive.statusCode).toBe(201);
      const unknown = await send({
        answers: leaseAnswers(),
        contactDetails: CONTACT,
        captcha: await solvedPayload(app),
        machine: '<script>',
      });
      expect(unknown.statusCode).toBe(201);
      const row = await db()
        .selectFrom('savings_reports')
        .selectAll()
        .where('reference', '=', inactive.json().reference)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.figures)).toEqual(await expected(leaseAnswers()));
      await app.outbox.runDue();
      const said = mail(inactive.json().reference, 'report-visitor').text.replace(/\s+/g, ' ');
      expect(said).toContain('That machine is no longer offered, so the figures use a machine that fits what you print.');
      expect(said).toContain(copytechSideWords(app.terms.terms, null, (await expected(leaseAnswers())).fit));
      expect(mail(unknown.json().reference, 'report-visitor').text).toContain('We could not find that machine');
      const notText = await send({
        answers: leaseAnswers(),
        contactDetails: CONTACT,
        captcha: await solvedPayload(app),
        machine: { rates: 0 },
      });
      expect(notText.statusCode).toBe(400);
    }, 30_000);

    // docs/product-rules.md "Calculation": the e-mailed report says what the checker says, reasons and minimum included.
    it("says a large saving with its reasons, at the minimum charge: the issue's £300 bill for 2,000 pages a quarter", async () => {
      // £300 a quarter = 10,000p a month; 1,400 mono + 600 colour a quarter at 0.39p / 3.3p = £25.26 a quarter,
      // under the £45 minimum: Copytech 1,500p a month. Saving 8,500p a month = £1,020 a year (85%).
      const answers = {
        ...defaultSavingsAnswers(),
        entryMode: 'bill' as const,
        bill: { ...defaultSavingsAnswers().bill, cost: 30_000, pages: 2_000 },
      };
      const res = await send({ answers, contactDetails: CONTACT, captcha: await solvedPayload(app) });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      await app.outbox.runDue();
      const text = mail(reference, 'report-visitor').text.replace(/\s+/g, ' ');
      expect(text).toContain((await expected(answers)).message.slice(0, 200));
      expect(text).toContain('A saving this large needs a word of explanation: Your bill may include the lease or rental of your machine');
      expect(text).toContain("Copytech's minimum charge of £45 a quarter applies");
      expect(text).not.toContain('from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines');
      expect(text).not.toMatch(/flat|91\.6%|1,099/);
    });

    it('reports honestly when Copytech would not be cheaper', async () => {
      const answers = { ...leaseAnswers(), cpcPricePerPeriod: { value: 3_000, periodInMonths: 3 } };
      const res = await send({ answers, contactDetails: CONTACT, captcha: await solvedPayload(app) });
      expect(res.statusCode).toBe(201);
      const { reference } = res.json();
      await app.outbox.runDue();
      const visitor = mail(reference, 'report-visitor').text;
      expect(flat(visitor)).toContain((await expected(answers)).message);
      expect(visitor).toMatch(/^\s+Today\s+With Copytech\s+Difference$/m);
      expect(visitor).toMatch(/^Per year\s+£1,200\.00\s+£1,710\.00\s+£510\.00 more$/m);
      expect(subjectOf(mail(reference, 'report-sales').headers)).toBe(`Savings report ${reference}: no saving`);
    });

    it('answers 400 with every field error, and a bad request does not use up the check', async () => {
      const captcha = await solvedPayload(app);
      const res = await send({
        answers: {
          ...leaseAnswers(),
          leasePricePerPeriod: { value: null, periodInMonths: 3 },
          colourVolume: { value: -5, periodInMonths: 3 },
        },
        contactDetails: { ...CONTACT, email: 'not an email', postcode: 'XYZ' },
        captcha,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({
        'answers.colourVolume.value': SAVINGS_MESSAGES.pages,
        'answers.leasePricePerPeriod.value': SAVINGS_MESSAGES.leasePricePerPeriod,
        'contactDetails.email': QUOTE_MESSAGES.email,
        'contactDetails.postcode': QUOTE_MESSAGES.postcode,
      });
      const missing = await send({
        answers: { ...leaseAnswers(), leasePricePerPeriod: { value: null, periodInMonths: 3 } },
        contactDetails: CONTACT,
        captcha,
      });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ 'answers.leasePricePerPeriod.value': SAVINGS_MESSAGES.leasePricePerPeriod });
      // The same solution still works once the request is right.
      expect((await send({ answers: leaseAnswers(), contactDetails: CONTACT, captcha })).statusCode).toBe(201);
    });

    it.each([
      ['an empty object', {}],
      ['a list', []],
      ['no captcha', { answers: leaseAnswers(), contactDetails: CONTACT }],
      ['a captcha that is not one', { answers: leaseAnswers(), contactDetails: CONTACT, captcha: 'bm90IGEgY2FwdGNoYQ==' }],
      ['answers as a string', { answers: 'lots', contactDetails: CONTACT, captcha: 'x' }],
      ['answers as a list', { answers: [1, 2], contactDetails: CONTACT, captcha: 'x' }],
      ['contact details as a list', { answers: leaseAnswers(), contactDetails: ['Jo'], captcha: 'x' }],
      [
        'an object for an amount',
        {
          answers: { ...leaseAnswers(), leasePricePerPeriod: { value: { pence: 1 }, periodInMonths: 3 } },
          contactDetails: CONTACT,
          captcha: 'x',
        },
      ],
      [
        'an object for a name',
        {
          answers: {
            ...leaseAnswers(),
            payOtherCharges: true,
            otherChargesPricePerPeriod: [{ name: { x: 1 }, value: 1, periodInMonths: 1 }],
          },
          contactDetails: CONTACT,
          captcha: 'x',
        },
      ],
      ['a number for a first name', { answers: leaseAnswers(), contactDetails: { ...CONTACT, firstName: 7 }, captcha: 'x' }],
      ['null answers', { answers: null, contactDetails: CONTACT, captcha: 'x' }],
      ['an unknown answer', { answers: { ...leaseAnswers(), discount: 90 }, contactDetails: CONTACT, captcha: 'x' }],
      [
        'too many other charges',
        {
          answers: {
            ...leaseAnswers(),
            payOtherCharges: true,
            otherChargesPricePerPeriod: Array.from({ length: 30 }, () => ({ name: 'x', value: 1, periodInMonths: 1 })),
          },
          contactDetails: CONTACT,
          captcha: 'x',
        },
      ],
    ])('answers 400 with field errors, never 500, for %s', async (_label, body) => {
      const res = await send(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
      expect(Object.keys(res.json().fieldErrors ?? {}).length).toBeGreaterThan(0);
    });

    it('answers 400 for a body that is not JSON', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/report',
        payload: '{"answers":',
        headers: { 'content-type': 'application/json' },
      });
      expect(res.statusCode).toBe(400);
    });
  });

  describe('POST /api/report rate limit', () => {
    it('is limited per minute like the other forms', async () => {
      const app = await testApp(configOn(database, { rateLimits: { quotePerMinute: 1000, formsPerMinute: 2 } }));
      try {
        const post = () => app.inject({ method: 'POST', url: '/api/report', payload: {}, headers: { 'content-type': 'application/json' } });
        expect((await post()).statusCode).toBe(400);
        expect((await post()).statusCode).toBe(400);
        const limited = await post();
        expect(limited.statusCode).toBe(429);
        expect(limited.json().message).toMatch(/Too many requests/);
      } finally {
        await app.close();
      }
    });
  });
});
