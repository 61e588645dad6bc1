/** Site search's pure parts: how a query is read, trigram likeness, and the ranking's tiers. */
import type { SearchDocument } from './search/documents';
import { foldKey, foldText, normaliseQuery, similarity } from './search/normalise';
import { prepare, rankDocuments, scoreDocument } from './search/rank';

describe('normaliseQuery', () => {
  it.each([
    ['MFC-L8900CDW', ['mfc', 'l8900cdw'], 'mfcl8900cdw'],
    ['  MFC   L8900 ', ['mfc', 'l8900'], 'mfcl8900'],
    ['mfcl8900', ['mfcl8900'], 'mfcl8900'],
    ['Photocopiers for the office', ['photocopier', 'office'], 'photocopiersfortheoffice'],
    ['A3 Color', ['a3', 'colour'], 'a3color'],
    ['imageRUNNER ADVANCE DX C5840i', ['imagerunner', 'advance', 'dx', 'c5840i'], 'imagerunneradvancedxc5840i'],
    ['Café «bizhub» C301i', ['cafe', 'bizhub', 'c301i'], 'cafebizhubc301i'],
    ['"NEAR(a b)" OR * : ^col', ['near', 'b', 'col'], 'nearabor'.concat('col')],
    ['the and of', [], 'theandof'],
    ['Colour color COLOURS', ['colour'], 'colourcolorcolours'],
    ['constructor', ['constructor'], 'constructor'],
    ['', [], ''],
  ])('%j → terms %j, key %j', (raw, terms, key) => {
    const query = normaliseQuery(raw);
    expect(query.terms).toEqual(terms);
    expect(query.key).toBe(key);
  });

  it('keeps at most 8 terms and 100 characters, and says what it read', () => {
    const query = normaliseQuery(`${Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ')}`);
    expect(query.terms).toHaveLength(8);
    expect(normaliseQuery('y'.repeat(10_000)).query).toHaveLength(100);
    expect(normaliseQuery(42).terms).toEqual([]);
    expect(normaliseQuery(['canon']).terms).toEqual([]);
  });

  it('folds model numbers and text to letters and digits', () => {
    expect(foldKey('MFC-L8900CDW')).toBe('mfcl8900cdw');
    expect(foldKey('DesignJet Z9+ 44-in')).toBe('designjetz944in');
    expect(foldText('Ünïcode\u0000 ＡＢＣ ２')).toBe('unicode abc 2');
  });
});

describe('similarity (as pg_trgm)', () => {
  it.each([
    ['bizub', 'bizhub', 44],
    ['bizhub', 'bizhub', 100],
    ['konika', 'konica', 40],
    ['c5840', 'c5840i', 62],
    ['c310i', 'c301i', 0],
    ['bix', 'biy', 0],
    ['abc', 'xyz', 0],
  ])('%s ~ %s = %i', (a, b, expected) => {
    expect(similarity(a, b)).toBe(expected);
  });
});

function doc(over: Partial<SearchDocument> & { modelId: string }): SearchDocument {
  return {
    docKey: `product:${over.modelId}`,
    kind: 'product',
    title: over.modelId,
    path: `/x/${over.modelId}`,
    brandName: 'Acme',
    modelName: over.modelId,
    brand: 'acme',
    model: '',
    modelKey: '',
    words: '',
    body: '',
    ...over,
  };
}

describe('ranking', () => {
  const docs = [
    doc({ modelId: 'd-description', model: 'zz 100', modelKey: 'zz100', words: 'printer', body: 'replaces the qx 5000 in many offices' }),
    doc({ modelId: 'c-class', model: 'zz 200', modelKey: 'zz200', words: 'qx printer' }),
    doc({ modelId: 'b-model-words', model: 'pro qx 5000', modelKey: 'proqx5000', words: 'printer' }),
    doc({ modelId: 'a-prefix', model: 'qx 5000x', modelKey: 'qx5000x', words: 'printer' }),
    doc({ modelId: 'e-exact', model: 'qx 5000', modelKey: 'qx5000', words: 'printer' }),
  ].map(prepare);

  it('orders exact model, model prefix, model words, class words, description', () => {
    const ranked = rankDocuments(normaliseQuery('QX-5000'), docs).map((d) => d.key);
    expect(ranked).toEqual(['e-exact', 'a-prefix', 'b-model-words', 'd-description']);
    expect(rankDocuments(normaliseQuery('qx'), docs).map((d) => d.key)).toEqual([
      'e-exact',
      'a-prefix',
      'b-model-words',
      'c-class',
      'd-description',
    ]);
  });

  it('needs every word somewhere, a close typo counting', () => {
    expect(scoreDocument(normaliseQuery('qx 5000 nowhere'), docs[2]!)).toBeNull();
    expect(scoreDocument(normaliseQuery('acme qx5000'), docs[4]!)).not.toBeNull();
    expect(scoreDocument(normaliseQuery('acmee qx5000'), docs[4]!)).not.toBeNull();
  });

  it('breaks ties by the stable key, whatever order the candidates came in', () => {
    const same = ['b', 'c', 'a'].map((id) => prepare(doc({ modelId: id, model: 'qx 1', modelKey: 'qx1' })));
    expect(rankDocuments(normaliseQuery('qx1'), same).map((d) => d.key)).toEqual(['a', 'b', 'c']);
    expect(rankDocuments(normaliseQuery('qx1'), [...same].reverse()).map((d) => d.key)).toEqual(['a', 'b', 'c']);
  });
});
