import type { ContentBlock, ContentBlockType } from '@copytech/shared/domain';

export type BlockOf<T extends ContentBlockType> = Extract<ContentBlock, { type: T }>;

export interface BlockProps<T extends ContentBlockType> {
  block: BlockOf<T>;
  /** True for the page's first hero: the one h1 of the page. */
  primary: boolean;
  /** The page this block is on, e.g. for a form's analytics or a link's context. */
  slug: string;
}
