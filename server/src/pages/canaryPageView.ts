/**
 * The page-view token of a page that uses a canary release (docs/architecture.md "Releases of a
 * remote"): a JSON data block, `<script type="application/json" id="copytech-canary">`, with the
 * signed token (features/releases/pageViews.ts) and the canary remotes it names. The browser reads
 * it once and reports each of those remotes once (POST /api/releases/beacon): only such a report
 * counts for a canary's health.
 *
 * The token names the remotes whose server render of the canary failed, so it is written where
 * the body's outcome is known: after the body, next to the page data block (pageParts.ts
 * pageEnd), and on a page left entirely to the browser too. A page without a canary release
 * carries none; a canary page is the visitor's own and never kept in the page cache, so no token
 * is ever sent to two visitors.
 */
import { randomBytes } from 'node:crypto';
import { CANARY_PAGE_VIEW_ID, REMOTE_NAMES, type CanaryPageView, type RemoteName } from '@copytech/shared/domain';
import { inlineJson } from '@copytech/shared/ssr';
import type { ReleasesService, Selection } from './releases/model';

/** The page's canary data block, given the remotes whose server render failed; '' where it has no canary. */
export type CanaryTag = (serverFailed: readonly RemoteName[]) => string;

/** The tag of one page view with this selection, or null when it uses no canary release. */
export function canaryTagFor(selection: Selection, releases: Pick<ReleasesService, 'signPageView'>): CanaryTag | null {
  const remotes = REMOTE_NAMES.filter((name) => selection[name].as === 'canary');
  if (remotes.length === 0) return null;
  const canaries = Object.fromEntries(remotes.map((name) => [name, selection[name].release.id]));
  const pageView = randomBytes(16).toString('base64url');
  return (serverFailed) => {
    const token = releases.signPageView({ pageView, canaries, serverFailed: serverFailed.filter((name) => remotes.includes(name)) });
    const data: CanaryPageView = { token, remotes };
    return `<script type="application/json" id="${CANARY_PAGE_VIEW_ID}">${inlineJson(data)}</script>`;
  };
}
