/**
 * The instant quote without JavaScript (docs/product-rules.md "Quote flow"): the server's own page
 * for one machine's quote, its form posting to the same path (instantQuoteRoutes.ts). It shows the
 * machine, what it costs a month at the volumes in the form (the shared `quoteFigures`, the rule of
 * the product page, the basket and the e-mail), the five contact fields with the quote form's
 * labels, and, after a post, either every problem (a summary linking to each field, and each
 * field's own message tied to it) with everything typed kept, or the confirmation. No scripts and
 * no inline styles (the site's CSP): one stylesheet, INSTANT_QUOTE_CSS.
 */
import {
  CONTACT_FIELDS,
  FIELD_LIMITS,
  MONTHLY_PAGES_MAX,
  PRINTS_NOTHING_WORDS,
  formatPence,
  instantQuotePath,
  productPath,
  quoteFigures,
  quoteTotalSentences,
  runningCostWords,
  servicePerPageOf,
  startingFromPence,
  volumesWords,
  type CommercialTerms,
  type MonthlyPages,
  type Product,
} from '@copytech/shared/domain';
import { escapeHtml } from '../../mail/message';
import { plainPage } from '../../pages/plainPage';

export { PLAIN_PAGE_CSS_PATH as INSTANT_QUOTE_CSS_PATH } from '../../pages/plainPage';

/** What the form holds: the contact fields and the volumes, as typed. */
export type InstantQuoteValues = Record<(typeof CONTACT_FIELDS)[number] | 'mono' | 'colour', string>;

/** The labels, types and autocomplete purposes of the quote form's fields (the basket's, `CONTACT_FIELD_SPECS`). */
const FIELDS: Record<(typeof CONTACT_FIELDS)[number], { label: string; type: string; autocomplete: string; maxLength: number }> = {
  firstName: { label: 'First name', type: 'text', autocomplete: 'given-name', maxLength: FIELD_LIMITS.nameMax },
  lastName: { label: 'Last name', type: 'text', autocomplete: 'family-name', maxLength: FIELD_LIMITS.nameMax },
  email: { label: 'E-mail address', type: 'email', autocomplete: 'email', maxLength: FIELD_LIMITS.emailMax },
  phoneNumber: { label: 'Phone number', type: 'tel', autocomplete: 'tel', maxLength: 25 },
  postcode: { label: 'Postcode', type: 'text', autocomplete: 'postal-code', maxLength: FIELD_LIMITS.postcodeMax + 2 },
};

const count = new Intl.NumberFormat('en-GB');
const name = (product: Product) => `${product.brand} ${product.model}`;

/** The machine, its price and what it costs a month at these volumes, ex VAT and with VAT. */
function figuresBlock(product: Product, pages: MonthlyPages, terms: CommercialTerms): string {
  const figures = quoteFigures([product], pages, terms);
  const line = figures.lines[0]!;
  const from = formatPence(startingFromPence(product));
  const parts = [
    `<p class="iq-machine"><strong>${escapeHtml(name(product))}</strong>${from ? `<br>From ${escapeHtml(from)} ex VAT` : ''}</p>`,
    line.estimate
      ? `<p>What it costs at ${escapeHtml(volumesWords(pages))}: ${escapeHtml(runningCostWords(line.estimate))}.</p>`
      : `<p>${escapeHtml(PRINTS_NOTHING_WORDS)}</p>`,
    ...quoteTotalSentences(figures, 1).map((sentence) => `<p><strong>${escapeHtml(sentence)}</strong></p>`),
    `<p class="iq-muted">Your quote e-mail gives these figures, valid for ${terms.quote.validForDays} days from the day you ask for it.</p>`,
  ];
  return `<div class="iq-figures" id="figures">${parts.join('')}</div>`;
}

function input(field: string, label: string, value: string, error: string | undefined, attributes: string, hint?: string): string {
  const id = `iq-${field}`;
  const described = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    `<div class="iq-field${error ? ' iq-invalid' : ''}"><label for="${id}">${escapeHtml(label)}</label>` +
    (hint ? `<span class="iq-hint" id="${id}-hint">${escapeHtml(hint)}</span>` : '') +
    (error ? `<p class="iq-error" id="${id}-error"><span class="visually-hidden">Error: </span>${escapeHtml(error)}</p>` : '') +
    `<input id="${id}" name="${field}" value="${escapeHtml(value)}" ${attributes}` +
    `${described ? ` aria-describedby="${described}"` : ''}${error ? ' aria-invalid="true"' : ''}></div>`
  );
}

