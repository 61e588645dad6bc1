import { COMPANY, CREDIT_BROKER_DISCLOSURE, companyRegistrationLine } from './company';

/** HMRC's check of a nine-digit GB VAT number: weights 8..2 on the first seven digits plus the last two, 0 or 55 off a multiple of 97. */
function vatCheckSumHolds(vat: string): boolean {
  const digits = vat.replace(/^GB/, '').replace(/\s+/g, '');
  if (!/^\d{9}$/.test(digits)) return false;
  const weighted = [...digits.slice(0, 7)].reduce((sum, d, i) => sum + Number(d) * (8 - i), 0) + Number(digits.slice(7));
  return weighted % 97 === 0 || (weighted + 55) % 97 === 0;
}

describe('who we are', () => {
  it('has a Companies House number of eight digits and a VAT number that passes the GB check', () => {
    expect(COMPANY.companyNumber).toMatch(/^\d{8}$/);
    expect(vatCheckSumHolds(COMPANY.vatNumber)).toBe(true);
    expect(vatCheckSumHolds('GB 214 5689 57')).toBe(false);
  });

  it('says in one line the legal name, where it is registered, its number, registered office and VAT number', () => {
    const line = companyRegistrationLine();
    expect(line).toBe(
      'Copytech (UK) Ltd. Registered in England and Wales, company number 09456213. Registered office: Unit 4, Meridian Business Park, Leicester, LE19 1WX. VAT number GB 214 5689 56.',
    );
  });

  it('discloses that leases are arranged as a credit broker, not a lender, with the FCA reference', () => {
    expect(CREDIT_BROKER_DISCLOSURE).toContain('credit broker, not a lender');
    expect(CREDIT_BROKER_DISCLOSURE).toContain(`firm reference number ${COMPANY.fcaFirmReference}`);
    expect(CREDIT_BROKER_DISCLOSURE).toMatch(/commission/);
  });
});
