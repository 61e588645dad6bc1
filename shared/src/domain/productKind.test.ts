import { compatibleSeriesOf, productKindOf } from './productKind';

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
