/** Which page a block is on, for the few blocks that adapt to it (a service page's prose gets an aside). */
import { createContext, useContext } from 'react';

export interface PageInfo {
  slug: string;
  kind: 'page' | 'service';
  title: string;
}

export const PageContext = createContext<PageInfo | null>(null);

export function usePageInfo(): PageInfo | null {
  return useContext(PageContext);
}
