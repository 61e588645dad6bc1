/** The checker for one machine (docs/product-rules.md "The checker for one machine"): its rental and its own prices as Copytech's side. */
import { TEST_A3_COLOUR, TEST_A4_MONO_OUTRIGHT } from '../../testing/machines';
import { TEST_TERMS } from '../../testing/terms';
import type { Product } from '../product';
import { defaultSavingsAnswers, type SavingsAnswers } from './answers';
import { calculateSavings } from './calculation';
import {
  CHECKER_MACHINE_PROBLEMS,
  checkerMachineOf,
  checkerMachineWords,
  copytechRatesWords,
  machineAssumptions,
  machineRatesShortWords,
  readCheckerMachineId,
  type CheckerMachine,
} from './machine';

const a3Colour = TEST_A3_COLOUR;
const a4MonoCheap = TEST_A4_MONO_OUTRIGHT;

function machine(product: Product): CheckerMachine {
  const found = checkerMachineOf(product, TEST_TERMS);
  if (!found.machine) throw new Error(found.problem);
  return found.machine;
}

/** Leased at £270 and a CPC of £450 a quarter, 15,000 mono and 3,000 colour pages a quarter (5,000 and 1,000 a month). */
function leaseExample(): SavingsAnswers {
  return {
    ...defaultSavingsAnswers(),
    entryMode: 'itemised',
    purchaseMethod: 'lease',
    howIsEquipmentSupported: 'cpc',
    equipmentIsInsured: false,
    tonerDeliveryPaidFor: false,
    networkSupportPaidFor: false,
    payOtherCharges: false,
    leasePricePerPeriod: { value: 27_000, periodInMonths: 3 },
    cpcPricePerPeriod: { value: 45_000, periodInMonths: 3 },
    blackAndWhiteVolume: { value: 15_000, periodInMonths: 3 },
    colourVolume: { value: 3_000, periodInMonths: 3 },
  };
}

describe('the machine asked for', () => {
  it('reads a modelId from the query, lower case, and nothing that cannot be one', () => {
    expect(readCheckerMachineId(' CanonImageRunnerAdvanceDXC5840i ')).toBe('canonimagerunneradvancedxc5840i');
    expect(readCheckerMachineId('../etc/passwd')).toBeNull();
    expect(readCheckerMachineId('a'.repeat(121))).toBeNull();
    expect(readCheckerMachineId(['x'])).toBeNull();
    expect(readCheckerMachineId('')).toBeNull();
  });

  it('takes its rental per month and its own prices; an outright-only machine its price', () => {
    expect(machine(a3Colour)).toEqual({
      modelId: 'canonimagerunneradvancedxc5840i',
      brand: 'Canon',
      model: 'imageRUNNER ADVANCE DX C5840i',
      path: '/printers/multifunctionals/canon/imagerunner-advance-dx-c5840i',
      rates: { mono: 0.52, colour: 4 },
      rentalPence: 13_800,
      purchasePence: null,
    });
    expect(machine(a4MonoCheap)).toMatchObject({ rentalPence: null, purchasePence: 30_000, rates: { mono: 1.2, colour: null } });
  });

  it('refuses an unknown, inactive or non-printing product', () => {
    expect(checkerMachineOf(null, TEST_TERMS)).toEqual({ machine: null, problem: 'unknown' });
    expect(checkerMachineOf({ ...a3Colour, isActive: 0 }, TEST_TERMS)).toEqual({ machine: null, problem: 'inactive' });
    const scanner = {
      ...a3Colour,
      productCategory: 'desktop-workgroup-scanners',
      price: { startingFrom: 50000, '60MonthLeasePrice': null },
    };
    expect(checkerMachineOf(scanner, TEST_TERMS)).toEqual({ machine: null, problem: 'prints-nothing' });
  });

  it("words the machine's side with its own prices, never 'from', and the default side with 'from'", () => {
    expect(checkerMachineWords(machine(a3Colour))).toBe(
      'Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT)',
    );
    expect(checkerMachineWords(machine(a4MonoCheap))).toBe(
      'Brother HL-L5210DN, sold outright at £300.00 (no lease) and 1.2p a page, mono only (A4, ex VAT)',
    );
    expect(copytechRatesWords(TEST_TERMS, machine(a3Colour))).not.toMatch(/\bfrom\b/);
    expect(copytechRatesWords(TEST_TERMS, null)).toMatch(
      /^Copytech's side uses its lowest prices per page, which only its fastest office machines have: from 0\.39p a mono page and from 3\.3p/,
    );
  });
});

