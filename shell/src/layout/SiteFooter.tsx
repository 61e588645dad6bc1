import { COMPANY } from '@copytech/shared';

export function SiteFooter() {
  return (
    <footer>
      <address>{COMPANY.address.join(', ')}</address>
      <p>© {new Date().getFullYear()} {COMPANY.legalName}</p>
    </footer>
  );
}
