/**
 * The UK postcode rule (UK_POSTCODE_PATTERN, docs/product-rules.md "Quote form"), letter by letter:
 * each position of a postcode allows only some letters, and every letter of the alphabet is tried
 * in every position, so a widened or narrowed letter class fails here (the form's own tests in
 * ../forms/quote.test.ts try whole postcodes through the schema).
 */
import { UK_POSTCODE_PATTERN } from './quote';

const ALPHABET = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'];
const accepts = (postcode: string) => UK_POSTCODE_PATTERN.test(postcode);

/** For each letter, whether the pattern accepts the postcode made with it. */
function acceptedLetters(make: (letter: string) => string): string {
  return ALPHABET.filter((letter) => accepts(make(letter))).join('');
}
const allBut = (excluded: string) => ALPHABET.filter((letter) => !excluded.includes(letter)).join('');

describe('UK postcodes, letter by letter', () => {
  it('never has C, I, K, M, O or V in either letter of the inward code', () => {
    expect(acceptedLetters((l) => `SW1A 1${l}A`)).toBe(allBut('CIKMOV'));
    expect(acceptedLetters((l) => `SW1A 1A${l}`)).toBe(allBut('CIKMOV'));
    expect(acceptedLetters((l) => `LE19 1W${l.toLowerCase()}`)).toBe(allBut('CIKMOV'));
  });

  it('never starts with Q, V or X', () => {
    expect(acceptedLetters((l) => `${l}1 1AA`)).toBe(allBut('QVX'));
  });

  it('never has I, J or Z as the second letter of the outward code', () => {
    expect(acceptedLetters((l) => `S${l}1 1AA`)).toBe(allBut('IJZ'));
    expect(acceptedLetters((l) => `S${l}1A 1AA`)).toBe(allBut('IJZ'));
  });

  it('allows only A to H, J, K, P, S, T, U and W after the digit of an A9A code (W1A)', () => {
    expect(acceptedLetters((l) => `W1${l} 1AA`)).toBe('ABCDEFGHJKPSTUW');
  });

  it('allows only A, B, E, H, M, N, P, R and V to Y after the digit of an AA9A code (EC1A)', () => {
    expect(acceptedLetters((l) => `EC1${l} 1BB`)).toBe('ABEHMNPRVWXY');
  });

  it('takes one or two digits in the outward code, one digit then two letters in the inward code', () => {
    expect(['M1 1AE', 'B33 8TH', 'CR2 6XH', 'DN55 1PT'].every(accepts)).toBe(true);
    expect(['B333 8TH', 'M 1AE', 'LE19 WX', 'LE19 11WX', 'LE19 1W', 'LE19 AWX', 'LE19 1WXX'].some(accepts)).toBe(false);
  });

  it('takes one space or none between the halves, any case, and nothing before or after', () => {
    expect(['LE19 1WX', 'LE191WX', 'le19 1wx', 'Le191Wx'].every(accepts)).toBe(true);
    expect(['LE19  1WX', ' LE19 1WX', 'LE19 1WX ', 'XLE19 1WX', 'LE19 1WX1', 'LE19-1WX'].some(accepts)).toBe(false);
  });

  it('takes GIR 0AA, the one postcode outside the pattern, and nothing like it', () => {
    expect(['GIR 0AA', 'GIR0AA', 'gir 0aa'].every(accepts)).toBe(true);
    expect(['GIR 0AB', 'GIR 1AA', 'GIR  0AA', 'GI 0AA', 'XGIR 0AA', 'GIR 0AAA'].some(accepts)).toBe(false);
  });
});
