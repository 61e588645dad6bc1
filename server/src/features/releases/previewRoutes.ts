/**
 * Previewing a release (docs/architecture.md "Releases of a remote"):
 *
 * - GET /preview?t=<token>: a preview link (made by `npm run release -- preview`). A link is a
 *   bearer link: any browser it is opened in gets the preview, until the link expires or the team
 *   revokes it (`npm run release -- unpreview`). A link that verifies (app.releases.verifyPreview:
 *   signed by this site, not expired, not revoked, the release still kept) puts its token in the
 *   `ct_preview` cookie (HttpOnly, SameSite=Lax, until the link expires; one token per remote, a
 *   new link for a remote replacing that remote's) and sends the browser to the home page, now
 *   with the release. Any other link gets a plain page saying why it cannot be used (400; 410 when
 *   it has expired or was revoked), with a link to the live site, and the browser stays on live
 *   (the cookie is cleared).
 * - POST /preview/exit: the preview bar's "Exit preview" form (no JavaScript needed): clears the
 *   cookie, back to the page it was on (a path of this site only).
 * - GET /releases/preview.css: the bar's stylesheet.
 *
 * Nothing here is cached anywhere (no-store), and the link's page sends no Referer.
 */
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { PreviewCheck } from '../../pages/releases/model';
import { clearPreviewCookie, parseCookies, PREVIEW_COOKIE, previewCookie, verifiedPreviews } from '../../pages/releases/selection';
import { PREVIEW_CSS, samePath } from '../../pages/previewBar';

type Refusal = Extract<PreviewCheck, { ok: false }>['reason'];

const WHY: Record<Refusal, string> = {
  malformed: 'the link is incomplete or damaged. Check that it was copied whole.',
  forged: 'it was not made by this site, or it was changed after it was made.',
  expired: 'it has expired. Ask the team for a new link.',
  revoked:
    'the team withdrew it, so it no longer opens the preview for anyone who has it. Ask the team for a new link if you still need one.',
  'unknown release': 'the release it names is no longer kept on this site.',
};

const PAGE_CSS = `.preview-refused{max-width:40rem;margin:3rem auto;padding:0 1rem;font:1.125rem/1.5 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:#1d1d1b}
.preview-refused a{color:#3b0764;font-weight:600}
.preview-refused a:focus-visible{outline:3px solid #ffbf47;outline-offset:3px;background:#ffbf47;color:#1d1d1b}
`;

function refusedPage(reason: Refusal): string {
  return (
    '<!doctype html><html lang="en-GB"><head><meta charset="utf-8">' +
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">' +
    '<title>This preview link cannot be used</title><link rel="stylesheet" href="/releases/preview.css"></head>' +
    '<body><main class="preview-refused"><h1>This preview link cannot be used</h1>' +
    `<p>This preview link cannot be used: ${WHY[reason]}</p>` +
    '<p>You are seeing the live site, as every visitor does.</p>' +
    '<p><a href="/">Go to the live site</a></p></main></body></html>'
  );
}

const noStore = (reply: FastifyReply) => reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');

export const previewPlugin: FastifyPluginAsync = async (app) => {
  const secure = (request: FastifyRequest) => ({ secure: request.protocol === 'https' });

  app.get<{ Querystring: { t?: unknown } }>('/preview', async (request, reply) => {
    noStore(reply);
    const token = typeof request.query.t === 'string' ? request.query.t : '';
    const check: PreviewCheck = token && token.length <= 2048 ? app.releases.verifyPreview(token) : { ok: false, reason: 'malformed' };
    if (!check.ok) {
      return reply
        .code(check.reason === 'expired' || check.reason === 'revoked' ? 410 : 400)
        .header('Set-Cookie', clearPreviewCookie(secure(request)))
        .type('text/html; charset=utf-8')
        .send(refusedPage(check.reason));
    }
    // The other remotes' previews stay; this remote's is replaced by the new link.
    const kept = verifiedPreviews(parseCookies(request.headers.cookie)[PREVIEW_COOKIE], (other) =>
      app.releases.verifyPreview(other),
    ).valid.filter((entry) => entry.claim.remote !== check.claim.remote);
    const tokens = [...kept, { token, claim: check.claim }].map((entry) => ({ token: entry.token, expiresAt: entry.claim.expiresAt }));
    app.log.info({ remote: check.claim.remote, release: check.claim.release }, 'a preview started');
    return reply.header('Set-Cookie', previewCookie(tokens, secure(request))).redirect('/', 303);
  });

  // The bar's form posts urlencoded; only this route reads that type.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });
  app.post<{ Body: { back?: unknown } | undefined }>('/preview/exit', async (request, reply) => {
    noStore(reply);
    const back = samePath((request.body as { back?: unknown } | undefined)?.back);
    return reply.header('Set-Cookie', clearPreviewCookie(secure(request))).redirect(back, 303);
  });

  app.get('/releases/preview.css', async (_request, reply) =>
    reply
      .header('Cache-Control', 'public, max-age=3600')
      .type('text/css; charset=utf-8')
      .send(PREVIEW_CSS + PAGE_CSS),
  );
};
