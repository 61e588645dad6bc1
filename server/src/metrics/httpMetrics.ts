/**
 * Counts every answer (copytech_http_requests_total, copytech_http_request_duration_seconds) and
 * the rate limits' decisions (copytech_rate_limit_decisions_total), in one onResponse hook.
 *
 * The hook is on every request's path, so it is kept cheap: synchronous (no promise), and the
 * series are looked up in nested maps (method, then route, then status class) and made once
 * (requestSeries.ts: adding to one is adding to plain numbers), and a page's route label is
 * remembered per path (routeLabel.ts), so a request allocates next to nothing here.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageSections } from '@copytech/shared/domain';
import { statusClassOf, type Metrics } from './metrics';
import { UNMATCHED, rememberedSitePageLabels } from './routeLabel';
import type { RequestSeriesChild } from './requestSeries';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route is limited by a hook of its own rather than by config.rateLimit (the release API's
     * budgets, features/releases/releaseGuard.ts): its answers are counted as limits' decisions too.
     */
    limitedByHook?: boolean;
  }
}

/** The Fastify templates of the site's pages (pages/siteRoutes.ts): their label is the page's own pattern. */
function sitePageTemplates(): Set<string> {
  return new Set(['/', ...pageSections().flatMap((section) => [`/${section}`, `/${section}/*`])]);
}

export function installHttpMetrics(app: FastifyInstance, metrics: Metrics): void {
  const siteTemplates = sitePageTemplates();
  const sitePageLabel = rememberedSitePageLabels();
  const byMethod = new Map<string, Map<string, Array<RequestSeriesChild | undefined>>>();
  const decisions = new Map<string, { allowed: { inc(): void }; limited: { inc(): void } }>();

  function series(method: string, route: string, statusCode: number): RequestSeriesChild {
    let byRoute = byMethod.get(method);
    if (!byRoute) byMethod.set(method, (byRoute = new Map()));
    let byClass = byRoute.get(route);
    if (!byClass) byRoute.set(route, (byClass = []));
    const index = Math.min(5, Math.max(1, Math.floor(statusCode / 100)));
    let found = byClass[index];
    if (!found) {
      found = metrics.httpAnswers.labels({ method, route, status_class: statusClassOf(statusCode) });
      byClass[index] = found;
    }
    return found;
  }

  function countDecision(route: string, limited: boolean): void {
    let pair = decisions.get(route);
    if (!pair) {
      pair = {
        allowed: metrics.rateLimitDecisions.labels({ route, decision: 'allowed' }),
        limited: metrics.rateLimitDecisions.labels({ route, decision: 'limited' }),
      };
      decisions.set(route, pair);
    }
    (limited ? pair.limited : pair.allowed).inc();
  }

  app.addHook('onResponse', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    // A page's own API reads (pages/inProcessApi.ts) are part of the page's request: counted once, as the page.
    if (app.inProcess.is(request)) return done();
    // routeOptions is a getter that builds an object: read it once.
    const { url: template, config } = request.routeOptions;
    const route = template === undefined ? UNMATCHED : siteTemplates.has(template) ? sitePageLabel(request.url) : template;
    const statusCode = reply.statusCode;
    const found = series(request.method, route, statusCode);
    found.observe(reply.elapsedTime / 1000);
    // Routes with a limit of their own (the writes, the release API): a 429 is the limit's answer.
    const limited = config as { rateLimit?: unknown; limitedByHook?: boolean } | undefined;
    if (template !== undefined && (limited?.rateLimit || limited?.limitedByHook)) countDecision(template, statusCode === 429);
    done();
  });
}
