/** Site search's words never reach the log in full: a search for an e-mail address leaves its length only. */
import { Writable } from 'node:stream';
import { redactSearchTerms } from '../../http/logRedaction';
import { testApp, testConfig } from '../../../test/helpers';

describe('search terms in the log', () => {
  it('keeps a search as the length of its q, on every path that has one', async () => {
    let logged = '';
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logged += String(chunk);
        done();
      },
    });
    const app = await testApp(testConfig({ logLevel: 'info' }), { logger: { stream } });
    try {
      const email = 'jo.bloggs@example.co.uk';
      for (const url of [
        `/api/search?q=${encodeURIComponent(email)}&limit=5`,
        `/api/search?limit=5&q=${encodeURIComponent(email)}`,
        `/search?q=${encodeURIComponent(email)}`,
        `/api/search?q=${encodeURIComponent(email)}&q=again`,
        `/api/printers/all?q=${encodeURIComponent('Jo Bloggs')}`,
      ]) {
        await app.inject({ url });
      }
      expect(logged).toContain('/api/search?q=[23 characters]&limit=5');
      expect(logged).toContain('/api/search?limit=5&q=[23 characters]');
      expect(logged).toContain('/search?q=[23 characters]');
      expect(logged).toContain('/api/printers/all?q=[9 characters]');
      for (const secret of ['jo.bloggs', 'example.co.uk', 'bloggs%40', 'Jo%20Bloggs', 'Bloggs']) expect(logged).not.toContain(secret);
    } finally {
      await app.close();
    }
  });

  it.each([
    ['/api/search?q=a%40b.com', '/api/search?q=[7 characters]'],
    ['/search?q=two+words&page=2', '/search?q=[9 characters]&page=2'],
    ['/search?Q=x', '/search?Q=[1 characters]'],
    ['/search?q=%E0%A4%A', '/search?q=[8 characters]'],
    ['/search', '/search'],
    ['/printers?sort=price-asc', '/printers?sort=price-asc'],
    ['http://localhost/search?q=secret#top', 'http://localhost/search?q=[6 characters]#top'],
  ])('%s is logged as %s', (url, expected) => {
    expect(redactSearchTerms(url)).toBe(expected);
  });
});
