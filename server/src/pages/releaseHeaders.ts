/**
 * What a page answer says about the releases that made it (docs/architecture.md "Releases of a
 * remote"), so a bad page can be traced to a release:
 *
 * - `X-Remote-Releases: catalogue=<id>, basket=<id>, checker=<id>, content=<id>`: the release of
 *   each remote the page was made with (pages/releases/selection.ts releasesHeader);
 * - `Server-Timing`: per remote slot the render used, `remote-<name>;dur=<ms>;desc="<release id>"`,
 *   where ms runs from the render first asking for the slot's module until that module was loaded
 *   and React started rendering its component (about 0 once an earlier page loaded it; for a
 *   remote that failed, until the render gave up on it); then `render;dur=<ms>`, the whole body's
 *   render (its data reads included). A page the browser renders has only `render;dur=0`.
 */
import type { Selection } from './releases/model';
import type { RenderedBody } from './renderPage';

const ms = (value: number) => (Math.round(value * 10) / 10).toFixed(1);

export function serverTiming(selection: Selection, body: RenderedBody | null): string {
  const slots = (body?.slots ?? []).map(
    ({ remote, ms: took }) => `remote-${remote};dur=${ms(took)};desc="${selection[remote].release.id}"`,
  );
  return [...slots, `render;dur=${ms(body?.ms ?? 0)}`].join(', ');
}
