/**
 * What site search indexes (docs/product-rules.md "Site search: what it finds"): one document per
 * product (active or not: the query keeps to the active ones, so a product retired after the index
 * was built still never appears), per list and landing page, per CMS page and service, per blog
 * post. Each document keeps its words in fields the ranking weighs differently: the model, the
 * brand, the class and trade words a buyer uses, and the body (a description, an introduction).
 */
import {
  blogPostPath,
  categoryLabel,
  everyListPage,
  productPath,
  type PageContent,
  type Product,
  type SearchPageHit,
} from '@copytech/shared/domain';
import type { ProductsTable } from '../../../db/schema';
import { foldKey, foldText } from './normalise';

export interface SearchDocument {
  /** `product:<modelId>` or `<kind>:<path>` */
  docKey: string;
  kind: 'product' | SearchPageHit['kind'];
  /** the product's modelId, null for pages */
  modelId: string | null;
  title: string;
  path: string;
  /** a product's brand and model as written (for suggestions); empty for pages */
  brandName: string;
  modelName: string;
  /** folded (normalise.ts foldText), space-separated words */
  brand: string;
  model: string;
  /** the model without spaces or punctuation (`mfcl8900cdw`) */
  modelKey: string;
  words: string;
  body: string;
}

/** The trade's words for what a machine is, by its class (besides its category's own label). */
function classWords(row: Pick<ProductsTable, 'kind' | 'printer_type' | 'specification' | 'scanner_class' | 'category'>): string[] {
  const words: string[] = [];
  if (row.kind === 'printer') words.push('printer', 'printing');
  switch (row.printer_type) {
    case 'multifunctionals':
      words.push('multifunctional', 'mfp', 'photocopier', 'copier', 'copy', 'scan', 'all in one', 'office');
      break;
    case 'print-only':
      words.push('office', 'print only', 'single function');
      break;
    case 'production':
      words.push('production', 'press', 'digital press', 'commercial', 'print room');
      break;
    case 'plotters':
      words.push('plotter', 'wide format', 'large format', 'cad', 'poster');
      break;
  }
  if (row.kind === 'scanner') words.push('scanner', 'document scanner', 'scanning', row.scanner_class ?? '');
  if (row.kind === 'finisher') words.push('finisher', 'finishing', 'accessory', row.specification ?? '');
  if (row.kind === 'finisher' && row.specification === 'booklet') words.push('booklet maker', 'saddle stitch');
  if (row.kind === 'finisher' && row.specification === 'stapling') words.push('stapler', 'staple');
  if (row.kind === 'finisher' && row.specification === 'punch') words.push('hole punch');
  if (row.kind === 'finisher' && row.specification === 'folding') words.push('folder', 'fold');
  return words;
}

/** The document of a product row (its stored Product and the columns the seed derived from it). */
export function productDocument(row: ProductsTable): SearchDocument {
  const product = JSON.parse(row.data) as Product;
  const words = [categoryLabel(row.category), ...classWords(row)];
  if (row.paper_class) words.push(row.paper_class);
  if (row.max_paper_size) words.push(row.max_paper_size);
  if (row.is_colour === 1) words.push('colour');
  if (row.is_colour === 0) words.push('mono', 'black and white');
  const features = (product.productFeatures ?? []).map((feature) => feature.featureValue).join(' ');
  return {
    docKey: `product:${row.model_id}`,
    kind: 'product',
    modelId: row.model_id,
    title: `${row.brand} ${row.model}`,
    path: productPath(product),
    brandName: row.brand,
    modelName: row.model,
    brand: foldText(row.brand),
    model: foldText(row.model),
    modelKey: foldKey(row.model),
    words: foldText(words.join(' ')),
    body: foldText(`${product.description ?? ''} ${features}`),
  };
}

function pageDocument(kind: SearchPageHit['kind'], title: string, path: string, words: string, body: string): SearchDocument {
  return {
    docKey: `${kind}:${path}`,
    kind,
    modelId: null,
    title,
    path,
    brandName: '',
    modelName: '',
    brand: '',
    model: '',
    modelKey: '',
    words: foldText(`${title} ${words}`),
    body: foldText(body),
  };
}

export function listDocuments(): SearchDocument[] {
  return everyListPage().map((list) => pageDocument('list', list.heading, list.path, '', `${list.noun.many} ${list.intro}`));
}

/** Rich text as words: tags and the terms' placeholders (`{{terms.…}}`, filled in only when the page is read) left out. */
const plainText = (text: string) => text.replace(/<[^>]*>/g, ' ').replace(/\{\{[^}]*\}\}/g, ' ');

/** A block's fields that a visitor never reads: its kind, which form it holds, where its links and images point, its icons' names. */
const UNREAD_FIELDS = new Set(['type', 'form', 'href', 'image', 'icon']);

/** Text of a CMS page's blocks: every string a visitor reads in them (headings, text, rich text without its tags). */
function blockText(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(plainText(value));
  else if (Array.isArray(value)) value.forEach((item) => blockText(item, out));
  else if (value && typeof value === 'object')
    Object.entries(value).forEach(([field, item]) => (UNREAD_FIELDS.has(field) ? undefined : blockText(item, out)));
  return out;
}

/** A CMS page or service from the pages table (home is the site itself, not a result). */
export function contentDocument(slug: string, kind: string, data: string): SearchDocument | null {
  if (slug === 'home') return null;
  const page = JSON.parse(data) as PageContent;
  const path = page.meta?.url || (kind === 'service' ? `/services/${slug}` : `/${slug}`);
  const title = page.meta?.title || slug;
  const body = `${plainText(page.meta?.description ?? '')} ${blockText(page.body).join(' ')}`.slice(0, 20_000);
  return pageDocument(kind === 'service' ? 'service' : 'page', title, path, '', body);
}

export function blogDocument(slug: string, data: string): SearchDocument {
  const post = JSON.parse(data) as { title?: string; excerpt?: string; body?: string };
  const body = `${plainText(post.excerpt ?? '')} ${plainText(post.body ?? '')}`.slice(0, 20_000);
  return pageDocument('blog', post.title || slug, blogPostPath(slug), 'blog', body);
}

/** All the document's words in one line: what the databases' trigram indexes hold. */
export function searchTextOf(doc: SearchDocument): string {
  return [doc.brand, doc.model, doc.modelKey, doc.words, doc.body].filter(Boolean).join(' ');
}
