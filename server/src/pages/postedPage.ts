/**
 * The page at a request's own path, rendered in answer to a form posted to it without JavaScript
 * (formPosts.ts, docs/product-rules.md "Forms without JavaScript"): rendered as the page's GET is
 * (indexPage.ts), with a reader that also answers `posted` under the form's page-data key
 * (postedFormKey), so the page shows what came of the post: the values kept with the errors, or
 * the reference. It holds what the visitor typed: rendered for this request alone, never kept,
 * `no-store`. `status` is the answer's when the page itself is found (a page that is not answers
 * its own status).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { postedFormKey, type PageDataAnswer, type PostedForm } from '@copytech/shared/ssr';
import type { Config } from '../config';
import { readOnce } from './inProcessApi';
import { siteOrigin } from './origin';
import { withPageProblem } from './pageProblem';
import type { PageRequest } from './pageParts';

interface RenderedPage {
  status: number;
  html: string;
  timing: string;
}

export interface PostedPageParts {
  config: Config;
  readTemplate: () => Promise<{ html: string } | null>;
  selectReleases: (request: FastifyRequest, reply: FastifyReply) => { page: Omit<PageRequest, 'read'> };
  readApi: (url: string, requestId?: string) => Promise<PageDataAnswer>;
  produce: (template: string, url: URL, origin: string, request: PageRequest) => Promise<RenderedPage>;
  contentType: string;
}

export function createPostedPage({ config, readTemplate, selectReleases, readApi, produce, contentType }: PostedPageParts) {
  return async function sendPosted(
    request: FastifyRequest,
    reply: FastifyReply,
    form: string,
    posted: PostedForm,
    status: number,
    search = '',
  ) {
    const shell = await readTemplate();
    if (!shell) return reply.code(503).type('text/plain').send('The site has not been built yet: run `npm run build`.');
    // The path alone (a post's answer is the page, never the query it was posted with), or with
    // the query its form chose to keep (`search`: the savings checker's machine).
    const url = new URL(request.url.split('?')[0]! + search, 'http://site.invalid');
    const origin = siteOrigin(config, request);
    const selected = selectReleases(request, reply);
    const key = postedFormKey(form, url.pathname);
    const reads = readOnce((apiUrl) => readApi(apiUrl, request.id));
    const read = withPageProblem(
      (apiUrl) => (apiUrl === key ? Promise.resolve<PageDataAnswer>({ ok: true, value: posted }) : reads(apiUrl)),
      request,
      reply,
    );
    const answer = await produce(shell.html, url, origin, { ...selected.page, read });
    return reply
      .code(answer.status === 200 ? status : answer.status)
      .type(contentType)
      .header('Cache-Control', 'no-store')
      .header('Server-Timing', answer.timing)
      .send(answer.html);
  };
}
