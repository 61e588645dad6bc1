/**
 * The site's plain frame for a page the server answers on its own, without the shell or any script:
 * the instant quote without JavaScript (features/quote/instantQuotePage.ts) and the answer to a
 * form post refused for too many attempts. The logo, the sales phone, the main content and the
 * company's legal lines; no inline script or style (the CSP), one stylesheet, served by the
 * instant quote's routes.
 */
import { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine } from '@copytech/shared/domain';
import { escapeHtml } from '../mail/message';

export const PLAIN_PAGE_CSS_PATH = '/instant-quote/page.css';

export function plainPage(title: string, description: string, main: string): string {
  return (
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    `<meta name="description" content="${escapeHtml(description)}">` +
    `<title>${escapeHtml(title)} - Copytech</title><link rel="stylesheet" href="${PLAIN_PAGE_CSS_PATH}"></head>` +
    '<body><a class="iq-skip" href="#main">Skip to content</a>' +
    `<header class="iq-header"><a class="iq-logo" href="/">${escapeHtml(COMPANY.name)}</a>` +
    `<span class="iq-phone">Call us on <a href="tel:${escapeHtml(COMPANY.salesPhone.replace(/\s/g, ''))}">${escapeHtml(COMPANY.salesPhone)}</a></span></header>` +
    `<main id="main" class="iq-main" tabindex="-1">${main}</main>` +
    `<footer class="iq-footer"><p>${escapeHtml(`${COMPANY.legalName} · ${COMPANY.address.join(', ')} · ${COMPANY.salesPhone}`)}</p>` +
    `<p>${escapeHtml(companyRegistrationLine())}</p><p>${escapeHtml(CREDIT_BROKER_DISCLOSURE)}</p></footer>` +
    '</body></html>'
  );
}

/**
 * A form posted without JavaScript too often from one address (the route's rate limit): the page
 * says how long to wait and links back to the form, whose page answers a GET. Nothing posted is
 * echoed: the form is filled in again.
 */
export function tooManyPostsPage(message: string, formPath: string): string {
  const title = 'Please wait before sending again';
  return plainPage(
    title,
    message,
    `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p><p><a href="${escapeHtml(formPath)}">Back to the form</a></p>`,
  );
}
