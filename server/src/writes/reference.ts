/**
 * Quote and enquiry references: 'CT-' and 8 random characters of Crockford's base 32 (no I, L, O
 * or U, so a reference read out on the phone is unambiguous). Random, not sequential: a reference
 * says nothing about how many quotes there are and cannot be guessed from another. 32^8 ≈ 10^12;
 * the unique key on the table catches the (vanishingly rare) repeat and the caller draws again.
 */
import { randomInt } from 'node:crypto';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export function newReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `CT-${code}`;
}