describe('the savings with a machine as Copytech’s side', () => {
  it("puts its rental in place of today's equipment and prices the pages at its own prices", () => {
    // Today 9,000 + 15,000 = 24,000p a month. Copytech: rental 13,800 + 5,000 x 0.52 + 1,000 x 4 = 13,800 + 6,600 = 20,400p.
    const result = calculateSavings(leaseExample(), TEST_TERMS, machine(a3Colour));
    expect(result.copytech.partsPerMonth).toEqual({ equipment: 13_800, printService: 6_600, otherCharges: 0 });
    expect(result.copytech.perMonth).toBe(20_400);
    expect(result.savings).toMatchObject({ perMonth: 3_600, perYear: 43_200, percent: 15 });
    // Costs per page weigh a colour page by the machine's own ratio, 4 / 0.52: k = 20,400 / 6,600.
    expect(result.copytech.perPage).toEqual({ mono: 1.61, colour: 12.36 });
    expect(result.machine?.modelId).toBe('canonimagerunneradvancedxc5840i');
    expect(result.assumptions[0]).toBe(
      "Copytech's side is the Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT). The figures use its own prices per page for the same pages you print today.",
    );
    expect(result.assumptions.join(' ')).toContain('rental of £138.00 a month in place of your equipment costs');
  });

  it('differs from the "from" prices, which keep today’s equipment', () => {
    const from = calculateSavings(leaseExample(), TEST_TERMS);
    expect(from.copytech.partsPerMonth).toEqual({ equipment: 9_000, printService: 5_250, otherCharges: 0 });
    expect(from.machine).toBeNull();
  });

  it('prints every page in mono on a mono machine, and says an outright price is on top', () => {
    // 6,000 pages a month x 1.2p = 7,200p, no equipment in Copytech's column.
    const result = calculateSavings(leaseExample(), TEST_TERMS, machine(a4MonoCheap));
    expect(result.copytech.partsPerMonth).toEqual({ equipment: 0, printService: 7_200, otherCharges: 0 });
    expect(result.copytech.perPage.colour).toBeNull();
    expect(result.assumptions.join(' ')).toContain('sold outright at £300.00 ex VAT, not leased: that price is on top');
    expect(result.assumptions.join(' ')).toContain('prints in mono only: your colour pages are counted as mono pages');
  });

  it('bills at least the minimum charge for few pages', () => {
    const few = {
      ...leaseExample(),
      blackAndWhiteVolume: { value: 300, periodInMonths: 3 },
      colourVolume: { value: 0, periodInMonths: 3 },
    };
    const result = calculateSavings(few, TEST_TERMS, machine(a3Colour));
    expect(result.minimumApplies).toBe(true);
    expect(result.copytech.partsPerMonth.printService).toBe(1_500);
  });
});

describe('the modelIds the checker takes', () => {
  it("keeps the catalogue's own characters, + _ ( ), and refuses any other", () => {
    expect(readCheckerMachineId('hp_laserjet+m501(dn)')).toBe('hp_laserjet+m501(dn)');
    expect(readCheckerMachineId('canon c5840i')).toBeNull();
    expect(readCheckerMachineId('canon-c5840i')).toBeNull();
    expect(readCheckerMachineId('xerox.c8000')).toBeNull();
    expect(readCheckerMachineId('x\ny')).toBeNull();
  });
  it('takes one to 120 characters, the whole value only', () => {
    expect(readCheckerMachineId('a')).toBe('a');
    expect(readCheckerMachineId('a'.repeat(120))).toBe('a'.repeat(120));
    expect(readCheckerMachineId('ok/../x')).toBeNull();
    expect(readCheckerMachineId('/ok')).toBeNull();
    expect(readCheckerMachineId('ok/')).toBeNull();
    expect(readCheckerMachineId('   ')).toBeNull();
    expect(readCheckerMachineId(42)).toBeNull();
    expect(readCheckerMachineId(null)).toBeNull();
  });
});

