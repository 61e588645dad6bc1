/**
 * The commercial terms on the server (docs/product-rules.md "Commercial terms"): read and checked
 * on start, served at /api/terms, and filling the CMS pages' placeholders; a bad file or an unknown
 * placeholder stops the start, naming what is wrong.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseCommercialTerms } from '@copytech/shared/domain';
import { REAL_DATA, fixtureDataCopy, testApp, testConfig } from './helpers';

it('serves the real terms file as checked, and every real page with its placeholders filled', async () => {
  const app = await testApp(testConfig({ dataDir: REAL_DATA }));
  try {
    const terms = await app.inject({ method: 'GET', url: '/api/terms' });
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual(parseCommercialTerms(JSON.parse(fs.readFileSync(path.join(REAL_DATA, 'terms.json'), 'utf8'))));
    for (const slug of ['home', 'service-agreements', 'lease-and-purchase', 'customer-support', 'repairs-and-servicing']) {
      const page = await app.inject({ method: 'GET', url: `/api/pages/slug/${slug}` });
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('{{');
    }
    const service = (await app.inject({ method: 'GET', url: '/api/pages/slug/service-agreements' })).json();
    expect(JSON.stringify(service)).toContain('The minimum charge is £45 a quarter ex VAT.');
    expect(service.meta.description.length).toBeLessThanOrEqual(160);
  } finally {
    await app.close();
  }
});

it('will not start with a terms file that does not pass, naming the field', async () => {
  const dataDir = fixtureDataCopy();
  const file = path.join(dataDir, 'terms.json');
  const terms = JSON.parse(fs.readFileSync(file, 'utf8'));
  terms.lease.pricesShownForMonths = 36;
  fs.writeFileSync(file, JSON.stringify(terms));
  await expect(testApp(testConfig({ dataDir }))).rejects.toThrow(/terms\.json are not valid: lease\.pricesShownForMonths must be 60/);
});

it('will not start with a page quoting a placeholder the terms do not know, naming the page', async () => {
  const dataDir = fixtureDataCopy();
  const pages = path.join(dataDir, 'content', 'pages');
  const [first] = fs.readdirSync(pages).filter((name) => name.endsWith('.json'));
  const page = JSON.parse(fs.readFileSync(path.join(pages, first!), 'utf8'));
  page.meta.description = 'Prices from {{terms.hubPhone}}.';
  fs.writeFileSync(path.join(pages, first!), JSON.stringify(page));
  await expect(testApp(testConfig({ dataDir }))).rejects.toThrow(new RegExp(`page ${page.slug}: \\{\\{terms\\.hubPhone\\}\\}`));
});
