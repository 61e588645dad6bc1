/** Where a CMS form posts without JavaScript: its own page (docs/product-rules.md "Forms without JavaScript"). */
import { contentPagePaths } from '@copytech/shared/domain';
import { usePageInfo } from '../pages/PageContext';

/** The path of the CMS page the form is on, or null outside one. */
export function useFormPagePath(): string | null {
  const info = usePageInfo();
  if (!info) return null;
  if (info.kind === 'service') return `/services/${info.slug}`;
  return contentPagePaths().find((page) => page.slug === info.slug)?.path ?? null;
}
