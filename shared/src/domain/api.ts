/**
 * What every room can rely on from the server's answers (beyond the entities themselves):
 * the error body, the answers of the writes, and the idempotency header.
 */

/**
 * Every 4xx and 5xx answer of /api has this body. fieldErrors (400 only) is keyed by the field's
 * path in the request, e.g. 'contactDetails.email' or 'limit', with the message to show there.
 */
export interface ApiErrorBody {
  error: string;
  statusCode: number;
  message: string;
  fieldErrors?: Record<string, string>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).statusCode === 'number' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

/** 201 answer of POST /api/quote and POST /api/enquiries/send, e.g. { reference: 'CT-7K3M9Q2P' }. */
export interface ReferenceResponse {
  reference: string;
}
export type QuoteResponse = ReferenceResponse;

/** Reference format: 'CT-' and 8 characters of Crockford base 32 (no I, L, O or U). */
export const REFERENCE_PATTERN = /^CT-[0-9A-HJKMNP-TV-Z]{8}$/;

/**
 * Send a fresh key (a UUID) with each quote or enquiry the visitor submits and the same key with
 * every retry of it: within 24 hours the server answers a repeat with the first answer and stores
 * nothing new. Reusing a key for a different request body gets 422.
 */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;

/** 201 answer of POST /api/newsletter. */
export interface NewsletterResponse {
  ok: true;
}

/**
 * The read paths the rooms fetch first on a page, in one place: the server preloads the same URLs
 * from the index page (server/src/pages/startupHints.ts), and a preload is only used by a fetch of
 * exactly the same URL.
 */
export const API_PATHS = {
  /** A CMS page or service page by slug (content room). */
  page: (slug: string) => `/api/pages/slug/${encodeURIComponent(slug)}`,
  /** A printer or finisher by modelId (catalogue room). */
  product: (modelId: string) => `/api/v3/products/${encodeURIComponent(modelId)}`,
  /** A scanner by modelId (catalogue room). */
  scanner: (modelId: string) => `/api/scanners/getsinglescanner/${encodeURIComponent(modelId)}`,
  /** One page of the blog's posts, newest first, without their bodies (content room). */
  blogPage: (limit: number, offset: number) => `/api/blog?limit=${limit}&offset=${offset}`,
  /** A blog post with its body, by slug (content room). */
  blogPost: (slug: string) => `/api/blog/slug/${encodeURIComponent(slug)}`,
} as const;