describe("which products can be Copytech's side", () => {
  it('takes an active product however the API marks it (true or 1), and no other', () => {
    expect(checkerMachineOf({ ...a3Colour, isActive: true }, TEST_TERMS).problem).toBeNull();
    expect(checkerMachineOf({ ...a3Colour, isActive: 1 }, TEST_TERMS).problem).toBeNull();
    expect(checkerMachineOf({ ...a3Colour, isActive: false }, TEST_TERMS)).toEqual({ machine: null, problem: 'inactive' });
    const unmarked = { ...a3Colour, isActive: undefined } as unknown as Product;
    expect(checkerMachineOf(unmarked, TEST_TERMS)).toEqual({ machine: null, problem: 'inactive' });
  });
  it('knows no product without a modelId', () => {
    expect(checkerMachineOf(undefined, TEST_TERMS)).toEqual({ machine: null, problem: 'unknown' });
    const noId = { ...a3Colour, modelId: undefined } as unknown as Product;
    expect(checkerMachineOf(noId, TEST_TERMS)).toEqual({ machine: null, problem: 'unknown' });
  });
  it('says why a machine asked for cannot be used, word for word', () => {
    expect(CHECKER_MACHINE_PROBLEMS).toEqual({
      unknown: 'We could not find that machine, so the figures use a machine that fits what you print.',
      inactive: 'That machine is no longer offered, so the figures use a machine that fits what you print.',
      'prints-nothing': 'That machine prints nothing, so it has no prices per page: the figures use a machine that fits what you print.',
    });
  });
});

describe("the machine's side in words", () => {
  it('gives its prices per page short: mono and colour, or mono only', () => {
    expect(machineRatesShortWords({ mono: 0.52, colour: 4 })).toBe('0.52p / 4p a page');
    expect(machineRatesShortWords({ mono: 1.2, colour: null })).toBe('1.2p a page, mono only');
  });
  it('says a machine sold outright with no known price without a price', () => {
    const noPrice: CheckerMachine = { ...machine(a4MonoCheap), purchasePence: null };
    expect(checkerMachineWords(noPrice)).toBe('Brother HL-L5210DN, sold outright (no lease) and 1.2p a page, mono only (A4, ex VAT)');
  });
  it("gives Copytech's side in one sentence, with a machine and without", () => {
    expect(copytechRatesWords(TEST_TERMS, machine(a3Colour))).toBe(
      "Copytech's side is the Canon imageRUNNER ADVANCE DX C5840i, rental £138.00 a month and 0.52p / 4p a page (A4, ex VAT).",
    );
    expect(copytechRatesWords(TEST_TERMS, null)).toBe(
      "Copytech's side uses its lowest prices per page, which only its fastest office machines have: from 0.39p a mono page and from 3.3p a colour page (A4, ex VAT) on office machines (A4 and A3 multifunctionals and printers); every machine's own prices per page are on its page.",
    );
  });
});

describe('what the machine changes in the assumptions', () => {
  it('puts a rental in place of the equipment costs, or, on the bill path, says the bill leaves the machine out', () => {
    expect(machineAssumptions(machine(a3Colour), false)).toEqual([
      "Copytech's column has the Canon imageRUNNER ADVANCE DX C5840i's rental of £138.00 a month in place of your equipment costs.",
    ]);
    expect(machineAssumptions(machine(a3Colour), true)).toEqual([
      "Copytech's column includes the Canon imageRUNNER ADVANCE DX C5840i's rental of £138.00 a month, while your bill leaves out what you pay for your own machine: add that to today's figures to compare like with like.",
    ]);
  });
  it('says an outright price is on top, and a mono machine counts colour pages as mono, on either path', () => {
    const expected = [
      "The Brother HL-L5210DN is sold outright at £300.00 ex VAT, not leased: that price is on top of Copytech's column, which has no equipment cost.",
      'The Brother HL-L5210DN prints in mono only: your colour pages are counted as mono pages at its mono price.',
    ];
    expect(machineAssumptions(machine(a4MonoCheap), false)).toEqual(expected);
    expect(machineAssumptions(machine(a4MonoCheap), true)).toEqual(expected);
  });
  it('leaves the price out when it is not known', () => {
    expect(machineAssumptions({ ...machine(a3Colour), rentalPence: null, purchasePence: null }, false)).toEqual([
      "The Canon imageRUNNER ADVANCE DX C5840i is sold outright, not leased: that price is on top of Copytech's column, which has no equipment cost.",
    ]);
  });
});
