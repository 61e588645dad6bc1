import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../testing/machines';
import { TEST_TERMS } from '../testing/terms';
import { productOverview, productOverviewSentences, suitsSentence } from './productCopy';
import { NO_PAGE_CHARGES } from './terms';

const at = (ppm: number, overrides: Partial<typeof TEST_A3_COLOUR> = {}) =>
  suitsSentence({ ...TEST_A3_COLOUR, ...overrides, productAttributes: { printSpeedPpm: ppm } });

describe('suitsSentence', () => {
  it('wants A3 and colour only of a colour A3 machine; a mono one wants A3', () => {
    expect(at(26)).toBe(
      'At 26 ppm it suits a small office or a team of up to around 15 people that wants A3 and colour without paying for speed it will not use.',
    );
    expect(at(25, { colourPrinting: 'mono' })).toBe(
      'At 25 ppm it suits a small office or a team of up to around 15 people that wants A3 without paying for speed it will not use.',
    );
  });

  it('sizes an A3 multifunctional by its speed', () => {
    expect(at(30)).toMatch(/small office/);
    expect(at(31)).toMatch(/busy department or an office of 15 to 40 people/);
    expect(at(50)).toMatch(/high-volume departments/);
    expect(at(65)).toMatch(/heavy shared use/);
  });

  it('never speaks of A3 for an A4 machine, and words an office printer as one', () => {
    expect(at(35, { paperSize: 'A4' })).toBe('At 35 ppm it is a good fit for a small office, a branch or a team of up to about 10 people.');
    expect(at(40, { paperSize: 'A4' })).toBe('At 40 ppm it gives a busy team or a small office fast A4 output from a compact machine.');
    expect(at(45, { paperSize: 'A4', productCategory: 'office-printer' })).toMatch(/prints but does not need to scan or copy/);
    expect(at(55, { paperSize: 'A4', productCategory: 'printer' })).toMatch(/busy shared area/);
  });

  it('says nothing without a speed, or of a kind it has no words for', () => {
    expect(suitsSentence({ ...TEST_A3_COLOUR, productAttributes: {} })).toBeNull();
    expect(at(80, { productCategory: 'plotter' })).toBeNull();
  });
});

describe('productOverview', () => {
  const described = { ...TEST_A3_COLOUR, description: 'A proven A3 colour workhorse.', productAttributes: { printSpeedPpm: 40 } };

  it('is the machine’s own words, then who it suits, how it is supplied and serviced', () => {
    expect(productOverviewSentences(described, TEST_TERMS)).toEqual([
      'A proven A3 colour workhorse.',
      'At 40 ppm it is sized for a busy department or an office of 15 to 40 people with steady daily volumes.',
      'Buy it outright or lease it over 36, 48 or 60 months (finance subject to status), delivered, installed and set up on your network by Copytech.',
      'Toner, parts and servicing come on one service agreement, charged per page printed.',
    ]);
  });

  it('offers no lease below the minimum, and none at all before the terms are known', () => {
    expect(productOverview({ ...TEST_A4_MONO_OUTRIGHT, description: 'An A4 printer.' }, TEST_TERMS)).toContain(
      'Sold outright only (we lease machines from £1,000)',
    );
    expect(productOverview(described, null)).not.toMatch(/lease/);
  });

  it('says of a finisher what is true of it: no page charges, no network', () => {
    const finisher = { ...TEST_A3_COLOUR, productCategory: 'finisher', description: 'A booklet finisher.', productAttributes: {} };
    const text = productOverview(finisher, TEST_TERMS);
    expect(text).toContain(NO_PAGE_CHARGES);
    expect(text).not.toMatch(/network|toner|per page/);
  });

  it('is the introduction alone for a discontinued product', () => {
    expect(productOverview({ ...described, isActive: 0 }, TEST_TERMS)).toBe('A proven A3 colour workhorse.');
  });
});
