/** A quote's totals in words (docs/product-rules.md): the outright sentence names what it is about. */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../testing/machines';
import { TEST_TERMS } from '../testing/terms';
import { quoteFigures, quoteTotalSentences } from './quoteFigures';

const pages = { mono: 3000, colour: 1000 };
const sentences = (machines: Parameters<typeof quoteFigures>[0]) =>
  quoteTotalSentences(quoteFigures(machines, pages, TEST_TERMS), machines.length);

describe('quoteTotalSentences', () => {
  it('says nothing of buying outright when every machine is leased', () => {
    const said = sentences([TEST_A3_COLOUR]);
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/^Total a month for this machine: £[\d,.]+ ex VAT; £[\d,.]+ with VAT \(VAT at 20%\)\.$/);
  });

  it('one machine sold outright only: "on it"', () => {
    expect(sentences([TEST_A4_MONO_OUTRIGHT])[1]).toMatch(
      /^Bought outright \(no lease is offered on it\): £[\d,.]+ ex VAT; £[\d,.]+ with VAT, once\.$/,
    );
  });

  it('several, all sold outright only: "on them"', () => {
    expect(sentences([TEST_A4_MONO_OUTRIGHT, TEST_A4_MONO_OUTRIGHT])[1]).toMatch(/^Bought outright \(no lease is offered on them\): /);
  });

  it('some of several: names how many are bought outright', () => {
    expect(sentences([TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT])[1]).toMatch(/^Bought outright, the machine we do not lease: /);
    expect(sentences([TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT, TEST_A4_MONO_OUTRIGHT])[1]).toMatch(
      /^Bought outright, the 2 machines we do not lease: /,
    );
  });
});
