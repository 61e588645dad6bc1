/**
 * Two printing machines for the domain rules' tests, with real prices (server/data/catalogue): an
 * A3 colour multifunctional on a lease (rental £138.00 a month, 0.52p and 4p a page) and an A4 mono
 * printer below the lease minimum, sold outright only (£300.00, 1.2p a page).
 */
import type { Product } from '../domain/product';

export const TEST_A3_COLOUR: Product = {
  modelId: 'canonimagerunneradvancedxc5840i',
  brand: 'Canon',
  model: 'imageRUNNER ADVANCE DX C5840i',
  productCategory: 'multifunctional-printer',
  productSpecification: 'office',
  colourPrinting: 'colour',
  paperSize: 'A3',
  isActive: 1,
  price: { startingFrom: 690000, '60MonthLeasePrice': 41400, servicePerPage: { mono: 0.52, colour: 4 } },
};

export const TEST_A4_MONO_OUTRIGHT: Product = {
  ...TEST_A3_COLOUR,
  modelId: 'brotherhll5210dn',
  brand: 'Brother',
  model: 'HL-L5210DN',
  paperSize: 'A4',
  colourPrinting: 'mono',
  productCategory: 'office-printer',
  price: { startingFrom: 30000, '60MonthLeasePrice': 1800, servicePerPage: { mono: 1.2, colour: null } },
};
