import { COMPATIBLE_WITH_FEATURE, compatibleSeriesOf, PRODUCT_KINDS, productKindOf } from './productKind';

describe('productKindOf', () => {
  it.each([
    ['multifunctional-printer', 'office', 'printer'],
    ['multifunctional-printer', 'light-production', 'printer'],
    ['office-printer', null, 'printer'],
    ['printer', null, 'printer'],
    ['heavy-production-printer', 'heavy-production', 'printer'],
    ['plotter', 'wide-format', 'printer'],
    ['personal-scanners', 'personal', 'scanner'],
    ['production-scanner', null, 'scanner'],
    ['finisher', 'booklet', 'finisher'],
    ['toaster', null, null],
    ['', null, null],
  ])('%s (%s) is a %s', (category, specification, kind) => {
    expect(productKindOf(category, specification)).toBe(kind);
  });
});

describe('compatibleSeriesOf', () => {
  it('reads the series from "Compatible with", split on semicolons, ignoring case and spacing', () => {
    const product = {
      productFeatures: [
        { featureName: 'Technology', featureValue: 'Mechanical' },
        { featureName: 'compatible with', featureValue: ' Ricoh IM  series A3 multifunctionals;Ricoh Pro C5300 series ; ' },
      ],
    };
    expect(compatibleSeriesOf(product)).toEqual(['ricoh im series a3 multifunctionals', 'ricoh pro c5300 series']);
  });

  it('is empty without the feature', () => {
    expect(compatibleSeriesOf({ productFeatures: [{ featureName: 'Type', featureValue: 'Stapling finisher' }] })).toEqual([]);
    expect(compatibleSeriesOf({})).toEqual([]);
  });
});

describe('the kinds', () => {
  it('are printer, scanner and finisher', () => {
    expect(PRODUCT_KINDS).toEqual(['printer', 'scanner', 'finisher']);
  });
  it('take a production-specification multifunctional and any production category as a printer', () => {
    expect(productKindOf('multifunctional-printer', undefined)).toBe('printer');
    expect(productKindOf('multifunctional-printer', 'production')).toBe('printer');
    expect(productKindOf('light-production')).toBe('printer');
    expect(productKindOf('production-printer', null)).toBe('printer');
  });
  it('know every scanner category', () => {
    for (const category of ['production-scanners', 'departmental-scanners', 'desktop-workgroup-scanners', 'scanner']) {
      expect(productKindOf(category, null)).toBe('scanner');
    }
  });
  it('know no missing category, and categories only as the catalogue spells them', () => {
    expect(productKindOf(null)).toBeNull();
    expect(productKindOf(undefined, 'office')).toBeNull();
    expect(productKindOf('Finisher')).toBeNull();
    expect(productKindOf('finishers')).toBeNull();
  });
});

describe('the series a finisher fits', () => {
  it('reads the feature named "Compatible with", its name in any case and spacing', () => {
    expect(COMPATIBLE_WITH_FEATURE).toBe('Compatible with');
    const feature = (featureName: string) => ({ productFeatures: [{ featureName, featureValue: 'Canon iR-ADV DX series' }] });
    expect(compatibleSeriesOf(feature('  COMPATIBLE WITH '))).toEqual(['canon ir-adv dx series']);
    expect(compatibleSeriesOf(feature('Compatible'))).toEqual([]);
    expect(compatibleSeriesOf(feature('Compatible with models'))).toEqual([]);
  });
  it('takes the first such feature, once each series, spaces and tabs made one space', () => {
    const product = {
      productFeatures: [
        { featureName: 'Compatible with', featureValue: 'Ricoh IM\tC series;ricoh im c   SERIES; Ricoh IM C series;;' },
        { featureName: 'Compatible with', featureValue: 'Sharp MX series' },
      ],
    };
    expect(compatibleSeriesOf(product)).toEqual(['ricoh im c series']);
  });
  it('is empty for a feature with no value, no features, or gaps in the list', () => {
    expect(compatibleSeriesOf({ productFeatures: null })).toEqual([]);
    const gappy = [null, { featureName: undefined }, { featureName: 'Compatible with', featureValue: ' ; ' }] as unknown as Array<{
      featureName: string;
      featureValue: string;
    }>;
    expect(compatibleSeriesOf({ productFeatures: gappy })).toEqual([]);
    const noValue = [{ featureName: 'Compatible with' }] as unknown as Array<{ featureName: string; featureValue: string }>;
    expect(compatibleSeriesOf({ productFeatures: noValue })).toEqual([]);
  });
});
