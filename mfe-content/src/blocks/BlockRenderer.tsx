/**
 * The one block renderer: each CMS block type is a small component. A block of a type this
 * build does not know is skipped and logged (a newer CMS never breaks an older remote), and a
 * block that throws while rendering is isolated by its own boundary: skipped and logged, while
 * the rest of the page stands.
 */
import { Component, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import type { ContentBlock, ContentBlockType } from '@copytech/shared/domain';
import { ContactDetails } from './ContactDetails';
import { CtaBand } from './CtaBand';
import { Faq } from './Faq';
import { FeatureGrid } from './FeatureGrid';
import { FeaturedProducts } from './FeaturedProducts';
import { FormBlock } from './FormBlock';
import { Hero } from './Hero';
import { RetentionTable, StorageTable } from './LazyPolicyTables';
import { RecentPosts } from './RecentPosts';
import { RichText } from './RichText';
import { Steps } from './Steps';
import { Testimonials } from './Testimonials';
import type { BlockProps } from './types';
import styles from './BlockRenderer.module.css';

type BlockComponents = { [T in ContentBlockType]: ComponentType<BlockProps<T>> };

export const BLOCK_COMPONENTS: BlockComponents = {
  hero: Hero,
  richText: RichText,
  featureGrid: FeatureGrid,
  steps: Steps,
  faq: Faq,
  testimonials: Testimonials,
  ctaBand: CtaBand,
  contactDetails: ContactDetails,
  recentPosts: RecentPosts,
  featuredProducts: FeaturedProducts,
  form: FormBlock,
  retentionTable: RetentionTable,
  storageTable: StorageTable,
};

function isKnownBlock(block: unknown): block is ContentBlock {
  const type = (block as { type?: unknown } | null)?.type;
  return typeof type === 'string' && Object.prototype.hasOwnProperty.call(BLOCK_COMPONENTS, type);
}

class BlockBoundary extends Component<{ type: string; index: number; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: Error, _info: ErrorInfo): void {
    console.error(`[content] block ${this.props.index} (${this.props.type}) failed to render and was skipped:`, error.message);
  }

  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}

/** A form and the contact details beside it read as one part of the page: side by side on wide screens. */
const PAIRED = new Set<ContentBlockType>(['form', 'contactDetails']);

type Placed = { block: ContentBlock; index: number };
type Row = { kind: 'single'; item: Placed } | { kind: 'pair'; items: [Placed, Placed] };

function rowsOf(blocks: readonly unknown[], slug: string): Row[] {
  const known: Placed[] = [];
  blocks.forEach((block, index) => {
    if (isKnownBlock(block)) known.push({ block, index });
    else {
      const type = (block as { type?: unknown } | null)?.type;
      console.warn(`[content] unknown block type ${JSON.stringify(type ?? null)} on page '${slug}' was skipped`);
    }
  });
  const rows: Row[] = [];
  for (let i = 0; i < known.length; i += 1) {
    const item = known[i]!;
    const next = known[i + 1];
    if (next && PAIRED.has(item.block.type) && PAIRED.has(next.block.type) && item.block.type !== next.block.type) {
      rows.push({ kind: 'pair', items: [item, next] });
      i += 1;
    } else rows.push({ kind: 'single', item });
  }
  return rows;
}

export function BlockRenderer({ blocks, slug }: { blocks: readonly unknown[]; slug: string }) {
  const firstHero = blocks.findIndex((block) => isKnownBlock(block) && block.type === 'hero');
  const render = ({ block, index }: Placed) => {
    const Block = BLOCK_COMPONENTS[block.type] as ComponentType<BlockProps<typeof block.type>>;
    return (
      <BlockBoundary key={`${block.type}-${index}`} type={block.type} index={index}>
        <Block block={block} primary={index === firstHero} slug={slug} />
      </BlockBoundary>
    );
  };
  return (
    <>
      {rowsOf(blocks, slug).map((row) =>
        row.kind === 'single' ? (
          render(row.item)
        ) : (
          <div key={`pair-${row.items[0].index}`} className={styles.pair} data-first={row.items[0].block.type}>
            {row.items.map(render)}
          </div>
        ),
      )}
    </>
  );
}

export { isKnownBlock };
