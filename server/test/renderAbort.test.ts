/**
 * A render cut at the budget carries no inline script (server/src/pages/renderPage.ts
 * withoutInstructions): React 19, aborted after the shell is ready, writes each unfinished boundary
 * as pending and then `$RX` scripts that the page's CSP refuses. What the page gets instead is the
 * static form of a client-rendered boundary, which the browser renders on hydration.
 */
import { Writable } from 'node:stream';
import { createElement, Suspense, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { withoutInstructions } from '../src/pages/renderPage';

/** What React 19.3's production build writes for a page aborted with two boundaries pending (one nested). */
const ABORTED_PRODUCTION =
  '<main><!--$--><p>fast</p><!--/$--><!--$?--><template id="B:0"></template><i>loading</i><!--/$--><!--$--><div><!--$?--><template id="B:1"></template>inner<!--/$--></div><!--/$--></main>' +
  '<script>requestAnimationFrame(function(){$RT=performance.now()});</script>' +
  '<script>$RX=function(b,c,d,e,f){var a=document.getElementById(b);a&&(b=a.previousSibling,b.data="$!",a=a.dataset,null!=c&&(a.dgst=c),d&&(a.msg=d),e&&(a.stck=e),f&&(a.cstck=f),b._reactRetry&&b._reactRetry())};;$RX("B:0")</script>' +
  '<script>$RX("B:1")</script>';

/** This process's React, aborted after the shell with one boundary that never resolves. */
function abortedRender(): Promise<string> {
  const never = new Promise<never>(() => undefined);
  function Slow(): never {
    use(never);
    throw new Error('unreachable');
  }
  const element = createElement(
    'main',
    null,
    createElement('script', { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: '{"@type":"Product"}' } }),
    createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Slow)),
  );
  return new Promise((resolve) => {
    let html = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        html += String(chunk);
        done();
      },
      final(done) {
        resolve(html);
        done();
      },
    });
    const stream = renderToPipeableStream(element, { progressiveChunkSize: Number.MAX_SAFE_INTEGER, onError: () => undefined });
    setTimeout(() => {
      stream.abort(new Error('not rendered within the render budget of (50) ms: "quoted"'));
      stream.pipe(sink);
    }, 20);
  });
}

describe('a render cut at the budget', () => {
  it('writes each unfinished boundary as client-rendered, with no script (production React)', () => {
    const html = withoutInstructions(ABORTED_PRODUCTION);
    expect(html).toBe(
      '<main><!--$--><p>fast</p><!--/$--><!--$!--><template></template><i>loading</i><!--/$--><!--$--><div><!--$!--><template></template>inner<!--/$--></div><!--/$--></main>',
    );
  });

  it("does the same to this process's React (development: the scripts carry the error's message and stack), keeping a page's data blocks", async () => {
    const raw = await abortedRender();
    expect(raw).toContain('$RX('); // what React writes: the reason this exists
    const html = withoutInstructions(raw);
    expect(html).not.toBeNull();
    expect(html).not.toMatch(/<script>/);
    expect(html).toContain('<!--$!--><template></template><i>loading</i>');
    expect(html).toContain('<script type="application/ld+json">{"@type":"Product"}</script>');
  });

  it('leaves a finished page as it is, and refuses markup with an instruction it does not know', () => {
    expect(withoutInstructions('<main><p>all there</p></main>')).toBe('<main><p>all there</p></main>');
    expect(withoutInstructions('<main><!--$?--><template id="B:0"></template></main><script>$RC("B:0","S:0")</script>')).toBeNull();
    expect(withoutInstructions('<main></main><script>$RX("B:9")</script>')).toBeNull();
  });
});