export interface FormPageOptions {
  product: Product;
  terms: CommercialTerms;
  values: InstantQuoteValues;
  /** messages by field ('firstName', 'mono', …); with `_` for the request as a whole */
  errors: Record<string, string>;
  /** the form's Idempotency-Key: a repeat of the same post stores nothing new */
  key: string;
  /** whether the machine prints (it has volumes to set) and in colour */
  prints: boolean;
  colour: boolean;
}

/**
 * The form page's meta description: what the page gives for this machine, true for every machine
 * (whether it is leased or bought is said by the figures, not here).
 */
export function instantQuoteDescription(product: Product, terms: CommercialTerms): string {
  const what = volumeKinds(product).prints ? 'what it costs a month at the pages you print' : 'its price';
  return `An instant quote for the ${name(product)}: ${what}, ex VAT and with VAT, e-mailed to you and valid for ${terms.quote.validForDays} days.`;
}

/** The form page: the figures at the form's volumes, the volumes and the five fields, and the problems of a post. */
export function instantQuoteFormPage(options: FormPageOptions): string {
  const { product, terms, values, errors, key, prints, colour } = options;
  const action = instantQuotePath(product.modelId);
  const pages = { mono: pagesOf(values.mono), colour: colour ? pagesOf(values.colour) : 0 };
  const problems = Object.entries(errors);
  const summary = problems.length
    ? `<div class="iq-summary" role="alert" aria-labelledby="iq-summary-heading"><h2 id="iq-summary-heading">There is a problem</h2><ul>${problems
        .map(([field, message]) =>
          field === '_' ? `<li>${escapeHtml(message)}</li>` : `<li><a href="#iq-${escapeHtml(field)}">${escapeHtml(message)}</a></li>`,
        )
        .join('')}</ul></div>`
    : '';
  const volumeHint = `A4 pages, 0 to ${count.format(MONTHLY_PAGES_MAX)}`;
  const volumeFields = prints
    ? `<fieldset class="iq-volumes"><legend>Your quote is worked out at</legend>` +
      input(
        'mono',
        'Mono pages a month',
        values.mono,
        errors.mono,
        'type="text" inputmode="numeric" autocomplete="off" maxlength="12"',
        volumeHint,
      ) +
      (colour
        ? input(
            'colour',
            'Colour pages a month',
            values.colour,
            errors.colour,
            'type="text" inputmode="numeric" autocomplete="off" maxlength="12"',
            volumeHint,
          )
        : '') +
      `<button type="submit" class="iq-secondary" formaction="${action}/figures" formnovalidate>Work out the figures again</button></fieldset>`
    : '';
  const contact = CONTACT_FIELDS.map((field) => {
    const spec = FIELDS[field];
    const extra = field === 'email' || field === 'postcode' ? ' spellcheck="false" autocapitalize="none"' : '';
    return input(
      field,
      spec.label,
      values[field],
      errors[field],
      `type="${spec.type}" autocomplete="${spec.autocomplete}" maxlength="${spec.maxLength}" required${extra}`,
    );
  }).join('');
  const main =
    `<p><a href="${escapeHtml(productPath(product))}">Back to the ${escapeHtml(name(product))}</a></p>` +
    `<h1>Instant quote</h1>${summary}${figuresBlock(product, pages, terms)}` +
    `<form method="post" action="${action}" novalidate class="iq-form">` +
    `<input type="hidden" name="key" value="${escapeHtml(key)}">${volumeFields}` +
    `<fieldset class="iq-contact"><legend>Where to send it</legend><p class="iq-muted">All fields are required. We use your details only to send and follow up this quote.</p>${contact}</fieldset>` +
    `<button type="submit" class="iq-primary">Send my instant quote</button></form>` +
    `<p class="iq-muted">Your quote for this machine arrives by e-mail, on average in 2 minutes.</p>`;
  return plainPage(
    problems.length ? `Error: Instant quote for the ${name(product)}` : `Instant quote for the ${name(product)}`,
    instantQuoteDescription(product, terms),
    main,
  );
}

