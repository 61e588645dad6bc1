/**
 * Forms posted without JavaScript (docs/product-rules.md "Forms without JavaScript"): the contact
 * enquiry, the service request and the newsletter sign-up are each a `<form method="post">` whose
 * action is the page it is on. A script sends them as JSON instead (the forms' own API routes); a
 * browser without one posts the form's fields, url-encoded, to the page, and this answers with the
 * page itself, rendered with what came of the post (indexPage.ts sendPosted): the values kept with
 * each field's message, or the reference. So the visitor stays on the page, the address bar shows
 * the page's own path, and nothing typed ever goes into a URL.
 *
 * Each form is a feature's (a FormPost, passed in by app.ts): it reads only its own fields and
 * validates, stores and sends exactly as its JSON route does. Here, what every post shares:
 *
 * - only a page that holds the form (a CMS page with a `form` block of that kind) takes it;
 * - cross-site posts are refused (403): a browser says where a post comes from (Sec-Fetch-Site,
 *   Origin), and a post from another site's page is not one of ours. The JSON routes are safe from
 *   that by taking JSON only (a cross-site form cannot send it without a preflight);
 * - the forms' rate limit (RATE_LIMIT_FORMS_PER_MINUTE per IP), as the JSON routes;
 * - url-encoded bodies only, at most 16 KB, each field once (the first), strings only.
 */
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { contentPagePaths, contentRouteOf } from '@copytech/shared/domain';
import type { PostedForm } from '@copytech/shared/ssr';
import type { Config } from '../config';
import { sendError } from '../http/errors';
import { perMinute } from '../writes/writeDeps';
import { crossSitePost } from './origin';

/** A form a page may post: a feature's, passed in by app.ts. */
export interface FormPost {
  /** The form's name, sent as its hidden `form` field, and the CMS `form` block's kind: `enquiry`, `service-request`, `newsletter`. */
  form: string;
  /** The fields it reads; any other is ignored. */
  fields: readonly string[];
  /**
   * Validates, stores and sends as the form's JSON route does; `page` is the path it was posted
   * to. The answer's status (200 sent, 400 not valid) and what the page shows.
   */
  handle(fields: Record<string, string>, page: string, request: FastifyRequest): Promise<{ status: number; posted: PostedForm }>;
}

/** The hidden field that names the form. */
export const FORM_FIELD = 'form';
export const FORM_BODY_LIMIT = 16 * 1024;

export const CROSS_SITE_MESSAGE = 'This form can only be sent from a page of the Copytech site.';
export const NO_SUCH_FORM_MESSAGE = 'This page has no such form.';
export const FORM_ENCODING_MESSAGE = 'Send the form as a web form (Content-Type: application/x-www-form-urlencoded).';

/** The posted fields `form` reads: each once (its first value), nothing else. */
export function postedFields(body: unknown, fields: readonly string[]): Record<string, string> {
  const pairs = body instanceof URLSearchParams ? body : new URLSearchParams();
  const out: Record<string, string> = {};
  for (const name of fields) {
    const value = pairs.get(name);
    if (value !== null) out[name] = value;
  }
  return out;
}

/** Whether the CMS page at `path` places a form of this kind (read as the page reads it, in process). */
async function pageHoldsForm(app: FastifyInstance, path: string, form: string): Promise<boolean> {
  const route = contentRouteOf(path);
  if (!route) return false;
  const response = await app.inject({
    method: 'GET',
    url: `/api/pages/slug/${encodeURIComponent(route.slug)}`,
    headers: app.inProcess.headers,
  });
  if (response.statusCode !== 200) return false;
  const page = response.json() as { kind?: unknown; body?: unknown };
  if (page.kind !== route.kind || !Array.isArray(page.body)) return false;
  return page.body.some((block) => {
    const { type, form: kind } = (block ?? {}) as { type?: unknown; form?: unknown };
    return type === 'form' && kind === form;
  });
}

export type SendPosted = (
  request: FastifyRequest,
  reply: FastifyReply,
  form: string,
  posted: PostedForm,
  status: number,
  /** the query the page is rendered with (a post's answer has none unless its form keeps one) */
  search?: string,
) => Promise<unknown>;

/** The POST routes of every CMS page's path (home, the fixed pages, the service pages), for `posts`. */
export const formPostsPlugin: FastifyPluginAsync<{ config: Config; posts: readonly FormPost[]; sendPosted: SendPosted }> = async (
  app,
  { config, posts, sendPosted },
) => {
  const byName = new Map(posts.map((post) => [post.form, post]));
  // Only in this plugin's routes: the site's other writes take JSON alone.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => {
      done(null, new URLSearchParams(body as string));
    },
  );

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    if (crossSitePost(request, config)) return sendError(reply, 403, CROSS_SITE_MESSAGE);
    const pairs = request.body;
    if (!(pairs instanceof URLSearchParams)) return sendError(reply, 415, FORM_ENCODING_MESSAGE);
    const post = byName.get(pairs.get(FORM_FIELD) ?? '');
    const path = request.url.split('?')[0]!;
    if (!post || !(await pageHoldsForm(app, path, post.form))) return sendError(reply, 404, NO_SUCH_FORM_MESSAGE);
    const { status, posted } = await post.handle(postedFields(pairs, post.fields), path, request);
    return sendPosted(request, reply, post.form, posted, status);
  };

  const options = { config: perMinute(config.rateLimits.formsPerMinute) };
  // The paths of CMS pages: home, the fixed pages and the service pages.
  for (const path of [...contentPagePaths().map((page) => page.path), '/services/:slug']) app.post(path, options, handler);
};
