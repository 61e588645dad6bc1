/**
 * text(): the one string schema every text field of every form and request starts from, so the
 * rules that hold for all text are kept in one place (browser and server alike):
 *
 * - no MIME encoded words (RFC 2047, `=?charset?Q?…?=` or `?B?`): a mail client would decode one
 *   inside a header of the e-mails we send, so a name could show as something it does not say;
 * - no unpaired UTF-16 surrogates (`\uD800` alone): such a string has no UTF-8 form, so it would
 *   be stored, logged or mailed as replacement characters or invalid bytes.
 *
 * Each field then adds its own rules and messages. These two messages are the same everywhere,
 * and they come first, so a field reports them rather than its generic "not valid" message.
 */
import { string } from 'yup';

/** `=?charset?encoding?encoded-text?=`: charset (with an optional `*language`), Q or B, no spaces or `?` inside. */
export const ENCODED_WORD_PATTERN = /=\?[^?\s]+\?[QqBb]\?[^?\s]*\?=/;
/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE_PATTERN = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const TEXT_MESSAGES = {
  encodedWord: 'Please type plain text: encoded text such as =?utf-8?…?= is not accepted.',
  loneSurrogate: 'Contains a character that is not valid (a broken emoji or symbol). Please retype it.',
} as const;

export function hasEncodedWord(value: string): boolean {
  return ENCODED_WORD_PATTERN.test(value);
}

export function hasLoneSurrogate(value: string): boolean {
  return LONE_SURROGATE_PATTERN.test(value);
}

/** yup's string() with the rules every text field shares; a field's own rules and messages follow. */
export function text() {
  return string()
    .test('no-lone-surrogate', TEXT_MESSAGES.loneSurrogate, (value) => value === undefined || value === null || !hasLoneSurrogate(value))
    .test('no-encoded-word', TEXT_MESSAGES.encodedWord, (value) => value === undefined || value === null || !hasEncodedWord(value));
}
