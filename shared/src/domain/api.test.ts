/** What every room relies on from the server's answers: the error body, references, idempotency keys and the read paths. */
import { API_PATHS, IDEMPOTENCY_KEY_HEADER, IDEMPOTENCY_KEY_PATTERN, isApiErrorBody, REFERENCE_PATTERN } from './api';

describe('an error answer', () => {
  it('is recognised by its status code and message, with or without field errors', () => {
    expect(isApiErrorBody({ error: 'Bad Request', statusCode: 400, message: 'Invalid quote', fieldErrors: { postcode: 'x' } })).toBe(true);
    expect(isApiErrorBody({ error: 'Service Unavailable', statusCode: 503, message: 'Try again shortly' })).toBe(true);
  });

  it('is not anything else: no body, a text, a body without a numeric status code or without a message', () => {
    for (const value of [
      undefined,
      null,
      'Bad Request',
      503,
      [],
      { ok: true },
      { statusCode: '400', message: 'Invalid quote' },
      { statusCode: 400 },
      { statusCode: 400, message: 42 },
      { message: 'Invalid quote' },
    ]) {
      expect(isApiErrorBody(value)).toBe(false);
    }
  });
});

describe('a reference', () => {
  const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

  it("is 'CT-' and 8 characters of Crockford base 32", () => {
    expect(REFERENCE_PATTERN.test('CT-7K3M9Q2P')).toBe(true);
    for (const character of CROCKFORD) expect(REFERENCE_PATTERN.test(`CT-7K3M${character}Q2P`)).toBe(true);
    expect(CROCKFORD).toHaveLength(32);
  });

  it('never holds I, L, O or U, lower case, or anything around it', () => {
    for (const character of 'ILOUilo-_ /') expect(REFERENCE_PATTERN.test(`CT-7K3M${character}Q2P`)).toBe(false);
    for (const reference of ['CT-7K3M9Q2', 'CT-7K3M9Q2PA', 'ct-7K3M9Q2P', 'CT7K3M9Q2P', 'XCT-7K3M9Q2P', 'CT-7K3M9Q2P ', 'CT-', '']) {
      expect(REFERENCE_PATTERN.test(reference)).toBe(false);
    }
  });
});

describe('an idempotency key', () => {
  it("is sent in the 'Idempotency-Key' header", () => {
    expect(IDEMPOTENCY_KEY_HEADER).toBe('Idempotency-Key');
  });

  it('is 8 to 100 letters, digits, "-" or "_": a UUID is one', () => {
    expect(IDEMPOTENCY_KEY_PATTERN.test('3f2b8c1e-4d5a-4f6b-9c7d-0e1f2a3b4c5d')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('aZ09_-xY')).toBe(true);
    expect(IDEMPOTENCY_KEY_PATTERN.test('a'.repeat(100))).toBe(true);
    for (const character of 'abcxyzABCXYZ0189_-') expect(IDEMPOTENCY_KEY_PATTERN.test(`key${character}abcd`)).toBe(true);
  });

  it('is nothing shorter, longer or with other characters', () => {
    for (const key of ['a'.repeat(7), 'a'.repeat(101), 'key.abcd', 'key abcd', 'key/abcd', 'keyé-abcd', ' keyabcdef', 'keyabcdef\n', '']) {
      expect(IDEMPOTENCY_KEY_PATTERN.test(key)).toBe(false);
    }
  });
});

describe('the read paths (the server preloads exactly these URLs)', () => {
  it("are the specification's paths, with the slug or model id encoded", () => {
    expect(API_PATHS.page('print-audit')).toBe('/api/pages/slug/print-audit');
    expect(API_PATHS.page('a b/c?d')).toBe('/api/pages/slug/a%20b%2Fc%3Fd');
    expect(API_PATHS.product('canonimagerunneradvancedxc5840i')).toBe('/api/v3/products/canonimagerunneradvancedxc5840i');
    expect(API_PATHS.product('hp(x)/1')).toBe('/api/v3/products/hp(x)%2F1');
    expect(API_PATHS.scanner('fujitsufi7160')).toBe('/api/scanners/getsinglescanner/fujitsufi7160');
    expect(API_PATHS.scanner('a#b')).toBe('/api/scanners/getsinglescanner/a%23b');
    expect(API_PATHS.blogPage(6, 12)).toBe('/api/blog?limit=6&offset=12');
    expect(API_PATHS.blogPost('leasing-explained')).toBe('/api/blog/slug/leasing-explained');
    expect(API_PATHS.blogPost('a/b')).toBe('/api/blog/slug/a%2Fb');
  });
});
