/**
 * The commercial terms (docs/product-rules.md "Commercial terms"): read from `terms.json` in the
 * data folder when the app is built, checked field by field (a file that does not pass stops the
 * start, naming the field), and decorated as `app.terms` for every route: the quote and report
 * e-mails, the page heads, `GET /api/terms` (the browser rooms' source) and the CMS pages, whose
 * `{{terms.…}}` and `{{phone.…}}` placeholders are filled from it when they are served. Every page
 * and post stored is checked once here too: a placeholder the terms do not know stops the start.
 */
import fs from 'node:fs';
import path from 'node:path';
import fp from 'fastify-plugin';
import {
  COMPANY,
  fillPlaceholders,
  parseCommercialTerms,
  termsPlaceholderValues,
  TermsError,
  TERMS_URL,
  unknownPlaceholders,
  type CommercialTerms,
} from '@copytech/shared/domain';

export interface TermsService {
  terms: CommercialTerms;
  /** A CMS page or post with its placeholders filled. */
  fill<T>(value: T): T;
}

declare module 'fastify' {
  interface FastifyInstance {
    terms: TermsService;
  }
}

/** The terms file of a data folder, checked; throws one line naming the file and the field. */
export function loadCommercialTerms(dataDir: string): CommercialTerms {
  const file = path.join(dataDir, 'terms.json');
  let raw: unknown;
  try {
    raw = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`The commercial terms ${file} could not be read: ${(error as Error).message}`, { cause: error });
  }
  try {
    return parseCommercialTerms(raw);
  } catch (error) {
    if (error instanceof TermsError) throw new Error(`The commercial terms ${file} are not valid: ${error.message}`, { cause: error });
    throw error;
  }
}

export function termsService(terms: CommercialTerms): TermsService {
  const values = termsPlaceholderValues(terms, { sales: COMPANY.salesPhone, support: COMPANY.supportPhone });
  return { terms, fill: (value) => fillPlaceholders(value, values) };
}

/** A stored text whose placeholders are filled from the terms: what it is ('page', 'blog post'), its slug, its JSON. */
export interface PlaceholderText {
  kind: string;
  slug: string;
  data: string;
}

export interface TermsOptions {
  dataDir: string;
  /** every stored text that is served with its placeholders filled (the content feature's pages and posts) */
  storedTexts: () => Promise<PlaceholderText[]>;
}

/** Every stored text that names a placeholder the terms do not know. */
async function checkPlaceholders(texts: PlaceholderText[], terms: CommercialTerms): Promise<void> {
  const values = termsPlaceholderValues(terms, { sales: COMPANY.salesPhone, support: COMPANY.supportPhone });
  const problems = texts
    .map((row) => ({ row, unknown: unknownPlaceholders(row.data, values) }))
    .filter(({ unknown }) => unknown.length > 0)
    .map(({ row, unknown }) => `${row.kind} ${row.slug}: {{${unknown.join('}}, {{')}}}`);
  if (problems.length) {
    throw new Error(`Placeholders the commercial terms do not know (server/data/README.md "Pages"): ${problems.join('; ')}`);
  }
}

export const termsPlugin = fp<TermsOptions>(
  async (app, { dataDir, storedTexts }) => {
    const terms = loadCommercialTerms(dataDir);
    await checkPlaceholders(await storedTexts(), terms);
    app.decorate('terms', termsService(terms));
    app.get(TERMS_URL, async (_request, reply) => {
      reply.header('Cache-Control', 'public, max-age=60');
      return terms;
    });
  },
  { name: 'copytech-terms', dependencies: ['copytech-database'] },
);
