/**
 * The bar on every page of a preview (docs/architecture.md "Releases of a remote"): which remote
 * and release the visitor is previewing, until when its link works and who can open it (anyone
 * who has the link), and "Exit preview" (a form: it works without JavaScript). The server inserts it before `<div id="root">`, outside what React renders and
 * hydrates, so the page hydrates exactly as it was rendered. Styled by its own small stylesheet
 * (PREVIEW_STYLESHEET), linked only on preview pages: white on a deep purple (over 10:1), a
 * yellow focus ring, no motion.
 */
import type { PreviewClaim } from './releases/model';

export const PREVIEW_STYLESHEET = '/releases/preview.css';

const escapeHtml = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const UK_TIME = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Europe/London' });

/** "26 Nov 2026, 14:05 UK time" */
export const ukTime = (epochMs: number) => `${UK_TIME.format(new Date(epochMs))} UK time`;

/** A same-site path to go back to after leaving a preview, or '/'. */
export function samePath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000 || !value.startsWith('/') || value.startsWith('//') || /[\\\s]/.test(value))
    return '/';
  return value;
}

/**
 * The bar's words say who can see the preview: anyone who has its link, until the link expires (a
 * preview link is a bearer link, not this browser's alone), or until the team revokes it.
 */
export function previewBar(previews: PreviewClaim[], back: string): string {
  const items = previews
    .map(
      (claim) =>
        `${escapeHtml(claim.remote)} release <code>${escapeHtml(claim.release)}</code>, its link expires ${escapeHtml(ukTime(claim.expiresAt))}`,
    )
    .join('; ');
  const who =
    previews.length === 1
      ? 'Anyone who has the link can open this preview until it expires, unless the team revokes it.'
      : 'Anyone who has one of these links can open its preview until it expires, unless the team revokes it.';
  return (
    '<aside class="release-preview" aria-label="Preview">' +
    `<p class="release-preview__text"><strong>Preview:</strong> ${items}. ${who}</p>` +
    '<form class="release-preview__form" method="post" action="/preview/exit">' +
    `<input type="hidden" name="back" value="${escapeHtml(samePath(back))}">` +
    '<button type="submit" class="release-preview__exit">Exit preview</button>' +
    '</form></aside>'
  );
}

export const PREVIEW_CSS = `.release-preview{display:flex;flex-wrap:wrap;align-items:center;justify-content:space-between;gap:.5rem 1rem;margin:0;padding:.625rem 1rem;background:#3b0764;color:#fff;font:1rem/1.4 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;border-bottom:3px solid #ffbf47}
.release-preview__text{margin:0;flex:1 1 16rem;overflow-wrap:anywhere}
.release-preview code{font-family:ui-monospace,Menlo,Consolas,monospace;background:rgba(255,255,255,.15);padding:0 .25rem;border-radius:3px}
.release-preview__form{margin:0}
.release-preview__exit{min-height:44px;padding:.5rem 1rem;border:2px solid #fff;border-radius:4px;background:#fff;color:#3b0764;font:inherit;font-weight:600;cursor:pointer}
.release-preview__exit:hover{background:#f3e8ff}
.release-preview__exit:focus-visible{outline:3px solid #ffbf47;outline-offset:3px}
@media (forced-colors:active){.release-preview{border-bottom-color:CanvasText}.release-preview__exit{border-color:ButtonText}}
`;