/** The confirmation: the spec's words, with the junk-folder hint and the reference. */
export function instantQuoteSentPage(product: Product, reference: string, email: string): string {
  const main =
    `<h1>Your quote is on its way</h1>` +
    `<p>We are e-mailing your quote for one machine, the ${escapeHtml(name(product))}, to <strong>${escapeHtml(email)}</strong>.</p>` +
    `<p class="iq-delivery">Average delivery time 2 minutes</p>` +
    `<p>If it has not arrived after a few minutes, please check your junk folder.</p>` +
    `<p>Your reference: <strong data-testid="quote-reference">${escapeHtml(reference)}</strong></p>` +
    `<p><a href="${escapeHtml(productPath(product))}">Back to the ${escapeHtml(name(product))}</a></p>`;
  return plainPage('Your quote is on its way', `Your instant quote for the ${name(product)} is on its way to your inbox.`, main);
}

/** A page for a machine that cannot be quoted (unknown or withdrawn), or a post from another site. */
export function instantQuoteProblemPage(title: string, message: string): string {
  return plainPage(title, message, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="/">Go to the home page</a></p>`);
}

/** A volume as typed: whole pages (commas and spaces allowed); NaN when it is not a whole number. */
export function pagesOf(text: string): number {
  const cleaned = text.replace(/[,\s]/g, '');
  if (cleaned === '') return 0;
  return /^\d{1,9}$/.test(cleaned) ? Number(cleaned) : Number.NaN;
}

/** Whether a machine has volumes to set (prints) and colour ones. */
export function volumeKinds(product: Product): { prints: boolean; colour: boolean } {
  const rates = servicePerPageOf(product);
  return { prints: rates !== null, colour: rates?.colour != null };
}

export const INSTANT_QUOTE_CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;font:1rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d2733;background:#fff}
a{color:#0b4f8a}a:focus-visible,button:focus-visible,input:focus-visible{outline:3px solid #ffbf47;outline-offset:2px}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.iq-skip{position:absolute;left:-999px}.iq-skip:focus{left:1rem;top:1rem;background:#ffbf47;color:#1d2733;padding:.5rem}
.iq-header{display:flex;flex-wrap:wrap;gap:.5rem 1rem;justify-content:space-between;align-items:center;padding:1rem;border-bottom:4px solid #0b4f8a}
.iq-logo{font-size:1.375rem;font-weight:700;text-decoration:none}
.iq-main{max-width:40rem;margin:0 auto;padding:1rem}
.iq-main h1{font-size:1.75rem;margin:.5rem 0 1rem}
.iq-figures{padding:.75rem 1rem;border-left:6px solid #0b4f8a;background:#f4f6f9;border-radius:6px;margin:0 0 1.5rem}
.iq-figures p{margin:.25rem 0}
.iq-muted,.iq-hint{color:#4a5561;font-size:.9375rem}
.iq-form fieldset{border:0;padding:0;margin:0 0 1.5rem}
.iq-form legend{font-weight:700;font-size:1.125rem;margin-bottom:.5rem;padding:0}
.iq-field{display:grid;gap:.25rem;margin:0 0 1rem}
.iq-field label{font-weight:600}
.iq-field input{font:inherit;padding:.625rem .75rem;border:2px solid #5b6670;border-radius:6px;width:100%;max-width:28rem;min-height:48px}
.iq-invalid input{border-color:#b3261e}
.iq-error{margin:0;color:#b3261e;font-weight:600}
.iq-summary{border:3px solid #b3261e;border-radius:6px;padding:.75rem 1rem;margin:0 0 1.5rem}
.iq-summary h2{margin:0 0 .5rem;font-size:1.25rem}.iq-summary ul{margin:0;padding-left:1.25rem}
.iq-primary,.iq-secondary{font:inherit;font-weight:700;min-height:48px;padding:.625rem 1.25rem;border-radius:6px;cursor:pointer}
.iq-primary{background:#0b4f8a;color:#fff;border:0}.iq-primary:hover{background:#083b67}
.iq-secondary{background:#fff;color:#0b4f8a;border:2px solid #0b4f8a}
.iq-delivery{font-weight:700}
.iq-footer{margin-top:2rem;padding:1rem;border-top:1px solid #cfd6df;color:#4a5561;font-size:.8125rem}
.iq-footer p{max-width:60rem;margin:.25rem auto}
@media (prefers-reduced-motion:reduce){*{transition:none!important;animation:none!important}}
`;
