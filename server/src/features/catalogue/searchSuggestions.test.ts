/**
 * Site search's suggestions when no machine matched (rank.ts nearest, engine.ts): up to 3 brands
 * and 5 models, the nearest first, a likeness of at least 0.3 to a word of 3 letters or more or to
 * the whole query run together; and on the real catalogue, never a machine that is not active.
 */
import type { FastifyInstance } from 'fastify';
import type { SearchResponse } from '@copytech/shared/domain';
import type { SearchDocument } from './search/documents';
import { normaliseQuery } from './search/normalise';
import { nearest, prepare } from './search/rank';
import { REAL_DATA, configOn, testApp } from '../../../test/helpers';
import { databases } from '../../../test/postgres';

function product(modelId: string, brandName: string, modelName: string): SearchDocument {
  const brand = brandName.toLowerCase();
  const model = modelName.toLowerCase();
  return {
    docKey: `product:${modelId}`,
    kind: 'product',
    modelId,
    title: `${brandName} ${modelName}`,
    path: `/printers/x/${modelId}`,
    brandName,
    modelName,
    brand,
    model,
    modelKey: model.replace(/ /g, ''),
    words: 'printer',
    body: '',
  };
}

const suggest = (q: string, docs: SearchDocument[]) => nearest(normaliseQuery(q), docs.map(prepare));
const modelsOf = (found: ReturnType<typeof nearest>) => found.models.map((m) => m.model);

describe('the brands suggested', () => {
  it('are at most 3, the nearest first, each at least 0.3 alike', () => {
    // likeness to "lexmar": Lexmark 0.66, Lexmann 0.5, Lexa 0.33, Lexon 0.3, Xerox nothing
    const docs = [
      product('xeroxzz1', 'Xerox', 'ZZ 1'),
      product('lexonzz2', 'Lexon', 'ZZ 2'),
      product('lexazz3', 'Lexa', 'ZZ 3'),
      product('lexmannzz4', 'Lexmann', 'ZZ 4'),
      product('lexmarkzz5', 'Lexmark', 'ZZ 5'),
      product('lexmarkzz6', 'Lexmark', 'ZZ 6'),
    ];
    expect(suggest('lexmar', docs).brands).toEqual(['Lexmark', 'Lexmann', 'Lexa']);
    // with fewer near brands, one exactly 0.3 alike is still offered
    expect(suggest('lexmar', docs.slice(0, 2)).brands).toEqual(['Lexon']);
  });
});

describe('the models suggested', () => {
  it('are at most 5, the nearest first', () => {
    // likeness to "qx5000": qx500 0.85, qx5000x 0.66, qx5000xl 0.6, qx5001 0.55, qx50 0.5, qx5010 0.4, qx5 0.37
    const names = ['QX5', 'QX5010', 'QX50', 'QX5001', 'QX5000XL', 'QX5000X', 'QX500'];
    const docs = names.map((name) => product(`acme${name.toLowerCase()}`, 'Acme', name));
    expect(modelsOf(suggest('qx5000', docs))).toEqual(['QX500', 'QX5000X', 'QX5000XL', 'QX5001', 'QX50']);
    expect(suggest('qx5000', docs).models[0]).toEqual({ brand: 'Acme', model: 'QX500', path: '/printers/x/acmeqx500' });
  });

  it('include a model only 0.3 alike, not one less alike', () => {
    // "c250i" is 0.33 like "c251i", 0.2 like "xc250"
    const docs = [product('zetac251i', 'Zeta', 'C251i'), product('zetaxc250', 'Zeta', 'XC250')];
    expect(modelsOf(suggest('c250i', docs))).toEqual(['C251i']);
  });

  it('count a word of three letters', () => {
    // "pro" is the model's word; the query run together is not like the model
    const docs = [product('acmepro9', 'Acme', 'Pro 9')];
    expect(modelsOf(suggest('pro qwertyuiop', docs))).toEqual(['Pro 9']);
  });

  it('count the query run together: a model typed in odd pieces', () => {
    // no word of "mf cl89 00cdx" is like a word of the model, but "mfcl8900cdx" is like "mfcl8900cdw"
    const docs = [product('brothermfcl8900cdw', 'Brother', 'MFC L8900CDW')];
    expect(modelsOf(suggest('mf cl89 00cdx', docs))).toEqual(['MFC L8900CDW']);
  });
});

describe.each(databases())('suggestions on %s', (database) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await testApp(configOn(database, { dataDir: REAL_DATA }));
  }, 60_000);
  afterAll(() => app.close());

  it('offer the near active model, never a machine no longer sold', async () => {
    // bizhub C250i is in the catalogue but inactive; nothing active is the model "c250i"
    const answer = (await app.inject({ url: '/api/search?q=c250i' })).json() as SearchResponse;
    expect(answer.products.count).toBe(0);
    const models = answer.suggestions?.models.map((m) => `${m.brand} ${m.model}`) ?? [];
    expect(models).toContain('Konica Minolta bizhub C251i');
    expect(models).not.toContain('Konica Minolta bizhub C250i');
  });
});
