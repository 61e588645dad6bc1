/**
 * A page's body rendered on the server (renderPage.ts, in a render process or here), and what each
 * render tells the metrics (slot times, fallbacks by reason, renders in progress). A render tells
 * a canary's health nothing by itself: a view counts only when a browser that ran the remote
 * reports it, and a remote whose server render failed is named in the page's canary token
 * (canaryPageView.ts), counted as a server failure with that report.
 */
import type { FastifyInstance } from 'fastify';
import type { Metrics } from '../metrics';
import type { PageRequest } from './pageParts';
import type { RenderedBody } from './renderPage';
import type { PageRenderer } from './renderProcesses';

/**
 * A render's timings and fallbacks in the metrics, counted here in the main thread (a render
 * thread returns them with the body): each remote slot's time, the whole body's as `shell`; a body
 * the shell could not render at all (null) or a render that failed is the shell's fallback.
 */
function countRender(metrics: Metrics, body: RenderedBody | null, threw: boolean): void {
  if (!body) {
    metrics.renderFallbacks.inc({ remote: 'shell', reason: threw ? 'threw' : 'missing' });
    return;
  }
  if (body.ms !== undefined) metrics.renderSlotDuration.observe({ remote: 'shell' }, body.ms / 1000);
  for (const slot of body.slots ?? []) metrics.renderSlotDuration.observe({ remote: slot.remote }, slot.ms / 1000);
  for (const fallback of body.fallbacks ?? []) metrics.renderFallbacks.inc({ remote: fallback.remote, reason: fallback.reason });
}

/** The page's body rendered on the server, or null (then the browser renders it, as without server rendering). */
export function createBodyRenderer(app: FastifyInstance, renderer: PageRenderer | null) {
  const { metrics } = app;
  return async function renderBody(url: URL, request: PageRequest): Promise<RenderedBody | null> {
    if (!renderer) return null;
    let body: RenderedBody | null = null;
    let threw = false;
    metrics.renderQueueDepth.inc();
    try {
      body = await renderer.render(url.pathname + url.search, request.read, request.use);
    } catch (error) {
      threw = true;
      app.log.warn({ url: url.pathname, reason: (error as Error).message }, 'server rendering failed: the page is rendered in the browser');
    } finally {
      metrics.renderQueueDepth.dec();
    }
    countRender(metrics, body, threw);
    return body;
  };
}
