/** POST /api/newsletter: the footer's sign-up, posted as multipart or url-encoded. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { NEWSLETTER_MESSAGES } from '@copytech/shared/domain';
import { configOn, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

function multipart(fields: Record<string, string>, file?: { name: string; filename: string; content: string }) {
  const boundary = '----copytechtestboundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  if (file)
    parts.push(
      `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: text/plain\r\n\r\n${file.content}\r\n`,
    );
  return { payload: `${parts.join('')}--${boundary}--\r\n`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe.each(databases())('on %s', (database) => {
  describe('POST /api/newsletter', () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await testApp(configOn(database));
    });
    afterAll(() => app.close());
    const signups = () => app.db.selectFrom('newsletter_signups').selectAll().orderBy('email').execute();

    it('stores a multipart sign-up with the mauticform fields', async () => {
      const form = multipart({
        'mauticform[first_name]': 'Jo',
        'mauticform[email]': 'Jo.Bloggs@Example.co.uk',
        'mauticform[formId]': '3',
        'mauticform[formName]': 'newsletter',
        'mauticform[return]': '/',
      });
      const res = await app.inject({ method: 'POST', url: '/api/newsletter', ...form });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ ok: true });
      expect(await signups()).toEqual([
        expect.objectContaining({ email: 'jo.bloggs@example.co.uk', first_name: 'Jo', form_id: '3', form_name: 'newsletter' }),
      ]);
    });

    it('accepts url-encoded posts and is idempotent by e-mail', async () => {
      const payload = new URLSearchParams({
        'mauticform[email]': 'jo.bloggs@example.co.uk',
        'mauticform[first_name]': 'Joanna',
      }).toString();
      const res = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        payload,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(201);
      const rows = await signups();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.first_name).toBe('Jo');
    });

    it('says the email is required, and checks its format and the first name', async () => {
      const missing = await app.inject({ method: 'POST', url: '/api/newsletter', ...multipart({ 'mauticform[first_name]': 'Jo' }) });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors).toEqual({ email: NEWSLETTER_MESSAGES.emailRequired });
      const bad = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ 'mauticform[email]': 'not-an-email', 'mauticform[first_name]': 'x'.repeat(51) }),
      });
      expect(bad.json().fieldErrors).toEqual({ email: NEWSLETTER_MESSAGES.emailFormat, first_name: NEWSLETTER_MESSAGES.firstName });
    });

    it('takes no files and no oversized fields', async () => {
      const withFile = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ 'mauticform[email]': 'a@example.com' }, { name: 'cv', filename: 'cv.txt', content: 'hello' }),
      });
      expect(withFile.statusCode).toBeGreaterThanOrEqual(400);
      expect(withFile.statusCode).toBeLessThan(500);
      const huge = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ 'mauticform[email]': 'a@example.com', 'mauticform[formName]': 'x'.repeat(5000) }),
      });
      expect(huge.statusCode).toBeGreaterThanOrEqual(400);
      expect(huge.statusCode).toBeLessThan(500);
      const many = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`f${i}`, 'x']));
      const tooMany = await app.inject({
        method: 'POST',
        url: '/api/newsletter',
        ...multipart({ ...many, 'mauticform[email]': 'a@example.com' }),
      });
      expect(tooMany.statusCode).toBeGreaterThanOrEqual(400);
      expect(tooMany.statusCode).toBeLessThan(500);
      expect((await signups()).map((r) => r.email)).not.toContain('a@example.com');
    });

    it('forwards to the marketing form instead of storing when MAUTIC_URL is set', async () => {
      const received: Array<{ url: string; body: string }> = [];
      const mautic = http.createServer((req, res) => {
        let body = '';
        req.on('data', (c) => (body += c));
        req.on('end', () => {
          received.push({ url: req.url ?? '', body });
          res.writeHead(200).end('ok');
        });
      });
      await new Promise<void>((resolve) => mautic.listen(0, '127.0.0.1', resolve));
      const forwarding = await testApp(
        configOn(database, { mauticUrl: `http://127.0.0.1:${(mautic.address() as AddressInfo).port}/mautic` }),
      );
      try {
        const res = await forwarding.inject({
          method: 'POST',
          url: '/api/newsletter',
          ...multipart({ 'mauticform[email]': 'fwd@example.com', 'mauticform[formId]': '7' }),
        });
        expect(res.statusCode).toBe(201);
        await forwarding.outbox.runDue();
        expect(received).toHaveLength(1);
        expect(received[0]!.url).toBe('/mautic/form/submit?formId=7');
        expect(new URLSearchParams(received[0]!.body).get('mauticform[email]')).toBe('fwd@example.com');
        expect(await forwarding.db.selectFrom('newsletter_signups').selectAll().execute()).toEqual([]);
      } finally {
        await forwarding.close();
        await new Promise<void>((resolve) => mautic.close(() => resolve()));
      }
    });
  });
});
